// Package dashboardcounts keeps the dashboards' counters up to date from the domain events:
// leads created, claimed, assigned, sold and lost; calls, notes, e-mails and texts logged;
// tasks completed; appointments set and how they went; showroom and delivery visits. Each
// event adds to the counters of its store's calendar day (the store's time zone) and of the
// user it names, and moves its lead's speed-to-lead clocks and funnel stage (package
// dashboard). The writes and the event's processed mark are one transaction (eventbus.Once),
// so an event delivered twice counts once.
package dashboardcounts

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Name is the consumer's name: it names its processed marks and its rule.
const Name = "dashboard-counts"

// Types of the events the appointments and visits publish; their details are Appointment and
// Visit.
const (
	EventAppointmentSet     = "AppointmentSet"
	EventAppointmentChanged = "AppointmentChanged"
	EventVisitStarted       = "VisitStarted"
	EventVisitCompleted     = "VisitCompleted"
	EventVisitCanceled      = "VisitCanceled"
)

// Appointment is the detail of the appointment events, as far as the counters read it.
type Appointment struct {
	AppointmentID     string    `json:"appointmentId"`
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	AssignedUserID    string    `json:"assignedUserId"`
	StartUTC          time.Time `json:"startUtc"`
	Status            string    `json:"status"`
	PreviousStatus    string    `json:"previousStatus"`
	AppointmentType   string    `json:"appointmentType"`
}

// Appointment statuses the counters tell apart.
const (
	ApptConfirmed = "Confirmed"
	ApptNoShow    = "NoShow"
	ApptCompleted = "Completed"
	ApptCancelled = "Cancelled"
)

// Visit is the detail of the visit events, as far as the counters read it.
type Visit struct {
	VisitID           string    `json:"visitId"`
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	UserID            string    `json:"userId"`
	Kind              string    `json:"kind" enum:"showroom,delivery"`
	StartedAt         time.Time `json:"startedAt"`
	EndedAt           time.Time `json:"endedAt"`
	Sold              bool      `json:"sold"`
}

// Types returns the event types the consumer counts.
func Types() []string {
	return []string{
		lead.EventCreated, lead.EventStatusChanged, lead.EventClaimed, lead.EventAssigned,
		activity.EventLogged, task.EventCompleted,
		EventAppointmentSet, EventAppointmentChanged, EventVisitStarted, EventVisitCompleted, EventVisitCanceled,
	}
}

// Consumers returns the package's one consumer. Building it touches no client.
func Consumers(svc wiring.Services) []eventbus.Consumer {
	c := NewCounter(svc.Store, svc.Accounts)
	return []eventbus.Consumer{{Name: Name, Types: Types(), Handle: eventbus.Once(svc.Store, Name, c.Effect)}}
}

// Counter turns events into counter and lead-progress writes.
type Counter struct {
	s        *store.Store
	accounts *account.Repo
	mu       sync.Mutex
	zones    map[string]zone
}

// NewCounter returns a counter over s reading stores' time zones from accounts.
func NewCounter(s *store.Store, accounts *account.Repo) *Counter {
	return &Counter{s: s, accounts: accounts, zones: map[string]zone{}}
}

// zone is a store's time zone as last read.
type zone struct {
	loc  *time.Location
	read time.Time
}

// zoneTTL is how long a store's time zone is reused before it is read again.
const zoneTTL = 10 * time.Minute

// location returns store storeID's time zone (UTC when it names none or is unknown).
func (c *Counter) location(ctx context.Context, t store.Tenant, storeID int64) (*time.Location, error) {
	k := t.Account() + "/" + strconv.FormatInt(storeID, 10)
	now := c.s.Now()
	c.mu.Lock()
	z, ok := c.zones[k]
	c.mu.Unlock()
	if ok && now.Sub(z.read) < zoneTTL {
		return z.loc, nil
	}
	st, err := c.accounts.Store(ctx, t, storeID)
	if err != nil && !dashboard.IsNotFound(err) {
		return nil, err
	}
	loc := time.UTC
	if st.TimeZone != "" {
		if l, err := time.LoadLocation(st.TimeZone); err == nil {
			loc = l
		}
	}
	c.mu.Lock()
	c.zones[k] = zone{loc: loc, read: now}
	c.mu.Unlock()
	return loc, nil
}

// Effect returns the writes event e makes: eventbus.Once applies them with its processed mark.
func (c *Counter) Effect(ctx context.Context, e eventbus.Event) ([]store.Op, error) {
	t, err := store.NewTenant(e.Account)
	if err != nil {
		return nil, err
	}
	switch e.Type {
	case lead.EventCreated, lead.EventStatusChanged, lead.EventClaimed, lead.EventAssigned:
		var d lead.Changed
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return nil, fmt.Errorf("lead event %s: %w", e.ID, err)
		}
		return c.leadOps(ctx, t, e, d)
	case activity.EventLogged:
		var d activity.Entry
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return nil, fmt.Errorf("activity event %s: %w", e.ID, err)
		}
		return c.activityOps(ctx, t, e, d)
	case task.EventCompleted:
		var d task.Changed
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return nil, fmt.Errorf("task event %s: %w", e.ID, err)
		}
		user := d.Task.AssignedUserID
		if d.UserID != "" && d.UserID != "workflow" && d.UserID != "system" {
			user = d.UserID
		}
		return c.count(ctx, t, d.Task.AccountPlatformID, e.Time, user, dashboard.Counts{dashboard.TasksCompleted: 1})
	case EventAppointmentSet, EventAppointmentChanged:
		var d Appointment
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return nil, fmt.Errorf("appointment event %s: %w", e.ID, err)
		}
		return c.appointmentOps(ctx, t, e, d)
	case EventVisitStarted, EventVisitCompleted, EventVisitCanceled:
		var d Visit
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return nil, fmt.Errorf("visit event %s: %w", e.ID, err)
		}
		return c.visitOps(ctx, t, e, d)
	}
	return nil, nil
}

// count returns the writes adding counts to user's counters of the store's day of at.
func (c *Counter) count(ctx context.Context, t store.Tenant, storeID int64, at time.Time, user string, counts dashboard.Counts) ([]store.Op, error) {
	if storeID < 1 {
		return nil, nil
	}
	loc, err := c.location(ctx, t, storeID)
	if err != nil {
		return nil, err
	}
	return dashboard.AddOps(t, storeID, dashboard.DayOf(at, loc), user, counts)
}

func holder(d lead.Changed) string {
	if d.SalesPersonID != "" {
		return d.SalesPersonID
	}
	return d.BDCAgentID
}

func sold(s lead.Status) bool { return s == lead.StatusSoldDelivered || s == lead.StatusSoldPending }

func (c *Counter) leadOps(ctx context.Context, t store.Tenant, e eventbus.Event, d lead.Changed) ([]store.Op, error) {
	counts := dashboard.Counts{}
	user := holder(d)
	switch e.Type {
	case lead.EventCreated:
		counts[dashboard.LeadsCreated] = 1
	case lead.EventClaimed:
		counts[dashboard.LeadsClaimed] = 1
		if d.UserID != "" {
			user = d.UserID
		}
	case lead.EventAssigned:
		counts[dashboard.LeadsAssigned] = 1
	case lead.EventStatusChanged:
		switch {
		case sold(d.Status) && !sold(d.FromStatus):
			counts[dashboard.LeadsSold] = 1
		case d.Status == lead.StatusLost && d.FromStatus != lead.StatusLost:
			counts[dashboard.LeadsLost] = 1
		}
	}
	ops, err := c.count(ctx, t, d.AccountPlatformID, e.Time, user, counts)
	if err != nil {
		return nil, err
	}
	loc, err := c.location(ctx, t, d.AccountPlatformID)
	if err != nil {
		return nil, err
	}
	if e.Type == lead.EventCreated {
		more, err := dashboard.StartLeadOps(t, dashboard.Lead{
			LeadID: d.LeadID, ContactID: d.ContactID, AccountPlatformID: d.AccountPlatformID, LeadSourceID: d.LeadSourceID,
			UserID: user, Day: dashboard.DayOf(e.Time, loc), ArrivedAt: e.Time.UTC(),
		})
		return append(ops, more...), err
	}
	// A later change names who holds the lead now and whether it sold or was lost.
	v, err := c.leadOf(ctx, t, d.ContactID, d.AccountPlatformID)
	if err != nil || v == nil || v.Lead.LeadID != d.LeadID {
		return ops, err
	}
	l := v.Lead
	if user != "" {
		l.UserID = user
	}
	switch {
	case sold(d.Status) && l.SoldAt.IsZero():
		l.SoldAt = e.Time.UTC()
	case d.Status == lead.StatusLost && l.LostAt.IsZero():
		l.LostAt = e.Time.UTC()
	}
	if l == v.Lead {
		return ops, nil
	}
	op, err := dashboard.UpdateLeadOp(t, l, v.Version)
	return append(ops, op), err
}

// leadOf returns the lead the customer's events at the store count on; nil for none.
func (c *Counter) leadOf(ctx context.Context, t store.Tenant, contactID, storeID int64) (*dashboard.Versioned, error) {
	v, err := dashboard.NewRepo(c.s).LeadOf(ctx, t, contactID, storeID)
	if dashboard.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// Automated reports whether entry n was sent by the system (a workflow's automated e-mail or
// text) rather than by a person: it never counts as a human response.
func Automated(n activity.Entry) bool {
	switch {
	case n.UserID == "" || n.UserID == "workflow" || n.UserID == "system":
		return true
	case n.Details["workflowId"] != "" || n.Details["automated"] == "true":
		return true
	}
	return false
}

func (c *Counter) activityOps(ctx context.Context, t store.Tenant, e eventbus.Event, n activity.Entry) ([]store.Op, error) {
	counts := dashboard.Counts{}
	user := n.UserID
	automated := Automated(n)
	inbound := n.Direction == activity.Inbound
	var msg *dashboard.Message
	switch n.Kind.Category() {
	case activity.CategoryPhone:
		if inbound {
			counts[dashboard.InboundMessages] = 1
		} else {
			counts[dashboard.Calls] = 1
		}
		reached := n.Details["outcome"] == "contacted"
		if reached && !inbound {
			counts[dashboard.CallsContacted] = 1
		}
		if n.Kind == activity.KindPhoneCall || n.Kind == activity.KindOutboundCall || n.Kind == activity.KindCall {
			msg = &dashboard.Message{At: n.At, Outbound: !inbound, Reached: reached, UserID: n.UserID}
		}
	case activity.CategoryNote:
		counts[dashboard.Notes] = 1
	case activity.CategoryEmail, activity.CategoryText:
		switch {
		case inbound:
			counts[dashboard.InboundMessages] = 1
			user = dashboard.NoUser
		case automated:
			counts[dashboard.AutomatedMessages] = 1
			user = dashboard.NoUser
		case n.Kind.Category() == activity.CategoryEmail:
			counts[dashboard.Emails] = 1
		default:
			counts[dashboard.Texts] = 1
		}
		msg = &dashboard.Message{At: n.At, Outbound: !inbound, Automated: automated && !inbound, UserID: n.UserID}
	default:
		return nil, nil
	}
	if automated && user != dashboard.NoUser && n.Kind.Category() != activity.CategoryPhone {
		user = dashboard.NoUser
	}
	ops, err := c.count(ctx, t, n.AccountPlatformID, n.At, user, counts)
	if err != nil || msg == nil {
		return ops, err
	}
	v, err := c.leadOf(ctx, t, n.ContactID, n.AccountPlatformID)
	if err != nil || v == nil {
		return ops, err
	}
	l := v.Lead
	if !l.Observe(*msg) {
		return ops, nil
	}
	op, err := dashboard.UpdateLeadOp(t, l, v.Version)
	return append(ops, op), err
}

func (c *Counter) appointmentOps(ctx context.Context, t store.Tenant, e eventbus.Event, a Appointment) ([]store.Op, error) {
	counts := dashboard.Counts{}
	if e.Type == EventAppointmentSet {
		counts[dashboard.AppointmentsSet] = 1
	} else if a.Status != a.PreviousStatus {
		switch a.Status {
		case ApptConfirmed:
			counts[dashboard.AppointmentsConfirmed] = 1
		case ApptCompleted:
			counts[dashboard.AppointmentsShown] = 1
		case ApptNoShow:
			counts[dashboard.AppointmentsNoShow] = 1
		case ApptCancelled:
			counts[dashboard.AppointmentsCancelled] = 1
		}
	}
	ops, err := c.count(ctx, t, a.AccountPlatformID, e.Time, a.AssignedUserID, counts)
	if err != nil {
		return nil, err
	}
	v, err := c.leadOf(ctx, t, a.ContactID, a.AccountPlatformID)
	if err != nil || v == nil {
		return ops, err
	}
	l := v.Lead
	at := e.Time.UTC()
	if at.Before(l.ArrivedAt) {
		return ops, nil
	}
	if l.AppointmentAt.IsZero() && a.Status != ApptCancelled {
		l.AppointmentAt = at
	}
	if a.Status == ApptCompleted && l.ShownAt.IsZero() {
		l.ShownAt = at
	}
	if l == v.Lead {
		return ops, nil
	}
	op, err := dashboard.UpdateLeadOp(t, l, v.Version)
	return append(ops, op), err
}

func (c *Counter) visitOps(ctx context.Context, t store.Tenant, e eventbus.Event, vi Visit) ([]store.Op, error) {
	counts := dashboard.Counts{}
	switch e.Type {
	case EventVisitStarted:
		if vi.Kind == "delivery" {
			counts[dashboard.Deliveries] = 1
		} else {
			counts[dashboard.ShowroomVisits] = 1
		}
	case EventVisitCompleted:
		if vi.Sold {
			counts[dashboard.VisitsSold] = 1
		}
	case EventVisitCanceled:
		counts[dashboard.VisitsCanceled] = 1
	}
	ops, err := c.count(ctx, t, vi.AccountPlatformID, e.Time, vi.UserID, counts)
	if err != nil || e.Type == EventVisitCanceled {
		return ops, err
	}
	v, err := c.leadOf(ctx, t, vi.ContactID, vi.AccountPlatformID)
	if err != nil || v == nil {
		return ops, err
	}
	l := v.Lead
	at := e.Time.UTC()
	if at.Before(l.ArrivedAt) {
		return ops, nil
	}
	if vi.Kind != "delivery" && l.ShownAt.IsZero() {
		l.ShownAt = at
	}
	if e.Type == EventVisitCompleted && vi.Sold && l.SoldAt.IsZero() {
		l.SoldAt = at
	}
	if l == v.Lead {
		return ops, nil
	}
	op, err := dashboard.UpdateLeadOp(t, l, v.Version)
	return append(ops, op), err
}
