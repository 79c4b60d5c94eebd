package dealsheets_test

import (
	"fmt"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// TestTurnPredictor: each deal marked sold enters the store's sales the predictor reads, an
// unwind takes it out, and three sales of the model make an estimate.
func TestTurnPredictor(t *testing.T) {
	srv := areatest.New(t)
	contract := map[string]any{"contractType": "finance", "lender": "Toyota Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 8500}
	predict := func(entity int64, body string) dealsheet.TurnPrediction {
		t.Helper()
		var got httpapi.Result[dealsheet.TurnPrediction]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/Dealsheet/entity/%d/turn_predictor", entity), As: sales, Body: body}, &got); status != 200 {
			t.Fatalf("turn predictor: %d", status)
		}
		return got.Data
	}
	sell := func(entity, version int64) int64 {
		t.Helper()
		var got httpapi.Result[map[string]any]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/Dealsheet/entity/%d/mark_as_sold", entity), As: sales, Body: fmt.Sprintf(`{"version":%d}`, version)}, &got); status != 200 {
			t.Fatalf("mark sold: %d", status)
		}
		return version + 1
	}
	var ids []int64
	for range 3 {
		v := addVehicle(t, srv, sales, demo.ContactToyota, contract, camry)
		ids = append(ids, v.EntityID)
	}
	if p := predict(ids[0], ""); p.Estimate != nil || p.Basis != dealsheet.TurnBasisNone || p.Make != "Toyota" || p.Model != "Camry" {
		t.Fatalf("without sales: %+v", p)
	}
	versions := map[int64]int64{}
	for _, id := range ids {
		versions[id] = sell(id, open(t, srv, sales, id).Sheet.Version)
	}
	p := predict(ids[0], "")
	if p.Basis != dealsheet.TurnBasisModelYear || p.Sales != 3 || p.Estimate == nil || len(p.RecentSales) != 3 {
		t.Fatalf("after 3 sales: %+v", p)
	}
	if other := predict(ids[0], `{"year":2024,"make":"Honda","model":"Civic"}`); other.Basis != dealsheet.TurnBasisStore || other.Sales != 3 {
		t.Errorf("another make: %+v", other)
	}
	// An unwound sale is no sale.
	body := fmt.Sprintf(`{"entityId":%d,"version":%d,"reason":"Entered in error"}`, ids[0], versions[ids[0]])
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Dealsheet/unwind", As: sales, Body: body}, nil); status != 200 {
		t.Fatalf("unwind: %d", status)
	}
	if p := predict(ids[1], ""); p.StoreSales != 2 || p.Estimate != nil {
		t.Errorf("after the unwind: %+v", p)
	}
	// A user who may not view the customer's store cannot read it.
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/Dealsheet/entity/%d/turn_predictor", ids[0]), As: parts, Body: "{}"}); status != 404 {
		t.Errorf("a user of another store: %d", status)
	}
}
