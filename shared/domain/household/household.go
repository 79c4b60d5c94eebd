// Package household keeps the members of a customer's household: other customers of the same
// dealer group living with them, some of them co-buyers.
//
// Membership is symmetric: adding B to A's household writes A's link to B and B's link to A in
// one transaction, and removing it deletes both, so neither side ever sees a half link. Links
// live in the contacts' own partitions.
//
// Access patterns:
//
//	pattern                      index  key condition
//	a contact's members          table  PK = A#{acct}#C#{id}, begins_with(SK, "HH#")
//	one link                     table  PK = A#{acct}#C#{id}, SK = HH#{memberId}
package household

import (
	"context"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/contactlink"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Link is one side of a membership: Member is in Contact's household.
type Link struct {
	ContactID    int64     `json:"contactId"`
	MemberID     int64     `json:"memberId"`
	IsCoBuyer    bool      `json:"isCoBuyer"`
	Relationship string    `json:"relationship"`
	AddedAt      time.Time `json:"addedAt"`
	AddedBy      string    `json:"addedBy"`
}

// MaxMembers bounds a household, so a contact's links are one small read.
const MaxMembers = 20

// MaxRelationship bounds the relationship text.
const MaxRelationship = 50

// Messages of the package's errors.
const (
	MsgSelf    = "A customer cannot be a member of their own household."
	MsgAlready = "The customer is already a member of this household."
	MsgMissing = "The customer is not a member of this household."
	MsgFull    = "A household has at most 20 members."
)

// Repo reads and writes household links.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

var kind = contactlink.Kind{Prefix: "HH#", Name: "household"}

// Members returns the links of the contacts owners (a contact and the contacts merged into
// it), one per member, leaving out links between the owners themselves.
func (r *Repo) Members(ctx context.Context, t store.Tenant, owners []int64) ([]Link, error) {
	return contactlink.List(ctx, r.s, t, kind, owners, func(l Link) int64 { return l.MemberID })
}

// Member is a customer to add to a household.
type Member struct {
	ContactID    int64
	IsCoBuyer    bool
	Relationship string
}

// MaxAdd bounds the members one Add writes (two links each, in one transaction).
const MaxAdd = 10

// Add puts members in contactID's household and contactID in each member's, all in one
// transaction. A member already there is a Conflict error, the contact itself or a member
// named twice an Invalid error, and a household that would pass MaxMembers an Invalid error:
// nothing is written then.
func (r *Repo) Add(ctx context.Context, t store.Tenant, contactID int64, members []Member, by string) error {
	if len(members) == 0 || len(members) > MaxAdd {
		return apperr.Errorf(apperr.Invalid, "Add 1 to %d members at a time.", MaxAdd)
	}
	seen := map[int64]bool{}
	fields := map[string]string{}
	for i, m := range members {
		switch {
		case m.ContactID == contactID:
			fields[fmt.Sprintf("members[%d].contactId", i)] = MsgSelf
		case seen[m.ContactID]:
			fields[fmt.Sprintf("members[%d].contactId", i)] = "The customer is named twice."
		case len(m.Relationship) > MaxRelationship:
			fields[fmt.Sprintf("members[%d].relationship", i)] = "At most 50 characters."
		}
		seen[m.ContactID] = true
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The household members are not valid.", fields)
	}
	existing, err := r.Members(ctx, t, []int64{contactID})
	if err != nil {
		return err
	}
	if len(existing)+len(members) > MaxMembers {
		return apperr.Errorf(apperr.Invalid, MsgFull)
	}
	now := r.now().UTC()
	var ops []store.Op
	for _, m := range members {
		theirs, err := r.Members(ctx, t, []int64{m.ContactID})
		if err != nil {
			return err
		}
		if len(theirs) >= MaxMembers {
			return apperr.Errorf(apperr.Invalid, MsgFull)
		}
		keys, err := kind.Pair(t, contactID, m.ContactID)
		if err != nil {
			return err
		}
		a := Link{ContactID: contactID, MemberID: m.ContactID, IsCoBuyer: m.IsCoBuyer, Relationship: m.Relationship, AddedAt: now, AddedBy: by}
		b := a
		b.ContactID, b.MemberID = m.ContactID, contactID
		ops = append(ops,
			store.CreateOp(store.Record{Key: keys[0], Type: "HouseholdLink", Value: a}),
			store.CreateOp(store.Record{Key: keys[1], Type: "HouseholdLink", Value: b}))
	}
	err = r.s.Transact(ctx, ops...)
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.Conflict, err, MsgAlready)
	}
	if err != nil {
		return fmt.Errorf("add household members: %w", err)
	}
	return nil
}

// Remove takes memberID out of contactID's household and contactID out of memberID's, in one
// transaction. A member not there is a NotFound error.
func (r *Repo) Remove(ctx context.Context, t store.Tenant, contactID, memberID int64) error {
	keys, err := kind.Pair(t, contactID, memberID)
	if err != nil {
		return err
	}
	var ops []store.Op
	for _, k := range keys {
		var l Link
		v, err := r.s.Get(ctx, k, &l)
		if apperr.CodeOf(err) == apperr.NotFound {
			return apperr.Errorf(apperr.NotFound, MsgMissing)
		}
		if err != nil {
			return fmt.Errorf("read household link: %w", err)
		}
		ops = append(ops, store.DeleteOp(k, v))
	}
	err = r.s.Transact(ctx, ops...)
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.NotFound, err, MsgMissing)
	}
	if err != nil {
		return fmt.Errorf("remove household member: %w", err)
	}
	return nil
}
