package lead_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

const (
	camryVIN  = "4T1B11HK5JU123456"
	rav4VIN   = "2T3P1RFV8MW123456"
	otherUser = "100001"
)

// statuses returns the lead id and status of every lead of vls, by lead id.
func statuses(vls []lead.VehicleLead) map[int64]lead.Status {
	out := map[int64]lead.Status{}
	for _, vl := range vls {
		out[vl.CrmLeadID] = vl.Status
	}
	return out
}

func TestVehicleIndexFollowsTheLead(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	byVIN := func(v string) map[int64]lead.Status {
		t.Helper()
		vls, err := f.repo.VehicleLeads(ctx, f.t, lead.VehicleQuery{Stores: []int64{storeID}, VINs: []string{v}})
		if err != nil {
			t.Fatal(err)
		}
		return statuses(vls)
	}
	byStock := func(s string) map[int64]lead.Status {
		t.Helper()
		vls, err := f.repo.VehicleLeads(ctx, f.t, lead.VehicleQuery{Stores: []int64{storeID}, StockNumbers: []string{s}})
		if err != nil {
			t.Fatal(err)
		}
		return statuses(vls)
	}
	l, err := f.repo.Create(ctx, f.t, lead.Lead{AccountPlatformID: storeID, ContactID: 7,
		Vehicles: []lead.VehicleOfInterest{{Vehicle: lead.Vehicle{VIN: camryVIN, StockNumber: "t#100"}}}}, "100002")
	if err != nil {
		t.Fatal(err)
	}
	voi := l.Vehicles[0].CrmLeadVoiID
	if got := byVIN(camryVIN); got[l.ID] != lead.StatusActive || len(got) != 1 {
		t.Fatalf("by VIN after create = %v, want the active lead", got)
	}
	if got := byStock(" T#100 "); got[l.ID] != lead.StatusActive {
		t.Fatalf("by stock number (cleaned) after create = %v, want the active lead", got)
	}
	if got := byVIN(rav4VIN); len(got) != 0 {
		t.Fatalf("another VIN = %v, want none", got)
	}

	// A status change moves the index entry with the lead.
	if _, err := f.repo.Transition(ctx, f.t, l.ID, lead.MarkSoldPending, "", "100002", nil); err != nil {
		t.Fatal(err)
	}
	if got := byVIN(camryVIN); got[l.ID] != lead.StatusSoldPending {
		t.Fatalf("by VIN after the sale = %v, want sold pending", got)
	}

	// A changed VIN leaves the old one's partition.
	if _, err := f.repo.UpdateVehicleOfInterest(ctx, f.t, l.ID, voi, lead.VehicleOfInterest{Vehicle: lead.Vehicle{VIN: rav4VIN}}, "100002", nil); err != nil {
		t.Fatal(err)
	}
	if got := byVIN(camryVIN); len(got) != 0 {
		t.Errorf("old VIN after the update = %v, want none", got)
	}
	if got := byStock("T#100"); len(got) != 0 {
		t.Errorf("old stock number after the update = %v, want none", got)
	}
	if got := byVIN(rav4VIN); got[l.ID] != lead.StatusSoldPending {
		t.Errorf("new VIN after the update = %v, want the lead", got)
	}

	// A removed vehicle leaves the index; removing it again still answers as done.
	for range 2 {
		if _, err := f.repo.RemoveVehicle(ctx, f.t, lead.KindInterest, voi, "100002", nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := byVIN(rav4VIN); len(got) != 0 {
		t.Errorf("VIN after removal = %v, want none", got)
	}
}

func TestVehicleQueryValidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	many := make([]string, lead.MaxVehicleKeys+1)
	for i := range many {
		many[i] = "S" + string(rune('A'+i%26)) + string(rune('A'+i/26))
	}
	tests := []struct {
		name  string
		q     lead.VehicleQuery
		field string
	}{
		{"no store", lead.VehicleQuery{VINs: []string{camryVIN}}, "accountPlatformIds"},
		{"nothing named", lead.VehicleQuery{Stores: []int64{storeID}}, "vins"},
		{"bad VIN", lead.VehicleQuery{Stores: []int64{storeID}, VINs: []string{"NOTAVIN"}}, "vins"},
		{"blank stock number", lead.VehicleQuery{Stores: []int64{storeID}, StockNumbers: []string{" "}}, "stockNumbers"},
		{"too many", lead.VehicleQuery{Stores: []int64{storeID}, StockNumbers: many}, "vins"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.repo.VehicleLeads(context.Background(), f.t, tt.q)
			ae, ok := apperr.As(err)
			if !ok || ae.Code != apperr.Invalid || ae.Fields[tt.field] == "" {
				t.Fatalf("err = %v, want Invalid naming %s", err, tt.field)
			}
		})
	}
}

func TestCountInventory(t *testing.T) {
	t.Parallel()
	q := lead.VehicleQuery{Stores: []int64{1, 2}, VINs: []string{camryVIN}, StockNumbers: []string{"S1"}}
	vls := []lead.VehicleLead{
		{AccountPlatformID: 1, CrmLeadID: 10, VIN: camryVIN, StockNumber: "S1", Status: lead.StatusActive, SalesPersonID: "a"},
		{AccountPlatformID: 1, CrmLeadID: 10, VIN: camryVIN, Status: lead.StatusActive, SalesPersonID: "a"}, // same lead twice
		{AccountPlatformID: 1, CrmLeadID: 11, VIN: camryVIN, Status: lead.StatusSoldPending, SalesPersonID: "b"},
		{AccountPlatformID: 1, CrmLeadID: 12, VIN: camryVIN, Status: lead.StatusLost, SalesPersonID: "a"},
		{AccountPlatformID: 2, CrmLeadID: 13, StockNumber: "S1", Status: lead.StatusActive},
	}
	tests := []struct {
		name   string
		people []string
		want   []lead.InventoryCount
	}{
		{"everyone", nil, []lead.InventoryCount{
			{AccountPlatformID: 1, VIN: camryVIN, LeadCount: 2, ActiveLeadCount: 1, SoldPendingCount: 1},
			{AccountPlatformID: 1, StockNumber: "S1", LeadCount: 1, ActiveLeadCount: 1},
			{AccountPlatformID: 2, VIN: camryVIN},
			{AccountPlatformID: 2, StockNumber: "S1", LeadCount: 1, ActiveLeadCount: 1},
		}},
		{"one sales person", []string{"b"}, []lead.InventoryCount{
			{AccountPlatformID: 1, VIN: camryVIN, LeadCount: 1, SoldPendingCount: 1},
			{AccountPlatformID: 1, StockNumber: "S1"},
			{AccountPlatformID: 2, VIN: camryVIN},
			{AccountPlatformID: 2, StockNumber: "S1"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lead.CountInventory(q, vls, tt.people)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d counts, want %d: %+v", len(got), len(tt.want), got)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("count %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestSaleCountsByDateOfSale(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	mk := func(contact int64, sp string, actions ...lead.Action) int64 {
		t.Helper()
		l, err := f.repo.Create(ctx, f.t, lead.Lead{AccountPlatformID: storeID, ContactID: contact, SalesPersonID: sp}, "100002")
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range actions {
			if _, err := f.repo.Transition(ctx, f.t, l.ID, a, "", "100002", nil); err != nil {
				t.Fatal(err)
			}
		}
		return l.ID
	}
	before := f.s.Now().UTC().Add(-time.Second)
	mk(1, "a", lead.MarkSoldPending)
	mk(2, "a", lead.MarkSoldPending, lead.MarkSoldDelivered)
	mk(3, "b", lead.MarkSoldDelivered)
	mk(4, "", lead.MarkSoldPending)
	mk(5, "b", lead.MarkSoldPending, lead.Reactivate) // no longer a sale
	mk(6, "b")
	after := f.s.Now().UTC().Add(time.Second)

	tests := []struct {
		name           string
		q              lead.StatsQuery
		pending, deliv int
		people         int
	}{
		{"the range of the sales", lead.StatsQuery{Stores: []int64{storeID}, From: before, To: after}, 2, 2, 2},
		{"open range", lead.StatsQuery{Stores: []int64{storeID}}, 2, 2, 2},
		{"before the sales", lead.StatsQuery{Stores: []int64{storeID}, To: before}, 0, 0, 0},
		{"after the sales", lead.StatsQuery{Stores: []int64{storeID}, From: after}, 0, 0, 0},
		{"one sales person", lead.StatsQuery{Stores: []int64{storeID}, SalesPeople: []string{"b"}}, 0, 1, 1},
		{"another store", lead.StatsQuery{Stores: []int64{2002}}, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.repo.SaleCounts(ctx, f.t, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if got.Total.SoldPendingCount != tt.pending || got.Total.SoldDeliveredCount != tt.deliv || len(got.SalesPeople) != tt.people {
				t.Errorf("got %+v, want %d pending, %d delivered, %d sales people", got, tt.pending, tt.deliv, tt.people)
			}
			if len(got.Stores) != 1 || got.Stores[0] != (lead.SaleCount{AccountPlatformID: tt.q.Stores[0], SoldPendingCount: tt.pending, SoldDeliveredCount: tt.deliv}) {
				t.Errorf("stores = %+v", got.Stores)
			}
		})
	}
	if _, err := f.repo.SaleCounts(ctx, f.t, lead.StatsQuery{Stores: []int64{storeID}, From: after, To: before}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("reversed range: err = %v, want Invalid", err)
	}
}

func TestMarkRespondedOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	open, err := f.repo.Create(ctx, f.t, lead.Lead{AccountPlatformID: storeID, ContactID: 21, SalesPersonID: otherUser}, "100002")
	if err != nil {
		t.Fatal(err)
	}
	lost, err := f.repo.Create(ctx, f.t, lead.Lead{AccountPlatformID: storeID, ContactID: 22}, "100002")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.repo.Transition(ctx, f.t, lost.ID, lead.MarkLost, "", "100002", nil); err != nil {
		t.Fatal(err)
	}
	// A call before the lead arrived does not answer it.
	if n, err := f.repo.MarkResponded(ctx, f.t, []int64{21}, open.CreatedAt.Add(-time.Minute)); err != nil || n != 0 {
		t.Fatalf("early call marked %d (%v), want 0", n, err)
	}
	first := open.CreatedAt.Add(90 * time.Second)
	// Merged contacts: both owners are read; the lost lead is not answered.
	if n, err := f.repo.MarkResponded(ctx, f.t, []int64{21, 22}, first); err != nil || n != 1 {
		t.Fatalf("first call marked %d (%v), want 1", n, err)
	}
	if n, err := f.repo.MarkResponded(ctx, f.t, []int64{21}, first.Add(time.Hour)); err != nil || n != 0 {
		t.Fatalf("second call marked %d (%v), want 0", n, err)
	}
	got, err := f.repo.Get(ctx, f.t, open.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.FirstRespondedAt == nil || !got.FirstRespondedAt.Equal(first) || got.Version != 2 {
		t.Fatalf("lead = responded %v at version %d, want %v at version 2", got.FirstRespondedAt, got.Version, first)
	}
	rt, err := f.repo.ResponseTimes(ctx, f.t, lead.StatsQuery{Stores: []int64{storeID}})
	if err != nil {
		t.Fatal(err)
	}
	type summary struct {
		store                 int64
		leads, answered, none int
		seconds               int64
		minutes               float64
	}
	s := rt.Stores[0]
	if got, want := (summary{s.AccountPlatformID, s.LeadCount, s.RespondedCount, s.NoResponseCount, s.AverageResponseSeconds, s.AverageResponseMinutes}), (summary{storeID, 2, 1, 1, 90, 1.5}); got != want {
		t.Errorf("store = %+v, want %+v", got, want)
	}
	if len(rt.SalesPeople) != 1 || rt.SalesPeople[0].SalesPersonID != otherUser || rt.SalesPeople[0].RespondedCount != 1 {
		t.Errorf("sales people = %+v", rt.SalesPeople)
	}
}
