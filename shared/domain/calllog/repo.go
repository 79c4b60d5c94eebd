package calllog

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// maxAttempts bounds the retries of a write whose customer's activity summary changed
// between its read and the transaction.
const maxAttempts = 8

// Repo reads and writes the Call Log.
type Repo struct {
	s   *store.Store
	log *activity.Repo
	now func() time.Time
}

// NewRepo returns a repository over s, writing matched calls' activity entries.
func NewRepo(s *store.Store, logger *slog.Logger) *Repo {
	return &Repo{s: s, log: activity.NewRepo(s, nil, logger), now: s.Now}
}

// WithClock returns a copy of r stamped by now.
func (r *Repo) WithClock(now func() time.Time) *Repo {
	c := *r
	c.now = now
	c.log = r.log.WithClock(now)
	return &c
}

// Get returns call id of store storeID. A missing call is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, storeID int64, id string) (Call, error) {
	k, err := callKey(t, storeID, id)
	if err != nil {
		return Call{}, err
	}
	var c Call
	v, err := r.s.Get(ctx, k, &c)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Call{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Call{}, fmt.Errorf("get call %s: %w", id, err)
	}
	c.Version = v
	return c, nil
}

// Receive records call c as the provider delivered it, matched to customer m when m names
// one (with its activity entry by a, in the same transaction), and returns it; created is false
// when the log held the call already, which is then returned unchanged: a delivery sent again
// has no second effect.
func (r *Repo) Receive(ctx context.Context, t store.Tenant, c Call, m Customer, a Actor) (Call, bool, error) {
	c.ReceivedAt = r.now().UTC()
	c.Version = 0
	for attempt := 0; ; attempt++ {
		n := c
		var ops []store.Op
		if m.ContactID > 0 {
			n.ContactID, n.ContactName, n.MatchedBy = m.ContactID, m.Name, "phone"
			e, aops, err := r.log.Ops(ctx, t, entry(n, m, a))
			if err != nil {
				return Call{}, false, err
			}
			n.ActivityID = e.ID
			ops = aops
		}
		rec, err := n.record(t)
		if err != nil {
			return Call{}, false, err
		}
		err = r.s.Transact(ctx, append([]store.Op{store.CreateOp(rec)}, ops...)...)
		if apperr.CodeOf(err) == apperr.Conflict {
			if prev, gerr := r.Get(ctx, t, c.AccountPlatformID, c.ID); gerr == nil {
				return prev, false, nil
			}
			if attempt < maxAttempts {
				continue
			}
		}
		if err != nil {
			return Call{}, false, fmt.Errorf("receive call %s: %w", c.ID, err)
		}
		n.Version = 1
		return n, true, nil
	}
}

// update applies change to call id of store storeID read at version, with the writes more
// returns for the changed call, and returns the call written. Another version is a Conflict
// error (MsgStale); a missing call NotFound.
func (r *Repo) update(ctx context.Context, t store.Tenant, storeID int64, id string, version int64, change func(*Call) error, more func(*Call) ([]store.Op, error)) (Call, error) {
	for attempt := 0; ; attempt++ {
		c, err := r.Get(ctx, t, storeID, id)
		if err != nil {
			return Call{}, err
		}
		if c.Version != version {
			return Call{}, apperr.Errorf(apperr.Conflict, MsgStale)
		}
		if err := change(&c); err != nil {
			return Call{}, err
		}
		var ops []store.Op
		if more != nil {
			if ops, err = more(&c); err != nil {
				return Call{}, err
			}
		}
		rec, err := c.record(t)
		if err != nil {
			return Call{}, err
		}
		err = r.s.Transact(ctx, append([]store.Op{store.UpdateOp(rec)}, ops...)...)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < maxAttempts {
			// The call changed (the next read answers stale) or the customer's activity did.
			continue
		}
		if err != nil {
			return Call{}, fmt.Errorf("update call %s: %w", id, err)
		}
		c.Version++
		return c, nil
	}
}

// Match matches unmatched call id of store storeID, read at version, to customer m, writing
// its activity entry by a. A matched call is a Conflict error (MsgMatched).
func (r *Repo) Match(ctx context.Context, t store.Tenant, storeID int64, id string, version int64, m Customer, a Actor) (Call, error) {
	return r.update(ctx, t, storeID, id, version, func(c *Call) error {
		if c.Matched() {
			return apperr.Errorf(apperr.Conflict, MsgMatched)
		}
		c.ContactID, c.ContactName, c.MatchedBy = m.ContactID, m.Name, a.UserID
		return nil
	}, func(c *Call) ([]store.Op, error) {
		e, ops, err := r.log.Ops(ctx, t, entry(*c, m, a))
		if err != nil {
			return nil, err
		}
		c.ActivityID = e.ID
		return ops, nil
	})
}

// AssignLoggedBy records userID (named name) as the user who took call id of store storeID,
// read at version; "" clears it.
func (r *Repo) AssignLoggedBy(ctx context.Context, t store.Tenant, storeID int64, id string, version int64, userID, name string) (Call, error) {
	return r.update(ctx, t, storeID, id, version, func(c *Call) error {
		c.LoggedByUserID, c.LoggedByName = userID, name
		return nil
	}, nil)
}

// SetHidden hides (or shows again) call id of store storeID, read at version. Showing an
// archived call also takes it out of the archive.
func (r *Repo) SetHidden(ctx context.Context, t store.Tenant, storeID int64, id string, version int64, hidden bool) (Call, error) {
	return r.update(ctx, t, storeID, id, version, func(c *Call) error {
		c.Hidden = hidden
		if !hidden {
			c.Archived = false
		}
		return nil
	}, nil)
}

// Each calls fn with every call of store storeID that started in [from, to) (a zero bound is
// none), the earliest first, reading the store's index a page at a time. fn returning an error
// stops and returns it.
func (r *Repo) Each(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time, fn func(Call) error) error {
	part, err := t.Partition("CALLS", storePart(storeID))
	if err != nil {
		return err
	}
	q := store.Query{Index: "GSI1", Partition: part, Limit: 500, SortFrom: "0", SortTo: "9"}
	if !from.IsZero() {
		q.SortFrom = from.UTC().Format(timeLayout)
	}
	if !to.IsZero() {
		q.SortTo = to.UTC().Format(timeLayout)
	}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("calls of store %d: %w", storeID, err)
		}
		var cs []Call
		if err := page.Decode(&cs); err != nil {
			return err
		}
		for _, c := range cs {
			if err := fn(c); err != nil {
				return err
			}
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}
