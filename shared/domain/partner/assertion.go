package partner

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/golang-jwt/jwt/v5"
)

// Audience is the aud every partner assertion must name.
const Audience = "cxm"

// MaxAssertionLifetime is the longest an assertion may be valid: exp at most this long after
// iat.
const MaxAssertionLifetime = 5 * time.Minute

// ClockLeeway is how far a partner's clock may be off from CXM's.
const ClockLeeway = 30 * time.Second

// Assertion is a verified partner assertion.
type Assertion struct {
	PartnerID string
	// UserID is the CXM user the partner asks a token for.
	UserID string
	// ID is the assertion's jti.
	ID        string
	IssuedAt  time.Time
	ExpiresAt time.Time
}

var jtiPattern = regexp.MustCompile(`^[\x21-\x7e]{1,128}$`)

// assertionClaims are the claims of a partner assertion.
type assertionClaims struct {
	jwt.RegisteredClaims
}

// IssuerOf returns the iss of an assertion without verifying it, to find the partner whose key
// verifies it. An assertion that is not a JWT is an Unauthorized error.
func IssuerOf(assertion string) (string, error) {
	var c assertionClaims
	if _, _, err := jwt.NewParser().ParseUnverified(assertion, &c); err != nil {
		return "", apperr.Wrap(apperr.Unauthorized, err, "The partner assertion is not a signed JWT.")
	}
	if c.Issuer == "" {
		return "", apperr.Errorf(apperr.Unauthorized, "The partner assertion names no partner (iss).")
	}
	return c.Issuer, nil
}

// Verify checks assertion against partner p at time now: an RS256 signature by p's key, iss p,
// aud "cxm", iat and exp present with exp at most MaxAssertionLifetime after iat, not expired
// and not issued in the future (both within ClockLeeway), a jti and a sub. Any failure is an
// Unauthorized error saying what is wrong.
func Verify(assertion string, p Partner, now time.Time) (Assertion, error) {
	key, err := p.PublicKey()
	if err != nil {
		return Assertion{}, err
	}
	var c assertionClaims
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithIssuer(p.ID),
		jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(ClockLeeway),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if _, err := parser.ParseWithClaims(assertion, &c, func(*jwt.Token) (any, error) { return key, nil }); err != nil {
		return Assertion{}, apperr.Wrap(apperr.Unauthorized, err, rejection(err))
	}
	if c.IssuedAt == nil {
		return Assertion{}, apperr.Errorf(apperr.Unauthorized, "The partner assertion has no issue time (iat).")
	}
	if c.ExpiresAt.Sub(c.IssuedAt.Time) > MaxAssertionLifetime {
		return Assertion{}, apperr.Errorf(apperr.Unauthorized, "The partner assertion may be valid for at most %d minutes.", int(MaxAssertionLifetime/time.Minute))
	}
	if !jtiPattern.MatchString(c.ID) {
		return Assertion{}, apperr.Errorf(apperr.Unauthorized, "The partner assertion needs an id (jti) of 1 to 128 visible characters.")
	}
	if c.Subject == "" {
		return Assertion{}, apperr.Errorf(apperr.Unauthorized, "The partner assertion names no user (sub).")
	}
	return Assertion{PartnerID: p.ID, UserID: c.Subject, ID: c.ID, IssuedAt: c.IssuedAt.Time, ExpiresAt: c.ExpiresAt.Time}, nil
}

func rejection(err error) string {
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return "The partner assertion has expired."
	case errors.Is(err, jwt.ErrTokenUsedBeforeIssued), errors.Is(err, jwt.ErrTokenNotValidYet):
		return "The partner assertion is not valid yet."
	case errors.Is(err, jwt.ErrTokenSignatureInvalid), errors.Is(err, jwt.ErrTokenUnverifiable):
		return "The partner assertion's signature does not verify with the partner's registered key."
	case errors.Is(err, jwt.ErrTokenInvalidAudience):
		return fmt.Sprintf("The partner assertion's audience (aud) must be %q.", Audience)
	case errors.Is(err, jwt.ErrTokenRequiredClaimMissing):
		return "The partner assertion has no expiry (exp)."
	default:
		return "The partner assertion is not valid."
	}
}

// Sign returns an assertion of partnerID for userID valid for lifetime from now, signed with
// the partner's private key: what a partner's server does before calling the token exchange.
func Sign(key *rsa.PrivateKey, partnerID, userID string, now time.Time, lifetime time.Duration) (string, error) {
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	return SignClaims(key, jwt.MapClaims{
		"iss": partnerID, "sub": userID, "aud": Audience, "iat": now.Unix(), "exp": now.Add(lifetime).Unix(),
		"jti": hex.EncodeToString(jti),
	})
}

// SignClaims signs arbitrary assertion claims with RS256, for tests of malformed assertions.
func SignClaims(key *rsa.PrivateKey, claims jwt.MapClaims) (string, error) {
	s, err := jwt.NewWithClaims(jwt.SigningMethodRS256, claims).SignedString(key)
	if err != nil {
		return "", fmt.Errorf("sign assertion: %w", err)
	}
	return s, nil
}
