package issuer_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/golang-jwt/jwt/v5"
	"github.com/google/go-cmp/cmp"
)

func TestIssue(t *testing.T) {
	t.Parallel()
	key, err := issuer.LoadOrCreateKey(filepath.Join(t.TempDir(), "keys", "issuer.pem"))
	if err != nil {
		t.Fatal(err)
	}
	iss, err := issuer.New("http://127.0.0.1:8080/auth", issuer.NewRSASigner(key))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	tests := []struct {
		name  string
		grant issuer.Grant
		want  map[string]any
	}{
		{"impersonation", issuer.Grant{Subject: "sub-2", ClientID: issuer.ImpersonationClient, AuthTime: now.Add(-time.Minute), IssuedAt: now, ExpiresAt: now.Add(time.Hour), ActorSubject: "sub-1"},
			map[string]any{"iss": "http://127.0.0.1:8080/auth", "sub": "sub-2", "client_id": "cxm-impersonation", "token_use": "access",
				"iat": 1.8e9, "nbf": 1.8e9, "exp": 1.8e9 + 3600, "auth_time": 1.8e9 - 60, "act": map[string]any{"sub": "sub-1"}}},
		{"partner", issuer.Grant{Subject: "sub-3", ClientID: "partner-x", AuthTime: now, IssuedAt: now, ExpiresAt: now.Add(10 * time.Minute), Partner: "partner-x"},
			map[string]any{"iss": "http://127.0.0.1:8080/auth", "sub": "sub-3", "client_id": "partner-x", "token_use": "access",
				"iat": 1.8e9, "nbf": 1.8e9, "exp": 1.8e9 + 600, "auth_time": 1.8e9, "partner": "partner-x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tok, claims, err := iss.Issue(context.Background(), tt.grant)
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := jwt.NewParser(jwt.WithValidMethods([]string{"RS256"}), jwt.WithoutClaimsValidation()).Parse(tok, func(*jwt.Token) (any, error) {
				return &key.PublicKey, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := parsed.Header["kid"]; got != iss.KeyID() {
				t.Errorf("kid = %v, want %s", got, iss.KeyID())
			}
			got := map[string]any(parsed.Claims.(jwt.MapClaims))
			if jti, _ := got["jti"].(string); len(jti) != 32 || jti != claims.ID {
				t.Errorf("jti = %v, want 32 hex digits equal to %s", got["jti"], claims.ID)
			}
			delete(got, "jti")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("claims (-want +got):\n%s", diff)
			}
		})
	}
	if _, _, err := iss.Issue(context.Background(), issuer.Grant{Subject: "s", ClientID: "c", IssuedAt: now, ExpiresAt: now}); err == nil {
		t.Error("a token that expires when issued was issued")
	}
}

func TestKeyFileAndJWKS(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "issuer.pem")
	first, err := issuer.LoadOrCreateKey(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("key file mode = %o, want 600", perm)
	}
	again, err := issuer.LoadOrCreateKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Equal(again) {
		t.Fatal("the key file gave another key the second time")
	}
	iss, err := issuer.New("http://127.0.0.1:8080/auth", issuer.NewRSASigner(again))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := iss.JWKSURL(), "http://127.0.0.1:8080/auth/.well-known/jwks.json"; got != want {
		t.Errorf("JWKSURL = %s, want %s", got, want)
	}
	b, _ := json.Marshal(iss.JWKS())
	var set struct {
		Keys []map[string]string `json:"keys"`
	}
	if err := json.Unmarshal(b, &set); err != nil || len(set.Keys) != 1 {
		t.Fatalf("JWKS = %s", b)
	}
	k := set.Keys[0]
	n, _ := base64.RawURLEncoding.DecodeString(k["n"])
	if k["kty"] != "RSA" || k["alg"] != "RS256" || k["use"] != "sig" || k["kid"] != issuer.Thumbprint(&first.PublicKey) || new(big.Int).SetBytes(n).Cmp(first.N) != 0 {
		t.Errorf("JWK = %v", k)
	}
	if _, err := issuer.New("http://127.0.0.1:8080/auth/", issuer.NewRSASigner(first)); err == nil {
		t.Error("an issuer URL ending in / was accepted")
	}
}

func TestPEM(t *testing.T) {
	t.Parallel()
	key, err := issuer.LoadOrCreateKey(filepath.Join(t.TempDir(), "k.pem"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := issuer.PublicKeyPEM(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := issuer.ParsePublicKey([]byte(p))
	if err != nil || !pub.Equal(&key.PublicKey) {
		t.Errorf("ParsePublicKey(PublicKeyPEM) = %v, %v", pub, err)
	}
	for _, bad := range []string{"", "not pem", p[:40]} {
		if _, err := issuer.ParsePublicKey([]byte(bad)); err == nil {
			t.Errorf("ParsePublicKey(%q) succeeded", bad)
		}
	}
}
