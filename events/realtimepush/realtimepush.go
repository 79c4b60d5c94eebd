// Package realtimepush tells open browsers, over their WebSocket connections, that something
// they show changed: a text or e-mail sent to or received from a customer (to the users of the
// customer's store), a chat message (to the group's members) and a notification (to its user).
// A message carries ids and a short summary; the browser refetches what it shows.
//
// Each consumer pushes once per event id: a processed mark (eventbus.Once) is written after
// the push, so a redelivered event pushes nothing. Recipients are read from the event's own
// dealer group only: user lists, group members and connections are all tenant-scoped.
package realtimepush

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/chat"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Consumer names.
const (
	NameActivity     = "push-activity"
	NameChat         = "push-chat"
	NameNotification = "push-notification"
)

// Consumers returns the package's consumers. Where svc has no push port, they mark events
// processed and push nothing.
func Consumers(svc wiring.Services) []eventbus.Consumer {
	var pub *realtime.Publisher
	if svc.Push != nil {
		pub = realtime.NewPublisher(realtime.NewRegistry(svc.Store, svc.Users), svc.Push, svc.Log)
	}
	users := svc.Users
	return []eventbus.Consumer{
		{Name: NameActivity, Types: []string{activity.EventLogged}, Handle: eventbus.Once(svc.Store, NameActivity, push(pub, Activity(users)))},
		{Name: NameChat, Types: []string{chat.EventMessageSent}, Handle: eventbus.Once(svc.Store, NameChat, push(pub, Chat))},
		{Name: NameNotification, Types: []string{notification.EventType}, Handle: eventbus.Once(svc.Store, NameNotification, push(pub, Notification))},
	}
}

// Recipients returns whom event e of tenant t tells and the message; no users for an event
// that tells no one.
type Recipients func(ctx context.Context, t store.Tenant, e eventbus.Event) ([]string, realtime.Message, error)

// push returns the effect that sends the message of each event to its recipients. It writes
// nothing but the processed mark Once adds.
func push(pub *realtime.Publisher, recipients Recipients) eventbus.Effect {
	return func(ctx context.Context, e eventbus.Event) ([]store.Op, error) {
		if pub == nil {
			return nil, nil
		}
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return nil, err
		}
		ids, m, err := recipients(ctx, t, e)
		if err != nil || len(ids) == 0 {
			return nil, err
		}
		m.ID, m.At = e.ID, e.Time
		_, err = pub.Send(ctx, t, ids, m)
		return nil, err
	}
}

// Activity returns the recipients of an activity entry: for a text or an e-mail sent to or
// received from a customer, the active users who may view the customer's store.
func Activity(users *user.Repo) Recipients {
	return func(ctx context.Context, t store.Tenant, e eventbus.Event) ([]string, realtime.Message, error) {
		var entry activity.Entry
		if err := json.Unmarshal(e.Detail, &entry); err != nil {
			return nil, realtime.Message{}, fmt.Errorf("event %s: bad detail: %w", e.ID, err)
		}
		if entry.Kind != activity.KindText && entry.Kind != activity.KindEmail || entry.Direction == "" {
			return nil, realtime.Message{}, nil
		}
		all, err := users.List(ctx, t)
		if err != nil {
			return nil, realtime.Message{}, err
		}
		var ids []string
		for _, p := range all {
			if CanView(p, entry.AccountPlatformID) {
				ids = append(ids, p.UserID)
			}
		}
		what := "Text"
		if entry.Kind == activity.KindEmail {
			what = "E-mail"
		}
		verb := "sent"
		if entry.Direction == activity.Inbound {
			verb = "received"
		}
		return ids, realtime.Message{Type: realtime.TypeActivity, ContactID: entry.ContactID, Summary: what + " " + verb}, nil
	}
}

// CanView reports whether p is an active user who may view store: one with access to every
// store of the dealer group, or one belonging to or viewing the store.
func CanView(p user.Profile, store int64) bool {
	return p.Active() && (p.HasAllPlatformAccess || slices.Contains(p.AllowedStores, store) || slices.Contains(p.ViewStores, store))
}

// Chat returns the recipients of a chat message: the group's members, the sender included
// (for the sender's other open windows).
func Chat(_ context.Context, _ store.Tenant, e eventbus.Event) ([]string, realtime.Message, error) {
	var s chat.Sent
	if err := json.Unmarshal(e.Detail, &s); err != nil || s.GroupID == "" {
		return nil, realtime.Message{}, fmt.Errorf("event %s: bad detail %s", e.ID, e.Detail)
	}
	return s.UserIDs, realtime.Message{Type: realtime.TypeChat, GroupID: s.GroupID, Summary: realtime.Summary(s.Message)}, nil
}

// Notification returns the recipient of a notification: its user.
func Notification(_ context.Context, _ store.Tenant, e eventbus.Event) ([]string, realtime.Message, error) {
	var n notification.Notification
	if err := json.Unmarshal(e.Detail, &n); err != nil || n.UserID == "" {
		return nil, realtime.Message{}, fmt.Errorf("event %s: bad detail %s", e.ID, e.Detail)
	}
	return []string{n.UserID}, realtime.Message{Type: realtime.TypeNotification, Summary: realtime.Summary(n.Title)}, nil
}
