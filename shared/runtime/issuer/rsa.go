package issuer

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// RSASigner signs with an RSA private key held in memory: the local stand-in for the KMS key.
type RSASigner struct {
	key *rsa.PrivateKey
}

var _ Signer = (*RSASigner)(nil)

// NewRSASigner returns a signer of key.
func NewRSASigner(key *rsa.PrivateKey) *RSASigner { return &RSASigner{key: key} }

// PublicKey returns the key's public half.
func (s *RSASigner) PublicKey() *rsa.PublicKey { return &s.key.PublicKey }

// SignDigest signs a SHA-256 digest with RSASSA-PKCS1-v1_5.
func (s *RSASigner) SignDigest(_ context.Context, digest []byte) ([]byte, error) {
	if len(digest) != sha256.Size {
		return nil, fmt.Errorf("digest of %d bytes is not a SHA-256 digest", len(digest))
	}
	return rsa.SignPKCS1v15(rand.Reader, s.key, crypto.SHA256, digest)
}

// LoadOrCreateKey returns the RSA private key in the PEM file at path, creating a 2048-bit key
// there (readable by the owner only) the first time.
func LoadOrCreateKey(path string) (*rsa.PrivateKey, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		return ParsePrivateKey(b)
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read issuer key: %w", err)
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("generate issuer key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("encode issuer key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return nil, fmt.Errorf("write issuer key: %w", err)
	}
	return key, nil
}

// ParsePrivateKey parses a PEM RSA private key (PKCS #8 or PKCS #1).
func ParsePrivateKey(pemBytes []byte) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil, errors.New("no PEM block in the key")
	}
	if block.Type == "RSA PRIVATE KEY" {
		return x509.ParsePKCS1PrivateKey(block.Bytes)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse private key: %w", err)
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, errors.New("the private key is not an RSA key")
	}
	return rk, nil
}

// ParsePublicKey parses a PEM RSA public key (PKIX "PUBLIC KEY" or PKCS #1 "RSA PUBLIC KEY").
func ParsePublicKey(pemBytes []byte) (*rsa.PublicKey, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil, errors.New("no PEM block in the key")
	}
	if block.Type == "RSA PUBLIC KEY" {
		return x509.ParsePKCS1PublicKey(block.Bytes)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse public key: %w", err)
	}
	rk, ok := k.(*rsa.PublicKey)
	if !ok {
		return nil, errors.New("the public key is not an RSA key")
	}
	return rk, nil
}

// PublicKeyPEM encodes an RSA public key as a PKIX "PUBLIC KEY" PEM block.
func PublicKeyPEM(pub *rsa.PublicKey) (string, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "", err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), nil
}
