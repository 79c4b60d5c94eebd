package notification

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Ops returns n as Send stores it for n.UserID in tenant t, at time at, the writes that store
// it with its unread mark and its event (to the outbox), for the transaction of the change it
// tells of, and that event. Its id has the shape of Send's (the creation milliseconds and 16 hex
// digits), the hex digits derived from change, a key naming the change and the recipient, so
// the notification of one change is written once: writing it again fails the transaction
// with a Conflict error. Callers check that the recipient is a user of the tenant.
func Ops(t store.Tenant, n Notification, change string, at time.Time) (Notification, []store.Op, eventbus.Event, error) {
	if err := Validate(n); err != nil {
		return Notification{}, nil, eventbus.Event{}, err
	}
	sum := sha256.Sum256([]byte(t.Account() + "\x00" + n.UserID + "\x00" + change))
	n.CreatedAt = at.UTC()
	n.NotificationID = fmt.Sprintf("%013d-%s", n.CreatedAt.UnixMilli(), hex.EncodeToString(sum[:8]))
	n.Read = false
	k, err := itemKey(t, n.UserID, n.NotificationID)
	if err != nil {
		return Notification{}, nil, eventbus.Event{}, err
	}
	uk, err := unreadKey(t, n.UserID, n.NotificationID)
	if err != nil {
		return Notification{}, nil, eventbus.Event{}, err
	}
	detail, err := json.Marshal(n)
	if err != nil {
		return Notification{}, nil, eventbus.Event{}, err
	}
	expires := n.CreatedAt.Add(Retention).Unix()
	ops := []store.Op{
		store.CreateOp(store.Record{Key: k, Type: "Notification", Value: n, ExpiresAt: expires}),
		store.CreateOp(store.Record{Key: uk, Type: "NotificationUnread", Value: unread{NotificationID: n.NotificationID}, ExpiresAt: expires}),
	}
	e := eventbus.Event{ID: n.NotificationID, Type: EventType, Account: t.Account(), Time: n.CreatedAt, Detail: detail}
	announced, err := eventbus.OutboxOp(t, e)
	if err != nil {
		return Notification{}, nil, eventbus.Event{}, err
	}
	return n, append(ops, announced), e, nil
}
