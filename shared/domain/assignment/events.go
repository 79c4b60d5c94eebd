package assignment

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Events of a bulk reassignment. A started job announces itself; the consumer that drives jobs
// (events/bulkjobs) moves chunk 0 on it, and after each chunk announces the next one, until the
// job is done. Nothing depends on the process that started the job, or on anyone polling.
const (
	// EventJobStarted is published when a job with contacts to move starts: its chunk 0 is due.
	EventJobStarted = "BulkReassignmentStarted"
	// EventChunkDue is published when a job recorded a chunk and has more: the next is due.
	EventChunkDue = "BulkReassignmentChunkDue"
	// EventJobFinished is published when a job recorded its last chunk; its detail is the job.
	EventJobFinished = "BulkReassignmentFinished"
)

// ChunkDetail is the detail of a bulk reassignment's events: the job and the chunk now due.
type ChunkDetail struct {
	JobID string `json:"jobId"`
	Chunk int    `json:"chunk"`
}

// StartedEvent returns the event announcing job j of tenant t. Its id is the job's, so
// announcing a job twice is one event to consumers.
func StartedEvent(t store.Tenant, j BulkJob) eventbus.Event {
	return chunkEvent(t, EventJobStarted, "bulkreassign-"+j.ID+"-started", ChunkDetail{JobID: j.ID}, j.CreatedAt)
}

// ChunkEvent returns the event announcing that chunk n of job id is due, at time at. Its id is
// the job's and the chunk's: announcing a chunk again is the same event.
func ChunkEvent(t store.Tenant, id string, n int, at time.Time) eventbus.Event {
	return chunkEvent(t, EventChunkDue, fmt.Sprintf("bulkreassign-%s-chunk-%d", id, n), ChunkDetail{JobID: id, Chunk: n}, at)
}

func chunkEvent(t store.Tenant, typ, id string, d ChunkDetail, at time.Time) eventbus.Event {
	detail, _ := json.Marshal(d) // a struct of a string and an int always marshals
	return eventbus.Event{ID: id, Type: typ, Account: t.Account(), Time: at.UTC(), Detail: detail}
}

// FinishedEvent returns the event announcing that job j of tenant t is done; its detail is the
// job with its counts. Its id is the job's: announcing the end twice is one event.
func FinishedEvent(t store.Tenant, j BulkJob) eventbus.Event {
	detail, _ := json.Marshal(j) // a job of strings, numbers and times always marshals
	return eventbus.Event{ID: "bulkreassign-" + j.ID + "-finished", Type: EventJobFinished, Account: t.Account(), Time: j.FinishedAt.UTC(), Detail: detail}
}
