// Package account keeps dealer groups (accounts) and their stores (account platforms).
package account

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Account is a dealer group, the tenant that owns stores, users and customers.
type Account struct {
	ID   int64
	Name string
}

// Store is one rooftop of an account (an account platform).
type Store struct {
	AccountPlatformID int64
	AccountID         int64
	Name              string
	// DealerID is the store's dealer id in CXM.
	DealerID string
	// Country is "US" or "CA".
	Country  string
	City     string
	Province string
	TimeZone string
	Active   bool
	// Demo marks a demo store: its outside systems (credit bureau, click-to-call) are the
	// providers' sandboxes, which answer with made-up data. Only the demo seed sets it; in AWS
	// every other store uses the providers configured in Providers.
	Demo bool
	// Providers is the store's configuration of its outside systems. It names secrets and is
	// never sent to a client.
	Providers Providers `json:"-"`
}

// Providers are the outside systems a store is configured for; a zero field is a provider the
// store has not configured.
type Providers struct {
	// Credit is the credit bureau (700Credit).
	Credit ProviderConfig
	// CallTracking is the click-to-call and call-tracking provider.
	CallTracking ProviderConfig
}

// ProviderConfig is one provider's configuration of a store.
type ProviderConfig struct {
	// Secret is the name (or ARN) of the Secrets Manager secret with the provider's
	// credentials: one per store, or one shared by the dealer group's stores.
	Secret string
	// BaseURL is the provider's API endpoint; "" means the provider's production endpoint.
	BaseURL string
}

// Configured reports whether the provider is configured: it has a credentials secret.
func (c ProviderConfig) Configured() bool { return c.Secret != "" }

// Canadian reports whether the store is in Canada.
func (s Store) Canadian() bool { return s.Country == "CA" }

// Repo reads and writes accounts and stores.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

// Tenant returns the tenant of account id.
func Tenant(id int64) (store.Tenant, error) {
	return store.NewTenant(strconv.FormatInt(id, 10))
}

func accountKey(t store.Tenant) (store.Key, error) { return t.Key("ACCOUNT") }

// Stores share the account's partition, so one query reads an account with its stores.
func storeKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("STORE#%012d", id))
}

// Get returns the account of tenant t. A missing account is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant) (Account, error) {
	k, err := accountKey(t)
	if err != nil {
		return Account{}, err
	}
	var a Account
	if _, err := r.s.Get(ctx, k, &a); err != nil {
		return Account{}, fmt.Errorf("get account %s: %w", t.Account(), err)
	}
	return a, nil
}

// Create creates the account. An existing account is a Conflict error.
func (r *Repo) Create(ctx context.Context, a Account) error {
	t, err := Tenant(a.ID)
	if err != nil {
		return err
	}
	k, err := accountKey(t)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "Account", Value: a})
}

// CreateStore creates a store of its account. An existing store is a Conflict error.
func (r *Repo) CreateStore(ctx context.Context, st Store) error {
	t, err := Tenant(st.AccountID)
	if err != nil {
		return err
	}
	k, err := storeKey(t, st.AccountPlatformID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "Store", Value: st})
}

// Store returns store id of tenant t. A missing store is a NotFound error.
func (r *Repo) Store(ctx context.Context, t store.Tenant, id int64) (Store, error) {
	k, err := storeKey(t, id)
	if err != nil {
		return Store{}, err
	}
	var st Store
	if _, err := r.s.Get(ctx, k, &st); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Store{}, apperr.Wrap(apperr.NotFound, err, fmt.Sprintf("The store %d does not exist.", id))
		}
		return Store{}, fmt.Errorf("get store %d: %w", id, err)
	}
	return st, nil
}

// SetProviders replaces the provider configuration of store id of tenant t. A missing store is
// a NotFound error; a concurrent change of the store a Conflict error.
func (r *Repo) SetProviders(ctx context.Context, t store.Tenant, id int64, p Providers) error {
	k, err := storeKey(t, id)
	if err != nil {
		return err
	}
	var st Store
	v, err := r.s.Get(ctx, k, &st)
	if err != nil {
		return fmt.Errorf("get store %d: %w", id, err)
	}
	st.Providers = p
	if _, err := r.s.Update(ctx, store.Record{Key: k, Type: "Store", Value: st, Version: v}); err != nil {
		return fmt.Errorf("set providers of store %d: %w", id, err)
	}
	return nil
}

// Stores returns every store of tenant t sorted by name.
func (r *Repo) Stores(ctx context.Context, t store.Tenant) ([]Store, error) {
	_, stores, err := r.load(ctx, t, "STORE#")
	return stores, err
}

// Load returns the account of tenant t and its stores sorted by name, with one query. A missing
// account is a NotFound error.
func (r *Repo) Load(ctx context.Context, t store.Tenant) (Account, []Store, error) {
	a, stores, err := r.load(ctx, t, "")
	if err == nil && a == nil {
		err = apperr.Errorf(apperr.NotFound, "The account does not exist.")
	}
	if err != nil {
		return Account{}, nil, err
	}
	return *a, stores, nil
}

func (r *Repo) load(ctx context.Context, t store.Tenant, prefix string) (*Account, []Store, error) {
	part, err := t.Partition()
	if err != nil {
		return nil, nil, err
	}
	var (
		acct   *Account
		stores []Store
	)
	q := store.Query{Partition: part, SortPrefix: prefix, Limit: 1000}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return nil, nil, fmt.Errorf("load account %s: %w", t.Account(), err)
		}
		for i := range page.Items {
			switch page.Type(i) {
			case "Account":
				acct = &Account{}
				if err := page.DecodeItem(i, acct); err != nil {
					return nil, nil, err
				}
			case "Store":
				var st Store
				if err := page.DecodeItem(i, &st); err != nil {
					return nil, nil, err
				}
				stores = append(stores, st)
			}
		}
		if page.Next == "" {
			break
		}
		q.Cursor = page.Next
	}
	sort.Slice(stores, func(i, j int) bool { return stores[i].Name < stores[j].Name })
	return acct, stores, nil
}
