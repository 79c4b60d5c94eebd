package kmssigner_test

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/aws/aws-sdk-go-v2/service/kms/types"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/issuer/kmssigner"
	"github.com/golang-jwt/jwt/v5"
)

// fakeKMS is a KMS client of function fields.
type fakeKMS struct {
	getPublicKey func(*kms.GetPublicKeyInput) (*kms.GetPublicKeyOutput, error)
	sign         func(*kms.SignInput) (*kms.SignOutput, error)
}

var _ kmssigner.API = (*fakeKMS)(nil)

func (f *fakeKMS) GetPublicKey(_ context.Context, in *kms.GetPublicKeyInput, _ ...func(*kms.Options)) (*kms.GetPublicKeyOutput, error) {
	return f.getPublicKey(in)
}

func (f *fakeKMS) Sign(_ context.Context, in *kms.SignInput, _ ...func(*kms.Options)) (*kms.SignOutput, error) {
	return f.sign(in)
}

// keyKMS behaves as KMS does for one RSA signing key.
func keyKMS(t *testing.T, key *rsa.PrivateKey, usage types.KeyUsageType) *fakeKMS {
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return &fakeKMS{
		getPublicKey: func(*kms.GetPublicKeyInput) (*kms.GetPublicKeyOutput, error) {
			return &kms.GetPublicKeyOutput{
				PublicKey: der, KeyUsage: usage, KeySpec: types.KeySpecRsa2048,
				SigningAlgorithms: []types.SigningAlgorithmSpec{types.SigningAlgorithmSpecRsassaPssSha256, types.SigningAlgorithmSpecRsassaPkcs1V15Sha256},
			}, nil
		},
		sign: func(in *kms.SignInput) (*kms.SignOutput, error) {
			if in.MessageType != types.MessageTypeDigest || in.SigningAlgorithm != types.SigningAlgorithmSpecRsassaPkcs1V15Sha256 {
				return nil, errors.New("unexpected sign input")
			}
			sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, in.Message)
			return &kms.SignOutput{Signature: sig}, err
		},
	}
}

func TestSigner(t *testing.T) {
	t.Parallel()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	t.Run("signs tokens that verify with its public key", func(t *testing.T) {
		s, err := kmssigner.New(ctx, keyKMS(t, key, types.KeyUsageTypeSignVerify), "alias/cxm-issuer")
		if err != nil {
			t.Fatal(err)
		}
		iss, err := issuer.New("https://api.example.test/auth", s)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, time.November, 20, 16, 0, 0, 0, time.UTC)
		tok, _, err := iss.Issue(ctx, issuer.Grant{Subject: "s", ClientID: issuer.ImpersonationClient, IssuedAt: now, ExpiresAt: now.Add(time.Minute), AuthTime: now})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := jwt.Parse(tok, func(*jwt.Token) (any, error) { return &key.PublicKey, nil }, jwt.WithValidMethods([]string{"RS256"}), jwt.WithTimeFunc(func() time.Time { return now })); err != nil {
			t.Errorf("token does not verify: %v", err)
		}
	})

	tests := []struct {
		name string
		kms  *fakeKMS
	}{
		{"encryption key", keyKMS(t, key, types.KeyUsageTypeEncryptDecrypt)},
		{"get public key fails", &fakeKMS{getPublicKey: func(*kms.GetPublicKeyInput) (*kms.GetPublicKeyOutput, error) {
			return nil, errors.New("AccessDeniedException")
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := kmssigner.New(ctx, tt.kms, "k"); err == nil {
				t.Error("New succeeded, want an error")
			}
		})
	}

	t.Run("a key that signs with another key is caught", func(t *testing.T) {
		other, _ := rsa.GenerateKey(rand.Reader, 2048)
		f := keyKMS(t, key, types.KeyUsageTypeSignVerify)
		f.sign = keyKMS(t, other, types.KeyUsageTypeSignVerify).sign
		s, err := kmssigner.New(ctx, f, "k")
		if err != nil {
			t.Fatal(err)
		}
		iss, _ := issuer.New("https://api.example.test/auth", s)
		now := time.Date(2026, time.November, 20, 16, 0, 0, 0, time.UTC)
		if _, _, err := iss.Issue(ctx, issuer.Grant{Subject: "s", ClientID: "c", IssuedAt: now, ExpiresAt: now.Add(time.Minute)}); err == nil {
			t.Error("Issue succeeded with a mismatched key")
		}
	})
}
