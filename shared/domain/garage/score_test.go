package garage

import (
	"testing"
	"time"
)

func TestComputeScore(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	intp := func(n int) *int { return &n }
	tv := func(value float64) *TradeValue { return &TradeValue{Value: value, Source: "Manual", At: now} }
	finance := func(start string, term int, payoff float64) []Contract {
		return []Contract{{ContractInput: ContractInput{ContractType: ContractFinance, TermMonths: term, StartDate: start, Payoff: payoff, Payment: 400}}}
	}
	vehicle := func(year, mileage int, purchase string, contracts []Contract, trade *TradeValue) Vehicle {
		return Vehicle{Status: StatusCurrent, TradeValue: trade, PaymentCalc: PaymentCalc{Contracts: contracts},
			CurrentVehicle: CurrentVehicle{VehicleInput: VehicleInput{Year: year, Make: "Toyota", Model: "Camry", Mileage: mileage, PurchaseDate: purchase}}}
	}
	tests := []struct {
		name    string
		v       Vehicle
		recalls *int
		// want are the points of equity, monthsRemaining, mileage, recalls and age.
		want  [5]int
		known [5]bool
		value int
		band  string
	}{
		{
			name: "nothing known but the year", v: vehicle(2024, 0, "", nil, nil),
			want: [5]int{0, 0, 0, 0, 0}, known: [5]bool{false, false, false, false, true}, value: 0, band: BandCold,
		},
		{
			name: "hot: equity, ending contract, high mileage, recalls, old",
			v:    vehicle(2018, 110000, "2021-12-01", finance("2021-12-01", 60, 3000), tv(12000)), recalls: intp(2),
			want: [5]int{30, 25, 15, 10, 15}, known: [5]bool{true, true, true, true, true}, value: 95, band: BandHot,
		},
		{
			name: "cold: negative equity, long contract, low mileage, new",
			v:    vehicle(2026, 4000, "2026-06-01", finance("2026-06-01", 72, 38000), tv(31000)), recalls: intp(0),
			want: [5]int{-25, -10, 0, 0, 0}, known: [5]bool{true, true, true, true, true}, value: 0, band: BandCold,
		},
		{
			name: "warm: some equity, a year left, on allowance",
			v:    vehicle(2021, 40000, "2022-11-20", finance("2023-06-01", 48, 9000), tv(14000)), recalls: intp(1),
			want: [5]int{25, 20, 5, 5, 10}, known: [5]bool{true, true, true, true, true}, value: 65, band: BandWarm,
		},
		{
			name: "paid off by cash, recalls not looked up",
			v:    vehicle(2020, 90000, "2020-03-01", []Contract{{ContractInput: ContractInput{ContractType: ContractCash}}}, nil),
			want: [5]int{0, 15, 10, 0, 10}, known: [5]bool{false, true, true, false, true}, value: 35, band: BandCold,
		},
		{
			name: "matured contract",
			v:    vehicle(2019, 60000, "", finance("2019-01-15", 48, 0), tv(9000)), recalls: intp(5),
			want: [5]int{30, 15, 0, 15, 10}, known: [5]bool{true, true, true, true, true}, value: 70, band: BandHot,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := decorate(tt.v, now)
			s := ComputeScore(v, now, tt.recalls)
			if s == nil {
				t.Fatal("no score for a current vehicle")
			}
			if len(s.Factors) != 5 {
				t.Fatalf("factors = %d, want 5", len(s.Factors))
			}
			for i, f := range s.Factors {
				if f.Points != tt.want[i] || f.Known != tt.known[i] {
					t.Errorf("%s = %d (known %v), want %d (known %v): %s", f.Factor, f.Points, f.Known, tt.want[i], tt.known[i], f.Detail)
				}
				if f.Points < f.MinPoints || f.Points > f.MaxPoints || f.Detail == "" {
					t.Errorf("%s: %d outside %d..%d or no detail", f.Factor, f.Points, f.MinPoints, f.MaxPoints)
				}
			}
			if s.Value != tt.value || s.Band != tt.band {
				t.Errorf("score = %d %s, want %d %s", s.Value, s.Band, tt.value, tt.band)
			}
		})
	}
}

func TestScoreOnlyForCurrentVehicles(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for _, st := range []Status{StatusSold, StatusDealerPurchased, StatusNotOwned} {
		if s := ComputeScore(Vehicle{Status: st}, now, nil); s != nil {
			t.Errorf("%s: score %v, want none", st, s)
		}
	}
	if s := decorate(Vehicle{Status: StatusCurrent}, now).Score; s == nil || s.Value != 0 {
		t.Errorf("an empty current vehicle: score %v, want 0", s)
	}
}
