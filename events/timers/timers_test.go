package timers_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cxm/cxm/events/timers"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestHandlerFiresDueTimers(t *testing.T) {
	ctx := context.Background()
	bus := eventbus.NewMemory()
	var got []eventbus.Event
	bus.Subscribe("TaskDue", func(_ context.Context, e eventbus.Event) error {
		got = append(got, e)
		return nil
	})
	st := dynamotest.Store(t)
	relay := dynamotest.NewOutbox(t, st, bus)
	svc := wiring.New(st, bus, slog.New(slog.NewTextHandler(io.Discard, nil)))
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	// Each pass after the first waits until its time on the test's clock.
	var waits []time.Time
	wait := func(_ context.Context, until time.Time) error {
		waits = append(waits, until)
		now = until
		return nil
	}
	handle := timers.Handler(timers.NewFirer(svc, func() time.Time { return now }), wait)
	if _, err := handle(ctx); err != nil {
		t.Fatal(err)
	}
	tenant, _ := store.NewTenant("100")
	for i, in := range []time.Duration{time.Minute, time.Hour} {
		tm := timer.Timer{ID: timer.ID("task", string(rune('a'+i))), Due: now.Add(in), Type: "TaskDue", Detail: json.RawMessage(`{}`)}
		if err := timer.Set(ctx, svc.Store, tenant, tm, now); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(2 * time.Minute)
	waits = nil
	res, err := handle(ctx)
	if err != nil {
		t.Fatal(err)
	}
	relay.Flush(t)
	if res.Fired != 1 || len(got) != 1 || got[0].Account != "100" {
		t.Errorf("fired %d, events %+v; want the one due timer's event", res.Fired, got)
	}
	if res.Passes != timers.Passes || len(waits) != timers.Passes-1 || !waits[0].Equal(now.Add(-time.Duration(timers.Passes-2)*timers.Every)) {
		t.Errorf("%d passes, waits %v; want %d passes %s apart", res.Passes, waits, timers.Passes, timers.Every)
	}
}

// TestPassesFireWithinTheMinute checks that a timer due in the middle of an invocation's
// minute fires at the first pass after its due time, not at the next invocation.
func TestPassesFireWithinTheMinute(t *testing.T) {
	ctx := context.Background()
	bus := eventbus.NewMemory()
	st := dynamotest.Store(t)
	relay := dynamotest.NewOutbox(t, st, bus)
	svc := wiring.New(st, bus, slog.New(slog.NewTextHandler(io.Discard, nil)))
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	now := start
	firedAt := map[string]time.Time{}
	bus.Subscribe("TaskDue", func(_ context.Context, e eventbus.Event) error {
		var d struct{ Name string }
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return err
		}
		firedAt[d.Name] = now
		return nil
	})
	tenant, _ := store.NewTenant("100")
	tests := []struct {
		name string
		due  time.Duration
		want time.Duration
	}{
		{"due at the start", 0, 0},
		{"due at 5 s", 5 * time.Second, 10 * time.Second},
		{"due at 25 s", 25 * time.Second, 30 * time.Second},
		{"due at 50 s", 50 * time.Second, 50 * time.Second},
	}
	for i, tt := range tests {
		tm := timer.Timer{ID: timer.ID("task", string(rune('a'+i))), Due: start.Add(tt.due), Type: "TaskDue", Detail: json.RawMessage(`{"Name":"` + tt.name + `"}`)}
		if err := timer.Set(ctx, svc.Store, tenant, tm, start.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(_ context.Context, until time.Time) error {
		// The pass before this wait has fired its timers: hand them on at its time.
		relay.Flush(t)
		now = until
		return nil
	}
	res, err := timers.Handler(timers.NewFirer(svc, func() time.Time { return now }), wait)(ctx)
	if err != nil {
		t.Fatal(err)
	}
	relay.Flush(t)
	if res.Fired != len(tests) {
		t.Errorf("fired %d, want %d", res.Fired, len(tests))
	}
	for _, tt := range tests {
		got, ok := firedAt[tt.name]
		if !ok || !got.Equal(start.Add(tt.want)) {
			t.Errorf("%s: fired at %v (fired %v), want %v", tt.name, got.Sub(start), ok, tt.want)
		}
	}
}
