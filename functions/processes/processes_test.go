package processes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/processes"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	salesPerson  = "100001" // a subset of the stores
	salesManager = "100002"
	rulesAdmin   = "100011"
)

type result[T any] struct {
	Successful bool `json:"successful"`
	Data       T    `json:"data"`
}

func start(t *testing.T, srv *areatest.Server, as string, templateID, store, contact int64, body string) (int, processes.StartResult) {
	t.Helper()
	if body == "" {
		body = fmt.Sprintf(`{"ContactId":%d,"Title":"Walk-around"}`, contact)
	}
	var got result[processes.StartResult]
	status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/pando/workflowtemplate/starttemplate/%d/%d", templateID, store), As: as, Body: body}, &got)
	return status, got.Data
}

// walkAround is a valid answer set of the trade-in walk-around's form.
const walkAround = `[
	{"ControlId":1,"Name":{"First":"Sam","Last":"Ortiz"}},
	{"ControlId":2,"Value":"48210"},
	{"ControlId":3,"Value":"5","OtherValue":"Scratched bumper"},
	{"ControlId":4,"Values":["1","5"],"OtherValue":"Roof rack"},
	{"ControlId":5,"Value":"ana@example.com","ConfirmValue":"ana@example.com"},
	{"ControlId":6,"Value":"Small dent on the rear door."},
	{"ControlId":7,"Value":"2026-11-29T10:00:00-08:00"},
	{"ControlId":8,"Value":"10:30 AM"}
]`

func TestStartFillAndSubmit(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)

	var list result[processes.StartList]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/pando/workflowtemplate/startlistcustomer?accountPlatformId=%d", demo.StoreToyota), As: salesPerson}, &list); status != 200 {
		t.Fatalf("start list = %d", status)
	}
	if len(list.Data.WorkflowTemplates) != 3 || len(list.Data.Top5Recent) != 0 {
		t.Fatalf("start list = %+v, want the 3 seeded templates and no recent ones", list.Data)
	}

	status, res := start(t, srv, salesPerson, demo.TemplateTradeInAppraisal, demo.StoreToyota, demo.ContactToyota, "")
	if status != 200 || res.Outcome != process.OutcomeOK || res.Process == nil || res.GroupID == "" {
		t.Fatalf("start = %d %+v", status, res)
	}
	step := res.Process.CurrentStepInstanceID
	var snap result[struct {
		ActiveProcesses int `json:"activeProcesses"`
	}]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/snapshot", demo.ContactToyota), As: salesPerson, Body: `{}`}, &snap); status != 200 || snap.Data.ActiveProcesses != 1 {
		t.Errorf("snapshot = %d, %d active processes, want 1", status, snap.Data.ActiveProcesses)
	}

	var load result[processes.FormLoad]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/pando/forms/step/" + step, As: salesPerson}, &load); status != 200 {
		t.Fatalf("load step = %d", status)
	}
	if load.Data.Mode != "step" || len(load.Data.Form.Controls) != 8 || load.Data.ReadOnly {
		t.Errorf("load = %+v", load.Data)
	}
	form := func(answers string, version int64) string {
		return fmt.Sprintf(`{"FormTemplateId":%d,"WorkflowTemplateId":%d,"FuzeCastUserId":"%s","StepId":"%s","Answers":%s,"Version":%d}`,
			load.Data.FormTemplateID, demo.TemplateTradeInAppraisal, salesPerson, step, answers, version)
	}

	// A submit with the required answers missing and a mistyped e-mail names each question.
	status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/forms/submit", As: salesPerson,
		Body: form(`[{"ControlId":5,"Value":"ana@example","ConfirmValue":"ana@example"},{"ControlId":6,"Value":"Dent"}]`, 0)})
	if status != http.StatusBadRequest {
		t.Fatalf("invalid submit = %d", status)
	}
	for field, msg := range map[string]string{
		"answers.1": "Appraiser is a required field.",
		"answers.2": "Odometer is a required field.",
		"answers.3": "Exterior condition is a required field.",
		"answers.5": "Invalid email. Please enter a valid email address.",
		"answers.6": "Minimum characters of Damage noted is 10",
	} {
		if got := e.FieldErrors[field]; got != msg {
			t.Errorf("field %s = %q, want %q", field, got, msg)
		}
	}
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/forms/submit", As: salesPerson,
		Body: strings.Replace(form(walkAround, 0), `"FormTemplateId":`+fmt.Sprint(load.Data.FormTemplateID), `"FormTemplateId":0`, 1)}); status != 400 || e.ErrorMessages[0] != process.MsgInvalidTemplate {
		t.Errorf("submit without a template = %d %v", status, e.ErrorMessages)
	}

	// A save keeps answers without the submit-only checks.
	var saved result[processes.StartResult]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/forms/save", As: salesPerson,
		Body: form(`[{"ControlId":1,"Name":{"First":"Sam","Last":"Ortiz"}},{"ControlId":2,"Value":"48210"},{"ControlId":3,"Value":"2"},{"ControlId":5,"Value":"ana@example"}]`, 0)}, &saved); status != 200 {
		t.Fatalf("save = %d", status)
	}
	if saved.Data.Outcome != 0 || saved.Data.Process.Version != 2 {
		t.Errorf("save = %+v", saved.Data)
	}
	// The version the form was loaded at is stale now.
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/forms/submit", As: salesPerson, Body: form(walkAround, load.Data.Version)}); status != http.StatusConflict {
		t.Errorf("stale submit = %d, want 409", status)
	}
	// Another dealer group's user does not find the step.
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/forms/submit", As: demo.OtherUserID, Body: form(walkAround, 0)}); status != http.StatusNotFound {
		t.Errorf("submit by another group = %d, want 404", status)
	}

	var done result[processes.StartResult]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/forms/submit", As: salesPerson, Body: form(walkAround, 2)}, &done); status != 200 {
		t.Fatalf("submit = %d", status)
	}
	if done.Data.Outcome != process.OutcomeCompleted || done.Data.GroupID == "" || done.Data.Process.Status != process.StatusSuccess {
		t.Errorf("submit = %+v, want outcome 100 and a completed process", done.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/forms/submit", As: salesPerson, Body: form(walkAround, 0)}); status != http.StatusConflict {
		t.Errorf("second submit = %d, want 409", status)
	}

	var view result[processes.FormLoad]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/pando/forms/" + step + "/view", As: salesManager}, &view); status != 200 {
		t.Fatalf("view = %d", status)
	}
	if !view.Data.ReadOnly || !view.Data.IsSubmitted || len(view.Data.Answers) != 8 {
		t.Errorf("view = %+v", view.Data)
	}
	for _, a := range view.Data.Answers {
		if a.ControlID == 3 && a.OtherValue != "Scratched bumper" {
			t.Errorf("the 'Other' text = %q", a.OtherValue)
		}
	}

	var mine result[[]processes.ProcessView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/workflows/", As: salesPerson, Body: fmt.Sprintf(`{"ContactId":%d}`, demo.ContactToyota)}, &mine); status != 200 || len(mine.Data) != 1 || mine.Data[0].StatusText != "Success" {
		t.Errorf("customer's processes = %d %+v", status, mine.Data)
	}
	var counts result[processes.ProcessCounts]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/workflow/dashboardCounts", As: salesManager, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.StoreToyota)}, &counts); status != 200 || counts.Data.Completed != 1 || counts.Data.Total != 1 {
		t.Errorf("counts = %d %+v", status, counts.Data)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/pando/workflowtemplate/startlistcustomer?accountPlatformId=%d", demo.StoreToyota), As: salesPerson}, &list); status != 200 || len(list.Data.Top5Recent) != 1 || list.Data.Top5Recent[0].WorkflowTemplateID != demo.TemplateTradeInAppraisal {
		t.Errorf("recent = %+v", list.Data.Top5Recent)
	}

	// The start and the submit are in the customer's activity.
	tn, _ := store.NewTenant(fmt.Sprint(demo.AccountID))
	feed, err := activity.NewRepo(srv.Services.Store, nil, nil).Feed(t.Context(), tn, []int64{demo.ContactToyota}, activity.FeedQuery{Category: activity.CategoryTask, PageSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, en := range feed.Entries {
		if en.Kind == activity.KindProcess {
			texts = append(texts, en.Text)
		}
	}
	if len(texts) != 2 {
		t.Errorf("process activity = %q, want the start and the completion", texts)
	}
}

func TestStartRefusals(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	// The sales person may not view the Hyundai store's customer.
	if status, _ := start(t, srv, salesPerson, demo.TemplateDeliveryChecklist, demo.StoreHyundai, demo.ContactHyundai, ""); status != http.StatusNotFound {
		t.Errorf("start for a customer of a store not viewable = %d, want 404", status)
	}
	// Another group's user does not find the customer.
	if status, _ := start(t, srv, demo.OtherUserID, demo.TemplateDeliveryChecklist, demo.StoreToyota, demo.ContactToyota, ""); status != http.StatusNotFound {
		t.Errorf("start by another group = %d, want 404", status)
	}
	// The customer's store only.
	if status, _ := start(t, srv, salesManager, demo.TemplateDeliveryChecklist, demo.StoreHonda, demo.ContactToyota, ""); status != http.StatusBadRequest {
		t.Errorf("start at another store = %d, want 400", status)
	}

	// A draft template is not startable: outcome 200 and nothing started.
	body := fmt.Sprintf(`{"Name":"Draft","Status":10,"AccountPlatformIds":[%d],"Steps":[{"Name":"One","Form":{"Name":"One","Type":"form","Controls":[{"Id":1,"Label":"Notes","InputType":"ShortAnswer"}]}}]}`, demo.StoreToyota)
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/workflowtemplate", As: salesPerson, Body: body}); status != http.StatusForbidden {
		t.Errorf("create by a sales person = %d, want 403", status)
	}
	var created result[process.Template]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/workflowtemplate", As: rulesAdmin, Body: body}, &created); status != 200 {
		t.Fatalf("create = %d", status)
	}
	status, res := start(t, srv, salesManager, created.Data.ID, demo.StoreToyota, demo.ContactToyota, "")
	if status != 200 || res.Outcome != process.OutcomeNotStartable || res.Process != nil {
		t.Errorf("start of a draft = %d %+v, want outcome 200", status, res)
	}
	// Publishing it is a versioned edit.
	pub := strings.Replace(body, `"Status":10`, `"Status":50`, 1)
	path := fmt.Sprintf("/pando/workflowtemplate/%d?version=%d", created.Data.ID, created.Data.Version)
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: path, As: rulesAdmin, Body: pub}, nil); status != 200 {
		t.Fatalf("publish = %d", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "PUT", Path: path, As: rulesAdmin, Body: pub}); status != http.StatusConflict {
		t.Errorf("stale edit = %d, want 409", status)
	}
	if status, res := start(t, srv, salesManager, created.Data.ID, demo.StoreToyota, demo.ContactToyota, ""); status != 200 || res.Outcome != 0 {
		t.Errorf("start once published = %d %+v", status, res)
	}
	var search result[[]processes.TemplateSummary]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/workflowtemplate/search", As: salesManager, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d],"Status":50,"CategoryIds":[3]}`, demo.StoreToyota)}, &search); status != 200 || len(search.Data) != 1 || search.Data[0].Name != "Credit application follow-up" {
		t.Errorf("search = %d %+v", status, search.Data)
	}

	// The form taker's start of a new process submits the first step's answers with it.
	var sf result[processes.FormLoad]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/pando/formtemplate/getstartform/%d", demo.TemplateCreditFollowUp), As: salesPerson}, &sf); status != 200 || sf.Data.Mode != "start" {
		t.Fatalf("start form = %d %+v", status, sf.Data)
	}
	withForm := fmt.Sprintf(`{"TemplateId":%d,"PlatformId":%d,"ContactId":%d,"Form":{"Answers":[{"ControlId":1,"Value":"4"}],"AccountId":%d,"PlatformId":%d,"FormTemplateId":%d,"FuzeCastUserId":"%s"}}`,
		demo.TemplateCreditFollowUp, demo.StoreToyota, demo.ContactToyota, demo.AccountID, demo.StoreToyota, sf.Data.FormTemplateID, salesPerson)
	if status, _ := start(t, srv, salesPerson, demo.TemplateCreditFollowUp, demo.StoreToyota, demo.ContactToyota, withForm); status != 400 {
		t.Errorf("start with an unknown option = %d, want 400", status)
	}
	status, res = start(t, srv, salesPerson, demo.TemplateCreditFollowUp, demo.StoreToyota, demo.ContactToyota, strings.Replace(withForm, `"Value":"4"`, `"Value":"1"`, 1))
	if status != 200 || res.Outcome != 0 || res.Process.StepsDone != 1 || res.Process.CurrentStepName != "Lender submission" {
		t.Errorf("start with the form = %d %+v", status, res)
	}
}
