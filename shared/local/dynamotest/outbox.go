package dynamotest

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Outbox delivers the events a test's writes put in the outbox to an in-process bus, as the
// relay does, in the order their transactions committed. It learns of them from the store's
// commit hook rather than from the table's stream, which DynamoDB Local is slow to read; the
// relay's reading of the stream has tests of its own (events/relay). An event is delivered
// only once its transaction committed: a write that fails announces nothing.
type Outbox struct {
	q   *queue
	bus *eventbus.Memory
}

// queue is a store's events not delivered yet, shared by every Outbox of that store, as the
// outbox items in a table wait for whichever relay reads them next.
type queue struct {
	mu      sync.Mutex
	pending []eventbus.Event
	// deliver makes concurrent flushes take turns, so no event is delivered twice at once.
	deliver sync.Mutex
}

var queues sync.Map // *store.Store → *queue

// NewOutbox returns the relay of s's outbox to bus. Call Flush to deliver.
func NewOutbox(t testing.TB, s *store.Store, bus *eventbus.Memory) *Outbox {
	t.Helper()
	q := &queue{}
	if prev, loaded := queues.LoadOrStore(s, q); loaded {
		q = prev.(*queue)
	} else {
		s.OnCommit(func(_ context.Context, created []store.Record) {
			for _, r := range created {
				if e, ok := eventbus.OutboxEvent(r); ok {
					q.mu.Lock()
					q.pending = append(q.pending, e)
					q.mu.Unlock()
				}
			}
		})
		t.Cleanup(func() { queues.Delete(s) })
	}
	return &Outbox{q: q, bus: bus}
}

// Flush delivers every event written so far and not delivered yet, and those their consumers
// write while it runs, and returns how many it delivered. A failed delivery (a subscriber's
// error) fails the test.
func (o *Outbox) Flush(t testing.TB) int {
	t.Helper()
	n, err := o.Drain(context.Background())
	if err != nil {
		t.Fatalf("deliver outbox events: %v", err)
	}
	return n
}

// Drain is Flush for callers without a test: it returns the delivery's error, and the events
// of the failed delivery stay to be delivered again, as the relay's checkpoint stays.
func (o *Outbox) Drain(ctx context.Context) (int, error) {
	o.q.deliver.Lock()
	defer o.q.deliver.Unlock()
	n := 0
	for {
		o.q.mu.Lock()
		batch := o.q.pending
		o.q.pending = nil
		o.q.mu.Unlock()
		if len(batch) == 0 {
			return n, nil
		}
		if err := o.bus.Publish(ctx, batch...); err != nil {
			o.q.mu.Lock()
			o.q.pending = append(slices.Clone(batch), o.q.pending...)
			o.q.mu.Unlock()
			return n, err
		}
		n += len(batch)
	}
}

// Settle delivers events until no more come (consumers' events included), and fails the test
// when they keep coming.
func (o *Outbox) Settle(t testing.TB) {
	t.Helper()
	for range 20 {
		if o.Flush(t) == 0 {
			return
		}
	}
	t.Fatal("events kept coming")
}
