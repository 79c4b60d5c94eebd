package leads

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/store"
)

// intakeCacheTTL is how long the intake reuses what it read of a store: the store itself and
// its lead sources. They change rarely, and a change reaches the intake within this time.
// Intake keys, dealer settings and deliveries are never cached: a replaced key stops working at
// once, a changed setting (auto-assignment) applies to the next lead, and a repeated delivery
// is always found.
const intakeCacheTTL = 10 * time.Second

// maxIntakeCached bounds the cache; when it is full it starts again.
const maxIntakeCached = 4096

// intakeCache keeps the stable reads of the lead intake for intakeCacheTTL.
type intakeCache struct {
	mu  sync.Mutex
	m   map[string]cached
	now func() time.Time
}

type cached struct {
	value   any
	expires time.Time
}

func newIntakeCache(now func() time.Time) *intakeCache {
	return &intakeCache{m: map[string]cached{}, now: now}
}

// through returns the value of key, reading it with read when it is not cached or expired.
// Errors are not cached.
func through[T any](c *intakeCache, key string, read func() (T, error)) (T, error) {
	c.mu.Lock()
	e, ok := c.m[key]
	c.mu.Unlock()
	if ok && c.now().Before(e.expires) {
		return e.value.(T), nil
	}
	v, err := read()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxIntakeCached {
		c.m = map[string]cached{}
	}
	c.m[key] = cached{value: v, expires: c.now().Add(intakeCacheTTL)}
	return v, nil
}

// intakeStore returns the active store storeID of tenant t, from the cache when it is fresh.
func (a *area) intakeStore(ctx context.Context, t store.Tenant, storeID int64) (account.Store, error) {
	return through(a.intake, fmt.Sprintf("store/%s/%d", t.Account(), storeID), func() (account.Store, error) {
		return a.store(ctx, t, storeID)
	})
}

// intakeSource returns the lead source name of store storeID, creating it when missing, from
// the cache when fresh.
func (a *area) intakeSource(ctx context.Context, t store.Tenant, storeID int64, name string) (lead.Source, error) {
	return through(a.intake, fmt.Sprintf("source/%s/%d/%s", t.Account(), storeID, name), func() (lead.Source, error) {
		return a.leads.EnsureSource(ctx, t, storeID, name)
	})
}
