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
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/apperr"
	"github.com/cxm/cxm/shared/store"
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
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: time.Now} }

const sortPrefix = "ENT#"

func linkKey(t store.Tenant, contactID, linkedID int64) (store.Key, error) {
	return t.Key(sortPrefix+strconv.FormatInt(linkedID, 10), "C", strconv.FormatInt(contactID, 10))
}

// Linked returns the links of owners (a contact and the contacts merged into it), one per
// linked contact, leaving out links between the owners themselves.
func (r *Repo) Linked(ctx context.Context, t store.Tenant, owners []int64) ([]Link, error) {
	own := map[int64]bool{}
	for _, o := range owners {
		own[o] = true
	}
	seen := map[int64]bool{}
	var out []Link
	for _, o := range owners {
		part, err := t.Partition("C", strconv.FormatInt(o, 10))
		if err != nil {
			return nil, err
		}
		links, err := store.QueryAll[Link](ctx, r.s, store.Query{Partition: part, SortPrefix: sortPrefix})
		if err != nil {
			return nil, fmt.Errorf("list links of %d: %w", o, err)
		}
		for _, l := range links {
			if !own[l.LinkedID] && !seen[l.LinkedID] {
				seen[l.LinkedID] = true
				out = append(out, l)
			}
		}
	}
	return out, nil
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
	now := r.now().UTC()
	var ops []store.Op
	for _, pair := range [][2]int64{{a, b}, {b, a}} {
		k, err := linkKey(t, pair[0], pair[1])
		if err != nil {
			return err
		}
		ops = append(ops, store.CreateOp(store.Record{Key: k, Type: "EnterpriseLink", Value: Link{ContactID: pair[0], LinkedID: pair[1], LinkedAt: now, LinkedBy: by}}))
	}
	err := r.s.Transact(ctx, ops...)
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
	var ops []store.Op
	for _, pair := range [][2]int64{{a, b}, {b, a}} {
		k, err := linkKey(t, pair[0], pair[1])
		if err != nil {
			return err
		}
		ops = append(ops, store.RemoveOp(k))
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		return fmt.Errorf("unlink customers: %w", err)
	}
	return nil
}
