// Package notification keeps the notifications users send each other inside their dealer
// group, each kept for a month, and publishes an event for each so the recipient is told. The
// recipient lists them, newest first, counts the unread ones and marks them read.
package notification

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
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
	// Read reports whether the recipient marked the notification read. It is not stored on
	// the notification: an unread notification has an unread mark beside it.
	Read bool `json:"Read" dynamodbav:"-"`
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

// Repo stores notifications. A notification is written with an unread mark in the same
// partition; marking it read deletes the mark, so the unread count is a count of small marks
// and never reads the notifications themselves.
//
//	pattern                         index  key condition
//	notifications of a user         table  PK = A#{acct}#NOTIFY#{user}, begins_with(SK, N#), newest last
//	a notification of a user        table  PK = A#{acct}#NOTIFY#{user}, SK = N#{id}
//	unread marks of a user          table  PK = A#{acct}#NOTIFY#{user}, begins_with(SK, U#)
//	unread marks of a page          table  PK = A#{acct}#NOTIFY#{user}, SK BETWEEN U#{oldest} AND U#{newest}
//
// Ids start with the creation time in zero-padded milliseconds, so id order is time order.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s. Each notification's event is written to the outbox
// with it; the publisher is not used (the relay publishes) and is kept so that existing callers
// build.
func NewRepo(s *store.Store, _ eventbus.Publisher) *Repo {
	return &Repo{s: s, now: s.Now}
}

// WithClock returns a copy of r that reads the time from now.
func (r *Repo) WithClock(now func() time.Time) *Repo {
	c := *r
	c.now = now
	return &c
}

// unread is the unread mark of a notification.
type unread struct {
	NotificationID string `dynamodbav:"NotificationId"`
}

// idPattern is the shape of a notification id: creation milliseconds and 16 hex digits.
var idPattern = regexp.MustCompile(`^[0-9]{13}-[0-9a-f]{16}$`)

// ValidID reports whether id has the shape of a notification id.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// MsgNotFound is the message of a notification that does not exist (or is not the user's).
const MsgNotFound = "The notification does not exist."

func itemKey(t store.Tenant, userID, id string) (store.Key, error) {
	return t.Key("N#"+id, "NOTIFY", userID)
}

func unreadKey(t store.Tenant, userID, id string) (store.Key, error) {
	return t.Key("U#"+id, "NOTIFY", userID)
}

// Send stores n for n.UserID in tenant t, unread, with a new id and the current time,
// publishes its event and returns it. Callers check that the recipient is a user of the
// tenant.
func (r *Repo) Send(ctx context.Context, t store.Tenant, n Notification) (Notification, error) {
	var b [8]byte
	rand.Read(b[:])
	n.CreatedAt = r.now().UTC()
	n.NotificationID = fmt.Sprintf("%013d-%s", n.CreatedAt.UnixMilli(), hex.EncodeToString(b[:]))
	created, err := r.store(ctx, t, n)
	if err != nil {
		return Notification{}, err
	}
	if !created {
		return Notification{}, apperr.Errorf(apperr.Conflict, "The notification could not be given a new id. Send it again.")
	}
	return n, nil
}

// SendFor stores n as the notification that event e causes, sent at the event's time, and
// returns it: a consumer's effect. Its id derives from the event's, so a redelivered event
// sends nothing more and reports sent false; the first delivery reports true.
func (r *Repo) SendFor(ctx context.Context, t store.Tenant, e eventbus.Event, n Notification) (_ Notification, sent bool, err error) {
	sum := sha256.Sum256([]byte(e.Type + "\x00" + e.ID))
	n.CreatedAt = e.Time.UTC()
	n.NotificationID = fmt.Sprintf("%013d-%s", n.CreatedAt.UnixMilli(), hex.EncodeToString(sum[:8]))
	created, err := r.store(ctx, t, n)
	if err != nil {
		return Notification{}, false, err
	}
	return n, created, nil
}

// store writes n (with its id and time set), its unread mark and its event (to the outbox) in
// one transaction. A notification with n's id exists already: created is false and
// nothing is written nor published.
func (r *Repo) store(ctx context.Context, t store.Tenant, n Notification) (created bool, err error) {
	if err := Validate(n); err != nil {
		return false, err
	}
	n.Read = false
	k, err := itemKey(t, n.UserID, n.NotificationID)
	if err != nil {
		return false, err
	}
	uk, err := unreadKey(t, n.UserID, n.NotificationID)
	if err != nil {
		return false, err
	}
	detail, err := json.Marshal(n)
	if err != nil {
		return false, err
	}
	announced, err := eventbus.OutboxOp(t, eventbus.Event{ID: n.NotificationID, Type: EventType, Account: t.Account(), Time: n.CreatedAt, Detail: detail})
	if err != nil {
		return false, err
	}
	expires := n.CreatedAt.Add(Retention).Unix()
	err = r.s.Transact(ctx,
		store.CreateOp(store.Record{Key: k, Type: "Notification", Value: n, ExpiresAt: expires}),
		store.CreateOp(store.Record{Key: uk, Type: "NotificationUnread", Value: unread{NotificationID: n.NotificationID}, ExpiresAt: expires}),
		announced)
	if apperr.CodeOf(err) == apperr.Conflict {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store notification: %w", err)
	}
	return true, nil
}

// Page is one page of a user's notifications, newest first.
type Page struct {
	Notifications []Notification
	// Next is the cursor of the following (older) page; "" on the last page.
	Next string
}

// List returns a page of the notifications of userID in tenant t, newest first, at most limit
// (1 to 100), continuing from cursor ("" for the newest). It reads the page and the unread
// marks between its newest and oldest notification: two bounded queries. A cursor of another
// list is an Invalid error.
func (r *Repo) List(ctx context.Context, t store.Tenant, userID string, limit int, cursor string) (Page, error) {
	part, err := t.Partition("NOTIFY", userID)
	if err != nil {
		return Page{}, err
	}
	limit = min(max(limit, 1), 100)
	page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "N#", Limit: limit, Descending: true, Cursor: cursor})
	if err != nil {
		return Page{}, fmt.Errorf("list notifications: %w", err)
	}
	out := Page{Notifications: []Notification{}, Next: page.Next}
	if err := page.Decode(&out.Notifications); err != nil {
		return Page{}, err
	}
	if len(out.Notifications) == 0 {
		return out, nil
	}
	newest, oldest := out.Notifications[0].NotificationID, out.Notifications[len(out.Notifications)-1].NotificationID
	marks, err := r.s.Query(ctx, store.Query{Partition: part, SortFrom: "U#" + oldest, SortTo: "U#" + newest, Limit: len(out.Notifications)})
	if err != nil {
		return Page{}, fmt.Errorf("read unread marks: %w", err)
	}
	var us []unread
	if err := marks.Decode(&us); err != nil {
		return Page{}, err
	}
	isUnread := make(map[string]bool, len(us))
	for _, u := range us {
		isUnread[u.NotificationID] = true
	}
	for i := range out.Notifications {
		out.Notifications[i].Read = !isUnread[out.Notifications[i].NotificationID]
	}
	return out, nil
}

// Unread returns how many notifications of userID in tenant t are unread, counting their
// unread marks (small items: one count request reads thousands).
func (r *Repo) Unread(ctx context.Context, t store.Tenant, userID string) (int, error) {
	part, err := t.Partition("NOTIFY", userID)
	if err != nil {
		return 0, err
	}
	n, err := r.s.Count(ctx, store.Query{Partition: part, SortPrefix: "U#"})
	if err != nil {
		return 0, fmt.Errorf("count unread notifications: %w", err)
	}
	return n, nil
}

// MarkRead marks notification id of userID read and returns it. Marking a read notification
// again changes nothing. A notification that does not exist, or is another user's, is a
// NotFound error.
func (r *Repo) MarkRead(ctx context.Context, t store.Tenant, userID, id string) (Notification, error) {
	if !ValidID(id) {
		return Notification{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	k, err := itemKey(t, userID, id)
	if err != nil {
		return Notification{}, err
	}
	var n Notification
	if _, err := r.s.Get(ctx, k, &n); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Notification{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
		}
		return Notification{}, fmt.Errorf("get notification %s: %w", id, err)
	}
	uk, err := unreadKey(t, userID, id)
	if err != nil {
		return Notification{}, err
	}
	if err := r.s.Transact(ctx, store.RemoveOp(uk)); err != nil {
		return Notification{}, fmt.Errorf("mark notification %s read: %w", id, err)
	}
	n.Read = true
	return n, nil
}

// markBatch is how many unread marks one transaction of MarkAllRead deletes (DynamoDB's limit).
const markBatch = 100

// MarkAllRead marks every notification of userID read and returns how many were unread. It
// deletes the unread marks a page at a time; a retry after a failure finishes the rest.
func (r *Repo) MarkAllRead(ctx context.Context, t store.Tenant, userID string) (int, error) {
	part, err := t.Partition("NOTIFY", userID)
	if err != nil {
		return 0, err
	}
	marked := 0
	for {
		// Deleted marks are gone from the next read, so every round starts at the beginning.
		page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "U#", Limit: markBatch})
		if err != nil {
			return marked, fmt.Errorf("read unread marks: %w", err)
		}
		var us []unread
		if err := page.Decode(&us); err != nil {
			return marked, err
		}
		if len(us) == 0 {
			return marked, nil
		}
		ops := make([]store.Op, 0, len(us))
		for _, u := range us {
			k, err := unreadKey(t, userID, u.NotificationID)
			if err != nil {
				return marked, err
			}
			ops = append(ops, store.RemoveOp(k))
		}
		if err := r.s.Transact(ctx, ops...); err != nil {
			return marked, fmt.Errorf("mark notifications read: %w", err)
		}
		marked += len(us)
	}
}
