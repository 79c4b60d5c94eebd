// Package task keeps the tasks of a customer: follow-ups assigned to a user about the
// customer, usually about one of the customer's leads (the lead's entity id). Workflows and
// users create them; the profile lists them and counts the open ones.
//
// Changes. An open task (pending, in progress, overdue, on hold) may be completed, cancelled,
// rescheduled or reassigned (see Next); a completed or cancelled task stays as it is. Each
// change is a versioned write of the task item (a caller's stale version is a Conflict error,
// and of two changes at the same moment one wins and the other is refused) with its event in
// the same transaction: TaskCreated, TaskCompleted, TaskCancelled, TaskRescheduled or
// TaskReassigned, whose id names the task and the version the change wrote. The task's entry
// in its store's due-time index is part of the item, so a reschedule moves it.
//
// Access patterns:
//
//	pattern                 index  key condition
//	a contact's tasks       table  PK = A#{acct}#C#{contact}, begins_with(SK, "TASK#")
//	a store's tasks by due  GSI1   GSI1PK = A#{acct}#TS#{store}, GSI1SK = {due}#{task id}
//	  (in a due range)      GSI1   the same, GSI1SK BETWEEN {from} AND {to}
package task

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Task statuses (section 6).
const (
	StatusPending      = "Pending"
	StatusInProgress   = "InProgress"
	StatusOverdue      = "Overdue"
	StatusCompleted    = "Completed"
	StatusCancelled    = "Cancelled"
	StatusBulkComplete = "BulkCompleted"
	StatusOnHold       = "OnHold"
	StatusSuppressed   = "Suppressed"
	StatusFuture       = "Future"
	StatusNotGenerated = "NotGenerated"
)

// Statuses returns every task status.
func Statuses() []string {
	return []string{StatusPending, StatusInProgress, StatusOverdue, StatusCompleted, StatusCancelled,
		StatusBulkComplete, StatusOnHold, StatusSuppressed, StatusFuture, StatusNotGenerated}
}

// Task is one task about a contact.
type Task struct {
	ID                string     `json:"taskId"`
	ContactID         int64      `json:"contactId"`
	EntityID          int64      `json:"entityId" doc:"The lead (entity) the task is about; 0 for none."`
	AccountPlatformID int64      `json:"accountPlatformId"`
	AssignedUserID    string     `json:"assignedPandoUserId"`
	TaskType          string     `json:"taskType"`
	Name              string     `json:"taskName"`
	Description       string     `json:"taskDescription"`
	DueAt             time.Time  `json:"taskDueDt"`
	Status            string     `json:"taskStatus"`
	CompletedAt       *time.Time `json:"completedAt,omitempty"`
	CancelledAt       *time.Time `json:"cancelledAt,omitempty"`
	// ClosedBy is the user who completed or cancelled the task.
	ClosedBy  string    `json:"closedBy,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	CreatedBy string    `json:"createdBy,omitempty"`
	Version   int64     `json:"version" doc:"The version the task was read at; a change sends it back, and a stale version is refused with 409."`
	// OverdueOver is the version the due timer marked the task Overdue over (0: it did not).
	// Every view already shows a task past its due time as Overdue (At), so a change sent with
	// that version is not refused as stale for the mark alone (Changeable).
	OverdueOver int64 `json:"-"`
	Origin
}

// Origin is the workflow a task came from: its instance, rule and rule task, and whether the
// system does the task at its due time. It is zero for a task a user added. It is part of the
// task item, so every change of the task keeps it.
type Origin struct {
	WorkflowInstanceID string `json:"workflowInstanceId,omitempty"`
	TriggerSetID       int64  `json:"triggerSetId,omitempty"`
	TriggerSetTaskID   int64  `json:"triggerSetTaskId,omitempty"`
	Automated          bool   `json:"automatedTask,omitempty"`
}

// Open reports whether t still needs doing: pending, in progress, overdue or on hold.
func (t Task) Open() bool {
	return slices.Contains([]string{StatusPending, StatusInProgress, StatusOverdue, StatusOnHold}, t.Status)
}

// At returns t as seen at now: an open task past its due time is Overdue.
func (t Task) At(now time.Time) Task {
	if (t.Status == StatusPending || t.Status == StatusInProgress) && !t.DueAt.IsZero() && t.DueAt.Before(now) {
		t.Status = StatusOverdue
	}
	return t
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// Validate checks t: an id, a contact, a store, an assigned user, a type, a due time and a
// known status.
func Validate(t Task) error {
	fields := map[string]string{}
	if !idPattern.MatchString(t.ID) {
		fields["taskId"] = "Enter the task id (letters, digits and hyphens)."
	}
	if t.ContactID < 1 {
		fields["contactId"] = "Enter the customer."
	}
	if t.AccountPlatformID < 1 {
		fields["accountPlatformId"] = "Enter the store."
	}
	if t.AssignedUserID == "" {
		fields["assignedPandoUserId"] = "Enter the assigned user."
	}
	if t.TaskType == "" {
		fields["taskType"] = "Enter the task type."
	}
	if t.DueAt.IsZero() {
		fields["taskDueDt"] = "Enter the due date."
	}
	if !slices.Contains(Statuses(), t.Status) {
		fields["taskStatus"] = "Choose a task status."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The task is not valid.", fields)
	}
	return nil
}

// Repo reads and writes tasks.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

func taskKey(t store.Tenant, contactID int64, id string) (store.Key, error) {
	return contactkey.Key(t, contactID, "TASK#"+id)
}

// Create stores task. A task with its id exists already for the contact: a Conflict error. An
// invalid task is an Invalid error and nothing is written.
func (r *Repo) Create(ctx context.Context, t store.Tenant, task Task) error {
	if err := Validate(task); err != nil {
		return err
	}
	k, err := taskKey(t, task.ContactID, task.ID)
	if err != nil {
		return err
	}
	byStore, err := storeIndexKey(t, task)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Indexes: []store.IndexKey{byStore}, Type: "Task", Value: task})
}

// ForContacts returns the tasks of contacts ids (a contact and those merged into it), the
// earliest due first.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]Task, error) {
	var out []Task
	for _, id := range ids {
		p, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		ts, err := store.QueryAll[Task](ctx, r.s, store.Query{Partition: p, SortPrefix: "TASK#", Limit: 500})
		if err != nil {
			return nil, fmt.Errorf("read tasks of %d: %w", id, err)
		}
		out = append(out, ts...)
	}
	slices.SortStableFunc(out, func(a, b Task) int { return a.DueAt.Compare(b.DueAt) })
	return out, nil
}
