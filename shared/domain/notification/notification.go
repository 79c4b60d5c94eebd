// Package notification keeps the notifications users send each other inside their dealer
// group, each kept for a month, and publishes an event for each so the recipient is told.
package notification

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Limits of a notification (those of the toasts that show it).
const (
	MaxTitle   = 200
	MaxMessage = 500
	MaxLink    = 2048
	// Retention is how long a notification is kept.
	Retention = 30 * 24 * time.Hour
)

// EventType is the type of the event published for each notification.
const EventType = "UserNotified"

// Notification is one notification to a user.
type Notification struct {
	NotificationID string `json:"NotificationId"`
	UserID         string `json:"UserId"`
	FromUserID     string `json:"FromUserId"`
	Title          string `json:"Title"`
	Message        string `json:"Message"`
	// Link is a route of the web app (starting with #/) the notification opens; "" for none.
	Link      string    `json:"Link"`
	CreatedAt time.Time `json:"CreatedAt"`
}

// Validate checks a notification's title, message and link.
func Validate(n Notification) error {
	fields := map[string]string{}
	if len(n.Title) > MaxTitle {
		fields["Title"] = fmt.Sprintf("The title must be at most %d characters.", MaxTitle)
	}
	if len(n.Message) > MaxMessage {
		fields["Message"] = fmt.Sprintf("The message must be at most %d characters.", MaxMessage)
	}
	if n.Link != "" && (!strings.HasPrefix(n.Link, "#/") || len(n.Link) > MaxLink) {
		fields["Link"] = "The link must be a route of the application, starting with #/."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The notification is not valid.", fields)
	}
	return nil
}

// Repo stores notifications.
//
//	pattern                      index  key condition
//	notifications of a user      table  PK = A#{acct}#NOTIFY#{user}, begins_with(SK, N#), newest last
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s. Each notification's event is written to the outbox
// with it; the publisher is not used (the relay publishes) and is kept so that existing callers
// build.
func NewRepo(s *store.Store, _ eventbus.Publisher) *Repo {
	return &Repo{s: s, now: time.Now}
}

// Send stores n for n.UserID in tenant t, with a new id and the current time, publishes its
// event and returns it. Callers check that the recipient is a user of the tenant.
func (r *Repo) Send(ctx context.Context, t store.Tenant, n Notification) (Notification, error) {
	if err := Validate(n); err != nil {
		return Notification{}, err
	}
	var b [8]byte
	rand.Read(b[:])
	n.CreatedAt = r.now().UTC()
	n.NotificationID = fmt.Sprintf("%d-%s", n.CreatedAt.UnixMilli(), hex.EncodeToString(b[:]))
	k, err := t.Key(fmt.Sprintf("N#%020d#%s", n.CreatedAt.UnixNano(), n.NotificationID), "NOTIFY", n.UserID)
	if err != nil {
		return Notification{}, err
	}
	detail, err := json.Marshal(n)
	if err != nil {
		return Notification{}, err
	}
	announced, err := eventbus.OutboxOp(t, eventbus.Event{ID: n.NotificationID, Type: EventType, Account: t.Account(), Time: n.CreatedAt, Detail: detail})
	if err != nil {
		return Notification{}, err
	}
	stored := store.CreateOp(store.Record{Key: k, Type: "Notification", Value: n, ExpiresAt: n.CreatedAt.Add(Retention).Unix()})
	if err := r.s.Transact(ctx, stored, announced); err != nil {
		return Notification{}, fmt.Errorf("store notification: %w", err)
	}
	return n, nil
}

// List returns the newest notifications of userID in tenant t, newest first, at most limit
// (1 to 100).
func (r *Repo) List(ctx context.Context, t store.Tenant, userID string, limit int) ([]Notification, error) {
	part, err := t.Partition("NOTIFY", userID)
	if err != nil {
		return nil, err
	}
	page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "N#", Limit: min(max(limit, 1), 100), Descending: true})
	if err != nil {
		return nil, fmt.Errorf("list notifications: %w", err)
	}
	out := []Notification{}
	if err := page.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}
