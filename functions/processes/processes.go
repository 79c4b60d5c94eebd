// Package processes is the processes area: workflow templates and the processes started from
// them, and the form taker that fills in their steps. It serves the template search and start
// list, the start of a process for a customer or a deal (below /pando/workflowtemplate), the
// process dashboard counts and list (below /pando/workflow), the forms of steps and startable
// templates with their save and submit (below /pando/forms and /pando/formtemplate), and the
// workflows calls of the inventory service (below /api/workflows).
//
// Templates are the account's; users with the rules administrator permission, dealer admins
// and general managers write them (POST /pando/workflowtemplate, PUT
// /pando/workflowtemplate/{templateId}), and only Ready (50) templates offered at a store may
// be started there. A process, its steps and its forms belong to the store it was started at: a
// process of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404). Starting, saving and submitting need a role that works customers (the
// matrix). A save or submit sent with a version other than the process's is refused with 409,
// as is a step submitted already. Starts and submits are recorded in the customer's activity.
package processes

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	log := d.Logger()
	x := &area{
		d: d, log: log,
		contacts:  contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		leads:     lead.NewRepo(d.Store, d.Events, d.Log),
		processes: process.NewRepo(d.Store),
		activity:  activity.NewRepo(d.Store, d.Events, d.Log),
	}
	x.registerTemplates(api)
	x.registerProcesses(api)
	x.registerForms(api)
}

// area holds what the process calls use.
type area struct {
	d         wiring.Services
	log       *slog.Logger
	contacts  *contact.Repo
	leads     *lead.Repo
	processes *process.Repo
	activity  *activity.Repo
}

var tags = []string{"processes"}

// TemplateSummary is a workflow template as the start list and search show it.
type TemplateSummary struct {
	WorkflowTemplateID int64   `json:"WorkflowTemplateId"`
	Name               string  `json:"Name"`
	Description        string  `json:"Description"`
	CategoryID         int     `json:"CategoryId"`
	Status             int     `json:"Status"`
	AccountPlatformIDs []int64 `json:"AccountPlatformIds"`
	StepCount          int     `json:"StepCount"`
}

func summary(t process.Template) TemplateSummary {
	ids := t.AccountPlatformIDs
	if ids == nil {
		ids = []int64{}
	}
	return TemplateSummary{WorkflowTemplateID: t.ID, Name: t.Name, Description: t.Description, CategoryID: t.CategoryID,
		Status: t.Status, AccountPlatformIDs: ids, StepCount: len(t.Steps)}
}

// ProcessView is a process as lists and the form taker show it.
type ProcessView struct {
	_ struct{} `nullable:"true"`

	process.Process
	StatusText            string `json:"StatusText"`
	ContactName           string `json:"ContactName"`
	StoreName             string `json:"StoreName"`
	CurrentStepName       string `json:"CurrentStepName" doc:"The open step's name; empty when none is open."`
	CurrentStepInstanceID string `json:"CurrentStepInstanceId" doc:"The open step's id, to load its form; empty when none is open."`
	StepsDone             int    `json:"StepsDone"`
}

// StartResult is the answer of a start, save or submit: the outcome the form taker reads, the
// process's group and the process as the write left it (null when nothing was started).
type StartResult struct {
	Outcome int          `json:"Outcome" doc:"0: started, saved, or submitted with a further step open; 100: the last step submitted, the process is complete (its group is not added to the open ones); 200: the template may not be started at the store, nothing started."`
	GroupID string       `json:"GroupId"`
	Process *ProcessView `json:"Process"`
}

// view returns p as the caller sees it.
func (x *area) view(ctx context.Context, sess user.Session, p process.Process, names map[int64]string) ProcessView {
	p = p.At(x.d.Store.Now())
	v := ProcessView{Process: p, StatusText: process.StatusText(p.Status)}
	for _, st := range sess.Stores {
		if st.AccountPlatformID == p.AccountPlatformID {
			v.StoreName = st.Name
		}
	}
	if i := p.Current(); i >= 0 {
		v.CurrentStepName, v.CurrentStepInstanceID = p.Steps[i].Name, p.Steps[i].StepInstanceID
	}
	for _, s := range p.Steps {
		if s.IsSubmitted {
			v.StepsDone++
		}
	}
	name, ok := names[p.ContactID]
	if !ok {
		if c, _, err := x.contacts.ForSession(ctx, sess, p.ContactID); err == nil {
			name = c.FullName()
		}
		if names != nil {
			names[p.ContactID] = name
		}
	}
	v.ContactName = name
	return v
}

// visible returns process id when the caller may view its store: NotFound otherwise.
func (x *area) visible(ctx context.Context, sess user.Session, id string) (process.Process, error) {
	p, err := x.processes.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return process.Process{}, err
	}
	if !sess.Principal.CanView(p.AccountPlatformID) {
		return process.Process{}, apperr.Errorf(apperr.NotFound, process.MsgNotFound)
	}
	return p, nil
}

// record records the events of a process change in its customer's activity, keyed by each
// event's id. The process is saved already: a failure is logged with the event's id.
func (x *area) record(ctx context.Context, sess user.Session, events []eventbus.Event, p process.Process) {
	for _, e := range events {
		var text string
		switch e.Type {
		case process.EventStarted:
			text = fmt.Sprintf("Process started: %s (%s)", p.Title, p.TemplateName)
		case process.EventStepSubmitted:
			text = fmt.Sprintf("Process step submitted: %s, %s", p.Title, stepOf(p, e))
		case process.EventCompleted:
			text = fmt.Sprintf("Process completed: %s (last step %s submitted)", p.Title, stepOf(p, e))
		default:
			continue
		}
		details := map[string]string{"processId": p.ID, "workflowTemplateId": strconv.FormatInt(p.WorkflowTemplateID, 10), "event": e.Type}
		if p.EntityID > 0 {
			details["entityId"] = strconv.FormatInt(p.EntityID, 10)
		}
		_, _, err := x.activity.Record(ctx, sess.Principal.Tenant, activity.New{
			ContactID: p.ContactID, AccountPlatformID: p.AccountPlatformID, Kind: activity.KindProcess, Text: text, Details: details,
			UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID, Key: e.ID,
		})
		if err != nil {
			x.log.ErrorContext(ctx, "record process activity", "event", e.ID, "type", e.Type, "err", err)
		}
	}
}

// stepOf names the step an event of p is about.
func stepOf(p process.Process, e eventbus.Event) string {
	for _, s := range p.Steps {
		if s.IsSubmitted && s.SubmittedAt != nil && s.SubmittedAt.Equal(e.Time) {
			return s.Name
		}
	}
	return ""
}

// ScopeInput is the Scope header of the calls about the selected stores.
type ScopeInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
}

// SearchInput is the request of POST /pando/workflowtemplate/search.
type SearchInput struct {
	ScopeInput
	Body struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
		CategoryIDs        []int   `json:"CategoryIds" required:"false" maxItems:"20" doc:"Only templates of these categories; none for all."`
		Status             int     `json:"Status" required:"false" doc:"Only templates of this status (50 Ready, as the process template search asks); 0 for all."`
	}
}

// StartListInput is the request of GET /pando/workflowtemplate/startlistcustomer.
type StartListInput struct {
	ScopeInput
	AccountPlatformID int64 `query:"accountPlatformId" required:"false" minimum:"0" doc:"The customer's store: only templates it may start; the Scope header's stores when absent."`
}

// StartList is the start-process modal's list: the templates the caller may start and the
// five the caller started most recently.
type StartList struct {
	WorkflowTemplates []TemplateSummary `json:"WorkflowTemplates"`
	Top5Recent        []TemplateSummary `json:"Top5Recent"`
}

// TemplatePath names a template.
type TemplatePath struct {
	TemplateID int64 `path:"templateId" minimum:"1"`
}

// TemplateInput is the request of POST /pando/workflowtemplate.
type TemplateInput struct {
	Body process.Template
}

// TemplateUpdateInput is the request of PUT /pando/workflowtemplate/{templateId}.
type TemplateUpdateInput struct {
	TemplatePath
	Version int64 `query:"version" minimum:"1" required:"true" doc:"The version the template was read at: a template changed since is refused with 409 and nothing changes."`
	Body    process.Template
}

// GetTemplateInput is the request of GET /pando/workflowtemplate/{templateId}.
type GetTemplateInput struct {
	TemplatePath
}

// adminPermission may write templates.
const adminPermission = "pando.cxm.rules.admin"

func (x *area) registerTemplates(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "searchWorkflowTemplates", Method: http.MethodPost, Path: "/pando/workflowtemplate/search",
		Summary:     "Search workflow templates",
		Description: "The account's workflow templates offered at any of the stores (AccountPlatformIds, or the Scope header's), of the categories asked (none for all) and of the status asked (the process template search asks for 50, Ready; 0 for all), by name.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SearchInput) (*httpapi.Body[httpapi.Result[[]TemplateSummary]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := x.processes.Templates(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := []TemplateSummary{}
		for _, t := range all {
			if in.Body.Status != 0 && t.Status != in.Body.Status {
				continue
			}
			if len(in.Body.CategoryIDs) > 0 && !slices.Contains(in.Body.CategoryIDs, t.CategoryID) {
				continue
			}
			if len(t.AccountPlatformIDs) > 0 && !slices.ContainsFunc(stores, func(s int64) bool { return slices.Contains(t.AccountPlatformIDs, s) }) {
				continue
			}
			out = append(out, summary(t))
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "workflowTemplateStartList", Method: http.MethodGet, Path: "/pando/workflowtemplate/startlistcustomer",
		Summary:     "The templates a user may start for a customer",
		Description: "WorkflowTemplates: the Ready templates offered at the customer's store (accountPlatformId) or at any of the Scope header's stores, by name; Top5Recent: those of them the caller started most recently, the latest first, at most five.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StartListInput) (*httpapi.Body[httpapi.Result[StartList]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		if in.AccountPlatformID > 0 {
			ids = []int64{in.AccountPlatformID}
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := x.processes.Templates(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		recent, err := x.processes.Recent(ctx, sess.Principal.Tenant, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		out := StartList{WorkflowTemplates: []TemplateSummary{}, Top5Recent: []TemplateSummary{}}
		byID := map[int64]process.Template{}
		for _, t := range all {
			if slices.ContainsFunc(stores, t.OfferedAt) {
				out.WorkflowTemplates = append(out.WorkflowTemplates, summary(t))
				byID[t.ID] = t
			}
		}
		for _, id := range recent {
			if t, ok := byID[id]; ok {
				out.Top5Recent = append(out.Top5Recent, summary(t))
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createWorkflowTemplate", Method: http.MethodPost, Path: "/pando/workflowtemplate",
		Summary:     "Create a workflow template",
		Description: "Adds a workflow template to the account: its steps, each a form of questions (controls of every type, with their options, required flag, character limits, formats and 'Other' option). Steps, forms and options are numbered by the server. AccountPlatformIds are the stores that may start it (each one the caller may view; none for every store). Status 50 offers it to start at once; 10 keeps it a draft. Needs the rules administrator permission, or the dealer admin or general manager role.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TemplateInput) (*httpapi.Body[httpapi.Result[process.Template]], error) {
		sess, err := x.mayWriteTemplates(ctx, in.Body.AccountPlatformIDs)
		if err != nil {
			return nil, err
		}
		in.Body.ID = 0
		t, err := x.processes.CreateTemplate(ctx, sess.Principal.Tenant, in.Body, sess.Principal.UserID, x.d.Store.Now())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(t)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "updateWorkflowTemplate", Method: http.MethodPut, Path: "/pando/workflowtemplate/{templateId}",
		Summary:     "Edit a workflow template",
		Description: "Replaces the template, read at version: a template changed since is refused with 409 and nothing changes. Processes started already keep the steps they started with. Set Status 900 to retire it. Same checks and permissions as the create.",
		Tags:        tags, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *TemplateUpdateInput) (*httpapi.Body[httpapi.Result[process.Template]], error) {
		sess, err := x.mayWriteTemplates(ctx, in.Body.AccountPlatformIDs)
		if err != nil {
			return nil, err
		}
		in.Body.ID = in.TemplateID
		t, err := x.processes.UpdateTemplate(ctx, sess.Principal.Tenant, in.Body, in.Version, sess.Principal.UserID, x.d.Store.Now())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(t)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getWorkflowTemplate", Method: http.MethodGet, Path: "/pando/workflowtemplate/{templateId}",
		Summary:     "Read a workflow template",
		Description: "The template with its steps and forms, at its version (sent back by an edit).",
		Tags:        tags, Errors: []int{400, 401, 404},
	}, func(ctx context.Context, in *GetTemplateInput) (*httpapi.Body[httpapi.Result[process.Template]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		t, err := x.processes.Template(ctx, sess.Principal.Tenant, in.TemplateID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(t)), nil
	})
}

// mayWriteTemplates returns the caller's session when the caller may write templates offered at
// stores: each a store the caller may view.
func (x *area) mayWriteTemplates(ctx context.Context, stores []int64) (user.Session, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, err
	}
	if !sess.Principal.Can(adminPermission) && !sess.HasRole("DealerAdmin") && !sess.HasRole("GeneralManager") {
		return user.Session{}, apperr.Errorf(apperr.Forbidden, "Only rules administrators, dealer admins and general managers write workflow templates.")
	}
	for _, id := range stores {
		if _, err := sess.Store(id); err != nil {
			return user.Session{}, err
		}
	}
	return sess, nil
}

// StartPath names the template to start and the store to start it at.
type StartPath struct {
	TemplateID int64 `path:"templateId" minimum:"1"`
	PlatformID int64 `path:"platformId" minimum:"1" doc:"The store the process belongs to: the customer's or the deal's."`
}

// StartForm is the form of the form taker's start of a new process: the first step's answers.
type StartForm struct {
	Answers        []process.Answer `json:"Answers" required:"false" maxItems:"100" doc:"The answers to the first step's form, submitted as the process starts (every submit check applies); none to start without."`
	AccountID      int64            `json:"AccountId" required:"false" doc:"The caller's account; another account's is refused (404)."`
	PlatformID     int64            `json:"PlatformId" required:"false" doc:"The store; when given, it must be the path's."`
	FormTemplateID int64            `json:"FormTemplateId" required:"false" doc:"The first step's form; when given, it must be the template's."`
	FuzeCastUserID string           `json:"FuzeCastUserId" required:"false" maxLength:"64" doc:"The user filling in the form: the caller, whatever it says."`
}

// StartInput is the request of POST /pando/workflowtemplate/starttemplate/{templateId}/{platformId}.
type StartInput struct {
	StartPath
	Body struct {
		Title      string     `json:"Title" required:"false" maxLength:"200" doc:"The process's title; the template's name when absent."`
		ContactID  int64      `json:"ContactId" required:"false" minimum:"0" doc:"The customer to start it for; the deal's customer when EntityId is given."`
		EntityID   int64      `json:"EntityId" required:"false" minimum:"0" doc:"The deal (lead) to start it for."`
		TemplateID int64      `json:"TemplateId" required:"false" minimum:"0" doc:"The form taker's start repeats the path's template; when given, it must be the same."`
		PlatformID int64      `json:"PlatformId" required:"false" minimum:"0" doc:"The form taker's start repeats the path's store; when given, it must be the same."`
		Form       *StartForm `json:"Form" required:"false"`
	}
}

func (x *area) registerProcesses(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "startWorkflowTemplate", Method: http.MethodPost, Path: "/pando/workflowtemplate/starttemplate/{templateId}/{platformId}",
		Summary:     "Start a process for a customer or a deal",
		Description: "Starts the template at the store for the customer (ContactId) or the deal (EntityId, a lead of the customer): the first step opens, due after its hours. With Form.Answers (the form taker's start of a new process) the first step is submitted at once, every submit check applying (400 naming the questions). Outcome 0 when started; 200 when the template is not Ready or not offered at the store, and nothing is started: the web app then says 'There was an error starting the selected process. Please try again later.' The customer must be of the store, one the caller may view (404) and edit (403). Publishes ProcessStarted (and the submit's event) and records it in the customer's activity.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StartInput) (*httpapi.Body[httpapi.Result[StartResult]], error) {
		return x.start(ctx, in)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "processDashboardCounts", Method: http.MethodPost, Path: "/pando/workflow/dashboardCounts",
		Summary:     "Count the processes of the selected stores by status",
		Description: "Of the processes started at the stores (AccountPlatformIds, or the Scope header's): how many are in progress, overdue (an open step past its due time), completed and cancelled, and all of them. Reads each store's processes by start time.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DashboardInput) (*httpapi.Body[httpapi.Result[ProcessCounts]], error) {
		_, ps, err := x.dashboard(ctx, in.Scope, in.Body.AccountPlatformIDs, 0)
		if err != nil {
			return nil, err
		}
		c := ProcessCounts{}
		for _, p := range ps {
			c.Total++
			switch p.Status {
			case process.StatusInProgress:
				c.InProgress++
			case process.StatusOverdue:
				c.Overdue++
			case process.StatusSuccess:
				c.Completed++
			case process.StatusCancelled:
				c.Cancelled++
			}
		}
		return httpapi.Reply(httpapi.OK(c)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "processDashboard", Method: http.MethodPost, Path: "/pando/workflow/processDashboard",
		Summary:     "List the processes of the selected stores",
		Description: "The processes started at the stores (AccountPlatformIds, or the Scope header's), the latest started first, with their customer, store, open step and status (Status narrows to one: 100 in progress, 150 overdue, 1000 completed, 900 cancelled; 0 for all), a page at a time (pageNumber from 1, pageSize 1 to 100, 25 by default).",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DashboardListInput) (*httpapi.Body[httpapi.Result[[]ProcessView]], error) {
		sess, ps, err := x.dashboard(ctx, in.Scope, in.Body.AccountPlatformIDs, in.Body.Status)
		if err != nil {
			return nil, err
		}
		size := cmp.Or(in.Body.PageSize, 25)
		page := max(in.Body.PageNumber, 1)
		from := min((page-1)*size, len(ps))
		to := min(from+size, len(ps))
		out := []ProcessView{}
		names := map[int64]string{}
		for _, p := range ps[from:to] {
			out = append(out, x.view(ctx, sess, p, names))
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(page, size, len(ps)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getWorkflow", Method: http.MethodGet, Path: "/api/workflows/{id}",
		Summary:     "Read a process",
		Description: "The process (workflow instance) with its steps, forms and answers, as seen now (an open step past due is overdue). A process of a store the caller may not view does not exist for the caller (404).",
		Tags:        tags, Errors: []int{400, 401, 404},
	}, func(ctx context.Context, in *struct {
		ID string `path:"id" maxLength:"40"`
	}) (*httpapi.Body[httpapi.Result[ProcessView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		p, err := x.visible(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(x.view(ctx, sess, p, nil))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchWorkflows", Method: http.MethodPost, Path: "/api/workflows/",
		Summary:     "A customer's processes",
		Description: "The processes of the customer (ContactId; and of the customers merged into it) at the stores the caller may view, the latest started first; EntityId narrows to a deal's, Status to one status (0 for all). The customer must be one the caller may view (404).",
		Tags:        tags, Errors: []int{400, 401, 404},
	}, func(ctx context.Context, in *WorkflowSearchInput) (*httpapi.Body[httpapi.Result[[]ProcessView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, _, err := x.contacts.ForSession(ctx, sess, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		ps, err := x.processes.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		out := []ProcessView{}
		names := map[int64]string{}
		now := x.d.Store.Now()
		for _, p := range ps {
			seen := p.At(now)
			if !sess.Principal.CanView(p.AccountPlatformID) || (in.Body.EntityID > 0 && p.EntityID != in.Body.EntityID) ||
				(in.Body.Status != 0 && seen.Status != in.Body.Status) {
				continue
			}
			out = append(out, x.view(ctx, sess, p, names))
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

// DashboardInput is the request of POST /pando/workflow/dashboardCounts.
type DashboardInput struct {
	ScopeInput
	Body struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
	}
}

// DashboardListInput is the request of POST /pando/workflow/processDashboard.
type DashboardListInput struct {
	ScopeInput
	Body struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
		Status             int     `json:"Status" required:"false" doc:"Only processes of this status (100, 150, 900, 1000); 0 for all."`
		PageNumber         int     `json:"pageNumber" required:"false" minimum:"0" doc:"From 1; 1 when absent."`
		PageSize           int     `json:"pageSize" required:"false" minimum:"0" maximum:"100" doc:"1 to 100; 25 when absent."`
	}
}

// WorkflowSearchInput is the request of POST /api/workflows/.
type WorkflowSearchInput struct {
	Body struct {
		ContactID int64 `json:"ContactId" minimum:"1"`
		EntityID  int64 `json:"EntityId" required:"false" minimum:"0"`
		Status    int   `json:"Status" required:"false"`
	}
}

// ProcessCounts are the process dashboard's counts.
type ProcessCounts struct {
	InProgress int `json:"InProgress"`
	Overdue    int `json:"Overdue"`
	Completed  int `json:"Completed"`
	Cancelled  int `json:"Cancelled"`
	Total      int `json:"Total"`
}

// dashboard returns the processes of the selected stores as seen now, of status (0 for all),
// the latest started first.
func (x *area) dashboard(ctx context.Context, scope string, ids []int64, status int) (user.Session, []process.Process, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, nil, err
	}
	stores, err := sess.SelectStores(ids, scope)
	if err != nil {
		return user.Session{}, nil, err
	}
	now := x.d.Store.Now()
	var out []process.Process
	for _, s := range stores {
		err := x.processes.InStore(ctx, sess.Principal.Tenant, s, func(p process.Process) error {
			if p = p.At(now); status == 0 || p.Status == status {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return user.Session{}, nil, err
		}
	}
	slices.SortStableFunc(out, func(a, b process.Process) int { return b.StartedAt.Compare(a.StartedAt) })
	return sess, out, nil
}

// start starts a process as in asks.
func (x *area) start(ctx context.Context, in *StartInput) (*httpapi.Body[httpapi.Result[StartResult]], error) {
	b := in.Body
	fields := map[string]string{}
	if b.TemplateID != 0 && b.TemplateID != in.TemplateID {
		fields["TemplateId"] = "Start the template the path names."
	}
	if b.PlatformID != 0 && b.PlatformID != in.PlatformID {
		fields["PlatformId"] = "Start it at the store the path names."
	}
	if b.Form != nil && b.Form.PlatformID != 0 && b.Form.PlatformID != in.PlatformID {
		fields["Form.PlatformId"] = "Start it at the store the path names."
	}
	if b.ContactID == 0 && b.EntityID == 0 {
		fields["ContactId"] = "Choose the customer or the deal to start the process for."
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields("The process cannot be started.", fields)
	}
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	t := sess.Principal.Tenant
	if b.Form != nil && b.Form.AccountID != 0 {
		if err := sess.RequireAccount(b.Form.AccountID); err != nil {
			return nil, err
		}
	}
	contactID := b.ContactID
	if b.EntityID > 0 {
		l, err := x.leads.Get(ctx, t, b.EntityID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !sess.Principal.CanView(l.AccountPlatformID)) {
			return nil, apperr.InvalidFields("The process cannot be started.", map[string]string{"EntityId": "The deal does not exist."})
		}
		if err != nil {
			return nil, err
		}
		if contactID != 0 && contactID != l.ContactID {
			return nil, apperr.InvalidFields("The process cannot be started.", map[string]string{"EntityId": "Choose a deal of the customer."})
		}
		contactID = l.ContactID
	}
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, contactID)
	if err != nil {
		return nil, err
	}
	if _, err := sess.Store(in.PlatformID); err != nil {
		return nil, err
	}
	if c.AccountPlatformID != in.PlatformID {
		return nil, apperr.InvalidFields("The process cannot be started.", map[string]string{"platformId": "Start the process at the customer's store."})
	}
	tp, err := x.processes.Template(ctx, t, in.TemplateID)
	if err != nil {
		return nil, err
	}
	st := process.Start{
		Template: tp, Title: b.Title, AccountPlatformID: in.PlatformID, ContactID: c.ID, EntityID: b.EntityID,
		By: sess.Principal.UserID, Actor: sess.Principal.ActorUserID, Now: x.d.Store.Now(),
	}
	if b.Form != nil {
		if b.Form.FormTemplateID != 0 && len(tp.Steps) > 0 && b.Form.FormTemplateID != tp.Steps[0].Form.FormTemplateID {
			return nil, apperr.Errorf(apperr.Invalid, process.MsgInvalidTemplate)
		}
		st.Answers = b.Form.Answers
	}
	p, outcome, events, err := x.processes.Start(ctx, t, st)
	if err != nil {
		return nil, err
	}
	if outcome != process.OutcomeOK {
		return httpapi.Reply(httpapi.OK(StartResult{Outcome: outcome})), nil
	}
	x.record(ctx, sess, events, p)
	v := x.view(ctx, sess, p, map[int64]string{c.ID: c.FullName()})
	return httpapi.Reply(httpapi.OK(StartResult{Outcome: outcome, GroupID: p.GroupID, Process: &v})), nil
}
