package lead

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
)

// Automatic assignment. A store whose dealer settings auto-assign leads by round robin gives
// each new lead to the next eligible, available user of a pool (a role at the store), after
// the pool's last turn. The pool's cursor (the last user who got a turn and how many turns
// were taken) is an item of its own, written with a version in the lead's transaction, so of
// two leads assigned at the same moment one takes the turn and the other, finding the cursor
// moved, takes the next: no turn is taken twice, and a lead is assigned with its cursor or not
// at all.
//
// A reassign rule of the store sets a timer (package timer) in the same transaction: when it
// fires and the lead is still held by the same user, still active and still unanswered
// (FirstRespondedAt), the lead moves to the next user of the rule's pool. Any change that makes
// the timer moot (an answer, a status change, another holder) cancels it in its own
// transaction, and the timer's event names the timer, so a late or repeated event finds the
// lead no longer waiting on it and changes nothing.
//
//	pattern                          index  key condition
//	round robin cursor of a pool     table  PK = A#{acct}#LRR#{store}, SK = RR#{role}

// EventReassignDue is the type of the event a lead's reassign timer fires. Its detail is a
// ReassignDue.
const EventReassignDue = "LeadReassignDue"

// ReassignDue is the detail of EventReassignDue.
type ReassignDue struct {
	LeadID            int64  `json:"crmLeadId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Timer             string `json:"timer"`
	// HolderID is the user the lead was given to when the timer was set.
	HolderID string `json:"holderId"`
	// ToRole is the role of the pool the lead moves to.
	ToRole string `json:"toRole"`
}

// MaxAssignAttempts bounds the tries of an automatic assignment that keeps losing its turn to
// leads assigned at the same moment.
const MaxAssignAttempts = 64

// Pool is the users who take turns for a store's leads: those holding Role at the store who
// are eligible and available now.
type Pool struct {
	StoreID int64
	Role    string
	// Eligible are the ids of the users who may take a turn now.
	Eligible []string
}

// Turn is one turn of a pool's round robin.
type Turn struct {
	UserID string
	// Seq numbers the pool's turns from 1.
	Seq int64
}

// cursor is a pool's round robin position.
type cursor struct {
	StoreID int64
	Role    string
	Last    string
	Turns   int64
}

func cursorKey(t store.Tenant, storeID int64, roleName string) (store.Key, error) {
	return t.Key("RR#"+roleName, "LRR", idPart(storeID))
}

// Cursor returns the turns a pool of store storeID has taken and the user who took the last;
// 0 and "" for a pool that never took one.
func (r *Repo) Cursor(ctx context.Context, t store.Tenant, storeID int64, roleName string) (int64, string, error) {
	c, _, err := r.readCursor(ctx, t, storeID, roleName)
	return c.Turns, c.Last, err
}

func (r *Repo) readCursor(ctx context.Context, t store.Tenant, storeID int64, roleName string) (cursor, int64, error) {
	k, err := cursorKey(t, storeID, roleName)
	if err != nil {
		return cursor{}, 0, err
	}
	var c cursor
	v, err := r.s.Get(ctx, k, &c)
	if apperr.CodeOf(err) == apperr.NotFound {
		return cursor{StoreID: storeID, Role: roleName}, 0, nil
	}
	if err != nil {
		return cursor{}, 0, fmt.Errorf("get round robin cursor of %d %s: %w", storeID, roleName, err)
	}
	return c, v, nil
}

// next returns the user of eligible after last in id order (the first after the end), leaving
// out skip; false when none remains.
func next(eligible []string, last string, skip ...string) (string, bool) {
	ids := slices.Clone(eligible)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	ids = slices.DeleteFunc(ids, func(id string) bool { return id == "" || slices.Contains(skip, id) })
	if len(ids) == 0 {
		return "", false
	}
	for _, id := range ids {
		if id > last {
			return id, true
		}
	}
	return ids[0], true
}

// MsgNoneEligible is the message of an assignment that found nobody eligible and available.
const MsgNoneEligible = "Nobody eligible is available to take the lead."

// AutoAssignment is one automatic assignment of a lead.
type AutoAssignment struct {
	Pool Pool
	// Reassign, when set, is the rule that moves the lead on if its new holder leaves it
	// unanswered: its timer is set in the assignment's transaction.
	Reassign *ReassignAfter
	// Check accepts the stored lead (it is called again on every try); an error stops the
	// assignment with that error and writes nothing.
	Check func(Lead) error
	// Extra returns writes of the caller's for the transaction (notifications, a processed
	// mark), given the lead as it will be saved and the turn it took.
	Extra func(l Lead, turn Turn) ([]store.Op, error)
}

// ReassignAfter is a reassign rule as it applies to one assignment.
type ReassignAfter struct {
	After  time.Duration
	ToRole string
}

// AssignNext gives lead id to the next user of a.Pool after the pool's last turn, as its BDC
// agent when the pool's role is a BDC role, else as its sales person; the user the lead
// leaves (if any) is no longer its holder. It records the change in the lead's change log,
// moves the pool's cursor, sets a.Reassign's timer and writes a.Extra's, all in one
// transaction, and publishes LeadAssigned. A pool with nobody eligible but the current holder
// is a Conflict error with MsgNoneEligible; a closed lead is a Conflict error.
func (r *Repo) AssignNext(ctx context.Context, t store.Tenant, id int64, a AutoAssignment, by string) (Lead, Turn, error) {
	var turn Turn
	l, err := r.mutateWith(ctx, t, id, by, MaxAssignAttempts, a.Check, func(l *Lead) (string, Changed, []store.Op, error) {
		if l.Status != StatusActive {
			return "", Changed{}, nil, apperr.Errorf(apperr.Conflict, "A %s lead is not assigned automatically.", l.Status.label())
		}
		c, v, err := r.readCursor(ctx, t, a.Pool.StoreID, a.Pool.Role)
		if err != nil {
			return "", Changed{}, nil, err
		}
		userID, ok := next(a.Pool.Eligible, c.Last, l.SalesPersonID, l.BDCAgentID)
		if !ok {
			return "", Changed{}, nil, apperr.Errorf(apperr.Conflict, MsgNoneEligible)
		}
		if a.Pool.Role == role.BDCAgent || a.Pool.Role == role.BDCManager {
			l.SalesPersonID, l.BDCAgentID = "", userID
		} else {
			l.SalesPersonID, l.BDCAgentID = userID, ""
		}
		now := r.now().UTC()
		turn = Turn{UserID: userID, Seq: c.Turns + 1}
		c.Last, c.Turns = userID, c.Turns+1
		ck, err := cursorKey(t, a.Pool.StoreID, a.Pool.Role)
		if err != nil {
			return "", Changed{}, nil, err
		}
		rec := store.Record{Key: ck, Type: "LeadRoundRobin", Value: c, Version: v}
		ops := []store.Op{store.UpdateOp(rec)}
		if v == 0 {
			ops = []store.Op{store.CreateOp(rec)}
		}
		l.ReassignTimer, l.ReassignDueAt = "", nil
		if a.Reassign != nil && a.Reassign.After > 0 && l.FirstRespondedAt == nil {
			// The timer is named for the lead and the version this write gives it, so a
			// new assignment sets a new timer rather than meeting the one it replaces.
			tid := timer.ID("leadreassign", idPart(l.ID), fmt.Sprint(l.Version+1))
			due := now.Add(a.Reassign.After)
			detail, err := json.Marshal(ReassignDue{LeadID: l.ID, AccountPlatformID: l.AccountPlatformID, Timer: tid, HolderID: userID, ToRole: a.Reassign.ToRole})
			if err != nil {
				return "", Changed{}, nil, err
			}
			op, err := timer.Op(t, timer.Timer{ID: tid, Due: due, Type: EventReassignDue, Detail: detail}, now)
			if err != nil {
				return "", Changed{}, nil, err
			}
			ops = append(ops, op)
			l.ReassignTimer, l.ReassignDueAt = tid, &due
		}
		if a.Extra != nil {
			more, err := a.Extra(*l, turn)
			if err != nil {
				return "", Changed{}, nil, err
			}
			ops = append(ops, more...)
		}
		return EventAssigned, Changed{Fields: []string{"salesPersonId", "bdcAgentId"}}, ops, nil
	})
	if err != nil {
		return Lead{}, Turn{}, err
	}
	return l, turn, nil
}

// reassignCancelOps cancels old's pending reassign timer when the change to l makes it moot:
// l no longer waits on it (a new assignment set another), or l left the active status, was
// answered, or changed holders. It clears l's timer then.
func reassignCancelOps(t store.Tenant, old Lead, l *Lead) ([]store.Op, error) {
	if old.ReassignTimer == "" {
		return nil, nil
	}
	moot := l.ReassignTimer != old.ReassignTimer || l.Status != StatusActive || l.FirstRespondedAt != nil ||
		l.SalesPersonID != old.SalesPersonID || l.BDCAgentID != old.BDCAgentID
	if !moot {
		return nil, nil
	}
	if l.ReassignTimer == old.ReassignTimer {
		l.ReassignTimer, l.ReassignDueAt = "", nil
	}
	op, err := timer.CancelOp(t, old.ReassignTimer)
	if err != nil {
		return nil, err
	}
	return []store.Op{op}, nil
}

// Holder returns the user holding l: its BDC agent when it has one, else its sales person.
func (l Lead) Holder() string {
	if l.BDCAgentID != "" {
		return l.BDCAgentID
	}
	return l.SalesPersonID
}

// WithClock returns a copy of r that reads the time from now.
func (r *Repo) WithClock(now func() time.Time) *Repo {
	c := *r
	c.now = now
	return &c
}
