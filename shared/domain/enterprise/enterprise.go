// Package enterprise links the records of one customer at several stores of a dealer group:
// the same person known to the Toyota and the Honda store is two contacts, linked, so the
// group sees one customer with an enterprise lifetime value.
//
// A link is symmetric: both contacts' sides are written, and deleted, in one transaction.
//
// Access patterns:
//
//	pattern                      index  key condition
//	a contact's linked contacts  table  PK = A#{acct}#C#{id}, begins_with(SK, "ENT#")
package enterprise

import (
	"context"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/contactlink"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Link is one side of a link: Linked is the same customer as Contact, at another store.
type Link struct {
	ContactID int64
	LinkedID  int64
	LinkedAt  time.Time
	LinkedBy  string
}

// MaxLinks bounds a contact's links: one per other store of a large group.
const MaxLinks = 50

// Messages of the package's errors.
const (
	MsgSelf    = "A customer cannot be linked to themselves."
	MsgAlready = "The customers are already linked."
	MsgFull    = "A customer has at most 50 linked customers."
)

// Repo reads and writes links.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

var kind = contactlink.Kind{Prefix: "ENT#", Name: "links"}

// Linked returns the links of owners (a contact and the contacts merged into it), one per
// linked contact, leaving out links between the owners themselves.
func (r *Repo) Linked(ctx context.Context, t store.Tenant, owners []int64) ([]Link, error) {
	return contactlink.List(ctx, r.s, t, kind, owners, func(l Link) int64 { return l.LinkedID })
}

// Link links a and b in one transaction. Linked already is a Conflict error; a with itself an
// Invalid error.
func (r *Repo) Link(ctx context.Context, t store.Tenant, a, b int64, by string) error {
	if a == b {
		return apperr.InvalidFields(MsgSelf, map[string]string{"linkedContactId": MsgSelf})
	}
	for _, id := range []int64{a, b} {
		links, err := r.Linked(ctx, t, []int64{id})
		if err != nil {
			return err
		}
		if len(links) >= MaxLinks {
			return apperr.Errorf(apperr.Invalid, MsgFull)
		}
	}
	keys, err := kind.Pair(t, a, b)
	if err != nil {
		return err
	}
	now := r.now().UTC()
	err = r.s.Transact(ctx,
		store.CreateOp(store.Record{Key: keys[0], Type: "EnterpriseLink", Value: Link{ContactID: a, LinkedID: b, LinkedAt: now, LinkedBy: by}}),
		store.CreateOp(store.Record{Key: keys[1], Type: "EnterpriseLink", Value: Link{ContactID: b, LinkedID: a, LinkedAt: now, LinkedBy: by}}))
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.Conflict, err, MsgAlready)
	}
	if err != nil {
		return fmt.Errorf("link customers: %w", err)
	}
	return nil
}

// Unlink removes the link of a and b, both sides in one transaction. Contacts that are not
// linked stay so: a retried unlink has one effect.
func (r *Repo) Unlink(ctx context.Context, t store.Tenant, a, b int64) error {
	keys, err := kind.Pair(t, a, b)
	if err != nil {
		return err
	}
	if err := r.s.Transact(ctx, store.RemoveOp(keys[0]), store.RemoveOp(keys[1])); err != nil {
		return fmt.Errorf("unlink customers: %w", err)
	}
	return nil
}
