package fieldcrypt

import (
	"context"
	"crypto/cipher"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/aws/aws-sdk-go-v2/service/kms/types"
)

// KMSAPI is the part of the KMS client the envelope encrypter uses; *kms.Client implements it.
type KMSAPI interface {
	GenerateDataKey(ctx context.Context, in *kms.GenerateDataKeyInput, opts ...func(*kms.Options)) (*kms.GenerateDataKeyOutput, error)
	Decrypt(ctx context.Context, in *kms.DecryptInput, opts ...func(*kms.Options)) (*kms.DecryptOutput, error)
}

var _ KMSAPI = (*kms.Client)(nil)

// kmsContext is the KMS encryption context of every data key: it binds the wrapped keys to
// their use, and CloudTrail shows it with each Decrypt.
var kmsContext = map[string]string{"purpose": "cxm-sensitive-fields"}

// maxCachedKeys bounds the unwrapped data keys kept in memory.
const maxCachedKeys = 256

// KMS encrypts under a data key that a KMS key wraps (envelope encryption). The process asks
// KMS for one data key when it first encrypts and reuses it; each ciphertext carries its
// wrapped data key, and the data keys KMS unwrapped for decrypting are kept in memory.
type KMS struct {
	client KMSAPI
	keyID  string

	mu      sync.Mutex
	current *dataKey
	opened  map[string]cipher.AEAD
}

var _ Encrypter = (*KMS)(nil)

type dataKey struct {
	wrapped []byte
	aead    cipher.AEAD
}

// NewKMS returns an envelope encrypter on the KMS key keyID (a key id, ARN or alias). It makes
// no call before the first Encrypt or Decrypt.
func NewKMS(client KMSAPI, keyID string) (*KMS, error) {
	if keyID == "" {
		return nil, fmt.Errorf("fieldcrypt: no KMS key id")
	}
	return &KMS{client: client, keyID: keyID, opened: map[string]cipher.AEAD{}}, nil
}

func (k *KMS) dataKey(ctx context.Context) (*dataKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.current != nil {
		return k.current, nil
	}
	out, err := k.client.GenerateDataKey(ctx, &kms.GenerateDataKeyInput{
		KeyId:             aws.String(k.keyID),
		KeySpec:           types.DataKeySpecAes256,
		EncryptionContext: kmsContext,
	})
	if err != nil {
		return nil, fmt.Errorf("fieldcrypt: generate data key: %w", err)
	}
	aead, err := newGCM(out.Plaintext)
	clear(out.Plaintext)
	if err != nil {
		return nil, err
	}
	if len(out.CiphertextBlob) == 0 || len(out.CiphertextBlob) > 0xffff {
		return nil, fmt.Errorf("fieldcrypt: wrapped data key of %d bytes", len(out.CiphertextBlob))
	}
	k.current = &dataKey{wrapped: out.CiphertextBlob, aead: aead}
	k.opened[string(out.CiphertextBlob)] = aead
	return k.current, nil
}

// Encrypt returns "k1:" followed by the base64url wrapped data key (with its length), nonce
// and sealed value.
func (k *KMS) Encrypt(ctx context.Context, plaintext, aad string) (string, error) {
	dk, err := k.dataKey(ctx)
	if err != nil {
		return "", err
	}
	sealed := seal(dk.aead, plaintext, aad)
	raw := make([]byte, 2, 2+len(dk.wrapped)+len(sealed))
	binary.BigEndian.PutUint16(raw, uint16(len(dk.wrapped)))
	raw = append(append(raw, dk.wrapped...), sealed...)
	return kmsTag + base64.RawURLEncoding.EncodeToString(raw), nil
}

// Decrypt opens a ciphertext of Encrypt, asking KMS to unwrap its data key unless it is in
// memory already. KMS refusing to unwrap (another key, a wrong context) is ErrUndecryptable;
// KMS being unreachable is another error.
func (k *KMS) Decrypt(ctx context.Context, ciphertext, aad string) (string, error) {
	body, ok := strings.CutPrefix(ciphertext, kmsTag)
	if !ok {
		return "", ErrUndecryptable
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || len(raw) < 2 {
		return "", ErrUndecryptable
	}
	n := int(binary.BigEndian.Uint16(raw))
	if len(raw) < 2+n {
		return "", ErrUndecryptable
	}
	wrapped, sealed := raw[2:2+n], raw[2+n:]
	aead, err := k.unwrap(ctx, wrapped)
	if err != nil {
		return "", err
	}
	return open(aead, sealed, aad)
}

func (k *KMS) unwrap(ctx context.Context, wrapped []byte) (cipher.AEAD, error) {
	k.mu.Lock()
	aead, ok := k.opened[string(wrapped)]
	k.mu.Unlock()
	if ok {
		return aead, nil
	}
	out, err := k.client.Decrypt(ctx, &kms.DecryptInput{
		CiphertextBlob:    wrapped,
		KeyId:             aws.String(k.keyID),
		EncryptionContext: kmsContext,
	})
	if err != nil {
		var invalid *types.InvalidCiphertextException
		var incorrect *types.IncorrectKeyException
		if errors.As(err, &invalid) || errors.As(err, &incorrect) {
			return nil, ErrUndecryptable
		}
		return nil, fmt.Errorf("fieldcrypt: unwrap data key: %w", err)
	}
	aead, err = newGCM(out.Plaintext)
	clear(out.Plaintext)
	if err != nil {
		return nil, ErrUndecryptable
	}
	k.mu.Lock()
	if len(k.opened) >= maxCachedKeys {
		k.opened = map[string]cipher.AEAD{}
		if k.current != nil {
			k.opened[string(k.current.wrapped)] = k.current.aead
		}
	}
	k.opened[string(wrapped)] = aead
	k.mu.Unlock()
	return aead, nil
}
