package visit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// The events of visits; their detail is a Changed.
const (
	EventStarted     = "VisitStarted"
	EventCompleted   = "VisitCompleted"
	EventCanceled    = "VisitCanceled"
	EventItemChanged = "VisitItemChanged"
	// EventUpdated announces a restart or a change of the sales person, sold flag, result or
	// notes.
	EventUpdated = "VisitUpdated"
)

// Messages of visit changes.
const (
	MsgNotFound = "The visit does not exist."
	MsgStale    = "The visit was changed by someone else. Reload it and try again."
)

// Changed is the detail of every visit event.
type Changed struct {
	VisitID           string `json:"visitId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	// UserID is the visit's sales person; ByUserID who made the change.
	UserID      string     `json:"userId"`
	ByUserID    string     `json:"byUserId"`
	ActorUserID string     `json:"actorUserId,omitempty"`
	Kind        string     `json:"kind"`
	StartedAt   *time.Time `json:"startedAt"`
	EndedAt     *time.Time `json:"endedAt"`
	Sold        bool       `json:"sold"`
	// ItemSlug names the step a VisitItemChanged is about; Status is then the step's status,
	// otherwise the visit's.
	ItemSlug    string `json:"itemSlug"`
	Status      Status `json:"status"`
	VisitStatus Status `json:"visitStatus"`
	Version     int64  `json:"version"`
}

// Repo reads and writes visits and touchpoint settings.
type Repo struct {
	s        *store.Store
	activity *activity.Repo
}

// NewRepo returns a repository over s recording the changes in act.
func NewRepo(s *store.Store, act *activity.Repo) *Repo { return &Repo{s: s, activity: act} }

// timeLayout writes a time in a sort key: fixed width, so keys sort as the times do.
const timeLayout = "2006-01-02T15:04:05.000Z"

func visitKey(t store.Tenant, contactID int64, id string) (store.Key, error) {
	return contactkey.Key(t, contactID, "VISIT#"+id)
}

// indexKeys are v's entries in its store's index by start time and, while v is not over, in
// its store's index of visits in progress.
func indexKeys(t store.Tenant, v Visit) ([]store.IndexKey, error) {
	sk := v.CreatedAt.UTC().Format(timeLayout) + "#" + v.ID
	if v.StartedAt != nil {
		sk = v.StartedAt.UTC().Format(timeLayout) + "#" + v.ID
	}
	st := strconv.FormatInt(v.AccountPlatformID, 10)
	byStart, err := t.IndexKey("GSI1", sk, "VS", st)
	if err != nil {
		return nil, err
	}
	out := []store.IndexKey{byStart}
	if v.Active() {
		open, err := t.IndexKey("GSI2", sk, "VO", st)
		if err != nil {
			return nil, err
		}
		out = append(out, open)
	}
	return out, nil
}

// NewID returns a new visit id.
func NewID() string {
	var b [10]byte
	rand.Read(b[:])
	return "V-" + hex.EncodeToString(b[:])
}

// NewVisit returns a New visit of kind for the customer with the enabled steps of the store's
// settings s. A touchpoint the store does not use is an Invalid error.
func NewVisit(s Settings, id string, contactID int64, kind, userID string, now time.Time) (Visit, error) {
	tp, ok := s.Touchpoint(kind)
	if !ok || !tp.IsEnabled {
		return Visit{}, apperr.InvalidFields("The touchpoint is not valid.", map[string]string{"touchpointSlug": fmt.Sprintf("The store does not use the %s touchpoint.", strings.ToLower(KindName(kind)))})
	}
	v := Visit{ID: id, ContactID: contactID, AccountPlatformID: s.AccountPlatformID, Kind: kind, Status: StatusNew, UserID: userID,
		Items: []Item{}, CreatedAt: now.UTC()}
	for _, it := range tp.Items {
		if it.IsEnabled {
			v.Items = append(v.Items, Item{Slug: it.Slug, Name: it.Name, Status: StatusNew})
		}
	}
	return v, nil
}

// Author is who makes a change, as the customer's activity names them.
type Author struct {
	UserID, UserName, ActorUserID string
}

// Begin stores visit v (from NewVisit), started at now when start is set, with its activity
// entry and its event (VisitStarted, or VisitUpdated for a visit that is only planned) in one
// transaction, and returns it at version 1. An invalid visit is an Invalid error and an
// existing id a Conflict error; nothing is written then. Whether the customer is in the store
// already is the caller's to check (Active).
func (r *Repo) Begin(ctx context.Context, t store.Tenant, v Visit, start bool, by Author, now time.Time) (Visit, eventbus.Event, error) {
	v.Version = 0
	if start {
		at := now.UTC()
		v.Status, v.StartedAt = StatusStarted, &at
	}
	if err := Validate(v); err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	k, err := visitKey(t, v.ContactID, v.ID)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	idx, err := indexKeys(t, v)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	saved := v
	saved.Version = 1
	typ := EventStarted
	if !start {
		typ = EventUpdated
	}
	e, announce, err := eventOp(t, typ, changed(saved, "", by), now)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	write := store.CreateOp(store.Record{Key: k, Indexes: idx, Type: "Visit", Value: v})
	if err := r.commit(ctx, t, saved, Change{}, by, typ, write, announce); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return Visit{}, eventbus.Event{}, apperr.Errorf(apperr.Conflict, "A visit with this id exists already.")
		}
		return Visit{}, eventbus.Event{}, err
	}
	return saved, e, nil
}

// Get returns visit id kept under contact contactID, at its version. A missing visit is a
// NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, contactID int64, id string) (Visit, error) {
	if contactID < 1 || !ValidID(id) {
		return Visit{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	k, err := visitKey(t, contactID, id)
	if err != nil {
		return Visit{}, err
	}
	var v Visit
	ver, err := r.s.Get(ctx, k, &v)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Visit{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Visit{}, fmt.Errorf("get visit %s of %d: %w", id, contactID, err)
	}
	v.Version = ver
	return v, nil
}

// ForContacts returns the visits of contacts ids (a contact and those merged into it), the
// latest first.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]Visit, error) {
	var out []Visit
	for _, id := range ids {
		p, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		page, err := r.s.Query(ctx, store.Query{Partition: p, SortPrefix: "VISIT#", Limit: 1000})
		if err != nil {
			return nil, fmt.Errorf("read visits of %d: %w", id, err)
		}
		for i := range page.Items {
			var v Visit
			if err := page.DecodeItem(i, &v); err != nil {
				return nil, err
			}
			v.Version = versionOf(page, i)
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b Visit) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// versionOf reads the version of a page's item i.
func versionOf(page store.Page, i int) int64 {
	var meta struct {
		V int64 `dynamodbav:"Version"`
	}
	if err := page.DecodeItem(i, &meta); err != nil {
		return 0
	}
	return meta.V
}

// Apply makes change ch to visit v (as read by Get) at time now: the visit item, rewritten at
// the next version with its index entries, its activity entry and the change's event, in one
// transaction. It returns the visit as changed and the event. The rules of Next apply; a visit
// changed since it was read is a Conflict error, and nothing is written.
func (r *Repo) Apply(ctx context.Context, t store.Tenant, v Visit, ch Change, by Author, now time.Time) (Visit, eventbus.Event, error) {
	next, err := Next(v, ch, now)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	k, err := visitKey(t, v.ContactID, v.ID)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	idx, err := indexKeys(t, next)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	saved := next
	saved.Version = v.Version + 1
	typ := eventType(ch)
	e, announce, err := eventOp(t, typ, changed(saved, ch.ItemSlug, by), now)
	if err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	next.Version = 0
	write := store.UpdateOp(store.Record{Key: k, Indexes: idx, Type: "Visit", Value: next, Version: v.Version})
	if err := r.commit(ctx, t, saved, ch, by, typ, write, announce); err != nil {
		return Visit{}, eventbus.Event{}, err
	}
	return saved, e, nil
}

// commit writes the visit's write, its event and its activity entry in one transaction. The
// activity summary is versioned too, so a conflict is either the visit's (stale: Conflict) or
// another entry's (read the summary again and retry).
func (r *Repo) commit(ctx context.Context, t store.Tenant, saved Visit, ch Change, by Author, typ string, write, announce store.Op) error {
	for attempt := 0; ; attempt++ {
		_, ops, err := r.activity.Ops(ctx, t, activity.New{
			ContactID: saved.ContactID, AccountPlatformID: saved.AccountPlatformID, Kind: activity.KindVisit,
			Text: ActivityText(saved, ch, typ), Details: activityDetails(saved, ch, typ),
			UserID: by.UserID, UserName: by.UserName, ActorUserID: by.ActorUserID,
		})
		if err != nil {
			return err
		}
		err = r.s.Transact(ctx, append([]store.Op{write, announce}, ops...)...)
		if err == nil {
			return nil
		}
		if apperr.CodeOf(err) != apperr.Conflict {
			return fmt.Errorf("%s visit %s: %w", typ, saved.ID, err)
		}
		cur, gerr := r.Get(ctx, t, saved.ContactID, saved.ID)
		stale := saved.Version == 1 && gerr == nil || saved.Version > 1 && (gerr != nil || cur.Version != saved.Version-1)
		if stale || attempt >= 8 {
			if saved.Version == 1 {
				return err
			}
			return apperr.Errorf(apperr.Conflict, MsgStale)
		}
	}
}

// eventType returns the type of the event change ch publishes.
func eventType(ch Change) string {
	if ch.ItemSlug != "" {
		return EventItemChanged
	}
	switch ch.Action {
	case Start:
		return EventStarted
	case Complete:
		return EventCompleted
	case Cancel:
		return EventCanceled
	}
	return EventUpdated
}

// changed returns the detail of an event about visit v (and its step itemSlug).
func changed(v Visit, itemSlug string, by Author) Changed {
	d := Changed{VisitID: v.ID, ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID, UserID: v.UserID,
		ByUserID: by.UserID, ActorUserID: by.ActorUserID, Kind: v.Kind, StartedAt: v.StartedAt, EndedAt: v.EndedAt, Sold: v.Sold,
		ItemSlug: itemSlug, Status: v.Status, VisitStatus: v.Status, Version: v.Version}
	if it, i := v.Item(itemSlug); i >= 0 {
		d.Status = it.Status
	}
	return d
}

// ActivityText returns how the customer's activity tells change ch of visit v (as changed),
// announced by an event of type typ.
func ActivityText(v Visit, ch Change, typ string) string {
	kind := KindName(v.Kind) + " visit"
	switch typ {
	case EventStarted:
		return kind + " started"
	case EventCompleted:
		if v.Sold {
			return kind + " completed: sold"
		}
		return kind + " completed: not sold"
	case EventCanceled:
		if v.Reason != "" {
			return kind + " canceled: " + v.Reason
		}
		return kind + " canceled"
	case EventItemChanged:
		it, _ := v.Item(ch.ItemSlug)
		return fmt.Sprintf("%s step %s: %s", kind, it.Name, strings.ToLower(it.Status.String()))
	}
	switch {
	case ch.Action == Restart:
		return kind + " restarted"
	case v.Status == StatusNew && v.Version == 1:
		return kind + " planned"
	case ch.Sold != nil && *ch.Sold:
		return kind + " marked sold"
	}
	return kind + " updated"
}

// activityDetails returns what an activity entry about visit v records besides its text.
func activityDetails(v Visit, ch Change, typ string) map[string]string {
	d := map[string]string{"touchpointInstanceId": v.ID, "touchpointSlug": v.Kind, "status": strconv.Itoa(int(v.Status)),
		"userId": v.UserID, "sold": strconv.FormatBool(v.Sold), "event": typ}
	if ch.ItemSlug != "" {
		d["itemSlug"] = ch.ItemSlug
	}
	if v.Result != "" {
		d["result"] = v.Result
	}
	if v.Reason != "" {
		d["reason"] = v.Reason
	}
	return d
}

// eventOp returns the event of type typ with detail d and its outbox write. Its id names the
// visit and the version the change wrote.
func eventOp(t store.Tenant, typ string, d Changed, at time.Time) (eventbus.Event, store.Op, error) {
	detail, err := json.Marshal(d)
	if err != nil {
		return eventbus.Event{}, store.Op{}, fmt.Errorf("marshal visit event: %w", err)
	}
	e := eventbus.Event{ID: fmt.Sprintf("visit-%d-%s-v%d", d.ContactID, d.VisitID, d.Version), Type: typ, Account: t.Account(), Time: at.UTC(), Detail: detail}
	op, err := eventbus.OutboxOp(t, e)
	return e, op, err
}

// InStore calls fn with every visit of store storeID started (or, never started, created) in
// [from, to), the earliest first, a page at a time. fn returning an error stops and returns it.
func (r *Repo) InStore(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time, fn func(Visit) error) error {
	part, err := t.Partition("VS", strconv.FormatInt(storeID, 10))
	if err != nil {
		return err
	}
	q := store.Query{Index: "GSI1", Partition: part, Limit: 500, SortFrom: "0", SortTo: "9"}
	if !from.IsZero() {
		q.SortFrom = from.UTC().Format(timeLayout)
	}
	if !to.IsZero() {
		q.SortTo = to.UTC().Format(timeLayout)
	}
	return r.each(ctx, q, fn)
}

// InProgress returns the visits of store storeID that are not over (new, started or
// restarted), the earliest first.
func (r *Repo) InProgress(ctx context.Context, t store.Tenant, storeID int64) ([]Visit, error) {
	part, err := t.Partition("VO", strconv.FormatInt(storeID, 10))
	if err != nil {
		return nil, err
	}
	var out []Visit
	err = r.each(ctx, store.Query{Index: "GSI2", Partition: part, Limit: 500}, func(v Visit) error {
		// The index is eventually consistent: a visit just ended may show for a moment.
		if v.Active() {
			out = append(out, v)
		}
		return nil
	})
	return out, err
}

func (r *Repo) each(ctx context.Context, q store.Query, fn func(Visit) error) error {
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("visits: %w", err)
		}
		for i := range page.Items {
			var v Visit
			if err := page.DecodeItem(i, &v); err != nil {
				return err
			}
			v.Version = versionOf(page, i)
			if err := fn(v); err != nil {
				return err
			}
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}
