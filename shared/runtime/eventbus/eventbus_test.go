package eventbus_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge/types"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
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

func TestOutboxOpRejectsBadEvents(t *testing.T) {
	t.Parallel()
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		e    eventbus.Event
		ok   bool
	}{
		{"complete", eventbus.Event{ID: "lead-1-v2", Type: "LeadUpdated", Account: "1001", Time: at}, true},
		{"without an id", eventbus.Event{Type: "LeadUpdated", Account: "1001", Time: at}, false},
		{"of another account", eventbus.Event{ID: "x", Type: "LeadUpdated", Account: "1002", Time: at}, false},
		{"without a time", eventbus.Event{ID: "x", Type: "LeadUpdated", Account: "1001"}, false},
		{"id with a key separator", eventbus.Event{ID: "a#b", Type: "LeadUpdated", Account: "1001", Time: at}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := eventbus.OutboxOp(tn, tt.e)
			if got := err == nil; got != tt.ok {
				t.Errorf("OutboxOp error = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// fakePut answers PutEvents, rejecting the entries whose detail type it lists.
type fakePut struct {
	reject map[string]bool
	fail   error
	calls  int
}

func (f *fakePut) PutEvents(_ context.Context, in *eventbridge.PutEventsInput, _ ...func(*eventbridge.Options)) (*eventbridge.PutEventsOutput, error) {
	f.calls++
	if f.fail != nil {
		return nil, f.fail
	}
	out := &eventbridge.PutEventsOutput{}
	for _, e := range in.Entries {
		res := types.PutEventsResultEntry{EventId: aws.String("x")}
		if f.reject[aws.ToString(e.DetailType)] {
			res = types.PutEventsResultEntry{ErrorCode: aws.String("ThrottlingException"), ErrorMessage: aws.String("slow down")}
			out.FailedEntryCount++
		}
		out.Entries = append(out.Entries, res)
	}
	return out, nil
}

func TestPutEachReportsEachEvent(t *testing.T) {
	t.Parallel()
	var events []eventbus.Event
	for i := range 12 {
		typ := "Ok"
		if i == 3 || i == 11 {
			typ = "Bad"
		}
		events = append(events, eventbus.Event{ID: fmt.Sprint(i), Type: typ, Account: "1001"})
	}
	events[5].Account = ""
	tests := []struct {
		name      string
		put       *fakePut
		wantFail  []int
		wantCalls int
	}{
		{"partial failure", &fakePut{reject: map[string]bool{"Bad": true}}, []int{3, 5, 11}, 2},
		{"bus unavailable", &fakePut{fail: errors.New("down")}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := eventbus.NewEventBridge(tt.put, "bus").PutEach(context.Background(), events...)
			var failed []int
			for i, err := range errs {
				if err != nil {
					failed = append(failed, i)
				}
			}
			if fmt.Sprint(failed) != fmt.Sprint(tt.wantFail) {
				t.Errorf("failed %v, want %v", failed, tt.wantFail)
			}
			if tt.put.calls != tt.wantCalls {
				t.Errorf("%d PutEvents calls, want %d", tt.put.calls, tt.wantCalls)
			}
		})
	}
}
