package bulkjobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"testing"

	"github.com/cxm/cxm/events/bulkjobs"
	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestJobFinishesOnItsEvents starts a 250-customer job (three chunks) whose starting process
// stops at different points, leaving only its pending events; a new process that receives
// them (with redeliveries of events handled already) finishes the job, moving every customer
// exactly once.
func TestJobFinishesOnItsEvents(t *testing.T) {
	t.Parallel()
	const n = 250
	tests := []struct {
		name string
		// before is how many events the first process handled before it stopped.
		before int
		// redeliver re-sends every event the first process saw to the second.
		redeliver bool
	}{
		{"stopped right after starting the job", 0, false},
		{"stopped after the first chunk", 1, false},
		{"stopped after two chunks, every event redelivered", 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s := dynamotest.Store(t)
			tn, err := store.NewTenant("1001")
			if err != nil {
				t.Fatal(err)
			}
			repo := assignment.NewRepo(s)
			var seed []assignment.Assignment
			for i := range n {
				seed = append(seed, assignment.Assignment{ContactID: int64(i + 1), AccountPlatformID: 2001, Role: role.SalesPerson, UserID: "from"})
			}
			if err := repo.Import(ctx, tn, seed); err != nil {
				t.Fatal(err)
			}

			// The first process: starts the job (its start is in the outbox with it), handles a
			// few of its events, stops. What it handled is kept for redelivery.
			firstBus := eventbus.NewMemory()
			var seen []eventbus.Event
			first := bulkjobs.Handler(assignment.NewRepo(s), s)
			stopped := errors.New("the process stopped")
			for _, typ := range []string{assignment.EventJobStarted, assignment.EventChunkDue} {
				firstBus.Subscribe(typ, func(ctx context.Context, e eventbus.Event) error {
					if len(seen) == tt.before {
						return stopped
					}
					seen = append(seen, e)
					return first(ctx, e)
				})
			}
			firstRelay := dynamotest.NewOutbox(t, s, firstBus)
			j, err := repo.Start(ctx, tn, assignment.BulkCriteria{Role: role.SalesPerson, FromUserID: "from", ToUserID: "to", Stores: []int64{2001}}, "manager")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := firstRelay.Drain(ctx); err == nil {
				t.Fatal("the first process handled every event, want it stopped")
			}
			if got, err := repo.Job(ctx, tn, j.ID); err != nil || got.Status != assignment.StatusRunning || got.NextChunk != tt.before {
				t.Fatalf("job when the process stopped = %+v, %v; want running at chunk %d", got, err, tt.before)
			}

			// The second process relays what is left in the outbox (and, if asked, gets the old
			// events again) until nothing is left.
			bus := eventbus.NewMemory()
			svc := wiring.New(s, bus, slog.New(slog.NewJSONHandler(io.Discard, nil)))
			for _, c := range bulkjobs.Consumers(svc) {
				for _, typ := range c.Types {
					bus.Subscribe(typ, c.Handle)
				}
			}
			relay := dynamotest.NewOutbox(t, s, bus)
			if tt.redeliver {
				if err := bus.Publish(ctx, seen...); err != nil {
					t.Fatal(err)
				}
			}
			for range 10 {
				if relay.Flush(t) == 0 {
					break
				}
			}
			done, err := repo.Job(ctx, tn, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			if done.Status != assignment.StatusDone || done.Done != n || done.Skipped != 0 || done.Failed != 0 || done.NextChunk != 3 {
				t.Fatalf("job = %+v, want done with %d moved in 3 chunks", done, n)
			}

			// Someone gives customer 1 back to the old user; a redelivered chunk 0 event must
			// not move it again, nor count anything.
			if _, err := repo.Set(ctx, tn, 1, 2001, []assignment.RoleChange{{Role: role.SalesPerson, UserID: "from"}}, "desk"); err != nil {
				t.Fatal(err)
			}
			if err := bus.Publish(ctx, assignment.StartedEvent(tn, j), assignment.ChunkEvent(tn, j.ID, 1, j.CreatedAt)); err != nil {
				t.Fatal(err)
			}
			again, err := repo.Job(ctx, tn, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			if again.Done != n || again.Version != done.Version {
				t.Errorf("job after redelivery = %+v, want it unchanged", again)
			}
			held, err := repo.Holders(ctx, tn, 2001, role.SalesPerson, "to")
			if err != nil {
				t.Fatal(err)
			}
			if len(held) != n-1 || slices.Contains(held, 1) {
				t.Errorf("the new user holds %d customers (customer 1: %v), want %d without customer 1", len(held), slices.Contains(held, 1), n-1)
			}
		})
	}
}

// TestChunkNotDue checks that an event of a chunk whose turn has not come fails (to be
// delivered again) and moves nobody.
func TestChunkNotDue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	repo := assignment.NewRepo(s)
	var seed []assignment.Assignment
	for i := range 150 {
		seed = append(seed, assignment.Assignment{ContactID: int64(i + 1), AccountPlatformID: 2001, Role: role.SalesPerson, UserID: "from"})
	}
	if err := repo.Import(ctx, tn, seed); err != nil {
		t.Fatal(err)
	}
	j, err := repo.Start(ctx, tn, assignment.BulkCriteria{Role: role.SalesPerson, FromUserID: "from", ToUserID: "to", Stores: []int64{2001}}, "manager")
	if err != nil {
		t.Fatal(err)
	}
	h := bulkjobs.Handler(repo, s)
	if err := h(ctx, assignment.ChunkEvent(tn, j.ID, 1, j.CreatedAt)); err == nil {
		t.Fatal("chunk 1 before chunk 0: no error, want one")
	}
	if held, err := repo.Holders(ctx, tn, 2001, role.SalesPerson, "to"); err != nil || len(held) != 0 {
		t.Errorf("moved %d customers, %v; want none", len(held), err)
	}
}
