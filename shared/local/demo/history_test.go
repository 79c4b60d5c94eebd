package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/google/go-cmp/cmp"
)

// historyNow is the seed's now in these tests.
var historyNow = dynamotest.Epoch()

func fullGroups() []demo.Group {
	var out []demo.Group
	for _, g := range []demo.Group{demo.Build(), demo.OtherGroup()} {
		g.History = demo.DefaultHistory()
		out = append(out, g)
	}
	return out
}

func TestGenerateHistoryIsDeterministic(t *testing.T) {
	t.Parallel()
	g := fullGroups()[0]
	first, second := demo.GenerateHistory(g, historyNow), demo.GenerateHistory(g, historyNow)
	if diff := cmp.Diff(first, second); diff != "" {
		t.Fatalf("two generations differ (-first +second):\n%s", diff)
	}
	g.History.Seed++
	if other := demo.GenerateHistory(g, historyNow); cmp.Equal(first.Leads, other.Leads) {
		t.Error("another seed generated the same leads")
	}
	g.History = demo.HistoryOptions{}
	if none := demo.GenerateHistory(g, historyNow); len(none.Leads)+len(none.Contacts)+len(none.Activity)+len(none.Tasks) != 0 {
		t.Errorf("the zero options generated %d leads", len(none.Leads))
	}
}

// TestGenerateHistoryShape checks that the leads span the 90 days before now, with more on
// Saturdays than on Tuesdays and more in the afternoon than at night (in each store's time
// zone), hundreds per store, and believable response times: most answered within minutes,
// some late and some never.
func TestGenerateHistoryShape(t *testing.T) {
	t.Parallel()
	for _, g := range fullGroups() {
		h := demo.GenerateHistory(g, historyNow)
		zones := map[int64]*time.Location{}
		for _, st := range g.Stores {
			loc, err := time.LoadLocation(st.TimeZone)
			if err != nil {
				t.Fatal(err)
			}
			zones[st.AccountPlatformID] = loc
		}
		var (
			weekday             [7]int
			night, afternoon    int
			perStore            = map[int64]int{}
			firstWeek, lastWeek int
			fast, late, never   int
		)
		from := historyNow.Add(-90 * 24 * time.Hour)
		for _, hl := range h.Leads {
			l := hl.Lead
			if l.CreatedAt.Before(from) || !l.CreatedAt.Before(historyNow) {
				t.Fatalf("lead %d arrived at %s, outside the 90 days before %s", l.ID, l.CreatedAt, historyNow)
			}
			local := l.CreatedAt.In(zones[l.AccountPlatformID])
			weekday[local.Weekday()]++
			switch hr := local.Hour(); {
			case hr < 6:
				night++
			case hr >= 13 && hr < 19:
				afternoon++
			}
			perStore[l.AccountPlatformID]++
			if l.CreatedAt.Before(from.Add(7 * 24 * time.Hour)) {
				firstWeek++
			}
			if l.CreatedAt.After(historyNow.Add(-7 * 24 * time.Hour)) {
				lastWeek++
			}
			var answered *time.Time
			for _, s := range hl.Steps {
				if s.Responded {
					answered = &s.At
				}
			}
			switch {
			case answered == nil:
				never++
			case answered.Sub(l.CreatedAt) <= 15*time.Minute:
				fast++
			case answered.Sub(l.CreatedAt) > 2*time.Hour:
				late++
			}
		}
		n := len(h.Leads)
		t.Logf("%s: %d leads %v; by weekday %v; night %d, afternoon %d; answered within 15 min %d, after 2 h %d, never %d; %d entries, %d tasks, %d new customers",
			g.Account.Name, n, perStore, weekday, night, afternoon, fast, late, never, len(h.Activity), len(h.Tasks), len(h.Contacts))
		if weekday[time.Saturday] <= weekday[time.Tuesday] || weekday[time.Saturday] <= weekday[time.Sunday] {
			t.Errorf("%s: %d leads on Saturdays, %d on Tuesdays, %d on Sundays: want Saturdays busiest", g.Account.Name, weekday[time.Saturday], weekday[time.Tuesday], weekday[time.Sunday])
		}
		if night*3 >= afternoon {
			t.Errorf("%s: %d leads at night against %d in the afternoon", g.Account.Name, night, afternoon)
		}
		for _, st := range g.Stores {
			if perStore[st.AccountPlatformID] < 80 {
				t.Errorf("store %d has %d leads over 90 days, want a hundred or more", st.AccountPlatformID, perStore[st.AccountPlatformID])
			}
		}
		if firstWeek == 0 || lastWeek == 0 {
			t.Errorf("%s: %d leads in the first week and %d in the last: want the whole period", g.Account.Name, firstWeek, lastWeek)
		}
		if fast < n/3 || late == 0 || never == 0 || never > n/4 {
			t.Errorf("%s: of %d leads %d answered within 15 minutes, %d after 2 hours, %d never", g.Account.Name, n, fast, late, never)
		}
	}
}

// TestGeneratedHistoryIsValid checks everything generated against the domain's own rules:
// the leads replay through the rules of their calls, the activity, tasks and customers
// validate, and ids are unique.
func TestGeneratedHistoryIsValid(t *testing.T) {
	t.Parallel()
	for _, g := range fullGroups() {
		tn, err := account.Tenant(g.Account.ID)
		if err != nil {
			t.Fatal(err)
		}
		h := demo.GenerateHistory(g, historyNow)
		entries := map[int64]bool{}
		statuses := map[lead.Status]int{}
		unclaimed := 0
		for _, e := range h.Activity {
			if err := e.Validate(); err != nil {
				t.Fatalf("activity %d: %v", e.ID, err)
			}
			if entries[e.ID] {
				t.Fatalf("activity id %d used twice", e.ID)
			}
			entries[e.ID] = true
		}
		leads := map[int64]bool{}
		for _, hl := range h.Leads {
			rp, err := lead.Replay(tn, hl, historyNow)
			if err != nil {
				t.Fatal(err)
			}
			if leads[rp.Lead.ID] {
				t.Fatalf("lead id %d used twice", rp.Lead.ID)
			}
			leads[rp.Lead.ID] = true
			for _, e := range rp.Activity {
				if err := e.Validate(); err != nil {
					t.Fatalf("activity of lead %d: %v", rp.Lead.ID, err)
				}
				if entries[e.ID] {
					t.Fatalf("activity id %d used twice", e.ID)
				}
				entries[e.ID] = true
			}
			statuses[rp.Lead.Status]++
			if rp.Lead.DisplayStatus() == lead.StatusUnclaimed {
				unclaimed++
			}
		}
		for _, s := range []lead.Status{lead.StatusActive, lead.StatusLost, lead.StatusSoldDelivered, lead.StatusSoldPending, lead.StatusBad, lead.StatusDuplicate} {
			if statuses[s] == 0 {
				t.Errorf("%s: no lead is %s (%v)", g.Account.Name, s, statuses)
			}
		}
		t.Logf("%s: %v, %d unclaimed", g.Account.Name, statuses, unclaimed)
		if unclaimed == 0 {
			t.Errorf("%s: no lead waits for a claim", g.Account.Name)
		}
		tasks := map[string]bool{}
		for _, tk := range h.Tasks {
			if err := task.Validate(tk); err != nil {
				t.Fatalf("task %s: %v", tk.ID, err)
			}
			if tasks[tk.ID] || !leads[tk.EntityID] {
				t.Fatalf("task %s: id used twice or not about a generated lead", tk.ID)
			}
			tasks[tk.ID] = true
		}
		for _, c := range h.Contacts {
			if _, err := contact.Normalize(c); err != nil {
				t.Fatalf("customer %d: %v", c.ID, err)
			}
		}
	}
}

// seedServices are the services of a fresh table for a seed to write, and the sign-ins' subjects.
func seedServices(t *testing.T) (wiring.Services, demo.Subjects) {
	t.Helper()
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	svc.Encrypter = fieldcrypt.NewRandom()
	return svc, func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }
}

// TestSeedHistory seeds a small history through the domain's imports and reads it back as the
// Leads Log, the response times and the profile do; seeding again writes nothing more.
func TestSeedHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, subjects := seedServices(t)
	g := demo.Build()
	g.GeneratedContacts = 30
	g.History = demo.HistoryOptions{Days: 90, Leads: 24, Seed: 7}
	want := demo.GenerateHistory(g, svc.Store.Now())
	if err := demo.Seed(ctx, svc, g, subjects); err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(ctx, svc, g, subjects); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	tn, _ := account.Tenant(demo.AccountID)
	repo := lead.NewRepo(svc.Store, nil, nil)
	stores := []int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}
	counts, err := repo.Counts(ctx, tn, lead.Filter{Stores: stores})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range counts {
		total += c.Count
	}
	if total != len(want.Leads)+len(g.Contacts) {
		t.Errorf("%d leads stored (%v), want %d generated and %d hand-written", total, counts, len(want.Leads), len(g.Contacts))
	}
	rt, err := repo.ResponseTimes(ctx, tn, lead.StatsQuery{Stores: stores, From: svc.Store.Now().Add(-90 * 24 * time.Hour), To: svc.Store.Now().Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if rt.Total.RespondedCount == 0 || rt.Total.AverageResponseSeconds == 0 {
		t.Errorf("response times %+v: want answered leads", rt.Total)
	}
	sales, err := repo.SaleCounts(ctx, tn, lead.StatsQuery{Stores: stores})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("counts %v, response %+v, sales %+v", counts, rt.Total, sales.Total)
	// A lead with changes and tasks: its contact's feed holds the calls and the lead's entries, and its
	// version is the number of its changes plus one.
	withTasks := map[int64]bool{}
	for _, tk := range want.Tasks {
		withTasks[tk.EntityID] = true
	}
	var busy lead.History
	for _, hl := range want.Leads {
		if len(hl.Steps) > len(busy.Steps) && withTasks[hl.Lead.ID] {
			busy = hl
		}
	}
	got, err := repo.Get(ctx, tn, busy.Lead.ID)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := lead.Replay(tn, busy, svc.Store.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != rp.Lead.Version || got.Status != rp.Lead.Status || !got.CreatedAt.Equal(busy.Lead.CreatedAt) {
		t.Errorf("stored lead %d: version %d, status %s, created %s; want %d, %s, %s", got.ID, got.Version, got.Status, got.CreatedAt, rp.Lead.Version, rp.Lead.Status, busy.Lead.CreatedAt)
	}
	acts := activity.NewRepo(svc.Store, nil, nil)
	feed, err := acts.Feed(ctx, tn, []int64{got.ContactID}, activity.FeedQuery{PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := acts.Summarize(ctx, tn, []int64{got.ContactID})
	if err != nil {
		t.Fatal(err)
	}
	if len(feed.Entries) < len(rp.Activity) || sum.Total != len(feed.Entries) || sum.Count(activity.CategoryLead) != len(rp.Activity) {
		t.Errorf("feed of customer %d: %d entries, summary %d (%d of leads), want the lead's %d entries and more", got.ContactID, len(feed.Entries), sum.Total, sum.Count(activity.CategoryLead), len(rp.Activity))
	}
	// A seed stopped half-way (its record not done) writes the same history again: no entry
	// twice.
	k, err := tn.Key("HISTORY", "SEED")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if _, err := svc.Store.Get(ctx, k, &rec); err != nil {
		t.Fatal(err)
	}
	rec["Done"] = false
	if _, err := svc.Store.Put(ctx, store.Record{Key: k, Type: "HistorySeed", Value: rec}); err != nil {
		t.Fatal(err)
	}
	if err := demo.SeedHistory(ctx, svc, g, 2); err != nil {
		t.Fatal(err)
	}
	again, err := acts.Feed(ctx, tn, []int64{got.ContactID}, activity.FeedQuery{PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(feed, again); diff != "" {
		t.Errorf("the feed after seeding the history again differs (-first +again):\n%s", diff)
	}
	// A user's change to a seeded lead goes on from its version.
	if _, err := repo.Assign(ctx, tn, got.ID, lead.Assignment{SalesPersonID: "100001"}, "100002", nil); err != nil && got.Status == lead.StatusActive {
		t.Errorf("assign a seeded lead: %v", err)
	}
	ts, err := task.NewRepo(svc.Store).ForContacts(ctx, tn, []int64{got.ContactID})
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) == 0 {
		t.Errorf("customer %d has no tasks", got.ContactID)
	}
}
