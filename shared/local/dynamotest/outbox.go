package dynamotest

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Outbox delivers the events a test's writes put in its table's outbox to an in-process bus,
// through the table's stream as the local relay does.
type Outbox struct {
	// mu makes concurrent flushes take turns, so no event is delivered twice.
	mu     sync.Mutex
	stream *eventbus.Stream
	bus    *eventbus.Memory
}

// NewOutbox returns the relay of s's table to bus. Call Flush to deliver.
func NewOutbox(t testing.TB, s *store.Store, bus *eventbus.Memory) *Outbox {
	t.Helper()
	db, err := eventbus.ConnectStreams(context.Background(), os.Getenv(EndpointEnv))
	if err != nil {
		t.Fatal(err)
	}
	return &Outbox{stream: eventbus.NewStream(db, s, "test"), bus: bus}
}

// Flush delivers every event written so far and not delivered yet, and returns how many it
// delivered. A failed delivery (a subscriber's error) fails the test.
func (o *Outbox) Flush(t testing.TB) int {
	t.Helper()
	n, err := o.Drain(context.Background())
	if err != nil {
		t.Fatalf("deliver outbox events: %v", err)
	}
	return n
}

// Drain is Flush for callers without a test: it returns the delivery's error.
func (o *Outbox) Drain(ctx context.Context) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.stream.Drain(ctx, func(ctx context.Context, es []eventbus.Event) error { return o.bus.Publish(ctx, es...) })
}
