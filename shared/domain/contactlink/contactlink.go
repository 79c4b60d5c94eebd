// Package contactlink stores symmetric links between two contacts of a dealer group: each
// side lives in its contact's own partition, under a sort key naming the other contact, so a
// contact's links are one query and a pair's two sides are written and removed together.
//
// Each kind of link names its sort-key prefix, and the package that uses it lists the record
// in its access-pattern table (household: HH#, enterprise: ENT#): the contact's partition
// (package contactkey), SK = {prefix}{otherId}; a contact's links of a kind are
// begins_with(SK, {prefix}).
package contactlink

import (
	"context"
	"fmt"
	"strconv"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Kind is one kind of link: the sort-key prefix its sides are stored under, and the name
// used in wrapped errors.
type Kind struct {
	Prefix string
	Name   string
}

// Key returns the key of contactID's side of its link to otherID.
func (k Kind) Key(t store.Tenant, contactID, otherID int64) (store.Key, error) {
	return contactkey.Key(t, contactID, k.Prefix+strconv.FormatInt(otherID, 10))
}

// Pair returns the keys of both sides of the link of a and b: a's side first.
func (k Kind) Pair(t store.Tenant, a, b int64) ([2]store.Key, error) {
	ka, err := k.Key(t, a, b)
	if err != nil {
		return [2]store.Key{}, err
	}
	kb, err := k.Key(t, b, a)
	if err != nil {
		return [2]store.Key{}, err
	}
	return [2]store.Key{ka, kb}, nil
}

// List returns the links of owners (a contact and the contacts merged into it), one per
// other contact as other names it, leaving out links between the owners themselves.
func List[L any](ctx context.Context, s *store.Store, t store.Tenant, k Kind, owners []int64, other func(L) int64) ([]L, error) {
	own := map[int64]bool{}
	for _, o := range owners {
		own[o] = true
	}
	seen := map[int64]bool{}
	var out []L
	for _, o := range owners {
		part, err := contactkey.Of(t, o)
		if err != nil {
			return nil, err
		}
		links, err := store.QueryAll[L](ctx, s, store.Query{Partition: part, SortPrefix: k.Prefix})
		if err != nil {
			return nil, fmt.Errorf("list %s of %d: %w", k.Name, o, err)
		}
		for _, l := range links {
			id := other(l)
			if own[id] || seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, l)
		}
	}
	return out, nil
}
