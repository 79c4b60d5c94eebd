package user_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// TestSessionWindow changes a signed-in user's profile from another process (another Lambda
// instance): a process that resolved the user's session keeps it for at most five seconds by
// its clock, then answers the change (a removed role, a disabled user).
func TestSessionWindow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var mu sync.Mutex
	now := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); defer mu.Unlock(); now = now.Add(d) }
	s := dynamotest.Store(t).WithClock(clock)
	svc := wiring.New(s, eventbus.NewMemory(), nil)
	if err := demo.Seed(ctx, svc, demo.Build(), func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }); err != nil {
		t.Fatal(err)
	}
	signedIn := auth.WithClaims(ctx, auth.ClaimsFromMap(map[string]string{"sub": "sub-100001", "token_use": "access"}))
	this := user.NewRepo(s) // the process serving the user
	first, err := this.Session(signedIn)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Profile.Roles) == 0 {
		t.Fatal("the demo user has no role to remove")
	}
	removed := first.Profile.Roles[0]

	// Another process writes the profile: one role fewer, then the user disabled.
	other := func(change func(*user.Profile)) {
		t.Helper()
		tn, _ := account.Tenant(first.Profile.AccountID)
		p, _, err := this.Profile(ctx, tn, first.Profile.UserID)
		if err != nil {
			t.Fatal(err)
		}
		change(&p)
		k, err := user.Key(tn, p.UserID, "PROFILE")
		if err != nil {
			t.Fatal(err)
		}
		lk, err := tn.IndexKey("GSI1", strings.ToUpper(p.LastName+"#"+p.FirstName)+"#"+p.UserID, "USERS")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Put(ctx, store.Record{Key: k, Indexes: []store.IndexKey{lk}, Type: "User", Value: p}); err != nil {
			t.Fatal(err)
		}
	}
	other(func(p *user.Profile) {
		p.Roles = slices.DeleteFunc(p.Roles, func(x string) bool { return x == removed })
	})
	tests := []struct {
		name      string
		after     time.Duration
		change    func(*user.Profile)
		hasRemove bool
		code      apperr.Code
	}{
		{name: "within the window the cached session answers", after: 4 * time.Second, hasRemove: true},
		{name: "after the window the removed role is gone", after: time.Second, hasRemove: false},
		{name: "a disabled user within the window", change: func(p *user.Profile) { p.UserStatus = user.StatusInactive }, after: 4 * time.Second},
		{name: "a disabled user after the window", after: time.Second, code: apperr.Forbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.change != nil {
				other(tt.change)
			}
			advance(tt.after)
			sess, err := this.Session(signedIn)
			if apperr.CodeOf(err) != tt.code {
				t.Fatalf("Session error = %v, want code %q", err, tt.code)
			}
			if err == nil && slices.Contains(sess.Profile.Roles, removed) != tt.hasRemove {
				t.Errorf("session has %s: %v, want %v", removed, !tt.hasRemove, tt.hasRemove)
			}
		})
	}
}
