package desk

// A store's default terms (DealerTerms) are the rows and columns of the payment grid every deal
// sheet of the store opens with and payment_recalc computes: three terms and three down
// payments for a lease, three for a purchase (retail, balloon, cash). A store that has set none
// uses payment.StandardTerms. Store admins set them; each save is a versioned write (a stale
// version is a Conflict error and changes nothing) with its DealerTermsChanged event in the
// same transaction. A process reuses the terms it read for TermsReuse (payment_recalc reads them
// at every keystroke's pause).
//
//	pattern                     index  key condition
//	a store's default terms     table  PK = A#{acct}#DTERMS#{store}, SK = DTERMS

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/reuse"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Bounds of a default term, in months.
const (
	MinDefaultTerm = 12
	MaxDefaultTerm = 96
)

// EventTermsChanged is the type of the event of a save of a store's default terms.
const EventTermsChanged = "DealerTermsChanged"

// MsgTermsStale refuses a save of terms changed since they were read.
const MsgTermsStale = "The default terms were changed by someone else. Reload them and try again."

// DealerTerms are a store's default terms and down payments.
type DealerTerms struct {
	AccountPlatformID int64                `json:"accountPlatformId" readOnly:"true"`
	Lease             payment.DefaultTerms `json:"lease" doc:"A lease's three terms (months) and three down payments (cents)."`
	Finance           payment.DefaultTerms `json:"finance" doc:"A purchase's (retail, balloon, cash) three terms and three down payments."`
	Standard          bool                 `json:"standard" readOnly:"true" doc:"The store has set none: these are the standard terms."`
	UpdatedAt         *time.Time           `json:"updatedAt" readOnly:"true"`
	UpdatedBy         string               `json:"updatedBy" readOnly:"true"`
	UpdatedByName     string               `json:"updatedByName" readOnly:"true"`
	Version           int64                `json:"version" readOnly:"true" doc:"0 while the store has set none."`
}

// For returns the terms of deal type t: the lease's for a lease, else the purchase's.
func (d DealerTerms) For(t payment.DealType) payment.DefaultTerms {
	if s, ok := t.SaleType(); ok && s == payment.SaleLease {
		return d.Lease
	}
	return d.Finance
}

// StandardDealerTerms are the terms of store storeID when it has set none.
func StandardDealerTerms(storeID int64) DealerTerms {
	return DealerTerms{AccountPlatformID: storeID, Lease: payment.StandardTerms(payment.SaleLease),
		Finance: payment.StandardTerms(payment.SalePurchase), Standard: true}
}

// ValidateTerms refuses default terms a store cannot set: each term MinDefaultTerm to
// MaxDefaultTerm months, the three distinct and ascending; each down payment $0 or more (at
// most payment.MaxAmount), the three distinct and ascending. Fields are named
// "{prefix}terms[i]" and "{prefix}downs[j]".
func ValidateTerms(t payment.DefaultTerms, prefix string) map[string]string {
	fields := map[string]string{}
	for i, term := range t.Terms {
		f := prefix + "terms[" + strconv.Itoa(i) + "]"
		switch {
		case term < MinDefaultTerm || term > MaxDefaultTerm:
			fields[f] = fmt.Sprintf("Enter a term from %d to %d months.", MinDefaultTerm, MaxDefaultTerm)
		case i > 0 && term == t.Terms[i-1]:
			fields[f] = "Enter three different terms."
		case i > 0 && term < t.Terms[i-1]:
			fields[f] = "Enter the terms from shortest to longest."
		}
	}
	for j, down := range t.Downs {
		f := prefix + "downs[" + strconv.Itoa(j) + "]"
		switch {
		case down < 0:
			fields[f] = "Enter a down payment of $0 or more."
		case down > payment.MaxAmount:
			fields[f] = "Enter a down payment of at most " + payment.MaxAmount.String() + "."
		case j > 0 && down == t.Downs[j-1]:
			fields[f] = "Enter three different down payments."
		case j > 0 && down < t.Downs[j-1]:
			fields[f] = "Enter the down payments from smallest to largest."
		}
	}
	return fields
}

// TermsReuse is how long a process reuses a store's default terms it read: every payment
// recalculation reads them, and a save elsewhere reaches this process's grids within it (a save
// through this repository at once).
const TermsReuse = 30 * time.Second

// TermsRepo reads and writes stores' default terms.
type TermsRepo struct {
	s     *store.Store
	known *reuse.Cache[DealerTerms]
}

// NewTermsRepo returns the default terms kept in s.
func NewTermsRepo(s *store.Store) *TermsRepo {
	return &TermsRepo{s: s, known: &reuse.Cache[DealerTerms]{For: TermsReuse, Now: s.Now}}
}

func knownKey(t store.Tenant, storeID int64) string {
	return t.Account() + "#" + strconv.FormatInt(storeID, 10)
}

type termsItem struct {
	Store int64
	Body  string
}

func termsKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key("DTERMS", "DTERMS", idPart(storeID))
}

// Get returns store storeID's default terms, the standard ones (version 0) when it has set none,
// as this process read them within TermsReuse.
func (r *TermsRepo) Get(ctx context.Context, t store.Tenant, storeID int64) (DealerTerms, error) {
	if d, ok := r.known.Get(knownKey(t, storeID)); ok {
		return d, nil
	}
	d, err := r.Read(ctx, t, storeID)
	if err == nil {
		r.known.Put(knownKey(t, storeID), d)
	}
	return d, err
}

// Read returns store storeID's default terms as stored now (a settings screen's).
func (r *TermsRepo) Read(ctx context.Context, t store.Tenant, storeID int64) (DealerTerms, error) {
	k, err := termsKey(t, storeID)
	if err != nil {
		return DealerTerms{}, err
	}
	var it termsItem
	v, err := r.s.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return StandardDealerTerms(storeID), nil
	}
	if err != nil {
		return DealerTerms{}, fmt.Errorf("get default terms of %d: %w", storeID, err)
	}
	var d DealerTerms
	if err := json.Unmarshal([]byte(it.Body), &d); err != nil {
		return DealerTerms{}, fmt.Errorf("unmarshal default terms of %d: %w", storeID, err)
	}
	d.Version, d.Standard = v, false
	return d, nil
}

// Save sets store d.AccountPlatformID's default terms over those read at version (0 when the
// store had set none) for user by (byName). Invalid terms are an Invalid error naming the
// fields; terms changed since version are a Conflict error; neither writes anything.
func (r *TermsRepo) Save(ctx context.Context, t store.Tenant, d DealerTerms, version int64, by, byName string) (DealerTerms, error) {
	fields := ValidateTerms(d.Lease, "lease.")
	for k, v := range ValidateTerms(d.Finance, "finance.") {
		fields[k] = v
	}
	if version < 0 {
		fields["version"] = "Send the version of the terms you saw."
	}
	if len(fields) > 0 {
		return DealerTerms{}, apperr.InvalidFields("The default terms are not valid.", fields)
	}
	k, err := termsKey(t, d.AccountPlatformID)
	if err != nil {
		return DealerTerms{}, err
	}
	now := r.s.Now().UTC()
	d.Standard, d.UpdatedAt, d.UpdatedBy, d.UpdatedByName, d.Version = false, &now, by, byName, 0
	body, err := json.Marshal(d)
	if err != nil {
		return DealerTerms{}, err
	}
	rec := store.Record{Key: k, Type: "DealerTerms", Value: termsItem{Store: d.AccountPlatformID, Body: string(body)}, Version: version}
	op := store.UpdateOp(rec)
	if version == 0 {
		op = store.CreateOp(rec)
	}
	detail, err := json.Marshal(map[string]any{"accountPlatformId": d.AccountPlatformID, "version": version + 1, "userId": by})
	if err != nil {
		return DealerTerms{}, err
	}
	ev, err := eventbus.OutboxOp(t, eventbus.Event{ID: fmt.Sprintf("dterms-%d-v%d", d.AccountPlatformID, version+1), Type: EventTermsChanged,
		Account: t.Account(), Time: now, Detail: detail})
	if err != nil {
		return DealerTerms{}, err
	}
	err = r.s.Transact(ctx, op, ev)
	if apperr.CodeOf(err) == apperr.Conflict {
		return DealerTerms{}, apperr.Wrap(apperr.Conflict, err, MsgTermsStale)
	}
	if err != nil {
		return DealerTerms{}, fmt.Errorf("save default terms of %d: %w", d.AccountPlatformID, err)
	}
	d.Version = version + 1
	r.known.Put(knownKey(t, d.AccountPlatformID), d)
	return d, nil
}
