package realtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/push"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

var start = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// fixture is a store with a clock the test moves and two users of account 1001 (one inactive)
// and one of account 2002.
type fixture struct {
	s     *store.Store
	now   *time.Time
	users *user.Repo
	reg   *realtime.Registry
	key   []byte
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	now := start
	s := dynamotest.Store(t).WithClock(func() time.Time { return now })
	users := user.NewRepo(s)
	for _, p := range []user.Profile{
		{UserID: "u1", AccountID: 1001, FirstName: "Ann", LastName: "Active", UserStatus: user.StatusActive, AllowedStores: []int64{11}},
		{UserID: "u2", AccountID: 1001, FirstName: "Ian", LastName: "Inactive", UserStatus: user.StatusInactive, AllowedStores: []int64{11}},
		{UserID: "u1", AccountID: 2002, FirstName: "Oda", LastName: "Other", UserStatus: user.StatusActive, AllowedStores: []int64{21}},
	} {
		if err := users.CreateProfile(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	return fixture{s: s, now: &now, users: users, reg: realtime.NewRegistry(s, users), key: s.DeriveKey(realtime.KeyPurpose)}
}

func tenant(t *testing.T, account string) store.Tenant {
	t.Helper()
	tn, err := store.NewTenant(account)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func TestConnect(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	good := realtime.Issue(f.key, "1001", "u1").AuthToken
	tests := []struct {
		name, account, userID, token, id string
		ok                               bool
	}{
		{"the user's own token", "1001", "u1", good, "c-ok", true},
		{"another user's token", "1001", "u2", good, "c-other-user", false},
		{"the same user id in another dealer group", "2002", "u1", good, "c-other-group", false},
		{"an inactive user with a valid token", "1001", "u2", realtime.Issue(f.key, "1001", "u2").AuthToken, "c-inactive", false},
		{"an unknown user", "1001", "nobody", realtime.Issue(f.key, "1001", "nobody").AuthToken, "c-unknown", false},
		{"a token signed with another key", "1001", "u1", realtime.Issue([]byte("other key"), "1001", "u1").AuthToken, "c-key", false},
		{"no token", "1001", "u1", "", "c-empty", false},
		{"a bad connection id", "1001", "u1", good, "a#b", false},
		{"a channel without an account", "", "u1", good, "c-no-account", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := f.reg.Connect(ctx, realtime.Channel(tt.account, tt.userID), tt.token, tt.id)
			if tt.ok != (err == nil) {
				t.Fatalf("Connect = %v, want ok %v", err, tt.ok)
			}
			if !tt.ok && apperr.CodeOf(err) != apperr.Unauthorized {
				t.Errorf("Connect = %v, want Unauthorized", err)
			}
		})
	}
	// Only the accepted connection is registered, and only under its own dealer group.
	for _, acct := range []string{"1001", "2002"} {
		for _, u := range []string{"u1", "u2"} {
			got, err := f.reg.Connections(ctx, tenant(t, acct), u)
			if err != nil {
				t.Fatal(err)
			}
			want := []string(nil)
			if acct == "1001" && u == "u1" {
				want = []string{"c-ok"}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Connections(%s, %s) = %v, want %v", acct, u, got, want)
			}
		}
	}
}

func TestRegistryLifecycle(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	tn := tenant(t, "1001")
	steps := []struct {
		name string
		do   func() error
		want []string
	}{
		{"first tab", func() error { return f.reg.Register(ctx, tn, "u1", "a") }, []string{"a"}},
		{"second tab a minute later", func() error {
			*f.now = f.now.Add(time.Minute)
			return f.reg.Register(ctx, tn, "u1", "b")
		}, []string{"a", "b"}},
		{"first tab closes", func() error { return f.reg.Disconnect(ctx, "a") }, []string{"b"}},
		{"a disconnect of an unknown connection", func() error { return f.reg.Disconnect(ctx, "never") }, []string{"b"}},
		{"the second disconnects twice", func() error {
			if err := f.reg.Disconnect(ctx, "b"); err != nil {
				return err
			}
			return f.reg.Disconnect(ctx, "b")
		}, nil},
		{"a connection past its two hours is not listed", func() error {
			if err := f.reg.Register(ctx, tn, "u1", "c"); err != nil {
				return err
			}
			*f.now = f.now.Add(realtime.ConnectionTTL)
			return nil
		}, nil},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got, err := f.reg.Connections(ctx, tn, "u1")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, st.want) {
			t.Errorf("%s: Connections = %v, want %v", st.name, got, st.want)
		}
	}
}

// poster is a fake push.Poster: it records posts and answers gone for the ids in gone and an
// error for those in failing.
type poster struct {
	mu      sync.Mutex
	posts   map[string][]realtime.Message
	gone    map[string]bool
	failing map[string]bool
}

var _ push.Poster = (*poster)(nil)

func (p *poster) Post(_ context.Context, id string, data []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.gone[id] {
		return fmt.Errorf("post: %w", push.ErrGone)
	}
	if p.failing[id] {
		return fmt.Errorf("post: throttled")
	}
	var m realtime.Message
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	if p.posts == nil {
		p.posts = map[string][]realtime.Message{}
	}
	p.posts[id] = append(p.posts[id], m)
	return nil
}

func TestPublisherSend(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	tn, other := tenant(t, "1001"), tenant(t, "2002")
	for _, c := range []struct {
		t        store.Tenant
		user, id string
	}{{tn, "u1", "u1-tab1"}, {tn, "u1", "u1-tab2"}, {tn, "u2", "u2-gone"}, {tn, "u3", "u3-throttled"}, {other, "u1", "other-u1"}} {
		if err := f.reg.Register(ctx, c.t, c.user, c.id); err != nil {
			t.Fatal(err)
		}
	}
	p := &poster{gone: map[string]bool{"u2-gone": true}, failing: map[string]bool{"u3-throttled": true}}
	pub := realtime.NewPublisher(f.reg, p, nil)
	m := realtime.Message{Type: realtime.TypeChat, ID: "evt-1", GroupID: "g1", Summary: "Hello", At: start}
	sent, err := pub.Send(ctx, tn, []string{"u1", "u2", "u3", "u1", "nobody"}, m)
	if err != nil {
		t.Fatal(err)
	}
	if sent != 2 {
		t.Errorf("sent = %d, want 2 (the two tabs of u1)", sent)
	}
	tests := []struct {
		conn    string
		channel string // "" for no message
	}{
		{"u1-tab1", "cxm.1001.user.u1"},
		{"u1-tab2", "cxm.1001.user.u1"},
		{"u2-gone", ""},
		{"u3-throttled", ""},
		{"other-u1", ""}, // the same user id in another dealer group
	}
	for _, tt := range tests {
		got := p.posts[tt.conn]
		switch {
		case tt.channel == "" && len(got) != 0:
			t.Errorf("%s got %v, want nothing", tt.conn, got)
		case tt.channel != "" && (len(got) != 1 || got[0].Channel != tt.channel || got[0].ID != "evt-1" || got[0].GroupID != "g1"):
			t.Errorf("%s got %+v, want one message on %s", tt.conn, got, tt.channel)
		}
	}
	// The gone connection is forgotten; the throttled one is kept for the next message.
	for user, want := range map[string][]string{"u2": nil, "u3": {"u3-throttled"}} {
		got, err := f.reg.Connections(ctx, tn, user)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("Connections(%s) = %v, want %v", user, got, want)
		}
	}
}

func TestParseChannel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		channel, account, user string
		ok                     bool
	}{
		{realtime.Channel("1001", "u1"), "1001", "u1", true},
		{"cxm.1001.user.", "", "", false},
		{"cxm.10.01.user.u1", "", "", false},
		{"other.1001.user.u1", "", "", false},
	}
	for _, tt := range tests {
		a, u, ok := realtime.ParseChannel(tt.channel)
		if a != tt.account || u != tt.user || ok != tt.ok {
			t.Errorf("ParseChannel(%q) = %q, %q, %v", tt.channel, a, u, ok)
		}
	}
}

func TestSummary(t *testing.T) {
	t.Parallel()
	long := string(make([]rune, 200))
	tests := []struct {
		in   string
		want int
	}{{"Hi", 2}, {long, realtime.MaxSummary}}
	for _, tt := range tests {
		if got := len([]rune(realtime.Summary(tt.in))); got != tt.want {
			t.Errorf("len(Summary) = %d, want %d", got, tt.want)
		}
	}
}
