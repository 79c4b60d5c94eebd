package appointment

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// The events of appointments; their detail is a Payload.
const (
	EventSet     = "AppointmentSet"
	EventChanged = "AppointmentChanged"
)

// Messages.
const (
	MsgNotFound = "The appointment does not exist."
	MsgStale    = "The appointment was changed by someone else. Reload the appointments and try again."
)

// Payload is the detail of every appointment event: the appointment as the change left it,
// the status before, and who made the change.
type Payload struct {
	AppointmentID     string    `json:"appointmentId"`
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	AssignedUserID    string    `json:"assignedUserId"`
	StartUTC          time.Time `json:"startUtc"`
	EndUTC            time.Time `json:"endUtc"`
	Status            string    `json:"status"`
	PreviousStatus    string    `json:"previousStatus"`
	AppointmentType   string    `json:"appointmentType"`
	Action            string    `json:"action,omitempty"`
	Version           int64     `json:"version"`
	UserID            string    `json:"userId"`
	ActorUserID       string    `json:"actorUserId,omitempty"`
}

// ActivityLog records entries in a contact's activity within a caller's transaction;
// *activity.Repo is one. Ops returns an Invalid error for an invalid entry.
type ActivityLog interface {
	Ops(ctx context.Context, t store.Tenant, n activity.New) (activity.Entry, []store.Op, error)
}

var _ ActivityLog = (*activity.Repo)(nil)

// Writer says who makes a write and how its activity entry reads.
type Writer struct {
	UserID, ActorUserID, UserName string
	// Loc is the time zone of the appointment's store, in which the entry gives times.
	Loc *time.Location
	// AssigneeName names the user the appointment is with after the write ("" for the id).
	AssigneeName string
}

// Repo reads and writes appointments.
type Repo struct {
	s   *store.Store
	log ActivityLog
}

// NewRepo returns a repository over s whose writes record their activity through log.
func NewRepo(s *store.Store, log ActivityLog) *Repo { return &Repo{s: s, log: log} }

// startLayout writes a start time in a sort key: fixed width, so keys sort as the times do.
const startLayout = "2006-01-02T15:04:05.000Z"

func itemKey(t store.Tenant, a Appointment) (store.Key, error) {
	return contactkey.Key(t, a.ContactID, "APPT#"+a.ID)
}

func indexKeys(t store.Tenant, a Appointment) ([]store.IndexKey, error) {
	sk := a.StartUTC.UTC().Format(startLayout) + "#" + a.ID
	byStore, err := t.IndexKey("GSI1", sk, "AS", strconv.FormatInt(a.AccountPlatformID, 10))
	if err != nil {
		return nil, err
	}
	byUser, err := t.IndexKey("GSI2", sk, "AU", a.AssignedUserID)
	if err != nil {
		return nil, err
	}
	return []store.IndexKey{byStore, byUser}, nil
}

func record(t store.Tenant, a Appointment) (store.Record, error) {
	k, err := itemKey(t, a)
	if err != nil {
		return store.Record{}, err
	}
	idx, err := indexKeys(t, a)
	if err != nil {
		return store.Record{}, err
	}
	a.Version, a.Overlaps = 0, false
	return store.Record{Key: k, Indexes: idx, Type: "Appointment", Value: a}, nil
}

// Get returns appointment id at its version. A missing appointment (or a malformed id) is a
// NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id string) (Appointment, error) {
	c, ok := ContactOf(id)
	if !ok {
		return Appointment{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	k, err := itemKey(t, Appointment{ID: id, ContactID: c})
	if err != nil {
		return Appointment{}, err
	}
	var a Appointment
	v, err := r.s.Get(ctx, k, &a)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Appointment{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Appointment{}, fmt.Errorf("get appointment %s: %w", id, err)
	}
	a.Version = v
	return a, nil
}

// Import stores appointment a as it is, status and audit stamps included, without an event or
// an activity entry: an appointment made before, in another system or in the demo data. An
// invalid appointment is an Invalid error and an existing id a Conflict error; nothing is
// written then.
func (r *Repo) Import(ctx context.Context, t store.Tenant, a Appointment) error {
	a.StartUTC, a.EndUTC = a.StartUTC.UTC(), a.EndUTC.UTC()
	if err := Validate(a); err != nil {
		return err
	}
	rec, err := record(t, a)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, rec)
}

// Create stores new appointment a (Scheduled, made at now by w) with its AppointmentSet event
// and activity entry, and returns it at version 1. An invalid appointment is an Invalid error
// and an existing id a Conflict error; nothing is written then.
func (r *Repo) Create(ctx context.Context, t store.Tenant, a Appointment, w Writer, now time.Time) (Appointment, eventbus.Event, error) {
	at := now.UTC()
	a.Status, a.PreviousStatus, a.Version, a.Overlaps = StatusScheduled, "", 0, false
	a.StartUTC, a.EndUTC = a.StartUTC.UTC(), a.EndUTC.UTC()
	a.CreatedAt, a.CreatedBy, a.UpdatedAt, a.UpdatedBy = at, w.UserID, at, w.UserID
	if err := Validate(a); err != nil {
		return Appointment{}, eventbus.Event{}, err
	}
	rec, err := record(t, a)
	if err != nil {
		return Appointment{}, eventbus.Event{}, err
	}
	saved := a
	saved.Version = 1
	e, err := r.write(ctx, t, store.CreateOp(rec), saved, Appointment{}, "", w, at)
	if apperr.CodeOf(err) == apperr.Conflict {
		return Appointment{}, eventbus.Event{}, apperr.Errorf(apperr.Conflict, "An appointment with this id exists already.")
	}
	if err != nil {
		return Appointment{}, eventbus.Event{}, err
	}
	return saved, e, nil
}

// Apply makes change ch to appointment a (as read by Get) at time now: the appointment item
// rewritten at the next version, its AppointmentChanged event and its activity entry, in one
// transaction. The rules of Next apply; an appointment changed since it was read is a Conflict
// error, and nothing is written.
func (r *Repo) Apply(ctx context.Context, t store.Tenant, a Appointment, ch Change, w Writer, now time.Time) (Appointment, eventbus.Event, error) {
	ch.By, ch.Actor = w.UserID, w.ActorUserID
	next, err := Next(a, ch, now)
	if err != nil {
		return Appointment{}, eventbus.Event{}, err
	}
	rec, err := record(t, next)
	if err != nil {
		return Appointment{}, eventbus.Event{}, err
	}
	rec.Version = a.Version
	saved := next
	saved.Version = a.Version + 1
	e, err := r.write(ctx, t, store.UpdateOp(rec), saved, a, ch.Action, w, now)
	if err != nil {
		return Appointment{}, eventbus.Event{}, err
	}
	return saved, e, nil
}

// write makes op, the write of appointment saved (before: as it was, zero for a new one), in
// one transaction with its event and activity entry, and returns the event. A Conflict is
// either another write of the appointment (stale: the Conflict returned) or another activity
// entry of the customer recorded meanwhile (the summary moved on: tried again).
func (r *Repo) write(ctx context.Context, t store.Tenant, op store.Op, saved, before Appointment, act Action, w Writer, now time.Time) (eventbus.Event, error) {
	typ := EventChanged
	if before.ID == "" {
		typ = EventSet
	}
	p := Payload{
		AppointmentID: saved.ID, ContactID: saved.ContactID, AccountPlatformID: saved.AccountPlatformID, AssignedUserID: saved.AssignedUserID,
		StartUTC: saved.StartUTC, EndUTC: saved.EndUTC, Status: saved.Status, PreviousStatus: saved.PreviousStatus,
		AppointmentType: saved.AppointmentType, Action: string(act), Version: saved.Version, UserID: w.UserID, ActorUserID: w.ActorUserID,
	}
	detail, err := json.Marshal(p)
	if err != nil {
		return eventbus.Event{}, fmt.Errorf("marshal appointment event: %w", err)
	}
	e := eventbus.Event{ID: fmt.Sprintf("appointment-%s-v%d", saved.ID, saved.Version), Type: typ, Account: t.Account(), Time: now.UTC(), Detail: detail}
	outbox, err := eventbus.OutboxOp(t, e)
	if err != nil {
		return eventbus.Event{}, err
	}
	n := ActivityEntry(saved, before, act, w)
	for attempt := 0; ; attempt++ {
		_, logged, err := r.log.Ops(ctx, t, n)
		if err != nil {
			return eventbus.Event{}, err
		}
		err = r.s.Transact(ctx, append([]store.Op{op, outbox}, logged...)...)
		if err == nil {
			return e, nil
		}
		if apperr.CodeOf(err) != apperr.Conflict {
			return eventbus.Event{}, fmt.Errorf("write appointment %s: %w", saved.ID, err)
		}
		if before.ID != "" {
			cur, gerr := r.Get(ctx, t, saved.ID)
			if gerr != nil || cur.Version != before.Version {
				return eventbus.Event{}, apperr.Errorf(apperr.Conflict, MsgStale)
			}
		} else if _, gerr := r.Get(ctx, t, saved.ID); gerr == nil {
			return eventbus.Event{}, err
		}
		if attempt >= 8 {
			return eventbus.Event{}, fmt.Errorf("write appointment %s: %w", saved.ID, err)
		}
	}
}

// ActivityEntry returns the customer's activity entry that records the write of appointment
// after (before: as it was, zero for a new one) by action act.
func ActivityEntry(after, before Appointment, act Action, w Writer) activity.New {
	loc := w.Loc
	if loc == nil {
		loc = time.UTC
	}
	when := func(a Appointment) string {
		return a.StartUTC.In(loc).Format("Jan 2, 2006 3:04 PM") + " to " + a.EndUTC.In(loc).Format("3:04 PM MST")
	}
	with := cmp.Or(w.AssigneeName, after.AssignedUserID)
	var text string
	switch {
	case before.ID == "":
		text = fmt.Sprintf("Appointment set: %s, %s, with %s", after.AppointmentType, when(after), with)
	case act == Reschedule:
		text = fmt.Sprintf("Appointment rescheduled: %s, %s, with %s (was %s)", after.AppointmentType, when(after), with, when(before))
	default:
		text = fmt.Sprintf("Appointment %s: %s, %s", act.verb(), after.AppointmentType, when(after))
	}
	details := map[string]string{
		"appointmentId": after.ID, "appointmentType": after.AppointmentType, "status": after.Status,
		"assignedUserId": after.AssignedUserID, "startUtc": after.StartUTC.Format(time.RFC3339), "endUtc": after.EndUTC.Format(time.RFC3339),
	}
	if before.ID != "" {
		details["previousStatus"] = before.Status
	}
	return activity.New{
		ContactID: after.ContactID, AccountPlatformID: after.AccountPlatformID, Kind: activity.KindAppointment,
		Text: text, Details: details, UserID: w.UserID, UserName: w.UserName, ActorUserID: w.ActorUserID,
	}
}

// ForContacts returns the appointments of contacts ids (a contact and those merged into it),
// the earliest first.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]Appointment, error) {
	var out []Appointment
	for _, id := range ids {
		p, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		as, err := store.QueryAll[Appointment](ctx, r.s, store.Query{Partition: p, SortPrefix: "APPT#", Limit: 500})
		if err != nil {
			return nil, fmt.Errorf("read appointments of %d: %w", id, err)
		}
		out = append(out, as...)
	}
	slices.SortStableFunc(out, byStart)
	return out, nil
}

func byStart(a, b Appointment) int {
	return cmp.Or(a.StartUTC.Compare(b.StartUTC), cmp.Compare(a.ID, b.ID))
}

// InStore calls fn with every appointment of store storeID starting in [from, to), the
// earliest first, reading the store's index a page at a time. fn returning an error stops and
// returns it; returning Stop stops without an error.
func (r *Repo) InStore(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time, fn func(Appointment) error) error {
	part, err := t.Partition("AS", strconv.FormatInt(storeID, 10))
	if err != nil {
		return err
	}
	return r.scan(ctx, store.Query{Index: "GSI1", Partition: part, Limit: 500}, from, to, fn)
}

// OfUser returns the appointments of user userID starting in [from, to), the earliest first.
func (r *Repo) OfUser(ctx context.Context, t store.Tenant, userID string, from, to time.Time) ([]Appointment, error) {
	part, err := t.Partition("AU", userID)
	if err != nil {
		return nil, err
	}
	var out []Appointment
	err = r.scan(ctx, store.Query{Index: "GSI2", Partition: part, Limit: 500}, from, to, func(a Appointment) error {
		out = append(out, a)
		return nil
	})
	return out, err
}

// Stop, returned by a function InStore calls, ends the reading without an error.
var Stop = errors.New("stop reading appointments")

func (r *Repo) scan(ctx context.Context, q store.Query, from, to time.Time, fn func(Appointment) error) error {
	// Keys of appointments starting at to itself sort after "{to}" and are left out, as the
	// range's end is.
	q.SortFrom, q.SortTo = from.UTC().Format(startLayout), to.UTC().Format(startLayout)
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("read appointments: %w", err)
		}
		var as []Appointment
		if err := page.Decode(&as); err != nil {
			return err
		}
		for _, a := range as {
			if err := fn(a); errors.Is(err, Stop) {
				return nil
			} else if err != nil {
				return err
			}
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}

// Flag sets Overlaps on appointments as from their users' other appointments (FlagOverlaps).
func (r *Repo) Flag(ctx context.Context, t store.Tenant, as []Appointment) error {
	byUser := map[string][]int{}
	for i, a := range as {
		byUser[a.AssignedUserID] = append(byUser[a.AssignedUserID], i)
	}
	for user, is := range byUser {
		from, to := as[is[0]].StartUTC, as[is[0]].EndUTC
		for _, i := range is {
			from, to = minTime(from, as[i].StartUTC), maxTime(to, as[i].EndUTC)
		}
		others, err := r.OfUser(ctx, t, user, from.Add(-MaxDuration), to)
		if err != nil {
			return err
		}
		mine := make([]Appointment, len(is))
		for k, i := range is {
			mine[k] = as[i]
		}
		FlagOverlaps(mine, others)
		for k, i := range is {
			as[i].Overlaps = mine[k].Overlaps
		}
	}
	return nil
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
