package timer_test

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/local/clocktest"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// outbox fires through the product's outbox (timer.ThroughOutbox) and keeps what was
// announced for the test to read.
type outbox struct {
	s      *store.Store
	t      store.Tenant
	mu     sync.Mutex
	events []eventbus.Event
}

func (o *outbox) fire(ctx context.Context, e eventbus.Event, done store.Op) error {
	if err := timer.ThroughOutbox(o.s)(ctx, e, done); err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.events = append(o.events, e)
	return nil
}

func (o *outbox) ids() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []string
	for _, e := range o.events {
		out = append(out, e.ID)
	}
	slices.Sort(out)
	return out
}

type fixture struct {
	s     *store.Store
	t     store.Tenant
	clock *clocktest.Clock
	out   *outbox
	firer *timer.Firer
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	s := dynamotest.Store(t)
	tenant, err := store.NewTenant("100")
	if err != nil {
		t.Fatal(err)
	}
	c := clocktest.New(time.Date(2026, 3, 2, 9, 0, 30, 0, time.UTC))
	o := &outbox{s: s, t: tenant}
	f := fixture{s: s, t: tenant, clock: c, out: o, firer: &timer.Firer{Store: s, Now: c.Now, Fire: o.fire}}
	// The schedule runs before any timer is set, as the scheduled Lambda does every minute.
	f.fireDue(t)
	return f
}

func (f fixture) set(t *testing.T, id string, in time.Duration) {
	t.Helper()
	tm := timer.Timer{ID: id, Due: f.clock.Now().Add(in), Type: "Reminder", Detail: json.RawMessage(`{"id":"` + id + `"}`)}
	if err := timer.Set(context.Background(), f.s, f.t, tm, f.clock.Now()); err != nil {
		t.Fatalf("set %s: %v", id, err)
	}
}

func (f fixture) fireDue(t *testing.T) int {
	t.Helper()
	n, err := f.firer.FireDue(context.Background())
	if err != nil {
		t.Fatalf("FireDue: %v", err)
	}
	return n
}

func TestTimersFireWhenDue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		timers  map[string]time.Duration // id -> due after set
		advance time.Duration
		want    []string // timers fired
	}{
		{"none due yet", map[string]time.Duration{"a": 10 * time.Minute}, 9 * time.Minute, nil},
		{"one due", map[string]time.Duration{"a": 10 * time.Minute, "b": time.Hour}, 10 * time.Minute, []string{"a"}},
		{"due in the past fires at once", map[string]time.Duration{"a": -time.Hour}, 0, []string{"a"}},
		{"several buckets", map[string]time.Duration{"a": time.Minute, "b": 5 * time.Minute, "c": 30 * time.Minute}, 40 * time.Minute, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			for id, in := range tt.timers {
				f.set(t, id, in)
			}
			f.clock.Advance(tt.advance)
			if got, want := f.fireDue(t), len(tt.want); got != want {
				t.Errorf("fired %d, want %d", got, want)
			}
			var want []string
			for _, id := range tt.want {
				want = append(want, "timer-"+id+"-"+itoa(f.clock, tt.timers[id], tt.advance))
			}
			if got := f.out.ids(); !slices.Equal(got, want) {
				t.Errorf("events = %v, want %v", got, want)
			}
			for _, id := range tt.want {
				if _, err := timer.Pending(context.Background(), f.s, f.t, id); apperr.CodeOf(err) != apperr.NotFound {
					t.Errorf("timer %s after firing: %v, want NotFound", id, err)
				}
			}
			// A second run fires nothing more.
			if got := f.fireDue(t); got != 0 {
				t.Errorf("second run fired %d, want 0", got)
			}
		})
	}
}

// itoa is the due time, in Unix nanoseconds, of a timer set before the clock advanced by
// advance.
func itoa(c *clocktest.Clock, in, advance time.Duration) string {
	return strconv.FormatInt(c.Now().Add(-advance).Add(in).UnixNano(), 10)
}

func TestCancelledTimerDoesNotFire(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.set(t, "lead-1", 5*time.Minute)
	f.set(t, "lead-2", 5*time.Minute)
	if err := timer.Cancel(context.Background(), f.s, f.t, "lead-1"); err != nil {
		t.Fatal(err)
	}
	// Cancelling again, or a timer that never existed, changes nothing.
	if err := timer.Cancel(context.Background(), f.s, f.t, "lead-1"); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(6 * time.Minute)
	if got := f.fireDue(t); got != 1 {
		t.Errorf("fired %d, want 1", got)
	}
	if got := f.out.ids(); len(got) != 1 || got[0][:12] != "timer-lead-2" {
		t.Errorf("events = %v, want lead-2's", got)
	}
}

func TestTimerIDIsUnique(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.set(t, "once", time.Minute)
	err := timer.Set(context.Background(), f.s, f.t, timer.Timer{ID: "once", Due: f.clock.Now().Add(time.Hour), Type: "Reminder"}, f.clock.Now())
	if apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("second timer with the id: %v, want Conflict", err)
	}
}

// TestFiredTwiceHasOneEffect runs firers at the same moment, as overlapping scheduled
// invocations would: every timer's event is written once.
func TestFiredTwiceHasOneEffect(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		f.set(t, id, time.Minute)
	}
	f.clock.Advance(2 * time.Minute)
	var wg sync.WaitGroup
	counts := make([]int, 4)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := f.firer.FireDue(context.Background())
			if err != nil {
				t.Errorf("FireDue: %v", err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range counts {
		total += n
	}
	if total != 5 {
		t.Errorf("fired %d in all (%v), want 5", total, counts)
	}
	if got := f.out.ids(); len(got) != 5 {
		t.Errorf("events = %v, want 5", got)
	}
}

// TestPublishThenDeleteRedelivery fires through a bus without an outbox: a timer whose delete
// failed after its publish is published again with the same event id, which an idempotent
// consumer takes once.
func TestPublishThenDeleteRedelivery(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	bus := eventbus.NewMemory()
	seen := map[string]int{}
	var mu sync.Mutex
	bus.Subscribe("Reminder", func(_ context.Context, e eventbus.Event) error {
		mu.Lock()
		defer mu.Unlock()
		seen[e.ID]++
		return nil
	})
	fire := timer.PublishThenDelete(f.s, bus)
	failOnce := true
	f.firer.Fire = func(ctx context.Context, e eventbus.Event, done store.Op) error {
		if failOnce {
			failOnce = false
			if err := bus.Publish(ctx, e); err != nil {
				return err
			}
			return apperr.Errorf(apperr.Internal, "the delete was lost")
		}
		return fire(ctx, e, done)
	}
	f.set(t, "r", time.Minute)
	f.clock.Advance(time.Minute)
	if _, err := f.firer.FireDue(context.Background()); err == nil {
		t.Fatal("first run: no error, want the lost delete's")
	} else {
		t.Logf("first run: %v", err)
	}
	f.clock.Advance(time.Minute)
	if got := f.fireDue(t); got != 1 {
		t.Errorf("second run fired %d, want 1", got)
	}
	if len(seen) != 1 {
		t.Fatalf("events seen = %v, want one id", seen)
	}
	for id, n := range seen {
		if n != 2 {
			t.Errorf("event %s delivered %d times, want 2 (same id both times)", id, n)
		}
	}
	if got := f.fireDue(t); got != 0 {
		t.Errorf("third run fired %d, want 0", got)
	}
}

// TestCheckpointKeepsLateTimers sets a timer in a bucket the firers read long ago: it still
// fires, because a timer due in the past goes in its writer's bucket.
func TestCheckpointKeepsLateTimers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.fireDue(t)
	f.clock.Advance(time.Hour)
	f.fireDue(t)
	f.set(t, "late", -50*time.Minute)
	if got := f.fireDue(t); got != 1 {
		t.Errorf("fired %d, want 1", got)
	}
}

// TestShardsAndUnshardedTimersFire: timers of one minute spread over the schedule's shards, and
// timers written before it had shards, all fire once, a few at a time.
func TestShardsAndUnshardedTimersFire(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.firer.Workers = 3
	var want []string
	for i := range 40 {
		id := "task-" + strconv.Itoa(i)
		f.set(t, id, 30*time.Second)
		want = append(want, "timer-"+id+"-"+itoa(f.clock, 30*time.Second, 0))
	}
	for i := range 3 {
		id := "old-" + strconv.Itoa(i)
		tm := timer.Timer{ID: id, Due: f.clock.Now().Add(45 * time.Second), Type: "Reminder", Detail: json.RawMessage(`{}`)}
		op, err := timer.UnshardedOp(f.t, tm, f.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := f.s.Transact(ctx, op); err != nil {
			t.Fatal(err)
		}
		want = append(want, "timer-"+id+"-"+itoa(f.clock, 45*time.Second, 0))
	}
	slices.Sort(want)
	f.clock.Advance(2 * time.Minute)
	if got := f.fireDue(t); got != len(want) {
		t.Errorf("fired %d, want %d", got, len(want))
	}
	if got := f.out.ids(); !slices.Equal(got, want) {
		t.Errorf("events = %v, want %v", got, want)
	}
	if got := f.fireDue(t); got != 0 {
		t.Errorf("second run fired %d, want 0", got)
	}
}
