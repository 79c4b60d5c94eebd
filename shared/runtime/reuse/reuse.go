// Package reuse keeps values a process read for a while, so a hot path does not read again
// what seldom changes. A value is reused until For has passed on the cache's clock; a change
// elsewhere therefore reaches this process within For, and the code that keeps a value says
// which changes may wait that long.
package reuse

import (
	"sync"
	"time"
)

// MaxKeys bounds the values a cache keeps: past it the cache starts afresh.
const MaxKeys = 10_000

// Cache keeps values by key for For, on the clock Now.
type Cache[V any] struct {
	For time.Duration
	Now func() time.Time

	mu sync.Mutex
	m  map[string]kept[V]
}

type kept[V any] struct {
	v     V
	until time.Time
}

// Get returns the value kept for key while it may be reused.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.m[key]
	if !ok || !c.Now().Before(k.until) {
		var zero V
		return zero, false
	}
	return k.v, true
}

// Put keeps v for key for For from now.
func (c *Cache[V]) Put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= MaxKeys {
		c.m = map[string]kept[V]{}
	}
	c.m[key] = kept[V]{v: v, until: c.Now().Add(c.For)}
}
