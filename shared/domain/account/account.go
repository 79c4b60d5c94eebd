// Package account keeps dealer groups (accounts) and their stores (account platforms).
//
// Access patterns:
//
//	pattern                     index  key condition
//	the dealer group            table  PK = A#{acct}, SK = ACCOUNT
//	a store                     table  PK = A#{acct}, SK = STORE#{store, 12 digits}
//	the group and its stores    table  PK = A#{acct}
package account

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"sort"
	"strconv"
	"strings"

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
	// Appraisal is the trade-in appraisal provider (vAuto).
	Appraisal ProviderConfig
	// VehicleHistory is the vehicle history report provider (CARFAX Canada).
	VehicleHistory ProviderConfig
	// ManufacturerTag is the manufacturer tag service (Ford OASIS).
	ManufacturerTag ProviderConfig
	// SmartVincent is the equity and offer service a deal sheet submits a vehicle to.
	SmartVincent ProviderConfig
	// Mail is the e-mail provider (Amazon SES): its secret holds the store's sender identity.
	Mail ProviderConfig
	// Assistant is the automated assistant (Conversica): its secret holds the store's API
	// username and password.
	Assistant ProviderConfig
	// Model is the language model that drafts replies (Amazon Bedrock): its secret names the
	// model.
	Model ProviderConfig
	// SMS is the text-message provider (AWS End User Messaging SMS): its secret holds the
	// store's origination number and the token of its inbound webhook.
	SMS ProviderConfig
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

// ProviderSecretPrefix starts the name of every provider credentials secret. A dealer group's
// secrets are named under SecretPrefix, so one group's configuration cannot use another
// group's credentials.
const ProviderSecretPrefix = "cxm/providers/"

// SecretPrefix returns the prefix of the provider secrets of account accountID:
// cxm/providers/{account}/ (then the provider, or the store and the provider).
func SecretPrefix(accountID string) string { return ProviderSecretPrefix + accountID + "/" }

// OwnsSecret reports whether secret (a name or a Secrets Manager ARN) is one of account
// accountID's provider secrets.
func OwnsSecret(accountID, secret string) bool {
	if _, name, ok := strings.Cut(secret, ":secret:"); ok {
		secret = name
	}
	return strings.HasPrefix(secret, SecretPrefix(accountID)) && len(secret) > len(SecretPrefix(accountID))
}

// validate checks the configuration of a store of account accountID: a secret of the account,
// and an http(s) endpoint when one is given.
func (c ProviderConfig) validate(accountID, field string) map[string]string {
	bad := map[string]string{}
	if c.Secret != "" && !OwnsSecret(accountID, c.Secret) {
		bad[field+".secret"] = fmt.Sprintf("The secret must be named under %s.", SecretPrefix(accountID))
	}
	if c.BaseURL != "" {
		u, err := url.Parse(c.BaseURL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad[field+".baseUrl"] = "The endpoint must be an http or https URL."
		}
	}
	if c.Secret == "" && c.BaseURL != "" {
		bad[field+".secret"] = "Name the secret with the provider's credentials."
	}
	return bad
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

// StoreRead returns the read of store id of tenant t, for a caller that batches it with other
// reads (store.BatchGet), and what Store answers once it was read.
func (r *Repo) StoreRead(t store.Tenant, id int64) (*store.Read, func() (Store, error), error) {
	k, err := storeKey(t, id)
	if err != nil {
		return nil, nil, err
	}
	var st Store
	rd := &store.Read{Key: k, Out: &st}
	return rd, func() (Store, error) {
		if !rd.Found {
			return Store{}, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", id)
		}
		return st, nil
	}, nil
}

// SetProviders replaces the provider configuration of store id of tenant t. A secret outside the
// account's SecretPrefix or an endpoint that is not an http(s) URL is an Invalid error naming
// the field; a missing store a NotFound error; a concurrent change of the store a Conflict error.
func (r *Repo) SetProviders(ctx context.Context, t store.Tenant, id int64, p Providers) error {
	k, err := storeKey(t, id)
	if err != nil {
		return err
	}
	bad := p.Credit.validate(t.Account(), "credit")
	maps.Copy(bad, p.CallTracking.validate(t.Account(), "callTracking"))
	maps.Copy(bad, p.Appraisal.validate(t.Account(), "appraisal"))
	maps.Copy(bad, p.VehicleHistory.validate(t.Account(), "vehicleHistory"))
	maps.Copy(bad, p.ManufacturerTag.validate(t.Account(), "manufacturerTag"))
	maps.Copy(bad, p.Assistant.validate(t.Account(), "assistant"))
	maps.Copy(bad, p.Model.validate(t.Account(), "model"))
	maps.Copy(bad, p.SMS.validate(t.Account(), "sms"))
	if len(bad) > 0 {
		return apperr.InvalidFields("The store's provider configuration is not valid.", bad)
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
