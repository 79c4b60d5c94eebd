// Package issuer issues CXM's own access tokens: RS256 JWTs for impersonation and embedded
// partner sessions, shaped like the identity provider's access tokens (sub, client_id,
// token_use) so the authorizer and the session resolution treat them alike. The signing key is
// behind Signer: a local RSA key, or an asymmetric KMS key in AWS (package kmssigner). The
// public key is published as a JWKS for the authorizer.
package issuer

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/authorizer"
)

// ImpersonationClient is the client_id of impersonation tokens.
const ImpersonationClient = "cxm-impersonation"

// PartnerClientPrefix starts every embedded partner's id, and so the client_id of every partner
// token; the authorizer accepts client ids with this prefix from CXM's issuer.
const PartnerClientPrefix = "partner-"

// JWKSPath is where the issuer's keys are published, below its URL.
const JWKSPath = "/.well-known/jwks.json"

// Signer signs with the issuer's private key.
type Signer interface {
	// PublicKey returns the key that verifies the signatures.
	PublicKey() *rsa.PublicKey
	// SignDigest returns the RSASSA-PKCS1-v1_5 signature of a SHA-256 digest. It returns an
	// error when the key cannot be used (for KMS: access denied, key disabled, throttling).
	SignDigest(ctx context.Context, digest []byte) ([]byte, error)
}

// Issuer issues access tokens signed by one key.
type Issuer struct {
	url    string
	signer Signer
	kid    string
}

// New returns an issuer whose tokens name url as their iss and are signed by signer. The key
// id is the RFC 7638 thumbprint of the public key, so the same key always has the same kid.
func New(url string, signer Signer) (*Issuer, error) {
	if url == "" || strings.HasSuffix(url, "/") {
		return nil, fmt.Errorf("issuer: url %q must be set and not end with /", url)
	}
	pub := signer.PublicKey()
	if pub == nil || pub.N.BitLen() < 2048 {
		return nil, errors.New("issuer: the signing key must be an RSA key of at least 2048 bits")
	}
	return &Issuer{url: url, signer: signer, kid: Thumbprint(pub)}, nil
}

// URL returns the issuer URL, the iss of its tokens.
func (i *Issuer) URL() string { return i.url }

// JWKSURL returns where the issuer's keys are published.
func (i *Issuer) JWKSURL() string { return i.url + JWKSPath }

// AuthorizerConfig returns how the authorizer checks the issuer's tokens: its iss, its JWKS, and
// the client ids it issues to (impersonation, and every partner id).
func (i *Issuer) AuthorizerConfig() authorizer.Config { return AuthorizerConfig(i.url) }

// AuthorizerConfig returns how an authorizer checks the tokens of the CXM issuer at url, for a
// verifier that holds no signing key (such as the API's Lambda authorizer): the same iss, JWKS
// and client ids as Issuer.AuthorizerConfig.
func AuthorizerConfig(url string) authorizer.Config {
	return authorizer.Config{
		Issuer:    url,
		Audiences: []string{ImpersonationClient, PartnerClientPrefix + "*"},
		JWKSURL:   url + JWKSPath,
	}
}

// KeyID returns the kid of the issuer's tokens.
func (i *Issuer) KeyID() string { return i.kid }

// Grant is what one token says.
type Grant struct {
	// Subject is the identity-provider subject of the user the token acts for.
	Subject string
	// ClientID is ImpersonationClient or a partner id.
	ClientID string
	// AuthTime is when the user (or, under impersonation, the actor) signed in.
	AuthTime time.Time
	// IssuedAt and ExpiresAt bound the token's validity.
	IssuedAt  time.Time
	ExpiresAt time.Time
	// ActorSubject is the real actor's subject of an impersonation token (RFC 8693 act).
	ActorSubject string
	// Partner is the embedded partner of a partner token.
	Partner string
}

// Claims are the claims of an issued token, in the JSON the token carries.
type Claims struct {
	Issuer    string `json:"iss"`
	Subject   string `json:"sub"`
	ClientID  string `json:"client_id"`
	TokenUse  string `json:"token_use"`
	IssuedAt  int64  `json:"iat"`
	NotBefore int64  `json:"nbf"`
	ExpiresAt int64  `json:"exp"`
	ID        string `json:"jti"`
	AuthTime  int64  `json:"auth_time"`
	Actor     *Actor `json:"act,omitempty"`
	Partner   string `json:"partner,omitempty"`
}

// Actor is the RFC 8693 act claim: who really acts.
type Actor struct {
	Subject string `json:"sub"`
}

// Issue signs a token for g and returns it with its claims.
func (i *Issuer) Issue(ctx context.Context, g Grant) (string, Claims, error) {
	if g.Subject == "" || g.ClientID == "" {
		return "", Claims{}, errors.New("issue token: subject and client id are required")
	}
	if !g.ExpiresAt.After(g.IssuedAt) {
		return "", Claims{}, errors.New("issue token: it would expire before it is issued")
	}
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", Claims{}, fmt.Errorf("issue token: %w", err)
	}
	c := Claims{
		Issuer:    i.url,
		Subject:   g.Subject,
		ClientID:  g.ClientID,
		TokenUse:  "access",
		IssuedAt:  g.IssuedAt.Unix(),
		NotBefore: g.IssuedAt.Unix(),
		ExpiresAt: g.ExpiresAt.Unix(),
		ID:        hex.EncodeToString(jti),
		AuthTime:  g.AuthTime.Unix(),
		Partner:   g.Partner,
	}
	if g.ActorSubject != "" {
		c.Actor = &Actor{Subject: g.ActorSubject}
	}
	token, err := i.sign(ctx, c)
	if err != nil {
		return "", Claims{}, err
	}
	return token, c, nil
}

func (i *Issuer) sign(ctx context.Context, claims Claims) (string, error) {
	header, err := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT", "kid": i.kid})
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	enc := base64.RawURLEncoding
	signing := enc.EncodeToString(header) + "." + enc.EncodeToString(payload)
	digest := sha256.Sum256([]byte(signing))
	sig, err := i.signer.SignDigest(ctx, digest[:])
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	// A signature that does not verify (a KMS key that is not the one published) would give
	// tokens nobody accepts; catch it here rather than at every request.
	if err := rsa.VerifyPKCS1v15(i.signer.PublicKey(), crypto.SHA256, digest[:], sig); err != nil {
		return "", fmt.Errorf("sign token: the signature does not verify with the published key: %w", err)
	}
	return signing + "." + enc.EncodeToString(sig), nil
}

// JWK is one public key of a JWKS.
type JWK struct {
	Kty string `json:"kty"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	N   string `json:"n"`
	E   string `json:"e"`
}

// JWKS is a JSON Web Key Set.
type JWKS struct {
	Keys []JWK `json:"keys"`
}

// JWKS returns the issuer's public keys.
func (i *Issuer) JWKS() JWKS { return KeySet(i.kid, i.signer.PublicKey()) }

// KeySet returns the JWKS publishing the RS256 signing key pub under kid.
func KeySet(kid string, pub *rsa.PublicKey) JWKS {
	return JWKS{Keys: []JWK{{
		Kty: "RSA", Kid: kid, Use: "sig", Alg: "RS256",
		N: base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		E: base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}}}
}

// ServeHTTP serves the key set as JSON, so a key set can stand in for an issuer's JWKS
// endpoint (tests and benchmarks serve one on loopback).
func (s JWKS) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(s)
}

// Thumbprint returns the RFC 7638 JWK thumbprint (SHA-256, base64url) of an RSA public key.
func Thumbprint(pub *rsa.PublicKey) string {
	enc := base64.RawURLEncoding
	// The members in lexicographic order, without white space, as RFC 7638 requires.
	canonical := `{"e":"` + enc.EncodeToString(big.NewInt(int64(pub.E)).Bytes()) + `","kty":"RSA","n":"` + enc.EncodeToString(pub.N.Bytes()) + `"}`
	sum := sha256.Sum256([]byte(canonical))
	return enc.EncodeToString(sum[:])
}
