package task

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// WorkflowTask is a task a workflow rule created: a task whose Origin names the workflow
// instance and the rule (and rule task) it came from. It is stored as the task item itself (same
// key and index), so every reader of tasks sees it and every change of the task keeps its origin.
type WorkflowTask struct {
	Task
}

// WorkflowCreateOp returns the write that creates workflow task w, for the transaction of the
// workflow that starts it. A task with its id exists already: the transaction fails with a
// Conflict error.
func WorkflowCreateOp(t store.Tenant, w WorkflowTask) (store.Op, error) {
	if err := Validate(w.Task); err != nil {
		return store.Op{}, err
	}
	k, err := taskKey(t, w.ContactID, w.ID)
	if err != nil {
		return store.Op{}, err
	}
	idx, err := storeIndexKey(t, w.Task)
	if err != nil {
		return store.Op{}, err
	}
	return store.CreateOp(store.Record{Key: k, Indexes: []store.IndexKey{idx}, Type: "Task", Value: w}), nil
}

// WorkflowUpdateOp returns the write that stores w over the task item read at version: a task
// changed since is a Conflict error of the transaction.
func WorkflowUpdateOp(t store.Tenant, w WorkflowTask, version int64) (store.Op, error) {
	k, err := taskKey(t, w.ContactID, w.ID)
	if err != nil {
		return store.Op{}, err
	}
	idx, err := storeIndexKey(t, w.Task)
	if err != nil {
		return store.Op{}, err
	}
	return store.UpdateOp(store.Record{Key: k, Indexes: []store.IndexKey{idx}, Type: "Task", Value: w, Version: version}), nil
}

// Workflow returns task id of contact contactID with its workflow fields (zero for a task no
// workflow created) and its version. A missing task is a NotFound error.
func (r *Repo) Workflow(ctx context.Context, t store.Tenant, contactID int64, id string) (WorkflowTask, int64, error) {
	k, err := taskKey(t, contactID, id)
	if err != nil {
		return WorkflowTask{}, 0, err
	}
	var w WorkflowTask
	v, err := r.s.Get(ctx, k, &w)
	if apperr.CodeOf(err) == apperr.NotFound {
		return WorkflowTask{}, 0, apperr.Errorf(apperr.NotFound, "The task does not exist.")
	}
	if err != nil {
		return WorkflowTask{}, 0, fmt.Errorf("get task %s: %w", id, err)
	}
	return w, v, nil
}
