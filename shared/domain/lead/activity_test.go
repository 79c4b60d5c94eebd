package lead_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/google/go-cmp/cmp"
)

// TestChangesAreRecordedInActivity makes every kind of lead change and reads the contact's
// activity: one lead entry per change with the spec's activity type, the user and the lead id;
// a vehicle change records nothing; replaying an event records nothing more.
func TestChangesAreRecordedInActivity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	bus := eventbus.NewMemory()
	var published []eventbus.Event
	bus.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		published = append(published, e)
		return nil
	})
	log := activity.NewRepo(s, nil, nil)
	names := func(_ context.Context, _ store.Tenant, id string) string { return "User " + id }
	repo := lead.NewRepo(s, bus, nil).WithActivity(log, names)
	outbox := dynamotest.NewOutbox(t, s, bus)
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	l, err := repo.Create(ctx, tn, lead.Lead{AccountPlatformID: storeID, ContactID: 777, Claimable: true}, "adf-intake")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"claim", func() error { _, err := repo.Claim(ctx, tn, l.ID, "100001", false, nil); return err }},
		{"vehicle", func() error {
			_, _, err := repo.AddVehicleOfInterest(ctx, tn, l.ID, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Toyota"}}, "100001", nil)
			return err
		}},
		{"type", func() error {
			_, err := repo.SetTypeAndSource(ctx, tn, l.ID, lead.TypePhone, 0, "100001", nil)
			return err
		}},
		{"assign", func() error {
			_, err := repo.Assign(ctx, tn, l.ID, lead.Assignment{SalesPersonID: "100003"}, "100002", nil)
			return err
		}},
		{"sold pending", func() error {
			_, err := repo.Transition(ctx, tn, l.ID, lead.MarkSoldPending, "", "100003", nil)
			return err
		}},
		{"illegal", func() error {
			if _, err := repo.Transition(ctx, tn, l.ID, lead.MarkBad, "", "100003", nil); apperr.CodeOf(err) != apperr.Conflict {
				return fmt.Errorf("marking a sold-pending lead bad: %v, want Conflict", err)
			}
			return nil
		}},
		{"lost", func() error { _, err := repo.Transition(ctx, tn, l.ID, lead.MarkLost, "", "100003", nil); return err }},
		{"reactivate", func() error { _, err := repo.Transition(ctx, tn, l.ID, lead.Reactivate, "", "100002", nil); return err }},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
	}
	feed := func() []activity.Entry {
		t.Helper()
		page, err := log.Feed(ctx, tn, []int64{777}, activity.FeedQuery{PageSize: 100})
		if err != nil {
			t.Fatal(err)
		}
		return page.Entries
	}
	type row struct{ Type, User, Name, Lead, Kind string }
	var got []row
	for _, e := range feed() {
		got = append(got, row{e.Details["activityType"], e.UserID, e.UserName, e.Details["crmLeadId"], string(e.Category)})
	}
	id := strconv.FormatInt(l.ID, 10)
	want := []row{
		{"Reactivate", "100002", "User 100002", id, "lead"},
		{"Lost", "100003", "User 100003", id, "lead"},
		{"SoldPending", "100003", "User 100003", id, "lead"},
		{"Assigned", "100002", "User 100002", id, "lead"},
		{"TypeSourceChanged", "100001", "User 100001", id, "lead"},
		{"Claimed", "100001", "User 100001", id, "lead"},
		{"Active", "adf-intake", "User adf-intake", id, "lead"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("activity (-want +got):\n%s", diff)
	}

	// A redelivered event (a consumer replaying it) records nothing more.
	if outbox.Flush(t) == 0 {
		t.Fatal("the lead changes wrote no events")
	}
	for _, e := range published {
		n, ok, err := lead.ActivityEntry(e)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		if _, created, err := log.Record(ctx, tn, n); err != nil || created {
			t.Errorf("replaying %s: created %v, %v; want the first entry", e.ID, created, err)
		}
	}
	if n := len(feed()); n != len(want) {
		t.Errorf("after replays the feed has %d entries, want %d", n, len(want))
	}
}
