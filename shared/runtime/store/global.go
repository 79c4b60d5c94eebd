package store

import (
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Global keys are for the few items and index entries that belong to no tenant because a
// process serving every tenant reads them: the schedule of due timers (an index entry per
// timer, whose item itself is under its tenant) and that schedule's checkpoint. They start
// with G#, so they never meet a tenant's (A#) or a directory's (DIR#) keys, and they hold
// pointers and times only, never tenant data.

func globalPartition(parts []string) (string, error) {
	if len(parts) == 0 {
		return "", apperr.Errorf(apperr.Internal, "global key without parts")
	}
	for _, p := range parts {
		if p == "" || strings.Contains(p, "#") {
			return "", apperr.Errorf(apperr.Internal, "bad global key part %q", p)
		}
	}
	return "G#" + strings.Join(parts, "#"), nil
}

// GlobalKey returns the key of a global item with sort key sort in the partition named by
// parts.
func GlobalKey(sort string, parts ...string) (Key, error) {
	pk, err := globalPartition(parts)
	if err != nil {
		return Key{}, err
	}
	if sort == "" {
		return Key{}, apperr.Errorf(apperr.Internal, "empty sort key")
	}
	return Key{pk: pk, sk: sort}, nil
}

// GlobalIndexKey returns a global key of an item in index: the item itself is under its
// tenant, its entry in index is found across tenants.
func GlobalIndexKey(index, sort string, parts ...string) (IndexKey, error) {
	pk, err := globalPartition(parts)
	if err != nil {
		return IndexKey{}, err
	}
	return IndexKey{index: index, pk: pk, sk: sort}, nil
}

// GlobalPartition returns the global partition named by parts, to query.
func GlobalPartition(parts ...string) (Partition, error) {
	pk, err := globalPartition(parts)
	if err != nil {
		return Partition{}, err
	}
	return Partition{pk: pk}, nil
}
