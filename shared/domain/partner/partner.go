// Package partner keeps the embedded partners registered for dealer groups and checks the
// assertions they sign: a partner proves who it is with an RS256 JWT signed by its own private
// key (iss = partner id, sub = the CXM user id, aud = "cxm", at most five minutes of validity,
// a jti used once), and gets a short-lived CXM access token for that user in exchange.
//
// Access patterns:
//
//	pattern                      index  key condition
//	partner id to its group      table  PK = DIR#partner#{id}, SK = DIR
//	partner by id                table  PK = A#{acct}#PARTNER, SK = {id}
//	partners of a dealer group   table  PK = A#{acct}#PARTNER
//	used assertion ids           table  PK = A#{acct}#PARTNER#{id}, SK = JTI#{jti}
//
// Used assertion ids expire after their assertion.
package partner

import (
	"context"
	"crypto/rsa"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Partner is an embedded partner registered for one dealer group.
type Partner struct {
	// ID is the partner's id: "partner-" and lowercase letters, digits and hyphens. It is the
	// iss of the partner's assertions and the client_id of the tokens issued to it.
	ID   string
	Name string
	// AccountID is the dealer group whose users the partner may act for.
	AccountID int64
	// PublicKeyPEM verifies the partner's assertions (PKIX "PUBLIC KEY" PEM of an RSA key).
	PublicKeyPEM string
	Active       bool
}

var idPattern = regexp.MustCompile(`^` + regexp.QuoteMeta(issuer.PartnerClientPrefix) + `[a-z0-9][a-z0-9-]{0,55}$`)

// ValidID reports whether id has the shape of a partner id.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// PublicKey returns the key that verifies the partner's assertions.
func (p Partner) PublicKey() (*rsa.PublicKey, error) {
	k, err := issuer.ParsePublicKey([]byte(p.PublicKeyPEM))
	if err != nil {
		return nil, fmt.Errorf("partner %s key: %w", p.ID, err)
	}
	return k, nil
}

// Validate checks a registration: its id, name, account and key.
func (p Partner) Validate() error {
	fields := map[string]string{}
	if !ValidID(p.ID) {
		fields["id"] = "The id must be \"partner-\" followed by 1 to 56 lowercase letters, digits or hyphens."
	}
	if strings.TrimSpace(p.Name) == "" {
		fields["name"] = "The name is required."
	}
	if p.AccountID <= 0 {
		fields["accountId"] = "The account is required."
	}
	if k, err := p.PublicKey(); err != nil || k.N.BitLen() < 2048 {
		fields["publicKey"] = "The public key must be a PEM RSA public key of at least 2048 bits."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The partner is not valid.", fields)
	}
	return nil
}

// Repo reads and writes partner registrations and used assertion ids.
type Repo struct {
	s *store.Store
	// refuseShipped refuses keys whose private half ships in the repository (see
	// RefusingShippedKeys).
	refuseShipped bool
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

// directory is the global pointer from a partner id to its dealer group.
type directory struct {
	AccountID int64
}

func partnerKey(t store.Tenant, id string) (store.Key, error) { return t.Key(id, "PARTNER") }

// Create registers p. An invalid registration is an Invalid error; an existing partner id a
// Conflict error.
func (r *Repo) Create(ctx context.Context, p Partner) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if file, shipped := p.ShippedIn(); shipped && r.refuseShipped {
		return apperr.InvalidFields("The partner is not valid.", map[string]string{
			"publicKey": "This key's private half is published in the CXM source (" + file + "); register the partner's own key.",
		})
	}
	t, err := account.Tenant(p.AccountID)
	if err != nil {
		return err
	}
	k, err := partnerKey(t, p.ID)
	if err != nil {
		return err
	}
	dk, err := store.DirectoryKey("partner", p.ID)
	if err != nil {
		return err
	}
	return r.s.Transact(ctx,
		store.CreateOp(store.Record{Key: k, Type: "Partner", Value: p}),
		store.CreateOp(store.Record{Key: dk, Type: "PartnerDirectory", Value: directory{AccountID: p.AccountID}}),
	)
}

// Get returns the partner id and its version. An unknown id is a NotFound error; a partner
// whose key ships in the repository, when the repository refuses those, an Unauthorized error.
func (r *Repo) Get(ctx context.Context, id string) (Partner, int64, error) {
	notFound := apperr.Errorf(apperr.NotFound, "The partner %s is not registered.", id)
	if !ValidID(id) {
		return Partner{}, 0, notFound
	}
	dk, err := store.DirectoryKey("partner", id)
	if err != nil {
		return Partner{}, 0, err
	}
	var d directory
	if _, err := r.s.Get(ctx, dk, &d); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Partner{}, 0, notFound
		}
		return Partner{}, 0, fmt.Errorf("resolve partner %s: %w", id, err)
	}
	t, err := account.Tenant(d.AccountID)
	if err != nil {
		return Partner{}, 0, err
	}
	k, err := partnerKey(t, id)
	if err != nil {
		return Partner{}, 0, err
	}
	var p Partner
	v, err := r.s.Get(ctx, k, &p)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Partner{}, 0, notFound
	}
	if err != nil {
		return Partner{}, 0, fmt.Errorf("get partner %s: %w", id, err)
	}
	if file, shipped := p.ShippedIn(); shipped && r.refuseShipped {
		return Partner{}, 0, shippedError(p, file)
	}
	return p, v, nil
}

// SetActive turns the partner id on or off. An unknown id is a NotFound error; a concurrent
// change a Conflict error.
func (r *Repo) SetActive(ctx context.Context, id string, active bool) error {
	p, v, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	t, err := account.Tenant(p.AccountID)
	if err != nil {
		return err
	}
	k, err := partnerKey(t, id)
	if err != nil {
		return err
	}
	p.Active = active
	if _, err := r.s.Update(ctx, store.Record{Key: k, Type: "Partner", Value: p, Version: v}); err != nil {
		return fmt.Errorf("set partner %s active: %w", id, err)
	}
	return nil
}

// usedAssertion records an assertion id that was exchanged.
type usedAssertion struct {
	PartnerID string
	JTI       string
	UserID    string
	UsedAt    string
}

// UseAssertion marks the assertion a of partner p as used, until it expires. An assertion id
// used before is an Unauthorized error: a replay.
func (r *Repo) UseAssertion(ctx context.Context, p Partner, a Assertion) error {
	t, err := account.Tenant(p.AccountID)
	if err != nil {
		return err
	}
	k, err := t.Key("JTI#"+a.ID, "PARTNER", p.ID)
	if err != nil {
		return err
	}
	err = r.s.Create(ctx, store.Record{
		Key:  k,
		Type: "PartnerAssertion",
		Value: usedAssertion{
			PartnerID: p.ID, JTI: a.ID, UserID: a.UserID, UsedAt: r.s.Now().UTC().Format(time.RFC3339),
		},
		// Kept past the assertion's expiry and the clock leeway, after which it is refused as
		// expired anyway.
		ExpiresAt: a.ExpiresAt.Add(ClockLeeway + time.Minute).Unix(),
	})
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.Unauthorized, err, "The partner assertion has been used already.")
	}
	if err != nil {
		return fmt.Errorf("use assertion %s of %s: %w", strconv.Quote(a.ID), p.ID, err)
	}
	return nil
}
