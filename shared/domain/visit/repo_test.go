package visit_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestRepo walks a visit through its life: each change is one transaction with its activity
// entry and its event, a stale version is refused with nothing written, the store's indexes
// follow the visit, and another dealer group sees none of it.
func TestRepo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := dynamotest.Epoch()
	s := dynamotest.Store(t).WithClock(func() time.Time { return now })
	var mu sync.Mutex
	var events []eventbus.Event
	s.OnCommit(func(_ context.Context, created []store.Record) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range created {
			if e, ok := eventbus.OutboxEvent(r); ok && e.Type != activity.EventLogged {
				events = append(events, e)
			}
		}
	})
	acts := activity.NewRepo(s, nil, nil).WithClock(func() time.Time { return now })
	repo := visit.NewRepo(s, acts)
	mine, _ := store.NewTenant("1001")
	other, _ := store.NewTenant("1002")
	by := visit.Author{UserID: "100001", UserName: "Sam Sales"}

	v, err := visit.NewVisit(visit.DefaultSettings(5001), visit.NewID(), 7001, visit.KindShowroom, "100001", now)
	if err != nil {
		t.Fatal(err)
	}
	v, _, err = repo.Begin(ctx, mine, v, true, by, now)
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != visit.StatusStarted || v.Version != 1 || len(v.Items) != 6 {
		t.Fatalf("begun = %+v", v)
	}
	step := func(slug string, a visit.ItemAction) {
		t.Helper()
		now = now.Add(5 * time.Minute)
		if v, _, err = repo.Apply(ctx, mine, v, visit.Change{ItemSlug: slug, ItemAction: a, Version: v.Version, By: by.UserID}, by, now); err != nil {
			t.Fatalf("%s %s: %v", a, slug, err)
		}
	}
	step("greet", visit.ItemComplete)
	step("test-drive", visit.ItemStart)
	step("test-drive", visit.ItemComplete)

	open, err := repo.InProgress(ctx, mine, 5001)
	if err != nil || len(open) != 1 || open[0].ID != v.ID {
		t.Fatalf("in progress = %v, %v; want the visit", open, err)
	}

	// A stale change is refused and writes nothing.
	stale := v
	stale.Version--
	if _, _, err := repo.Apply(ctx, mine, stale, visit.Change{Action: visit.Cancel, Version: stale.Version, By: by.UserID}, by, now); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("stale cancel: %v, want Conflict", err)
	}
	// A visit read before another change committed is refused at the write.
	racing := v
	sold := true
	v, _, err = repo.Apply(ctx, mine, v, visit.Change{Action: visit.Update, Sold: &sold, Version: v.Version, By: by.UserID}, by, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := repo.Apply(ctx, mine, racing, visit.Change{Action: visit.Cancel, Version: racing.Version, By: by.UserID}, by, now); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("racing cancel: %v, want Conflict", err)
	}

	now = now.Add(10 * time.Minute)
	v, _, err = repo.Apply(ctx, mine, v, visit.Change{Action: visit.Complete, Version: v.Version, By: by.UserID}, by, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := repo.Apply(ctx, mine, v, visit.Change{Action: visit.Complete, Version: v.Version, By: by.UserID}, by, now); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("second complete: %v, want Conflict", err)
	}
	if got, want := v.Duration(now.Add(time.Hour)), 25*time.Minute; got != want {
		t.Errorf("duration = %v, want %v", got, want)
	}

	open, err = repo.InProgress(ctx, mine, 5001)
	if err != nil || len(open) != 0 {
		t.Errorf("in progress after complete = %v, %v; want none", open, err)
	}
	var inRange []visit.Visit
	if err := repo.InStore(ctx, mine, 5001, dynamotest.Epoch().Add(-time.Hour), now, func(v visit.Visit) error {
		inRange = append(inRange, v)
		return nil
	}); err != nil || len(inRange) != 1 || inRange[0].Version != v.Version || !inRange[0].Sold {
		t.Errorf("in store = %+v, %v", inRange, err)
	}

	mu.Lock()
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	mu.Unlock()
	want := []string{visit.EventStarted, visit.EventItemChanged, visit.EventItemChanged, visit.EventItemChanged, visit.EventUpdated, visit.EventCompleted}
	if !equal(types, want) {
		t.Errorf("events = %v, want %v", types, want)
	}
	var d visit.Changed
	if err := json.Unmarshal(events[len(events)-1].Detail, &d); err != nil {
		t.Fatal(err)
	}
	if d.VisitID != v.ID || d.ContactID != 7001 || d.Kind != "showroom" || !d.Sold || d.EndedAt == nil || d.Status != visit.StatusCompleted {
		t.Errorf("completed detail = %+v", d)
	}

	feed, err := acts.Feed(ctx, mine, []int64{7001}, activity.FeedQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(feed.Entries), len(want); got != want {
		t.Errorf("activity entries = %d, want %d (one per change)", got, want)
	}
	if len(feed.Entries) > 0 && feed.Entries[0].Text != "Showroom visit completed: sold" {
		t.Errorf("latest entry = %q", feed.Entries[0].Text)
	}

	// Another dealer group sees none of it.
	if _, err := repo.Get(ctx, other, 7001, v.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("other tenant get: %v, want NotFound", err)
	}
	if err := repo.InStore(ctx, other, 5001, time.Time{}, time.Time{}, func(visit.Visit) error {
		t.Error("other tenant reads the store's visits")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func TestSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	repo := visit.NewRepo(s, activity.NewRepo(s, nil, nil))
	mine, _ := store.NewTenant("1001")
	got, err := repo.Settings(ctx, mine, 5001)
	if err != nil || got.Version != 0 || len(got.Touchpoints) != 2 {
		t.Fatalf("defaults = %+v, %v", got, err)
	}
	got.Touchpoints[0].Items = append(got.Touchpoints[0].Items, visit.ItemSetting{Name: "Trade walk", IsEnabled: true})
	saved, err := repo.SaveSettings(ctx, mine, got)
	if err != nil || saved.Version != 1 || saved.Touchpoints[0].Items[6].Slug != "trade-walk" {
		t.Fatalf("saved = %+v, %v", saved, err)
	}
	if _, err := repo.SaveSettings(ctx, mine, got); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("stale save: %v, want Conflict", err)
	}
	bad := saved
	bad.Touchpoints = bad.Touchpoints[:1]
	if _, err := repo.SaveSettings(ctx, mine, bad); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("one touchpoint: %v, want Invalid", err)
	}
	v, err := visit.NewVisit(saved, "V-2", 7001, visit.KindShowroom, "100001", dynamotest.Epoch())
	if err != nil || len(v.Items) != 7 {
		t.Errorf("visit from saved settings = %+v, %v", v, err)
	}
	saved.Touchpoints[1].IsEnabled = false
	if _, err := visit.NewVisit(saved, "V-3", 7001, visit.KindDelivery, "100001", dynamotest.Epoch()); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("disabled touchpoint: %v, want Invalid", err)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
