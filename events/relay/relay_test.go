package relay_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/cxm/cxm/events/relay"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// at is the tests' clock: a fixed instant, never the wall clock.
var at = time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)

type fixture struct {
	s      *store.Store
	stream *eventbus.Stream
	tenant store.Tenant
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	s := dynamotest.StreamStore(t)
	db, err := eventbus.ConnectStreams(context.Background(), os.Getenv(dynamotest.EndpointEnv))
	if err != nil {
		t.Fatal(err)
	}
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	return fixture{s: s, stream: eventbus.NewStream(db, s, "test"), tenant: tn}
}

// note is the record the tests change, with the event that announces the change.
type note struct {
	ID   string
	Text string
}

func (f fixture) noteKey(t *testing.T, id string) store.Key {
	t.Helper()
	k, err := f.tenant.Key("NOTE", "NOTES", id)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// createNote creates note id and its NoteCreated event in one transaction.
func (f fixture) createNote(ctx context.Context, t *testing.T, id string) error {
	t.Helper()
	detail, _ := json.Marshal(note{ID: id})
	out, err := eventbus.OutboxOp(f.tenant, eventbus.Event{ID: "note-" + id, Type: "NoteCreated", Account: "1001", Time: at, Detail: detail})
	if err != nil {
		t.Fatal(err)
	}
	return f.s.Transact(ctx, store.CreateOp(store.Record{Key: f.noteKey(t, id), Type: "Note", Value: note{ID: id, Text: "hello"}}), out)
}

// collect is a Deliver that records every event it receives.
type collect struct {
	mu     sync.Mutex
	events []eventbus.Event
}

func (c *collect) deliver(_ context.Context, es []eventbus.Event) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.events = append(c.events, es...)
	return nil
}

func (c *collect) ids() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ids []string
	for _, e := range c.events {
		ids = append(ids, e.ID)
	}
	return ids
}

func TestFailedWritePublishesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	if err := f.createNote(ctx, t, "1"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		ops  func() []store.Op
	}{
		{"create of an existing item", func() []store.Op {
			return []store.Op{store.CreateOp(store.Record{Key: f.noteKey(t, "1"), Type: "Note", Value: note{ID: "1"}})}
		}},
		{"update at a stale version", func() []store.Op {
			return []store.Op{store.UpdateOp(store.Record{Key: f.noteKey(t, "1"), Type: "Note", Value: note{ID: "1", Text: "late"}, Version: 7})}
		}},
		{"check of a missing item", func() []store.Op { return []store.Op{store.CheckOp(f.noteKey(t, "2"), 1)} }},
	}
	for i, tt := range tests {
		out, err := eventbus.OutboxOp(f.tenant, eventbus.Event{ID: fmt.Sprintf("failed-%d", i), Type: "NoteChanged", Account: "1001", Time: at, Detail: json.RawMessage(`{}`)})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.s.Transact(ctx, append(tt.ops(), out)...); apperr.CodeOf(err) != apperr.Conflict {
			t.Errorf("%s: Transact = %v, want a conflict", tt.name, err)
		}
	}
	// The same event id written again fails its write too.
	if err := f.createNote(ctx, t, "1"); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("second write of note-1 = %v, want a conflict", err)
	}
	var got collect
	if _, err := f.stream.Drain(ctx, got.deliver); err != nil {
		t.Fatal(err)
	}
	if ids := got.ids(); len(ids) != 1 || ids[0] != "note-1" {
		t.Errorf("delivered %v, want only note-1", ids)
	}
	if len(got.events) == 1 {
		e := got.events[0]
		if e.Type != "NoteCreated" || e.Account != "1001" || !e.Time.Equal(at) || string(e.Detail) != `{"ID":"1","Text":""}` {
			t.Errorf("delivered %+v", e)
		}
	}
}

// counter is the effect of the test consumer: how many notes it has seen.
type counter struct{ Seen int }

func (f fixture) counterKey(t *testing.T) store.Key {
	t.Helper()
	k, err := f.tenant.Key("COUNT", "NOTECOUNT")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// addOne is an effect that adds one to the counter, counting its runs in calls.
func (f fixture) addOne(t *testing.T, calls *int) eventbus.Effect {
	k := f.counterKey(t)
	return func(ctx context.Context, e eventbus.Event) ([]store.Op, error) {
		*calls++
		var c counter
		v, err := f.s.Get(ctx, k, &c)
		if apperr.CodeOf(err) == apperr.NotFound {
			return []store.Op{store.CreateOp(store.Record{Key: k, Type: "Counter", Value: counter{Seen: 1}})}, nil
		}
		if err != nil {
			return nil, err
		}
		return []store.Op{store.UpdateOp(store.Record{Key: k, Type: "Counter", Value: counter{Seen: c.Seen + 1}, Version: v})}, nil
	}
}

// countNotes is a consumer whose effect is to add one to the counter for each note event.
func (f fixture) countNotes(t *testing.T, calls *int) eventbus.Consumer {
	return eventbus.Consumer{Name: "note-counter", Types: []string{"NoteCreated"}, Handle: eventbus.Once(f.s, "note-counter", f.addOne(t, calls))}
}

func (f fixture) seen(ctx context.Context, t *testing.T) int {
	t.Helper()
	var c counter
	if _, err := f.s.Get(ctx, f.counterKey(t), &c); err != nil && apperr.CodeOf(err) != apperr.NotFound {
		t.Fatal(err)
	}
	return c.Seen
}

func TestRedeliveryAfterCrashHasOneEffect(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	bus := eventbus.NewMemory()
	var calls int
	bus.Register(f.countNotes(t, &calls))
	var deliveries int
	bus.Subscribe("NoteCreated", func(context.Context, eventbus.Event) error { deliveries++; return nil })
	deliver := func(ctx context.Context, es []eventbus.Event) error { return bus.Publish(ctx, es...) }

	before, err := f.stream.Checkpoints(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"1", "2", "3"} {
		if err := f.createNote(ctx, t, id); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name           string
		rewind         bool
		wantDeliveries int
	}{
		{"first delivery", false, 3},
		{"relay restarted from the old checkpoint", true, 6},
		{"caught up", false, 6},
	}
	for _, tt := range tests {
		if tt.rewind {
			// The relay published, then stopped before its checkpoint moved.
			if err := f.stream.Rewind(ctx, before); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.stream.Drain(ctx, deliver); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := f.seen(ctx, t); got != 3 {
			t.Errorf("%s: counter = %d, want 3", tt.name, got)
		}
		if deliveries != tt.wantDeliveries {
			t.Errorf("%s: %d deliveries, want %d", tt.name, deliveries, tt.wantDeliveries)
		}
		if calls != 3 {
			t.Errorf("%s: effect ran %d times, want 3", tt.name, calls)
		}
	}
}

func TestConcurrentDuplicatesHaveOneEffect(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	var calls int
	count := f.countNotes(t, &calls).Handle
	// Two deliveries of one event that both find it unprocessed before either commits.
	var ready sync.WaitGroup
	ready.Add(2)
	var mu sync.Mutex
	racing := eventbus.Once(f.s, "racing", func(ctx context.Context, e eventbus.Event) ([]store.Op, error) {
		ready.Done()
		ready.Wait()
		mu.Lock()
		defer mu.Unlock()
		k := f.counterKey(t)
		return []store.Op{store.CreateOp(store.Record{Key: k, Type: "Counter", Value: counter{Seen: 1}})}, nil
	})
	e := eventbus.Event{ID: "note-9", Type: "NoteCreated", Account: "1001", Time: at, Detail: json.RawMessage(`{}`)}
	errs := make(chan error, 2)
	for range 2 {
		go func() { errs <- racing(ctx, e) }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("delivery failed: %v", err)
		}
	}
	if got := f.seen(ctx, t); got != 1 {
		t.Errorf("counter = %d, want 1", got)
	}
	// Sequential redeliveries to another consumer: the effect runs once.
	for range 3 {
		if err := count(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 1 {
		t.Errorf("effect ran %d times for 3 deliveries, want 1", calls)
	}
}

func TestEventsArriveAfterTheWriteIsVisible(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	bus := eventbus.NewMemory()
	var missing []string
	var got int
	bus.Subscribe("NoteCreated", func(ctx context.Context, e eventbus.Event) error {
		var n note
		if err := json.Unmarshal(e.Detail, &n); err != nil {
			return err
		}
		got++
		var stored note
		if _, err := f.s.Get(ctx, f.noteKey(t, n.ID), &stored); err != nil {
			missing = append(missing, n.ID)
		}
		return nil
	})
	// Two rounds: the second reads on from where the first stopped.
	for round := range 2 {
		for i := range 10 {
			if err := f.createNote(ctx, t, fmt.Sprint(round*10+i)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.stream.Drain(ctx, func(ctx context.Context, es []eventbus.Event) error { return bus.Publish(ctx, es...) }); err != nil {
			t.Fatal(err)
		}
	}
	if got != 20 || len(missing) > 0 {
		t.Errorf("delivered %d events, %d of them before their note was readable (%v); want 20, 0", got, len(missing), missing)
	}
}

func TestFailedDeliveryKeepsTheCheckpoint(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	if err := f.createNote(ctx, t, "1"); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("consumer down")
	if _, err := f.stream.Drain(ctx, func(context.Context, []eventbus.Event) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("Drain = %v, want %v", err, boom)
	}
	var got collect
	if _, err := f.stream.Drain(ctx, got.deliver); err != nil {
		t.Fatal(err)
	}
	if ids := got.ids(); len(ids) != 1 || ids[0] != "note-1" {
		t.Errorf("after a failed delivery, delivered %v, want note-1 again", ids)
	}
}

// fakeBus rejects the events whose ids it lists.
type fakeBus struct {
	reject map[string]bool
	put    []string
}

func (b *fakeBus) PutEach(_ context.Context, es ...eventbus.Event) []error {
	errs := make([]error, len(es))
	for i, e := range es {
		if b.reject[e.ID] {
			errs[i] = errors.New("throttled")
			continue
		}
		b.put = append(b.put, e.ID)
	}
	return errs
}

func outboxImage(id string) map[string]events.DynamoDBAttributeValue {
	return map[string]events.DynamoDBAttributeValue{
		"PK":        events.NewStringAttribute("A#1001#OUTBOX#" + id),
		"Type":      events.NewStringAttribute(eventbus.OutboxType),
		"EventID":   events.NewStringAttribute(id),
		"EventType": events.NewStringAttribute("NoteCreated"),
		"Account":   events.NewStringAttribute("1001"),
		"EventTime": events.NewStringAttribute(at.Format(time.RFC3339Nano)),
		"Detail":    events.NewStringAttribute(`{"n":1}`),
		"Version":   events.NewNumberAttribute("1"),
	}
}

func record(seq, name string, image map[string]events.DynamoDBAttributeValue) events.DynamoDBEventRecord {
	return events.DynamoDBEventRecord{EventName: name, Change: events.DynamoDBStreamRecord{SequenceNumber: seq, NewImage: image}}
}

func TestLambdaReportsOnlyFailedRecords(t *testing.T) {
	t.Parallel()
	broken := outboxImage("e-bad")
	broken["EventTime"] = events.NewStringAttribute("yesterday")
	note := map[string]events.DynamoDBAttributeValue{"Type": events.NewStringAttribute("Note")}
	tests := []struct {
		name     string
		records  []events.DynamoDBEventRecord
		reject   map[string]bool
		wantPut  []string
		wantFail []string
	}{
		{"all accepted", []events.DynamoDBEventRecord{record("1", "INSERT", outboxImage("e1")), record("2", "INSERT", outboxImage("e2"))}, nil, []string{"e1", "e2"}, nil},
		{"other items and changes skipped", []events.DynamoDBEventRecord{record("1", "INSERT", note), record("2", "REMOVE", nil), record("3", "MODIFY", outboxImage("e3")), record("4", "INSERT", outboxImage("e4"))}, nil, []string{"e4"}, nil},
		{"partial failure", []events.DynamoDBEventRecord{record("1", "INSERT", outboxImage("e1")), record("2", "INSERT", outboxImage("e2")), record("3", "INSERT", outboxImage("e3"))}, map[string]bool{"e2": true}, []string{"e1", "e3"}, []string{"2"}},
		{"undecodable outbox item", []events.DynamoDBEventRecord{record("1", "INSERT", broken), record("2", "INSERT", outboxImage("e2"))}, nil, []string{"e2"}, []string{"1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bus := &fakeBus{reject: tt.reject}
			l := relay.NewLambda(bus, slog.New(slog.NewTextHandler(io.Discard, nil)))
			out, err := l.Handle(context.Background(), events.DynamoDBEvent{Records: tt.records})
			if err != nil {
				t.Fatal(err)
			}
			var failed []string
			for _, f := range out.BatchItemFailures {
				failed = append(failed, f.ItemIdentifier)
			}
			if fmt.Sprint(bus.put) != fmt.Sprint(tt.wantPut) {
				t.Errorf("put %v, want %v", bus.put, tt.wantPut)
			}
			if fmt.Sprint(failed) != fmt.Sprint(tt.wantFail) {
				t.Errorf("failures %v, want %v", failed, tt.wantFail)
			}
		})
	}
}

// TestUnreadMarkRedeliveriesHaveOneEffect checks eventbus.OnceUnread: its effect runs on every
// delivery, since the mark is not read first, but only the first delivery's writes commit.
func TestUnreadMarkRedeliveriesHaveOneEffect(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	var calls int
	add := eventbus.OnceUnread(f.s, "unread", f.addOne(t, &calls))
	tests := []struct {
		name      string
		id        string
		wantSeen  int
		wantCalls int
	}{
		{"first delivery", "note-1", 1, 1},
		{"redelivery", "note-1", 1, 2},
		{"another redelivery", "note-1", 1, 3},
		{"another event", "note-2", 2, 4},
		{"its redelivery", "note-2", 2, 5},
	}
	for _, tt := range tests {
		e := eventbus.Event{ID: tt.id, Type: "NoteCreated", Account: "1001", Time: at, Detail: json.RawMessage(`{}`)}
		if err := add(ctx, e); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := f.seen(ctx, t); got != tt.wantSeen {
			t.Errorf("%s: counter = %d, want %d", tt.name, got, tt.wantSeen)
		}
		if calls != tt.wantCalls {
			t.Errorf("%s: effect ran %d times, want %d", tt.name, calls, tt.wantCalls)
		}
	}
}
