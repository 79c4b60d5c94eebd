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
	handle := timers.Handler(timers.NewFirer(svc, func() time.Time { return now }))
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
	res, err := handle(ctx)
	if err != nil {
		t.Fatal(err)
	}
	relay.Flush(t)
	if res.Fired != 1 || len(got) != 1 || got[0].Account != "100" {
		t.Errorf("fired %d, events %+v; want the one due timer's event", res.Fired, got)
	}
}
