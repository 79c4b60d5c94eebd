package reuse_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/reuse"
)

func TestCacheReusesForItsTime(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	c := reuse.Cache[string]{For: 30 * time.Second, Now: func() time.Time { return now }}
	c.Put("a", "first")
	tests := []struct {
		name   string
		after  time.Duration
		key    string
		want   string
		wantOK bool
	}{
		{"at once", 0, "a", "first", true},
		{"just before its time ends", 29 * time.Second, "a", "first", true},
		{"when its time ends", 30 * time.Second, "a", "", false},
		{"a key never kept", 0, "b", "", false},
	}
	start := now
	for _, tt := range tests {
		now = start.Add(tt.after)
		got, ok := c.Get(tt.key)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: Get(%q) = %q, %v; want %q, %v", tt.name, tt.key, got, ok, tt.want, tt.wantOK)
		}
	}
	now = start.Add(time.Minute)
	c.Put("a", "second")
	if got, ok := c.Get("a"); got != "second" || !ok {
		t.Errorf("after a new Put: %q, %v", got, ok)
	}
}
