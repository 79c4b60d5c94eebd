package authorizer_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/golang-jwt/jwt/v5"

	"github.com/cxm/cxm/functions/authorizer"
	"github.com/cxm/cxm/shared/runtime/issuer"
)

const (
	region     = "us-east-1"
	userPool   = "us-east-1_TestPool"
	webClient  = "web-client-1"
	cognitoKid = "cognito-key-1"
	issuerURL  = "https://abc123.execute-api.us-east-1.amazonaws.com/auth"

	cognitoIssuer = "https://cognito-idp." + region + ".amazonaws.com/" + userPool
)

// jwksHost serves JWKS documents by URL in place of the network, so the authorizer fetches
// keys from the very URLs it would use in AWS.
type jwksHost struct {
	mu   sync.Mutex
	docs map[string]any // URL -> JWKS; a missing URL answers 404
	down map[string]bool
}

func (h *jwksHost) RoundTrip(r *http.Request) (*http.Response, error) {
	h.mu.Lock()
	doc, ok := h.docs[r.URL.String()]
	down := h.down[r.URL.String()]
	h.mu.Unlock()
	w := httptest.NewRecorder()
	switch {
	case down:
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
	case !ok:
		http.NotFound(w, r)
	default:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(doc)
	}
	res := w.Result()
	res.Request = r
	return res, nil
}

func rsaJWKS(kid string, pub *rsa.PublicKey) map[string]any {
	return map[string]any{"keys": []map[string]string{{
		"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
		"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}}}
}

func newKey(t *testing.T) *rsa.PrivateKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// fixture is a handler trusting a test user pool and a test CXM issuer, and ways to mint
// their tokens.
type fixture struct {
	handler    *authorizer.Handler
	host       *jwksHost
	cognitoKey *rsa.PrivateKey
	cxm        *issuer.Issuer
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{cognitoKey: newKey(t)}
	var err error
	f.cxm, err = issuer.New(issuerURL, issuer.NewRSASigner(newKey(t)))
	if err != nil {
		t.Fatal(err)
	}
	f.host = &jwksHost{
		docs: map[string]any{
			cognitoIssuer + "/.well-known/jwks.json": rsaJWKS(cognitoKid, &f.cognitoKey.PublicKey),
			issuerURL + "/.well-known/jwks.json":     f.cxm.JWKS(),
		},
		down: map[string]bool{},
	}
	f.handler, err = authorizer.New(authorizer.Config{
		Region: region, UserPoolID: userPool, UserPoolClientID: webClient, IssuerURL: issuerURL,
		Client: &http.Client{Transport: f.host}, Now: clock,
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// cognitoToken signs a Cognito-shaped access token; change edits its claims first.
// clock is the fixed time the tests sign and check tokens at, so they do not depend on the
// day they run.
func clock() time.Time { return time.Date(2026, time.November, 20, 16, 0, 0, 0, time.UTC) }

func (f *fixture) cognitoToken(t *testing.T, key *rsa.PrivateKey, change func(jwt.MapClaims)) string {
	t.Helper()
	now := clock()
	c := jwt.MapClaims{
		"sub": "sub-cognito", "iss": cognitoIssuer, "client_id": webClient, "token_use": "access",
		"username": "sales@northwind.demo", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"auth_time": now.Unix(),
	}
	if change != nil {
		change(c)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, c)
	tok.Header["kid"] = cognitoKid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cxmToken issues a CXM token for g with iss.
func cxmToken(t *testing.T, iss *issuer.Issuer, g issuer.Grant) string {
	t.Helper()
	now := clock()
	if g.Subject == "" {
		g.Subject = "sub-target"
	}
	g.AuthTime, g.IssuedAt, g.ExpiresAt = now, now, now.Add(10*time.Minute)
	tok, _, err := iss.Issue(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func request(headers map[string]string) events.APIGatewayV2CustomAuthorizerV2Request {
	return events.APIGatewayV2CustomAuthorizerV2Request{
		Version: "2.0", Type: "REQUEST", RouteKey: "ANY /users/{proxy+}", RawPath: "/users/currentUser",
		Headers: headers,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RequestID: "req-1",
			HTTP:      events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: "/users/currentUser"},
		},
	}
}

func bearer(token string) map[string]string {
	return map[string]string{"authorization": "Bearer " + token}
}

func TestHandle(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	otherIssuer, err := issuer.New(issuerURL, issuer.NewRSASigner(newKey(t)))
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		headers map[string]string
		allowed bool
		context map[string]string // expected entries of the context when allowed
	}{
		{
			name:    "valid Cognito access token",
			headers: bearer(f.cognitoToken(t, f.cognitoKey, nil)),
			allowed: true,
			context: map[string]string{"sub": "sub-cognito", "iss": cognitoIssuer, "client_id": webClient, "token_use": "access", "username": "sales@northwind.demo"},
		},
		{
			name:    "header name in another case",
			headers: map[string]string{"Authorization": "Bearer " + f.cognitoToken(t, f.cognitoKey, nil)},
			allowed: true,
			context: map[string]string{"sub": "sub-cognito"},
		},
		{
			name:    "valid CXM impersonation token",
			headers: bearer(cxmToken(t, f.cxm, issuer.Grant{ClientID: issuer.ImpersonationClient, ActorSubject: "sub-admin"})),
			allowed: true,
			context: map[string]string{"sub": "sub-target", "iss": issuerURL, "client_id": "cxm-impersonation", "act": `{"sub":"sub-admin"}`},
		},
		{
			name:    "valid CXM partner token",
			headers: bearer(cxmToken(t, f.cxm, issuer.Grant{ClientID: "partner-dealervault", Partner: "partner-dealervault"})),
			allowed: true,
			context: map[string]string{"client_id": "partner-dealervault", "partner": "partner-dealervault", "token_use": "access"},
		},
		{name: "no authorization header", headers: map[string]string{}, allowed: false},
		{name: "no headers at all", headers: nil, allowed: false},
		{name: "not a bearer token", headers: map[string]string{"authorization": "Basic dXNlcjpwYXNz"}, allowed: false},
		{name: "garbage token", headers: bearer("not.a.token"), allowed: false},
		{name: "Cognito token of another client", headers: bearer(f.cognitoToken(t, f.cognitoKey, func(c jwt.MapClaims) { c["client_id"] = "other-client" })), allowed: false},
		{name: "Cognito ID token", headers: bearer(f.cognitoToken(t, f.cognitoKey, func(c jwt.MapClaims) { c["token_use"] = "id"; c["aud"] = webClient })), allowed: false},
		{name: "expired Cognito token", headers: bearer(f.cognitoToken(t, f.cognitoKey, func(c jwt.MapClaims) { c["exp"] = clock().Add(-time.Minute).Unix() })), allowed: false},
		{name: "Cognito token signed by another key", headers: bearer(f.cognitoToken(t, newKey(t), nil)), allowed: false},
		{name: "untrusted issuer", headers: bearer(f.cognitoToken(t, f.cognitoKey, func(c jwt.MapClaims) { c["iss"] = "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other" })), allowed: false},
		{name: "CXM token for a client it does not issue to", headers: bearer(cxmToken(t, f.cxm, issuer.Grant{ClientID: webClient})), allowed: false},
		{name: "CXM-shaped token signed by another key", headers: bearer(cxmToken(t, otherIssuer, issuer.Grant{ClientID: issuer.ImpersonationClient})), allowed: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := f.handler.Handle(context.Background(), request(tt.headers))
			if err != nil {
				t.Fatalf("Handle error = %v, want an answer", err)
			}
			if got, want := res.IsAuthorized, tt.allowed; got != want {
				t.Fatalf("IsAuthorized = %v, want %v", got, want)
			}
			if !tt.allowed {
				if len(res.Context) != 0 {
					t.Errorf("denied answer carries context %v", res.Context)
				}
				return
			}
			for k, want := range tt.context {
				if got, ok := res.Context[k].(string); !ok || got != want {
					t.Errorf("context[%s] = %#v, want %q", k, res.Context[k], want)
				}
			}
			for k, v := range res.Context {
				if _, ok := v.(string); !ok {
					t.Errorf("context[%s] = %#v is not a string", k, v)
				}
			}
		})
	}
}

// TestHandleAnswerShape checks the JSON API Gateway reads: isAuthorized and context.
func TestHandleAnswerShape(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, tt := range []struct {
		name    string
		headers map[string]string
		want    []string
	}{
		{"allowed", bearer(f.cognitoToken(t, f.cognitoKey, nil)), []string{`"isAuthorized":true`, `"context":{`, `"sub":"sub-cognito"`}},
		{"denied", nil, []string{`"isAuthorized":false`}},
	} {
		res, err := f.handler.Handle(context.Background(), request(tt.headers))
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(res)
		for _, part := range tt.want {
			if !strings.Contains(string(raw), part) {
				t.Errorf("%s: answer %s lacks %s", tt.name, raw, part)
			}
		}
	}
}

// TestHandleKeysUnavailable checks that a good token is not denied (API Gateway would cache
// the denial) when its issuer's keys cannot be fetched: the handler fails instead.
func TestHandleKeysUnavailable(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.host.down[issuerURL+"/.well-known/jwks.json"] = true
	token := cxmToken(t, f.cxm, issuer.Grant{ClientID: issuer.ImpersonationClient})
	res, err := f.handler.Handle(context.Background(), request(bearer(token)))
	if err == nil || res.IsAuthorized {
		t.Errorf("Handle = %+v, %v; want an error", res, err)
	}
	// The other issuer is unaffected.
	res, err = f.handler.Handle(context.Background(), request(bearer(f.cognitoToken(t, f.cognitoKey, nil))))
	if err != nil || !res.IsAuthorized {
		t.Errorf("Cognito token: Handle = %+v, %v; want allowed", res, err)
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	full := map[string]string{
		authorizer.EnvUserPoolRegion:   region,
		authorizer.EnvUserPoolID:       userPool,
		authorizer.EnvUserPoolClientID: webClient,
		authorizer.EnvIssuerURL:        issuerURL,
	}
	tests := []struct {
		name    string
		unset   []string
		wantErr string
	}{
		{"complete", nil, ""},
		{"no issuer", []string{authorizer.EnvIssuerURL}, "ISSUER_URL"},
		{"no pool", []string{authorizer.EnvUserPoolID, authorizer.EnvUserPoolRegion}, "USER_POOL_REGION, USER_POOL_ID"},
		{"no client", []string{authorizer.EnvUserPoolClientID}, "USER_POOL_CLIENT_ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{}
			for k, v := range full {
				env[k] = v
			}
			for _, k := range tt.unset {
				delete(env, k)
			}
			cfg, err := authorizer.ConfigFromEnv(func(k string) string { return env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ConfigFromEnv = %v, want an error naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, want := cfg.CognitoIssuer(), cognitoIssuer; got != want {
				t.Errorf("CognitoIssuer = %q, want %q", got, want)
			}
			if got, want := cfg.IssuerURL, issuerURL; got != want {
				t.Errorf("IssuerURL = %q, want %q", got, want)
			}
		})
	}
}
