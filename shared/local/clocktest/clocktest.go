// Package clocktest is the clock tests inject where code takes the time: it stands still until
// the test advances it, and is safe to read from consumers running alongside the test.
package clocktest

import (
	"sync"
	"time"
)

// Clock is a fake clock tests advance.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New returns a clock that reads start until advanced.
func New(start time.Time) *Clock { return &Clock{now: start} }

// Now is the clock's time; pass c.Now where a clock function is injected.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock d on.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
