package leadassign_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/events/leadassign"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/clocktest"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	account = 100
	shop    = 2001
	other   = 2002
)

type fixture struct {
	ctx    context.Context
	s      *store.Store
	t      store.Tenant
	svc    wiring.Services
	bus    *eventbus.Memory
	relay  *dynamotest.Outbox
	clock  *clocktest.Clock
	leads  *lead.Repo
	firer  *timer.Firer
	notes  *notification.Repo
	mu     sync.Mutex
	events []eventbus.Event
}

// newFixture is a dealer group whose store shop has settings, with the assignment consumers
// subscribed to the in-process bus and timers fired through it.
func newFixture(t *testing.T, settings dealer.Settings) *fixture {
	t.Helper()
	ctx := context.Background()
	s := dynamotest.Store(t)
	tenant, err := store.NewTenant(strconv.Itoa(account))
	if err != nil {
		t.Fatal(err)
	}
	bus := eventbus.NewMemory()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := clocktest.New(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	f := &fixture{
		ctx: ctx, s: s, t: tenant, svc: wiring.New(s, bus, log), bus: bus, clock: c,
		leads: lead.NewRepo(s, bus, log).WithClock(c.Now),
		notes: notification.NewRepo(s, nil),
	}
	for _, consumer := range leadassign.New(f.svc, c.Now).Consumers() {
		for _, typ := range consumer.Types {
			bus.Subscribe(typ, consumer.Handle)
		}
	}
	bus.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.events = append(f.events, e)
		return nil
	})
	f.relay = dynamotest.NewOutbox(t, s, bus)
	f.firer = &timer.Firer{Store: s, Now: c.Now, Fire: timer.ThroughOutbox(s), Log: log}
	f.fire(t)
	settings.AccountPlatformID = shop
	if _, err := dealer.NewRepo(s).Save(ctx, tenant, settings, 0, "admin"); err != nil {
		t.Fatal(err)
	}
	if err := availability.NewRepo(s).CreateReason(ctx, tenant, availability.AwayReason{ReasonID: 1, Name: "Lunch", Active: true}); err != nil {
		t.Fatal(err)
	}
	return f
}

func roundRobin(rules ...dealer.ReassignRule) dealer.Settings {
	s := dealer.Defaults(shop)
	s.LeadSettings.AutoAssign, s.LeadSettings.RoundRobin = true, true
	s.ReassignRules = rules
	return s
}

// staff adds a user of store st with roles.
func (f *fixture) staff(t *testing.T, id string, st int64, roles ...string) {
	t.Helper()
	p := user.Profile{
		UserID: id, AccountID: account, ViewAccountID: account, FirstName: id, LastName: "Staff",
		UserStatus: user.StatusActive, Roles: roles, PrimaryUserRole: roles[0],
		PrimaryStore: st, AllowedStores: []int64{st}, ViewStores: []int64{st},
	}
	if err := f.svc.Users.CreateProfile(f.ctx, p); err != nil {
		t.Fatal(err)
	}
}

// away makes userID unavailable until until (nil for until changed).
func (f *fixture) away(t *testing.T, userID string, until *time.Time) {
	t.Helper()
	err := availability.NewRepo(f.s).Create(f.ctx, f.t, availability.Availability{UserID: userID, Available: false, ReasonID: 1, Reason: "Lunch", Until: until})
	if err != nil {
		t.Fatal(err)
	}
}

// newLead creates an intake lead of store shop, as the intake of an auto-assigning store does.
func (f *fixture) newLead(t *testing.T, contactID int64) lead.Lead {
	t.Helper()
	l, err := f.leads.Create(f.ctx, f.t, lead.Lead{AccountPlatformID: shop, ContactID: contactID, Claimable: false}, "adf-intake")
	if err != nil {
		t.Fatal(err)
	}
	f.settle(t)
	return l
}

// settle delivers the outbox's events, and those their consumers write, until none is left.
func (f *fixture) settle(t *testing.T) {
	t.Helper()
	f.relay.Settle(t)
}

func (f *fixture) get(t *testing.T, id int64) lead.Lead {
	t.Helper()
	f.settle(t)
	l, err := f.leads.Get(f.ctx, f.t, id)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (f *fixture) fire(t *testing.T) {
	t.Helper()
	if _, err := f.firer.FireDue(f.ctx); err != nil {
		t.Fatal(err)
	}
	f.settle(t)
}

func (f *fixture) inbox(t *testing.T, userID string) []notification.Notification {
	t.Helper()
	f.settle(t)
	page, err := f.notes.List(f.ctx, f.t, userID, 100, "")
	if err != nil {
		t.Fatal(err)
	}
	return page.Notifications
}

func (f *fixture) eventsOf(typ string) []eventbus.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []eventbus.Event
	for _, e := range f.events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

func TestEligible(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	later, earlier := now.Add(time.Hour), now.Add(-time.Hour)
	sales := func(id string, st int64) user.Profile {
		return user.Profile{UserID: id, UserStatus: user.StatusActive, Roles: []string{role.SalesPerson}, PrimaryUserRole: role.SalesPerson, AllowedStores: []int64{st}}
	}
	inactive := sales("inactive", shop)
	inactive.UserStatus = user.StatusInactive
	manager := sales("manager", shop)
	manager.Roles, manager.PrimaryUserRole = []string{role.SalesManager}, role.SalesManager
	system := sales("system", shop)
	system.UserType = user.SystemUserType
	tests := []struct {
		name  string
		users []user.Profile
		avail map[string]availability.Availability
		role  string
		want  []string
	}{
		{"sales people of the store", []user.Profile{sales("a", shop), sales("b", shop)}, nil, role.SalesPerson, []string{"a", "b"}},
		{"another store's are not", []user.Profile{sales("a", shop), sales("b", other)}, nil, role.SalesPerson, []string{"a"}},
		{"inactive, system users and other roles are not", []user.Profile{sales("a", shop), inactive, manager, system}, nil, role.SalesPerson, []string{"a"}},
		{"the role asked for", []user.Profile{sales("a", shop), manager}, nil, role.SalesManager, []string{"manager"}},
		{"away users are not", []user.Profile{sales("a", shop), sales("b", shop)}, map[string]availability.Availability{"b": {UserID: "b", Available: false, Until: &later}}, role.SalesPerson, []string{"a"}},
		{"back from away are", []user.Profile{sales("a", shop), sales("b", shop)}, map[string]availability.Availability{"b": {UserID: "b", Available: false, Until: &earlier}}, role.SalesPerson, []string{"a", "b"}},
		{"nobody", nil, nil, role.SalesPerson, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := leadassign.Eligible(tt.users, tt.avail, shop, tt.role, now)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Eligible = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRoundRobinSkipsAwayUsers: three sales people, one away; new leads go round the two
// available ones, each is told, and the away one joins the turns once back.
func TestRoundRobinSkipsAwayUsers(t *testing.T) {
	t.Parallel()
	f := newFixture(t, roundRobin())
	f.staff(t, "sp-a", shop, role.SalesPerson)
	f.staff(t, "sp-b", shop, role.SalesPerson)
	f.staff(t, "sp-c", shop, role.SalesPerson)
	f.staff(t, "sm-x", shop, role.SalesManager)
	f.staff(t, "sp-other", other, role.SalesPerson)
	back := f.clock.Now().Add(time.Hour)
	f.away(t, "sp-b", &back)

	var got []string
	var first lead.Lead
	for i := range 4 {
		l := f.newLead(t, int64(500+i))
		if i == 0 {
			first = l
		}
		got = append(got, f.get(t, l.ID).SalesPersonID)
	}
	if want := []string{"sp-a", "sp-c", "sp-a", "sp-c"}; !slices.Equal(got, want) {
		t.Errorf("holders = %v, want %v", got, want)
	}
	f.clock.Advance(time.Hour)
	for i := range 3 {
		l := f.newLead(t, int64(600+i))
		got = append(got, f.get(t, l.ID).SalesPersonID)
	}
	if want := []string{"sp-a", "sp-c", "sp-a", "sp-c", "sp-a", "sp-b", "sp-c"}; !slices.Equal(got, want) {
		t.Errorf("holders after sp-b is back = %v, want %v", got, want)
	}
	turns, last, err := f.leads.Cursor(f.ctx, f.t, shop, role.SalesPerson)
	if err != nil {
		t.Fatal(err)
	}
	if turns != 7 || last != "sp-c" {
		t.Errorf("cursor = %d turns, last %q; want 7, sp-c", turns, last)
	}
	for user, want := range map[string]int{"sp-a": 3, "sp-b": 1, "sp-c": 3, "sm-x": 0, "sp-other": 0} {
		if got := len(f.inbox(t, user)); got != want {
			t.Errorf("%s has %d notifications, want %d", user, got, want)
		}
	}
	if n := f.inbox(t, "sp-b"); len(n) == 1 && (n[0].Title != "New lead assigned" || n[0].Link == "") {
		t.Errorf("notification = %+v, want a new lead with a link", n[0])
	}
	if got := len(f.eventsOf(lead.EventAssigned)); got != 7 {
		t.Errorf("%d LeadAssigned events, want 7", got)
	}
	l := f.get(t, first.ID)
	if l.DisplayStatus() != lead.StatusNew || l.Claimable {
		t.Errorf("assigned lead shows %v (claimable %v), want New and not claimable", l.DisplayStatus(), l.Claimable)
	}
}

// TestConcurrentLeadsSpreadEvenly delivers 20 leads at the same moment: every lead is
// assigned, the turns are taken once each, and the three available sales people get 7, 7 and
// 6.
func TestConcurrentLeadsSpreadEvenly(t *testing.T) {
	t.Parallel()
	f := newFixture(t, roundRobin())
	for _, id := range []string{"sp-a", "sp-b", "sp-c", "sp-d"} {
		f.staff(t, id, shop, role.SalesPerson)
	}
	f.away(t, "sp-d", nil)

	const n = 20
	ids := make([]int64, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := f.leads.Create(f.ctx, f.t, lead.Lead{AccountPlatformID: shop, ContactID: int64(700 + i)}, "adf-intake")
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = l.ID
		}()
	}
	wg.Wait()
	counts := map[string]int{}
	for _, id := range ids {
		l := f.get(t, id)
		if l.SalesPersonID == "" {
			t.Errorf("lead %d is not assigned", id)
		}
		counts[l.SalesPersonID]++
	}
	var got []int
	for _, c := range counts {
		got = append(got, c)
	}
	slices.Sort(got)
	if want := []int{6, 7, 7}; !slices.Equal(got, want) || counts["sp-d"] != 0 {
		t.Errorf("leads per sales person = %v, want 6, 7 and 7 and none for the away one", counts)
	}
	turns, _, err := f.leads.Cursor(f.ctx, f.t, shop, role.SalesPerson)
	if err != nil {
		t.Fatal(err)
	}
	if turns != n {
		t.Errorf("turns taken = %d, want %d (one per lead, none twice)", turns, n)
	}
	for user, c := range counts {
		if got := len(f.inbox(t, user)); got != c {
			t.Errorf("%s has %d notifications for %d leads", user, got, c)
		}
	}
}

// TestReassignWhenUnanswered: the store's reassign rule moves a lead nobody answered after its
// time to the next sales person and tells both; an answered lead, or one whose time has not
// come, stays.
func TestReassignWhenUnanswered(t *testing.T) {
	t.Parallel()
	rule := dealer.ReassignRule{FromRole: role.SalesPerson, ToRole: role.SalesPerson, AfterMinutes: 30, Enabled: true}
	tests := []struct {
		name    string
		answer  bool
		advance time.Duration
		want    string // holder after the timers ran
	}{
		{"unanswered after its time", false, 31 * time.Minute, "sp-b"},
		{"unanswered before its time", false, 29 * time.Minute, "sp-a"},
		{"answered", true, 31 * time.Minute, "sp-a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, roundRobin(rule))
			f.staff(t, "sp-a", shop, role.SalesPerson)
			f.staff(t, "sp-b", shop, role.SalesPerson)
			l := f.newLead(t, 800)
			held := f.get(t, l.ID)
			if held.SalesPersonID != "sp-a" || held.ReassignTimer == "" {
				t.Fatalf("lead held by %q with timer %q, want sp-a with a timer", held.SalesPersonID, held.ReassignTimer)
			}
			if tt.answer {
				f.clock.Advance(5 * time.Minute)
				if _, err := f.leads.MarkResponded(f.ctx, f.t, []int64{800}, f.clock.Now()); err != nil {
					t.Fatal(err)
				}
				if _, err := timer.Pending(f.ctx, f.s, f.t, held.ReassignTimer); apperr.CodeOf(err) != apperr.NotFound {
					t.Errorf("timer after the answer: %v, want cancelled (NotFound)", err)
				}
				f.clock.Advance(tt.advance - 5*time.Minute)
			} else {
				f.clock.Advance(tt.advance)
			}
			f.fire(t)
			got := f.get(t, l.ID)
			if got.SalesPersonID != tt.want {
				t.Errorf("holder = %q, want %q", got.SalesPersonID, tt.want)
			}
			moved := tt.want != "sp-a"
			if got, want := len(f.inbox(t, "sp-b")), map[bool]int{true: 1, false: 0}[moved]; got != want {
				t.Errorf("sp-b has %d notifications, want %d", got, want)
			}
			if got, want := len(f.inbox(t, "sp-a")), map[bool]int{true: 2, false: 1}[moved]; got != want {
				t.Errorf("sp-a has %d notifications, want %d", got, want)
			}
			if moved {
				if ns := f.inbox(t, "sp-a"); ns[0].Title != "Lead reassigned" {
					t.Errorf("sp-a's newest notification = %q, want Lead reassigned", ns[0].Title)
				}
				if got.ReassignTimer == "" || got.ReassignTimer == held.ReassignTimer {
					t.Errorf("timer after the move = %q, want a new one (was %q)", got.ReassignTimer, held.ReassignTimer)
				}
			}
			// The lead's change log records each automatic assignment.
			segs, err := f.leads.LogSegments(f.ctx, f.t, []int64{800})
			if err != nil {
				t.Fatal(err)
			}
			field := "leads[" + strconv.FormatInt(l.ID, 10) + "].salesPerson"
			page, err := changelog.NewReader(f.s).Read(f.ctx, f.t, segs, changelog.Filter{Field: field}, 1, 10)
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for _, e := range page.Entries {
				if e.UserID != leadassign.AutoUser {
					t.Errorf("log entry by %q, want %q", e.UserID, leadassign.AutoUser)
				}
				for _, c := range e.Changes {
					moves = append(moves, c.OldValue+">"+c.NewValue)
				}
			}
			want := []string{">sp-a"}
			if moved {
				want = []string{"sp-a>sp-b", ">sp-a"}
			}
			if !slices.Equal(moves, want) {
				t.Errorf("logged holder changes = %v, want %v (newest first)", moves, want)
			}
		})
	}
}

// TestRedeliveryHasOneEffect delivers the reassign timer's event and the lead's creation again:
// nothing changes the second time.
func TestRedeliveryHasOneEffect(t *testing.T) {
	t.Parallel()
	rule := dealer.ReassignRule{ToRole: role.SalesPerson, AfterMinutes: 10, Enabled: true}
	f := newFixture(t, roundRobin(rule))
	f.staff(t, "sp-a", shop, role.SalesPerson)
	f.staff(t, "sp-b", shop, role.SalesPerson)
	f.staff(t, "sp-c", shop, role.SalesPerson)
	l := f.newLead(t, 900)
	f.clock.Advance(11 * time.Minute)
	f.fire(t)
	due := f.eventsOf(lead.EventReassignDue)
	if len(due) != 1 {
		t.Fatalf("%d reassign events, want 1", len(due))
	}
	after := f.get(t, l.ID)
	if after.SalesPersonID != "sp-b" {
		t.Fatalf("holder after the timer = %q, want sp-b", after.SalesPersonID)
	}
	// The same timer event again, and the lead's creation again.
	for _, e := range append(due, f.eventsOf(lead.EventCreated)...) {
		if err := f.bus.Publish(f.ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	again := f.get(t, l.ID)
	if again.Version != after.Version || again.SalesPersonID != "sp-b" {
		t.Errorf("after redelivery: version %d holder %q, want version %d holder sp-b", again.Version, again.SalesPersonID, after.Version)
	}
	for user, want := range map[string]int{"sp-a": 2, "sp-b": 1, "sp-c": 0} {
		if got := len(f.inbox(t, user)); got != want {
			t.Errorf("%s has %d notifications, want %d", user, got, want)
		}
	}
	turns, _, err := f.leads.Cursor(f.ctx, f.t, shop, role.SalesPerson)
	if err != nil {
		t.Fatal(err)
	}
	if turns != 2 {
		t.Errorf("turns = %d, want 2", turns)
	}
}

// TestStoresThatDoNotAutoAssign leave new leads alone.
func TestStoresThatDoNotAutoAssign(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		settings dealer.Settings
	}{
		{"claims", dealer.Defaults(shop)},
		{"auto-assign without round robin", func() dealer.Settings {
			s := dealer.Defaults(shop)
			s.LeadSettings.AutoAssign = true
			return s
		}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, tt.settings)
			f.staff(t, "sp-a", shop, role.SalesPerson)
			l := f.newLead(t, 950)
			if got := f.get(t, l.ID); got.SalesPersonID != "" || got.Version != 1 {
				t.Errorf("lead held by %q at version %d, want nobody at 1", got.SalesPersonID, got.Version)
			}
		})
	}
}

// TestManualChangesCancelTheReassignTimer: a lead a manager reassigns by hand, or that is
// closed, no longer waits on its reassign rule: its timer is cancelled in the change's
// transaction and nothing moves the lead when its time comes.
func TestManualChangesCancelTheReassignTimer(t *testing.T) {
	t.Parallel()
	rule := dealer.ReassignRule{FromRole: role.SalesPerson, ToRole: role.SalesPerson, AfterMinutes: 15, Enabled: true}
	tests := []struct {
		name   string
		change func(f *fixture, l lead.Lead) (lead.Lead, error)
		holder string
	}{
		{"assigned by hand", func(f *fixture, l lead.Lead) (lead.Lead, error) {
			return f.leads.Assign(f.ctx, f.t, l.ID, lead.Assignment{SalesPersonID: "sp-c"}, "sm-x", nil)
		}, "sp-c"},
		{"marked lost", func(f *fixture, l lead.Lead) (lead.Lead, error) {
			return f.leads.Transition(f.ctx, f.t, l.ID, lead.MarkLost, "Bought elsewhere", "sp-a", nil)
		}, "sp-a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, roundRobin(rule))
			for _, id := range []string{"sp-a", "sp-b", "sp-c"} {
				f.staff(t, id, shop, role.SalesPerson)
			}
			l := f.get(t, f.newLead(t, 990).ID)
			if l.ReassignTimer == "" {
				t.Fatal("no reassign timer after the assignment")
			}
			changed, err := tt.change(f, l)
			if err != nil {
				t.Fatal(err)
			}
			if changed.ReassignTimer != "" {
				t.Errorf("timer after the change = %q, want none", changed.ReassignTimer)
			}
			if _, err := timer.Pending(f.ctx, f.s, f.t, l.ReassignTimer); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("timer after the change: %v, want cancelled (NotFound)", err)
			}
			f.clock.Advance(time.Hour)
			f.fire(t)
			got := f.get(t, l.ID)
			if got.SalesPersonID != tt.holder || got.Version != changed.Version {
				t.Errorf("after the timer's time: holder %q at version %d, want %q at %d", got.SalesPersonID, got.Version, tt.holder, changed.Version)
			}
			if n := len(f.eventsOf(lead.EventReassignDue)); n != 0 {
				t.Errorf("%d reassign events, want none", n)
			}
		})
	}
}

// TestNotificationRules: the store's enabled in-app rules tell the users of the roles they
// name at the store, once however often the lead's events are delivered.
func TestNotificationRules(t *testing.T) {
	t.Parallel()
	rule := func(event string, enabled bool, channels ...string) dealer.NotificationRule {
		return dealer.NotificationRule{Event: event, Recipients: []string{role.SalesManager}, Channels: channels, Enabled: enabled}
	}
	tests := []struct {
		name       string
		autoAssign bool
		rules      []dealer.NotificationRule
		want       []string // titles sm-x is told, newest first
	}{
		{"new lead, in app", false, []dealer.NotificationRule{rule(dealer.EventNewLead, true, dealer.ChannelInApp)}, []string{"New lead"}},
		{"new lead, e-mail only", false, []dealer.NotificationRule{rule(dealer.EventNewLead, true, dealer.ChannelEmail)}, nil},
		{"new lead, disabled", false, []dealer.NotificationRule{rule(dealer.EventNewLead, false, dealer.ChannelInApp)}, nil},
		{"lead assigned", true, []dealer.NotificationRule{rule(dealer.EventLeadAssigned, true, dealer.ChannelInApp, dealer.ChannelText)}, []string{"Lead assigned"}},
		{"lead assigned in a store that claims", false, []dealer.NotificationRule{rule(dealer.EventLeadAssigned, true, dealer.ChannelInApp)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			settings := dealer.Defaults(shop)
			if tt.autoAssign {
				settings = roundRobin()
			}
			settings.NotificationRules = tt.rules
			f := newFixture(t, settings)
			f.staff(t, "sp-a", shop, role.SalesPerson)
			f.staff(t, "sm-x", shop, role.SalesManager)
			f.staff(t, "sm-other", other, role.SalesManager)
			f.newLead(t, 1000)
			for _, e := range f.eventsOf(lead.EventCreated) {
				if err := f.bus.Publish(f.ctx, e); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			for _, n := range f.inbox(t, "sm-x") {
				got = append(got, n.Title)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("sm-x was told %v, want %v", got, tt.want)
			}
			if n := len(f.inbox(t, "sm-other")); n != 0 {
				t.Errorf("another store's manager was told %d times", n)
			}
		})
	}
}
