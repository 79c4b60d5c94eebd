package eventbus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cxm/cxm/shared/runtime/eventbus"
)

func TestMemoryDeliversByType(t *testing.T) {
	t.Parallel()
	bus := eventbus.NewMemory()
	var got []string
	bus.Subscribe("LeadCreated", func(_ context.Context, e eventbus.Event) error {
		got = append(got, "lead:"+e.ID)
		return nil
	})
	bus.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		got = append(got, "all:"+e.ID)
		return nil
	})
	err := bus.Publish(context.Background(),
		eventbus.Event{ID: "1", Type: "LeadCreated", Account: "1001"},
		eventbus.Event{ID: "2", Type: "ContactCreated", Account: "1001"},
	)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"lead:1", "all:1", "all:2"}
	if len(got) != len(want) {
		t.Fatalf("delivered %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("delivery %d = %s, want %s", i, got[i], want[i])
		}
	}
}

func TestMemoryRejectsIncompleteAndJoinsErrors(t *testing.T) {
	t.Parallel()
	bus := eventbus.NewMemory()
	if err := bus.Publish(context.Background(), eventbus.Event{Type: "X", Account: "1"}); err == nil {
		t.Error("event without id accepted")
	}
	boom := errors.New("boom")
	bus.Subscribe("X", func(context.Context, eventbus.Event) error { return boom })
	if err := bus.Publish(context.Background(), eventbus.Event{ID: "1", Type: "X", Account: "1"}); !errors.Is(err, boom) {
		t.Errorf("Publish = %v, want boom", err)
	}
}
