// Package leadassign runs the lead assignment rules of the stores' dealer settings. A new lead
// of a store that auto-assigns leads by round robin (LeadSettings.AutoAssign and RoundRobin)
// goes to the next active, available sales person of the store; the store's first enabled
// reassign rule that matches the lead's type and its holder's role sets a timer, and when the
// timer fires with the lead still unanswered (no first response), held by the same user and
// active, the lead moves to the next available user of the rule's role at the store. The
// new holder, and on a reassignment the one the lead left, are notified (as
// POST /users/{userId}/notify stores a notification), and so are the users of the store that
// the notification rules of LeadAssigned and LeadReassigned name for the in-app channel; the
// NewLead rules' users are told of every new lead of their store. (The rules' e-mail and text
// channels are not sent from here.)
//
// Every effect of one event is one transaction of the lead's (the lead with its change log,
// the pool's round robin cursor, the notifications, the next timer and a processed mark of the
// event), so a redelivered event has no second effect.
//
//	pattern                          index  key condition
//	a consumer's mark of an event    table  PK = A#{acct}#PROCESSED#{consumer}, SK = EVT#{event id}
package leadassign

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Consumer names.
const (
	AssignConsumer   = "lead-auto-assign"
	ReassignConsumer = "lead-reassign"
	NewLeadConsumer  = "lead-new-notify"
)

// AutoUser is the user id automatic assignments are recorded as made by.
const AutoUser = "lead-auto-assign"

// MaxRuleRecipients bounds the users one notification rule notifies of one assignment, so an
// assignment's writes fit one transaction.
const MaxRuleRecipients = 40

// Assigner assigns and reassigns leads by the stores' dealer settings.
type Assigner struct {
	s       *store.Store
	leads   *lead.Repo
	users   *user.Repo
	avail   *availability.Repo
	dealers *dealer.Repo
	events  eventbus.Publisher
	log     *slog.Logger
	now     func() time.Time
}

// New returns an assigner over svc reading the time from now.
func New(svc wiring.Services, now func() time.Time) *Assigner {
	log := svc.Logger()
	names := func(ctx context.Context, t store.Tenant, id string) string {
		if id == AutoUser {
			return "Automatic assignment"
		}
		p, _, err := svc.Users.Profile(ctx, t, id)
		if err != nil {
			return ""
		}
		return p.DisplayName()
	}
	leads := lead.NewRepo(svc.Store, svc.Events, log).
		WithActivity(activity.NewRepo(svc.Store, svc.Events, log).WithClock(now), names).
		WithClock(now)
	return &Assigner{
		s: svc.Store, leads: leads, users: svc.Users, avail: availability.NewRepo(svc.Store),
		dealers: dealer.NewRepo(svc.Store), events: svc.Events, log: log, now: now,
	}
}

// Consumers returns the lead assignment consumers over svc, on the wall clock.
func Consumers(svc wiring.Services) []eventbus.Consumer { return New(svc, svc.Store.Now).Consumers() }

// Consumers returns a's consumers: the round robin of new leads, the reassign rule's timer and
// the NewLead notification rules.
func (a *Assigner) Consumers() []eventbus.Consumer {
	return []eventbus.Consumer{
		{Name: AssignConsumer, Types: []string{lead.EventCreated}, Handle: a.OnCreated},
		{Name: ReassignConsumer, Types: []string{lead.EventReassignDue}, Handle: a.OnReassignDue},
		{Name: NewLeadConsumer, Types: []string{lead.EventCreated}, Handle: a.OnNewLead},
	}
}

// errSkip stops an assignment that no longer applies; the event is done with.
var errSkip = errors.New("the assignment no longer applies")

// OnCreated assigns a new lead by its store's round robin, when the store auto-assigns leads
// and the lead is active, held by nobody and not open to claims.
func (a *Assigner) OnCreated(ctx context.Context, e eventbus.Event) error {
	var d lead.Changed
	t, err := decode(e, &d)
	if err != nil {
		return err
	}
	settings, err := a.dealers.Get(ctx, t, d.AccountPlatformID)
	if err != nil {
		return err
	}
	if !settings.LeadSettings.AutoAssign || !settings.LeadSettings.RoundRobin {
		return nil
	}
	done, mark, err := a.processed(ctx, t, AssignConsumer, e.ID)
	if err != nil || done {
		return err
	}
	pool, err := a.pool(ctx, t, d.AccountPlatformID, role.SalesPerson)
	if err != nil {
		return err
	}
	check := func(l lead.Lead) error {
		if l.Status != lead.StatusActive || l.Claimable || l.SalesPersonID != "" || l.BDCAgentID != "" {
			return errSkip
		}
		return nil
	}
	return a.assign(ctx, t, d.LeadID, pool, settings.Settings, dealer.EventLeadAssigned, "", check, mark)
}

// OnReassignDue moves a lead its reassign timer fired for to the next user of the rule's
// role, when the lead still waits on that timer: active, unanswered and held by the user the
// timer was set for.
func (a *Assigner) OnReassignDue(ctx context.Context, e eventbus.Event) error {
	var d lead.ReassignDue
	t, err := decode(e, &d)
	if err != nil {
		return err
	}
	check := func(l lead.Lead) error {
		if l.ReassignTimer != d.Timer || l.Status != lead.StatusActive || l.FirstRespondedAt != nil || l.Holder() != d.HolderID {
			return errSkip
		}
		return nil
	}
	l, err := a.leads.Get(ctx, t, d.LeadID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if check(l) != nil {
		return nil
	}
	settings, err := a.dealers.Get(ctx, t, d.AccountPlatformID)
	if err != nil {
		return err
	}
	done, mark, err := a.processed(ctx, t, ReassignConsumer, e.ID)
	if err != nil || done {
		return err
	}
	pool, err := a.pool(ctx, t, d.AccountPlatformID, d.ToRole)
	if err != nil {
		return err
	}
	return a.assign(ctx, t, d.LeadID, pool, settings.Settings, dealer.EventLeadReassigned, d.HolderID, check, mark)
}

// assign gives lead id to the next user of pool and notifies them (and from, the user the lead
// leaves, when set). A lead that no longer needs it, or a pool with nobody available, is left
// as it is.
func (a *Assigner) assign(ctx context.Context, t store.Tenant, id int64, pool lead.Pool, settings dealer.Settings, ruleEvent, from string, check func(lead.Lead) error, mark store.Op) error {
	var reassign *lead.ReassignAfter
	extra := func(l lead.Lead, turn lead.Turn) ([]store.Op, error) {
		ops := []store.Op{mark}
		now := a.now().UTC()
		notes := a.notifications(ctx, t, l, turn, settings, ruleEvent, from)
		for _, n := range notes {
			_, more, _, err := notification.Ops(t, n, fmt.Sprintf("lead-%d-v%d", l.ID, l.Version+1), now)
			if err != nil {
				return nil, err
			}
			ops = append(ops, more...)
		}
		return ops, nil
	}
	probe, err := a.leads.Get(ctx, t, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if rule, ok := matchRule(settings.ReassignRules, probe.LeadTypeID, pool.Role); ok {
		reassign = &lead.ReassignAfter{After: time.Duration(rule.AfterMinutes) * time.Minute, ToRole: rule.ToRole}
	}
	_, _, err = a.leads.AssignNext(ctx, t, id, lead.AutoAssignment{Pool: pool, Reassign: reassign, Check: check, Extra: extra}, AutoUser)
	switch {
	case errors.Is(err, errSkip):
		return nil
	case noneEligible(err):
		a.log.WarnContext(ctx, "no one available to assign the lead to", "lead", id, "store", pool.StoreID, "role", pool.Role)
		return nil
	case err != nil:
		return err
	}
	return nil
}

// notifications returns what an assignment of l to turn.UserID tells whom: the new holder,
// the user it left (from), and the store's users whom the enabled in-app notification rules of
// ruleEvent name by role.
func (a *Assigner) notifications(ctx context.Context, t store.Tenant, l lead.Lead, turn lead.Turn, settings dealer.Settings, ruleEvent, from string) []notification.Notification {
	link := fmt.Sprintf("#/app/contact/%d", l.ContactID)
	out := []notification.Notification{{
		UserID: turn.UserID, FromUserID: AutoUser, Link: link,
		Title: "New lead assigned", Message: fmt.Sprintf("Lead %d was assigned to you. Respond to the customer.", l.ID),
	}}
	told := []string{turn.UserID}
	if from != "" {
		out = append(out, notification.Notification{
			UserID: from, FromUserID: AutoUser, Link: link,
			Title: "Lead reassigned", Message: fmt.Sprintf("Lead %d was reassigned because nobody answered the customer in time.", l.ID),
		})
		told = append(told, from)
	}
	roles := ruleRoles(settings, ruleEvent)
	if len(roles) == 0 {
		return out
	}
	users, err := a.users.List(ctx, t)
	if err != nil {
		// The holder is told regardless; the rule's recipients are a courtesy.
		a.log.ErrorContext(ctx, "list users for the notification rules", "lead", l.ID, "err", err)
		return out
	}
	title, msg := "Lead assigned", fmt.Sprintf("Lead %d was assigned automatically.", l.ID)
	if ruleEvent == dealer.EventLeadReassigned {
		title, msg = "Lead reassigned", fmt.Sprintf("Lead %d was reassigned: nobody answered the customer in time.", l.ID)
	}
	for _, id := range Recipients(users, l.AccountPlatformID, roles, told) {
		out = append(out, notification.Notification{UserID: id, FromUserID: AutoUser, Link: link, Title: title, Message: msg})
	}
	return out
}

// ruleRoles returns the roles the enabled in-app notification rules of event name.
func ruleRoles(settings dealer.Settings, event string) []string {
	var roles []string
	for _, r := range settings.NotificationRules {
		if r.Enabled && r.Event == event && slices.Contains(r.Channels, dealer.ChannelInApp) {
			roles = append(roles, r.Recipients...)
		}
	}
	return roles
}

// Recipients returns the ids of the users a notification rule naming roles tells of a lead of
// store storeID: active employees of the store holding any of the roles, leaving out told, at
// most MaxRuleRecipients.
func Recipients(users []user.Profile, storeID int64, roles, told []string) []string {
	out := []string{}
	for _, p := range users {
		if len(out) >= MaxRuleRecipients {
			break
		}
		if slices.Contains(told, p.UserID) || slices.Contains(out, p.UserID) || !user.Employee(p) || !p.Active() || !p.BelongsToAny([]int64{storeID}) || !holdsAny(p, roles) {
			continue
		}
		out = append(out, p.UserID)
	}
	return out
}

// OnNewLead tells the users the store's enabled in-app NewLead notification rules name of a
// new lead, whether or not the store assigns it.
func (a *Assigner) OnNewLead(ctx context.Context, e eventbus.Event) error {
	var d lead.Changed
	t, err := decode(e, &d)
	if err != nil {
		return err
	}
	settings, err := a.dealers.Get(ctx, t, d.AccountPlatformID)
	if err != nil {
		return err
	}
	roles := ruleRoles(settings.Settings, dealer.EventNewLead)
	if len(roles) == 0 {
		return nil
	}
	done, mark, err := a.processed(ctx, t, NewLeadConsumer, e.ID)
	if err != nil || done {
		return err
	}
	users, err := a.users.List(ctx, t)
	if err != nil {
		return err
	}
	ids := Recipients(users, d.AccountPlatformID, roles, nil)
	if len(ids) == 0 {
		return nil
	}
	now := a.now().UTC()
	ops := []store.Op{mark}
	for _, id := range ids {
		n := notification.Notification{
			UserID: id, FromUserID: AutoUser, Link: fmt.Sprintf("#/app/contact/%d", d.ContactID),
			Title: "New lead", Message: fmt.Sprintf("A new lead (%d) arrived at your store.", d.LeadID),
		}
		_, more, _, err := notification.Ops(t, n, "newlead-"+e.ID, now)
		if err != nil {
			return err
		}
		ops = append(ops, more...)
	}
	err = a.s.Transact(ctx, ops...)
	if apperr.CodeOf(err) == apperr.Conflict {
		// Another delivery of the event wrote them first.
		return nil
	}
	if err != nil {
		return fmt.Errorf("notify of new lead %d: %w", d.LeadID, err)
	}
	return nil
}

// pool returns the users of store storeID holding roleName who may take a lead now: active
// employees of the store who are available.
func (a *Assigner) pool(ctx context.Context, t store.Tenant, storeID int64, roleName string) (lead.Pool, error) {
	users, err := a.users.List(ctx, t)
	if err != nil {
		return lead.Pool{}, err
	}
	avail, err := a.avail.All(ctx, t)
	if err != nil {
		return lead.Pool{}, err
	}
	return lead.Pool{StoreID: storeID, Role: roleName, Eligible: Eligible(users, avail, storeID, roleName, a.now())}, nil
}

// Eligible returns the ids of users who may take a lead of store storeID for role roleName
// at now: active employees belonging to the store, holding the role, and available then
// (users who never set an availability are available).
func Eligible(users []user.Profile, avail map[string]availability.Availability, storeID int64, roleName string, now time.Time) []string {
	out := []string{}
	for _, p := range users {
		if !user.Employee(p) || !p.Active() || !p.BelongsToAny([]int64{storeID}) || !holdsAny(p, []string{roleName}) {
			continue
		}
		if av, ok := avail[p.UserID]; ok && !av.At(now).Available {
			continue
		}
		out = append(out, p.UserID)
	}
	return out
}

func holdsAny(p user.Profile, roles []string) bool {
	for _, r := range roles {
		if slices.Contains(p.Roles, r) || p.PrimaryUserRole == r {
			return true
		}
	}
	return false
}

// matchRule returns the first enabled reassign rule for a lead of type typeID held by a user
// of role holderRole.
func matchRule(rules []dealer.ReassignRule, typeID int, holderRole string) (dealer.ReassignRule, bool) {
	for _, r := range rules {
		if r.Enabled && (r.LeadTypeID == 0 || r.LeadTypeID == typeID) && (r.FromRole == "" || r.FromRole == holderRole) {
			return r, true
		}
	}
	return dealer.ReassignRule{}, false
}

func noneEligible(err error) bool {
	ae, ok := apperr.As(err)
	return ok && ae.Code == apperr.Conflict && ae.Message == lead.MsgNoneEligible
}

// decode reads event e's tenant and detail.
func decode(e eventbus.Event, detail any) (store.Tenant, error) {
	t, err := store.NewTenant(e.Account)
	if err != nil {
		return store.Tenant{}, fmt.Errorf("event %s: %w", e.ID, err)
	}
	if err := json.Unmarshal(e.Detail, detail); err != nil {
		return store.Tenant{}, fmt.Errorf("event %s %s: %w", e.Type, e.ID, err)
	}
	return t, nil
}

// ProcessedRetention is how long a processed mark is kept: longer than any redelivery.
const ProcessedRetention = 14 * 24 * time.Hour

// mark is the record that consumer handled an event.
type mark struct {
	Consumer string
	EventID  string
	At       time.Time
}

// processed reports whether consumer handled event id of tenant t already, and returns the
// write that marks it handled, for the transaction of its effect (a create: a second one fails
// that transaction).
func (a *Assigner) processed(ctx context.Context, t store.Tenant, consumer, id string) (bool, store.Op, error) {
	k, err := t.Key("EVT#"+id, "PROCESSED", consumer)
	if err != nil {
		return false, store.Op{}, err
	}
	var m mark
	_, err = a.s.Get(ctx, k, &m)
	if err == nil {
		return true, store.Op{}, nil
	}
	if apperr.CodeOf(err) != apperr.NotFound {
		return false, store.Op{}, fmt.Errorf("get processed mark of %s: %w", id, err)
	}
	now := a.now().UTC()
	return false, store.CreateOp(store.Record{Key: k, Type: "ProcessedEvent", Value: mark{Consumer: consumer, EventID: id, At: now}, ExpiresAt: now.Add(ProcessedRetention).Unix()}), nil
}
