package leads_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// The demo's tasks about leads: 17 in every store, 13 in Toyota and Honda.
const (
	demoLeadTasks         = 17
	demoToyotaHondaTasks  = 13
	taskSearchPath        = "/api/Lead/task/search/detail"
	taskCountPath         = "/api/Lead/task/search/count"
	taskExportPath        = "/api/Lead/task/search/export"
	bdcManager            = "100004" // Jordan Patel: BDC manager of every store
	farPast, farFuture    = "2020-03-02T17:00:00Z", "2099-06-01T17:00:00Z"
	farPastDay, farFutDay = "2020-03-02", "2099-06-01"
)

func taskSearch(t *testing.T, srv *areatest.Server, as, body string) httpapi.Result[[]leads.LeadTaskRow] {
	t.Helper()
	var got httpapi.Result[[]leads.LeadTaskRow]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: taskSearchPath, As: as, Body: body}, &got); status != 200 {
		t.Fatalf("task search %s as %s: status %d", body, as, status)
	}
	return got
}

func taskIDs(rows []leads.LeadTaskRow) []string {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.TaskID)
	}
	return ids
}

// addTask stores a task of the demo group directly, as a workflow would.
func addTask(t *testing.T, srv *areatest.Server, tk task.Task) {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	if tk.CreatedAt.IsZero() {
		tk.CreatedAt = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if err := task.NewRepo(srv.Services.Store).Create(context.Background(), tn, tk); err != nil {
		t.Fatal(err)
	}
}

func at(s string) time.Time {
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return v
}

func TestLeadTaskSearch(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		scope  string
		body   string
		status int
		total  int
		ids    []string // when set, the rows in this order
	}{
		{"every store the manager views", manager, "", `{}`, 200, demoLeadTasks, nil},
		{"the sales person's stores", sales, "", `{}`, 200, demoToyotaHondaTasks, nil},
		{"one store", manager, "", `{"accountPlatformIds":[2003]}`, 200, 4, []string{"LT-1003-3", "LT-1003-2", "T-1003-1", "LT-1003-4"}},
		{"the Scope header's store", manager, "2003", `{}`, 200, 4, nil},
		{"assigned users", manager, "", `{"assignedUserIds":["100004"]}`, 200, 3, []string{"LT-1007-2", "LT-1003-3", "LT-1003-2"}},
		{"task types, any case", manager, "", `{"taskTypes":["appointment"]}`, 200, 3, []string{"LT-1008-2", "LT-1006-1", "T-1002-1"}},
		{"task statuses", manager, "", `{"taskStatuses":["Completed","OnHold"]}`, 200, 4, []string{"T-1001-3", "LT-1004-1", "LT-1007-2", "LT-1008-2"}},
		{"due range", manager, "", `{"dueDateFrom":"2026-11-14","dueDateTo":"2026-11-18"}`, 200, 3, []string{"LT-1004-3", "LT-1003-3", "LT-1006-2"}},
		{"due from", manager, "", `{"dueDateFrom":"2027-01-01"}`, 200, 4, []string{"T-1003-1", "LT-1003-4", "T-1001-1", "T-1002-1"}},
		{"customer name", manager, "", `{"contactName":"  CARTER "}`, 200, 3, []string{"LT-1007-2", "LT-1007-1", "T-1002-1"}},
		{"latest due first", manager, "", `{"accountPlatformIds":[2003],"sortOrder":"desc"}`, 200, 4, []string{"LT-1003-4", "T-1003-1", "LT-1003-2", "LT-1003-3"}},
		{"a page", manager, "", `{"pageNumber":4,"pageSize":5}`, 200, demoLeadTasks, []string{"T-1001-1", "T-1002-1"}},
		{"past the last page", manager, "", `{"pageNumber":9}`, 200, demoLeadTasks, []string{}},
		{"another dealer group's user sees none of these", demo.OtherUserID, "", `{}`, 200, 0, []string{}},
		{"a store the user may not view", sales, "", `{"accountPlatformIds":[2003]}`, 403, 0, nil},
		{"a Scope of stores the user may not view", sales, "2003", `{}`, 403, 0, nil},
		{"another dealer group's store", sales, "", fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.OtherStore), 404, 0, nil},
		{"another dealer group's user naming this group's store", demo.OtherUserID, "", `{"accountPlatformIds":[2001]}`, 404, 0, nil},
		{"unknown status", manager, "", `{"taskStatuses":["Done"]}`, 400, 0, nil},
		{"bad date", manager, "", `{"dueDateFrom":"11/14/2026"}`, 400, 0, nil},
		{"range ends before it starts", manager, "", `{"dueDateFrom":"2026-11-14","dueDateTo":"2026-11-13"}`, 400, 0, nil},
		{"page too large", manager, "", `{"pageSize":500}`, 400, 0, nil},
		{"unknown sort order", manager, "", `{"sortOrder":"sideways"}`, 422, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: taskSearchPath, As: tt.as, Scope: tt.scope, Body: tt.body}
			if tt.status != 200 {
				status, body := srv.Error(t, req)
				if status != tt.status && !(tt.status == 422 && status == 400) {
					t.Errorf("status = %d (%v), want %d", status, body.ErrorMessages, tt.status)
				}
				if len(body.ErrorMessages) == 0 {
					t.Error("no error message")
				}
				return
			}
			var got httpapi.Result[[]leads.LeadTaskRow]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			if got.PageData == nil || got.PageData.TotalRecords != tt.total {
				t.Fatalf("pageData = %+v, want %d records", got.PageData, tt.total)
			}
			if tt.ids != nil && fmt.Sprint(taskIDs(got.Data)) != fmt.Sprint(tt.ids) {
				t.Errorf("rows = %v, want %v", taskIDs(got.Data), tt.ids)
			}
			if tt.ids == nil && len(got.Data) != min(tt.total, 25) {
				t.Errorf("%d rows, want %d", len(got.Data), min(tt.total, 25))
			}
			desc := strings.Contains(tt.body, "desc")
			if !slices.IsSortedFunc(got.Data, func(a, b leads.LeadTaskRow) int {
				if desc {
					return b.TaskDueDt.Compare(a.TaskDueDt)
				}
				return a.TaskDueDt.Compare(b.TaskDueDt)
			}) {
				t.Errorf("rows not sorted by due time: %v", taskIDs(got.Data))
			}
			for _, r := range got.Data {
				if tt.as == sales && r.AccountPlatformID == demo.StoreHyundai {
					t.Errorf("row %s of a store the user may not view", r.TaskID)
				}
				if r.CrmLeadID == 0 {
					t.Errorf("row %s is not about a lead", r.TaskID)
				}
			}
		})
	}
}

func TestLeadTaskRows(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	// Sam claims the lead of Rose City Plumbing (Dana Whitfield): the row shows him as its sales person.
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: sales, Body: fmt.Sprintf(`{"crmLeadId":%d}`, demo.ContactToyotaBusiness)}, nil); status != 200 {
		t.Fatalf("claim: %d", status)
	}
	// The customer wrote in and was answered.
	tn, _ := account.Tenant(demo.AccountID)
	acts := activity.NewRepo(srv.Services.Store, nil, nil)
	for _, n := range []activity.New{
		{ContactID: demo.ContactToyotaBusiness, AccountPlatformID: demo.StoreToyota, Kind: activity.KindText, Direction: activity.Inbound, Text: "Is the fleet quote ready?", UserID: sales},
		{ContactID: demo.ContactToyotaBusiness, AccountPlatformID: demo.StoreToyota, Kind: activity.KindEmail, Direction: activity.Outbound, Text: "Here is the fleet quote.", UserID: sales},
	} {
		if _, _, err := acts.Record(context.Background(), tn, n); err != nil {
			t.Fatal(err)
		}
	}
	rows := taskSearch(t, srv, manager, `{"pageSize":100}`).Data
	byID := map[string]leads.LeadTaskRow{}
	for _, r := range rows {
		byID[r.TaskID] = r
	}
	fleet := byID["LT-1006-1"]
	if fleet.FullName != "Dana Whitfield" || fleet.CrmLeadID != demo.ContactToyotaBusiness || fleet.ContactID != demo.ContactToyotaBusiness ||
		fleet.TaskOwner != "Morgan Reyes" || fleet.AssignedUserID != manager || fleet.TaskType != "Appointment" || fleet.TaskName != "Fleet pricing meeting" ||
		fleet.TaskDescription == "" || fleet.StoreName != "Northwind Toyota" || fleet.Salesperson1UserID != sales || fleet.Salesperson1Name != "Sam Ortega" ||
		fleet.TargetedVehicle != "2026 Toyota RAV4 XLE" || fleet.LeadStatusID != lead.StatusNew || fleet.IsMarkedHot {
		t.Errorf("fleet row = %+v", fleet)
	}
	if fleet.LastCustomerActivityDate == nil || fleet.LastUserActivityDate == nil {
		t.Errorf("fleet row activity dates = %v, %v; want both", fleet.LastCustomerActivityDate, fleet.LastUserActivityDate)
	}
	honda := byID["T-1002-1"]
	if !honda.IsMarkedHot || honda.FullName != "James Carter" || honda.Salesperson1UserID != "" || honda.LeadStatusID != lead.StatusUnclaimed ||
		honda.TargetedVehicle != "2026 Honda CR-V EX-L" || honda.LastCustomerActivityDate != nil {
		t.Errorf("Honda row = %+v", honda)
	}
	if r := byID["LT-1003-2"]; r.TaskOwner != "Jordan Patel" || r.TargetedVehicle != "2026 Hyundai Ioniq 5 Preferred" || r.StoreName != "Northwind Hyundai Vancouver" {
		t.Errorf("Hyundai row = %+v", r)
	}
}

// TestLeadTaskStatusesAsTheyStand checks that an open task past its due time reads Overdue in
// the rows, the filter and the counts, and that tasks about no lead are left out.
func TestLeadTaskStatusesAsTheyStand(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	mk := func(id string, entity int64, due, status string) task.Task {
		return task.Task{ID: id, ContactID: demo.ContactToyotaBusiness, EntityID: entity, AccountPlatformID: demo.StoreToyota, AssignedUserID: sales,
			TaskType: "Call", Name: id, DueAt: at(due), Status: status}
	}
	lid := int64(demo.ContactToyotaBusiness)
	for _, tk := range []task.Task{
		mk("past-pending", lid, farPast, task.StatusPending),
		mk("past-in-progress", lid, farPast, task.StatusInProgress),
		mk("past-completed", lid, farPast, task.StatusCompleted),
		mk("past-no-lead", 0, farPast, task.StatusPending),
		mk("future-pending", lid, farFuture, task.StatusPending),
		mk("future-no-lead", 0, farFuture, task.StatusPending),
	} {
		addTask(t, srv, tk)
	}
	tests := []struct {
		name, body string
		want       []string
	}{
		{"past", fmt.Sprintf(`{"dueDateTo":%q}`, farPastDay), []string{"past-completed:Completed", "past-in-progress:Overdue", "past-pending:Overdue"}},
		{"overdue only", fmt.Sprintf(`{"dueDateTo":%q,"taskStatuses":["overdue"]}`, farPastDay), []string{"past-in-progress:Overdue", "past-pending:Overdue"}},
		{"pending in the past is none", fmt.Sprintf(`{"dueDateTo":%q,"taskStatuses":["Pending"]}`, farPastDay), nil},
		{"future", fmt.Sprintf(`{"dueDateFrom":%q}`, farFutDay), []string{"future-pending:Pending"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range taskSearch(t, srv, sales, tt.body).Data {
				got = append(got, r.TaskID+":"+r.TaskStatus)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("rows = %v, want %v", got, tt.want)
			}
		})
	}

	var counts httpapi.Result[[]leads.LeadTaskStatusCount]
	body := fmt.Sprintf(`{"dueDateTo":%q,"taskStatuses":["Pending"]}`, farPastDay)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: taskCountPath, As: sales, Body: body}, &counts); status != 200 {
		t.Fatalf("count: %d", status)
	}
	got := map[string]int{}
	for _, c := range counts.Data {
		got[c.TaskStatus] = c.Count
	}
	if len(counts.Data) != len(task.Statuses()) || got[task.StatusOverdue] != 2 || got[task.StatusCompleted] != 1 || got[task.StatusPending] != 0 {
		t.Errorf("counts = %+v, want every status, 2 overdue and 1 completed (the status filter does not apply)", counts.Data)
	}
}

func TestLeadTaskCounts(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name, as, body string
		status         int
		total          int
		fixed          map[string]int // statuses that do not move with the clock
	}{
		{"every store", manager, `{}`, 200, demoLeadTasks, map[string]int{task.StatusCompleted: 3, task.StatusCancelled: 1, task.StatusOnHold: 1}},
		{"the sales person's stores", sales, `{}`, 200, demoToyotaHondaTasks, map[string]int{task.StatusCompleted: 3, task.StatusCancelled: 0, task.StatusOnHold: 1}},
		{"Hyundai", bdcManager, `{"accountPlatformIds":[2003]}`, 200, 4, map[string]int{task.StatusCancelled: 1}},
		{"another dealer group's user", demo.OtherUserID, `{}`, 200, 0, nil},
		{"a store the user may not view", sales, `{"accountPlatformIds":[2003]}`, 403, 0, nil},
		{"bad date", manager, `{"dueDateTo":"tomorrow"}`, 400, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: taskCountPath, As: tt.as, Body: tt.body}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Result[[]leads.LeadTaskStatusCount]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			total, by := 0, map[string]int{}
			for _, c := range got.Data {
				total += c.Count
				by[c.TaskStatus] = c.Count
			}
			if total != tt.total {
				t.Errorf("counts add up to %d, want %d: %+v", total, tt.total, got.Data)
			}
			for s, n := range tt.fixed {
				if by[s] != n {
					t.Errorf("%s = %d, want %d", s, by[s], n)
				}
			}
		})
	}
}

func TestLeadTaskExport(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	export := func(as, body string) [][]string {
		t.Helper()
		status, raw, header := srv.Raw(t, areatest.Request{Method: "POST", Path: taskExportPath, As: as, Body: body})
		if status != 200 || !strings.HasPrefix(header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export %s as %s: %d %s", body, as, status, header.Get("Content-Type"))
		}
		recs, err := csv.NewReader(strings.NewReader(string(raw))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	recs := export(manager, `{}`)
	if len(recs) != demoLeadTasks+1 || recs[0][0] != "Task Id" || recs[0][8] != "Hot" {
		t.Fatalf("export: %d records, header %v", len(recs), recs[0])
	}
	for _, r := range recs[1:] {
		wantHot := "No"
		if r[0] == "T-1002-1" { // James Carter is marked hot
			wantHot = "Yes"
		}
		if r[8] != wantHot {
			t.Errorf("row %s: Hot = %q, want %q", r[0], r[8], wantHot)
		}
		if r[0] == "LT-1006-1" && (r[6] != "Dana Whitfield" || r[10] != "Morgan Reyes" || r[14] != "2026 Toyota RAV4 XLE" || r[9] != "Northwind Toyota") {
			t.Errorf("fleet row = %v", r)
		}
	}
	mine := export(sales, `{"taskStatuses":["Completed"]}`)
	if len(mine) != 4 {
		t.Errorf("completed tasks in the sales person's stores: %d rows, want 3", len(mine)-1)
	}
	for _, r := range export(sales, `{}`)[1:] {
		if r[9] == "Northwind Hyundai Vancouver" {
			t.Errorf("row %v of a store the user may not view", r)
		}
	}
	if n := len(export(demo.OtherUserID, `{}`)); n != 1 {
		t.Errorf("another dealer group's export has %d rows, want none", n-1)
	}
	for _, tt := range []struct {
		name, as, body string
		status         int
	}{
		{"bad filter", manager, `{"taskStatuses":["Later"]}`, 400},
		{"a store the user may not view", sales, `{"accountPlatformIds":[2003]}`, 403},
		{"another dealer group's store", demo.OtherUserID, `{"accountPlatformIds":[2001]}`, 404},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: taskExportPath, As: tt.as, Body: tt.body}); status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
		})
	}
}
