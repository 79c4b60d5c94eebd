package task

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// The events of tasks; their detail is a Changed.
const (
	EventCreated     = "TaskCreated"
	EventCompleted   = "TaskCompleted"
	EventCancelled   = "TaskCancelled"
	EventRescheduled = "TaskRescheduled"
	EventReassigned  = "TaskReassigned"
)

// Messages of task changes.
const (
	MsgNotFound = "The task does not exist."
	MsgStale    = "The task was changed by someone else. Reload the tasks and try again."
)

// Action is a change a user makes to an open task.
type Action string

// The actions.
const (
	Complete   Action = "complete"
	Cancel     Action = "cancel"
	Reschedule Action = "reschedule"
	Reassign   Action = "reassign"
)

// verb is how a message names the action.
func (a Action) verb() string {
	switch a {
	case Complete:
		return "completed"
	case Cancel:
		return "cancelled"
	case Reschedule:
		return "rescheduled"
	case Reassign:
		return "reassigned"
	}
	return string(a)
}

// Event returns the type of the event the action publishes.
func (a Action) Event() string {
	switch a {
	case Complete:
		return EventCompleted
	case Cancel:
		return EventCancelled
	case Reschedule:
		return EventRescheduled
	case Reassign:
		return EventReassigned
	}
	return ""
}

// Change is one action on a task.
type Change struct {
	Action Action
	// Version is the version of the task the caller read.
	Version int64
	// DueAt is a reschedule's new due time.
	DueAt time.Time
	// AssignedUserID is a reassignment's new user.
	AssignedUserID string
	// By is the user who makes the change; Actor the real user under impersonation ("").
	By, Actor string
}

// Changed is the detail of every task event: the task as the change left it, who made the
// change, and what a reschedule or a reassignment replaced.
type Changed struct {
	Task        Task       `json:"task"`
	UserID      string     `json:"userId"`
	ActorUserID string     `json:"actorUserId,omitempty"`
	FromDueAt   *time.Time `json:"fromDueAt,omitempty"`
	FromUserID  string     `json:"fromAssignedPandoUserId,omitempty"`
}

// Next returns task tk after change ch at time now. A task that is not open refuses every
// change, and a change of a version other than tk's is refused: Conflict errors, nothing
// changes. A reschedule needs a due time from now on (to the minute) other than the current
// one, and a reassignment another user: Invalid errors otherwise. Whether the new user may hold
// the task is the caller's to check (Holds).
func Next(tk Task, ch Change, now time.Time) (Task, error) {
	if err := Changeable(tk, ch.Action, ch.Version); err != nil {
		return Task{}, err
	}
	at := now.UTC()
	switch ch.Action {
	case Complete:
		tk.Status, tk.CompletedAt, tk.ClosedBy = StatusCompleted, &at, ch.By
	case Cancel:
		tk.Status, tk.CancelledAt, tk.ClosedBy = StatusCancelled, &at, ch.By
	case Reschedule:
		due := ch.DueAt.UTC().Truncate(time.Minute)
		if due.Before(at.Truncate(time.Minute)) {
			return Task{}, apperr.InvalidFields("The due time is not valid.", map[string]string{"localDueDt": "Choose a due time from now on."})
		}
		if due.Equal(tk.DueAt.UTC()) {
			return Task{}, apperr.InvalidFields("The due time is not valid.", map[string]string{"localDueDt": "The task is due then already: choose another time."})
		}
		tk.DueAt = due
		if tk.Status == StatusOverdue {
			tk.Status = StatusPending
		}
	case Reassign:
		if ch.AssignedUserID == "" {
			return Task{}, apperr.InvalidFields("The user is not valid.", map[string]string{"assignedPandoUserId": "Choose the user to assign the task to."})
		}
		if ch.AssignedUserID == tk.AssignedUserID {
			return Task{}, apperr.InvalidFields("The user is not valid.", map[string]string{"assignedPandoUserId": "The task is assigned to this user already: choose another user."})
		}
		tk.AssignedUserID = ch.AssignedUserID
	default:
		return Task{}, apperr.Errorf(apperr.Invalid, "Unknown task action %q.", ch.Action)
	}
	return tk, nil
}

// Changeable checks that task tk may take action a from a caller who read it at version: it is
// open and at that version, or at the one after it that only the due timer's Overdue mark made
// (OverdueOver). Conflict errors say why not.
func Changeable(tk Task, a Action, version int64) error {
	if !tk.Open() {
		switch tk.Status {
		case StatusCompleted, StatusBulkComplete:
			return apperr.Errorf(apperr.Conflict, "The task is completed already: it cannot be %s.", a.verb())
		case StatusCancelled:
			return apperr.Errorf(apperr.Conflict, "The task was cancelled: it cannot be %s.", a.verb())
		}
		return apperr.Errorf(apperr.Conflict, "The task is %s, not open: it cannot be %s.", tk.Status, a.verb())
	}
	if version != tk.Version && !(tk.Status == StatusOverdue && tk.OverdueOver == version && tk.Version == version+1) {
		return apperr.Errorf(apperr.Conflict, MsgStale)
	}
	return nil
}

// HolderRoles are the dealer roles whose users may work a customer and so hold its tasks.
func HolderRoles() []string {
	return []string{role.SalesPerson, role.SalesManager, role.BDCAgent, role.BDCManager, role.ServiceAdvisor, role.ServiceManager,
		role.FIManager, role.DealerAdmin, role.GeneralManager, role.UsedCarManager, role.GeneralSalesManager}
}

// ManagerRoles are the dealer roles that manage the tasks of the stores they may view: they
// change any task there, not only their own.
func ManagerRoles() []string {
	return []string{role.SalesManager, role.BDCManager, role.ServiceManager, role.DealerAdmin, role.GeneralManager,
		role.UsedCarManager, role.GeneralSalesManager}
}

// Holds returns why user p may not hold a task of store storeID, or "" when p may: p must be
// an active user of the store with a role that works customers.
func Holds(p user.Profile, storeID int64) string {
	name := p.DisplayName()
	if name == "" {
		name = "The user " + p.UserID
	}
	switch {
	case !p.Active():
		return name + " is not an active user."
	case !slices.Contains(p.AllowedStores, storeID):
		return fmt.Sprintf("%s is not a user of the task's store.", name)
	case !slices.ContainsFunc(p.Roles, func(r string) bool { return slices.Contains(HolderRoles(), r) }):
		return name + " has no role that works customers (" + strings.Join(p.Roles, ", ") + ")."
	}
	return ""
}

// CheckHolder checks that userID names a user who may hold a task of store storeID (see Holds),
// reading the user's profile from users: refused(why) when not, why saying so in words for the
// user choosing; the error of the read when it fails.
func CheckHolder(ctx context.Context, users *user.Repo, t store.Tenant, userID string, storeID int64, refused func(why string) error) error {
	if !user.ValidUserID(userID) {
		return refused("The user " + userID + " does not exist.")
	}
	p, _, err := users.Profile(ctx, t, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return refused("The user " + userID + " does not exist.")
	}
	if err != nil {
		return err
	}
	if why := Holds(p, storeID); why != "" {
		return refused(why)
	}
	return nil
}

// MayChange reports whether the user with roles, who may view the stores viewable, may change
// task tk: the user it is assigned to, or a manager of a store they may view.
func MayChange(tk Task, userID string, roles []string, viewable []int64) bool {
	if !slices.Contains(viewable, tk.AccountPlatformID) {
		return false
	}
	if tk.AssignedUserID == userID {
		return true
	}
	return slices.ContainsFunc(roles, func(r string) bool { return slices.Contains(ManagerRoles(), r) })
}

// Get returns task id kept under contact contactID, at its version. A missing task is a
// NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, contactID int64, id string) (Task, error) {
	if contactID < 1 || !idPattern.MatchString(id) {
		return Task{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	k, err := taskKey(t, contactID, id)
	if err != nil {
		return Task{}, err
	}
	var tk Task
	v, err := r.s.Get(ctx, k, &tk)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Task{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Task{}, fmt.Errorf("get task %s of %d: %w", id, contactID, err)
	}
	tk.Version = v
	return tk, nil
}

// Add creates task tk made by user by (actor: the real user under impersonation, or "") with
// its TaskCreated event, and returns it at version 1. An invalid task is an Invalid error, an
// existing id a Conflict error; nothing is written then.
func (r *Repo) Add(ctx context.Context, t store.Tenant, tk Task, by, actor string) (Task, eventbus.Event, error) {
	tk.Version = 0
	if err := Validate(tk); err != nil {
		return Task{}, eventbus.Event{}, err
	}
	k, err := taskKey(t, tk.ContactID, tk.ID)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	byStore, err := storeIndexKey(t, tk)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	created := tk
	created.Version = 1
	e, announce, err := eventOp(t, EventCreated, Changed{Task: created, UserID: by, ActorUserID: actor}, created.CreatedAt)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	if err := r.s.Transact(ctx, store.CreateOp(store.Record{Key: k, Indexes: []store.IndexKey{byStore}, Type: "Task", Value: tk}), announce); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return Task{}, eventbus.Event{}, apperr.Errorf(apperr.Conflict, "A task with this id exists already.")
		}
		return Task{}, eventbus.Event{}, fmt.Errorf("create task %s: %w", tk.ID, err)
	}
	return created, e, nil
}

// Apply makes change ch to task tk (as read by Get) at time now: the task item, rewritten at the
// next version with its entry in the store's due-time index, and the change's event, in one
// transaction. It returns the task as changed and the event. The rules of Next apply; a task
// changed since it was read is a Conflict error, and nothing is written.
func (r *Repo) Apply(ctx context.Context, t store.Tenant, tk Task, ch Change, now time.Time) (Task, eventbus.Event, error) {
	next, err := Next(tk, ch, now)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	k, err := taskKey(t, tk.ContactID, tk.ID)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	byStore, err := storeIndexKey(t, next)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	saved := next
	saved.Version = tk.Version + 1
	d := Changed{Task: saved, UserID: ch.By, ActorUserID: ch.Actor}
	if ch.Action == Reschedule {
		from := tk.DueAt
		d.FromDueAt = &from
	}
	if ch.Action == Reassign {
		d.FromUserID = tk.AssignedUserID
	}
	e, announce, err := eventOp(t, ch.Action.Event(), d, now)
	if err != nil {
		return Task{}, eventbus.Event{}, err
	}
	next.Version = 0
	err = r.s.Transact(ctx, store.UpdateOp(store.Record{Key: k, Indexes: []store.IndexKey{byStore}, Type: "Task", Value: next, Version: tk.Version}), announce)
	if apperr.CodeOf(err) == apperr.Conflict {
		return Task{}, eventbus.Event{}, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	if err != nil {
		return Task{}, eventbus.Event{}, fmt.Errorf("%s task %s: %w", ch.Action, tk.ID, err)
	}
	return saved, e, nil
}

// eventOp returns the event of type typ with detail d and its outbox write. Its id names the
// task and the version the change wrote, so a redelivery is recognisably the same event.
func eventOp(t store.Tenant, typ string, d Changed, at time.Time) (eventbus.Event, store.Op, error) {
	detail, err := json.Marshal(d)
	if err != nil {
		return eventbus.Event{}, store.Op{}, fmt.Errorf("marshal task event: %w", err)
	}
	e := eventbus.Event{
		ID:   fmt.Sprintf("task-%d-%s-v%d", d.Task.ContactID, d.Task.ID, d.Task.Version),
		Type: typ, Account: t.Account(), Time: at.UTC(), Detail: detail,
	}
	op, err := eventbus.OutboxOp(t, e)
	return e, op, err
}
