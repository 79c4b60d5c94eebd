package task

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// dueLayout writes a due time in a sort key: fixed width, so keys sort as the times do.
const dueLayout = "2006-01-02T15:04:05.000Z"

// storeIndexKey is task's entry in the index of its store's tasks by due time, written with the
// task itself.
func storeIndexKey(t store.Tenant, task Task) (store.IndexKey, error) {
	return t.IndexKey("GSI1", task.DueAt.UTC().Format(dueLayout)+"#"+task.ID, "TS", strconv.FormatInt(task.AccountPlatformID, 10))
}

// InStore calls fn with every task of store storeID due in [from, to) (a zero bound is none),
// the earliest due first, reading the store's index a page at a time without holding the
// tasks. fn returning an error stops and returns it.
func (r *Repo) InStore(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time, fn func(Task) error) error {
	part, err := t.Partition("TS", strconv.FormatInt(storeID, 10))
	if err != nil {
		return err
	}
	q := store.Query{Index: "GSI1", Partition: part, Limit: 500}
	if !from.IsZero() || !to.IsZero() {
		q.SortFrom, q.SortTo = "0", "9"
		if !from.IsZero() {
			q.SortFrom = from.UTC().Format(dueLayout)
		}
		if !to.IsZero() {
			// Keys of tasks due at to itself sort after "{to}" and are left out, as the
			// range's end is.
			q.SortTo = to.UTC().Format(dueLayout)
		}
	}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("tasks of store %d: %w", storeID, err)
		}
		var ts []Task
		if err := page.Decode(&ts); err != nil {
			return err
		}
		for _, tk := range ts {
			if err := fn(tk); err != nil {
				return err
			}
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}
