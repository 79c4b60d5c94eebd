// Package bulkjobs drives bulk reassignments to the end by events: a started job's event moves
// its chunk 0, and each recorded chunk announces the next, so a job finishes by itself, in AWS
// (EventBridge invokes the consumer's function per event, with retries) and locally (the relay
// delivers to it in-process), whether or not the process that started it still runs and
// whether or not anyone reads its progress.
package bulkjobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Name is the consumer's name.
const Name = "bulk-reassignment"

// Consumers returns the package's consumers: the one that moves bulk reassignments' chunks.
func Consumers(svc wiring.Services) []eventbus.Consumer {
	return []eventbus.Consumer{{
		Name:   Name,
		Types:  []string{assignment.EventJobStarted, assignment.EventChunkDue},
		Handle: Handler(assignment.NewRepo(svc.Store), svc.Store),
	}}
}

// Handler returns the handler that moves the chunk an event announces and announces the next
// one in the outbox of st, or the job's end (assignment.EventJobFinished) after its last chunk.
//
// It is idempotent by event id because an event names one (job, chunk): the job records each
// chunk with its progress in one versioned transaction, a chunk recorded already is left
// alone, and each contact's move is a conditional write that recognises the job's own earlier
// move. A redelivered event therefore moves nobody and counts nothing twice; it announces the
// job's next chunk again (the same event id), which is what lets a job continue after a
// handler stopped between recording a chunk and announcing the next.
func Handler(jobs *assignment.Repo, st *store.Store) eventbus.Handler {
	return func(ctx context.Context, e eventbus.Event) error {
		var d assignment.ChunkDetail
		if err := json.Unmarshal(e.Detail, &d); err != nil || d.JobID == "" {
			return fmt.Errorf("event %s: bad detail %s", e.ID, e.Detail)
		}
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return fmt.Errorf("event %s: %w", e.ID, err)
		}
		j, err := jobs.StepChunk(ctx, t, d.JobID, d.Chunk)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil // the job is gone (expired): nothing to move
		}
		if err != nil {
			return fmt.Errorf("job %s chunk %d: %w", d.JobID, d.Chunk, err)
		}
		if j.Status == assignment.StatusDone {
			if err := eventbus.Announce(ctx, st, assignment.FinishedEvent(t, j)); err != nil {
				return fmt.Errorf("announce the end of job %s: %w", j.ID, err)
			}
			return nil
		}
		if err := eventbus.Announce(ctx, st, assignment.ChunkEvent(t, j.ID, j.NextChunk, j.UpdatedAt)); err != nil {
			return fmt.Errorf("announce chunk %d of job %s: %w", j.NextChunk, j.ID, err)
		}
		return nil
	}
}
