package notifications_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cxm/cxm/events/notifications"
	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func job(done, skipped, failed int) assignment.BulkJob {
	return assignment.BulkJob{
		ID: "abc12345", Criteria: assignment.BulkCriteria{Role: "SalesPerson", FromUserID: "100001", ToUserID: "100002"},
		Status: assignment.StatusDone, Total: done + skipped + failed, Done: done, Skipped: skipped, Failed: failed,
		CreatedBy: "100009", FinishedAt: time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC),
	}
}

func TestOutcome(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		job  assignment.BulkJob
		want string
	}{
		{"all moved", job(250, 0, 0), "250 customers moved from user 100001 to user 100002 as SalesPerson."},
		{"one moved, one skipped", job(1, 1, 0), "1 customer moved from user 100001 to user 100002 as SalesPerson; 1 customer skipped (reassigned by someone else meanwhile)."},
		{"some failed", job(0, 0, 3), "0 customers moved from user 100001 to user 100002 as SalesPerson; 3 customers could not be moved."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := notifications.Outcome(tt.job); got != tt.want {
				t.Errorf("Outcome = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFinishedJobNotifiesOnce delivers a job's end twice, as at-least-once delivery may: the
// user who started the job gets one unread notification, and one UserNotified event.
func TestFinishedJobNotifiesOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	bus := eventbus.NewMemory()
	var told []eventbus.Event
	bus.Subscribe(notification.EventType, func(_ context.Context, e eventbus.Event) error {
		told = append(told, e)
		return nil
	})
	for _, c := range notifications.Consumers(wiring.New(s, bus, slog.New(slog.NewJSONHandler(io.Discard, nil)))) {
		for _, typ := range c.Types {
			bus.Subscribe(typ, c.Handle)
		}
	}
	relay := dynamotest.NewOutbox(t, s, bus)
	finished := assignment.FinishedEvent(tn, job(250, 2, 0))
	for range 2 {
		if err := bus.Publish(ctx, finished); err != nil {
			t.Fatal(err)
		}
	}
	relay.Flush(t)
	repo := notification.NewRepo(s, nil)
	page, err := repo.List(ctx, tn, "100009", 10, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Notifications) != 1 {
		t.Fatalf("notifications = %+v, want one", page.Notifications)
	}
	n := page.Notifications[0]
	if n.Title != "Bulk reassignment finished" || n.Read || !n.CreatedAt.Equal(job(0, 0, 0).FinishedAt) {
		t.Errorf("notification = %+v, want an unread one of the job's end", n)
	}
	if unread, err := repo.Unread(ctx, tn, "100009"); err != nil || unread != 1 {
		t.Errorf("unread = %d, %v; want 1", unread, err)
	}
	if len(told) != 1 {
		t.Errorf("%d UserNotified events, want 1", len(told))
	}
	// A job's end with no starter is refused, and nothing is sent.
	bad := finished
	bad.ID, bad.Detail = "other", []byte(`{"id":"x"}`)
	if err := bus.Publish(ctx, bad); err == nil {
		t.Error("an end without its starter: no error, want one")
	}
}
