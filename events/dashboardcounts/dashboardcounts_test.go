package dashboardcounts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cxm/cxm/events/dashboardcounts"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const storeID = 2001

// fixture is a table with one store in Chicago of dealer group 1001 (and one of 1002), and the
// consumer subscribed to an in-process bus.
type fixture struct {
	s   *store.Store
	bus *eventbus.Memory
	loc *time.Location
	n   int
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	s := dynamotest.Store(t)
	accounts := account.NewRepo(s)
	for _, st := range []account.Store{
		{AccountPlatformID: storeID, AccountID: 1001, Name: "Northwind Chicago", TimeZone: "America/Chicago", Active: true},
		{AccountPlatformID: storeID, AccountID: 1002, Name: "Southside", TimeZone: "America/Chicago", Active: true},
	} {
		if err := accounts.CreateStore(ctx, st); err != nil {
			t.Fatal(err)
		}
	}
	bus := eventbus.NewMemory()
	for _, c := range dashboardcounts.Consumers(wiring.New(s, bus, slog.New(slog.NewJSONHandler(io.Discard, nil)))) {
		for _, typ := range c.Types {
			bus.Subscribe(typ, c.Handle)
		}
	}
	loc, _ := time.LoadLocation("America/Chicago")
	return &fixture{s: s, bus: bus, loc: loc}
}

// publish delivers an event of typ with detail at at, twice, as at-least-once delivery may.
func (f *fixture) publish(t *testing.T, acct, typ string, at time.Time, detail any) {
	t.Helper()
	body, err := json.Marshal(detail)
	if err != nil {
		t.Fatal(err)
	}
	f.n++
	e := eventbus.Event{ID: fmt.Sprintf("e%d", f.n), Type: typ, Account: acct, Time: at, Detail: body}
	for range 2 {
		if err := f.bus.Publish(context.Background(), e); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
}

func (f *fixture) totals(t *testing.T, acct, from, to, user string) dashboard.Counts {
	t.Helper()
	tn, _ := store.NewTenant(acct)
	days, err := dashboard.NewRepo(f.s).Days(context.Background(), tn, storeID, from, to, user)
	if err != nil {
		t.Fatal(err)
	}
	sum := dashboard.Counts{}
	for _, d := range days {
		sum.Add(d.Counts)
	}
	return sum
}

func leadEvent(id int64, status, from lead.Status, sp string) lead.Changed {
	return lead.Changed{LeadID: id, ContactID: 500 + id, AccountPlatformID: storeID, Status: status, FromStatus: from, SalesPersonID: sp, LeadSourceID: 7}
}

// TestReplayedEventsCountOnce delivers every counted event twice: each counts once, on its
// store's calendar day and for the user it names.
func TestReplayedEventsCountOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	day := func(h int) time.Time { return time.Date(2026, 3, 5, h, 0, 0, 0, f.loc) }
	f.publish(t, "1001", lead.EventCreated, day(10), leadEvent(1, lead.StatusActive, 0, "u1"))
	f.publish(t, "1001", lead.EventCreated, day(11), leadEvent(2, lead.StatusActive, 0, ""))
	f.publish(t, "1001", lead.EventClaimed, day(11), lead.Changed{LeadID: 2, ContactID: 502, AccountPlatformID: storeID, UserID: "u2", SalesPersonID: "u2"})
	f.publish(t, "1001", lead.EventAssigned, day(11), leadEvent(1, lead.StatusActive, 0, "u1"))
	f.publish(t, "1001", activity.EventLogged, day(12), activity.Entry{ContactID: 501, AccountPlatformID: storeID, Kind: activity.KindPhoneCall, Direction: activity.Outbound, UserID: "u1", At: day(12), Details: map[string]string{"outcome": "contacted"}})
	f.publish(t, "1001", activity.EventLogged, day(12), activity.Entry{ContactID: 501, AccountPlatformID: storeID, Kind: activity.KindNote, UserID: "u1", At: day(12)})
	f.publish(t, "1001", activity.EventLogged, day(12), activity.Entry{ContactID: 502, AccountPlatformID: storeID, Kind: activity.KindEmail, Direction: activity.Outbound, UserID: "workflow", At: day(12), Details: map[string]string{"workflowId": "w1"}})
	f.publish(t, "1001", activity.EventLogged, day(13), activity.Entry{ContactID: 502, AccountPlatformID: storeID, Kind: activity.KindText, Direction: activity.Outbound, UserID: "u2", At: day(13)})
	f.publish(t, "1001", task.EventCompleted, day(13), task.Changed{Task: task.Task{AccountPlatformID: storeID, AssignedUserID: "u1"}, UserID: "u1"})
	f.publish(t, "1001", dashboardcounts.EventAppointmentSet, day(14), dashboardcounts.Appointment{AppointmentID: "a1", ContactID: 501, AccountPlatformID: storeID, AssignedUserID: "u1", Status: "Scheduled"})
	f.publish(t, "1001", dashboardcounts.EventAppointmentChanged, day(15), dashboardcounts.Appointment{AppointmentID: "a1", ContactID: 501, AccountPlatformID: storeID, AssignedUserID: "u1", Status: "Completed", PreviousStatus: "Confirmed"})
	f.publish(t, "1001", dashboardcounts.EventVisitStarted, day(15), dashboardcounts.Visit{VisitID: "v1", ContactID: 501, AccountPlatformID: storeID, UserID: "u1", Kind: "showroom"})
	f.publish(t, "1001", dashboardcounts.EventVisitCompleted, day(16), dashboardcounts.Visit{VisitID: "v1", ContactID: 501, AccountPlatformID: storeID, UserID: "u1", Kind: "showroom", Sold: true})
	f.publish(t, "1001", lead.EventStatusChanged, day(16), leadEvent(1, lead.StatusSoldPending, lead.StatusActive, "u1"))
	f.publish(t, "1001", lead.EventStatusChanged, day(17), leadEvent(1, lead.StatusSoldDelivered, lead.StatusSoldPending, "u1"))
	f.publish(t, "1001", lead.EventStatusChanged, day(17), leadEvent(2, lead.StatusLost, lead.StatusActive, "u2"))
	// 23:30 in Chicago is the next day in UTC, and still March 5 at the store.
	f.publish(t, "1001", activity.EventLogged, day(23).Add(30*time.Minute), activity.Entry{ContactID: 501, AccountPlatformID: storeID, Kind: activity.KindPhoneCall, Direction: activity.Outbound, UserID: "u1", At: day(23).Add(30 * time.Minute)})

	want := dashboard.Counts{
		dashboard.LeadsCreated: 2, dashboard.LeadsClaimed: 1, dashboard.LeadsAssigned: 1, dashboard.LeadsSold: 1, dashboard.LeadsLost: 1,
		dashboard.Calls: 2, dashboard.CallsContacted: 1, dashboard.Notes: 1, dashboard.Texts: 1, dashboard.AutomatedMessages: 1,
		dashboard.TasksCompleted: 1, dashboard.AppointmentsSet: 1, dashboard.AppointmentsShown: 1,
		dashboard.ShowroomVisits: 1, dashboard.VisitsSold: 1,
	}
	got := f.totals(t, "1001", "2026-03-05", "2026-03-05", "")
	for _, c := range dashboard.Counters() {
		if got[c] != want[c] {
			t.Errorf("%s = %d, want %d", c, got[c], want[c])
		}
	}
	if n := f.totals(t, "1001", "2026-03-06", "2026-03-06", "")[dashboard.Calls]; n != 0 {
		t.Errorf("calls on March 6 = %d, want 0 (the late call is March 5 at the store)", n)
	}
	if u2 := f.totals(t, "1001", "2026-03-05", "2026-03-05", "u2"); u2[dashboard.Texts] != 1 || u2[dashboard.Calls] != 0 || u2[dashboard.AutomatedMessages] != 0 {
		t.Errorf("u2's counts = %v, want one text and no calls or automated messages", u2)
	}

	// The leads' funnel: lead 1 went all the way; lead 2 was contacted (a text) and lost.
	tn, _ := store.NewTenant("1001")
	var leads []dashboard.Lead
	if err := dashboard.NewRepo(f.s).Leads(context.Background(), tn, storeID, "2026-03-05", "2026-03-05", func(l dashboard.Lead) error {
		leads = append(leads, l)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	steps := dashboard.Funnel(leads)
	for i, n := range []int{2, 2, 1, 1, 1} {
		if steps[i].Count != n {
			t.Errorf("funnel %s = %d, want %d", steps[i].Stage, steps[i].Count, n)
		}
	}
	for _, l := range leads {
		if l.LeadID == 2 && (l.FirstAutomatedAt.IsZero() || !l.FirstHumanAt.Equal(day(13)) || l.FirstHumanBy != "u2") {
			t.Errorf("lead 2's clocks = %+v, want the workflow's e-mail automated and u2's text the first human response", l)
		}
	}

	// Another dealer group's store with the same id counts nothing of this group's.
	if other := f.totals(t, "1002", "2026-03-05", "2026-03-05", ""); len(other) != 0 {
		t.Errorf("dealer group 1002's counts = %v, want none", other)
	}
	f.publish(t, "1002", lead.EventCreated, day(10), leadEvent(9, lead.StatusActive, 0, "u9"))
	if n := f.totals(t, "1001", "2026-03-05", "2026-03-05", "")[dashboard.LeadsCreated]; n != 2 {
		t.Errorf("1001's leads after 1002's lead = %d, want 2", n)
	}
}
