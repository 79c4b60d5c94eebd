// Package notifications tells users, through their notifications (the bell), about work that
// finished without them watching: a bulk reassignment they started.
package notifications

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Name is the consumer's name.
const Name = "notify-bulk-reassignment"

// Consumers returns the package's consumers: the one that tells a user their bulk
// reassignment finished.
func Consumers(svc wiring.Services) []eventbus.Consumer {
	return []eventbus.Consumer{{
		Name:   Name,
		Types:  []string{assignment.EventJobFinished},
		Handle: BulkReassignmentFinished(notification.NewRepo(svc.Store, svc.Events)),
	}}
}

// BulkReassignmentFinished returns the handler that sends the user who started a bulk
// reassignment a notification of its outcome. It is idempotent by event id: the notification's
// id derives from the event's and is created conditionally, so a redelivered event sends no
// second notification.
func BulkReassignmentFinished(notifications *notification.Repo) eventbus.Handler {
	return func(ctx context.Context, e eventbus.Event) error {
		var j assignment.BulkJob
		if err := json.Unmarshal(e.Detail, &j); err != nil || j.ID == "" || j.CreatedBy == "" {
			return fmt.Errorf("event %s: bad detail %s", e.ID, e.Detail)
		}
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return fmt.Errorf("event %s: %w", e.ID, err)
		}
		n := notification.Notification{UserID: j.CreatedBy, FromUserID: j.CreatedBy, Title: "Bulk reassignment finished", Message: Outcome(j)}
		if _, _, err := notifications.SendFor(ctx, t, e, n); err != nil {
			return fmt.Errorf("notify %s of job %s: %w", j.CreatedBy, j.ID, err)
		}
		return nil
	}
}

// Outcome says what a finished bulk reassignment did, in the words of its notification.
func Outcome(j assignment.BulkJob) string {
	customers := func(n int) string {
		if n == 1 {
			return "1 customer"
		}
		return fmt.Sprintf("%d customers", n)
	}
	parts := []string{fmt.Sprintf("%s moved from user %s to user %s as %s", customers(j.Done), j.Criteria.FromUserID, j.Criteria.ToUserID, j.Criteria.Role)}
	if j.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%s skipped (reassigned by someone else meanwhile)", customers(j.Skipped)))
	}
	if j.Failed > 0 {
		parts = append(parts, fmt.Sprintf("%s could not be moved", customers(j.Failed)))
	}
	return strings.Join(parts, "; ") + "."
}
