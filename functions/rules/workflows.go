package rules

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// statusCounts counts rule id's running workflows now.
func (x *area) statusCounts(ctx context.Context, t store.Tenant, id int64) (StatusCounts, error) {
	c, err := x.rules.StatusCounts(ctx, t, x.tasks, id, x.rules.Now())
	if err != nil {
		return StatusCounts{}, err
	}
	return StatusCounts{DistinctCustomers: c.DistinctCustomers, Open: c.Open, Overdue: c.Overdue}, nil
}

// stopRuleWorkflows stops every running workflow of rule id, each in its own transaction.
func (x *area) stopRuleWorkflows(ctx context.Context, t store.Tenant, id int64, by, reason string) (ResetResult, error) {
	is, err := x.rules.ActiveInstancesOfRule(ctx, t, id)
	if err != nil {
		return ResetResult{}, err
	}
	var res ResetResult
	for _, vi := range is {
		n, err := x.stop(ctx, t, vi.ContactID, vi.ID, by, reason)
		if apperr.CodeOf(err) == apperr.Conflict {
			continue
		}
		if err != nil {
			return res, err
		}
		res.StoppedWorkflows++
		res.CancelledTasks += n
	}
	return res, nil
}

// stop stops workflow id of contactID, re-reading it when a task changed meanwhile.
func (x *area) stop(ctx context.Context, t store.Tenant, contactID int64, id, by, reason string) (int, error) {
	for attempt := 0; ; attempt++ {
		vi, err := x.rules.Instance(ctx, t, contactID, id)
		if err != nil {
			return 0, err
		}
		ops, n, err := x.rules.StopOps(ctx, t, x.tasks, vi, rule.InstanceCancelled, by, reason, x.rules.Now())
		if err != nil {
			return 0, err
		}
		err = x.d.Store.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 4 {
			continue
		}
		return n, err
	}
}

// ContactWorkflowsInput is the request of the contact workflow lists.
type ContactWorkflowsInput struct {
	ContactID int64 `query:"contactId" minimum:"1" required:"true"`
}

// StopWorkflowInput is the request of POST /pando/pandox/activeWorkflow/stop.
type StopWorkflowInput struct {
	WorkflowID string `query:"workflowId" required:"true" maxLength:"64"`
	Body       *struct {
		ContactID int64 `json:"contactId" minimum:"1" doc:"The customer whose workflow it is."`
	}
}

// WorkflowTaskView is one task of a workflow as the profile shows it.
type WorkflowTaskView struct {
	task.WorkflowTask
}

// Workflow is one workflow of a customer with its tasks.
type Workflow struct {
	rule.Instance
	StatusText string             `json:"statusText"`
	Tasks      []WorkflowTaskView `json:"tasks"`
}

// RuleWorkflowsInput is the request of POST /api/TriggerSet/workflows.
type RuleWorkflowsInput struct {
	Body struct {
		TriggerSetID int64 `json:"triggerSetId" minimum:"1"`
		ActiveOnly   bool  `json:"activeOnly,omitempty" required:"false"`
	}
}

// TaskHistoryInput is the request of POST /api/TriggerSet/task_history.
type TaskHistoryInput struct {
	Body struct {
		ContactID int64 `json:"contactId" minimum:"1"`
	}
}

// OnDemandInput is the request of POST /api/TriggerSet/on_demand_workflows.
type OnDemandInput struct {
	Body struct {
		ContactID    int64 `json:"contactId" minimum:"1"`
		TriggerSetID int64 `json:"triggerSetId,omitempty" required:"false" minimum:"0" doc:"The on-demand rule to start for the customer; absent to list them."`
		CrmLeadID    int64 `json:"crmLeadId,omitempty" required:"false" minimum:"0" doc:"The customer's lead the workflow is about, if any."`
	}
}

// OnDemandResult lists the on-demand rules of the customer's store, and says whether the one
// asked for was queued to start.
type OnDemandResult struct {
	Workflows []rule.TriggerSet `json:"workflows"`
	Started   bool              `json:"started"`
}

// CompletedProcessesInput is the request of POST /crm/contacts/workplan/completed_processes.
type CompletedProcessesInput struct {
	Body struct {
		ContactID int64 `json:"contactId" minimum:"1"`
	}
}

func statusText(s int) string {
	switch s {
	case rule.InstanceInProgress:
		return "InProgress"
	case rule.InstanceCancelled:
		return "Cancelled"
	case rule.InstanceSuccess:
		return "Success"
	}
	return "NotSet"
}

// contactWorkflows returns the workflows of contact id the caller may view, active or ended.
func (x *area) contactWorkflows(ctx context.Context, id int64, active bool) ([]Workflow, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	c, _, err := x.contacts.ForSession(ctx, sess, id)
	if err != nil {
		return nil, err
	}
	t := sess.Principal.Tenant
	is, err := x.rules.Instances(ctx, t, []int64{c.ID})
	if err != nil {
		return nil, err
	}
	now := x.rules.Now()
	out := []Workflow{}
	for _, vi := range is {
		if vi.Active() != active {
			continue
		}
		w := Workflow{Instance: vi.Instance, StatusText: statusText(vi.Status), Tasks: []WorkflowTaskView{}}
		for _, tid := range vi.TaskIDs {
			tk, _, err := x.tasks.Workflow(ctx, t, vi.ContactID, tid)
			if apperr.CodeOf(err) == apperr.NotFound {
				continue
			}
			if err != nil {
				return nil, err
			}
			tk.Task = tk.At(now)
			w.Tasks = append(w.Tasks, WorkflowTaskView{tk})
		}
		out = append(out, w)
	}
	return out, nil
}

func (x *area) registerWorkflows(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	tags := []string{"rules", "workflows"}
	httpapi.Register(api, huma.Operation{
		OperationID: "activeWorkflows", Method: http.MethodPost, Path: "/pando/pandox/activeWorkflow",
		Summary: "List a customer's running workflows", Description: "Each running workflow with its tasks (an open task past its due time is Overdue).",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *ContactWorkflowsInput) (*httpapi.Body[httpapi.Result[[]Workflow]], error) {
		out, err := x.contactWorkflows(ctx, in.ContactID, true)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "historicalWorkflows", Method: http.MethodPost, Path: "/pando/pandox/historicalWorkflow",
		Summary: "List a customer's ended workflows", Description: "Workflows that ended (stopped, terminated or done), newest first, with their tasks.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *ContactWorkflowsInput) (*httpapi.Body[httpapi.Result[[]Workflow]], error) {
		out, err := x.contactWorkflows(ctx, in.ContactID, false)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "stopWorkflow", Method: http.MethodPost, Path: "/pando/pandox/activeWorkflow/stop",
		Summary: "Stop a customer's workflow", Description: "Ends the workflow and cancels its open tasks. A workflow that has ended already is refused with 409. Needs a role that edits customers.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *StopWorkflowInput) (*httpapi.Body[httpapi.Result[ResetResult]], error) {
		if in.Body == nil {
			return nil, invalid("contactId", "Name the customer.")
		}
		sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		n, err := x.stop(ctx, sess.Principal.Tenant, c.ID, in.WorkflowID, sess.Profile.UserID, "Stopped by a user.")
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(ResetResult{StoppedWorkflows: 1, CancelledTasks: n})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "ruleWorkflows", Method: http.MethodPost, Path: "/api/TriggerSet/workflows",
		Summary: "List a rule's workflows", Description: "The workflows the rule started that are running (activeOnly) or all of the last 90 days, newest first.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *RuleWorkflowsInput) (*httpapi.Body[httpapi.Result[[]rule.Instance]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		r, err := x.rules.Get(ctx, t, in.Body.TriggerSetID, views)
		if err != nil {
			return nil, err
		}
		var is []rule.VersionedInstance
		if in.Body.ActiveOnly {
			is, err = x.rules.ActiveInstancesOfRule(ctx, t, r.ID)
		} else {
			now := x.rules.Now()
			is, err = x.rules.InstancesOfStore(ctx, t, r.StoreID(), now.AddDate(0, 0, -90), now.Add(time.Second))
		}
		if err != nil {
			return nil, err
		}
		out := []rule.Instance{}
		for _, vi := range is {
			if vi.TriggerSetID == r.ID {
				out = append(out, vi.Instance)
			}
		}
		slices.SortFunc(out, func(a, b rule.Instance) int { return b.StartedAt.Compare(a.StartedAt) })
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "workflowTaskHistory", Method: http.MethodPost, Path: "/api/TriggerSet/task_history",
		Summary: "List a customer's workflow tasks", Description: "Every task the customer's workflows created, the latest due first, with the workflow and rule each came from.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *TaskHistoryInput) (*httpapi.Body[httpapi.Result[[]task.WorkflowTask]], error) {
		ws, err := x.contactWorkflows(ctx, in.Body.ContactID, true)
		if err != nil {
			return nil, err
		}
		ended, err := x.contactWorkflows(ctx, in.Body.ContactID, false)
		if err != nil {
			return nil, err
		}
		out := []task.WorkflowTask{}
		for _, w := range append(ws, ended...) {
			for _, tk := range w.Tasks {
				out = append(out, tk.WorkflowTask)
			}
		}
		slices.SortFunc(out, func(a, b task.WorkflowTask) int { return b.DueAt.Compare(a.DueAt) })
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "onDemandWorkflows", Method: http.MethodPost, Path: "/api/TriggerSet/on_demand_workflows",
		Summary:     "List or start a customer's on-demand workflows",
		Description: "The active rules of the customer's store that start by hand (trigger 'Started by hand'). With triggerSetId, starts that rule for the customer: the workflow engine creates it and its tasks at once (needs a role that edits customers; a rule that is not an active on-demand rule of the store is refused with 400).",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *OnDemandInput) (*httpapi.Body[httpapi.Result[OnDemandResult]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, _, err := x.contacts.ForSession(ctx, sess, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		enabled, err := x.rules.Enabled(ctx, t, c.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		out := OnDemandResult{Workflows: []rule.TriggerSet{}}
		for _, r := range enabled {
			if slices.ContainsFunc(r.Triggers, func(tr rule.Trigger) bool { return tr.ActivityTypeID == rule.ActivityOnDemand }) {
				out.Workflows = append(out.Workflows, r)
			}
		}
		if in.Body.TriggerSetID == 0 {
			return httpapi.Reply(httpapi.OK(out)), nil
		}
		if !slices.ContainsFunc(out.Workflows, func(r rule.TriggerSet) bool { return r.ID == in.Body.TriggerSetID }) {
			return nil, invalid("triggerSetId", "Choose an active on-demand rule of the customer's store.")
		}
		if _, _, err := useractivity.Contact(ctx, x.d.Users, x.contacts, c.ID); err != nil {
			return nil, err
		}
		op, err := rule.StartRequestOp(t, rule.StartRequest{
			TriggerSetID: in.Body.TriggerSetID, ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, LeadID: in.Body.CrmLeadID,
			UserID: sess.Profile.UserID, Key: fmt.Sprintf("ondemand-%d", rule.NewID()),
		}, x.rules.Now())
		if err != nil {
			return nil, err
		}
		if err := x.d.Store.Transact(ctx, op); err != nil {
			return nil, err
		}
		out.Started = true
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "completedProcesses", Method: http.MethodPost, Path: "/crm/contacts/workplan/completed_processes",
		Summary: "List a customer's completed workflows", Description: "The customer's workflows that ended with every task done (status 1000).",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *CompletedProcessesInput) (*httpapi.Body[httpapi.Result[[]Workflow]], error) {
		ended, err := x.contactWorkflows(ctx, in.Body.ContactID, false)
		if err != nil {
			return nil, err
		}
		out := []Workflow{}
		for _, w := range ended {
			if w.Status == rule.InstanceSuccess {
				out = append(out, w)
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
