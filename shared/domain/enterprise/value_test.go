package enterprise_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/enterprise"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/google/go-cmp/cmp"
)

func TestValueOf(t *testing.T) {
	t.Parallel()
	ro := func(lines ...repairorder.Line) repairorder.RepairOrder { return repairorder.RepairOrder{Lines: lines} }
	line := func(pay string, amount float64) repairorder.Line {
		return repairorder.Line{PayType: pay, Amount: amount}
	}
	deal := func(status, vin, stock string, price float64) dealsheet.Dealsheet {
		return dealsheet.Dealsheet{Status: status, Vehicle: dealsheet.DealVehicle{VIN: vin, StockNumber: stock, Price: price}}
	}
	sold := func(status lead.Status, vin, stock string, price float64) lead.Lead {
		return lead.Lead{Status: status, Vehicles: []lead.VehicleOfInterest{
			{Vehicle: lead.Vehicle{VIN: "OTHERVIN", Price: 1}},
			{IsPrimary: true, Vehicle: lead.Vehicle{VIN: vin, StockNumber: stock, Price: price}},
		}}
	}
	tests := []struct {
		name  string
		ros   []repairorder.RepairOrder
		leads []lead.Lead
		deals []dealsheet.Dealsheet
		want  enterprise.Value
	}{
		{"nothing", nil, nil, nil, enterprise.Value{}},
		{"service counts customer and warranty pay, not internal",
			[]repairorder.RepairOrder{ro(line(repairorder.PayCustomer, 89.95), line(repairorder.PayInternal, 45)), ro(line(repairorder.PayWarranty, 712.10))}, nil, nil,
			enterprise.Value{Service: 802.05, RepairOrders: 2}},
		{"sold and delivered deal sheets, not pending or lost", nil, nil,
			[]dealsheet.Dealsheet{deal(dealsheet.StatusSold, "A", "", 30000), deal(dealsheet.StatusDelivered, "B", "", 24100), deal(dealsheet.StatusPending, "C", "", 41250), deal(dealsheet.StatusLost, "D", "", 9000)},
			enterprise.Value{Sales: 54100, Deals: 2}},
		{"sold leads at their chosen vehicle's price; open, lost and bad leads not", nil,
			[]lead.Lead{sold(lead.StatusSoldPending, "V1", "", 31000), sold(lead.StatusSoldDelivered, "V2", "", 28000.5), sold(lead.StatusActive, "V3", "", 5000), sold(lead.StatusLost, "V4", "", 5000), sold(lead.StatusBad, "V5", "", 5000)}, nil,
			enterprise.Value{Sales: 59000.5, Deals: 2}},
		{"a deal sheet covers the lead of its VIN or stock number", nil,
			[]lead.Lead{sold(lead.StatusSoldDelivered, "v1", "", 31000), sold(lead.StatusSoldDelivered, "", "t100", 28000), sold(lead.StatusSoldDelivered, "V9", "", 20000)},
			[]dealsheet.Dealsheet{deal(dealsheet.StatusDelivered, "V1", "T1", 30500), deal(dealsheet.StatusSold, "V7", "T100", 27500)},
			enterprise.Value{Sales: 78000, Deals: 3}},
		{"a pending deal sheet covers no lead", nil,
			[]lead.Lead{sold(lead.StatusSoldPending, "V1", "", 31000)},
			[]dealsheet.Dealsheet{deal(dealsheet.StatusPending, "V1", "", 30500)},
			enterprise.Value{Sales: 31000, Deals: 1}},
		{"a sold lead without vehicles counts as a deal of no price", nil,
			[]lead.Lead{{Status: lead.StatusSoldDelivered}}, nil,
			enterprise.Value{Deals: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, enterprise.ValueOf(tt.ros, tt.leads, tt.deals)); diff != "" {
				t.Errorf("ValueOf (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValueAdd(t *testing.T) {
	t.Parallel()
	got := enterprise.Value{Sales: 0.1, Service: 0.2, Deals: 1}.Add(enterprise.Value{Sales: 0.2, Service: 0.1, RepairOrders: 2})
	if want := (enterprise.Value{Sales: 0.3, Service: 0.3, Deals: 1, RepairOrders: 2}); got != want || got.Total() != 0.6 {
		t.Errorf("Add = %+v (total %v), want %+v (total 0.6)", got, got.Total(), want)
	}
}
