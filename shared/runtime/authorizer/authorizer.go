// Package authorizer verifies bearer tokens the way the API Gateway HTTP API JWT authorizer
// does: an RS256 signature by a key of the issuer's JWKS (chosen by kid), the issuer, the
// audience (aud, or client_id for Cognito access tokens), exp, nbf and iat, and that the token
// is an access token. Several issuers can be trusted at once (Cognito for staff sign-ins and CXM's
// own token service for impersonation and partner sessions), each with its own keys and
// accepted clients. The local gateway runs it in front of every area.
package authorizer

import (
	"context"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Config says which tokens to accept.
type Config struct {
	// Issuer is the required iss claim.
	Issuer string
	// Audiences are the accepted app client ids. An entry ending in "*" accepts every client id
	// that starts with the part before the "*" (CXM's partner ids share a prefix).
	Audiences []string
	// JWKSURL is where the issuer's signing keys are published.
	JWKSURL string
	// Client fetches the JWKS; nil uses a client with a 5 s timeout.
	Client *http.Client
	// Now is the clock; nil uses time.Now.
	Now func() time.Time
}

// Authorizer verifies tokens against one issuer.
type Authorizer struct {
	cfg Config

	mu      sync.Mutex
	keys    map[string]*rsa.PublicKey
	fetched time.Time

	// verified remembers the claims of tokens that passed, by the token's digest, until the
	// token expires: a token is checked (its RSA signature above all) once, not on every
	// request, as API Gateway caches its authorizer's answers.
	verifiedMu sync.Mutex
	verified   map[[sha256.Size]byte]verifiedToken
}

// verifiedToken is a token that passed: its claims and its expiry.
type verifiedToken struct {
	claims  map[string]string
	expires time.Time
}

// maxVerified bounds the verified tokens remembered; when full the memory starts again.
const maxVerified = 10000

// ErrDenied is wrapped by every verification failure; the wrapping error says why.
var ErrDenied = errors.New("token denied")

// ErrKeysUnavailable is wrapped, besides ErrDenied, when the issuer's keys could not be fetched.
// The token itself may be good, so a caller that remembers denials (API Gateway caches a Lambda
// authorizer's answers) should report a failure instead of a denial.
var ErrKeysUnavailable = errors.New("issuer keys unavailable")

// New returns an authorizer for cfg.
func New(cfg Config) *Authorizer {
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 5 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Authorizer{cfg: cfg}
}

// BearerToken returns the token of an "Authorization: Bearer ..." header.
func BearerToken(r *http.Request) (string, error) {
	return ParseBearer(r.Header.Get("Authorization"))
}

// ParseBearer returns the token of an Authorization header value "Bearer ...". The scheme is
// case-insensitive; an empty value or another scheme is denied.
func ParseBearer(h string) (string, error) {
	scheme, token, ok := strings.Cut(h, " ")
	if h == "" {
		return "", fmt.Errorf("%w: no authorization header", ErrDenied)
	}
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", fmt.Errorf("%w: authorization header is not a bearer token", ErrDenied)
	}
	return strings.TrimSpace(token), nil
}

// Verify checks token and returns its claims as the HTTP API passes them to a function: every
// value a string.
func (a *Authorizer) Verify(ctx context.Context, token string) (map[string]string, error) {
	digest := sha256.Sum256([]byte(token))
	if claims, ok := a.remembered(digest); ok {
		return claims, nil
	}
	claims, expires, err := a.verify(ctx, token)
	if err != nil {
		return nil, err
	}
	a.verifiedMu.Lock()
	if a.verified == nil || len(a.verified) >= maxVerified {
		a.verified = map[[sha256.Size]byte]verifiedToken{}
	}
	a.verified[digest] = verifiedToken{claims: claims, expires: expires}
	a.verifiedMu.Unlock()
	return maps.Clone(claims), nil
}

// remembered returns the claims of the token of digest when it passed before and has not
// expired.
func (a *Authorizer) remembered(digest [sha256.Size]byte) (map[string]string, bool) {
	a.verifiedMu.Lock()
	v, ok := a.verified[digest]
	a.verifiedMu.Unlock()
	if !ok || !a.cfg.Now().Before(v.expires) {
		return nil, false
	}
	return maps.Clone(v.claims), true
}

// verify checks token in full and returns its claims and its expiry.
func (a *Authorizer) verify(ctx context.Context, token string) (map[string]string, time.Time, error) {
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithIssuer(a.cfg.Issuer),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(a.cfg.Now),
	)
	claims := jwt.MapClaims{}
	_, err := parser.ParseWithClaims(token, claims, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		if kid == "" {
			return nil, errors.New("token has no kid")
		}
		return a.key(ctx, kid)
	})
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("%w: %w", ErrDenied, err)
	}
	if use, _ := claims["token_use"].(string); use != "access" {
		return nil, time.Time{}, fmt.Errorf("%w: token_use is %q, not access", ErrDenied, use)
	}
	if !a.audienceOK(claims) {
		return nil, time.Time{}, fmt.Errorf("%w: audience is not an accepted client", ErrDenied)
	}
	exp, err := claims.GetExpirationTime()
	if err != nil || exp == nil {
		return nil, time.Time{}, fmt.Errorf("%w: no expiry", ErrDenied)
	}
	return flatten(claims), exp.Time, nil
}

func (a *Authorizer) audienceOK(claims jwt.MapClaims) bool {
	aud, _ := claims.GetAudience()
	if len(aud) > 0 {
		return slices.ContainsFunc(aud, a.accepts)
	}
	client, _ := claims["client_id"].(string)
	return a.accepts(client)
}

func (a *Authorizer) accepts(client string) bool {
	if client == "" {
		return false
	}
	for _, want := range a.cfg.Audiences {
		if prefix, ok := strings.CutSuffix(want, "*"); ok {
			if prefix != "" && strings.HasPrefix(client, prefix) && len(client) > len(prefix) {
				return true
			}
		} else if client == want {
			return true
		}
	}
	return false
}

// Set verifies tokens of several issuers: each token is checked by the authorizer of the
// issuer its iss claim names, so a token is only ever checked against its own issuer's keys
// and clients.
type Set struct {
	byIssuer map[string]*Authorizer
}

// NewSet returns a set of the authorizers; their issuers must differ.
func NewSet(authorizers ...*Authorizer) (*Set, error) {
	s := &Set{byIssuer: make(map[string]*Authorizer, len(authorizers))}
	for _, a := range authorizers {
		if a.cfg.Issuer == "" {
			return nil, errors.New("authorizer without an issuer")
		}
		if _, ok := s.byIssuer[a.cfg.Issuer]; ok {
			return nil, fmt.Errorf("issuer %s is trusted twice", a.cfg.Issuer)
		}
		s.byIssuer[a.cfg.Issuer] = a
	}
	return s, nil
}

// Verify checks token with the authorizer of its issuer. A token of an issuer the set does
// not trust is denied.
func (s *Set) Verify(ctx context.Context, token string) (map[string]string, error) {
	// A token that passed is remembered by the authorizer of its issuer: no need to read it.
	digest := sha256.Sum256([]byte(token))
	for _, a := range s.byIssuer {
		if claims, ok := a.remembered(digest); ok {
			return claims, nil
		}
	}
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDenied, err)
	}
	iss, _ := claims["iss"].(string)
	a, ok := s.byIssuer[iss]
	if !ok {
		return nil, fmt.Errorf("%w: issuer %q is not trusted", ErrDenied, iss)
	}
	return a.Verify(ctx, token)
}

// key returns the signing key kid, fetching the JWKS when the key is unknown (at most once
// every ten seconds, so unknown kids cannot make the gateway hammer the issuer). A failed
// fetch, and an unknown kid while no fetch has succeeded yet, wrap ErrKeysUnavailable.
func (a *Authorizer) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if k, ok := a.keys[kid]; ok {
		return k, nil
	}
	if !a.fetched.IsZero() && a.cfg.Now().Sub(a.fetched) < 10*time.Second {
		if a.keys == nil {
			return nil, fmt.Errorf("%w: the last fetch failed", ErrKeysUnavailable)
		}
		return nil, fmt.Errorf("unknown kid %q", kid)
	}
	keys, err := a.fetch(ctx)
	a.fetched = a.cfg.Now()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKeysUnavailable, err)
	}
	a.keys = keys
	if k, ok := keys[kid]; ok {
		return k, nil
	}
	return nil, fmt.Errorf("unknown kid %q", kid)
}

type jwks struct {
	Keys []struct {
		Kty string `json:"kty"`
		Kid string `json:"kid"`
		Use string `json:"use"`
		Alg string `json:"alg"`
		N   string `json:"n"`
		E   string `json:"e"`
	} `json:"keys"`
}

func (a *Authorizer) fetch(ctx context.Context) (map[string]*rsa.PublicKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.cfg.JWKSURL, nil)
	if err != nil {
		return nil, err
	}
	res, err := a.cfg.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch jwks: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch jwks: status %d", res.StatusCode)
	}
	var set jwks
	if err := json.NewDecoder(res.Body).Decode(&set); err != nil {
		return nil, fmt.Errorf("decode jwks: %w", err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, k := range set.Keys {
		if k.Kty != "RSA" || k.Kid == "" || (k.Use != "" && k.Use != "sig") {
			continue
		}
		n, err1 := base64.RawURLEncoding.DecodeString(k.N)
		e, err2 := base64.RawURLEncoding.DecodeString(k.E)
		if err1 != nil || err2 != nil || len(e) == 0 || len(e) > 4 {
			continue
		}
		keys[k.Kid] = &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
	}
	return keys, nil
}

// flatten renders claims as the HTTP API does for a function: strings as they are, numbers in
// decimal, arrays as "[a b]" and objects as JSON.
func flatten(claims jwt.MapClaims) map[string]string {
	out := make(map[string]string, len(claims))
	for name, v := range claims {
		switch v := v.(type) {
		case string:
			out[name] = v
		case float64:
			out[name] = strconv.FormatFloat(v, 'f', -1, 64)
		case bool:
			out[name] = strconv.FormatBool(v)
		case []any:
			parts := make([]string, len(v))
			for i, p := range v {
				parts[i] = fmt.Sprint(p)
			}
			out[name] = "[" + strings.Join(parts, " ") + "]"
		default:
			b, _ := json.Marshal(v)
			out[name] = string(b)
		}
	}
	return out
}
