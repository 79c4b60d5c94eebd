package authorizer_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/authorizer"
	tokens "github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/golang-jwt/jwt/v5"
)

const (
	issuer = "http://127.0.0.1:9229/local_pool"
	client = "client-1"
	kid    = "key-1"
)

func jwksServer(t *testing.T, pub *rsa.PublicKey) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(tokens.KeySet(kid, pub))
	t.Cleanup(srv.Close)
	return srv
}

// clock is the fixed time the tests sign and check tokens at, so they do not depend on the
// day they run.
func clock() time.Time { return time.Date(2026, time.November, 20, 16, 0, 0, 0, time.UTC) }

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
	now := clock()
	az := authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: srv.URL, Now: clock})

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

// TestSet checks a gateway that trusts Cognito and CXM's own token service: each token is
// checked against its own issuer's keys and clients only.
func TestSet(t *testing.T) {
	t.Parallel()
	cognitoKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	cxmKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	const cxmIssuer = "http://127.0.0.1:8080/auth"
	cxm, err := tokens.New(cxmIssuer, tokens.NewRSASigner(cxmKey))
	if err != nil {
		t.Fatal(err)
	}
	cxmJWKS := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(cxm.JWKS())
	}))
	t.Cleanup(cxmJWKS.Close)
	set, err := authorizer.NewSet(
		authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: jwksServer(t, &cognitoKey.PublicKey).URL, Now: clock}),
		authorizer.New(authorizer.Config{Issuer: cxmIssuer, Audiences: []string{"cxm-impersonation", "partner-*"}, JWKSURL: cxmJWKS.URL, Now: clock}),
	)
	if err != nil {
		t.Fatal(err)
	}
	now := clock()
	ctx := context.Background()
	issue := func(g tokens.Grant) string {
		if g.IssuedAt.IsZero() {
			g.IssuedAt, g.ExpiresAt = now, now.Add(time.Hour)
		}
		tok, _, err := cxm.Issue(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	cxmClaims := func(change func(jwt.MapClaims)) jwt.MapClaims {
		c := jwt.MapClaims{"iss": cxmIssuer, "sub": "sub-2", "client_id": "cxm-impersonation", "token_use": "access", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
		change(c)
		return c
	}

	tests := []struct {
		name      string
		token     string
		ok        bool
		wantActor string
	}{
		{"cognito access token", sign(t, cognitoKey, kid, accessClaims(now)), true, ""},
		{"cxm impersonation token", issue(tokens.Grant{Subject: "sub-2", ClientID: "cxm-impersonation", ActorSubject: "sub-1"}), true, `{"sub":"sub-1"}`},
		{"cxm partner token", issue(tokens.Grant{Subject: "sub-2", ClientID: "partner-dealervault", Partner: "partner-dealervault"}), true, ""},
		{"cxm token with cognito's client id", issue(tokens.Grant{Subject: "sub-2", ClientID: client}), false, ""},
		{"cxm token with the bare partner prefix", issue(tokens.Grant{Subject: "sub-2", ClientID: "partner-"}), false, ""},
		{"cxm token expired", issue(tokens.Grant{Subject: "sub-2", ClientID: "cxm-impersonation", IssuedAt: now.Add(-2 * time.Hour), ExpiresAt: now.Add(-time.Hour)}), false, ""},
		{"cxm token not yet valid", sign(t, cxmKey, cxm.KeyID(), cxmClaims(func(c jwt.MapClaims) { c["nbf"] = now.Add(time.Hour).Unix() })), false, ""},
		{"cxm id token", sign(t, cxmKey, cxm.KeyID(), cxmClaims(func(c jwt.MapClaims) { c["token_use"] = "id" })), false, ""},
		{"cognito token with cxm's client id", sign(t, cognitoKey, kid, func() jwt.MapClaims {
			c := accessClaims(now)
			c["client_id"] = "cxm-impersonation"
			return c
		}()), false, ""},
		{"cxm issuer signed with cognito's key", sign(t, cognitoKey, cxm.KeyID(), cxmClaims(func(jwt.MapClaims) {})), false, ""},
		{"cognito issuer signed with cxm's key", sign(t, cxmKey, kid, accessClaims(now)), false, ""},
		{"untrusted issuer", sign(t, cxmKey, cxm.KeyID(), cxmClaims(func(c jwt.MapClaims) { c["iss"] = "http://127.0.0.1:9999/auth" })), false, ""},
		{"no issuer", sign(t, cxmKey, cxm.KeyID(), cxmClaims(func(c jwt.MapClaims) { delete(c, "iss") })), false, ""},
		{"garbage", "a.b.c", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			claims, err := set.Verify(ctx, tt.token)
			if !tt.ok {
				if !errors.Is(err, authorizer.ErrDenied) {
					t.Fatalf("Verify = %v, %v; want denied", claims, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Verify = %v, want ok", err)
			}
			if got := claims["act"]; got != tt.wantActor {
				t.Errorf("act = %q, want %q", got, tt.wantActor)
			}
		})
	}

	if _, err := authorizer.NewSet(authorizer.New(authorizer.Config{Issuer: issuer}), authorizer.New(authorizer.Config{Issuer: issuer})); err == nil {
		t.Error("NewSet accepted the same issuer twice")
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

// TestKeysUnavailable checks that a JWKS that cannot be fetched is told apart from a bad
// token: both are denied, but only the first wraps ErrKeysUnavailable, also while the next
// fetch is held back.
func TestKeysUnavailable(t *testing.T) {
	t.Parallel()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
	}))
	t.Cleanup(down.Close)
	now := clock()
	token := sign(t, key, kid, accessClaims(now))

	az := authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: down.URL, Now: clock})
	for _, attempt := range []string{"first fetch", "held back"} {
		_, err := az.Verify(context.Background(), token)
		if !errors.Is(err, authorizer.ErrDenied) || !errors.Is(err, authorizer.ErrKeysUnavailable) {
			t.Errorf("%s: Verify = %v, want denied with keys unavailable", attempt, err)
		}
	}

	up := authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: jwksServer(t, &key.PublicKey).URL, Now: clock})
	for _, tok := range []string{sign(t, key, "other-key", accessClaims(now)), sign(t, key, "other-key", accessClaims(now))} {
		_, err := up.Verify(context.Background(), tok)
		if !errors.Is(err, authorizer.ErrDenied) || errors.Is(err, authorizer.ErrKeysUnavailable) {
			t.Errorf("unknown kid: Verify = %v, want denied, keys available", err)
		}
	}
}

func TestParseBearer(t *testing.T) {
	t.Parallel()
	tests := []struct{ header, want string }{
		{"", ""},
		{"Bearer", ""},
		{"Basic abc", ""},
		{"BEARER  abc ", "abc"},
		{"Bearer abc.def.ghi", "abc.def.ghi"},
	}
	for _, tt := range tests {
		got, err := authorizer.ParseBearer(tt.header)
		if (err == nil) != (tt.want != "") || got != tt.want {
			t.Errorf("ParseBearer(%q) = %q, %v; want %q", tt.header, got, err, tt.want)
		}
		if err != nil && !errors.Is(err, authorizer.ErrDenied) {
			t.Errorf("ParseBearer(%q) error %v does not wrap ErrDenied", tt.header, err)
		}
	}
}

// TestVerifiedTokensAreRemembered checks a token once and then answers it from memory, until
// the token expires; a changed claim is a different token.
func TestVerifiedTokensAreRemembered(t *testing.T) {
	t.Parallel()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	fetches := 0
	keys := tokens.KeySet(kid, &key.PublicKey)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches++
		keys.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	now := clock()
	az := authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: srv.URL, Now: func() time.Time { return now }})
	token := sign(t, key, kid, accessClaims(clock()))
	tests := []struct {
		name  string
		at    time.Time
		token string
		ok    bool
	}{
		{"first check", clock(), token, true},
		{"remembered", clock().Add(30 * time.Minute), token, true},
		{"a changed claim is checked again", clock().Add(30 * time.Minute), token[:len(token)-4] + "AAAA", false},
		{"expired", clock().Add(time.Hour + time.Second), token, false},
	}
	for _, tt := range tests {
		now = tt.at
		claims, err := az.Verify(context.Background(), tt.token)
		if got := err == nil; got != tt.ok {
			t.Errorf("%s: Verify = %v, want ok %v", tt.name, err, tt.ok)
		}
		if tt.ok {
			claims["sub"] = "changed by the caller"
		}
	}
	now = clock().Add(10 * time.Minute)
	if claims, err := az.Verify(context.Background(), token); err != nil || claims["sub"] != "sub-1" {
		t.Errorf("Verify = %v %v, want the token's own claims, whatever a caller did to earlier answers", claims, err)
	}
	if fetches != 1 {
		t.Errorf("key fetches = %d, want 1", fetches)
	}
}
