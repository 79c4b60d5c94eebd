// Package rules is the workflow rules area: the Workflow Manager's rules (trigger sets) per
// store with their status counts, activation, archiving, copies and change log; rule groups
// and their seeding; the lookups of the rule editor (filter values, notification tokens,
// activity and action types); and the customers' workflows the rules start (see
// events/workflows for the engine).
//
// Rules administrators (pando.cxm.rules.admin) change rules; view-only users
// (pando.cxm.rules.viewonly) read them. A rule, rule group or workflow of a store the caller may
// not view, or of another dealer group, does not exist for the caller (404).
package rules

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
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
	var rules *rule.Repo
	var leads *lead.Repo
	var tasks *task.Repo
	var contacts *contact.Repo
	if d.Store != nil {
		rules = rule.NewRepo(d.Store)
		leads = lead.NewRepo(d.Store, d.Events, d.Log)
		tasks = task.NewRepo(d.Store)
		contacts = contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log)
	}
	x := &area{d: d, rules: rules, tasks: tasks, contacts: contacts, vehicles: LeadVehicles{Leads: leads}}
	x.registerRules(api)
	x.registerGroups(api)
	x.registerLookups(api)
	x.registerWorkflows(api)
}

// area holds what the rules calls use.
type area struct {
	d        wiring.Services
	rules    *rule.Repo
	tasks    *task.Repo
	contacts *contact.Repo
	vehicles VehicleCatalogue
}

// Permissions of the area.
const (
	permAdmin    = "pando.cxm.rules.admin"
	permViewOnly = "pando.cxm.rules.viewonly"
)

// session returns the caller's session, tenant and the stores the caller may view.
func (x *area) session(ctx context.Context) (user.Session, store.Tenant, []int64, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, store.Tenant{}, nil, err
	}
	views := []int64{}
	for _, st := range sess.Stores {
		if sess.Principal.CanView(st.AccountPlatformID) {
			views = append(views, st.AccountPlatformID)
		}
	}
	return sess, sess.Principal.Tenant, views, nil
}

// viewStore checks storeID is a store the caller may view: NotFound otherwise.
func viewStore(views []int64, storeID int64) error {
	if !slices.Contains(views, storeID) {
		return apperr.Errorf(apperr.NotFound, "The store %d does not exist.", storeID)
	}
	return nil
}

// RulePath names one rule.
type RulePath struct {
	ID int64 `path:"id" minimum:"1" doc:"The rule's id."`
}

// SaveRuleInput is the request of POST /api/TriggerSet.
type SaveRuleInput struct {
	Body rule.TriggerSet
}

// StatusCounts are a rule's running workflows: the distinct customers they are for and their
// open and overdue tasks.
type StatusCounts struct {
	DistinctCustomers int `json:"distinctCustomers"`
	Open              int `json:"open"`
	Overdue           int `json:"overdue"`
}

// DeactivateInput is the request of POST /pando/pandox/triggers/deactivate/.
type DeactivateInput struct {
	Body struct {
		TriggerSetID  int64 `json:"triggerSetId" minimum:"1"`
		StopWorkflows bool  `json:"stopWorkflows" required:"false" doc:"Also stop the rule's running workflows, cancelling their open tasks."`
	}
}

// GroupedInput is the request of GET /pando/pandox/rulelist/grouped.
type GroupedInput struct {
	AccountPlatformID int64 `query:"accountPlatformId" minimum:"1" required:"true"`
	WithArchived      bool  `query:"withArchived" doc:"Also list archived rules."`
}

// RuleGroupList is one rule group with its rules, as the Workflow Manager lists them.
type RuleGroupList struct {
	RuleGroupID   int64             `json:"ruleGroupId" doc:"0 for the rules in no group."`
	RuleGroupName string            `json:"ruleGroupName"`
	RuleGroupType int               `json:"ruleGroupTypeId"`
	Rules         []rule.TriggerSet `json:"rules"`
	// UserNames names the users who created and last changed the rules, by user id.
	UserNames map[string]string `json:"userNames"`
}

// CopyInput is the request of POST /pando/pandox/triggers/copy_trigger_set/{id}.
type CopyInput struct {
	RulePath
	Body struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds" minItems:"1" maxItems:"50" doc:"The stores the rule is copied to."`
	}
}

// CopyAllInput is the request of POST /pando/pandox/triggers/copy_trigger_sets/queuerequest.
type CopyAllInput struct {
	Body struct {
		FromAccountPlatformID int64   `json:"fromAccountPlatformId" minimum:"1"`
		AccountPlatformIDs    []int64 `json:"accountPlatformIds" minItems:"1" maxItems:"50" doc:"The stores every rule of the source store is copied to."`
		TriggerSetIDs         []int64 `json:"triggerSetIds,omitempty" required:"false" maxItems:"500" doc:"Only these rules of the source store; absent for all."`
	}
}

// CopyQueued says how many copies were queued: each becomes its own rule.
type CopyQueued struct {
	Queued int `json:"queued"`
}

// ResetInput is the request of POST /pando/pandox/triggers/reset_trigger_set.
type ResetInput struct {
	Body struct {
		TriggerSetID int64 `json:"triggerSetId" minimum:"1"`
	}
}

// ResetResult says how many running workflows a reset stopped.
type ResetResult struct {
	StoppedWorkflows int `json:"stoppedWorkflows"`
	CancelledTasks   int `json:"cancelledTasks"`
}

func (x *area) registerRules(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	tags := []string{"rules"}
	httpapi.Register(api, huma.Operation{
		OperationID: "getTriggerSet", Method: http.MethodGet, Path: "/api/triggerset/{id}",
		Summary: "Load a rule", Description: "The rule as the editor loads it: filter values typed (bool, int, duration, float), stock lists joined by commas, time since deal end as before/after with an absolute value, and useWorkSchedule false for tasks due in days or longer with a positive duration that are not automated.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *RulePath) (*httpapi.Body[httpapi.Result[rule.TriggerSet]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		ts, err := x.rules.Get(ctx, t, in.ID, views)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(ts)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "saveTriggerSet", Method: http.MethodPost, Path: "/api/TriggerSet",
		Summary: "Save a rule", Description: "Creates (id 0 or below: a new rule, disabled) or replaces a rule at the version it was read. Ids below zero are new; triggers and terminators without an activity type are dropped; task notifications deleted before they were saved are dropped; on-event values become numbers. Every changed field is recorded in the change log.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *SaveRuleInput) (*httpapi.Body[httpapi.Result[rule.TriggerSet]], error) {
		sess, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		ts, err := x.rules.Save(ctx, t, in.Body, views, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(ts)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getRuleStatusCounts", Method: http.MethodGet, Path: "/api/triggerset/{id}/rule_status_counts",
		Summary: "Count a rule's running workflows", Description: "The distinct customers with a running workflow of the rule, and their open and overdue tasks: what deactivating the rule leaves behind.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *RulePath) (*httpapi.Body[httpapi.Result[StatusCounts]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := x.rules.Get(ctx, t, in.ID, views); err != nil {
			return nil, err
		}
		c, err := x.statusCounts(ctx, t, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(c)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "deactivateTriggerSet", Method: http.MethodPost, Path: "/pando/pandox/triggers/deactivate/",
		Summary: "Deactivate a rule", Description: "The rule starts no more workflows. With stopWorkflows, its running workflows are stopped and their open tasks cancelled.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *DeactivateInput) (*httpapi.Body[httpapi.Result[rule.TriggerSet]], error) {
		sess, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		ts, err := x.rules.SetEnabled(ctx, t, in.Body.TriggerSetID, false, views, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		if in.Body.StopWorkflows {
			if _, err := x.stopRuleWorkflows(ctx, t, ts.ID, sess.Profile.UserID, "The rule was deactivated."); err != nil {
				return nil, err
			}
		}
		return httpapi.Reply(httpapi.OK(ts)), nil
	})
	for _, op := range []struct {
		id, path, summary, desc string
		fn                      func(ctx context.Context, t store.Tenant, id int64, views []int64, by string) (rule.TriggerSet, error)
	}{
		{"activateTriggerSet", "/pando/pandox/triggers/activate/{id}", "Activate a rule", "The rule starts workflows for the events it triggers on from now. An archived rule is refused with 409.",
			func(ctx context.Context, t store.Tenant, id int64, views []int64, by string) (rule.TriggerSet, error) {
				return x.rules.SetEnabled(ctx, t, id, true, views, by)
			}},
		{"unarchiveTriggerSet", "/pando/pandox/triggers/unarchive/{id}", "Unarchive a rule", "Restores an archived rule, disabled. A rule that is not archived is refused with 409.",
			func(ctx context.Context, t store.Tenant, id int64, views []int64, by string) (rule.TriggerSet, error) {
				return x.rules.Unarchive(ctx, t, id, views, by)
			}},
	} {
		httpapi.Register(api, huma.Operation{OperationID: op.id, Method: http.MethodPut, Path: op.path, Summary: op.summary, Description: op.desc, Tags: tags, Errors: errs},
			func(ctx context.Context, in *RulePath) (*httpapi.Body[httpapi.Result[rule.TriggerSet]], error) {
				sess, t, views, err := x.session(ctx)
				if err != nil {
					return nil, err
				}
				ts, err := op.fn(ctx, t, in.ID, views, sess.Profile.UserID)
				if err != nil {
					return nil, err
				}
				return httpapi.Reply(httpapi.OK(ts)), nil
			})
	}
	httpapi.Register(api, huma.Operation{
		OperationID: "listRulesGrouped", Method: http.MethodGet, Path: "/pando/pandox/rulelist/grouped",
		Summary: "List a store's rules by rule group", Description: "The store's rules grouped by their rule group (groups by name, then the rules in no group), each group's rules by rank.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *GroupedInput) (*httpapi.Body[httpapi.Result[[]RuleGroupList]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if err := viewStore(views, in.AccountPlatformID); err != nil {
			return nil, err
		}
		groups, err := x.rules.Groups(ctx, t, []int64{in.AccountPlatformID})
		if err != nil {
			return nil, err
		}
		rs, err := x.rules.ForStore(ctx, t, in.AccountPlatformID, in.WithArchived)
		if err != nil {
			return nil, err
		}
		out := []RuleGroupList{}
		for _, g := range groups {
			l := RuleGroupList{RuleGroupID: g.ID, RuleGroupName: g.Name, RuleGroupType: g.RuleGroupTypeID, Rules: []rule.TriggerSet{}, UserNames: map[string]string{}}
			for _, r := range rs {
				if r.RuleGroupID == g.ID {
					l.Rules = append(l.Rules, r)
				}
			}
			out = append(out, l)
		}
		none := RuleGroupList{RuleGroupName: "Ungrouped", Rules: []rule.TriggerSet{}, UserNames: map[string]string{}}
		for _, r := range rs {
			if !slices.ContainsFunc(groups, func(g rule.Group) bool { return g.ID == r.RuleGroupID }) {
				none.Rules = append(none.Rules, r)
			}
		}
		if len(none.Rules) > 0 {
			out = append(out, none)
		}
		names := map[string]string{}
		for _, r := range rs {
			for _, id := range []string{r.CreatedBy, r.UpdatedBy} {
				if _, ok := names[id]; ok || id == "" {
					continue
				}
				names[id] = id
				if p, _, err := x.d.Users.Profile(ctx, t, id); err == nil && p.DisplayName() != "" {
					names[id] = p.DisplayName()
				}
			}
		}
		for i := range out {
			out[i].UserNames = names
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "copyTriggerSet", Method: http.MethodPost, Path: "/pando/pandox/triggers/copy_trigger_set/{id}",
		Summary: "Copy a rule to other stores", Description: "Queues one copy of the rule per store named: each becomes its own rule of that store, disabled.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *CopyInput) (*httpapi.Body[httpapi.Result[CopyQueued]], error) {
		sess, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		src, err := x.rules.Get(ctx, t, in.ID, views)
		if err != nil {
			return nil, err
		}
		for _, st := range in.Body.AccountPlatformIDs {
			if err := viewStore(views, st); err != nil {
				return nil, err
			}
		}
		n, err := x.queueCopies(ctx, t, []rule.TriggerSet{src}, in.Body.AccountPlatformIDs, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(CopyQueued{Queued: n})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "copyTriggerSets", Method: http.MethodPost, Path: "/pando/pandox/triggers/copy_trigger_sets/queuerequest",
		Summary: "Copy all of a store's rules to other stores", Description: "Queues one copy of each rule of the source store (not archived; or the rules named) per store named: each becomes its own rule of that store, disabled (a copy to the source store itself is a duplicate).",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *CopyAllInput) (*httpapi.Body[httpapi.Result[CopyQueued]], error) {
		sess, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if err := viewStore(views, in.Body.FromAccountPlatformID); err != nil {
			return nil, err
		}
		for _, st := range in.Body.AccountPlatformIDs {
			if err := viewStore(views, st); err != nil {
				return nil, err
			}
		}
		all, err := x.rules.ForStore(ctx, t, in.Body.FromAccountPlatformID, false)
		if err != nil {
			return nil, err
		}
		var src []rule.TriggerSet
		for _, r := range all {
			if len(in.Body.TriggerSetIDs) == 0 || slices.Contains(in.Body.TriggerSetIDs, r.ID) {
				src = append(src, r)
			}
		}
		n, err := x.queueCopies(ctx, t, src, in.Body.AccountPlatformIDs, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(CopyQueued{Queued: n})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "resetTriggerSet", Method: http.MethodPost, Path: "/pando/pandox/triggers/reset_trigger_set",
		Summary: "Reset a rule's workflows", Description: "Stops every running workflow of the rule and cancels their open tasks, so the rule starts afresh with the next events it triggers on.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *ResetInput) (*httpapi.Body[httpapi.Result[ResetResult]], error) {
		sess, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := x.rules.Get(ctx, t, in.Body.TriggerSetID, views); err != nil {
			return nil, err
		}
		res, err := x.stopRuleWorkflows(ctx, t, in.Body.TriggerSetID, sess.Profile.UserID, "The rule was reset.")
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(res)), nil
	})
}

// ChangeLogInput is the request of POST /api/Audit/changelog_by_table.
type ChangeLogInput struct {
	Body struct {
		TableName  string `json:"tableName" enum:"TriggerSet" doc:"The table whose changes are listed: TriggerSet (rules)."`
		RecordID   int64  `json:"recordId,omitempty" required:"false" minimum:"0" doc:"One rule's changes; absent for every rule of the stores the caller may view."`
		PageNumber int    `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"Default 1."`
		PageSize   int    `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"Default 25."`
	}
}

func (x *area) registerLookupsAudit(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "ruleChangeLogByTable", Method: http.MethodPost, Path: "/api/Audit/changelog_by_table",
		Summary: "List the change log of rules", Description: "Who changed which rule field, when, from what to what: newest first, page 1 of 25 by default.",
		Tags: []string{"rules"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ChangeLogInput) (*httpapi.Body[httpapi.Result[[]rule.LogEntry]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		page, size := max(in.Body.PageNumber, 1), in.Body.PageSize
		if size == 0 {
			size = 25
		}
		entries, total, err := x.rules.ChangeLog(ctx, t, rule.TableTriggerSet, in.Body.RecordID, views, page, size)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.Paged(entries, httpapi.NewPageData(page, size, total))), nil
	})
}

// queueCopies writes one copy request per rule and store to the outbox (in transactions of at
// most 90 events) and returns how many it queued.
func (x *area) queueCopies(ctx context.Context, t store.Tenant, src []rule.TriggerSet, stores []int64, by string) (int, error) {
	requestID := rule.NewID()
	var ops []store.Op
	n := 0
	for _, r := range src {
		for _, st := range stores {
			op, err := rule.CopyRequestOp(t, rule.CopyRequest{TriggerSetID: r.ID, AccountPlatformID: st, UserID: by, Key: fmt.Sprintf("copy-%d-%d-%d", requestID, r.ID, st)}, x.rules.Now())
			if err != nil {
				return n, err
			}
			ops = append(ops, op)
			if len(ops) == 90 {
				if err := x.d.Store.Transact(ctx, ops...); err != nil {
					return n, err
				}
				n += len(ops)
				ops = nil
			}
		}
	}
	if len(ops) > 0 {
		if err := x.d.Store.Transact(ctx, ops...); err != nil {
			return n, err
		}
		n += len(ops)
	}
	return n, nil
}

// trimmed returns s without surrounding spaces, lower-cased for comparison.
func trimmed(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
