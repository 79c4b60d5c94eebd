package task_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

var now = at("2026-11-20T16:00:00Z")

func open(status string) task.Task {
	return task.Task{ID: "t1", ContactID: 7, EntityID: 7, AccountPlatformID: 2001, AssignedUserID: "100001", TaskType: "Call",
		Name: "Call back", DueAt: at("2026-11-21T17:00:00Z"), Status: status, CreatedAt: at("2026-11-01T00:00:00Z"), Version: 3}
}

// TestNext walks every action from every status: open tasks change, closed ones refuse with a
// Conflict naming why, and a stale version is refused.
func TestNext(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status string
		ch     task.Change
		code   apperr.Code
		msg    string
		check  func(t *testing.T, got task.Task)
	}{
		{name: "complete a pending task", status: task.StatusPending, ch: task.Change{Action: task.Complete, Version: 3, By: "100002"}, check: func(t *testing.T, got task.Task) {
			if got.Status != task.StatusCompleted || got.CompletedAt == nil || !got.CompletedAt.Equal(now) || got.ClosedBy != "100002" {
				t.Errorf("completed = %+v", got)
			}
		}},
		{name: "complete an in-progress task", status: task.StatusInProgress, ch: task.Change{Action: task.Complete, Version: 3}},
		{name: "complete an overdue task", status: task.StatusOverdue, ch: task.Change{Action: task.Complete, Version: 3}},
		{name: "complete a task on hold", status: task.StatusOnHold, ch: task.Change{Action: task.Complete, Version: 3}},
		{name: "cancel a pending task", status: task.StatusPending, ch: task.Change{Action: task.Cancel, Version: 3, By: "100001"}, check: func(t *testing.T, got task.Task) {
			if got.Status != task.StatusCancelled || got.CancelledAt == nil || got.CompletedAt != nil || got.ClosedBy != "100001" {
				t.Errorf("cancelled = %+v", got)
			}
		}},
		{name: "reschedule an overdue task: pending again", status: task.StatusOverdue, ch: task.Change{Action: task.Reschedule, Version: 3, DueAt: at("2026-11-25T18:30:00Z")}, check: func(t *testing.T, got task.Task) {
			if got.Status != task.StatusPending || !got.DueAt.Equal(at("2026-11-25T18:30:00Z")) {
				t.Errorf("rescheduled = %+v", got)
			}
		}},
		{name: "reschedule to now", status: task.StatusPending, ch: task.Change{Action: task.Reschedule, Version: 3, DueAt: now}},
		{name: "reschedule an on-hold task keeps it on hold", status: task.StatusOnHold, ch: task.Change{Action: task.Reschedule, Version: 3, DueAt: at("2026-12-01T18:00:00Z")}, check: func(t *testing.T, got task.Task) {
			if got.Status != task.StatusOnHold {
				t.Errorf("status = %s, want OnHold", got.Status)
			}
		}},
		{name: "reschedule into the past", status: task.StatusPending, ch: task.Change{Action: task.Reschedule, Version: 3, DueAt: now.Add(-time.Minute)}, code: apperr.Invalid, msg: "from now on"},
		{name: "reschedule to the same time", status: task.StatusPending, ch: task.Change{Action: task.Reschedule, Version: 3, DueAt: at("2026-11-21T17:00:00Z")}, code: apperr.Invalid, msg: "due then already"},
		{name: "reassign", status: task.StatusInProgress, ch: task.Change{Action: task.Reassign, Version: 3, AssignedUserID: "100003"}, check: func(t *testing.T, got task.Task) {
			if got.AssignedUserID != "100003" || got.Status != task.StatusInProgress {
				t.Errorf("reassigned = %+v", got)
			}
		}},
		{name: "reassign to the same user", status: task.StatusPending, ch: task.Change{Action: task.Reassign, Version: 3, AssignedUserID: "100001"}, code: apperr.Invalid, msg: "assigned to this user already"},
		{name: "reassign to nobody", status: task.StatusPending, ch: task.Change{Action: task.Reassign, Version: 3}, code: apperr.Invalid, msg: "Choose the user"},
		{name: "complete a completed task", status: task.StatusCompleted, ch: task.Change{Action: task.Complete, Version: 3}, code: apperr.Conflict, msg: "completed already: it cannot be completed"},
		{name: "cancel a completed task", status: task.StatusCompleted, ch: task.Change{Action: task.Cancel, Version: 3}, code: apperr.Conflict, msg: "completed already: it cannot be cancelled"},
		{name: "complete a bulk-completed task", status: task.StatusBulkComplete, ch: task.Change{Action: task.Complete, Version: 3}, code: apperr.Conflict, msg: "completed already"},
		{name: "complete a cancelled task", status: task.StatusCancelled, ch: task.Change{Action: task.Complete, Version: 3}, code: apperr.Conflict, msg: "was cancelled: it cannot be completed"},
		{name: "cancel a cancelled task", status: task.StatusCancelled, ch: task.Change{Action: task.Cancel, Version: 3}, code: apperr.Conflict, msg: "was cancelled"},
		{name: "reschedule a cancelled task", status: task.StatusCancelled, ch: task.Change{Action: task.Reschedule, Version: 3, DueAt: at("2026-12-01T18:00:00Z")}, code: apperr.Conflict, msg: "cannot be rescheduled"},
		{name: "reassign a completed task", status: task.StatusCompleted, ch: task.Change{Action: task.Reassign, Version: 3, AssignedUserID: "100003"}, code: apperr.Conflict, msg: "cannot be reassigned"},
		{name: "complete a suppressed task", status: task.StatusSuppressed, ch: task.Change{Action: task.Complete, Version: 3}, code: apperr.Conflict, msg: "Suppressed, not open"},
		{name: "complete a future task", status: task.StatusFuture, ch: task.Change{Action: task.Complete, Version: 3}, code: apperr.Conflict, msg: "not open"},
		{name: "a stale version", status: task.StatusPending, ch: task.Change{Action: task.Complete, Version: 2}, code: apperr.Conflict, msg: "changed by someone else"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			before := open(tt.status)
			got, err := task.Next(before, tt.ch, now)
			if tt.code != "" {
				if apperr.CodeOf(err) != tt.code || !strings.Contains(messages(err), tt.msg) {
					t.Fatalf("Next = %v, want %s containing %q", err, tt.code, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			if got.ID != before.ID || got.ContactID != before.ContactID {
				t.Errorf("Next changed the task's identity: %+v", got)
			}
			if tt.check != nil {
				tt.check(t, got)
			}
		})
	}
}

func TestHoldsAndMayChange(t *testing.T) {
	t.Parallel()
	p := func(status int, roles []string, stores ...int64) user.Profile {
		return user.Profile{UserID: "u", FirstName: "Pat", LastName: "Doe", UserStatus: status, Roles: roles, AllowedStores: stores}
	}
	holds := []struct {
		name string
		p    user.Profile
		want string
	}{
		{"an active sales person of the store", p(user.StatusActive, []string{"SalesPerson"}, 2001, 2002), ""},
		{"a BDC manager", p(user.StatusActive, []string{"BDCManager"}, 2001), ""},
		{"inactive", p(user.StatusInactive, []string{"SalesPerson"}, 2001), "not an active user"},
		{"another store's", p(user.StatusActive, []string{"SalesPerson"}, 2002), "not a user of the task's store"},
		{"a parts manager", p(user.StatusActive, []string{"PartsManager"}, 2001), "no role that works customers"},
	}
	for _, tt := range holds {
		if got := task.Holds(tt.p, 2001); (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("Holds(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
	tk := open(task.StatusPending)
	changes := []struct {
		name     string
		user     string
		roles    []string
		viewable []int64
		want     bool
	}{
		{"the assigned user", "100001", []string{"SalesPerson"}, []int64{2001}, true},
		{"another sales person", "100003", []string{"SalesPerson"}, []int64{2001}, false},
		{"a manager of the store", "100002", []string{"SalesManager"}, []int64{2001, 2002}, true},
		{"a manager of other stores", "100002", []string{"SalesManager"}, []int64{2002}, false},
		{"the assigned user, no longer viewing the store", "100001", []string{"SalesPerson"}, []int64{2002}, false},
		{"a marketing manager", "100011", []string{"MarketingManager"}, []int64{2001}, false},
	}
	for _, tt := range changes {
		if got := task.MayChange(tk, tt.user, tt.roles, tt.viewable); got != tt.want {
			t.Errorf("MayChange(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestParseLocalDue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, s, tz string
		want        string
		msg         string
	}{
		{"Portland afternoon", "2026-11-21T10:30", "America/Los_Angeles", "2026-11-21T18:30:00Z", ""},
		{"Vancouver", "2026-12-01T09:00", "America/Vancouver", "2026-12-01T17:00:00Z", ""},
		{"no zone is UTC", "2026-11-21T10:30", "", "2026-11-21T10:30:00Z", ""},
		{"this very minute at the store", "2026-11-20T08:00", "America/Los_Angeles", "2026-11-20T16:00:00Z", ""},
		{"a minute ago at the store", "2026-11-20T07:59", "America/Los_Angeles", "", "it is Nov 20, 2026 8:00 AM at the store"},
		{"the hour skipped in spring", "2027-03-14T02:30", "America/Los_Angeles", "", "does not exist at the store"},
		{"the hour repeated in autumn: the first", "2027-11-07T01:30", "America/Los_Angeles", "2027-11-07T08:30:00Z", ""},
		{"not a time", "tomorrow", "America/Los_Angeles", "", "YYYY-MM-DDTHH:MM"},
		{"with seconds", "2026-11-21T10:30:00", "America/Los_Angeles", "", "YYYY-MM-DDTHH:MM"},
		{"February 30", "2027-02-30T10:00", "America/Los_Angeles", "", "YYYY-MM-DDTHH:MM"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := task.ParseLocalDue(tt.s, tt.tz, now, "localDueDt")
			if tt.msg != "" {
				ae, ok := apperr.As(err)
				if !ok || ae.Code != apperr.Invalid || !strings.Contains(ae.Fields["localDueDt"], tt.msg) {
					t.Fatalf("ParseLocalDue = %v, want Invalid with %q", err, tt.msg)
				}
				return
			}
			if err != nil || !got.Equal(at(tt.want)) {
				t.Errorf("ParseLocalDue = %v, %v, want %s", got, err, tt.want)
			}
		})
	}
}

// fixture is a repository with two tasks of one tenant and one of another, and the events its
// changes publish.
type fixture struct {
	repo         *task.Repo
	mine, theirs store.Tenant
	events       []eventbus.Event
	mu           sync.Mutex
	outbox       *dynamotest.Outbox
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	s := dynamotest.Store(t)
	f := &fixture{repo: task.NewRepo(s)}
	var err error
	if f.mine, err = store.NewTenant("1001"); err != nil {
		t.Fatal(err)
	}
	if f.theirs, err = store.NewTenant("1002"); err != nil {
		t.Fatal(err)
	}
	bus := eventbus.NewMemory()
	bus.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.events = append(f.events, e)
		return nil
	})
	f.outbox = dynamotest.NewOutbox(t, s, bus)
	for _, tn := range []store.Tenant{f.mine, f.theirs} {
		if err := f.repo.Create(t.Context(), tn, open(task.StatusPending)); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f *fixture) delivered(t *testing.T) []eventbus.Event {
	t.Helper()
	f.outbox.Flush(t)
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.events
	f.events = nil
	return out
}

// TestApply makes each change through the store: the task is saved at the next version, its
// event is published once, and the store's due-time index follows a reschedule.
func TestApply(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	steps := []struct {
		ch    task.Change
		event string
		check func(t *testing.T, got task.Task, d task.Changed)
	}{
		{task.Change{Action: task.Reschedule, DueAt: at("2026-11-27T19:15:00Z"), By: "100002"}, task.EventRescheduled, func(t *testing.T, got task.Task, d task.Changed) {
			if d.FromDueAt == nil || !d.FromDueAt.Equal(at("2026-11-21T17:00:00Z")) || !got.DueAt.Equal(at("2026-11-27T19:15:00Z")) {
				t.Errorf("rescheduled %v from %v", got.DueAt, d.FromDueAt)
			}
		}},
		{task.Change{Action: task.Reassign, AssignedUserID: "100003", By: "100002", Actor: "100008"}, task.EventReassigned, func(t *testing.T, got task.Task, d task.Changed) {
			if d.FromUserID != "100001" || got.AssignedUserID != "100003" || d.ActorUserID != "100008" {
				t.Errorf("reassigned to %s from %s by actor %s", got.AssignedUserID, d.FromUserID, d.ActorUserID)
			}
		}},
		{task.Change{Action: task.Complete, By: "100003"}, task.EventCompleted, func(t *testing.T, got task.Task, d task.Changed) {
			if got.Status != task.StatusCompleted || d.UserID != "100003" {
				t.Errorf("completed = %+v by %s", got, d.UserID)
			}
		}},
	}
	f := newFixture(t)
	for i, st := range steps {
		t.Run(string(st.ch.Action), func(t *testing.T) {
			cur, err := f.repo.Get(ctx, f.mine, 7, "t1")
			if err != nil {
				t.Fatal(err)
			}
			if cur.Version != int64(i+1) {
				t.Fatalf("version before = %d, want %d", cur.Version, i+1)
			}
			st.ch.Version = cur.Version
			got, e, err := f.repo.Apply(ctx, f.mine, cur, st.ch, now)
			if err != nil {
				t.Fatal(err)
			}
			if got.Version != cur.Version+1 {
				t.Errorf("version after = %d, want %d", got.Version, cur.Version+1)
			}
			stored, err := f.repo.Get(ctx, f.mine, 7, "t1")
			if err != nil || stored.Version != got.Version || stored.Status != got.Status || stored.AssignedUserID != got.AssignedUserID || !stored.DueAt.Equal(got.DueAt) {
				t.Errorf("stored = %+v, %v, want %+v", stored, err, got)
			}
			events := f.delivered(t)
			if len(events) != 1 || events[0].Type != st.event || events[0].ID != e.ID || e.ID != fmt.Sprintf("task-7-t1-v%d", got.Version) {
				t.Fatalf("events = %+v, want one %s (%s)", events, st.event, e.ID)
			}
			var d task.Changed
			if err := json.Unmarshal(events[0].Detail, &d); err != nil {
				t.Fatal(err)
			}
			if d.Task.Version != got.Version {
				t.Errorf("event's task version = %d, want %d", d.Task.Version, got.Version)
			}
			st.check(t, got, d)
		})
	}

	// The store's index lists the task at its new due time only.
	var due []time.Time
	if err := f.repo.InStore(ctx, f.mine, 2001, time.Time{}, time.Time{}, func(tk task.Task) error { due = append(due, tk.DueAt); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(due) != 1 || !due[0].Equal(at("2026-11-27T19:15:00Z")) {
		t.Errorf("index = %v, want the rescheduled time only", due)
	}
	var none []task.Task
	if err := f.repo.InStore(ctx, f.mine, 2001, at("2026-11-21T00:00:00Z"), at("2026-11-22T00:00:00Z"), func(tk task.Task) error { none = append(none, tk); return nil }); err != nil || len(none) != 0 {
		t.Errorf("the old due day lists %v, %v", none, err)
	}

	// The other dealer group's task with the same ids is untouched.
	theirs, err := f.repo.Get(ctx, f.theirs, 7, "t1")
	if err != nil || theirs.Version != 1 || theirs.Status != task.StatusPending {
		t.Errorf("the other group's task = %+v, %v", theirs, err)
	}
	// A completed task refuses another completion and publishes nothing.
	cur, _ := f.repo.Get(ctx, f.mine, 7, "t1")
	if _, _, err := f.repo.Apply(ctx, f.mine, cur, task.Change{Action: task.Complete, Version: cur.Version}, now); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("second completion = %v, want Conflict", err)
	}
	if events := f.delivered(t); len(events) != 0 {
		t.Errorf("a refused change published %v", events)
	}
}

// TestApplyConcurrently races changes made from one read: exactly one wins, the others are
// refused as stale, and only the winner's event is published.
func TestApplyConcurrently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	cur, err := f.repo.Get(ctx, f.mine, 7, "t1")
	if err != nil {
		t.Fatal(err)
	}
	changes := []task.Change{
		{Action: task.Complete, Version: cur.Version, By: "100001"},
		{Action: task.Cancel, Version: cur.Version, By: "100002"},
		{Action: task.Reassign, Version: cur.Version, AssignedUserID: "100003", By: "100002"},
		{Action: task.Reschedule, Version: cur.Version, DueAt: at("2026-12-02T17:00:00Z"), By: "100001"},
	}
	errs := make([]error, len(changes))
	var wg sync.WaitGroup
	for i, ch := range changes {
		wg.Go(func() { _, _, errs[i] = f.repo.Apply(ctx, f.mine, cur, ch, now) })
	}
	wg.Wait()
	won := 0
	for i, err := range errs {
		switch {
		case err == nil:
			won++
		case apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(messages(err), "changed by someone else"):
			t.Errorf("change %d: %v, want the stale-version Conflict", i, err)
		}
	}
	if won != 1 {
		t.Fatalf("%d changes won, want 1", won)
	}
	if events := f.delivered(t); len(events) != 1 {
		t.Errorf("events = %v, want one", events)
	}
	after, _ := f.repo.Get(ctx, f.mine, 7, "t1")
	if after.Version != cur.Version+1 {
		t.Errorf("version = %d, want %d", after.Version, cur.Version+1)
	}
}

func TestAddAndGet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	tk := open(task.StatusPending)
	tk.ID, tk.CreatedBy = "t2", "100001"
	got, e, err := f.repo.Add(ctx, f.mine, tk, "100001", "")
	if err != nil || got.Version != 1 || e.Type != task.EventCreated {
		t.Fatalf("Add = %+v, %+v, %v", got, e, err)
	}
	if _, _, err := f.repo.Add(ctx, f.mine, tk, "100001", ""); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("second Add = %v, want Conflict", err)
	}
	bad := tk
	bad.ID, bad.TaskType = "t3", ""
	if _, _, err := f.repo.Add(ctx, f.mine, bad, "100001", ""); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("invalid Add = %v, want Invalid", err)
	}
	if events := f.delivered(t); len(events) != 1 || events[0].Type != task.EventCreated {
		t.Errorf("events = %v, want one TaskCreated", events)
	}
	for _, c := range []struct {
		name    string
		tn      store.Tenant
		contact int64
		id      string
	}{
		{"another group", f.theirs, 7, "t2"},
		{"another contact", f.mine, 8, "t2"},
		{"a malformed id", f.mine, 7, "t2#x"},
	} {
		if _, err := f.repo.Get(ctx, c.tn, c.contact, c.id); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("Get of %s = %v, want NotFound", c.name, err)
		}
	}
}

// messages returns the client's messages of err joined, or err's text.
func messages(err error) string {
	if e, ok := apperr.As(err); ok {
		return strings.Join(e.Messages(), " ")
	}
	return fmt.Sprint(err)
}

// TestChangeable: a closed task or a stale version is refused with a conflict; the due timer's
// Overdue mark alone does not make the version before it stale.
func TestChangeable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		task    task.Task
		version int64
		ok      bool
	}{
		{"the current version", task.Task{Status: task.StatusPending, Version: 3}, 3, true},
		{"a stale version", task.Task{Status: task.StatusPending, Version: 3}, 2, false},
		{"the version before the timer's overdue mark", task.Task{Status: task.StatusOverdue, Version: 3, OverdueOver: 2}, 2, true},
		{"the version after the timer's overdue mark", task.Task{Status: task.StatusOverdue, Version: 3, OverdueOver: 2}, 3, true},
		{"a version before a later change", task.Task{Status: task.StatusOverdue, Version: 4, OverdueOver: 2}, 2, false},
		{"a version older than the mark", task.Task{Status: task.StatusOverdue, Version: 3, OverdueOver: 2}, 1, false},
		{"a completed task", task.Task{Status: task.StatusCompleted, Version: 3}, 3, false},
	}
	for _, tt := range tests {
		err := task.Changeable(tt.task, task.Complete, tt.version)
		if (err == nil) != tt.ok || (err != nil && apperr.CodeOf(err) != apperr.Conflict) {
			t.Errorf("%s: %v, want ok %t (else a conflict)", tt.name, err, tt.ok)
		}
	}
}
