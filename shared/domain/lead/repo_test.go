package lead_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const storeID = 2001

type fixture struct {
	s      *store.Store
	repo   *lead.Repo
	t      store.Tenant
	mu     sync.Mutex
	events []eventbus.Event
	// flush delivers the outbox's events to events.
	flush func()
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	bus := eventbus.NewMemory()
	f := &fixture{}
	bus.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.events = append(f.events, e)
		return nil
	})
	f.s = dynamotest.Store(t)
	outbox := dynamotest.NewOutbox(t, f.s, bus)
	f.flush = func() { outbox.Flush(t) }
	f.repo = lead.NewRepo(f.s, bus, nil)
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	f.t = tn
	return f
}

func (f *fixture) eventsOf(typ string) []lead.Changed {
	f.flush()
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []lead.Changed
	for _, e := range f.events {
		if e.Type == typ {
			var c lead.Changed
			_ = json.Unmarshal(e.Detail, &c)
			out = append(out, c)
		}
	}
	return out
}

func (f *fixture) create(t *testing.T, l lead.Lead) lead.Lead {
	t.Helper()
	if l.AccountPlatformID == 0 {
		l.AccountPlatformID = storeID
	}
	if l.ContactID == 0 {
		l.ContactID = 501
	}
	got, err := f.repo.Create(context.Background(), f.t, l, "100001")
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return got
}

func TestCreateAndRead(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	l := f.create(t, lead.Lead{Vehicles: []lead.VehicleOfInterest{{Vehicle: lead.Vehicle{Year: 2025, Make: "Toyota", Model: "Camry"}}}})
	if l.ID < 1 || l.Version != 1 || l.Status != lead.StatusActive || l.LeadTypeID != lead.TypeInternet || l.AccountID != 1001 {
		t.Errorf("created lead = %+v, want an id, version 1, active, type 1, account 1001", l)
	}
	if len(l.Vehicles) != 1 || l.Vehicles[0].CrmLeadVoiID < 1 {
		t.Errorf("vehicles = %+v, want one with an id", l.Vehicles)
	}
	got, err := f.repo.Get(ctx, f.t, l.ID)
	if err != nil || got.ID != l.ID || got.Version != 1 || got.Vehicles[0].Make != "Toyota" {
		t.Errorf("Get = %+v, %v", got, err)
	}
	if ev := f.eventsOf(lead.EventCreated); len(ev) != 1 || ev[0].LeadID != l.ID {
		t.Errorf("created events = %+v, want one for the lead", ev)
	}
	other, _ := store.NewTenant("1002")
	if _, err := f.repo.Get(ctx, other, l.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Get from another tenant error = %v, want NotFound", err)
	}
	if _, err := f.repo.Create(ctx, f.t, lead.Lead{LeadTypeID: 99}, "100001"); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("invalid lead error = %v, want Invalid", err)
	} else if e, _ := apperr.As(err); e.Fields["accountPlatformId"] == "" || e.Fields["contactId"] == "" || e.Fields["leadTypeId"] == "" {
		t.Errorf("fields = %v, want store, contact and type", e.Fields)
	}
}

// TestLeadsFollowMergedContacts checks that a contact's leads are read by its owners: its own
// id and the ids merged into it.
func TestLeadsFollowMergedContacts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a := f.create(t, lead.Lead{ContactID: 701})
	b := f.create(t, lead.Lead{ContactID: 702})
	f.create(t, lead.Lead{ContactID: 703})
	got, err := f.repo.ForContact(context.Background(), f.t, []int64{701, 702})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != b.ID || got[1].ID != a.ID {
		t.Errorf("ForContact = %d leads, want b then a", len(got))
	}
}

func TestTransitions(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	l := f.create(t, lead.Lead{})
	steps := []struct {
		action lead.Action
		want   lead.Status
		code   apperr.Code
	}{
		{lead.MarkSoldPending, lead.StatusSoldPending, ""},
		{lead.MarkBad, lead.StatusSoldPending, apperr.Conflict},
		{lead.MarkLost, lead.StatusLost, ""},
		{lead.MarkLost, lead.StatusLost, apperr.Conflict},
		{lead.Reactivate, lead.StatusActive, ""},
		{lead.MarkSoldDelivered, lead.StatusSoldDelivered, ""},
		{lead.Reactivate, lead.StatusSoldDelivered, apperr.Conflict},
	}
	version := l.Version
	for _, s := range steps {
		got, err := f.repo.Transition(ctx, f.t, l.ID, s.action, "reason", "100002", nil)
		if apperr.CodeOf(err) != s.code {
			t.Fatalf("%v: error = %v, want code %q", s.action, err, s.code)
		}
		stored, _ := f.repo.Get(ctx, f.t, l.ID)
		if stored.Status != s.want {
			t.Errorf("after %v status = %v, want %v", s.action, stored.Status, s.want)
		}
		if s.code == "" {
			version++
			if got.Version != version {
				t.Errorf("after %v version = %d, want %d", s.action, got.Version, version)
			}
		} else if stored.Version != version {
			t.Errorf("a refused %v changed the version to %d", s.action, stored.Version)
		}
	}
	ev := f.eventsOf(lead.EventStatusChanged)
	if len(ev) != 4 {
		t.Fatalf("%d status events, want 4", len(ev))
	}
	if e := ev[1]; e.FromStatus != lead.StatusSoldPending || e.Status != lead.StatusLost || e.ActivityType != "Lost" || e.UserID != "100002" {
		t.Errorf("second event = %+v", e)
	}
	// The lost lead is listed by status, and no longer once it changes.
	page, err := f.repo.ByStatus(ctx, f.t, storeID, lead.StatusSoldDelivered, 25, "")
	if err != nil || len(page.Leads) != 1 || page.Leads[0].ID != l.ID {
		t.Errorf("ByStatus(sold delivered) = %+v, %v", page, err)
	}
	page, err = f.repo.ByStatus(ctx, f.t, storeID, lead.StatusLost, 25, "")
	if err != nil || len(page.Leads) != 0 {
		t.Errorf("ByStatus(lost) = %d leads, %v; want none", len(page.Leads), err)
	}
}

func TestEventIDsAreStable(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	l := f.create(t, lead.Lead{})
	if _, err := f.repo.Transition(context.Background(), f.t, l.ID, lead.MarkBad, "", "100002", nil); err != nil {
		t.Fatal(err)
	}
	f.flush()
	f.mu.Lock()
	defer f.mu.Unlock()
	seen := map[string]bool{}
	for _, e := range f.events {
		if seen[e.ID] || !strings.HasPrefix(e.ID, "lead-") {
			t.Errorf("event id %q repeated or malformed", e.ID)
		}
		seen[e.ID] = true
	}
}

// TestConcurrentClaims has many users claim the same lead at the same moment: exactly one wins,
// every other gets MsgClaimedFirst, and the lead is held by the winner.
func TestConcurrentClaims(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	l := f.create(t, lead.Lead{Claimable: true})
	page, err := f.repo.ByStatus(ctx, f.t, storeID, lead.StatusUnclaimed, 25, "")
	if err != nil || len(page.Leads) != 1 {
		t.Fatalf("claimable leads = %d, %v; want 1", len(page.Leads), err)
	}
	users := []string{"100001", "100003", "100005", "100006", "100007", "100009", "100010", "100012"}
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, len(users))
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = f.repo.Claim(ctx, f.t, l.ID, u, false, nil)
		}()
	}
	close(start)
	wg.Wait()
	winner := ""
	for i, err := range errs {
		switch {
		case err == nil:
			if winner != "" {
				t.Errorf("both %s and %s won the claim", winner, users[i])
			}
			winner = users[i]
		case apperr.CodeOf(err) == apperr.Conflict:
			if e, _ := apperr.As(err); e.Message != lead.MsgClaimedFirst {
				t.Errorf("%s lost with %q, want %q", users[i], e.Message, lead.MsgClaimedFirst)
			}
		default:
			t.Errorf("%s: unexpected error %v", users[i], err)
		}
	}
	if winner == "" {
		t.Fatal("nobody won the claim")
	}
	got, _ := f.repo.Get(ctx, f.t, l.ID)
	if got.SalesPersonID != winner || got.Version != 2 || got.DisplayStatus() != lead.StatusNew {
		t.Errorf("lead after claims = held by %q at version %d (%v), want %s at 2", got.SalesPersonID, got.Version, got.DisplayStatus(), winner)
	}
	if ev := f.eventsOf(lead.EventClaimed); len(ev) != 1 || ev[0].SalesPersonID != winner {
		t.Errorf("claim events = %+v, want one for the winner", ev)
	}
	page, err = f.repo.ByStatus(ctx, f.t, storeID, lead.StatusUnclaimed, 25, "")
	if err != nil || len(page.Leads) != 0 {
		t.Errorf("claimable leads after the claim = %d, %v; want 0", len(page.Leads), err)
	}
}

func TestClaimRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	notClaimable := f.create(t, lead.Lead{})
	if _, err := f.repo.Claim(ctx, f.t, notClaimable.ID, "100001", false, nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("claim of a lead not open to claims: %v, want Conflict", err)
	}
	lost := f.create(t, lead.Lead{Claimable: true, Status: lead.StatusLost})
	if _, err := f.repo.Claim(ctx, f.t, lost.ID, "100001", false, nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("claim of a lost lead: %v, want Conflict", err)
	}
	bdc := f.create(t, lead.Lead{Claimable: true})
	got, err := f.repo.Claim(ctx, f.t, bdc.ID, "100005", true, nil)
	if err != nil || got.BDCAgentID != "100005" || got.SalesPersonID != "" {
		t.Errorf("BDC claim = %+v, %v", got, err)
	}
	denied := apperr.Errorf(apperr.NotFound, lead.MsgNotFound)
	other := f.create(t, lead.Lead{Claimable: true})
	if _, err := f.repo.Claim(ctx, f.t, other.ID, "100001", false, func(lead.Lead) error { return denied }); err != denied {
		t.Errorf("claim refused by allow: %v", err)
	}
	if got, _ := f.repo.Get(ctx, f.t, other.ID); got.Version != 1 {
		t.Errorf("a refused claim wrote version %d", got.Version)
	}
}

func TestAssign(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	l := f.create(t, lead.Lead{Claimable: true})
	got, err := f.repo.Assign(ctx, f.t, l.ID, lead.Assignment{SalesPersonID: "100001"}, "100002", nil)
	if err != nil || got.SalesPersonID != "100001" || got.DisplayStatus() != lead.StatusNew {
		t.Fatalf("Assign = %+v, %v", got, err)
	}
	worked, err := f.repo.SetTypeAndSource(ctx, f.t, l.ID, lead.TypePhone, 0, "100001", nil)
	if err != nil || worked.DisplayStatus() != lead.StatusActive {
		t.Errorf("after a type change the lead shows %v, %v; want active", worked.DisplayStatus(), err)
	}
	if _, err := f.repo.Assign(ctx, f.t, l.ID, lead.Assignment{SalesPersonID: "100001"}, "100002", nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("same assignment again: %v, want Conflict", err)
	}
	if _, err := f.repo.Transition(ctx, f.t, l.ID, lead.MarkBad, "", "100002", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := f.repo.Assign(ctx, f.t, l.ID, lead.Assignment{SalesPersonID: "100003"}, "100002", nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("reassigning a bad lead: %v, want Conflict", err)
	}
}

func TestVehicles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	l := f.create(t, lead.Lead{})
	l, voi, err := f.repo.AddVehicleOfInterest(ctx, f.t, l.ID, lead.VehicleOfInterest{Vehicle: lead.Vehicle{VIN: "1hgcm82633a004352"}}, "100001", nil)
	if err != nil || voi < 1 || len(l.Vehicles) != 1 || l.Vehicles[0].VIN != "1HGCM82633A004352" {
		t.Fatalf("add VOI = %+v, %d, %v", l.Vehicles, voi, err)
	}
	l, trade, err := f.repo.AddTradeIn(ctx, f.t, l.ID, lead.TradeIn{Vehicle: lead.Vehicle{Year: 2016, Make: "Honda", Model: "Civic", Odometer: 88000}, Payoff: 4200}, "100001", nil)
	if err != nil || trade < 1 || len(l.TradeIns) != 1 {
		t.Fatalf("add trade-in = %+v, %v", l.TradeIns, err)
	}
	if _, _, err := f.repo.AddTradeIn(ctx, f.t, l.ID, lead.TradeIn{Vehicle: lead.Vehicle{VIN: "nope"}}, "100001", nil); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("invalid trade-in: %v, want Invalid", err)
	}
	l, err = f.repo.UpdateTradeIn(ctx, f.t, l.ID, trade, lead.TradeIn{Vehicle: lead.Vehicle{Year: 2016, Make: "Honda", Model: "Civic", Odometer: 90000}}, "100001", nil)
	if err != nil || l.TradeIns[0].Odometer != 90000 || l.TradeIns[0].CrmLeadTradeID != trade {
		t.Errorf("update trade-in = %+v, %v", l.TradeIns, err)
	}
	if _, err := f.repo.UpdateVehicleOfInterest(ctx, f.t, l.ID, trade, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Kia"}}, "100001", nil); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("update of a VOI by a trade-in's id: %v, want NotFound", err)
	}
	if _, err := f.repo.RemoveVehicle(ctx, f.t, lead.KindTrade, voi, "100001", nil); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("remove a VOI as a trade-in: %v, want NotFound", err)
	}
	l, err = f.repo.RemoveVehicle(ctx, f.t, lead.KindInterest, voi, "100001", nil)
	if err != nil || len(l.Vehicles) != 0 || len(l.TradeIns) != 1 {
		t.Errorf("remove VOI = %+v, %v", l, err)
	}
	again, err := f.repo.RemoveVehicle(ctx, f.t, lead.KindInterest, voi, "100001", nil)
	if err != nil || again.Version != l.Version {
		t.Errorf("remove it again = version %d, %v; want no change", again.Version, err)
	}
	if _, err := f.repo.RemoveVehicle(ctx, f.t, lead.KindInterest, 12345, "100001", nil); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("remove a vehicle that never existed: %v, want NotFound", err)
	}
	if _, err := f.repo.Transition(ctx, f.t, l.ID, lead.MarkLost, "", "100001", nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.repo.AddVehicleOfInterest(ctx, f.t, l.ID, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Kia"}}, "100001", nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("add to a lost lead: %v, want Conflict", err)
	}
}

func TestSourcesAndTypeChange(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	for _, n := range []string{"TrueCar", "Autotrader", "  truecar ", "Cars.com"} {
		if _, err := f.repo.EnsureSource(ctx, f.t, storeID, n); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.repo.EnsureSource(ctx, f.t, storeID, "  "); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("empty source name: %v, want Invalid", err)
	}
	src, err := f.repo.Sources(ctx, f.t, storeID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range src {
		names = append(names, s.Name)
	}
	if got, want := strings.Join(names, ","), "Autotrader,Cars.com,TrueCar"; got != want {
		t.Errorf("sources = %s, want %s", got, want)
	}
	other, err := f.repo.EnsureSource(ctx, f.t, 2002, "Edmunds")
	if err != nil {
		t.Fatal(err)
	}
	l := f.create(t, lead.Lead{})
	got, err := f.repo.SetTypeAndSource(ctx, f.t, l.ID, lead.TypePhone, src[0].LeadSourceID, "100002", nil)
	if err != nil || got.LeadTypeID != lead.TypePhone || got.LeadSourceName != "Autotrader" {
		t.Errorf("SetTypeAndSource = %+v, %v", got, err)
	}
	if _, err := f.repo.SetTypeAndSource(ctx, f.t, l.ID, lead.TypePhone, other.LeadSourceID, "100002", nil); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("source of another store: %v, want Invalid", err)
	}
	if _, err := f.repo.SetTypeAndSource(ctx, f.t, l.ID, 42, 0, "100002", nil); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("unknown type: %v, want Invalid", err)
	}
}

func TestDeliveries(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	d := lead.Delivery{Provider: "TrueCar", ProviderID: "TC-1", Sequence: "1", Raw: "<adf/>", ContentType: "application/xml"}
	newLead := lead.Lead{AccountPlatformID: storeID, ContactID: 801, Claimable: true}
	var wg sync.WaitGroup
	ids := make([]int64, 4)
	created := make([]bool, 4)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, c, err := f.repo.CreateDelivered(ctx, f.t, newLead, d, "intake")
			if err != nil {
				t.Errorf("delivery %d: %v", i, err)
			}
			ids[i], created[i] = l.ID, c
		}()
	}
	wg.Wait()
	var n int
	for i := range ids {
		if ids[i] != ids[0] {
			t.Errorf("deliveries made leads %v, want one", ids)
		}
		if created[i] {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d deliveries created a lead, want 1", n)
	}
	doc, err := f.repo.Document(ctx, f.t, ids[0])
	if err != nil || doc != "<adf/>" {
		t.Errorf("Document = %q, %v", doc, err)
	}
	next := d
	next.Sequence = "2"
	if _, c, err := f.repo.CreateDelivered(ctx, f.t, newLead, next, "intake"); err != nil || !c {
		t.Errorf("next sequence: created %v, %v; want a new lead", c, err)
	}
	if _, err := f.repo.Document(ctx, f.t, f.create(t, lead.Lead{}).ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("document of a lead made by hand: %v, want NotFound", err)
	}
	big := d
	big.ProviderID, big.Raw = "TC-2", strings.Repeat("x", lead.MaxDocument+1)
	if _, _, err := f.repo.CreateDelivered(ctx, f.t, newLead, big, "intake"); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("oversized document: %v, want Invalid", err)
	}
}

func TestIntakeKeys(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	key, err := f.repo.RotateIntakeKey(ctx, f.t, storeID, "100008")
	if err != nil {
		t.Fatal(err)
	}
	tn, st, err := f.repo.VerifyIntakeKey(ctx, key)
	if err != nil || tn.Account() != "1001" || st != storeID {
		t.Errorf("VerifyIntakeKey = %v, %d, %v", tn.Account(), st, err)
	}
	rotated, err := f.repo.RotateIntakeKey(ctx, f.t, storeID, "100008")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{key, "", "cxl_1001_2001_", "cxl_1001_2002_" + strings.Split(rotated, "_")[3], "cxl_1002_2001_" + strings.Split(rotated, "_")[3], "abc", rotated + "x"} {
		if _, _, err := f.repo.VerifyIntakeKey(ctx, bad); apperr.CodeOf(err) != apperr.Unauthorized {
			t.Errorf("VerifyIntakeKey(%q) = %v, want Unauthorized", bad, err)
		}
	}
	if _, _, err := f.repo.VerifyIntakeKey(ctx, rotated); err != nil {
		t.Errorf("rotated key: %v", err)
	}
}

// chosen returns the ids of l's chosen vehicles of interest.
func chosen(l lead.Lead) []int64 {
	var ids []int64
	for _, v := range l.Vehicles {
		if v.IsPrimary {
			ids = append(ids, v.CrmLeadVoiID)
		}
	}
	return ids
}

func TestCreateChoosesOneVehicle(t *testing.T) {
	t.Parallel()
	camry := lead.Vehicle{Make: "Toyota", Model: "Camry"}
	rav4 := lead.Vehicle{Make: "Toyota", Model: "RAV4"}
	tests := []struct {
		name     string
		vehicles []lead.VehicleOfInterest
		want     string // the chosen model; "" for none
	}{
		{"no vehicles", nil, ""},
		{"the first by default", []lead.VehicleOfInterest{{Vehicle: camry}, {Vehicle: rav4}}, "Camry"},
		{"the one marked", []lead.VehicleOfInterest{{Vehicle: camry}, {Vehicle: rav4, IsPrimary: true}}, "RAV4"},
		{"the first of two marked", []lead.VehicleOfInterest{{Vehicle: camry, IsPrimary: true}, {Vehicle: rav4, IsPrimary: true}}, "Camry"},
	}
	f := newFixture(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := f.create(t, lead.Lead{Vehicles: tt.vehicles})
			ids := chosen(l)
			got := ""
			if len(ids) > 1 {
				t.Fatalf("%d vehicles chosen, want at most one", len(ids))
			}
			if v, ok := l.ChosenVehicle(); ok && len(ids) == 1 {
				got = v.Model
			}
			if got != tt.want {
				t.Errorf("chosen = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestChooseVehicle(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	l := f.create(t, lead.Lead{})
	l, camry, err := f.repo.AddVehicleOfInterest(ctx, f.t, l.ID, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Toyota", Model: "Camry"}}, "100001", nil)
	if err != nil || !slices.Equal(chosen(l), []int64{camry}) {
		t.Fatalf("the first vehicle added is chosen: %v, %v", chosen(l), err)
	}
	l, rav4, err := f.repo.AddVehicleOfInterest(ctx, f.t, l.ID, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Toyota", Model: "RAV4"}}, "100001", nil)
	if err != nil || !slices.Equal(chosen(l), []int64{camry}) {
		t.Fatalf("a second vehicle keeps the choice: %v, %v", chosen(l), err)
	}
	before := l.Version
	l, err = f.repo.UpdateVehicleOfInterest(ctx, f.t, l.ID, rav4, lead.VehicleOfInterest{IsPrimary: true, Vehicle: lead.Vehicle{Make: "Toyota", Model: "RAV4", Trim: "XLE"}}, "100001", nil)
	if err != nil || !slices.Equal(chosen(l), []int64{rav4}) || l.Version != before+1 {
		t.Fatalf("choose the RAV4: chosen %v, version %d (was %d), %v", chosen(l), l.Version, before, err)
	}
	if got, _ := f.repo.Get(ctx, f.t, l.ID); !slices.Equal(chosen(got), []int64{rav4}) {
		t.Errorf("stored choice = %v, want the RAV4", chosen(got))
	}
	l, err = f.repo.UpdateVehicleOfInterest(ctx, f.t, l.ID, rav4, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Toyota", Model: "RAV4", Trim: "Limited"}}, "100001", nil)
	if err != nil || !slices.Equal(chosen(l), []int64{rav4}) || l.Vehicles[1].Trim != "Limited" {
		t.Errorf("an edit without isPrimary keeps the choice: %v %+v, %v", chosen(l), l.Vehicles, err)
	}
	l, err = f.repo.UpdateVehicleOfInterest(ctx, f.t, l.ID, camry, lead.VehicleOfInterest{Vehicle: lead.Vehicle{Make: "Toyota", Model: "Camry", Color: "Red"}}, "100001", nil)
	if err != nil || !slices.Equal(chosen(l), []int64{rav4}) {
		t.Errorf("editing the other vehicle keeps the choice: %v, %v", chosen(l), err)
	}
	l, err = f.repo.RemoveVehicle(ctx, f.t, lead.KindInterest, rav4, "100001", nil)
	if err != nil || !slices.Equal(chosen(l), []int64{camry}) {
		t.Errorf("removing the chosen vehicle chooses the one left: %v, %v", chosen(l), err)
	}
	if _, err := f.repo.Transition(ctx, f.t, l.ID, lead.MarkLost, "", "100001", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := f.repo.UpdateVehicleOfInterest(ctx, f.t, l.ID, camry, lead.VehicleOfInterest{IsPrimary: true, Vehicle: lead.Vehicle{Make: "Toyota"}}, "100001", nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("choose on a lost lead: %v, want Conflict", err)
	}
}
