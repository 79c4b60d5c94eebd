// Package user keeps staff user profiles, their saved settings and the directory that resolves
// a sign-in identity to its profile, and builds the principal a request acts for.
//
// Access patterns:
//
//	pattern                        index  key condition
//	a user's profile               table  PK = A#{acct}#USER#{user}, SK = PROFILE
//	a user's setting               table  PK = A#{acct}#USER#{user}, SK = SETTING#{key}
//	the users of a group by name   GSI1   GSI1PK = A#{acct}#USERS, GSI1SK = {LAST}#{FIRST}#{user}
//	a sign-in identity's tenant    table  PK = DIR#sub#{subject}, SK = DIR
package user

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/store"
)

// User statuses.
const (
	StatusActive   = 1
	StatusInactive = 2
	StatusPending  = 3
)

// Profile is a staff user's profile.
type Profile struct {
	UserID        string
	AccountID     int64
	ViewAccountID int64
	FirstName     string
	LastName      string
	Email         string
	// Subject is the identity provider's subject of the user's sign-in.
	Subject    string
	UserType   int
	UserStatus int
	// Roles are the dealer roles held (for example "SalesPerson", "SalesManager").
	Roles           []string
	PrimaryUserRole string
	Permissions     []string
	DMSUserID       string
	// PrimaryStore is the user's home store.
	PrimaryStore int64
	// AllowedStores are the stores the user belongs to.
	AllowedStores []int64
	// ViewStores are the stores the user may view; with HasAllPlatformAccess every store of the
	// view account.
	ViewStores           []int64
	HasAllPlatformAccess bool
	IsFavorite           bool
}

// DisplayName is the first name followed by the last name.
func (p Profile) DisplayName() string {
	return strings.TrimSpace(p.FirstName + " " + p.LastName)
}

// Active reports whether the user's status is active.
func (p Profile) Active() bool { return p.UserStatus == StatusActive }

// identity is the directory entry from a sign-in subject to its user.
type identity struct {
	AccountID int64
	UserID    string
}

// Repo reads and writes profiles, settings and identities.
type Repo struct {
	s          *store.Store
	accounts   *account.Repo
	identities *identityCache
	sessions   *sessionCache
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo {
	return &Repo{s: s, accounts: account.NewRepo(s), identities: &identityCache{}, sessions: &sessionCache{now: s.Now}}
}

// Key returns the key of the record with sort key sort in user userID's partition. The user
// package owns the partition: the profile and settings here, and the records other packages
// keep per user (a merge session, sign-outs) take their keys from Key with sort keys listed in
// their own access-pattern tables.
func Key(t store.Tenant, userID, sort string) (store.Key, error) {
	return t.Key(sort, "USER", userID)
}

func profileKey(t store.Tenant, userID string) (store.Key, error) {
	return Key(t, userID, "PROFILE")
}

func listKey(t store.Tenant, p Profile) (store.IndexKey, error) {
	return t.IndexKey("GSI1", strings.ToUpper(p.LastName+"#"+p.FirstName)+"#"+p.UserID, "USERS")
}

// CreateProfile creates p and, when p has a subject, the directory entry of that subject, in
// one transaction. An existing profile or identity is a Conflict error.
func (r *Repo) CreateProfile(ctx context.Context, p Profile) error {
	t, err := account.Tenant(p.AccountID)
	if err != nil {
		return err
	}
	k, err := profileKey(t, p.UserID)
	if err != nil {
		return err
	}
	lk, err := listKey(t, p)
	if err != nil {
		return err
	}
	ops := []store.Op{store.CreateOp(store.Record{Key: k, Indexes: []store.IndexKey{lk}, Type: "User", Value: p})}
	if p.Subject != "" {
		dk, err := store.DirectoryKey("sub", p.Subject)
		if err != nil {
			return err
		}
		ops = append(ops, store.CreateOp(store.Record{Key: dk, Type: "Identity", Value: identity{AccountID: p.AccountID, UserID: p.UserID}}))
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		return err
	}
	r.sessions.forget(identity{AccountID: p.AccountID, UserID: p.UserID})
	return nil
}

// LinkSubject points p.Subject at the existing profile p.UserID, for a sign-in created again
// for a user who already has a profile. An existing entry for the subject is a Conflict error.
func (r *Repo) LinkSubject(ctx context.Context, p Profile) error {
	dk, err := store.DirectoryKey("sub", p.Subject)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: dk, Type: "Identity", Value: identity{AccountID: p.AccountID, UserID: p.UserID}})
}

// Profile returns the profile of userID in tenant t. A missing profile is a NotFound error.
func (r *Repo) Profile(ctx context.Context, t store.Tenant, userID string) (Profile, int64, error) {
	k, err := profileKey(t, userID)
	if err != nil {
		return Profile{}, 0, err
	}
	var p Profile
	v, err := r.s.Get(ctx, k, &p)
	if err != nil {
		return Profile{}, 0, fmt.Errorf("get profile %s: %w", userID, err)
	}
	return p, v, nil
}

// ProfileRead returns the read of userID's profile in tenant t, for a caller that batches it
// with other reads (store.BatchGet), and what Profile answers once it was read: false for a
// missing profile.
func (r *Repo) ProfileRead(t store.Tenant, userID string) (*store.Read, func() (Profile, bool), error) {
	k, err := profileKey(t, userID)
	if err != nil {
		return nil, nil, err
	}
	var p Profile
	rd := &store.Read{Key: k, Out: &p}
	return rd, func() (Profile, bool) { return p, rd.Found }, nil
}

// noProfile is the error for a sign-in without a profile; the web app shows its no-profile
// screen for it.
func noProfile(cause error) error {
	return apperr.Wrap(apperr.NotFound, cause, "We're sorry, we couldn't find your user profile. Please try again later or contact support for further assistance.")
}

// identityOf resolves a sign-in subject to its user. Subjects never move to another user, so
// resolved subjects are kept in memory.
func (r *Repo) identityOf(ctx context.Context, subject string) (identity, error) {
	if id, ok := r.identities.get(subject); ok {
		return id, nil
	}
	dk, err := store.DirectoryKey("sub", subject)
	if err != nil {
		return identity{}, noProfile(err)
	}
	var id identity
	if _, err := r.s.Get(ctx, dk, &id); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return identity{}, noProfile(err)
		}
		return identity{}, fmt.Errorf("resolve subject: %w", err)
	}
	r.identities.put(subject, id)
	return id, nil
}

// Session is a resolved sign-in: the principal a request acts for, the user's profile, and the
// user's account with its stores.
type Session struct {
	Principal auth.Principal
	Profile   Profile
	Account   account.Account
	Stores    []account.Store
}

// StoreSession resolves the session in ctx (see Session) for a request about one store, which
// the user must be able to view (see Session.Store), and returns the store too.
func (r *Repo) StoreSession(ctx context.Context, store int64) (Session, account.Store, error) {
	s, err := r.Session(ctx)
	if err != nil {
		return Session{}, account.Store{}, err
	}
	st, err := s.Store(store)
	if err != nil {
		return Session{}, account.Store{}, err
	}
	return s, st, nil
}

// Session resolves the verified claims in ctx. No claims is an Unauthorized error; a subject
// without a profile a NotFound error; an inactive user a Forbidden error. The profile and the
// account are read concurrently.
func (r *Repo) Session(ctx context.Context) (Session, error) {
	if s, ok := ctx.Value(sessionKey{}).(Session); ok {
		return s, nil
	}
	claims, ok := auth.ClaimsFrom(ctx)
	if !ok {
		return Session{}, apperr.Errorf(apperr.Unauthorized, "Sign in to continue.")
	}
	id, err := r.identityOf(ctx, claims.Subject)
	if err != nil {
		return Session{}, err
	}
	t, err := account.Tenant(id.AccountID)
	if err != nil {
		return Session{}, err
	}
	res, err := r.resolve(ctx, t, id)
	if err != nil {
		return Session{}, err
	}
	// The cached values are shared: the session gets its own copies of their lists.
	p, acct, stores := res.profile.clone(), res.account, slices.Clone(res.stores)
	actorUserID, err := r.actorOf(ctx, claims, id)
	if err != nil {
		return Session{}, err
	}
	return Session{
		Principal: auth.Principal{
			Tenant:        t,
			AccountID:     p.AccountID,
			UserID:        p.UserID,
			Subject:       claims.Subject,
			Permissions:   p.Permissions,
			AllowedStores: p.AllowedStores,
			ViewStores:    p.ViewStores,
			ActorSubject:  claims.ActorSubject,
			ActorUserID:   actorUserID,
			Partner:       claims.Partner,
		},
		Profile: p,
		Account: acct,
		Stores:  stores,
	}, nil
}

// resolve reads the profile of user id and its account with the stores, concurrently, or
// takes them from the session cache.
func (r *Repo) resolve(ctx context.Context, t store.Tenant, id identity) (resolved, error) {
	if res, ok := r.sessions.get(id); ok {
		return res, nil
	}
	var (
		wg     sync.WaitGroup
		acct   account.Account
		stores []account.Store
		accErr error
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		acct, stores, accErr = r.accounts.Load(ctx, t)
	}()
	p, _, err := r.Profile(ctx, t, id.UserID)
	wg.Wait()
	if apperr.CodeOf(err) == apperr.NotFound {
		return resolved{}, noProfile(err)
	}
	if err != nil {
		return resolved{}, err
	}
	if accErr != nil {
		return resolved{}, accErr
	}
	if !p.Active() {
		return resolved{}, apperr.Errorf(apperr.Forbidden, "Your user account is not active.")
	}
	if p.HasAllPlatformAccess {
		p.ViewStores = nil
		for _, s := range stores {
			p.ViewStores = append(p.ViewStores, s.AccountPlatformID)
		}
	}
	res := resolved{profile: p, account: acct, stores: stores}
	r.sessions.put(id, res)
	return res, nil
}

type sessionKey struct{}

// WithSession returns a context carrying a session resolved for the request, so later calls of
// Session on it do not read the store again.
func WithSession(ctx context.Context, s Session) context.Context {
	return context.WithValue(ctx, sessionKey{}, s)
}

// Principal resolves the verified claims in ctx to the principal the request acts for, with
// the errors of Session.
func (r *Repo) Principal(ctx context.Context) (auth.Principal, error) {
	s, err := r.Session(ctx)
	return s.Principal, err
}

// identityCache keeps resolved subjects, up to a bound after which it starts again.
type identityCache struct {
	mu sync.Mutex
	m  map[string]identity
}

const maxCachedIdentities = 10000

func (c *identityCache) get(subject string) (identity, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.m[subject]
	return id, ok
}

func (c *identityCache) put(subject string, id identity) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCachedIdentities {
		c.m = map[string]identity{}
	}
	c.m[subject] = id
}

// Setting is one saved user setting.
type Setting struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

var settingKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// MaxSettingValue is the longest setting value accepted, in bytes.
const MaxSettingValue = 4096

// ValidateSetting checks a setting's key and value.
func ValidateSetting(s Setting) error {
	fields := map[string]string{}
	if !settingKeyPattern.MatchString(s.Key) {
		fields["key"] = "The key must be 1 to 64 letters, digits, dots, hyphens or underscores."
	}
	if len(s.Value) > MaxSettingValue {
		fields["value"] = "The value must be at most " + strconv.Itoa(MaxSettingValue) + " bytes."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The setting is not valid.", fields)
	}
	return nil
}

func settingKey(p auth.Principal, key string) (store.Key, error) {
	return Key(p.Tenant, p.UserID, "SETTING#"+key)
}

// Setting returns the principal's setting key. A setting never saved is a NotFound error.
func (r *Repo) Setting(ctx context.Context, p auth.Principal, key string) (Setting, error) {
	if err := ValidateSetting(Setting{Key: key}); err != nil {
		return Setting{}, err
	}
	k, err := settingKey(p, key)
	if err != nil {
		return Setting{}, err
	}
	var s Setting
	if _, err := r.s.Get(ctx, k, &s); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Setting{}, apperr.Errorf(apperr.NotFound, "The setting %s has not been saved.", key)
		}
		return Setting{}, fmt.Errorf("get setting %s: %w", key, err)
	}
	return s, nil
}

// SaveSetting stores the principal's setting, replacing its earlier value.
func (r *Repo) SaveSetting(ctx context.Context, p auth.Principal, s Setting) error {
	if err := ValidateSetting(s); err != nil {
		return err
	}
	k, err := settingKey(p, s.Key)
	if err != nil {
		return err
	}
	if _, err := r.s.Put(ctx, store.Record{Key: k, Type: "UserSetting", Value: s}); err != nil {
		return fmt.Errorf("save setting %s: %w", s.Key, err)
	}
	return nil
}
