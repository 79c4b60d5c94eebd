package garage_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

var epoch = time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)

// TestTransitions takes a vehicle through each action from each status it may be in, checking
// the status it lands in, and the Conflict of an action its status refuses (nothing changed).
func TestTransitions(t *testing.T) {
	t.Parallel()
	s := dynamotest.Store(t).WithClock(func() time.Time { return epoch })
	repo := garage.NewRepo(s, nil, vehicle.MustLoad(), nil)
	tn, err := store.NewTenant("1000")
	if err != nil {
		t.Fatal(err)
	}
	by := garage.Actor{UserID: "u1", UserName: "Sam"}
	ctx := context.Background()
	type act func(id, version int64) (garage.Vehicle, error)
	sold := func(id, v int64) (garage.Vehicle, error) { return repo.MarkSold(ctx, tn, id, v, "", "", by, nil) }
	dealer := func(id, v int64) (garage.Vehicle, error) {
		return repo.DealerPurchased(ctx, tn, id, v, "2026-11-01", "", by, nil)
	}
	notOwned := func(id, v int64) (garage.Vehicle, error) { return repo.NotOwned(ctx, tn, id, v, "", by, nil) }
	owns := func(id, v int64) (garage.Vehicle, error) { return repo.ContactOwns(ctx, tn, id, v, by, nil) }
	reopen := func(id, v int64) (garage.Vehicle, error) { return repo.Reopen(ctx, tn, id, v, by, nil) }
	tests := []struct {
		name  string
		setup []act
		do    act
		want  garage.Status
		code  apperr.Code
	}{
		{name: "mark as sold", do: sold, want: garage.StatusSold},
		{name: "purchased by dealer", do: dealer, want: garage.StatusDealerPurchased},
		{name: "does not own", do: notOwned, want: garage.StatusNotOwned},
		{name: "contact owns a current vehicle", do: owns, want: garage.StatusCurrent},
		{name: "contact owns one marked not owned", setup: []act{notOwned}, do: owns, want: garage.StatusCurrent},
		{name: "contact owns a sold one", setup: []act{sold}, do: owns, code: apperr.Conflict},
		{name: "reopen a sold one", setup: []act{sold}, do: reopen, want: garage.StatusCurrent},
		{name: "reopen a dealer purchase", setup: []act{dealer}, do: reopen, want: garage.StatusCurrent},
		{name: "reopen a current one", do: reopen, code: apperr.Conflict},
		{name: "sell a sold one", setup: []act{sold}, do: sold, code: apperr.Conflict},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := repo.Add(ctx, tn, int64(1000+i), 2001, garage.Edit{CurrentVehicle: garage.VehicleInput{VIN: "1HGCM82633A004352", Mileage: 1000}}, by)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range tt.setup {
				if v, err = f(v.EntityID, v.Version); err != nil {
					t.Fatal(err)
				}
			}
			got, err := tt.do(v.EntityID, v.Version)
			if tt.code != "" {
				if apperr.CodeOf(err) != tt.code {
					t.Fatalf("err = %v, want %s", err, tt.code)
				}
				after, err := repo.Get(ctx, tn, v.EntityID)
				if err != nil || after.Version != v.Version || after.Status != v.Status {
					t.Errorf("after the refusal: %+v %v, want unchanged", after, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != tt.want || got.NoLongerOwns != (tt.want != garage.StatusCurrent) || got.Version != v.Version+1 {
				t.Errorf("got status %s noLongerOwns %v version %d", got.Status, got.NoLongerOwns, got.Version)
			}
			// The version it was changed from is stale now: the same action again is a Conflict.
			if _, err := tt.do(v.EntityID, v.Version); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("stale write: %v, want a conflict", err)
			}
		})
	}
}

func TestMileageAndTradeValue(t *testing.T) {
	t.Parallel()
	s := dynamotest.Store(t).WithClock(func() time.Time { return epoch })
	repo := garage.NewRepo(s, nil, vehicle.MustLoad(), nil)
	tn, _ := store.NewTenant("1000")
	ctx := context.Background()
	by := garage.Actor{UserID: "u1", UserName: "Sam"}
	v, err := repo.Add(ctx, tn, 1, 2001, garage.Edit{CurrentVehicle: garage.VehicleInput{Year: 2020, Make: "honda", Model: "cr-v", Mileage: 30000},
		Contracts: []garage.ContractInput{{ContractType: garage.ContractLease, MoneyFactor: 0.00125, TermMonths: 36, Payment: 329, Payoff: 12000, StartDate: "2024-03-01"}}}, by)
	if err != nil {
		t.Fatal(err)
	}
	if v.CurrentVehicle.Make != "Honda" || v.CurrentVehicle.Model != "CR-V" || v.PaymentCalc.Contracts[0].MaturityDate != "2027-03-01" || v.PaymentCalc.Contracts[0].PaymentsLeft != 4 {
		t.Errorf("added = %+v", v)
	}
	if _, err := repo.UpdateMileage(ctx, tn, v.EntityID, v.Version, 29000, by, nil); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("lower mileage: %v", err)
	}
	v, err = repo.StoreTradeValue(ctx, tn, v.EntityID, v.Version, 15500, "Appraisal", false, by, nil)
	if err != nil || v.Equity == nil || *v.Equity != 3500 {
		t.Fatalf("trade value: %+v %v", v, err)
	}
	v, err = repo.ResetTradeValue(ctx, tn, v.EntityID, v.Version, by, nil)
	if err != nil || v.TradeValue != nil || len(v.ValueLog) != 2 || v.ValueLog[0].Action != "reset" || *v.ValueLog[0].OldValue != 15500 {
		t.Fatalf("reset: %+v %v", v, err)
	}
	if _, err := repo.ResetTradeValue(ctx, tn, v.EntityID, v.Version, by, nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("reset twice: %v", err)
	}
	bad := garage.Edit{CurrentVehicle: garage.VehicleInput{Year: 2020, Make: "Honda", Model: "Civic"},
		Contracts: []garage.ContractInput{{ContractType: garage.ContractLease, Rate: 5}}}
	if _, err := repo.Add(ctx, tn, 1, 2001, bad, by); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("a lease with a rate: %v", err)
	}
}
