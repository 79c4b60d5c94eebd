package workflows_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/events/workflows"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/local/clocktest"
	"github.com/cxm/cxm/shared/local/dynamotest"
	mailsandbox "github.com/cxm/cxm/shared/provider/mail/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	account = 100
	shop    = 2001
	other   = 2002
)

type fixture struct {
	ctx   context.Context
	s     *store.Store
	t     store.Tenant
	svc   wiring.Services
	bus   *eventbus.Memory
	relay *dynamotest.Outbox
	clock *clocktest.Clock
	leads *lead.Repo
	rules *rule.Repo
	tasks *task.Repo
	firer *timer.Firer
	notes *notification.Repo
	mu    sync.Mutex
	seen  []eventbus.Event
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	c := clocktest.New(time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC))
	s := dynamotest.Store(t).WithClock(c.Now)
	tenant, err := store.NewTenant(strconv.Itoa(account))
	if err != nil {
		t.Fatal(err)
	}
	bus := eventbus.NewMemory()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f := &fixture{
		ctx: ctx, s: s, t: tenant, svc: wiring.New(s, bus, log), bus: bus, clock: c,
		leads: lead.NewRepo(s, bus, log).WithClock(c.Now), rules: rule.NewRepo(s).WithClock(c.Now),
		tasks: task.NewRepo(s), notes: notification.NewRepo(s, nil),
	}
	for _, consumer := range workflows.New(f.svc, c.Now).Consumers() {
		bus.Register(consumer)
	}
	bus.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.seen = append(f.seen, e)
		return nil
	})
	f.relay = dynamotest.NewOutbox(t, s, bus)
	f.firer = &timer.Firer{Store: s, Now: c.Now, Fire: timer.ThroughOutbox(s), Log: log}
	for _, id := range []string{"sp-a", "mgr"} {
		p := user.Profile{UserID: id, AccountID: account, ViewAccountID: account, FirstName: id, LastName: "Staff",
			UserStatus: user.StatusActive, Roles: []string{"SalesManager"}, PrimaryUserRole: "SalesManager",
			PrimaryStore: shop, AllowedStores: []int64{shop}, ViewStores: []int64{shop}}
		if err := f.svc.Users.CreateProfile(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f *fixture) settle(t *testing.T) {
	t.Helper()
	f.relay.Settle(t)
}

func (f *fixture) fire(t *testing.T) {
	t.Helper()
	if _, err := f.firer.FireDue(f.ctx); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
}

// activeRule saves and activates r.
func (f *fixture) activeRule(t *testing.T, r rule.TriggerSet) rule.TriggerSet {
	t.Helper()
	saved, err := f.rules.Save(f.ctx, f.t, r, nil, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if saved, err = f.rules.SetEnabled(f.ctx, f.t, saved.ID, true, nil, "admin"); err != nil {
		t.Fatal(err)
	}
	return saved
}

func callRule(storeID int64) rule.TriggerSet {
	return rule.TriggerSet{
		Name: "New internet lead: call in 15 minutes", AccountPlatformIDs: []int64{storeID},
		Triggers:    []rule.Trigger{{ActivityTypeID: rule.ActivityNewLead}},
		Terminators: []rule.Trigger{{ActivityTypeID: rule.ActivityLeadLost}},
		TriggerSetTasks: []rule.Task{{Name: "Call the customer", ActionTypeID: 1, DueUnit: rule.UnitMinutes, DueDuration: 15,
			TriggerSetTaskNotifications: []rule.Notification{{RecipientType: "user", UserIDs: []string{"mgr"}, OnEvent: rule.OnOverdue}}}},
		TriggerSetNotifications: []rule.Notification{{RecipientType: "role", RoleID: "SalesManager", OnEvent: rule.OnStart}},
		TriggerSetFilters:       []rule.Filter{{FilterID: rule.FilterLeadType, FilterValue: float64(lead.TypeInternet)}},
	}
}

func (f *fixture) newLead(t *testing.T, storeID, contactID int64, typ int) lead.Lead {
	t.Helper()
	l, err := f.leads.Create(f.ctx, f.t, lead.Lead{AccountPlatformID: storeID, ContactID: contactID, LeadTypeID: typ, SalesPersonID: "sp-a"}, "adf-intake")
	if err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	return l
}

func (f *fixture) workflows(t *testing.T, contactID int64) []rule.VersionedInstance {
	t.Helper()
	is, err := f.rules.Instances(f.ctx, f.t, []int64{contactID})
	if err != nil {
		t.Fatal(err)
	}
	return is
}

func (f *fixture) task(t *testing.T, contactID int64, id string) task.WorkflowTask {
	t.Helper()
	w, _, err := f.tasks.Workflow(f.ctx, f.t, contactID, id)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func (f *fixture) inbox(t *testing.T, userID string) []notification.Notification {
	t.Helper()
	page, err := f.notes.List(f.ctx, f.t, userID, 100, "")
	if err != nil {
		t.Fatal(err)
	}
	return page.Notifications
}

// TestTriggerTimerOverdue: a new internet lead starts the rule: one workflow with its call task
// due in 15 minutes, assigned to the lead's sales person; the start notifies the role's users;
// replaying the event starts nothing more; 16 minutes later the task is overdue and its
// recipient is told, once however often the timers run.
func TestTriggerTimerOverdue(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := f.activeRule(t, callRule(shop))
	l := f.newLead(t, shop, 501, lead.TypeInternet)

	is := f.workflows(t, 501)
	if len(is) != 1 || is[0].TriggerSetID != r.ID || !is[0].Active() || is[0].EntityID != l.ID || len(is[0].TaskIDs) != 1 {
		t.Fatalf("workflows = %+v, want one running workflow of the rule with one task", is)
	}
	w := f.task(t, 501, is[0].TaskIDs[0])
	if w.Status != task.StatusPending || w.AssignedUserID != "sp-a" || w.TaskType != "Call" || !w.DueAt.Equal(f.clock.Now().Add(15*time.Minute)) {
		t.Errorf("task = %+v, want a pending call for sp-a due in 15 minutes", w)
	}
	if n := len(f.inbox(t, "mgr")); n != 1 {
		t.Errorf("mgr has %d notifications after the start, want 1 (the role notification)", n)
	}
	listed, err := f.tasks.ForContacts(f.ctx, f.t, []int64{501})
	if err != nil || len(listed) != 1 {
		t.Errorf("the customer's tasks = %d, %v; want the workflow's task", len(listed), err)
	}

	// The same event again: nothing more.
	var created eventbus.Event
	for _, e := range f.seen {
		if e.Type == lead.EventCreated {
			created = e
		}
	}
	for range 2 {
		if err := f.bus.Publish(f.ctx, created); err != nil {
			t.Fatal(err)
		}
	}
	f.settle(t)
	if got := len(f.workflows(t, 501)); got != 1 {
		t.Errorf("after replay: %d workflows, want 1", got)
	}

	// Not yet due.
	f.clock.Advance(10 * time.Minute)
	f.fire(t)
	if got := f.task(t, 501, w.ID).Status; got != task.StatusPending {
		t.Errorf("after 10 minutes: status %s, want Pending", got)
	}
	f.clock.Advance(6 * time.Minute)
	f.fire(t)
	f.fire(t)
	if got := f.task(t, 501, w.ID).Status; got != task.StatusOverdue {
		t.Errorf("after 16 minutes: status %s, want Overdue", got)
	}
	if n := len(f.inbox(t, "mgr")); n != 2 {
		t.Errorf("mgr has %d notifications, want 2 (start and overdue once)", n)
	}
}

// TestFiltersAndStores: the rule's lead type filter, the store and disabled rules decide what
// starts.
func TestFiltersAndStores(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.activeRule(t, callRule(shop))
	disabled, err := f.rules.Save(f.ctx, f.t, callRule(shop), nil, "admin")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		storeID int64
		contact int64
		typ     int
		want    int
	}{
		{"internet lead of the store", shop, 601, lead.TypeInternet, 1},
		{"phone lead is filtered out", shop, 602, lead.TypePhone, 0},
		{"another store's lead", other, 603, lead.TypeInternet, 0},
	}
	for _, tt := range tests {
		f.newLead(t, tt.storeID, tt.contact, tt.typ)
		is := f.workflows(t, tt.contact)
		if len(is) != tt.want {
			t.Errorf("%s: %d workflows, want %d", tt.name, len(is), tt.want)
		}
		for _, i := range is {
			if i.TriggerSetID == disabled.ID {
				t.Errorf("%s: the disabled rule started", tt.name)
			}
		}
	}
}

// TestTerminator: marking the lead lost ends its workflow and cancels the open task and its
// timer; the timer's time passing changes nothing more.
func TestTerminator(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.activeRule(t, callRule(shop))
	l := f.newLead(t, shop, 701, lead.TypeInternet)
	is := f.workflows(t, 701)
	if len(is) != 1 {
		t.Fatalf("workflows = %d, want 1", len(is))
	}
	if _, err := f.leads.Transition(f.ctx, f.t, l.ID, lead.MarkLost, "Bought elsewhere", "sp-a", nil); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	got := f.workflows(t, 701)[0]
	if got.Active() || got.Status != rule.InstanceCancelled || got.EndReason == "" {
		t.Errorf("workflow = %+v, want it ended by the terminator", got.Instance)
	}
	if st := f.task(t, 701, got.TaskIDs[0]).Status; st != task.StatusCancelled {
		t.Errorf("task status = %s, want Cancelled", st)
	}
	if _, err := timer.Pending(f.ctx, f.s, f.t, rule.DueTimerID(got.TaskIDs[0], f.task(t, 701, got.TaskIDs[0]).DueAt)); err == nil {
		t.Errorf("the task's timer is still pending")
	}
	f.clock.Advance(time.Hour)
	f.fire(t)
	if st := f.task(t, 701, got.TaskIDs[0]).Status; st != task.StatusCancelled {
		t.Errorf("after the due time: status %s, want Cancelled", st)
	}
}

// TestAutomatedTask: an automated e-mail task sends its template e-mail through the store's
// mail provider (the sandbox sink locally) at its due time, is recorded in the customer's
// activity once, completes, and its workflow completes with it; a customer the e-mail cannot
// reach gets the failure recorded once and the task becomes Overdue for a person. A replayed
// timer sends nothing more.
func TestAutomatedTask(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := callRule(shop)
	r.Name = "Welcome e-mail"
	r.TriggerSetTasks = []rule.Task{{Name: "Welcome e-mail", Description: "Thank you for your interest, {CustomerName}.", ActionTypeID: 2,
		DueUnit: rule.UnitHours, DueDuration: 1, AutomatedTask: true, EmailTemplate: "Welcome"}}
	r.TriggerSetNotifications = nil
	f.activeRule(t, r)
	customers := []contact.Contact{
		{ID: 801, AccountPlatformID: shop, FirstName: "Ana", LastName: "Lee", Emails: []contact.Email{{Email: "old@example.com"}, {Email: "Ana.Lee@Example.com", IsPreferred: true}}},
		{ID: 802, AccountPlatformID: shop, FirstName: "Ben", LastName: "Ortiz"},
		{ID: 803, AccountPlatformID: shop, FirstName: "Cy", LastName: "Park", Emails: []contact.Email{{Email: mailsandbox.SuppressedAddress}}},
		{ID: 804, AccountPlatformID: shop, FirstName: "Di", LastName: "Ng", Emails: []contact.Email{{Email: "di@example.com", IsPreferred: true, OptOut: true}}},
	}
	if err := contact.NewRepo(f.s, nil, nil, nil).Import(f.ctx, f.t, customers, "test"); err != nil {
		t.Fatal(err)
	}
	for _, c := range customers {
		f.newLead(t, shop, c.ID, lead.TypeInternet)
	}
	f.clock.Advance(61 * time.Minute)
	f.fire(t)
	f.fire(t)
	emails := func(contactID int64) []activity.Entry {
		t.Helper()
		feed, err := activity.NewRepo(f.s, f.bus, nil).Feed(f.ctx, f.t, []int64{contactID}, activity.FeedQuery{})
		if err != nil {
			t.Fatal(err)
		}
		var out []activity.Entry
		for _, e := range feed.Entries {
			if e.Kind == activity.KindEmail {
				out = append(out, e)
			}
		}
		return out
	}
	tests := []struct {
		contact int64
		status  string // the activity's status
		task    string
		flow    int
	}{
		{801, workflows.MailStatusSent, task.StatusCompleted, rule.InstanceSuccess},
		{802, workflows.MailStatusFailed, task.StatusOverdue, rule.InstanceInProgress},
		{803, workflows.MailStatusFailed, task.StatusOverdue, rule.InstanceInProgress},
		{804, workflows.MailStatusFailed, task.StatusOverdue, rule.InstanceInProgress},
	}
	for _, tt := range tests {
		is := f.workflows(t, tt.contact)
		if len(is) != 1 {
			t.Fatalf("%d: workflows = %d, want 1", tt.contact, len(is))
		}
		w := f.task(t, tt.contact, is[0].TaskIDs[0])
		if w.Status != tt.task || (tt.task == task.StatusCompleted) != (w.CompletedAt != nil) {
			t.Errorf("%d: automated task = %+v, want %s", tt.contact, w.Task, tt.task)
		}
		if is[0].Status != tt.flow {
			t.Errorf("%d: workflow status = %d, want %d", tt.contact, is[0].Status, tt.flow)
		}
		sent := emails(tt.contact)
		if len(sent) != 1 || sent[0].Details["status"] != tt.status || sent[0].Details["taskId"] != w.ID || sent[0].Text == "" {
			t.Errorf("%d: e-mails in the activity = %+v, want one %s", tt.contact, sent, tt.status)
		}
	}
	kept := f.svc.Providers.MailSandbox().Sent(f.t)
	if len(kept) != 1 || kept[0].To != "ana.lee@example.com" || kept[0].Subject != "Welcome" || kept[0].Text != "Hello Ana,\n\nThank you for your interest, Ana Lee.\n\n\n" {
		t.Errorf("messages sent = %+v, want the welcome e-mail to Ana's preferred address", kept)
	}
	if got := emails(801); len(got) != 1 || len(kept) != 1 || got[0].Details["messageId"] != kept[0].MessageID {
		t.Errorf("the activity and the sink name different messages: %+v, %+v", got, kept)
	}

	// The timers' events again: nothing more is sent or recorded.
	for _, e := range f.seen {
		if e.Type == rule.EventTaskDue {
			if err := f.bus.Publish(f.ctx, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	f.settle(t)
	if n := len(f.svc.Providers.MailSandbox().Sent(f.t)); n != 1 {
		t.Errorf("after the replay %d messages, want 1", n)
	}
	for _, tt := range tests {
		if n := len(emails(tt.contact)); n != 1 {
			t.Errorf("%d: after the replay %d e-mail entries, want 1", tt.contact, n)
		}
	}
}

// TestCopyRequest: a queued copy becomes one disabled rule in the target store, once however
// often it is delivered.
func TestCopyRequest(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	src := f.activeRule(t, callRule(shop))
	op, err := rule.CopyRequestOp(f.t, rule.CopyRequest{TriggerSetID: src.ID, AccountPlatformID: other, UserID: "admin", Key: "copy-1"}, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.Transact(f.ctx, op); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	var ev eventbus.Event
	for _, e := range f.seen {
		if e.Type == rule.EventCopyRequested {
			ev = e
		}
	}
	_ = f.bus.Publish(f.ctx, ev)
	copies, err := f.rules.ForStore(f.ctx, f.t, other, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(copies) != 1 || copies[0].Enabled || copies[0].ID == src.ID || copies[0].Name != src.Name ||
		copies[0].TriggerSetTasks[0].TriggerSetTaskID == src.TriggerSetTasks[0].TriggerSetTaskID {
		b, _ := json.Marshal(copies)
		t.Errorf("copies = %s, want one disabled copy with its own ids", b)
	}
}

// TestUserChangesWorkflowTask: a user's reschedule of a workflow task moves its due timer (the
// old due time passes without effect, the new one makes it overdue), the task keeps its
// workflow, and completing the workflow's last open task completes the workflow.
func TestUserChangesWorkflowTask(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.activeRule(t, callRule(shop))
	f.newLead(t, shop, 801, lead.TypeInternet)
	is := f.workflows(t, 801)
	if len(is) != 1 {
		t.Fatalf("workflows = %d, want 1", len(is))
	}
	id := is[0].TaskIDs[0]
	change := func(ch task.Change) task.WorkflowTask {
		t.Helper()
		tk, err := f.tasks.Get(f.ctx, f.t, 801, id)
		if err != nil {
			t.Fatal(err)
		}
		ch.Version, ch.By = tk.Version, "sp-a"
		if _, _, err := f.tasks.Apply(f.ctx, f.t, tk, ch, f.clock.Now()); err != nil {
			t.Fatal(err)
		}
		f.settle(t)
		return f.task(t, 801, id)
	}
	oldDue := f.task(t, 801, id).DueAt
	moved := change(task.Change{Action: task.Reschedule, DueAt: oldDue.Add(time.Hour)})
	if moved.WorkflowInstanceID != is[0].ID || moved.TriggerSetID != is[0].TriggerSetID {
		t.Errorf("rescheduled task lost its workflow: %+v", moved.Origin)
	}
	if _, err := timer.Pending(f.ctx, f.s, f.t, rule.DueTimerID(id, oldDue)); err == nil {
		t.Error("the old due time's timer is still pending")
	}
	if _, err := timer.Pending(f.ctx, f.s, f.t, rule.DueTimerID(id, moved.DueAt)); err != nil {
		t.Errorf("no timer for the new due time: %v", err)
	}
	f.clock.Advance(30 * time.Minute)
	f.fire(t)
	if got := f.task(t, 801, id).Status; got != task.StatusPending {
		t.Errorf("past the old due time: status %s, want Pending", got)
	}
	done := change(task.Change{Action: task.Complete})
	if done.Status != task.StatusCompleted || done.WorkflowInstanceID != is[0].ID {
		t.Errorf("completed task = %s %+v, want Completed in its workflow", done.Status, done.Origin)
	}
	got := f.workflows(t, 801)[0]
	if got.Active() || got.Status != rule.InstanceSuccess {
		t.Errorf("workflow = %+v, want it completed with its last task", got.Instance)
	}
	if _, err := timer.Pending(f.ctx, f.s, f.t, rule.DueTimerID(id, moved.DueAt)); err == nil {
		t.Error("the completed task's timer is still pending")
	}
	f.clock.Advance(2 * time.Hour)
	f.fire(t)
	if got := f.task(t, 801, id).Status; got != task.StatusCompleted {
		t.Errorf("after the new due time: status %s, want Completed", got)
	}
}

// TestVehicleNoLongerOwned: a vehicle added to a customer's garage starts the rule about it;
// marking it as no longer owned ends that workflow and cancels its open tasks and their timers,
// once however often the event is delivered, and leaves the workflows of the customer's other
// vehicle and of their lead running.
func TestVehicleNoLongerOwned(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	service := rule.TriggerSet{
		Name: "New garage vehicle: service check-in", AccountPlatformIDs: []int64{shop},
		Triggers: []rule.Trigger{{ActivityTypeID: rule.ActivityVehicleAdded}},
		TriggerSetTasks: []rule.Task{
			{Name: "Call about the first service", ActionTypeID: 1, DueUnit: rule.UnitDays, DueDuration: 30},
			{Name: "Service reminder e-mail", ActionTypeID: 2, DueUnit: rule.UnitDays, DueDuration: 60, AutomatedTask: true, EmailTemplate: "Service"},
		},
	}
	f.activeRule(t, service)
	f.activeRule(t, callRule(shop))
	const customer = 901
	f.newLead(t, shop, customer, lead.TypeInternet)
	garages := garage.NewRepo(f.s, activity.NewRepo(f.s, f.bus, nil), vehicle.MustLoad(), nil)
	by := garage.Actor{UserID: "sp-a", UserName: "sp-a Staff"}
	add := func(model string) garage.Vehicle {
		t.Helper()
		v, err := garages.Add(f.ctx, f.t, customer, shop, garage.Edit{CurrentVehicle: garage.VehicleInput{Year: 2022, Make: "Toyota", Model: model}}, by)
		if err != nil {
			t.Fatal(err)
		}
		f.settle(t)
		return v
	}
	camry, rav4 := add("Camry"), add("RAV4")
	of := func(vehicleID int64) rule.VersionedInstance {
		t.Helper()
		for _, i := range f.workflows(t, customer) {
			if i.GarageVehicleID == vehicleID && (vehicleID != 0 || i.EntityID != 0) {
				return i
			}
		}
		t.Fatalf("no workflow about vehicle %d among %+v", vehicleID, f.workflows(t, customer))
		return rule.VersionedInstance{}
	}
	if got := len(f.workflows(t, customer)); got != 3 {
		t.Fatalf("%d workflows, want 3 (the lead's and one per vehicle)", got)
	}
	camryFlow := of(camry.EntityID)
	if len(camryFlow.TaskIDs) != 2 {
		t.Fatalf("the Camry's workflow has %d tasks, want 2", len(camryFlow.TaskIDs))
	}

	// The first task done by hand: it stays completed when the vehicle goes.
	first := f.task(t, customer, camryFlow.TaskIDs[0])
	tk, err := f.tasks.Get(f.ctx, f.t, customer, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.tasks.Apply(f.ctx, f.t, tk, task.Change{Action: task.Complete, Version: tk.Version, By: "sp-a"}, f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	f.settle(t)

	if _, err := garages.NotOwned(f.ctx, f.t, camry.EntityID, camry.Version, "Traded it in elsewhere", by, nil); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	ended := of(camry.EntityID)
	if ended.Active() || ended.Status != rule.InstanceCancelled || ended.EndedBy != "sp-a" || ended.EndReason == "" {
		t.Errorf("the Camry's workflow = %+v, want it cancelled by the change", ended.Instance)
	}
	if st := f.task(t, customer, camryFlow.TaskIDs[0]).Status; st != task.StatusCompleted {
		t.Errorf("the completed task is %s, want it kept Completed", st)
	}
	second := f.task(t, customer, camryFlow.TaskIDs[1])
	if second.Status != task.StatusCancelled {
		t.Errorf("the open task is %s, want Cancelled", second.Status)
	}
	if _, err := timer.Pending(f.ctx, f.s, f.t, rule.DueTimerID(second.ID, second.DueAt)); err == nil {
		t.Error("the cancelled task's timer is still pending")
	}
	if !of(rav4.EntityID).Active() || !of(0).Active() {
		t.Error("the RAV4's or the lead's workflow ended with the Camry")
	}

	// The event again, twice: nothing more.
	var gone eventbus.Event
	ends := func() int {
		n := 0
		for _, e := range f.seen {
			if e.Type == garage.EventNoLongerOwned {
				gone = e
			}
			if e.Type == rule.EventWorkflowEnded {
				n++
			}
		}
		return n
	}
	before := ends()
	for range 2 {
		if err := f.bus.Publish(f.ctx, gone); err != nil {
			t.Fatal(err)
		}
	}
	f.settle(t)
	if after := ends(); after != before || before != 1 {
		t.Errorf("workflow ends announced: %d before the replay, %d after; want 1 and 1", before, after)
	}
	if again := of(camry.EntityID); again.Version != ended.Version || !again.EndedAt.Equal(*ended.EndedAt) {
		t.Errorf("the replay changed the ended workflow: %+v", again.Instance)
	}

	// Its due time passing does nothing to the cancelled task.
	f.clock.Advance(61 * 24 * time.Hour)
	f.fire(t)
	if st := f.task(t, customer, second.ID).Status; st != task.StatusCancelled {
		t.Errorf("after the due time: %s, want Cancelled", st)
	}
}

// TestRunningWorkflows: the customer's running workflows follow every start and end. The two
// rules a new lead starts are listed; another event about the same lead starts neither again;
// the terminator ends both in one transaction and lists none; a start written over running
// workflows read before that end fails.
func TestRunningWorkflows(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	first := f.activeRule(t, callRule(shop))
	second := callRule(shop)
	second.Name = "New internet lead: e-mail in an hour"
	second.TriggerSetTasks[0].DueUnit, second.TriggerSetTasks[0].DueDuration = rule.UnitHours, 1
	second = f.activeRule(t, second)
	running := func() rule.VersionedRunning {
		t.Helper()
		run, err := f.rules.RunningOf(f.ctx, f.t, 1101)
		if err != nil {
			t.Fatal(err)
		}
		return run
	}
	l := f.newLead(t, shop, 1101, lead.TypeInternet)
	before := running()
	if len(before.Instances) != 2 || !before.Runs(first.ID, l.ID, 0) || !before.Runs(second.ID, l.ID, 0) {
		t.Fatalf("running = %+v, want both rules for lead %d", before, l.ID)
	}

	var created eventbus.Event
	for _, e := range f.seen {
		if e.Type == lead.EventCreated && strings.Contains(string(e.Detail), strconv.FormatInt(l.ID, 10)) {
			created = e
		}
	}
	again := created
	again.ID += "-again"
	if err := f.bus.Publish(f.ctx, again); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	if got := len(f.workflows(t, 1101)); got != 2 {
		t.Errorf("after another event about the lead: %d workflows, want 2", got)
	}

	if _, err := f.leads.Transition(f.ctx, f.t, l.ID, lead.MarkLost, "Bought elsewhere", "sp-a", nil); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	for _, w := range f.workflows(t, 1101) {
		if w.Active() {
			t.Errorf("workflow %s of rule %d still runs after the terminator", w.ID, w.TriggerSetID)
		}
	}
	if after := running(); len(after.Instances) != 0 || after.Version <= before.Version {
		t.Errorf("running after the terminator = %+v, want none at a later version than %d", after, before.Version)
	}

	stale, _, err := rule.StartedOp(f.t, before, rule.Instance{ID: "Wstale", TriggerSetID: first.ID, ContactID: 1101, EntityID: l.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.Transact(f.ctx, stale); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("a start over running workflows read before the end: %v, want a Conflict", err)
	}
}
