package user

import (
	"slices"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
)

// sessionTTL is how long a user's resolved profile and account are reused. A session is read on
// every request; profiles and stores change rarely, and a change reaches every request within
// this time (a profile written through this repository at once).
const sessionTTL = 5 * time.Second

// maxCachedSessions bounds the cache; when it is full it starts again.
const maxCachedSessions = 10000

// resolved is what a session reads from the table: the user's profile (with its view stores
// resolved) and the user's account with its stores.
type resolved struct {
	profile Profile
	account account.Account
	stores  []account.Store
	expires time.Time
}

// sessionCache keeps resolved users for sessionTTL. Callers must not modify what it returns.
type sessionCache struct {
	mu  sync.Mutex
	m   map[identity]resolved
	now func() time.Time
}

func (c *sessionCache) get(id identity) (resolved, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[id]
	if !ok || !c.now().Before(r.expires) {
		return resolved{}, false
	}
	return r, true
}

func (c *sessionCache) put(id identity, r resolved) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCachedSessions {
		c.m = map[identity]resolved{}
	}
	r.expires = c.now().Add(sessionTTL)
	c.m[id] = r
}

// forget drops a user's entry, after a write of the user's profile.
func (c *sessionCache) forget(id identity) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// clone returns p with its own copies of its lists.
func (p Profile) clone() Profile {
	p.Roles = slices.Clone(p.Roles)
	p.Permissions = slices.Clone(p.Permissions)
	p.AllowedStores = slices.Clone(p.AllowedStores)
	p.ViewStores = slices.Clone(p.ViewStores)
	return p
}
