package assignment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/runtime/eventbus"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// BulkCriteria choose the contacts a bulk reassignment moves: those FromUserID holds for Role in
// Stores, which go to ToUserID.
type BulkCriteria struct {
	Role       string  `json:"role" doc:"The role's system name (SalesPerson, BDCAgent, ServiceAdvisor, SalesManager, FIManager)."`
	FromUserID string  `json:"fromUserId" doc:"The user the customers are assigned to now."`
	ToUserID   string  `json:"toUserId" required:"false" doc:"The user the customers go to; not needed for a count."`
	Stores     []int64 `json:"accountPlatformIds" required:"false" nullable:"false" doc:"The stores whose customers move; none means every store of the Scope header the caller may view."`
}

// BulkJob statuses.
const (
	StatusRunning = "running"
	StatusDone    = "done"
)

// ChunkSize is how many contacts one step of a job moves.
const ChunkSize = 100

// BulkJob is a bulk reassignment and its progress. Done counts the contacts moved, Skipped those
// no longer held by the from-user when their turn came (someone reassigned them meanwhile), and
// Failed those that could not be written; Done + Skipped + Failed reaches Total when Status is
// done.
type BulkJob struct {
	ID         string       `json:"id"`
	Criteria   BulkCriteria `json:"criteria"`
	Status     string       `json:"status" enum:"running,done"`
	Total      int          `json:"total"`
	Done       int          `json:"done"`
	Skipped    int          `json:"skipped"`
	Failed     int          `json:"failed"`
	Chunks     int          `json:"chunks"`
	NextChunk  int          `json:"nextChunk"`
	CreatedAt  time.Time    `json:"createdAt"`
	CreatedBy  string       `json:"createdBy"`
	UpdatedAt  time.Time    `json:"updatedAt"`
	FinishedAt time.Time    `json:"finishedAt,omitzero"`
	Version    int64        `json:"version" dynamodbav:"-"`
}

// chunk is one chunk of a job: the contacts (with their stores) it moves, fixed when the job
// starts, and its outcome once processed.
type chunk struct {
	N         int
	Contacts  []int64
	Stores    []int64
	Processed bool
	Done      int
	Skipped   int
	Failed    int
}

func jobKey(t store.Tenant, id string) (store.Key, error) {
	return t.Key("JOB#"+id, "ASSIGNJOBS")
}

func chunkKey(t store.Tenant, id string, n int) (store.Key, error) {
	return t.Key(fmt.Sprintf("CHUNK#%06d", n), "ASSIGNJOBS", id)
}

// Count returns how many contacts c would move, reading one index partition per store.
func (r *Repo) Count(ctx context.Context, t store.Tenant, c BulkCriteria) (int, error) {
	n := 0
	for _, st := range c.Stores {
		ids, err := r.Holders(ctx, t, st, c.Role, c.FromUserID)
		if err != nil {
			return 0, err
		}
		n += len(ids)
	}
	return n, nil
}

// Start fixes the contacts c moves, in chunks of ChunkSize, and creates the job that moves
// them; Run (or Step) does the moving. The criteria are the caller's to check.
func (r *Repo) Start(ctx context.Context, t store.Tenant, c BulkCriteria, by string) (BulkJob, error) {
	id := newJobID()
	var chunks []store.Record
	var cur chunk
	total := 0
	flush := func() error {
		if len(cur.Contacts) == 0 {
			return nil
		}
		k, err := chunkKey(t, id, cur.N)
		if err != nil {
			return err
		}
		chunks = append(chunks, store.Record{Key: k, Type: "AssignmentChunk", Value: cur})
		cur = chunk{N: cur.N + 1}
		return nil
	}
	for _, st := range c.Stores {
		ids, err := r.Holders(ctx, t, st, c.Role, c.FromUserID)
		if err != nil {
			return BulkJob{}, err
		}
		for _, cid := range ids {
			cur.Contacts, cur.Stores = append(cur.Contacts, cid), append(cur.Stores, st)
			total++
			if len(cur.Contacts) == ChunkSize {
				if err := flush(); err != nil {
					return BulkJob{}, err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return BulkJob{}, err
	}
	if err := r.s.BatchPut(ctx, chunks); err != nil {
		return BulkJob{}, fmt.Errorf("write job chunks: %w", err)
	}
	now := r.now().UTC()
	j := BulkJob{ID: id, Criteria: c, Status: StatusRunning, Total: total, Chunks: len(chunks), CreatedAt: now, CreatedBy: by, UpdatedAt: now}
	if total == 0 {
		j.Status, j.FinishedAt = StatusDone, now
	}
	k, err := jobKey(t, id)
	if err != nil {
		return BulkJob{}, err
	}
	// A running job's start is announced in the job's own transaction: the job runs on its
	// events (events/bulkjobs), so a job is never created without them.
	ops := []store.Op{store.CreateOp(store.Record{Key: k, Type: "AssignmentJob", Value: j})}
	if j.Status != StatusDone {
		started, err := eventbus.OutboxOp(t, StartedEvent(t, j))
		if err != nil {
			return BulkJob{}, err
		}
		ops = append(ops, started)
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		return BulkJob{}, fmt.Errorf("create job: %w", err)
	}
	j.Version = 1
	return j, nil
}

// MsgNoJob is the message of a job that does not exist.
const MsgNoJob = "The reassignment does not exist."

// Job returns job id. A missing job is a NotFound error.
func (r *Repo) Job(ctx context.Context, t store.Tenant, id string) (BulkJob, error) {
	k, err := jobKey(t, id)
	if err != nil {
		return BulkJob{}, err
	}
	var j BulkJob
	v, err := r.s.Get(ctx, k, &j)
	if apperr.CodeOf(err) == apperr.NotFound {
		return BulkJob{}, apperr.Errorf(apperr.NotFound, MsgNoJob)
	}
	if err != nil {
		return BulkJob{}, fmt.Errorf("get job %s: %w", id, err)
	}
	j.Version = v
	return j, nil
}

// Run steps job id until it is done or ctx ends.
func (r *Repo) Run(ctx context.Context, t store.Tenant, id string) (BulkJob, error) {
	for {
		j, err := r.Step(ctx, t, id)
		if err != nil || j.Status == StatusDone {
			return j, err
		}
	}
}

// Step moves the job's next chunk and records its outcome with the job's progress in one
// transaction. Each contact's move is a conditional write that recognises a move this job
// already made, so a step that is retried, or run by two workers at once, moves every contact
// exactly once and counts it once: only one of the two records the chunk.
func (r *Repo) Step(ctx context.Context, t store.Tenant, id string) (BulkJob, error) {
	return r.step(ctx, t, id, -1)
}

// StepChunk moves chunk n of job id as Step does, if n is the job's next chunk. A chunk the
// job recorded already, or a finished job, is left alone and the job returned as it is: a
// redelivered chunk event moves nobody twice. A chunk after the next one is a Conflict error
// (its turn has not come; the event is delivered again later).
func (r *Repo) StepChunk(ctx context.Context, t store.Tenant, id string, n int) (BulkJob, error) {
	if n < 0 {
		return BulkJob{}, apperr.Errorf(apperr.Invalid, "chunk %d of job %s", n, id)
	}
	return r.step(ctx, t, id, n)
}

// step moves the job's next chunk; when want is not -1, only if that chunk is want.
func (r *Repo) step(ctx context.Context, t store.Tenant, id string, want int) (BulkJob, error) {
	for {
		j, err := r.Job(ctx, t, id)
		if err != nil || j.Status == StatusDone {
			return j, err
		}
		if want >= 0 && j.NextChunk > want {
			return j, nil
		}
		if want >= 0 && j.NextChunk < want {
			return BulkJob{}, apperr.Errorf(apperr.Conflict, "chunk %d of job %s is not due: chunk %d is next", want, id, j.NextChunk)
		}
		ck, err := chunkKey(t, id, j.NextChunk)
		if err != nil {
			return BulkJob{}, err
		}
		var ch chunk
		cv, err := r.s.Get(ctx, ck, &ch)
		if err != nil {
			return BulkJob{}, fmt.Errorf("read chunk %d of job %s: %w", j.NextChunk, id, err)
		}
		if !ch.Processed {
			ch.Done, ch.Skipped, ch.Failed = r.moveAll(ctx, t, j, ch)
		}
		ch.Processed = true
		next := j
		next.NextChunk++
		next.Done, next.Skipped, next.Failed = j.Done+ch.Done, j.Skipped+ch.Skipped, j.Failed+ch.Failed
		next.UpdatedAt = r.now().UTC()
		if next.NextChunk >= j.Chunks {
			next.Status, next.FinishedAt = StatusDone, next.UpdatedAt
		}
		jk, err := jobKey(t, id)
		if err != nil {
			return BulkJob{}, err
		}
		err = r.s.Transact(ctx,
			store.UpdateOp(store.Record{Key: ck, Type: "AssignmentChunk", Value: ch, Version: cv}),
			store.UpdateOp(store.Record{Key: jk, Type: "AssignmentJob", Value: next, Version: j.Version}),
		)
		if apperr.CodeOf(err) == apperr.Conflict {
			continue // another worker recorded this chunk: read the job again
		}
		if err != nil {
			return BulkJob{}, fmt.Errorf("record chunk %d of job %s: %w", j.NextChunk, id, err)
		}
		next.Version = j.Version + 1
		return next, nil
	}
}

// workers is how many contacts of a chunk move at once.
const workers = 8

// moveAll moves the contacts of ch and counts the outcomes.
func (r *Repo) moveAll(ctx context.Context, t store.Tenant, j BulkJob, ch chunk) (done, skipped, failed int) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				moved, err := r.move(ctx, t, j, ch.Contacts[i], ch.Stores[i])
				mu.Lock()
				switch {
				case err != nil:
					failed++
				case moved:
					done++
				default:
					skipped++
				}
				mu.Unlock()
			}
		}()
	}
	for i := range ch.Contacts {
		next <- i
	}
	close(next)
	wg.Wait()
	return done, skipped, failed
}

// move reassigns one contact's role from the job's from-user to its to-user with a versioned
// write, re-reading it when another write got in between. It reports whether the contact is
// moved by this job (now or by an earlier try of the same chunk); false when it no longer
// belongs to the from-user.
func (r *Repo) move(ctx context.Context, t store.Tenant, j BulkJob, contactID, st int64) (bool, error) {
	c := j.Criteria
	k, err := itemKey(t, contactID, c.Role)
	if err != nil {
		return false, err
	}
	for attempt := 0; ; attempt++ {
		var it item
		v, err := r.s.Get(ctx, k, &it)
		if apperr.CodeOf(err) == apperr.NotFound {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if it.JobID == j.ID && it.UserID == c.ToUserID {
			return true, nil
		}
		if it.UserID != c.FromUserID || it.Store != st {
			return false, nil
		}
		it.UserID, it.JobID, it.AssignedAt, it.AssignedBy = c.ToUserID, j.ID, r.now().UTC(), j.CreatedBy
		rec, err := record(t, it, v)
		if err != nil {
			return false, err
		}
		_, err = r.s.Update(ctx, rec)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 8 {
			continue
		}
		if err != nil {
			return false, fmt.Errorf("move contact %d: %w", contactID, err)
		}
		return true, nil
	}
}

func newJobID() string {
	var b [8]byte
	rand.Read(b[:])
	return strconv.FormatInt(time.Now().Unix(), 36) + hex.EncodeToString(b[:])
}
