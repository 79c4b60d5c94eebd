package garage_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/garage"
	domain "github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// TestDealsheetIntegrations lists a store's integrations and one integration's stores, and
// submits a garage vehicle to Smart Vincent: its equity against its payoff, and the refusals.
func TestDealsheetIntegrations(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)

	var dealer httpapi.Result[garage.DealerIntegrations]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/dealsheet/integrations/dealer_enabled_integrations/%d", demo.StoreToyota), As: sales}, &dealer); status != 200 {
		t.Fatalf("dealer integrations: %d", status)
	}
	var ids []string
	for _, it := range dealer.Data.Integrations {
		ids = append(ids, it.ID)
		if !it.Enabled {
			t.Errorf("%s is not enabled locally: %s", it.ID, it.Message)
		}
	}
	if strings.Join(ids, ",") != "vauto,carproof,oasis,smartvincent" {
		t.Errorf("integrations = %v", ids)
	}
	var one httpapi.Result[garage.IntegrationView]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/api/dealsheet/integrations/smartvincent", As: manager}, &one); status != 200 || one.Data.Name != "Smart Vincent" || len(one.Data.Stores) != 3 {
		t.Errorf("integration: %d %+v", status, one.Data)
	}

	var added httpapi.Result[domain.Vehicle]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota),
		map[string]any{"currentVehicle": map[string]any{"vin": accord, "mileage": 98000},
			"paymentCalc": map[string]any{"contracts": []map[string]any{{"contractType": "finance", "lender": "Honda Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 2500, "startDate": "2023-01-15"}}}}, &added); status != 200 {
		t.Fatalf("add: %d", status)
	}
	var rep httpapi.Result[garage.SmartVincentReport]
	if status := post(t, srv, sales, "/api/dealsheet/integrations/submit_smart_vincent", map[string]any{"entityId": added.Data.EntityID}, &rep); status != 200 {
		t.Fatalf("submit: %d", status)
	}
	r := rep.Data.Report
	if r.VIN != accord || r.Make != "Honda" || r.TradeInValue <= 0 || r.Equity != r.TradeInValue-250_000 || len(r.Incentives) != 2 || r.ReportURL == "" {
		t.Errorf("report = %+v", r)
	}

	noVIN := func() int64 {
		var v httpapi.Result[domain.Vehicle]
		post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota), map[string]any{"currentVehicle": map[string]any{"year": 2018, "make": "Honda", "model": "Fit"}}, &v)
		return v.Data.EntityID
	}()
	cases := []struct {
		name, as, method, path, body string
		status                       int
	}{
		{"no VIN", sales, "POST", "/api/dealsheet/integrations/submit_smart_vincent", fmt.Sprintf(`{"entityId":%d}`, noVIN), 409},
		{"another group's vehicle", demo.OtherSalesID, "POST", "/api/dealsheet/integrations/submit_smart_vincent", fmt.Sprintf(`{"entityId":%d}`, added.Data.EntityID), 404},
		{"unknown integration", sales, "GET", "/api/dealsheet/integrations/nope", "", 404},
		{"store not viewable", sales, "GET", fmt.Sprintf("/api/dealsheet/integrations/dealer_enabled_integrations/%d", demo.StoreHyundai), "", 403},
		{"another group's store", demo.OtherSalesID, "GET", fmt.Sprintf("/api/dealsheet/integrations/dealer_enabled_integrations/%d", demo.StoreToyota), "", 404},
	}
	for _, c := range cases {
		if status, body := srv.Error(t, areatest.Request{Method: c.method, Path: c.path, As: c.as, Body: c.body}); status != c.status {
			t.Errorf("%s: %d %v, want %d", c.name, status, body.ErrorMessages, c.status)
		}
	}
}
