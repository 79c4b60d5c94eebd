package repairorder_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func at(s string) time.Time {
	t, _ := time.Parse("2006-01-02", s)
	return t
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	ros := []repairorder.RepairOrder{
		{Lines: []repairorder.Line{{PayType: repairorder.PayCustomer, Amount: 10.10}, {PayType: repairorder.PayWarranty, Amount: 20.20}}},
		{Lines: []repairorder.Line{{PayType: repairorder.PayCustomer, Amount: 0.20}, {PayType: repairorder.PayInternal, Amount: 5}}},
	}
	want := repairorder.Totals{ROCount: 2, CustomerPayTotal: 10.30, WarrantyPayTotal: 20.20, DealerPaidTotal: 5, TotalServiceValue: 35.50}
	if got := repairorder.Summarize(ros); got != want {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
	if got := repairorder.Summarize(nil); got != (repairorder.Totals{}) {
		t.Errorf("Summarize(nil) = %+v, want zero", got)
	}
}

func TestVehicles(t *testing.T) {
	t.Parallel()
	owned := []repairorder.Owned{{VIN: "AAA", Year: 2019, Make: "Toyota", Model: "Camry"}, {VIN: "BBB", Year: 2021, Make: "Honda", Model: "Fit"}}
	ros := []repairorder.RepairOrder{
		{RONumber: "1", VIN: "bbb", OpenedAt: at("2024-01-01"), Lines: []repairorder.Line{{Description: "Oil", PayType: repairorder.PayCustomer, Amount: 50}}},
		{RONumber: "2", VIN: "CCC", Year: 2015, Make: "Ford", Model: "Focus", OpenedAt: at("2023-01-01")},
		{RONumber: "3", VIN: "BBB", OpenedAt: at("2025-01-01"), Lines: []repairorder.Line{{Description: "Brakes", PayType: repairorder.PayCustomer, Amount: 300}, {Description: "Recall", PayType: repairorder.PayWarranty, Amount: 100}}},
	}
	got := repairorder.Vehicles(owned, ros)
	if len(got) != 3 {
		t.Fatalf("Vehicles = %d vehicles, want 3", len(got))
	}
	if got[0].VIN != "BBB" || got[0].VisitCount != 2 || got[0].Visits[0].RONumber != "3" || got[0].TotalValue != 450 || got[0].Visits[0].Description != "Brakes; Recall" {
		t.Errorf("first vehicle = %+v, want BBB with 2 visits, the latest first", got[0])
	}
	if got[1].VIN != "CCC" || got[1].Make != "Ford" {
		t.Errorf("second vehicle = %+v, want the Ford known only from its RO", got[1])
	}
	if got[2].VIN != "AAA" || got[2].LastVisit != nil || len(got[2].Visits) != 0 {
		t.Errorf("third vehicle = %+v, want the Camry never serviced", got[2])
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	good := repairorder.RepairOrder{RONumber: "R1", ContactID: 1, AccountPlatformID: 2, VIN: "V", OpenedAt: at("2024-01-01"),
		Lines: []repairorder.Line{{PayType: repairorder.PayCustomer, Amount: 1}}}
	tests := []struct {
		name   string
		change func(*repairorder.RepairOrder)
		field  string
	}{
		{"valid", func(*repairorder.RepairOrder) {}, ""},
		{"RO number with #", func(r *repairorder.RepairOrder) { r.RONumber = "R#1" }, "roNumber"},
		{"no contact", func(r *repairorder.RepairOrder) { r.ContactID = 0 }, "contactId"},
		{"no date", func(r *repairorder.RepairOrder) { r.OpenedAt = time.Time{} }, "openedAt"},
		{"unknown pay type", func(r *repairorder.RepairOrder) { r.Lines = []repairorder.Line{{PayType: "cash"}} }, "lines[0].payType"},
		{"negative amount", func(r *repairorder.RepairOrder) {
			r.Lines = []repairorder.Line{{PayType: repairorder.PayWarranty, Amount: -1}}
		}, "lines[0].amount"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ro := good
			tt.change(&ro)
			err := repairorder.Validate(ro)
			if tt.field == "" {
				if err != nil {
					t.Errorf("Validate = %v, want nil", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid || e.Fields[tt.field] == "" {
				t.Errorf("Validate = %v, want Invalid naming %s", err, tt.field)
			}
		})
	}
}
