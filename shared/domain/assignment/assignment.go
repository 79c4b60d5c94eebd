// Package assignment keeps the users assigned to a customer by role (the sales person, the BDC
// agent, the service advisor...) and reassigns them in bulk.
//
// Each assignment is its own item in the contact's partition, versioned, with a GSI1 entry
// whose partition names the store, the role and the assigned user: the contacts a user holds
// for a role in a store are one index partition, so a bulk reassignment finds them without a
// scan, and moving one contact is one conditional write of one item.
//
// Access patterns:
//
//	pattern                              index  key condition
//	a contact's assignments              table  PK = A#{acct}#C#{id}, begins_with(SK, "ASSIGN#")
//	a user's contacts for a role         GSI1   GSI1PK = A#{acct}#ASSIGN#{store}#{role}#{user}
//	a bulk reassignment job              table  PK = A#{acct}#ASSIGNJOBS, SK = JOB#{id}
//	the contacts of one chunk of a job   table  PK = A#{acct}#ASSIGNJOBS#{id}, SK = CHUNK#{n}
package assignment

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Roles returns the roles a customer can be assigned a user for, in display order.
func Roles() []string {
	return []string{role.SalesPerson, role.BDCAgent, role.ServiceAdvisor, role.SalesManager, role.FIManager}
}

// ValidRole reports whether r is one of Roles.
func ValidRole(r string) bool { return slices.Contains(Roles(), r) }

// Assignment is the user assigned to a contact for one role.
type Assignment struct {
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	Role              string    `json:"role" doc:"The role's system name: SalesPerson, BDCAgent, ServiceAdvisor, SalesManager or FIManager."`
	UserID            string    `json:"userId"`
	AssignedAt        time.Time `json:"assignedAt"`
	AssignedBy        string    `json:"assignedBy"`
	Version           int64     `json:"version"`
}

// item is the stored assignment. JobID names the bulk job that last moved it, so a retried
// chunk of that job recognises its own work.
type item struct {
	ContactID  int64
	Store      int64
	Role       string
	UserID     string
	AssignedAt time.Time
	AssignedBy string
	JobID      string `dynamodbav:",omitempty"`
	Version    int64
}

func (it item) assignment() Assignment {
	return Assignment{ContactID: it.ContactID, AccountPlatformID: it.Store, Role: it.Role, UserID: it.UserID, AssignedAt: it.AssignedAt, AssignedBy: it.AssignedBy, Version: it.Version}
}

// Repo reads and writes assignments and bulk reassignment jobs.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

const sortPrefix = "ASSIGN#"

func itemKey(t store.Tenant, contactID int64, r string) (store.Key, error) {
	return contactkey.Key(t, contactID, sortPrefix+r)
}

func holderPartition(t store.Tenant, st int64, r, userID string) (store.Partition, error) {
	return t.Partition("ASSIGN", strconv.FormatInt(st, 10), r, userID)
}

// record returns the stored form of it at version.
func record(t store.Tenant, it item, version int64) (store.Record, error) {
	k, err := itemKey(t, it.ContactID, it.Role)
	if err != nil {
		return store.Record{}, err
	}
	ik, err := t.IndexKey("GSI1", fmt.Sprintf("%020d", it.ContactID), "ASSIGN", strconv.FormatInt(it.Store, 10), it.Role, it.UserID)
	if err != nil {
		return store.Record{}, err
	}
	it.Version = 0
	return store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: "Assignment", Value: it, Version: version}, nil
}

// List returns the assignments of contact id, in the order of Roles.
func (r *Repo) List(ctx context.Context, t store.Tenant, contactID int64) ([]Assignment, error) {
	part, err := contactkey.Of(t, contactID)
	if err != nil {
		return nil, err
	}
	items, err := store.QueryAll[item](ctx, r.s, store.Query{Partition: part, SortPrefix: sortPrefix})
	if err != nil {
		return nil, fmt.Errorf("list assignments of %d: %w", contactID, err)
	}
	out := make([]Assignment, 0, len(items))
	for _, it := range items {
		out = append(out, it.assignment())
	}
	slices.SortFunc(out, func(a, b Assignment) int { return slices.Index(Roles(), a.Role) - slices.Index(Roles(), b.Role) })
	return out, nil
}

// RoleChange is one role's new user on a contact; an empty UserID removes the role's assignment.
type RoleChange struct {
	Role   string `json:"role" doc:"The role's system name."`
	UserID string `json:"userId" doc:"The user to assign; empty removes the assignment."`
}

// MsgConflict is the message of an assignment changed by someone else meanwhile.
const MsgConflict = "The customer's assignments were changed by someone else. Reload them and try again."

// Set applies changes to the assignments of contact contactID of store st in one transaction.
// Roles the changes do not name keep their users, so two people changing different roles at
// once both keep their change. A write that races another is retried on the fresh state; an
// unknown role is an Invalid error and nothing is written.
func (r *Repo) Set(ctx context.Context, t store.Tenant, contactID, st int64, changes []RoleChange, by string) ([]Assignment, error) {
	fields := map[string]string{}
	seen := map[string]bool{}
	for i, c := range changes {
		switch {
		case !ValidRole(c.Role):
			fields[fmt.Sprintf("assignments[%d].role", i)] = "Choose one of the roles " + fmt.Sprint(Roles()) + "."
		case seen[c.Role]:
			fields[fmt.Sprintf("assignments[%d].role", i)] = "The role " + c.Role + " is named twice."
		}
		seen[c.Role] = true
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields("The assignments are not valid.", fields)
	}
	for attempt := 0; ; attempt++ {
		current, err := r.List(ctx, t, contactID)
		if err != nil {
			return nil, err
		}
		byRole := map[string]Assignment{}
		for _, a := range current {
			byRole[a.Role] = a
		}
		now := r.now().UTC()
		var ops []store.Op
		for _, c := range changes {
			old, had := byRole[c.Role]
			switch {
			case had && c.UserID == "":
				k, err := itemKey(t, contactID, c.Role)
				if err != nil {
					return nil, err
				}
				ops = append(ops, store.DeleteOp(k, old.Version))
			case had && old.UserID == c.UserID && old.AccountPlatformID == st:
			case c.UserID == "":
			default:
				rec, err := record(t, item{ContactID: contactID, Store: st, Role: c.Role, UserID: c.UserID, AssignedAt: now, AssignedBy: by}, old.Version)
				if err != nil {
					return nil, err
				}
				if had {
					ops = append(ops, store.UpdateOp(rec))
				} else {
					ops = append(ops, store.CreateOp(rec))
				}
			}
		}
		if len(ops) == 0 {
			return current, nil
		}
		err = r.s.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 4 {
			continue
		}
		if apperr.CodeOf(err) == apperr.Conflict {
			return nil, apperr.Wrap(apperr.Conflict, err, MsgConflict)
		}
		if err != nil {
			return nil, fmt.Errorf("save assignments of %d: %w", contactID, err)
		}
		return r.List(ctx, t, contactID)
	}
}

// Import stores assignments as they are, in batches and without conditions: for seeding and
// bulk loads nobody edits meanwhile.
func (r *Repo) Import(ctx context.Context, t store.Tenant, as []Assignment) error {
	recs := make([]store.Record, 0, len(as))
	for _, a := range as {
		if !ValidRole(a.Role) || a.ContactID < 1 || a.UserID == "" {
			return errors.New("import assignment: bad assignment")
		}
		rec, err := record(t, item{ContactID: a.ContactID, Store: a.AccountPlatformID, Role: a.Role, UserID: a.UserID, AssignedAt: a.AssignedAt, AssignedBy: a.AssignedBy}, 0)
		if err != nil {
			return err
		}
		recs = append(recs, rec)
	}
	if err := r.s.BatchPut(ctx, recs); err != nil {
		return fmt.Errorf("import assignments: %w", err)
	}
	return nil
}

// Holders returns the ids of the contacts of store st that userID holds for role r, in id
// order, reading the index partition page by page.
func (r *Repo) Holders(ctx context.Context, t store.Tenant, st int64, ro, userID string) ([]int64, error) {
	part, err := holderPartition(t, st, ro, userID)
	if err != nil {
		return nil, err
	}
	var ids []int64
	q := store.Query{Index: "GSI1", Partition: part, Limit: 1000}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("list holders: %w", err)
		}
		var items []item
		if err := page.Decode(&items); err != nil {
			return nil, err
		}
		for _, it := range items {
			ids = append(ids, it.ContactID)
		}
		if page.Next == "" {
			return ids, nil
		}
		q.Cursor = page.Next
	}
}
