// Package availability keeps whether each user is available to take customers: available, or
// unavailable for a reason and optionally until a time, after which the user is available
// again. Users change their own availability; managers change that of users of their stores.
package availability

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MaxAhead is how far ahead an unavailability may end.
const MaxAhead = 366 * 24 * time.Hour

// AwayReason is a reason a user can give for being unavailable.
type AwayReason struct {
	ReasonID  int    `json:"ReasonId"`
	Name      string `json:"Name"`
	Active    bool   `json:"Active"`
	SortOrder int    `json:"SortOrder"`
}

// Availability is a user's availability.
type Availability struct {
	UserID    string `json:"UserId"`
	Available bool   `json:"Available"`
	// ReasonID and Reason say why an unavailable user is unavailable; 0 and "" otherwise.
	ReasonID int    `json:"ReasonId"`
	Reason   string `json:"Reason"`
	// Until is when an unavailable user becomes available again; nil for until changed.
	Until     *time.Time `json:"Until,omitempty"`
	UpdatedBy string     `json:"UpdatedBy"`
	UpdatedAt *time.Time `json:"UpdatedAt,omitempty"`
}

// At returns the availability in effect at now: an unavailability that has ended is available.
func (a Availability) At(now time.Time) Availability {
	if !a.Available && a.Until != nil && !now.Before(*a.Until) {
		return Availability{UserID: a.UserID, Available: true, UpdatedBy: a.UpdatedBy, UpdatedAt: a.UpdatedAt}
	}
	return a
}

// Change is a request to change a user's availability.
type Change struct {
	UserID    string
	Available bool
	ReasonID  int
	Until     *time.Time
}

// CanChange reports whether actor may change target's availability: users may change their
// own, and managers (pando.cxm.dashboard.manager) that of users of a store they may view.
func CanChange(actor auth.Principal, target user.Profile) bool {
	if actor.UserID == target.UserID {
		return true
	}
	return actor.Can(role.PermManagerDashboard) && target.BelongsToAny(actor.ViewStores)
}

// Headcount is how many users are available and unavailable, over all stores (AccountPlatformID 0)
// or at one store.
type Headcount struct {
	AccountPlatformID int64 `json:"AccountPlatformId"`
	Available         int   `json:"Available"`
	Unavailable       int   `json:"Unavailable"`
	Total             int   `json:"Total"`
}

// Tally counts the active employees among users belonging to any of stores, by their
// availability at now (users without a stored availability are available).
func Tally(users []user.Profile, avail map[string]Availability, stores []int64, now time.Time) Headcount {
	var c Headcount
	for _, p := range users {
		if !user.Employee(p) || !p.Active() || !p.BelongsToAny(stores) {
			continue
		}
		c.Total++
		if a, ok := avail[p.UserID]; ok && !a.At(now).Available {
			c.Unavailable++
		} else {
			c.Available++
		}
	}
	return c
}

// TallyPerStore is Tally for each of stores, in the order given.
func TallyPerStore(users []user.Profile, avail map[string]Availability, stores []account.Store, now time.Time) []Headcount {
	out := make([]Headcount, 0, len(stores))
	for _, st := range stores {
		c := Tally(users, avail, []int64{st.AccountPlatformID}, now)
		c.AccountPlatformID = st.AccountPlatformID
		out = append(out, c)
	}
	return out
}

// Repo reads and writes reasons and availabilities.
//
//	pattern                        index  key condition
//	reasons of an account          table  PK = A#{acct}#AVAILABILITY, begins_with(SK, REASON#)
//	availabilities of an account   table  PK = A#{acct}#AVAILABILITY, begins_with(SK, USER#)
//	availability of a user         table  PK = A#{acct}#AVAILABILITY, SK = USER#{id}
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

// Now returns the repository's current time.
func (r *Repo) Now() time.Time { return r.now() }

func reasonKey(t store.Tenant, id int) (store.Key, error) {
	return t.Key(fmt.Sprintf("REASON#%04d", id), "AVAILABILITY")
}

func userKey(t store.Tenant, userID string) (store.Key, error) {
	return t.Key("USER#"+userID, "AVAILABILITY")
}

// CreateReason adds a reason of tenant t. An existing reason id is a Conflict error.
func (r *Repo) CreateReason(ctx context.Context, t store.Tenant, reason AwayReason) error {
	if reason.ReasonID <= 0 || reason.Name == "" {
		return apperr.Errorf(apperr.Invalid, "A reason needs a positive id and a name.")
	}
	k, err := reasonKey(t, reason.ReasonID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "AvailabilityReason", Value: reason})
}

// Reasons returns the reasons of tenant t in their sort order; with activeOnly only active ones.
func (r *Repo) Reasons(ctx context.Context, t store.Tenant, activeOnly bool) ([]AwayReason, error) {
	part, err := t.Partition("AVAILABILITY")
	if err != nil {
		return nil, err
	}
	all, err := store.QueryAll[AwayReason](ctx, r.s, store.Query{Partition: part, SortPrefix: "REASON#"})
	if err != nil {
		return nil, fmt.Errorf("list availability reasons: %w", err)
	}
	out := []AwayReason{}
	for _, reason := range all {
		if reason.Active || !activeOnly {
			out = append(out, reason)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].SortOrder != out[j].SortOrder {
			return out[i].SortOrder < out[j].SortOrder
		}
		return out[i].ReasonID < out[j].ReasonID
	})
	return out, nil
}

// All returns every stored availability of tenant t by user id, as stored (see At).
func (r *Repo) All(ctx context.Context, t store.Tenant) (map[string]Availability, error) {
	part, err := t.Partition("AVAILABILITY")
	if err != nil {
		return nil, err
	}
	items, err := store.QueryAll[Availability](ctx, r.s, store.Query{Partition: part, SortPrefix: "USER#"})
	if err != nil {
		return nil, fmt.Errorf("list availabilities: %w", err)
	}
	out := make(map[string]Availability, len(items))
	for _, a := range items {
		out[a.UserID] = a
	}
	return out, nil
}

// Get returns the availability of userID in effect now; a user who never set one is available.
func (r *Repo) Get(ctx context.Context, t store.Tenant, userID string) (Availability, error) {
	k, err := userKey(t, userID)
	if err != nil {
		return Availability{}, err
	}
	var a Availability
	if _, err := r.s.Get(ctx, k, &a); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Availability{UserID: userID, Available: true}, nil
		}
		return Availability{}, fmt.Errorf("get availability of %s: %w", userID, err)
	}
	return a.At(r.now()), nil
}

// Set applies c on behalf of by and returns the new availability. An unavailability needs an
// active reason of tenant t and, when it has an end, one in the future within MaxAhead; an
// availability takes neither. A bad change is an Invalid error and changes nothing. Callers
// check CanChange first.
func (r *Repo) Set(ctx context.Context, t store.Tenant, c Change, by string) (Availability, error) {
	now := r.now().UTC()
	a := Availability{UserID: c.UserID, Available: c.Available, UpdatedBy: by, UpdatedAt: &now}
	fields := map[string]string{}
	if c.Available {
		if c.ReasonID != 0 {
			fields["ReasonId"] = "An available user has no reason."
		}
		if c.Until != nil {
			fields["Until"] = "An available user has no end time."
		}
	} else {
		reasons, err := r.Reasons(ctx, t, true)
		if err != nil {
			return Availability{}, err
		}
		i := slices.IndexFunc(reasons, func(x AwayReason) bool { return x.ReasonID == c.ReasonID })
		if i < 0 {
			fields["ReasonId"] = "Choose one of the availability reasons."
		} else {
			a.ReasonID, a.Reason = reasons[i].ReasonID, reasons[i].Name
		}
		if c.Until != nil {
			until := c.Until.UTC()
			if !until.After(now) || until.Sub(now) > MaxAhead {
				fields["Until"] = "The end time must be in the future, at most a year ahead."
			}
			a.Until = &until
		}
	}
	if len(fields) > 0 {
		return Availability{}, apperr.InvalidFields("The availability is not valid.", fields)
	}
	k, err := userKey(t, c.UserID)
	if err != nil {
		return Availability{}, err
	}
	if _, err := r.s.Put(ctx, store.Record{Key: k, Type: "Availability", Value: a}); err != nil {
		return Availability{}, fmt.Errorf("set availability of %s: %w", c.UserID, err)
	}
	return a, nil
}

// Create stores a as the availability of a.UserID unless one is stored already, for seeding.
// An existing availability is a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, a Availability) error {
	k, err := userKey(t, a.UserID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "Availability", Value: a})
}
