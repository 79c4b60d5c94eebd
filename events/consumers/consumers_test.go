package consumers_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/cxm/cxm/events/consumers"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestRegistryIsValid(t *testing.T) {
	t.Parallel()
	if err := consumers.Check(consumers.All(wiring.Services{})); err != nil {
		t.Error(err)
	}
	seen := map[string]bool{}
	for _, p := range consumers.Packages() {
		if p.Name == "" || seen[p.Name] {
			t.Errorf("package name %q empty or repeated", p.Name)
		}
		seen[p.Name] = true
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	h := func(context.Context, eventbus.Event) error { return nil }
	tests := []struct {
		name string
		cs   []eventbus.Consumer
		ok   bool
	}{
		{"valid", []eventbus.Consumer{{Name: "a", Types: []string{"X"}, Handle: h}, {Name: "b", Types: []string{"X"}, Handle: h}}, true},
		{"name twice", []eventbus.Consumer{{Name: "a", Types: []string{"X"}, Handle: h}, {Name: "a", Types: []string{"Y"}, Handle: h}}, false},
		{"no name", []eventbus.Consumer{{Types: []string{"X"}, Handle: h}}, false},
		{"no types", []eventbus.Consumer{{Name: "a", Handle: h}}, false},
		{"no handler", []eventbus.Consumer{{Name: "a", Types: []string{"X"}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := consumers.Check(tt.cs); (err == nil) != tt.ok {
				t.Errorf("Check = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

func TestHandlerRunsTheNamedConsumer(t *testing.T) {
	t.Parallel()
	var got []string
	record := func(name string) eventbus.Handler {
		return func(_ context.Context, e eventbus.Event) error { got = append(got, name+":"+e.ID); return nil }
	}
	h := consumers.Handler([]eventbus.Consumer{
		{Name: "a", Types: []string{"LeadCreated"}, Handle: record("a")},
		{Name: "b", Types: []string{"LeadCreated", "ContactCreated"}, Handle: record("b")},
	})
	invoke := func(consumer, typ string) error {
		detail, _ := json.Marshal(eventbus.Event{ID: "e1", Type: typ, Account: "1001"})
		var in consumers.Invocation
		in.Consumer, in.Event.DetailType, in.Event.Detail = consumer, typ, detail
		return h(context.Background(), in)
	}
	tests := []struct {
		name, consumer, typ string
		ok                  bool
	}{
		{"named consumer", "b", "LeadCreated", true},
		{"unknown consumer", "c", "LeadCreated", false},
		{"type the consumer does not take", "a", "ContactCreated", false},
	}
	for _, tt := range tests {
		if err := invoke(tt.consumer, tt.typ); (err == nil) != tt.ok {
			t.Errorf("%s: %v, want ok %v", tt.name, err, tt.ok)
		}
	}
	if len(got) != 1 || got[0] != "b:e1" {
		t.Errorf("handled %v, want only b:e1", got)
	}
}
