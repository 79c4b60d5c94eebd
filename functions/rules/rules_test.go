package rules_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/rules"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	admin     = "100008" // dealer admin, rules admin, every store
	viewOnly  = "100009" // general manager, rules view-only
	salesUser = "100001" // sales person, no rules permission
)

func ruleBody(storeID int64, name string) string {
	return fmt.Sprintf(`{"id":-1,"name":%q,"accountPlatformIds":[%d],
		"triggers":[{"activityTypeId":1},{"activityTypeId":0}],"terminators":[{"activityTypeId":13}],
		"triggerSetTasks":[{"triggerSetTaskId":-1,"name":"Call the customer","actionTypeId":1,"dueUnit":1,"dueDuration":15,
			"triggerSetTaskNotifications":[{"triggerSetTaskNotificationId":-1,"userIds":["%s"],"onEvent":"1","recipientType":"user"},
				{"triggerSetTaskNotificationId":-2,"userIds":["%s"],"onEvent":2,"recipientType":"user","Deleted":true}]}],
		"triggerSetNotifications":[],"triggerSetFilters":[{"filterId":1,"filterValue":1}],"vehicles":[]}`, name, storeID, admin, admin)
}

type ruleResult = httpapi.Result[rule.TriggerSet]

func TestRuleLifecycle(t *testing.T) {
	s := areatest.New(t)
	var saved ruleResult
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/TriggerSet", As: admin, Body: ruleBody(demo.StoreToyota, "Internet lead call")}, &saved); st != http.StatusOK {
		t.Fatalf("save = %d", st)
	}
	r := saved.Data
	if r.ID <= 0 || r.Enabled || len(r.Triggers) != 1 || len(r.TriggerSetTasks[0].TriggerSetTaskNotifications) != 1 || r.TriggerSetTasks[0].TriggerSetTaskNotifications[0].OnEvent != 1 {
		t.Fatalf("saved = %+v", r)
	}
	get := func(as string) int {
		return s.Do(t, areatest.Request{Method: http.MethodGet, Path: fmt.Sprintf("/api/triggerset/%d", r.ID), As: as}, nil)
	}
	for _, tt := range []struct {
		as   string
		want int
	}{{admin, 200}, {viewOnly, 200}, {salesUser, 403}, {demo.OtherUserID, 404}} {
		if got := get(tt.as); got != tt.want {
			t.Errorf("GET as %s = %d, want %d", tt.as, got, tt.want)
		}
	}
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/TriggerSet", As: viewOnly, Body: ruleBody(demo.StoreToyota, "x")}, nil); st != http.StatusForbidden {
		t.Errorf("save as view-only = %d, want 403", st)
	}
	st, e := s.Error(t, areatest.Request{Method: http.MethodPost, Path: "/api/TriggerSet", As: admin, Body: `{"id":-1,"name":"","accountPlatformIds":[2001],"triggers":[]}`})
	if st != http.StatusBadRequest || e.FieldErrors["name"] == "" || e.FieldErrors["triggers"] == "" {
		t.Errorf("invalid save = %d %+v", st, e)
	}

	// Activate; a new internet lead of the customer starts a workflow with its task.
	if st := s.Do(t, areatest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/pando/pandox/triggers/activate/%d", r.ID), As: admin}, nil); st != http.StatusOK {
		t.Fatalf("activate = %d", st)
	}
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/Lead/adhoc/create", As: admin,
		Body: fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"leadTypeId":1}`, demo.ContactToyota, demo.StoreToyota)}, nil); st != http.StatusOK {
		t.Fatalf("create lead = %d", st)
	}
	var active httpapi.Result[[]rules.Workflow]
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/pando/pandox/activeWorkflow?contactId=%d", demo.ContactToyota), As: admin}, &active); st != 200 {
		t.Fatalf("active workflows = %d", st)
	}
	if len(active.Data) != 1 || active.Data[0].TriggerSetID != r.ID || len(active.Data[0].Tasks) != 1 || active.Data[0].Tasks[0].Status != "Pending" {
		t.Fatalf("active workflows = %+v", active.Data)
	}
	var counts httpapi.Result[rules.StatusCounts]
	s.Do(t, areatest.Request{Method: http.MethodGet, Path: fmt.Sprintf("/api/triggerset/%d/rule_status_counts", r.ID), As: viewOnly}, &counts)
	if counts.Data != (rules.StatusCounts{DistinctCustomers: 1, Open: 1}) {
		t.Errorf("counts = %+v, want 1 customer, 1 open", counts.Data)
	}
	// Another dealer group's customer does not exist for the caller.
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/pando/pandox/activeWorkflow?contactId=%d", demo.OtherContactID), As: admin}, nil); st != http.StatusNotFound {
		t.Errorf("workflows of another group's customer = %d, want 404", st)
	}

	// Deactivate, stopping the running workflows.
	var off ruleResult
	s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/pando/pandox/triggers/deactivate/", As: admin, Body: fmt.Sprintf(`{"triggerSetId":%d,"stopWorkflows":true}`, r.ID)}, &off)
	if off.Data.Enabled {
		t.Errorf("deactivated rule is enabled")
	}
	s.Do(t, areatest.Request{Method: http.MethodGet, Path: fmt.Sprintf("/api/triggerset/%d/rule_status_counts", r.ID), As: admin}, &counts)
	if counts.Data != (rules.StatusCounts{}) {
		t.Errorf("counts after deactivation = %+v, want none", counts.Data)
	}
	var past httpapi.Result[[]rules.Workflow]
	s.Do(t, areatest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/pando/pandox/historicalWorkflow?contactId=%d", demo.ContactToyota), As: admin}, &past)
	if len(past.Data) != 1 || past.Data[0].Tasks[0].Status != "Cancelled" || past.Data[0].StatusText != "Cancelled" {
		t.Errorf("historical workflows = %+v", past.Data)
	}

	// Copy to the Honda store: queued, then its own disabled rule there.
	var queued httpapi.Result[rules.CopyQueued]
	s.Do(t, areatest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/pando/pandox/triggers/copy_trigger_set/%d", r.ID), As: admin, Body: fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreHonda)}, &queued)
	if queued.Data.Queued != 1 {
		t.Errorf("queued = %d, want 1", queued.Data.Queued)
	}
	var grouped httpapi.Result[[]rules.RuleGroupList]
	s.Do(t, areatest.Request{Method: http.MethodGet, Path: fmt.Sprintf("/pando/pandox/rulelist/grouped?accountPlatformId=%d", demo.StoreHonda), As: admin}, &grouped)
	if len(grouped.Data) != 1 || len(grouped.Data[0].Rules) != 1 || grouped.Data[0].Rules[0].Enabled || grouped.Data[0].Rules[0].ID == r.ID {
		t.Errorf("Honda's rules = %+v, want the disabled copy", grouped.Data)
	}
	if len(grouped.Data) == 1 {
		if by := grouped.Data[0].Rules[0].UpdatedBy; grouped.Data[0].UserNames[by] != "Taylor Brooks" {
			t.Errorf("the copy's changer %q is named %q, want Taylor Brooks", by, grouped.Data[0].UserNames[by])
		}
	}

	// The change log: who changed which field.
	var log httpapi.Result[[]rule.LogEntry]
	s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/Audit/changelog_by_table", As: viewOnly, Body: fmt.Sprintf(`{"tableName":"TriggerSet","recordId":%d,"pageNumber":1,"pageSize":25}`, r.ID)}, &log)
	found := false
	for _, e := range log.Data {
		if e.FieldName == "enabled" && e.NewValue == "true" && e.ChangedBy == admin {
			found = true
		}
	}
	if !found || log.PageData == nil || log.PageData.PageSize != 25 {
		t.Errorf("change log = %+v %+v, want the activation by the admin, page size 25", log.Data, log.PageData)
	}
}

func TestRuleGroupsAndLookups(t *testing.T) {
	s := areatest.New(t)
	var g httpapi.Result[rule.Group]
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/RuleGroup", As: admin, Body: fmt.Sprintf(`{"name":"Internet","ruleGroupTypeId":1,"accountPlatformId":%d}`, demo.StoreToyota)}, &g); st != 200 {
		t.Fatalf("create group = %d", st)
	}
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/RuleGroup", As: admin, Body: fmt.Sprintf(`{"name":"internet","ruleGroupTypeId":1,"accountPlatformId":%d}`, demo.StoreToyota)}, nil); st != http.StatusConflict {
		t.Errorf("duplicate group = %d, want 409", st)
	}
	var found httpapi.Result[[]rule.Group]
	s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/RuleGroup/search", As: viewOnly, Body: `{"name":"inter"}`}, &found)
	if len(found.Data) != 1 || found.Data[0].ID != g.Data.ID {
		t.Errorf("search = %+v", found.Data)
	}
	if st := s.Do(t, areatest.Request{Method: http.MethodGet, Path: fmt.Sprintf("/api/ruleGroup/%d", g.Data.ID), As: demo.OtherUserID}, nil); st != http.StatusForbidden && st != http.StatusNotFound {
		t.Errorf("another group's read = %d, want denied", st)
	}
	st, e := s.Error(t, areatest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/rulegroup/accountplatform/%d/1", demo.StoreToyota), As: admin})
	if st != http.StatusBadRequest || len(e.ErrorMessages) == 0 {
		t.Errorf("seeding a general group = %d", st)
	}
	var seeded httpapi.Result[rules.ReseedStatus]
	s.Do(t, areatest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/rulegroup/account/%d/account_platform/%d/reseedLeaseRules", demo.AccountID, demo.StoreToyota), As: admin}, &seeded)
	if seeded.Data.SeedStatus != rule.SeedSeeded || seeded.Data.RuleGroupTypeID != rule.GroupLeaseFollowUp {
		t.Errorf("reseed = %+v", seeded.Data)
	}
	if st := s.Do(t, areatest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/RuleGroup/%d", g.Data.ID), As: admin}, nil); st != 200 {
		t.Errorf("delete group = %d", st)
	}

	st, e = s.Error(t, areatest.Request{Method: http.MethodPost, Path: "/pando/pandox/saveactiontypes", As: admin, Body: `{"actionTypes":[{"id":1,"name":"","activityTypeId":4}]}`})
	if st != http.StatusBadRequest || e.ErrorMessages[0] != rule.MsgSaveFailed {
		t.Errorf("bad action types = %d %v, want 400 %q", st, e.ErrorMessages, rule.MsgSaveFailed)
	}
	var lookups httpapi.Result[rules.ActionTypesResult]
	s.Do(t, areatest.Request{Method: http.MethodGet, Path: "/pando/pandox/actiontypes", As: viewOnly}, &lookups)
	if len(lookups.Data.ActionTypes) == 0 || len(lookups.Data.ActivityTypes) == 0 || len(lookups.Data.FilterTypes) == 0 {
		t.Errorf("lookups = %+v", lookups.Data)
	}
	var values httpapi.Result[rules.FilterValues]
	s.Do(t, areatest.Request{Method: http.MethodPut, Path: "/api/TriggerSet/filterValues", As: admin, Body: fmt.Sprintf(`{"filterId":1,"accountPlatformId":%d}`, demo.StoreToyota)}, &values)
	if len(values.Data.Values) == 0 {
		t.Errorf("lead type values = %+v", values.Data)
	}
}

func TestOnDemandWorkflow(t *testing.T) {
	s := areatest.New(t)
	body := fmt.Sprintf(`{"id":-1,"name":"Trade-in appraisal","accountPlatformIds":[%d],"triggers":[{"activityTypeId":19}],
		"triggerSetTasks":[{"triggerSetTaskId":-1,"name":"Book the appraisal","actionTypeId":4,"dueUnit":2,"dueDuration":2}]}`, demo.StoreToyota)
	var saved ruleResult
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/TriggerSet", As: admin, Body: body}, &saved); st != 200 {
		t.Fatalf("save = %d", st)
	}
	ask := func(as string, ruleID int64) (int, httpapi.Result[rules.OnDemandResult]) {
		var out httpapi.Result[rules.OnDemandResult]
		st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/TriggerSet/on_demand_workflows", As: as,
			Body: fmt.Sprintf(`{"contactId":%d,"triggerSetId":%d}`, demo.ContactToyota, ruleID)}, &out)
		return st, out
	}
	// Inactive: not offered, and cannot be started.
	if _, out := ask(salesUser, 0); len(out.Data.Workflows) != 0 {
		t.Errorf("inactive rule offered: %+v", out.Data.Workflows)
	}
	if st, _ := ask(salesUser, saved.Data.ID); st != http.StatusBadRequest {
		t.Errorf("start of an inactive rule = %d, want 400", st)
	}
	s.Do(t, areatest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/pando/pandox/triggers/activate/%d", saved.Data.ID), As: admin}, nil)
	if _, out := ask(salesUser, 0); len(out.Data.Workflows) != 1 {
		t.Fatalf("on-demand rules = %+v, want the active one", out.Data.Workflows)
	}
	if st, out := ask(salesUser, saved.Data.ID); st != 200 || !out.Data.Started {
		t.Fatalf("start = %d %+v", st, out.Data)
	}
	var active httpapi.Result[[]rules.Workflow]
	s.Do(t, areatest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/pando/pandox/activeWorkflow?contactId=%d", demo.ContactToyota), As: salesUser}, &active)
	if len(active.Data) != 1 || active.Data[0].Tasks[0].AssignedUserID != salesUser || active.Data[0].Tasks[0].Name != "Book the appraisal" {
		t.Errorf("workflows after the start = %+v, want the rule's task for the sales person who started it", active.Data)
	}
	if st := s.Do(t, areatest.Request{Method: http.MethodPost, Path: "/api/TriggerSet/on_demand_workflows", As: demo.OtherUserID,
		Body: fmt.Sprintf(`{"contactId":%d,"triggerSetId":%d}`, demo.ContactToyota, saved.Data.ID)}, nil); st != http.StatusNotFound {
		t.Errorf("another group's start = %d, want 404", st)
	}
}
