package users_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/users"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

// TestMyNotifications sends notifications at fixed times and reads them as their recipient:
// the list newest first in signed pages, the unread count, marking one and all read, and
// nothing of another user's.
func TestMyNotifications(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	repo := notification.NewRepo(srv.Services.Store, nil).WithClock(func() time.Time { return clock })
	send := func(to, title string) notification.Notification {
		t.Helper()
		clock = clock.Add(time.Minute)
		n, err := repo.Send(ctx, tn, notification.Notification{UserID: to, FromUserID: sales, Title: title})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	first, second, third := send(parts, "first"), send(parts, "second"), send(parts, "third")
	managers := send(manager, "for the manager")

	titles := func(ns []notification.Notification) []string {
		out := []string{}
		for _, n := range ns {
			out = append(out, fmt.Sprintf("%s read=%v", n.Title, n.Read))
		}
		return out
	}
	list := func(as, query string) (int, httpapi.Result[users.NotificationPage]) {
		var page httpapi.Result[users.NotificationPage]
		status := srv.Do(t, areatest.Request{Method: "GET", Path: "/users/notifications" + query, As: as}, &page)
		return status, page
	}
	unread := func(as string) int {
		t.Helper()
		var c httpapi.Result[users.NotificationCount]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/users/notifications/unread_count", As: as}, &c); status != 200 {
			t.Fatalf("unread count: status %d", status)
		}
		return c.Data.Count
	}

	if got, want := unread(parts), 3; got != want {
		t.Errorf("unread count = %d, want %d", got, want)
	}
	status, page1 := list(parts, "?size=2")
	if status != 200 || page1.Data.NextCursor == "" {
		t.Fatalf("first page: status %d, next %q", status, page1.Data.NextCursor)
	}
	if diff := cmp.Diff([]string{"third read=false", "second read=false"}, titles(page1.Data.Notifications)); diff != "" {
		t.Errorf("first page (-want +got):\n%s", diff)
	}
	if _, page2 := list(parts, "?size=2&cursor="+page1.Data.NextCursor); page2.Data.NextCursor != "" || len(page2.Data.Notifications) != 1 || page2.Data.Notifications[0].NotificationID != first.NotificationID {
		t.Errorf("second page = %+v, want only the first notification", page2.Data)
	}
	// The manager's cursor does not continue the sales person's list.
	_, managerPage := list(manager, "?size=1")
	if diff := cmp.Diff([]string{"for the manager read=false"}, titles(managerPage.Data.Notifications)); diff != "" {
		t.Errorf("manager's list (-want +got):\n%s", diff)
	}

	tests := []struct {
		name   string
		req    areatest.Request
		status int
		unread int // parts's unread count afterwards
	}{
		{"mark one read", areatest.Request{Method: "POST", Path: "/users/notifications/" + second.NotificationID + "/read", As: parts}, 200, 2},
		{"mark it read again", areatest.Request{Method: "POST", Path: "/users/notifications/" + second.NotificationID + "/read", As: parts}, 200, 2},
		{"another user's notification", areatest.Request{Method: "POST", Path: "/users/notifications/" + managers.NotificationID + "/read", As: parts}, 404, 2},
		{"my notification marked by another user", areatest.Request{Method: "POST", Path: "/users/notifications/" + third.NotificationID + "/read", As: manager}, 404, 2},
		{"an id that is no notification's", areatest.Request{Method: "POST", Path: "/users/notifications/not-an-id/read", As: parts}, 404, 2},
		{"a cursor of another list", areatest.Request{Method: "GET", Path: "/users/notifications?cursor=" + page1.Data.NextCursor, As: manager}, 400, 2},
		{"a forged cursor", areatest.Request{Method: "GET", Path: "/users/notifications?cursor=e30.AAAA", As: parts}, 400, 2},
		{"mark all read", areatest.Request{Method: "POST", Path: "/users/notifications/read_all", As: parts}, 200, 0},
		{"mark all read again", areatest.Request{Method: "POST", Path: "/users/notifications/read_all", As: parts}, 200, 0},
		{"signed out", areatest.Request{Method: "GET", Path: "/users/notifications/unread_count"}, 401, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.status >= 400 {
				if status, _ := srv.Error(t, tt.req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
			} else if status := srv.Do(t, tt.req, nil); status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
			if got := unread(parts); got != tt.unread {
				t.Errorf("unread count = %d, want %d", got, tt.unread)
			}
		})
	}
	if _, all := list(parts, ""); !cmp.Equal(titles(all.Data.Notifications), []string{"third read=true", "second read=true", "first read=true"}) {
		t.Errorf("after marking all read: %v", titles(all.Data.Notifications))
	}
	if got := unread(manager); got != 1 {
		t.Errorf("manager's unread count = %d, want 1: marking all read is the caller's only", got)
	}
}
