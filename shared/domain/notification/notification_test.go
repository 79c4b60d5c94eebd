package notification_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		n     notification.Notification
		field string
	}{
		{"a title and a message", notification.Notification{Title: "t", Message: "m", Link: "#/app/leads"}, ""},
		{"empty: a refresh", notification.Notification{}, ""},
		{"title too long", notification.Notification{Title: strings.Repeat("x", 201)}, "Title"},
		{"message too long", notification.Notification{Message: strings.Repeat("x", 501)}, "Message"},
		{"link outside the app", notification.Notification{Link: "https://example.com"}, "Link"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := notification.Validate(tt.n)
			if tt.field == "" {
				if err != nil {
					t.Errorf("Validate = %v, want nil", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Fields[tt.field] == "" {
				t.Errorf("Validate = %v, want an error on %s", err, tt.field)
			}
		})
	}
}

// TestInbox sends 150 notifications a minute apart and reads them back: pages newest first,
// read marks, unread counts, and marking all read across more marks than one transaction
// takes.
func TestInbox(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	bus := eventbus.NewMemory()
	var told int
	bus.Subscribe(notification.EventType, func(context.Context, eventbus.Event) error { told++; return nil })
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	st := dynamotest.Store(t)
	relay := dynamotest.NewOutbox(t, st, bus)
	repo := notification.NewRepo(st, bus).WithClock(func() time.Time { return clock })
	const n = 150
	var sent []notification.Notification
	for i := range n {
		clock = clock.Add(time.Minute)
		s, err := repo.Send(ctx, tn, notification.Notification{UserID: "u1", FromUserID: "u2", Title: fmt.Sprint(i)})
		if err != nil {
			t.Fatal(err)
		}
		if !notification.ValidID(s.NotificationID) {
			t.Fatalf("id %q is not a notification id", s.NotificationID)
		}
		sent = append(sent, s)
	}
	if _, err := repo.Send(ctx, tn, notification.Notification{UserID: "u2", Title: "someone else's"}); err != nil {
		t.Fatal(err)
	}
	relay.Flush(t)
	if told != n+1 {
		t.Errorf("%d events announced, want %d", told, n+1)
	}
	unread := func(user string) int {
		t.Helper()
		c, err := repo.Unread(ctx, tn, user)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if got := unread("u1"); got != n {
		t.Errorf("unread = %d, want %d", got, n)
	}

	// Mark every third one read, one of them twice.
	for i := 0; i < n; i += 3 {
		if _, err := repo.MarkRead(ctx, tn, "u1", sent[i].NotificationID); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := repo.MarkRead(ctx, tn, "u1", sent[0].NotificationID); err != nil || !got.Read || got.Title != "0" {
		t.Errorf("marking read again = %+v, %v; want the notification, read", got, err)
	}
	if got := unread("u1"); got != n-n/3 {
		t.Errorf("unread = %d, want %d", got, n-n/3)
	}

	// Pages of 40, newest first, with the read marks.
	var all []notification.Notification
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("too many pages")
		}
		page, err := repo.List(ctx, tn, "u1", 40, cursor)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page.Notifications...)
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	if len(all) != n {
		t.Fatalf("listed %d notifications, want %d", len(all), n)
	}
	for i, got := range all {
		want := sent[n-1-i]
		if got.NotificationID != want.NotificationID || got.Read != ((n-1-i)%3 == 0) {
			t.Fatalf("notification %d = %s read=%v, want %s read=%v", i, got.NotificationID, got.Read, want.NotificationID, (n-1-i)%3 == 0)
		}
	}

	errs := []struct {
		name string
		id   string
		user string
	}{
		{"another user's", sent[1].NotificationID, "u2"},
		{"no such id", "1700000000000-0000000000000000", "u1"},
		{"not an id", "x#y", "u1"},
	}
	for _, tt := range errs {
		if _, err := repo.MarkRead(ctx, tn, tt.user, tt.id); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("%s: MarkRead = %v, want not found", tt.name, err)
		}
	}
	if _, err := repo.List(ctx, tn, "u2", 10, "bad.cursor"); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("a bad cursor: %v, want invalid", err)
	}

	marked, err := repo.MarkAllRead(ctx, tn, "u1")
	if err != nil || marked != n-n/3 {
		t.Errorf("MarkAllRead = %d, %v; want %d", marked, err, n-n/3)
	}
	if got := unread("u1"); got != 0 {
		t.Errorf("unread after marking all = %d, want 0", got)
	}
	if got := unread("u2"); got != 1 {
		t.Errorf("another user's unread = %d, want 1", got)
	}
	if marked, err := repo.MarkAllRead(ctx, tn, "u1"); err != nil || marked != 0 {
		t.Errorf("MarkAllRead again = %d, %v; want 0", marked, err)
	}
}
