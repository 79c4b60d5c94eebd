package authorizer_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/authorizer"
	"github.com/golang-jwt/jwt/v5"
)

const (
	issuer = "http://127.0.0.1:9229/local_pool"
	client = "client-1"
	kid    = "key-1"
)

func jwksServer(t *testing.T, pub *rsa.PublicKey) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
			"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
		}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func accessClaims(now time.Time) jwt.MapClaims {
	return jwt.MapClaims{
		"sub": "sub-1", "iss": issuer, "client_id": client, "token_use": "access",
		"username": "sales@northwind.demo", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"auth_time": now.Unix(),
	}
}

func sign(t *testing.T, key *rsa.PrivateKey, kid string, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVerify(t *testing.T) {
	t.Parallel()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	srv := jwksServer(t, &key.PublicKey)
	now := time.Now()
	az := authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: srv.URL})

	with := func(change func(jwt.MapClaims)) jwt.MapClaims {
		c := accessClaims(now)
		change(c)
		return c
	}
	good := sign(t, key, kid, accessClaims(now))
	pubDER, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name  string
		token func() string
		ok    bool
	}{
		{"valid access token", func() string { return good }, true},
		{"alg none", func() string {
			tok := jwt.NewWithClaims(jwt.SigningMethodNone, accessClaims(now))
			tok.Header["kid"] = kid
			s, _ := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
			return s
		}, false},
		{"HS256 signed with the public key", func() string {
			tok := jwt.NewWithClaims(jwt.SigningMethodHS256, accessClaims(now))
			tok.Header["kid"] = kid
			s, _ := tok.SignedString(pubDER)
			return s
		}, false},
		{"unknown kid", func() string { return sign(t, key, "other-key", accessClaims(now)) }, false},
		{"other signing key", func() string {
			other, _ := rsa.GenerateKey(rand.Reader, 2048)
			return sign(t, other, kid, accessClaims(now))
		}, false},
		{"expired", func() string {
			return sign(t, key, kid, with(func(c jwt.MapClaims) { c["exp"] = now.Add(-time.Minute).Unix() }))
		}, false},
		{"no exp", func() string { return sign(t, key, kid, with(func(c jwt.MapClaims) { delete(c, "exp") })) }, false},
		{"nbf in the future", func() string {
			return sign(t, key, kid, with(func(c jwt.MapClaims) { c["nbf"] = now.Add(10 * time.Minute).Unix() }))
		}, false},
		{"wrong issuer", func() string {
			return sign(t, key, kid, with(func(c jwt.MapClaims) { c["iss"] = "http://127.0.0.1:9229/other_pool" }))
		}, false},
		{"wrong client", func() string {
			return sign(t, key, kid, with(func(c jwt.MapClaims) { c["client_id"] = "client-2" }))
		}, false},
		{"id token used as access token", func() string {
			return sign(t, key, kid, with(func(c jwt.MapClaims) {
				c["token_use"] = "id"
				c["aud"] = client
				delete(c, "client_id")
			}))
		}, false},
		{"flipped signature bit", func() string {
			head, sig, _ := strings.Cut(good[strings.Index(good, ".")+1:], ".")
			raw, _ := base64.RawURLEncoding.DecodeString(sig)
			raw[len(raw)/2] ^= 0x01
			return good[:strings.Index(good, ".")+1] + head + "." + base64.RawURLEncoding.EncodeToString(raw)
		}, false},
		{"garbage", func() string { return "not.a.token" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			claims, err := az.Verify(context.Background(), tt.token())
			if tt.ok {
				if err != nil {
					t.Fatalf("Verify = %v, want ok", err)
				}
				if got, want := claims["sub"], "sub-1"; got != want {
					t.Errorf("sub = %q, want %q", got, want)
				}
				return
			}
			if !errors.Is(err, authorizer.ErrDenied) {
				t.Fatalf("Verify = %v, want denied", err)
			}
		})
	}
}

func TestBearerToken(t *testing.T) {
	t.Parallel()
	tests := []struct {
		header string
		want   string
	}{
		{"", ""},
		{"Basic abc", ""},
		{"Bearer ", ""},
		{"Bearer abc.def.ghi", "abc.def.ghi"},
		{"bearer abc", "abc"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		got, err := authorizer.BearerToken(r)
		if (err == nil) != (tt.want != "") || got != tt.want {
			t.Errorf("BearerToken(%q) = %q, %v; want %q", tt.header, got, err, tt.want)
		}
	}
}
