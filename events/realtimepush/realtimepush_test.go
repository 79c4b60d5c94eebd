package realtimepush_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/events/realtimepush"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/chat"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/push"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

var at = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// poster records what each connection received.
type poster struct {
	mu  sync.Mutex
	got map[string][]realtime.Message
}

var _ push.Poster = (*poster)(nil)

func (p *poster) Post(_ context.Context, id string, data []byte) error {
	var m realtime.Message
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.got[id] = append(p.got[id], m)
	return nil
}

func (p *poster) take() map[string][]realtime.Message {
	p.mu.Lock()
	defer p.mu.Unlock()
	got := p.got
	p.got = map[string][]realtime.Message{}
	return got
}

func event(t *testing.T, id, typ, account string, detail any) eventbus.Event {
	t.Helper()
	b, err := json.Marshal(detail)
	if err != nil {
		t.Fatal(err)
	}
	return eventbus.Event{ID: id, Type: typ, Account: account, Time: at, Detail: b}
}

// TestPush delivers each event twice, as at-least-once delivery may, to a dealer group
// 1001 with users of store 11 and of store 12, and a second group 2002 whose users have the
// same ids: each event reaches the right connections of its own group once.
func TestPush(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t).WithClock(func() time.Time { return at })
	svc := wiring.New(s, eventbus.NewMemory(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	p := &poster{got: map[string][]realtime.Message{}}
	svc.Push = p
	users := user.NewRepo(s)
	reg := realtime.NewRegistry(s, users)
	for _, u := range []struct {
		p    user.Profile
		conn string
	}{
		{user.Profile{UserID: "store11", AccountID: 1001, UserStatus: user.StatusActive, AllowedStores: []int64{11}}, "c-store11"},
		{user.Profile{UserID: "store12", AccountID: 1001, UserStatus: user.StatusActive, AllowedStores: []int64{12}}, "c-store12"},
		{user.Profile{UserID: "manager", AccountID: 1001, UserStatus: user.StatusActive, HasAllPlatformAccess: true}, "c-manager"},
		{user.Profile{UserID: "viewer", AccountID: 1001, UserStatus: user.StatusActive, AllowedStores: []int64{12}, ViewStores: []int64{11}}, "c-viewer"},
		{user.Profile{UserID: "gone", AccountID: 1001, UserStatus: user.StatusInactive, AllowedStores: []int64{11}}, "c-inactive"},
		{user.Profile{UserID: "store11", AccountID: 2002, UserStatus: user.StatusActive, AllowedStores: []int64{11}, HasAllPlatformAccess: true}, "c-other-group"},
	} {
		if err := users.CreateProfile(ctx, u.p); err != nil {
			t.Fatal(err)
		}
		tn, _ := store.NewTenant(map[int64]string{1001: "1001", 2002: "2002"}[u.p.AccountID])
		if err := reg.Register(ctx, tn, u.p.UserID, u.conn); err != nil {
			t.Fatal(err)
		}
	}
	bus := eventbus.NewMemory()
	for _, c := range realtimepush.Consumers(svc) {
		bus.Register(c)
	}
	tests := []struct {
		name  string
		event eventbus.Event
		// want maps each connection that gets the message to the message's type.
		want map[string]string
	}{
		{"an inbound text of a store-11 customer", event(t, "activity-1", activity.EventLogged, "1001", activity.Entry{ID: 1, ContactID: 42, AccountPlatformID: 11, Kind: activity.KindText, Direction: activity.Inbound, Text: "Is the car still there?"}),
			map[string]string{"c-store11": realtime.TypeActivity, "c-manager": realtime.TypeActivity, "c-viewer": realtime.TypeActivity}},
		{"an outbound e-mail of a store-12 customer", event(t, "activity-2", activity.EventLogged, "1001", activity.Entry{ID: 2, ContactID: 43, AccountPlatformID: 12, Kind: activity.KindEmail, Direction: activity.Outbound}),
			map[string]string{"c-store12": realtime.TypeActivity, "c-manager": realtime.TypeActivity, "c-viewer": realtime.TypeActivity}},
		{"a note is no conversation", event(t, "activity-3", activity.EventLogged, "1001", activity.Entry{ID: 3, ContactID: 42, AccountPlatformID: 11, Kind: activity.KindNote}),
			map[string]string{}},
		{"a chat message to its group's members", event(t, "chat-1", chat.EventMessageSent, "1001", chat.Sent{GroupID: "g1", MessageID: "m1", SenderUserID: "store11", UserIDs: []string{"store11", "store12"}, Message: "Lunch?"}),
			map[string]string{"c-store11": realtime.TypeChat, "c-store12": realtime.TypeChat}},
		{"a notification to its user", event(t, "n-1", notification.EventType, "1001", notification.Notification{UserID: "manager", Title: "Bulk reassignment finished"}),
			map[string]string{"c-manager": realtime.TypeNotification}},
		{"the other group's events stay in it", event(t, "n-2", notification.EventType, "2002", notification.Notification{UserID: "store11", Title: "Hello"}),
			map[string]string{"c-other-group": realtime.TypeNotification}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 2 {
				if err := bus.Publish(ctx, tt.event); err != nil {
					t.Fatal(err)
				}
			}
			got := p.take()
			for conn, msgs := range got {
				typ, ok := tt.want[conn]
				if !ok {
					t.Errorf("%s got %+v, want nothing", conn, msgs)
					continue
				}
				if len(msgs) != 1 || msgs[0].Type != typ || msgs[0].ID != tt.event.ID {
					t.Errorf("%s got %+v, want one %s message of %s", conn, msgs, typ, tt.event.ID)
				}
			}
			var missing []string
			for conn := range tt.want {
				if len(got[conn]) == 0 {
					missing = append(missing, conn)
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("no message for %v", missing)
			}
		})
	}
}

func TestSummaries(t *testing.T) {
	t.Parallel()
	tn, _ := store.NewTenant("1001")
	tests := []struct {
		name string
		e    eventbus.Event
		want string
	}{
		{"chat text", event(t, "c", chat.EventMessageSent, "1001", chat.Sent{GroupID: "g", UserIDs: []string{"a"}, Message: "See you at 3"}), "See you at 3"},
		{"notification title", event(t, "n", notification.EventType, "1001", notification.Notification{UserID: "a", Title: "Lead assigned"}), "Lead assigned"},
	}
	for _, tt := range tests {
		f := realtimepush.Chat
		if tt.e.Type == notification.EventType {
			f = realtimepush.Notification
		}
		_, m, err := f(context.Background(), tn, tt.e)
		if err != nil || m.Summary != tt.want {
			t.Errorf("%s: summary %q, %v; want %q", tt.name, m.Summary, err, tt.want)
		}
	}
}
