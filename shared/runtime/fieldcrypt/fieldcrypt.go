// Package fieldcrypt encrypts sensitive fields (social security, driver licence and bank
// numbers) in the application before they are written to the table, with a key kept outside
// the table: a KMS key in AWS (envelope encryption under a data key), a key file locally.
//
// Every ciphertext is bound to a context string (the tenant, the record and the field), so a
// ciphertext copied to another record or field does not decrypt. Ciphertexts are printable
// text starting with a scheme tag: "l1:" for the local key, "k1:" for KMS envelopes.
package fieldcrypt

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Encrypter encrypts and decrypts field values.
type Encrypter interface {
	// Encrypt returns the ciphertext of plaintext bound to aad. It fails only when the key is
	// unavailable (KMS unreachable or refusing).
	Encrypt(ctx context.Context, plaintext, aad string) (string, error)
	// Decrypt returns the plaintext of a ciphertext Encrypt returned for the same aad. A
	// ciphertext that was altered, that is bound to another aad, or that another key made is
	// an ErrUndecryptable error.
	Decrypt(ctx context.Context, ciphertext, aad string) (string, error)
}

// ErrUndecryptable is the error for a ciphertext this key cannot open.
var ErrUndecryptable = errors.New("fieldcrypt: the value cannot be decrypted with this key")

// IsCiphertext reports whether s has the shape of a ciphertext of this package.
func IsCiphertext(s string) bool {
	return strings.HasPrefix(s, localTag) || strings.HasPrefix(s, kmsTag)
}

const (
	localTag = "l1:"
	kmsTag   = "k1:"
	// KeySize is the size of a local key and of a data key: AES-256.
	KeySize = 32
)

// Local encrypts with AES-256-GCM under a key held in memory.
type Local struct {
	aead cipher.AEAD
}

var _ Encrypter = (*Local)(nil)

// NewLocal returns an encrypter with key, which must be KeySize bytes.
func NewLocal(key []byte) (*Local, error) {
	aead, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	return &Local{aead: aead}, nil
}

// NewRandom returns an encrypter with a fresh random key, for tests and benchmarks: what it
// encrypts cannot be decrypted by another process.
func NewRandom() *Local {
	key := make([]byte, KeySize)
	rand.Read(key)
	l, _ := NewLocal(key)
	return l
}

func newGCM(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("fieldcrypt: key of %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("fieldcrypt: %w", err)
	}
	return cipher.NewGCM(block)
}

// Encrypt returns "l1:" followed by the base64url nonce and sealed value.
func (l *Local) Encrypt(_ context.Context, plaintext, aad string) (string, error) {
	return localTag + base64.RawURLEncoding.EncodeToString(seal(l.aead, plaintext, aad)), nil
}

// Decrypt opens a ciphertext of Encrypt.
func (l *Local) Decrypt(_ context.Context, ciphertext, aad string) (string, error) {
	body, ok := strings.CutPrefix(ciphertext, localTag)
	if !ok {
		return "", ErrUndecryptable
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return "", ErrUndecryptable
	}
	return open(l.aead, raw, aad)
}

func seal(aead cipher.AEAD, plaintext, aad string) []byte {
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plaintext)+aead.Overhead())
	rand.Read(nonce)
	return aead.Seal(nonce, nonce, []byte(plaintext), []byte(aad))
}

func open(aead cipher.AEAD, raw []byte, aad string) (string, error) {
	if len(raw) < aead.NonceSize()+aead.Overhead() {
		return "", ErrUndecryptable
	}
	n := aead.NonceSize()
	plain, err := aead.Open(nil, raw[:n], raw[n:], []byte(aad))
	if err != nil {
		return "", ErrUndecryptable
	}
	return string(plain), nil
}

// LoadOrCreateKeyFile returns the local key stored hex-encoded at path, creating the file
// (mode 0600, its folder 0700) with a new random key when it does not exist. A file that
// exists but does not hold a key is an error: replacing it would make every value encrypted
// with the old key unreadable.
func LoadOrCreateKeyFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		key, err := hex.DecodeString(strings.TrimSpace(string(b)))
		if err != nil || len(key) != KeySize {
			return nil, fmt.Errorf("fieldcrypt: %s does not hold a %d-byte hex key", path, KeySize)
		}
		return key, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("fieldcrypt: read key: %w", err)
	}
	key := make([]byte, KeySize)
	rand.Read(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("fieldcrypt: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("fieldcrypt: create key: %w", err)
	}
	if _, err := f.WriteString(hex.EncodeToString(key)); err != nil {
		f.Close()
		return nil, fmt.Errorf("fieldcrypt: write key: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("fieldcrypt: write key: %w", err)
	}
	return key, nil
}
