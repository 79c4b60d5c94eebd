package appointment_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// events collects the events of the outbox writes s commits.
type events struct {
	mu  sync.Mutex
	all []eventbus.Event
}

func (e *events) watch(s *store.Store) {
	s.OnCommit(func(_ context.Context, created []store.Record) {
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, r := range created {
			if ev, ok := eventbus.OutboxEvent(r); ok {
				e.all = append(e.all, ev)
			}
		}
	})
}

func (e *events) types() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []string
	for _, ev := range e.all {
		out = append(out, ev.Type)
	}
	return out
}

func TestRepoWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	var seen events
	seen.watch(s)
	acts := activity.NewRepo(s, nil, nil)
	repo := appointment.NewRepo(s, acts)
	mine, _ := store.NewTenant("1001")
	other, _ := store.NewTenant("1002")
	ny, _ := time.LoadLocation("America/New_York")
	w := appointment.Writer{UserID: "100001", UserName: "Sam Sales", Loc: ny, AssigneeName: "Sam Sales"}
	now := at("2026-11-30T12:00:00Z")

	a := appointment.Appointment{ID: appointment.NewID(7001), ContactID: 7001, AccountPlatformID: 2001, AssignedUserID: "100001",
		AppointmentType: "Sales", Note: "Bring the trade-in title", StartUTC: at("2026-12-01T15:00:00Z"), EndUTC: at("2026-12-01T16:00:00Z")}
	set, e, err := repo.Create(ctx, mine, a, w, now)
	if err != nil {
		t.Fatal(err)
	}
	if set.Status != appointment.StatusScheduled || set.Version != 1 || e.Type != appointment.EventSet {
		t.Errorf("created %s v%d with %s; want Scheduled v1 with AppointmentSet", set.Status, set.Version, e.Type)
	}
	if _, _, err := repo.Create(ctx, mine, a, w, now); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("the same id again: %v, want a Conflict error", err)
	}
	// An invalid appointment writes nothing.
	bad := a
	bad.ID, bad.EndUTC = appointment.NewID(7001), bad.StartUTC
	if _, _, err := repo.Create(ctx, mine, bad, w, now); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("an invalid appointment: %v, want an Invalid error", err)
	}

	// Another dealer group does not find it, even by its id.
	if _, err := repo.Get(ctx, other, set.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("another dealer group's Get: %v, want NotFound", err)
	}

	got, err := repo.Get(ctx, mine, set.ID)
	if err != nil || got.Version != 1 || got.Note != a.Note {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	moved, e, err := repo.Apply(ctx, mine, got, appointment.Change{Action: appointment.Reschedule, Version: 1,
		Start: at("2026-12-02T15:00:00Z"), End: at("2026-12-02T16:30:00Z")}, w, now)
	if err != nil {
		t.Fatal(err)
	}
	if moved.Status != appointment.StatusRescheduled || moved.PreviousStatus != appointment.StatusScheduled || moved.Version != 2 || e.Type != appointment.EventChanged {
		t.Errorf("rescheduled = %s (was %s) v%d, %s", moved.Status, moved.PreviousStatus, moved.Version, e.Type)
	}
	// A change of the version read before the reschedule is stale: 409, nothing written.
	if _, _, err := repo.Apply(ctx, mine, got, appointment.Change{Action: appointment.Confirm, Version: 1}, w, now); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("a stale change: %v, want a Conflict error", err)
	}
	// The store's index moved with the start.
	var inStore []string
	if err := repo.InStore(ctx, mine, 2001, at("2026-12-02T00:00:00Z"), at("2026-12-03T00:00:00Z"), func(a appointment.Appointment) error {
		inStore = append(inStore, a.ID+"@"+a.StartUTC.Format(time.RFC3339))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(inStore) != 1 || inStore[0] != set.ID+"@2026-12-02T15:00:00Z" {
		t.Errorf("store's appointments on Dec 2 = %v", inStore)
	}
	if err := repo.InStore(ctx, other, 2001, at("2026-11-01T00:00:00Z"), at("2027-11-01T00:00:00Z"), func(a appointment.Appointment) error {
		t.Errorf("another dealer group reads %s", a.ID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	// Every write went with its activity entry and the events, in the order made.
	wantTypes := []string{"AppointmentSet", "ActivityLogged", "AppointmentChanged", "ActivityLogged"}
	if got := seen.types(); !sameMultiset(got, wantTypes) {
		t.Errorf("events = %v, want %v", got, wantTypes)
	}
	feed, err := acts.Feed(ctx, mine, []int64{7001}, activity.FeedQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(feed.Entries) != 2 || feed.Entries[0].Kind != activity.KindAppointment {
		t.Fatalf("activity = %+v, want two appointment entries", feed.Entries)
	}
	if got, want := feed.Entries[0].Text, "Appointment rescheduled: Sales, Dec 2, 2026 10:00 AM to 11:30 AM EST, with Sam Sales (was Dec 1, 2026 10:00 AM to 11:00 AM EST)"; got != want {
		t.Errorf("entry = %q, want %q", got, want)
	}
}

func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[string]int{}
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

// TestConcurrentActivity checks that a change made while another entry is recorded in the
// customer's activity still commits, once.
func TestConcurrentActivity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	acts := activity.NewRepo(s, nil, nil)
	repo := appointment.NewRepo(s, acts)
	mine, _ := store.NewTenant("1001")
	w := appointment.Writer{UserID: "100001", UserName: "Sam Sales"}
	now := at("2026-11-30T12:00:00Z")
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Go(func() {
			if i%2 == 0 {
				_, _, errs[i] = acts.Record(ctx, mine, activity.New{ContactID: 7001, Kind: activity.KindNote, Text: "note", UserID: "100001"})
				return
			}
			a := appointment.Appointment{ID: appointment.NewID(7001), ContactID: 7001, AccountPlatformID: 2001, AssignedUserID: "100001",
				AppointmentType: "Service", StartUTC: at("2026-12-01T15:00:00Z"), EndUTC: at("2026-12-01T16:00:00Z")}
			_, _, errs[i] = repo.Create(ctx, mine, a, w, now)
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("write %d: %v", i, err)
		}
	}
	sum, err := acts.Summarize(ctx, mine, []int64{7001})
	if err != nil || sum.Total != 6 {
		t.Errorf("summary total = %d, %v; want 6", sum.Total, err)
	}
	as, err := repo.ForContacts(ctx, mine, []int64{7001})
	if err != nil || len(as) != 3 {
		t.Errorf("appointments = %d, %v; want 3", len(as), err)
	}
	// The three are at the same time with the same user: each is flagged.
	if err := repo.Flag(ctx, mine, as); err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if !a.Overlaps {
			t.Errorf("%s is not flagged as overlapping", a.ID)
		}
	}
}

// TestRacingChanges checks that of two changes made from the same version at the same moment,
// one is written and the other refused as stale, with one activity entry for the winner.
func TestRacingChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	acts := activity.NewRepo(s, nil, nil)
	repo := appointment.NewRepo(s, acts)
	mine, _ := store.NewTenant("1001")
	w := appointment.Writer{UserID: "100001", UserName: "Sam Sales"}
	now := at("2026-11-30T12:00:00Z")
	a := appointment.Appointment{ID: appointment.NewID(7002), ContactID: 7002, AccountPlatformID: 2001, AssignedUserID: "100001",
		AppointmentType: "Sales", StartUTC: at("2026-12-01T15:00:00Z"), EndUTC: at("2026-12-01T16:00:00Z")}
	set, _, err := repo.Create(ctx, mine, a, w, now)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, act := range []appointment.Action{appointment.Confirm, appointment.Cancel} {
		wg.Go(func() {
			_, _, errs[i] = repo.Apply(ctx, mine, set, appointment.Change{Action: act, Version: 1}, w, now)
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch apperr.CodeOf(err) {
		case "":
			won++
		case apperr.Conflict:
		default:
			t.Errorf("change: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d changes written, want 1 (%v)", won, errs)
	}
	sum, err := acts.Summarize(ctx, mine, []int64{7002})
	if err != nil || sum.Total != 2 {
		t.Errorf("activity entries = %d, %v; want 2 (the set and the one change)", sum.Total, err)
	}
}
