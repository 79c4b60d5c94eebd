// Package account keeps dealer groups (accounts) and their stores (account platforms).
package account

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"github.com/cxm/cxm/shared/store"
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
}

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

func storeKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("STORE#%012d", id), "STORES")
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

// Stores returns every store of tenant t sorted by name.
func (r *Repo) Stores(ctx context.Context, t store.Tenant) ([]Store, error) {
	part, err := t.Partition("STORES")
	if err != nil {
		return nil, err
	}
	var all []Store
	q := store.Query{Partition: part, SortPrefix: "STORE#", Limit: 1000}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("list stores of %s: %w", t.Account(), err)
		}
		var stores []Store
		if err := page.Decode(&stores); err != nil {
			return nil, err
		}
		all = append(all, stores...)
		if page.Next == "" {
			break
		}
		q.Cursor = page.Next
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	return all, nil
}
