package garage_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/garage"
	domain "github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/provider/appraisal"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// f150 is a real VIN of a 2013 Ford F-150, which the manufacturer tag service answers.
const f150 = "1FTFW1ET9DFC10312"

// TestIntegrations appraises a garage vehicle (the appraised value becomes its trade value; a
// stale version is a 409 and appraises nothing), reads its latest appraisal, its history report
// and its manufacturer tag details, and checks the refusals and another dealer group's 404.
func TestIntegrations(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	add := func(vin string) domain.Vehicle {
		t.Helper()
		var added httpapi.Result[domain.Vehicle]
		if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota),
			map[string]any{"currentVehicle": map[string]any{"vin": vin, "mileage": 98000}}, &added); status != 200 {
			t.Fatalf("add %s: %d", vin, status)
		}
		return added.Data
	}
	ford := add(f150)
	honda := add(accord)

	var on httpapi.Result[garage.AppraisalStatus]
	if status := post(t, srv, sales, "/api/VAuto/is_enabled", map[string]any{"accountPlatformId": demo.StoreToyota}, &on); status != 200 || !on.Data.Enabled {
		t.Errorf("is_enabled: %d %+v", status, on.Data)
	}
	var users httpapi.Result[[]appraisal.Appraiser]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/VAuto/appraisal/GetUsers?dealerId=%d", demo.StoreToyota), As: sales}, &users); status != 200 || len(users.Data) != 3 {
		t.Fatalf("appraisers: %d %+v", status, users.Data)
	}
	var latest httpapi.Result[garage.LatestAppraisal]
	if status := post(t, srv, sales, "/api/VAuto/appraisal/get_latest_by_vin", map[string]any{"entityId": ford.EntityID}, &latest); status != 200 || latest.Data.Appraisal != nil {
		t.Errorf("latest before any: %d %+v", status, latest.Data)
	}

	appraise := map[string]any{"entityId": ford.EntityID, "version": ford.Version, "odometer": 98500, "condition": "good", "appraiserId": users.Data[0].ID}
	tests := []struct {
		name   string
		as     string
		change func(map[string]any)
		status int
		field  string
	}{
		{name: "stale version", as: sales, change: func(b map[string]any) { b["version"] = ford.Version + 1 }, status: 409},
		{name: "unknown condition", as: sales, change: func(b map[string]any) { b["condition"] = "mint" }, status: 422},
		{name: "another store's appraiser", as: sales, change: func(b map[string]any) { b["appraiserId"] = "va-9999-1" }, status: 400, field: "appraiserId"},
		{name: "a role that may not edit", as: marketing, change: func(map[string]any) {}, status: 403},
		{name: "another dealer group", as: demo.OtherSalesID, change: func(map[string]any) {}, status: 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := map[string]any{}
			for k, v := range appraise {
				b[k] = v
			}
			tt.change(b)
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/VAuto/appraisal/create", As: tt.as, Body: mustJSON(t, b)})
			if status != tt.status && !(tt.status == 422 && status == 400) {
				t.Fatalf("status %d, want %d: %+v", status, tt.status, e)
			}
			if tt.field != "" && e.FieldErrors[tt.field] == "" {
				t.Errorf("no error on %s: %+v", tt.field, e)
			}
		})
	}
	if status := post(t, srv, sales, "/api/VAuto/appraisal/get_latest_by_vin", map[string]any{"entityId": ford.EntityID}, &latest); status != 200 || latest.Data.Appraisal != nil {
		t.Errorf("a refused appraisal was recorded: %+v", latest.Data)
	}

	var made httpapi.Result[garage.AppraisalResult]
	if status := post(t, srv, sales, "/api/VAuto/appraisal/create", appraise, &made); status != 200 {
		t.Fatalf("appraise: %d", status)
	}
	a, v := made.Data.Appraisal, made.Data.Vehicle
	if a.Value <= 0 || a.Customer != "Maria Elena Gonzalez" || v.TradeValue == nil || v.TradeValue.Value != a.Value ||
		v.TradeValue.Source != garage.AppraisalSourcePrefix+a.ID || v.Version != ford.Version+1 || v.Score == nil || !v.Score.Factors[0].Known {
		t.Errorf("appraised: %+v / %+v", a, v)
	}
	if status := post(t, srv, sales, "/api/VAuto/appraisal/get_latest_by_vin", map[string]any{"entityId": ford.EntityID}, &latest); status != 200 || latest.Data.Appraisal == nil || latest.Data.Appraisal.ID != a.ID {
		t.Errorf("latest: %d %+v", status, latest.Data)
	}

	// VinCue appraises at its own account: the trade value names it, and vAuto knows nothing of it.
	if status := post(t, srv, sales, "/api/vincue/VinCue_is_enabled", map[string]any{"accountPlatformId": demo.StoreToyota}, &on); status != 200 || !on.Data.Enabled {
		t.Errorf("VinCue_is_enabled: %d %+v", status, on.Data)
	}
	vinCue := map[string]any{"entityId": honda.EntityID, "version": honda.Version + 1, "odometer": 98200, "condition": "fair", "appraiserId": users.Data[1].ID}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/VAuto/appraisal/createVinCue", As: sales, Body: mustJSON(t, vinCue)}); status != 409 {
		t.Errorf("VinCue appraisal at a stale version: %d, want 409", status)
	}
	vinCue["version"] = honda.Version
	if status := post(t, srv, sales, "/api/VAuto/appraisal/createVinCue", vinCue, &made); status != 200 {
		t.Fatalf("VinCue appraisal: %d", status)
	}
	if a, v := made.Data.Appraisal, made.Data.Vehicle; a.Value <= 0 || v.TradeValue == nil || v.TradeValue.Source != garage.VinCueSourcePrefix+a.ID || v.Version != honda.Version+1 {
		t.Errorf("VinCue appraised: %+v / %+v", a, v)
	}
	if status := post(t, srv, sales, "/api/VAuto/appraisal/get_latest_by_vin", map[string]any{"entityId": honda.EntityID}, &latest); status != 200 || latest.Data.Appraisal != nil {
		t.Errorf("vAuto's latest of a VinCue-appraised vehicle: %d %+v", status, latest.Data)
	}

	var report httpapi.Result[garage.VehicleHistoryReport]
	if status := post(t, srv, sales, "/api/dealsheet/integrations/CarProof", map[string]any{"entityId": honda.EntityID}, &report); status != 200 || report.Data.Report.VIN != accord || len(report.Data.Report.Odometer) == 0 {
		t.Errorf("history: %d %+v", status, report.Data)
	}
	var tag httpapi.Result[garage.ManufacturerTagDetails]
	if status := post(t, srv, sales, "/api/dealsheet/integrations/submit_oasis", map[string]any{"entityId": ford.EntityID}, &tag); status != 200 || tag.Data.OasisURL == "" || tag.Data.Details.Make != "Ford" || tag.Data.Details.OdometerTested != 98000 {
		t.Errorf("tag details: %d %+v", status, tag.Data)
	}
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/dealsheet/integrations/submit_oasis", As: sales, Body: mustJSON(t, map[string]any{"entityId": honda.EntityID})}); status != 409 || !strings.Contains(strings.Join(e.ErrorMessages, " "), "Ford and Lincoln") {
		t.Errorf("tag details of a Honda: %d %+v", status, e)
	}
	for _, path := range []string{"/api/dealsheet/integrations/CarProof", "/api/dealsheet/integrations/submit_oasis", "/api/VAuto/appraisal/get_latest_by_vin"} {
		if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: path, As: demo.OtherSalesID, Body: mustJSON(t, map[string]any{"entityId": ford.EntityID})}); status != 404 {
			t.Errorf("%s by another dealer group: %d, want 404", path, status)
		}
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/VAuto/appraisal/GetUsers?dealerId=%d", demo.StoreToyota), As: demo.OtherSalesID}); status != 404 && status != 403 {
		t.Errorf("another group's appraisers: %d", status)
	}
}
