// Package workflows is the workflow rules engine. It matches the domain events that something
// happened to a customer (a lead created, assigned, claimed or moved to another status, an
// activity logged, a customer created, a vehicle added to or leaving the customer's garage)
// against every enabled rule of the event's store: an
// event whose activity type is one of a rule's triggers, and that passes the rule's filters and
// vehicles, starts a workflow instance of the rule for the customer with the rule's tasks
// (task.WorkflowTask, due by the task's unit and duration in the store's time zone, moved into
// the store's working hours, its dealer settings' BusinessHours, when the task uses the work
// schedule) and a due timer per task; one that is one
// of a running instance's rule terminators ends it, cancelling its open tasks, and one that is a
// rule task's terminator cancels that task. Notifications go to the users, the group's members
// or the role's users (of every store of the dealer group for enterprise notifications) that
// rules name for the event: on start, when a task is overdue, when an instance completes. A
// workflow started by a vehicle's arrival in the garage is about that vehicle; when the vehicle
// is marked as no longer owned (GarageVehicleNoLongerOwned) every running workflow about it
// ends and its open tasks are cancelled.
//
// When a task's due timer fires (timer.Firer, every ten seconds in AWS from an EventBridge Scheduler
// schedule's every-minute function, on the gateway's clock locally), an open manual task becomes Overdue and its
// overdue notifications are sent; an automated task does its action (its template text,
// through the consent ledger, or its template e-mail, to the sandbox mail sink until a
// messaging provider is configured), is recorded in the customer's activity and completes. Timers fire at most once in effect (see package timer).
//
// Every effect is exactly once per event: a rule's start for one event is one transaction with
// the processed mark of (workflow-start-{rule}, event) (eventbus.Once), so a redelivered event
// starts nothing twice; terminators and the due timer's effects are one transaction each with
// their own mark.
package workflows

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/group"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/reuse"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Consumer names.
const (
	TriggerConsumer = "workflow-triggers"
	DueConsumer     = "workflow-task-due"
	CopyConsumer    = "rule-copy"
	// TaskConsumer keeps workflows in step with users' changes of their tasks.
	TaskConsumer = "workflow-task-changes"
	// VehicleGoneMark names the processed marks of the workflows a vehicle leaving its
	// customer's garage ends, one per workflow.
	VehicleGoneMark = "workflow-vehicle-gone"
)

// Reuse is how long the engine reuses what a start read that seldom changes: a store's time
// zone and working hours, whether a user is active, and the action types. A change of them
// reaches the tasks workflows create within Reuse; the rules themselves are never reused
// after they change (rule.EnabledCache).
const Reuse = 30 * time.Second

// MaxRecipients bounds the users one notification of one event reaches, so a start's writes
// fit one transaction.
const MaxRecipients = 10

// Engine runs the workflow rules.
type Engine struct {
	s        *store.Store
	rules    *rule.Repo
	tasks    *task.Repo
	users    *user.Repo
	accounts *account.Repo
	groups   *group.Repo
	activity *activity.Repo
	leads    *lead.Repo
	dealers  *dealer.Repo
	contacts *contact.Repo
	mailers  mail.Senders
	texts    *texting.Service
	// enabled keeps the stores' enabled rules while no rule of the store changes.
	enabled rule.EnabledCache
	// What starts read that seldom changes is reused for Reuse (see inputs.read): the stores'
	// schedules, whether users are active, and the dealer groups' action types.
	schedules reuse.Cache[workhours.Schedule]
	active    reuse.Cache[bool]
	actions   reuse.Cache[[]rule.ActionType]
	log       *slog.Logger
	now       func() time.Time
}

// New returns the engine over svc reading the time from now.
func New(svc wiring.Services, now func() time.Time) *Engine {
	log := svc.Log
	if log == nil {
		log = slog.Default()
	}
	e := &Engine{s: svc.Store, users: svc.Users, accounts: svc.Accounts, log: log, now: now, mailers: svc.Providers}
	e.schedules = reuse.Cache[workhours.Schedule]{For: Reuse, Now: now}
	e.active = reuse.Cache[bool]{For: Reuse, Now: now}
	e.actions = reuse.Cache[[]rule.ActionType]{For: Reuse, Now: now}
	if svc.Store != nil {
		e.rules = rule.NewRepo(svc.Store).WithClock(now)
		e.tasks = task.NewRepo(svc.Store)
		e.groups = group.NewRepo(svc.Store)
		e.activity = activity.NewRepo(svc.Store, svc.Events, log).WithClock(now)
		e.leads = lead.NewRepo(svc.Store, svc.Events, log)
		e.dealers = dealer.NewRepo(svc.Store)
		e.contacts = contact.NewRepo(svc.Store, svc.Encrypter, svc.Events, log)
		e.texts = texting.New(svc.Store, e.contacts, e.activity, svc.Accounts, svc.Providers)
	}
	return e
}

// Consumers returns the engine's consumers over svc, on the store's clock.
func Consumers(svc wiring.Services) []eventbus.Consumer {
	var now func() time.Time = time.Now
	if svc.Store != nil {
		now = svc.Store.Now
	}
	return New(svc, now).Consumers()
}

// TriggerEvents are the event types rules start and end on.
func TriggerEvents() []string {
	return []string{lead.EventCreated, lead.EventStatusChanged, lead.EventAssigned, lead.EventClaimed, activity.EventLogged, contact.EventCreated, rule.EventStartRequested,
		appointment.EventSet, appointment.EventChanged,
		visit.EventStarted, visit.EventCompleted,
		garage.EventChanged, garage.EventNoLongerOwned}
}

// Consumers returns the engine's consumers: triggers and terminators, due timers and copies.
func (e *Engine) Consumers() []eventbus.Consumer {
	return []eventbus.Consumer{
		{Name: TriggerConsumer, Types: TriggerEvents(), Handle: e.OnEvent},
		{Name: DueConsumer, Types: []string{rule.EventTaskDue}, Handle: eventbus.Once(e.s, DueConsumer, e.onDue)},
		{Name: CopyConsumer, Types: []string{rule.EventCopyRequested}, Handle: eventbus.Once(e.s, CopyConsumer, e.onCopy)},
		{Name: TaskConsumer, Types: []string{task.EventCompleted, task.EventCancelled, task.EventRescheduled}, Handle: eventbus.Once(e.s, TaskConsumer, e.onTaskChanged)},
	}
}

// Subject is what an event says happened to whom.
type Subject struct {
	ActivityTypeID int64
	StoreID        int64
	ContactID      int64
	LeadID         int64
	LeadTypeID     int
	LeadSourceID   int64
	SalesPersonID  string
	BDCAgentID     string
	UserID         string
	// TriggerSetID names the one rule a start by hand is for; 0 for every rule.
	TriggerSetID int64
	// GarageVehicleID is the garage vehicle a garage event is about.
	GarageVehicleID int64
}

// SubjectOf reads event ev; false for an event no activity type names.
func SubjectOf(ev eventbus.Event) (Subject, bool, error) {
	var s Subject
	switch ev.Type {
	case lead.EventCreated, lead.EventStatusChanged, lead.EventAssigned, lead.EventClaimed:
		var d lead.Changed
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		s = Subject{StoreID: d.AccountPlatformID, ContactID: d.ContactID, LeadID: d.LeadID, LeadTypeID: d.LeadTypeID, LeadSourceID: d.LeadSourceID,
			SalesPersonID: d.SalesPersonID, BDCAgentID: d.BDCAgentID, UserID: d.UserID}
		switch ev.Type {
		case lead.EventCreated:
			s.ActivityTypeID = rule.ActivityNewLead
		case lead.EventAssigned:
			s.ActivityTypeID = rule.ActivityLeadAssigned
		case lead.EventClaimed:
			s.ActivityTypeID = rule.ActivityLeadClaimed
		default:
			id, ok := rule.LeadActionActivity(d.ActivityType)
			if !ok {
				return s, false, nil
			}
			s.ActivityTypeID = id
		}
	case activity.EventLogged:
		var d activity.Entry
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		id, ok := rule.ActivityKindActivity(string(d.Kind))
		if !ok {
			return s, false, nil
		}
		s = Subject{ActivityTypeID: id, StoreID: d.AccountPlatformID, ContactID: d.ContactID, UserID: d.UserID}
	case appointment.EventSet, appointment.EventChanged:
		var d appointment.Payload
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		id, ok := rule.AppointmentActivity(ev.Type, d.Status, d.PreviousStatus)
		if !ok {
			return s, false, nil
		}
		s = Subject{ActivityTypeID: id, StoreID: d.AccountPlatformID, ContactID: d.ContactID, UserID: d.UserID}
	case rule.EventStartRequested:
		var d rule.StartRequest
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		s = Subject{ActivityTypeID: rule.ActivityOnDemand, StoreID: d.AccountPlatformID, ContactID: d.ContactID, LeadID: d.LeadID, UserID: d.UserID, TriggerSetID: d.TriggerSetID}
	case visit.EventStarted, visit.EventCompleted:
		var d visit.Changed
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		s = Subject{ActivityTypeID: rule.ActivityVisitCompleted, StoreID: d.AccountPlatformID, ContactID: d.ContactID, SalesPersonID: d.UserID, UserID: d.ByUserID}
		if ev.Type == visit.EventStarted {
			if d.Kind != visit.KindShowroom {
				return s, false, nil
			}
			s.ActivityTypeID = rule.ActivityShowroomVisit
		}
	case garage.EventChanged, garage.EventNoLongerOwned:
		var d garage.Changed
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		s = Subject{ActivityTypeID: rule.ActivityVehicleNoLongerOwned, StoreID: d.AccountPlatformID, ContactID: d.ContactID, UserID: d.UserID, GarageVehicleID: d.EntityID}
		if ev.Type == garage.EventChanged {
			if d.Action != garage.ActionAdded {
				return s, false, nil
			}
			s.ActivityTypeID = rule.ActivityVehicleAdded
		}
	case contact.EventCreated:
		var d contact.Changed
		if err := json.Unmarshal(ev.Detail, &d); err != nil {
			return s, false, fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		s = Subject{ActivityTypeID: rule.ActivityCustomerCreated, StoreID: d.AccountPlatformID, ContactID: d.ContactID, UserID: d.UserID}
	default:
		return s, false, nil
	}
	return s, s.StoreID > 0 && s.ContactID > 0, nil
}

// OnEvent ends the running instances and tasks the event terminates, then starts the rules it
// triggers. Each effect is once per event (see the package comment).
//
// A start waits for one round of reads: the store's rules as the engine last read them say
// what their starts need (the lead, the store's time zone and hours, the tasks' owner, the
// action types), and that is read together with the rules' stamp and the customer's workflows,
// the items in one BatchGetItem beside the workflows' query and the lead. The time zone and
// hours, whether the owner is active and the action types are then reused for Reuse, so most
// starts read only the stamp and the workflows. Only when the stamp says the rules changed is
// what the current rules need and was not read read after.
func (e *Engine) OnEvent(ctx context.Context, ev eventbus.Event) error {
	sub, ok, err := SubjectOf(ev)
	if err != nil || !ok {
		return err
	}
	t, err := store.NewTenant(ev.Account)
	if err != nil {
		return err
	}
	if sub.ActivityTypeID == rule.ActivityVehicleNoLongerOwned {
		if err := e.stopVehicle(ctx, t, sub, ev); err != nil {
			return err
		}
	}
	in := &inputs{e: e, t: t, sub: sub}
	stamp, enabled, err := e.enabled.StampRead(e.rules, t, sub.StoreID)
	if err != nil {
		return err
	}
	if err := in.read(ctx, needsOf(candidates(e.enabled.Kept(t, sub.StoreID), sub), sub), stamp); err != nil {
		return err
	}
	rules, err := enabled(ctx)
	if err != nil {
		return err
	}
	cands := candidates(rules, sub)
	n := needsOf(cands, sub)
	n.instances = in.mayEnd(rules)
	if err := in.read(ctx, n, nil); err != nil {
		return err
	}
	// The terminators' writes, when there are any: a delivery of the event after they committed
	// finds the workflows ended and the tasks closed, and writes nothing.
	end, err := e.terminate(ctx, t, sub, in.instances)
	if err != nil {
		return err
	}
	if len(end) > 0 {
		if err := eventbus.Once(e.s, TriggerConsumer+"-end", func(ctx context.Context, ev eventbus.Event) ([]store.Op, error) {
			is, err := e.rules.Instances(ctx, t, []int64{sub.ContactID})
			if err != nil {
				return nil, err
			}
			return e.terminate(ctx, t, sub, is)
		})(ctx, ev); err != nil {
			return err
		}
		// The ends changed the customer's running workflows the starts below write.
		if in.run, err = e.rules.RunningOf(ctx, t, sub.ContactID); err != nil {
			return err
		}
	}
	// A rule whose filters leave the subject out (at the event's time, so every delivery decides
	// alike) writes nothing, not even a processed mark.
	at := ev.Time
	if at.IsZero() {
		at = e.now()
	}
	for _, r := range cands {
		if !Matches(r, sub, in.lead, at) {
			continue
		}
		r := r
		var started *rule.VersionedRunning
		start := func(ctx context.Context, ev eventbus.Event) ([]store.Op, error) {
			ops, run, err := e.start(ctx, r, in, ev)
			started = run
			return ops, err
		}
		// The start only builds writes from what was read above, so its processed mark is not
		// read first: a redelivery's transaction fails on the mark (see eventbus.OnceUnread).
		if err := eventbus.OnceUnread(e.s, fmt.Sprintf("%s-%d", TriggerConsumer, r.ID), start)(ctx, ev); err != nil {
			return err
		}
		if started != nil {
			// The next rule's start writes the running workflows after this one. (When a
			// delivery before wrote them, that start finds its own mark.)
			in.run = *started
		}
	}
	return nil
}

// candidates returns the rules of rules whose triggers name the subject's activity type (the
// one rule a start by hand names).
func candidates(rules []rule.TriggerSet, sub Subject) []rule.TriggerSet {
	var out []rule.TriggerSet
	for _, r := range rules {
		if hasActivity(r.Triggers, sub.ActivityTypeID) && (sub.TriggerSetID == 0 || r.ID == sub.TriggerSetID) {
			out = append(out, r)
		}
	}
	return out
}

// needs says what the starts of some rules read besides the customer's running workflows.
type needs struct {
	// instances: the event may end a running workflow of the customer, so its workflows.
	instances bool
	// lead: a filter or the vehicles of a rule look at the lead.
	lead bool
	// start: a rule may start, so the store's time zone, the tasks' owner and the action types.
	start bool
	// hours: a task of a rule keeps the store's working hours.
	hours bool
}

// needsOf returns what starting the candidate rules cands for the subject reads.
func needsOf(cands []rule.TriggerSet, sub Subject) needs {
	var n needs
	for _, r := range cands {
		n.start = true
		n.lead = n.lead || (sub.LeadID != 0 && len(r.Vehicles) > 0)
		n.hours = n.hours || slices.ContainsFunc(r.TriggerSetTasks, func(rt rule.Task) bool { return rt.UseWorkSchedule })
		for _, f := range r.TriggerSetFilters {
			n.lead = n.lead || (sub.LeadID != 0 && filterReadsLead(f, sub))
		}
	}
	return n
}

// filterReadsLead reports whether filter f needs the subject's lead; the lead's type and source
// and, when the event names it, its sales person come with the event.
func filterReadsLead(f rule.Filter, sub Subject) bool {
	switch f.FilterID {
	case rule.FilterLeadType, rule.FilterLeadSource:
		return false
	case rule.FilterHasSalesOwner:
		return sub.SalesPersonID == ""
	}
	return true
}

// inputs is what an event's terminators and starts read, each part read once.
type inputs struct {
	e   *Engine
	t   store.Tenant
	sub Subject

	// run is the customer's running workflows.
	run           rule.VersionedRunning
	haveRun       bool
	instances     []rule.VersionedInstance
	haveInstances bool
	// lead is the subject's lead; nil when the event names none or it does not exist.
	lead     *lead.Lead
	haveLead bool
	sched    workhours.Schedule
	// schedHours: sched holds the store's own working hours, not only its time zone.
	haveSched, schedHours bool
	// owner is the first active user of the subject's sales person, BDC agent and user.
	owner       string
	haveOwner   bool
	actions     []rule.ActionType
	haveActions bool
}

// read reads, together, the customer's running workflows and what n names that is not read yet,
// with extra, when not nil, in the same batch.
func (in *inputs) read(ctx context.Context, n needs, extra *store.Read) error {
	e, t, sub := in.e, in.t, in.sub
	var (
		batch []*store.Read
		after []func() error
	)
	if extra != nil {
		batch = append(batch, extra)
	}
	if !in.haveRun {
		rd, got, err := e.rules.RunningRead(t, sub.ContactID)
		if err != nil {
			return err
		}
		batch = append(batch, rd)
		after = append(after, func() error {
			in.run, in.haveRun = got(), true
			return nil
		})
	}
	if n.start && (!in.haveSched || (n.hours && !in.schedHours)) {
		hours := n.hours
		key := fmt.Sprintf("%s/%d/%t", t.Account(), sub.StoreID, hours)
		if sched, ok := e.schedules.Get(key); ok {
			in.sched, in.haveSched, in.schedHours = sched, true, hours
		} else {
			var st func() (account.Store, error)
			if e.accounts != nil {
				rd, got, err := e.accounts.StoreRead(t, sub.StoreID)
				if err != nil {
					return err
				}
				batch, st = append(batch, rd), got
			}
			var settings func() dealer.StoreSettings
			if hours {
				srd, got, err := e.dealers.SettingsRead(t, sub.StoreID)
				if err != nil {
					return err
				}
				batch, settings = append(batch, srd), got
			}
			after = append(after, func() error {
				// A store that cannot be read keeps UTC.
				tz := ""
				if st != nil {
					if got, err := st(); err == nil {
						tz = got.TimeZone
					}
				}
				in.sched, in.haveSched, in.schedHours = workhours.In(nil, tz), true, hours
				if hours {
					in.sched = settings().Schedule(tz)
				}
				e.schedules.Put(key, in.sched)
				return nil
			})
		}
	}
	if n.start && !in.haveOwner {
		// The first of the lead's sales person, its BDC agent and the user whose action it
		// was (not an integration such as the lead intake) that is an active user.
		var ids []string
		for _, id := range []string{sub.SalesPersonID, sub.BDCAgentID, sub.UserID} {
			if user.ValidUserID(id) && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
		activeKey := func(id string) string { return t.Account() + "/" + id }
		known := true
		for _, id := range ids {
			_, ok := e.active.Get(activeKey(id))
			known = known && ok
		}
		choose := func(active func(id string) bool) {
			for _, id := range ids {
				if active(id) {
					in.owner = id
					break
				}
			}
			in.haveOwner = true
		}
		if known {
			choose(func(id string) bool { a, _ := e.active.Get(activeKey(id)); return a })
		} else {
			profiles := map[string]func() (user.Profile, bool){}
			for _, id := range ids {
				rd, got, err := e.users.ProfileRead(t, id)
				if err != nil {
					return err
				}
				batch, profiles[id] = append(batch, rd), got
			}
			after = append(after, func() error {
				active := map[string]bool{}
				for _, id := range ids {
					p, ok := profiles[id]()
					active[id] = ok && p.Active()
					e.active.Put(activeKey(id), active[id])
				}
				choose(func(id string) bool { return active[id] })
				return nil
			})
		}
	}
	if n.start && !in.haveActions {
		if actions, ok := e.actions.Get(t.Account()); ok {
			in.actions, in.haveActions = actions, true
		} else {
			rd, got, err := e.rules.ActionTypesRead(t)
			if err != nil {
				return err
			}
			batch = append(batch, rd)
			after = append(after, func() error {
				in.actions, in.haveActions = got(), true
				e.actions.Put(t.Account(), in.actions)
				return nil
			})
		}
	}
	var (
		wg   sync.WaitGroup
		errs [3]error
	)
	if n.instances && !in.haveInstances {
		wg.Go(func() {
			if in.instances, errs[0] = e.rules.Instances(ctx, t, []int64{sub.ContactID}); errs[0] == nil {
				in.haveInstances = true
			}
		})
	}
	if n.lead && !in.haveLead && sub.LeadID != 0 {
		wg.Go(func() {
			got, err := e.leads.GetOf(ctx, t, sub.ContactID, sub.LeadID)
			switch {
			case err == nil:
				in.lead, in.haveLead = &got, true
			case apperr.CodeOf(err) == apperr.NotFound:
				in.haveLead = true
			default:
				errs[1] = err
			}
		})
	}
	if len(batch) > 0 {
		wg.Go(func() { errs[2] = e.s.BatchGet(ctx, batch...) })
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return err
	}
	for _, f := range after {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// mayEnd reports whether the subject's event may end a running workflow of the customer or one
// of its tasks, by the running workflows read and the store's enabled rules: a workflow whose
// rule is not among them (disabled since, or of another store) may.
func (in *inputs) mayEnd(rules []rule.TriggerSet) bool {
	sub := in.sub
	for _, ri := range in.run.Instances {
		if sub.LeadID != 0 && ri.EntityID != 0 && ri.EntityID != sub.LeadID {
			continue
		}
		i := slices.IndexFunc(rules, func(r rule.TriggerSet) bool { return r.ID == ri.TriggerSetID })
		if i < 0 || hasActivity(rules[i].Terminators, sub.ActivityTypeID) ||
			slices.ContainsFunc(rules[i].TriggerSetTasks, func(rt rule.Task) bool { return hasActivity(rt.Terminators, sub.ActivityTypeID) }) {
			return true
		}
	}
	return false
}

// stopVehicle ends the running workflows about the garage vehicle the subject's event says left
// its customer's garage, cancelling their open tasks (and the tasks' due timers). Each workflow
// ends in a transaction of its own with its processed mark, so a redelivered event ends nothing
// twice and a workflow with many tasks does not crowd the others out of one transaction.
func (e *Engine) stopVehicle(ctx context.Context, t store.Tenant, sub Subject, ev eventbus.Event) error {
	is, err := e.rules.Instances(ctx, t, []int64{sub.ContactID})
	if err != nil {
		return err
	}
	by := sub.UserID
	if by == "" {
		by = "workflow"
	}
	for _, vi := range is {
		if !vi.Active() || vi.GarageVehicleID != sub.GarageVehicleID {
			continue
		}
		id := vi.ID
		stop := func(ctx context.Context, ev eventbus.Event) ([]store.Op, error) {
			cur, err := e.rules.Instance(ctx, t, sub.ContactID, id)
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			if !cur.Active() {
				return nil, nil
			}
			ops, _, err := e.rules.StopOps(ctx, t, e.tasks, cur, rule.InstanceCancelled, by, "Ended: the customer no longer owns the vehicle.", e.now().UTC())
			return ops, err
		}
		if err := eventbus.Once(e.s, VehicleGoneMark+"-"+id, stop)(ctx, ev); err != nil {
			return err
		}
	}
	return nil
}

// terminate returns the writes that end the subject's customer's running instances of is whose
// rule terminates on the subject's activity type, and cancel the open tasks whose rule task
// does.
func (e *Engine) terminate(ctx context.Context, t store.Tenant, sub Subject, is []rule.VersionedInstance) ([]store.Op, error) {
	now := e.now().UTC()
	name := activityName(sub.ActivityTypeID)
	var (
		ops  []store.Op
		stop []rule.VersionedInstance
	)
	for _, vi := range is {
		if !vi.Active() || (sub.LeadID != 0 && vi.EntityID != 0 && vi.EntityID != sub.LeadID) {
			continue
		}
		r, err := e.rules.Get(ctx, t, vi.TriggerSetID, nil)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		if hasActivity(r.Terminators, sub.ActivityTypeID) {
			stop = append(stop, vi)
			continue
		}
		for _, id := range vi.TaskIDs {
			w, v, err := e.tasks.Workflow(ctx, t, vi.ContactID, id)
			if apperr.CodeOf(err) == apperr.NotFound {
				continue
			}
			if err != nil {
				return nil, err
			}
			i := slices.IndexFunc(r.TriggerSetTasks, func(x rule.Task) bool { return x.TriggerSetTaskID == w.TriggerSetTaskID })
			if !w.Open() || i < 0 || !hasActivity(r.TriggerSetTasks[i].Terminators, sub.ActivityTypeID) {
				continue
			}
			w.Status = task.StatusCancelled
			op, err := task.WorkflowUpdateOp(t, w, v)
			if err != nil {
				return nil, err
			}
			cancel, err := timerCancel(t, w)
			if err != nil {
				return nil, err
			}
			ops = append(ops, op, cancel)
		}
	}
	ended, _, err := e.rules.StopAllOps(ctx, t, e.tasks, stop, rule.InstanceCancelled, "workflow", "Ended by "+name+".", now)
	if err != nil {
		return nil, err
	}
	return append(ops, ended...), nil
}

func hasActivity(ts []rule.Trigger, id int64) bool {
	return slices.ContainsFunc(ts, func(tr rule.Trigger) bool { return tr.ActivityTypeID == id })
}

func activityName(id int64) string {
	if a, ok := rule.ActivityTypeOf(id); ok {
		return a.Name
	}
	return "activity " + strconv.FormatInt(id, 10)
}

// start returns the writes that start rule r (whose filters and vehicles let the subject in) for
// the subject of event ev from what in read, and the customer's running workflows after them;
// none when the customer has a running instance of the rule for the same lead and garage
// vehicle.
func (e *Engine) start(ctx context.Context, r rule.TriggerSet, in *inputs, ev eventbus.Event) ([]store.Op, *rule.VersionedRunning, error) {
	t, sub := in.t, in.sub
	if in.run.Runs(r.ID, sub.LeadID, sub.GarageVehicleID) {
		return nil, nil, nil
	}
	owner := in.owner
	if owner == "" && len(r.TriggerSetTasks) > 0 {
		// Nobody of the event is an active user: whoever last changed or created the rule.
		var err error
		if owner, err = e.owner(ctx, t, r.UpdatedBy, r.CreatedBy); err != nil {
			return nil, nil, err
		}
		if owner == "" {
			e.log.WarnContext(ctx, "workflow rule not started: no active user for its tasks", "rule", r.ID, "contact", sub.ContactID)
			return nil, nil, nil
		}
	}
	sched, actions := in.sched, in.actions
	loc := sched.Location()
	now := e.now().UTC()
	inst := rule.Instance{
		ID: rule.InstanceID(ev.ID, r.ID), TriggerSetID: r.ID, RuleName: r.Name, ContactID: sub.ContactID, EntityID: sub.LeadID, GarageVehicleID: sub.GarageVehicleID,
		AccountPlatformID: sub.StoreID, Status: rule.InstanceInProgress, StartedAt: now, TriggerActivityID: sub.ActivityTypeID, TaskIDs: []string{},
	}
	var ops []store.Op
	for i, rt := range r.TriggerSetTasks {
		typ := "Task"
		if j := slices.IndexFunc(actions, func(a rule.ActionType) bool { return a.ID == rt.ActionTypeID }); j >= 0 {
			typ = actions[j].Name
		}
		w := task.WorkflowTask{
			Task: task.Task{
				ID: fmt.Sprintf("%s-%d", inst.ID, i+1), ContactID: sub.ContactID, EntityID: sub.LeadID, AccountPlatformID: sub.StoreID,
				AssignedUserID: owner, TaskType: typ, Name: rt.Name, Description: rt.Description,
				DueAt: rule.DueAt(rt, now, sched), Status: task.StatusPending, CreatedAt: now,
				Origin: task.Origin{WorkflowInstanceID: inst.ID, TriggerSetID: r.ID, TriggerSetTaskID: rt.TriggerSetTaskID, Automated: rt.AutomatedTask},
			},
		}
		create, err := task.WorkflowCreateOp(t, w)
		if err != nil {
			return nil, nil, err
		}
		due, err := rule.DueTimerOp(t, w, now)
		if err != nil {
			return nil, nil, err
		}
		ops = append(ops, create, due)
		inst.TaskIDs = append(inst.TaskIDs, w.ID)
		notes, err := e.notify(ctx, t, sub.StoreID, rt.TriggerSetTaskNotifications, rule.OnStart, message{rule: r, task: &w, loc: loc}, w.ID+"-start", now)
		if err != nil {
			return nil, nil, err
		}
		ops = append(ops, notes...)
	}
	rec, err := rule.InstanceRecord(t, inst, 0)
	if err != nil {
		return nil, nil, err
	}
	// Written at the version read: a start or an end of another workflow of the customer
	// since fails the transaction, and the event is tried again.
	running, run, err := rule.StartedOp(t, in.run, inst)
	if err != nil {
		return nil, nil, err
	}
	ops = append(ops, store.CreateOp(rec), running)
	notes, err := e.notify(ctx, t, sub.StoreID, r.TriggerSetNotifications, rule.OnStart, message{rule: r, loc: loc}, inst.ID+"-start", now)
	if err != nil {
		return nil, nil, err
	}
	return append(ops, notes...), &run, nil
}

// owner returns the first of ids that is an active user of the tenant: the lead's sales person,
// its BDC agent, the user whose action it was (not an integration such as the lead intake),
// then whoever last changed or created the rule; "" when none is.
func (e *Engine) owner(ctx context.Context, t store.Tenant, ids ...string) (string, error) {
	for _, id := range ids {
		if !user.ValidUserID(id) {
			continue
		}
		p, _, err := e.users.Profile(ctx, t, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return "", err
		}
		if p.Active() {
			return id, nil
		}
	}
	return "", nil
}

// Matches reports whether rule r's filters and vehicles let the subject (and its lead l, nil
// when the event is about none) start it at now. A filter about the lead leaves out a subject
// without a lead.
func Matches(r rule.TriggerSet, sub Subject, l *lead.Lead, now time.Time) bool {
	for _, f := range r.TriggerSetFilters {
		if !filterPasses(f, sub, l, now) {
			return false
		}
	}
	if len(r.Vehicles) > 0 {
		if l == nil {
			return false
		}
		ok := false
		for _, want := range r.Vehicles {
			for _, v := range l.Vehicles {
				if strings.EqualFold(want.Make, v.Make) && (want.Model == "" || strings.EqualFold(want.Model, v.Model)) && (want.Trim == "" || strings.EqualFold(want.Trim, v.Trim)) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func filterPasses(f rule.Filter, sub Subject, l *lead.Lead, now time.Time) bool {
	num := func() float64 {
		switch v := f.FilterValue.(type) {
		case int64:
			return float64(v)
		case float64:
			return v
		case bool:
			if v {
				return 1
			}
		}
		return 0
	}
	flag := func() bool { b, _ := f.FilterValue.(bool); return b }
	switch f.FilterID {
	case rule.FilterLeadType:
		return sub.LeadID != 0 && float64(sub.LeadTypeID) == num()
	case rule.FilterLeadSource:
		return sub.LeadID != 0 && float64(sub.LeadSourceID) == num()
	case rule.FilterHasSalesOwner:
		return (sub.SalesPersonID != "" || (l != nil && l.SalesPersonID != "")) == flag()
	case rule.FilterNewVehicle:
		if l == nil {
			return false
		}
		v, ok := l.ChosenVehicle()
		return ok && v.IsNew == flag()
	case rule.FilterStockNumbers:
		if l == nil {
			return false
		}
		list := strings.Split(fmt.Sprint(f.FilterValue), ",")
		for _, v := range l.Vehicles {
			if v.StockNumber != "" && slices.ContainsFunc(list, func(s string) bool { return strings.EqualFold(strings.TrimSpace(s), v.StockNumber) }) {
				return true
			}
		}
		return false
	case rule.FilterMinPrice:
		if l == nil {
			return false
		}
		v, ok := l.ChosenVehicle()
		return ok && v.Price >= num()
	case rule.FilterLeadAgeDays:
		if l == nil {
			return false
		}
		return now.Sub(l.CreatedAt) <= time.Duration(num())*24*time.Hour
	case rule.FilterDealEnd:
		// Time since the deal ended: only leads sold and delivered have one, from their last
		// status change.
		if l == nil || l.Status != lead.StatusSoldDelivered {
			return false
		}
		days := now.Sub(l.UpdatedAt).Hours() / 24
		if f.SelectedDurationDelayType == rule.DelayBefore {
			return days <= num()
		}
		return days >= num()
	}
	return false
}
