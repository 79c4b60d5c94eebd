package rule

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
)

// Events of workflow rules.
const (
	// EventCopyRequested asks for one copy of a rule in one store (detail CopyRequest).
	EventCopyRequested = "RuleCopyRequested"
	// EventTaskDue is a workflow task's due timer firing (detail TaskDue).
	EventTaskDue = "WorkflowTaskDue"
	// EventWorkflowEnded announces a workflow instance that ended (detail Instance).
	EventWorkflowEnded = "WorkflowEnded"
	// EventStartRequested asks for an on-demand rule to start for a customer (detail
	// StartRequest).
	EventStartRequested = "WorkflowStartRequested"
)

// StartRequest is a user's request to start on-demand rule TriggerSetID for a customer.
type StartRequest struct {
	TriggerSetID      int64  `json:"triggerSetId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	LeadID            int64  `json:"crmLeadId"`
	UserID            string `json:"userId"`
	Key               string `json:"key"`
}

// StartRequestOp returns the outbox write that asks the engine to start request r.
func StartRequestOp(t store.Tenant, r StartRequest, now time.Time) (store.Op, error) {
	detail, err := json.Marshal(r)
	if err != nil {
		return store.Op{}, err
	}
	return eventbus.OutboxOp(t, eventbus.Event{ID: r.Key, Type: EventStartRequested, Account: t.Account(), Time: now, Detail: detail})
}

// CopyRequest is a queued copy of a rule to a store.
type CopyRequest struct {
	TriggerSetID      int64  `json:"triggerSetId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	UserID            string `json:"userId"`
	Key               string `json:"key"`
}

// CopyRequestOp returns the outbox write that queues copy request c.
func CopyRequestOp(t store.Tenant, c CopyRequest, now time.Time) (store.Op, error) {
	detail, err := json.Marshal(c)
	if err != nil {
		return store.Op{}, err
	}
	return eventbus.OutboxOp(t, eventbus.Event{ID: c.Key, Type: EventCopyRequested, Account: t.Account(), Time: now, Detail: detail})
}

// TaskDue is the detail of a workflow task's due timer: the task and the due time the timer was
// set for (a task rescheduled since has a timer of its own for its new due time).
type TaskDue struct {
	ContactID  int64     `json:"contactId"`
	TaskID     string    `json:"taskId"`
	WorkflowID string    `json:"workflowId"`
	Due        time.Time `json:"due"`
}

// DueTimerID returns the id of the due timer of workflow task taskID due at due: a reschedule
// cancels the timer of the old due time and sets one for the new, in one transaction.
func DueTimerID(taskID string, due time.Time) string {
	return timer.ID("wftask", taskID, strconv.FormatInt(due.Unix(), 10))
}

// DueTimerOp returns the write that sets the due timer of workflow task w at its due time.
func DueTimerOp(t store.Tenant, w task.WorkflowTask, now time.Time) (store.Op, error) {
	detail, err := json.Marshal(TaskDue{ContactID: w.ContactID, TaskID: w.ID, WorkflowID: w.WorkflowInstanceID, Due: w.DueAt.UTC()})
	if err != nil {
		return store.Op{}, err
	}
	return timer.Op(t, timer.Timer{ID: DueTimerID(w.ID, w.DueAt), Due: w.DueAt, Type: EventTaskDue, Detail: detail}, now)
}

// StopOps returns the writes that end instance vi with status (InstanceCancelled or
// InstanceSuccess) on behalf of by for reason: the instance's update, its open tasks cancelled
// (their due timers with them), the instance taken out of its customer's running workflows
// (Running, at the version read) and the WorkflowEnded event. It also returns how many tasks
// it cancelled. An instance that is not running is a Conflict error.
func (r *Repo) StopOps(ctx context.Context, t store.Tenant, tasks *task.Repo, vi VersionedInstance, status int, by, reason string, now time.Time) ([]store.Op, int, error) {
	return r.stopAll(ctx, t, tasks, []VersionedInstance{vi}, "", status, by, reason, now)
}

// StopOpsClosing is StopOps for the transaction that also closes the instance's task closing
// (its last open one, completed or cancelled by the same transaction): that task is left to
// the transaction and stays among the instance's tasks.
func (r *Repo) StopOpsClosing(ctx context.Context, t store.Tenant, tasks *task.Repo, vi VersionedInstance, closing string, status int, by, reason string, now time.Time) ([]store.Op, int, error) {
	return r.stopAll(ctx, t, tasks, []VersionedInstance{vi}, closing, status, by, reason, now)
}

// StopAllOps is StopOps for several instances of one customer, ended in one transaction.
func (r *Repo) StopAllOps(ctx context.Context, t store.Tenant, tasks *task.Repo, vis []VersionedInstance, status int, by, reason string, now time.Time) ([]store.Op, int, error) {
	return r.stopAll(ctx, t, tasks, vis, "", status, by, reason, now)
}

func (r *Repo) stopAll(ctx context.Context, t store.Tenant, tasks *task.Repo, vis []VersionedInstance, closing string, status int, by, reason string, now time.Time) ([]store.Op, int, error) {
	if len(vis) == 0 {
		return nil, 0, nil
	}
	run, err := r.RunningOf(ctx, t, vis[0].ContactID)
	if err != nil {
		return nil, 0, err
	}
	var ops []store.Op
	cancelled := 0
	ended := map[string]bool{}
	for _, vi := range vis {
		if vi.ContactID != run.ContactID {
			return nil, 0, apperr.Errorf(apperr.Internal, "workflows of two customers stopped together")
		}
		stop, n, err := stopOps(ctx, t, tasks, vi, closing, status, by, reason, now)
		if err != nil {
			return nil, 0, err
		}
		ops, cancelled, ended[vi.ID] = append(ops, stop...), cancelled+n, true
	}
	left, err := endedOp(t, run, func(id string) bool { return ended[id] })
	if err != nil {
		return nil, 0, err
	}
	return append(ops, left...), cancelled, nil
}

// stopOps returns the writes of StopOpsClosing but the running workflows' one.
func stopOps(ctx context.Context, t store.Tenant, tasks *task.Repo, vi VersionedInstance, closing string, status int, by, reason string, now time.Time) ([]store.Op, int, error) {
	if !vi.Active() {
		return nil, 0, apperr.Errorf(apperr.Conflict, "The workflow has ended already.")
	}
	var ops []store.Op
	cancelled := 0
	for _, id := range vi.TaskIDs {
		if id == closing {
			continue
		}
		w, v, err := tasks.Workflow(ctx, t, vi.ContactID, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, 0, err
		}
		if !w.Open() {
			continue
		}
		w.Status = task.StatusCancelled
		op, err := task.WorkflowUpdateOp(t, w, v)
		if err != nil {
			return nil, 0, err
		}
		cancel, err := timer.CancelOp(t, DueTimerID(w.ID, w.DueAt))
		if err != nil {
			return nil, 0, err
		}
		ops = append(ops, op, cancel)
		cancelled++
	}
	end := now.UTC()
	i := vi.Instance
	i.Status, i.EndedAt, i.EndedBy, i.EndReason = status, &end, by, reason
	// The instance's rule index sorts by status, so the update moves it there.
	rec, err := InstanceRecord(t, i, vi.Version)
	if err != nil {
		return nil, 0, err
	}
	detail, err := json.Marshal(i)
	if err != nil {
		return nil, 0, err
	}
	ended, err := eventbus.OutboxOp(t, eventbus.Event{ID: fmt.Sprintf("wfend-%s", i.ID), Type: EventWorkflowEnded, Account: t.Account(), Time: end, Detail: detail})
	if err != nil {
		return nil, 0, err
	}
	return append(ops, store.UpdateOp(rec), ended), cancelled, nil
}

// Counts are a rule's running workflows: their distinct customers, open and overdue tasks.
type Counts struct {
	DistinctCustomers int
	Open              int
	Overdue           int
}

// StatusCounts counts the running workflows of rule ruleID at now.
func (r *Repo) StatusCounts(ctx context.Context, t store.Tenant, tasks *task.Repo, ruleID int64, now time.Time) (Counts, error) {
	is, err := r.ActiveInstancesOfRule(ctx, t, ruleID)
	if err != nil {
		return Counts{}, err
	}
	var c Counts
	var customers []int64
	for _, i := range is {
		if !slices.Contains(customers, i.ContactID) {
			customers = append(customers, i.ContactID)
		}
		for _, id := range i.TaskIDs {
			w, _, err := tasks.Workflow(ctx, t, i.ContactID, id)
			if apperr.CodeOf(err) == apperr.NotFound {
				continue
			}
			if err != nil {
				return Counts{}, err
			}
			w.Task = w.At(now)
			if w.Open() {
				c.Open++
			}
			if w.Status == task.StatusOverdue {
				c.Overdue++
			}
		}
	}
	c.DistinctCustomers = len(customers)
	return c, nil
}
