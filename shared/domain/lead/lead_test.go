package lead_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// TestNext checks every status against every action: the legal transitions give their target
// status and every other pair is a Conflict error with a message.
func TestNext(t *testing.T) {
	t.Parallel()
	legal := map[lead.Status]map[lead.Action]lead.Status{
		lead.StatusActive: {
			lead.MarkLost: lead.StatusLost, lead.MarkBad: lead.StatusBad, lead.MarkDuplicate: lead.StatusDuplicate,
			lead.MarkSoldPending: lead.StatusSoldPending, lead.MarkSoldDelivered: lead.StatusSoldDelivered,
		},
		lead.StatusSoldPending: {
			lead.MarkSoldDelivered: lead.StatusSoldDelivered, lead.MarkLost: lead.StatusLost, lead.Reactivate: lead.StatusActive,
		},
		lead.StatusLost:          {lead.Reactivate: lead.StatusActive},
		lead.StatusBad:           {lead.Reactivate: lead.StatusActive},
		lead.StatusDuplicate:     {lead.Reactivate: lead.StatusActive},
		lead.StatusSoldDelivered: {},
	}
	var nLegal, nIllegal int
	for _, from := range lead.Statuses() {
		for _, action := range lead.Actions() {
			want, ok := legal[from][action]
			t.Run(from.String()+"/"+string(action), func(t *testing.T) {
				got, err := lead.Next(from, action)
				if ok {
					nLegal++
					if err != nil || got != want {
						t.Errorf("Next(%v, %v) = %v, %v; want %v", from, action, got, err, want)
					}
					return
				}
				nIllegal++
				e, isApp := apperr.As(err)
				if !isApp || e.Code != apperr.Conflict || e.Message == "" {
					t.Errorf("Next(%v, %v) = %v, %v; want a Conflict error with a message", from, action, got, err)
				}
			})
		}
	}
	if nLegal != 11 || nIllegal != 25 {
		t.Errorf("%d legal and %d illegal transitions, want 11 and 25", nLegal, nIllegal)
	}
}

func TestNextUnknown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		from   lead.Status
		action lead.Action
	}{
		{"unknown action", lead.StatusActive, lead.Action("Promote")},
		{"display status is not stored", lead.StatusUnclaimed, lead.MarkLost},
		{"new is not stored", lead.StatusNew, lead.Reactivate},
		{"zero status", 0, lead.MarkBad},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := lead.Next(tt.from, tt.action); apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("Next(%v, %v) error = %v, want Invalid", tt.from, tt.action, err)
			}
		})
	}
}

func TestActivityTypes(t *testing.T) {
	t.Parallel()
	want := map[lead.Action]string{
		lead.MarkLost: "Lost", lead.MarkBad: "Bad", lead.MarkDuplicate: "Duplicate",
		lead.MarkSoldPending: "SoldPending", lead.MarkSoldDelivered: "SoldDelivered", lead.Reactivate: "Reactivate",
	}
	for _, a := range lead.Actions() {
		if got := a.ActivityType(); got != want[a] {
			t.Errorf("%v.ActivityType() = %q, want %q", a, got, want[a])
		}
	}
}

func TestDisplayStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		l    lead.Lead
		want lead.Status
	}{
		{"claimable and held by nobody", lead.Lead{Status: lead.StatusActive, Claimable: true}, lead.StatusUnclaimed},
		{"claimable but worked and held by nobody", lead.Lead{Status: lead.StatusActive, Claimable: true, Worked: true}, lead.StatusUnclaimed},
		{"assigned, nobody acted", lead.Lead{Status: lead.StatusActive, SalesPersonID: "100001"}, lead.StatusNew},
		{"claimed", lead.Lead{Status: lead.StatusActive, Claimable: true, SalesPersonID: "100001", Worked: true}, lead.StatusActive},
		{"lost", lead.Lead{Status: lead.StatusLost, Claimable: true}, lead.StatusLost},
		{"sold pending", lead.Lead{Status: lead.StatusSoldPending, Worked: true}, lead.StatusSoldPending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.l.DisplayStatus(); got != tt.want {
				t.Errorf("DisplayStatus() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want lead.VehicleKind
		ok   bool
	}{
		{"voi", lead.KindInterest, true},
		{"VehicleOfInterest", lead.KindInterest, true},
		{"vehicle_of_interest", lead.KindInterest, true},
		{"trade", lead.KindTrade, true},
		{"Trade-In", lead.KindTrade, true},
		{"tradeins", lead.KindTrade, true},
		{"car", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, err := lead.ParseKind(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseKind(%q) = %q, %v; want %q, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestValidateVehicles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		v     lead.Vehicle
		field string
	}{
		{"VIN cleaned", lead.Vehicle{VIN: " 1hgcm82633a004352 "}, ""},
		{"stock number only", lead.Vehicle{StockNumber: "t1234"}, ""},
		{"year make model", lead.Vehicle{Year: 2024, Make: "Toyota", Model: "RAV4"}, ""},
		{"bad VIN", lead.Vehicle{VIN: "12345"}, "vin"},
		{"nothing to name it", lead.Vehicle{Color: "Red"}, "vin"},
		{"year too old", lead.Vehicle{Year: 1850, Make: "Ford"}, "year"},
		{"negative odometer", lead.Vehicle{Make: "Ford", Odometer: -1}, "odometer"},
		{"negative price", lead.Vehicle{Make: "Ford", Price: -5}, "price"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := lead.ValidateVehicleOfInterest(lead.VehicleOfInterest{Vehicle: tt.v})
			if tt.field == "" {
				if err != nil {
					t.Fatalf("error = %v, want none", err)
				}
				if tt.v.VIN != "" && got.VIN != "1HGCM82633A004352" {
					t.Errorf("VIN = %q, want it cleaned", got.VIN)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid || e.Fields[tt.field] == "" {
				t.Errorf("error = %v, want Invalid naming %s", err, tt.field)
			}
		})
	}
	if _, err := lead.ValidateTradeIn(lead.TradeIn{Vehicle: lead.Vehicle{Make: "Ford"}, Payoff: -1}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("negative payoff: error = %v, want Invalid", err)
	}
}
