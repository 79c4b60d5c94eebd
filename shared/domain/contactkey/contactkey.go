// Package contactkey owns a customer's partition. The contact and every record kept under
// it — its search entries, leads, tasks, repair orders, links, assignments, change log — take
// their keys from here with sort keys of their own, and the activity feed's partitions hang
// below it. No other code spells the partition.
//
// The record types of the customer's partition and their sort-key prefixes are listed in
// each owning package's Records; the tests check that no two of them share a prefix.
package contactkey

import (
	"strconv"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Partition is the notation of the customer's partition in record types.
const Partition = "C#{contact}"

// Parts returns the partition key parts of the customer id, followed by more (a partition
// below the customer's, such as its activity feed).
func Parts(id int64, more ...string) []string {
	return append([]string{"C", strconv.FormatInt(id, 10)}, more...)
}

// Key returns the key of the record with sort key sort in customer id's partition.
func Key(t store.Tenant, id int64, sort string) (store.Key, error) {
	return t.Key(sort, Parts(id)...)
}

// Of returns customer id's partition, for queries.
func Of(t store.Tenant, id int64) (store.Partition, error) {
	return t.Partition(Parts(id)...)
}
