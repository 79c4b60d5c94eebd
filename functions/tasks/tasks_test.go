package tasks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/tasks"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	bdc       = "100003" // Bailey Chen: BDC agent of Toyota
	bdcMgr    = "100004" // Jordan Patel: BDC manager of every store
	marketing = "100011" // Quinn Harper: marketing manager, works no customers
	parts     = "100013" // Parker Lee: parts manager of Hyundai
)

func searchPath(id int64) string { return fmt.Sprintf("/crm/contacts/%d/task/search", id) }

func body(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// list returns the tasks of contact id as user as sees them, by id.
func list(t *testing.T, srv *areatest.Server, as string, id int64, filter string) map[string]tasks.TaskView {
	t.Helper()
	var got httpapi.Result[[]tasks.TaskView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: searchPath(id), As: as, Body: filter}, &got); status != 200 {
		t.Fatalf("task search of %d as %s: %d", id, as, status)
	}
	out := map[string]tasks.TaskView{}
	for _, v := range got.Data {
		out[v.ID] = v
	}
	return out
}

// recorder collects the task events the server publishes.
type recorder struct {
	mu     sync.Mutex
	events []eventbus.Event
}

func record(srv *areatest.Server) *recorder {
	r := &recorder{}
	for _, typ := range []string{task.EventCreated, task.EventCompleted, task.EventCancelled, task.EventRescheduled, task.EventReassigned} {
		srv.Events.Subscribe(typ, func(_ context.Context, e eventbus.Event) error {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.events = append(r.events, e)
			return nil
		})
	}
	return r
}

func (r *recorder) take() []eventbus.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}

func TestTaskSearch(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		ids    []string
	}{
		{"every task, earliest due first", sales, `{}`, 200, []string{"T-1001-3", "T-1001-2", "T-1001-1"}},
		{"open ones only", sales, `{"openOnly":true}`, 200, []string{"T-1001-2", "T-1001-1"}},
		{"by lead", sales, fmt.Sprintf(`{"entityId":%d}`, demo.ContactToyota), 200, []string{"T-1001-3", "T-1001-2", "T-1001-1"}},
		{"by another lead", sales, fmt.Sprintf(`{"entityId":%d}`, demo.ContactHonda), 200, nil},
		{"by contact", sales, fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota), 200, []string{"T-1001-3", "T-1001-2", "T-1001-1"}},
		{"by assigned user", sales, `{"assignedPandoUserId":"100003"}`, 200, []string{"T-1001-3"}},
		{"a contact not merged into this one", sales, fmt.Sprintf(`{"contactId":%d}`, demo.ContactHonda), 400, nil},
		{"another dealer group's user", demo.OtherUserID, `{}`, 404, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: searchPath(demo.ContactToyota), As: tt.as, Body: tt.body}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Result[[]tasks.TaskView]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var ids []string
			for _, tk := range got.Data {
				ids = append(ids, tk.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.ids) {
				t.Errorf("tasks = %v, want %v", ids, tt.ids)
			}
		})
	}

	got := list(t, srv, sales, demo.ContactToyota, `{}`)
	overdue, done := got["T-1001-2"], got["T-1001-3"]
	if overdue.Status != task.StatusOverdue || overdue.Version != 1 || !overdue.CanChange {
		t.Errorf("past-due task = %s v%d canChange %v, want Overdue v1 changeable", overdue.Status, overdue.Version, overdue.CanChange)
	}
	if overdue.AssignedUserName != "Sam Ortega" || overdue.TimeZone != "America/Los_Angeles" || overdue.StoreName != "Northwind Toyota" {
		t.Errorf("task shows %q in %q at %q", overdue.AssignedUserName, overdue.StoreName, overdue.TimeZone)
	}
	if overdue.Lead == nil || overdue.Lead.CrmLeadID != demo.ContactToyota || overdue.Lead.Vehicle == "" {
		t.Errorf("task's lead = %+v, want the customer's lead with its vehicle", overdue.Lead)
	}
	if done.CanChange {
		t.Error("a completed task reads as changeable")
	}
	// A BDC agent sees the sales person's task but may not change it; a manager may.
	if v := list(t, srv, bdc, demo.ContactToyota, `{}`)["T-1001-1"]; v.CanChange {
		t.Error("another user's task reads as changeable for a BDC agent")
	}
	if v := list(t, srv, manager, demo.ContactToyota, `{}`)["T-1001-1"]; !v.CanChange {
		t.Error("a store's task reads as not changeable for its manager")
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: searchPath(demo.ContactHyundai), As: sales, Body: `{}`}); status != 404 {
		t.Errorf("tasks of a store the user may not view = %d, want 404", status)
	}
}

// TestChanges makes every action on the demo tasks as different users, in order: each row
// starts from what the rows before it left.
func TestChanges(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	events := record(srv)
	toyota, hyundai, sameEmail := int64(demo.ContactToyota), int64(demo.ContactHyundai), int64(demo.ContactToyotaSameEmail)
	ref := func(contact int64, id string, version int64, extra map[string]any) string {
		m := map[string]any{"contactId": contact, "taskId": id, "version": version}
		for k, v := range extra {
			m[k] = v
		}
		return body(m)
	}
	tests := []struct {
		name    string
		as      string
		actor   string
		action  string
		body    string
		status  int
		msg     string
		event   string
		check   func(t *testing.T, v tasks.TaskView)
		history string
	}{
		{name: "the assigned sales person completes an overdue task", as: sales, action: "complete", body: ref(toyota, "T-1001-2", 1, nil), status: 200, event: task.EventCompleted,
			check: func(t *testing.T, v tasks.TaskView) {
				if v.Status != task.StatusCompleted || v.Version != 2 || v.ClosedBy != sales || v.CompletedAt == nil || v.CanChange {
					t.Errorf("completed = %+v", v)
				}
			}, history: "Task completed: Send the RAV4 lease quote"},
		{name: "completing it again", as: sales, action: "complete", body: ref(toyota, "T-1001-2", 2, nil), status: 409, msg: "The task is completed already: it cannot be completed."},
		{name: "cancelling a completed task", as: manager, action: "cancel", body: ref(toyota, "T-1001-2", 2, nil), status: 409, msg: "completed already: it cannot be cancelled"},
		{name: "a stale version", as: sales, action: "reschedule", body: ref(toyota, "T-1001-1", 7, map[string]any{"localDueDt": "2027-01-20T09:30"}), status: 409, msg: "changed by someone else"},
		{name: "rescheduling into the past, store time", as: sales, action: "reschedule", body: ref(toyota, "T-1001-1", 1, map[string]any{"localDueDt": "2026-11-20T07:59"}), status: 400, msg: "it is Nov 20, 2026 8:00 AM at the store"},
		{name: "rescheduling into the skipped hour", as: sales, action: "reschedule", body: ref(toyota, "T-1001-1", 1, map[string]any{"localDueDt": "2027-03-14T02:30"}), status: 400, msg: "does not exist at the store"},
		{name: "rescheduling to a time that is not one", as: sales, action: "reschedule", body: ref(toyota, "T-1001-1", 1, map[string]any{"localDueDt": "soon"}), status: 400, msg: "YYYY-MM-DDTHH:MM"},
		{name: "the assigned sales person reschedules, store time", as: sales, action: "reschedule", body: ref(toyota, "T-1001-1", 1, map[string]any{"localDueDt": "2026-11-20T08:30"}), status: 200, event: task.EventRescheduled,
			check: func(t *testing.T, v tasks.TaskView) {
				if !v.DueAt.Equal(time.Date(2026, 11, 20, 16, 30, 0, 0, time.UTC)) || v.Version != 2 || v.Status != task.StatusPending {
					t.Errorf("rescheduled = %v v%d %s", v.DueAt, v.Version, v.Status)
				}
			}, history: "Task rescheduled: Follow up on the RAV4 test drive, due Nov 20, 2026 8:30 AM PST (was Jan 15, 2027 9:00 AM PST)"},
		{name: "a BDC agent may not change another user's task", as: bdc, action: "complete", body: ref(toyota, "T-1001-1", 2, nil), status: 403, msg: "Only the user the task is assigned to"},
		{name: "a marketing manager works no customers", as: marketing, action: "complete", body: ref(toyota, "T-1001-1", 2, nil), status: 403},
		{name: "reassigning to a user of no role that works customers", as: sales, action: "reassign", body: ref(toyota, "T-1001-1", 2, map[string]any{"assignedPandoUserId": marketing}), status: 400, msg: "no role that works customers"},
		{name: "reassigning to a user of another store", as: sales, action: "reassign", body: ref(toyota, "T-1001-1", 2, map[string]any{"assignedPandoUserId": parts}), status: 400, msg: "not a user of the task's store"},
		{name: "reassigning to a user who does not exist", as: sales, action: "reassign", body: ref(toyota, "T-1001-1", 2, map[string]any{"assignedPandoUserId": "999"}), status: 400, msg: "does not exist"},
		{name: "reassigning to another dealer group's user", as: sales, action: "reassign", body: ref(toyota, "T-1001-1", 2, map[string]any{"assignedPandoUserId": demo.OtherUserID}), status: 400, msg: "does not exist"},
		{name: "reassigning to the same user", as: sales, action: "reassign", body: ref(toyota, "T-1001-1", 2, map[string]any{"assignedPandoUserId": sales}), status: 400, msg: "assigned to this user already"},
		{name: "the assigned sales person hands the task to the BDC agent", as: sales, action: "reassign", body: ref(toyota, "T-1001-1", 2, map[string]any{"assignedPandoUserId": bdc}), status: 200, event: task.EventReassigned,
			check: func(t *testing.T, v tasks.TaskView) {
				if v.AssignedUserID != bdc || v.AssignedUserName != "Bailey Chen" || v.Version != 3 || v.CanChange {
					t.Errorf("reassigned = %s %q v%d canChange %v", v.AssignedUserID, v.AssignedUserName, v.Version, v.CanChange)
				}
			}, history: "Task reassigned: Follow up on the RAV4 test drive, to Bailey Chen (was Sam Ortega)"},
		{name: "the sales person no longer holds it", as: sales, action: "cancel", body: ref(toyota, "T-1001-1", 3, nil), status: 403},
		{name: "a manager impersonated by the dealer admin cancels it", as: manager, actor: "100008", action: "cancel", body: ref(toyota, "T-1001-1", 3, nil), status: 200, event: task.EventCancelled,
			check: func(t *testing.T, v tasks.TaskView) {
				if v.Status != task.StatusCancelled || v.CancelledAt == nil || v.ClosedBy != manager {
					t.Errorf("cancelled = %+v", v)
				}
			}, history: "Task cancelled: Follow up on the RAV4 test drive"},
		{name: "completing a cancelled task", as: manager, action: "complete", body: ref(toyota, "T-1001-1", 4, nil), status: 409, msg: "The task was cancelled: it cannot be completed."},
		{name: "a task of a customer merged elsewhere or not of this customer", as: sales, action: "complete", body: ref(sameEmail, "T-1001-3", 1, nil), status: 404, msg: "The task does not exist."},
		{name: "a store the sales person may not view", as: sales, action: "complete", body: ref(hyundai, "T-1003-1", 1, nil), status: 404},
		{name: "another dealer group's user", as: demo.OtherUserID, action: "complete", body: ref(toyota, "T-1001-3", 1, nil), status: 404},
		{name: "another dealer group's manager", as: demo.OtherManagerID, action: "reassign", body: ref(hyundai, "T-1003-1", 1, map[string]any{"assignedPandoUserId": demo.OtherManagerID}), status: 404},
		{name: "a BDC manager completes a Hyundai task of another user", as: bdcMgr, action: "complete", body: ref(hyundai, "T-1003-1", 1, nil), status: 200, event: task.EventCompleted, history: "Task completed: Offer the winter service special"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/pando/pandox/task/" + tt.action, As: tt.as, Actor: tt.actor, Body: tt.body}
			if tt.status != 200 {
				status, e := srv.Error(t, req)
				if status != tt.status || !strings.Contains(strings.Join(e.ErrorMessages, " "), tt.msg) {
					t.Errorf("status = %d %v, want %d with %q", status, e.ErrorMessages, tt.status, tt.msg)
				}
				if got := events.take(); len(got) != 0 {
					t.Errorf("a refused change published %v", got)
				}
				return
			}
			var got httpapi.Result[tasks.TaskView]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			if tt.check != nil {
				tt.check(t, got.Data)
			}
			published := events.take()
			if len(published) != 1 || published[0].Type != tt.event {
				t.Fatalf("events = %v, want one %s", published, tt.event)
			}
			var d task.Changed
			if err := json.Unmarshal(published[0].Detail, &d); err != nil {
				t.Fatal(err)
			}
			if d.UserID != tt.as || d.ActorUserID != tt.actor || d.Task.Version != got.Data.Version {
				t.Errorf("event detail = by %s actor %s v%d", d.UserID, d.ActorUserID, d.Task.Version)
			}
			entry := lastTaskEntry(t, srv, got.Data.ContactID)
			if entry.Text != tt.history || entry.UserID != tt.as || entry.Details["taskId"] != got.Data.ID || entry.ActorUserID != tt.actor {
				t.Errorf("activity = %q by %s (actor %s) %v, want %q by %s", entry.Text, entry.UserID, entry.ActorUserID, entry.Details, tt.history, tt.as)
			}
		})
	}

	// The snapshot counts what is still open.
	var snap httpapi.Result[struct {
		ActiveLeadTasks int `json:"activeLeadTasks"`
	}]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/snapshot", toyota), As: sales, Body: `{}`}, &snap); status != 200 || snap.Data.ActiveLeadTasks != 0 {
		t.Errorf("snapshot = %d %+v, want no open lead task", status, snap.Data)
	}
}

// lastTaskEntry returns the newest task entry of contact id's activity.
func lastTaskEntry(t *testing.T, srv *areatest.Server, id int64) activity.Entry {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	page, err := activity.NewRepo(srv.Services.Store, nil, nil).Feed(t.Context(), tn, []int64{id}, activity.FeedQuery{Category: activity.CategoryTask, PageSize: 1})
	if err != nil || len(page.Entries) == 0 {
		t.Fatalf("task activity of %d: %v %v", id, page.Entries, err)
	}
	return page.Entries[0]
}

// TestRescheduleMovesTheStoreIndex checks the store's due-time index lists a rescheduled task
// at its new time only.
func TestRescheduleMovesTheStoreIndex(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	req := areatest.Request{Method: "POST", Path: "/pando/pandox/task/reschedule", As: manager,
		Body: body(map[string]any{"contactId": demo.ContactHonda, "taskId": "T-1002-1", "version": 1, "localDueDt": "2026-12-24T09:15"})}
	if status := srv.Do(t, req, nil); status != 200 {
		t.Fatalf("reschedule: %d", status)
	}
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	due := map[string]time.Time{}
	err = task.NewRepo(srv.Services.Store).InStore(t.Context(), tn, demo.StoreHonda, time.Time{}, time.Time{}, func(tk task.Task) error {
		if _, twice := due[tk.ID]; twice {
			t.Errorf("task %s listed twice", tk.ID)
		}
		due[tk.ID] = tk.DueAt
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := due["T-1002-1"], time.Date(2026, 12, 24, 17, 15, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("index lists the task due %v, want %v", got, want)
	}
}

// TestConcurrentChanges sends changes of one read at the same time: one wins, the others are
// refused with 409, and one event is published.
func TestConcurrentChanges(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	events := record(srv)
	reqs := []areatest.Request{
		{Method: "POST", Path: "/pando/pandox/task/complete", As: sales, Body: body(map[string]any{"contactId": demo.ContactHonda, "taskId": "T-1002-1", "version": 1})},
		{Method: "POST", Path: "/pando/pandox/task/cancel", As: manager, Body: body(map[string]any{"contactId": demo.ContactHonda, "taskId": "T-1002-1", "version": 1})},
		{Method: "POST", Path: "/pando/pandox/task/reassign", As: manager, Body: body(map[string]any{"contactId": demo.ContactHonda, "taskId": "T-1002-1", "version": 1, "assignedPandoUserId": bdcMgr})},
		{Method: "POST", Path: "/pando/pandox/task/reschedule", As: sales, Body: body(map[string]any{"contactId": demo.ContactHonda, "taskId": "T-1002-1", "version": 1, "localDueDt": "2027-02-07T10:00"})},
	}
	statuses := make([]int, len(reqs))
	var wg sync.WaitGroup
	for i, r := range reqs {
		wg.Go(func() { statuses[i] = srv.Do(t, r, nil) })
	}
	wg.Wait()
	slices.Sort(statuses)
	if fmt.Sprint(statuses) != "[200 409 409 409]" {
		t.Errorf("statuses = %v, want one 200 and 409s", statuses)
	}
	if got := events.take(); len(got) != 1 {
		t.Errorf("events = %v, want one", got)
	}
}

func TestCreate(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	events := record(srv)
	valid := func(change map[string]any) string {
		m := map[string]any{"contactId": demo.ContactHonda, "entityId": demo.ContactHonda, "taskType": "Call", "taskName": "Call about the appraisal",
			"taskDescription": "Ask for the trade's service records.", "localDueDt": "2026-11-23T09:30"}
		for k, v := range change {
			if v == nil {
				delete(m, k)
			} else {
				m[k] = v
			}
		}
		return body(m)
	}
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		msg    string
		check  func(t *testing.T, v tasks.TaskView)
	}{
		{"a task for oneself", sales, valid(nil), 200, "", func(t *testing.T, v tasks.TaskView) {
			if v.AssignedUserID != sales || v.Status != task.StatusPending || v.Version != 1 || v.AccountPlatformID != demo.StoreHonda || v.CreatedBy != sales ||
				!v.DueAt.Equal(time.Date(2026, 11, 23, 17, 30, 0, 0, time.UTC)) || v.Lead == nil || !v.CanChange || !strings.HasPrefix(v.ID, "T-") {
				t.Errorf("created = %+v", v)
			}
		}},
		{"a task for another user, about no lead, named by its type", manager, valid(map[string]any{"entityId": nil, "taskName": nil, "assignedPandoUserId": bdcMgr, "taskType": "Email"}), 200, "", func(t *testing.T, v tasks.TaskView) {
			if v.AssignedUserID != bdcMgr || v.Name != "Email" || v.Lead != nil || v.EntityID != 0 {
				t.Errorf("created = %+v", v)
			}
		}},
		{"an unknown type", sales, valid(map[string]any{"taskType": "Fax"}), 400, "Choose the task type", nil},
		{"no due time", sales, valid(map[string]any{"localDueDt": nil}), 400, "Enter the due date and time", nil},
		{"a due time past at the store", sales, valid(map[string]any{"localDueDt": "2026-11-20T07:00"}), 400, "from now on", nil},
		{"an assignee of another store", sales, valid(map[string]any{"assignedPandoUserId": bdc}), 400, "not a user of the task's store", nil},
		{"an assignee who works no customers", sales, valid(map[string]any{"assignedPandoUserId": marketing}), 400, "no role that works customers", nil},
		{"a lead of another customer", sales, valid(map[string]any{"entityId": demo.ContactToyota}), 400, "Choose one of the customer's leads", nil},
		{"a customer of a store the user may not view", sales, valid(map[string]any{"contactId": demo.ContactHyundai, "entityId": nil}), 404, "", nil},
		{"another dealer group's user", demo.OtherUserID, valid(nil), 404, "", nil},
		{"a role that works no customers", marketing, valid(nil), 403, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/pando/pandox/task", As: tt.as, Body: tt.body}
			if tt.status != 200 {
				status, e := srv.Error(t, req)
				if status != tt.status || !strings.Contains(strings.Join(e.ErrorMessages, " "), tt.msg) {
					t.Errorf("status = %d %v, want %d with %q", status, e.ErrorMessages, tt.status, tt.msg)
				}
				if got := events.take(); len(got) != 0 {
					t.Errorf("a refused task published %v", got)
				}
				return
			}
			var got httpapi.Result[tasks.TaskView]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			tt.check(t, got.Data)
			if published := events.take(); len(published) != 1 || published[0].Type != task.EventCreated {
				t.Errorf("events = %v, want one TaskCreated", published)
			}
			if _, ok := list(t, srv, manager, demo.ContactHonda, `{"openOnly":true}`)[got.Data.ID]; !ok {
				t.Error("the new task is not listed")
			}
			if e := lastTaskEntry(t, srv, demo.ContactHonda); !strings.HasPrefix(e.Text, "Task added: ") || e.UserID != tt.as {
				t.Errorf("activity = %q by %s", e.Text, e.UserID)
			}
		})
	}
}

func TestAssignees(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var got httpapi.Result[tasks.StoreAssignees]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/pando/pandox/task/assignees?accountPlatformId=%d", demo.StoreHyundai), As: manager}, &got); status != 200 {
		t.Fatalf("status = %d", status)
	}
	if got.Data.TimeZone != "America/Vancouver" || got.Data.StoreName != "Northwind Hyundai Vancouver" {
		t.Errorf("store = %q at %q", got.Data.StoreName, got.Data.TimeZone)
	}
	var ids []string
	for _, a := range got.Data.Users {
		ids = append(ids, a.UserID)
		if a.Name == "" {
			t.Errorf("assignee %s has no name", a.UserID)
		}
	}
	for _, want := range []string{manager, bdcMgr} {
		if !slices.Contains(ids, want) {
			t.Errorf("assignees %v lack %s", ids, want)
		}
	}
	for _, not := range []string{sales, bdc, marketing, parts} {
		if slices.Contains(ids, not) {
			t.Errorf("assignees %v hold %s, who may not hold Hyundai's tasks", ids, not)
		}
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/pando/pandox/task/assignees?accountPlatformId=%d", demo.StoreHyundai), As: sales}); status != 403 {
		t.Errorf("a store the user may not view = %d, want 403", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/pando/pandox/task/assignees?accountPlatformId=%d", demo.StoreToyota), As: demo.OtherUserID}); status != 403 && status != 404 {
		t.Errorf("another dealer group's store = %d, want 403 or 404", status)
	}
}
