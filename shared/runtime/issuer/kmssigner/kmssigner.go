// Package kmssigner signs CXM's access tokens with an asymmetric AWS KMS key (key spec RSA_2048
// or larger, key usage SIGN_VERIFY): the private key never leaves KMS. It is the Signer the
// token service uses in AWS; locally an RSA key file stands in for it.
package kmssigner

import (
	"context"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/aws/aws-sdk-go-v2/service/kms/types"
	"github.com/cxm/cxm/shared/runtime/issuer"
)

// API is the part of the KMS client the signer uses; *kms.Client implements it.
type API interface {
	GetPublicKey(ctx context.Context, in *kms.GetPublicKeyInput, opts ...func(*kms.Options)) (*kms.GetPublicKeyOutput, error)
	Sign(ctx context.Context, in *kms.SignInput, opts ...func(*kms.Options)) (*kms.SignOutput, error)
}

var _ API = (*kms.Client)(nil)

// Signer signs SHA-256 digests with RSASSA_PKCS1_V1_5_SHA_256 on a KMS key.
type Signer struct {
	client API
	keyID  string
	pub    *rsa.PublicKey
}

var _ issuer.Signer = (*Signer)(nil)

// New reads the public key of keyID (a key id, ARN or alias) once and returns its signer. A key
// that is not an RSA signing key able to sign with RSASSA_PKCS1_V1_5_SHA_256 is an error.
func New(ctx context.Context, client API, keyID string) (*Signer, error) {
	if keyID == "" {
		return nil, errors.New("kms signer: no key id")
	}
	out, err := client.GetPublicKey(ctx, &kms.GetPublicKeyInput{KeyId: aws.String(keyID)})
	if err != nil {
		return nil, fmt.Errorf("kms signer: get public key of %s: %w", keyID, err)
	}
	if out.KeyUsage != types.KeyUsageTypeSignVerify {
		return nil, fmt.Errorf("kms signer: key %s has usage %s, not SIGN_VERIFY", keyID, out.KeyUsage)
	}
	supported := false
	for _, alg := range out.SigningAlgorithms {
		supported = supported || alg == types.SigningAlgorithmSpecRsassaPkcs1V15Sha256
	}
	if !supported {
		return nil, fmt.Errorf("kms signer: key %s cannot sign with RSASSA_PKCS1_V1_5_SHA_256", keyID)
	}
	k, err := x509.ParsePKIXPublicKey(out.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("kms signer: parse public key of %s: %w", keyID, err)
	}
	pub, ok := k.(*rsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("kms signer: key %s is not an RSA key", keyID)
	}
	return &Signer{client: client, keyID: keyID, pub: pub}, nil
}

// PublicKey returns the KMS key's public key.
func (s *Signer) PublicKey() *rsa.PublicKey { return s.pub }

// SignDigest signs a SHA-256 digest in KMS.
func (s *Signer) SignDigest(ctx context.Context, digest []byte) ([]byte, error) {
	if len(digest) != sha256.Size {
		return nil, fmt.Errorf("digest of %d bytes is not a SHA-256 digest", len(digest))
	}
	out, err := s.client.Sign(ctx, &kms.SignInput{
		KeyId:            aws.String(s.keyID),
		Message:          digest,
		MessageType:      types.MessageTypeDigest,
		SigningAlgorithm: types.SigningAlgorithmSpecRsassaPkcs1V15Sha256,
	})
	if err != nil {
		return nil, fmt.Errorf("kms sign with %s: %w", s.keyID, err)
	}
	return out.Signature, nil
}
