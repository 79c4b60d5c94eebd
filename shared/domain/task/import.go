package task

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Import stores tasks with the ids they carry, each with its entry in its store's index, in
// batches and without conditions: for seeding and bulk loads of tasks nobody writes meanwhile
// (a task stored already at an id is replaced). Every task is validated as Create validates
// it; an invalid one stops the import before anything is written.
func (r *Repo) Import(ctx context.Context, t store.Tenant, tasks []Task) error {
	recs := make([]store.Record, 0, len(tasks))
	for _, task := range tasks {
		if err := Validate(task); err != nil {
			return fmt.Errorf("import task %s: %w", task.ID, err)
		}
		k, err := taskKey(t, task.ContactID, task.ID)
		if err != nil {
			return err
		}
		byStore, err := storeIndexKey(t, task)
		if err != nil {
			return err
		}
		recs = append(recs, store.Record{Key: k, Indexes: []store.IndexKey{byStore}, Type: "Task", Value: task})
	}
	if err := r.s.BatchPut(ctx, recs); err != nil {
		return fmt.Errorf("import tasks: %w", err)
	}
	return nil
}
