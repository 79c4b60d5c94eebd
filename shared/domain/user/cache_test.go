package user

import (
	"testing"
	"time"
)

func TestSessionCache(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	c := &sessionCache{now: func() time.Time { return now }}
	id := identity{AccountID: 1001, UserID: "100001"}
	other := identity{AccountID: 1002, UserID: "100001"}
	c.put(id, resolved{profile: Profile{UserID: "100001", Roles: []string{"SalesPerson"}}})

	tests := []struct {
		name  string
		after time.Duration
		id    identity
		want  bool
	}{
		{"fresh", 0, id, true},
		{"just before expiry", sessionTTL - time.Nanosecond, id, true},
		{"at expiry", sessionTTL, id, false},
		{"another account's user of the same id", 0, other, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.now = func() time.Time { return now.Add(tt.after) }
			_, ok := c.get(tt.id)
			if ok != tt.want {
				t.Fatalf("get after %v = %v, want %v", tt.after, ok, tt.want)
			}
		})
	}

	c.now = func() time.Time { return now }
	c.forget(id)
	if _, ok := c.get(id); ok {
		t.Fatal("a forgotten user is still cached")
	}
}

func TestProfileCloneSharesNoList(t *testing.T) {
	p := Profile{Roles: make([]string, 1, 4), ViewStores: make([]int64, 1, 4)}
	c := p.clone()
	c.Roles = append(c.Roles, "DealerAdmin")
	c.ViewStores = append(c.ViewStores, 2001)
	c.Roles[0], c.ViewStores[0] = "GeneralManager", 3001
	if p.Roles[0] != "" || p.ViewStores[0] != 0 || len(p.Roles[:cap(p.Roles)]) != 4 || p.Roles[:2][1] != "" || p.ViewStores[:2][1] != 0 {
		t.Fatalf("the clone changed the cached profile: %+v", p)
	}
}
