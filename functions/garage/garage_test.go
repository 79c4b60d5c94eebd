package garage_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/garage"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/changelog"
	domain "github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lookup"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	marketing = "100011" // Quinn Harper: marketing manager, views customers only
)

// accord is a real VIN (the 2003 Honda Accord EX V6 coupe) whose decoding the vPIC data gives.
const accord = "1HGCM82633A004352"

func post(t *testing.T, srv *areatest.Server, as, path string, body any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: string(b)}, out)
}

func TestCatalogueCalls(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var d httpapi.Result[vehicle.Decoded]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/vehicle/vin/" + strings.ToLower(accord), As: sales}, &d); status != 200 {
		t.Fatalf("decode: %d", status)
	}
	if d.Data.Make != "Honda" || d.Data.Model != "Accord" || d.Data.Year != 2003 || !d.Data.CheckDigitValid {
		t.Errorf("decoded = %+v", d.Data)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/vehicle/vin/1HGCM82643A004352", As: sales}, &d); status != 200 || d.Data.CheckDigitValid || len(d.Data.Messages) == 0 {
		t.Errorf("wrong check digit: %d %+v, want flagged", status, d.Data)
	}
	if status, body := srv.Error(t, areatest.Request{Method: "GET", Path: "/vehicle/vin/1HGCM82633A00435", As: sales}); status != 400 || body.FieldErrors["vin"] == "" {
		t.Errorf("16 characters: %d %+v, want 400 on vin", status, body)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/vehicle/vin/" + accord}, nil); status != 401 {
		t.Errorf("no token: %d", status)
	}

	var batch httpapi.Result[[]vehicle.Decoded]
	if status := post(t, srv, sales, "/vehicle/vin/decode_batch", map[string]any{"vins": []string{accord, "nonsense"}}, &batch); status != 200 || len(batch.Data) != 2 || batch.Data[0].Model != "Accord" || batch.Data[1].Decoded {
		t.Errorf("batch: %d %+v", status, batch.Data)
	}

	var makes httpapi.Result[[]garage.MakeItem]
	if status := post(t, srv, sales, "/vehicle/makes/search", map[string]any{"query": "toyo"}, &makes); status != 200 || len(makes.Data) != 1 || makes.Data[0].MakeName != "Toyota" {
		t.Errorf("makes: %d %+v", status, makes.Data)
	}
	var models httpapi.Result[[]garage.ModelItem]
	if status := post(t, srv, sales, "/vehicle/models/search", map[string]any{"makeName": "toyota", "query": "cam", "year": 2020}, &models); status != 200 || len(models.Data) == 0 || models.Data[0].ModelName != "Camry" {
		t.Errorf("models: %d %+v", status, models.Data)
	}
	var trims httpapi.Result[[]string]
	if status := post(t, srv, sales, "/vehicle/trims/search_names", map[string]any{"makeName": "Honda", "modelName": "Accord", "year": 2003}, &trims); status != 200 || !contains(trims.Data, "EX-V6") {
		t.Errorf("trims: %d %+v", status, trims.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/vehicle/models/search", As: sales, Body: `{"makeName":"Nosuchmake"}`}); status != 400 {
		t.Errorf("unknown make: %d", status)
	}

	var groupMakes httpapi.Result[[]garage.MakeItem]
	if status := post(t, srv, sales, "/vehicle/makes/get_dealer_group_makes", map[string]any{}, &groupMakes); status != 200 || len(groupMakes.Data) != 3 {
		t.Errorf("group makes: %d %+v, want the demo feed's three", status, groupMakes.Data)
	}
	if status := post(t, srv, demo.OtherSalesID, "/vehicle/makes/get_dealer_group_makes", map[string]any{}, &groupMakes); status != 200 || len(groupMakes.Data) != 0 {
		t.Errorf("other group's makes: %d %+v, want none (no feed)", status, groupMakes.Data)
	}
	var colors httpapi.Result[garage.TrimColors]
	ref := map[string]any{"makeName": "Toyota", "modelName": "Camry", "year": 2026, "trimName": "LE"}
	if status := post(t, srv, sales, "/vehicle/trims/color", ref, &colors); status != 200 || len(colors.Data.Colors) != 3 {
		t.Errorf("colours: %d %+v", status, colors.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/vehicle/trims/color", As: demo.OtherSalesID, Body: `{"makeName":"Toyota","modelName":"Camry","year":2026,"trimName":"LE"}`}); status != 404 {
		t.Errorf("another group's feed: %d, want 404", status)
	}
	var years httpapi.Result[[]int]
	if status := post(t, srv, sales, "/vehicle/years/dealer_years", map[string]any{}, &years); status != 200 || len(years.Data) == 0 || years.Data[0] != 2027 {
		t.Errorf("years: %d %v", status, years.Data)
	}
}

func TestLookups(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var states httpapi.Result[[]lookup.Item]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/Lookup/countries/%d/state_provinces", lookup.CountryCA), As: sales}, &states); status != 200 || len(states.Data) != 13 {
		t.Errorf("Canada: %d %d provinces and territories, want 13", status, len(states.Data))
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/lookup/countries/%d/state_provinces", lookup.CountryUS), As: sales}, &states); status != 200 || len(states.Data) != 52 {
		t.Errorf("US: %d %d states, want 52 (with DC and Puerto Rico)", status, len(states.Data))
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: "/crm/Lookup/countries/99/state_provinces", As: sales}); status != 404 {
		t.Errorf("unknown country: %d", status)
	}
	var enums httpapi.Result[map[string][]lookup.Item]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/crm/Lookup/enums", As: sales}, &enums); status != 200 || len(enums.Data["dealTypes"]) != 9 {
		t.Errorf("enums: %d %+v", status, enums.Data)
	}
	var results httpapi.Result[[]lookup.Item]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/crm/Lookup/action_results/log_call", As: sales}, &results); status != 200 || results.Data[1].Code != "left_message" {
		t.Errorf("call results: %d %+v", status, results.Data)
	}
	var sellers httpapi.Result[[]garage.SoldBy]
	if status := post(t, srv, manager, "/crm/lookup/sold_by_name", map[string]any{"accountPlatformId": demo.StoreToyota}, &sellers); status != 200 || len(sellers.Data) == 0 {
		t.Errorf("sellers: %d %+v", status, sellers.Data)
	}
	for _, s := range sellers.Data {
		if s.UserID == marketing {
			t.Errorf("the marketing manager is listed as a seller")
		}
	}
}

// TestGarageFlow adds a vehicle by VIN, edits its contract, updates its payoff and mileage,
// stores a trade value, marks it as sold and reopens it, checking each answer, the 409 of a
// stale version, the activity, the change log and the events.
func TestGarageFlow(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var mu sync.Mutex
	var events []eventbus.Event
	for _, typ := range []string{domain.EventChanged, domain.EventNoLongerOwned} {
		srv.Events.Subscribe(typ, func(_ context.Context, e eventbus.Event) error {
			mu.Lock()
			defer mu.Unlock()
			events = append(events, e)
			return nil
		})
	}
	contactPath := fmt.Sprintf("/crm/contacts/%d/vehicles", demo.ContactToyota)

	var added httpapi.Result[domain.Vehicle]
	body := map[string]any{"currentVehicle": map[string]any{"vin": accord, "mileage": 120000, "color": "Silver"},
		"paymentCalc": map[string]any{"contracts": []map[string]any{{"contractType": "finance", "lender": "Honda Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 0, "startDate": "2023-01-15"}}}}
	if status := post(t, srv, sales, contactPath+"/current_vehicles", body, &added); status != 200 {
		t.Fatalf("add: %d", status)
	}
	v := added.Data
	if v.CurrentVehicle.Make != "Honda" || v.CurrentVehicle.Model != "Accord" || v.CurrentVehicle.Year != 2003 || v.CurrentVehicle.Trim != "EX-V6" || !v.CurrentVehicle.CheckDigitValid {
		t.Errorf("added = %+v, want the decoded 2003 Honda Accord EX-V6", v.CurrentVehicle)
	}
	if v.Status != domain.StatusCurrent || v.NoLongerOwns || v.Version != 1 || v.PaymentCalc.Contracts[0].MaturityDate != "2028-01-15" {
		t.Errorf("added = %+v", v)
	}

	bad := map[string]any{"currentVehicle": map[string]any{"vin": "1HGCM82643A004352"}}
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: contactPath + "/current_vehicles", As: sales, Body: mustJSON(t, bad)}); status != 400 || !strings.Contains(e.FieldErrors["currentVehicle.vin"], "check digit") {
		t.Errorf("bad check digit: %d %+v", status, e)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: contactPath + "/current_vehicles", As: marketing, Body: mustJSON(t, body)}); status != 403 {
		t.Errorf("marketing manager adds: %d, want 403", status)
	}

	var got httpapi.Result[domain.Vehicle]
	if status := post(t, srv, sales, "/api/vehicle/current/update_payoff", map[string]any{"entityId": v.EntityID, "version": 1, "payoff": 8250.5}, &got); status != 200 {
		t.Fatalf("payoff: %d", status)
	}
	if c, _ := got.Data.DefaultContract(); c.Payoff != 8250.5 || got.Data.Version != 2 {
		t.Errorf("payoff = %+v", got.Data)
	}
	// The payoff's version is gone: a write at version 1 is stale and changes nothing.
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/vehicle/current/update_mileage", As: sales, Body: mustJSON(t, map[string]any{"entityId": v.EntityID, "version": 1, "mileage": 130000})}); status != 409 {
		t.Errorf("stale mileage: %d, want 409", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/vehicle/current/update_mileage", As: sales, Body: mustJSON(t, map[string]any{"entityId": v.EntityID, "version": 2, "mileage": 100})}); status != 400 {
		t.Errorf("lower mileage: %d, want 400", status)
	}
	if status := post(t, srv, sales, "/api/vehicle/current/update_mileage", map[string]any{"entityId": v.EntityID, "version": 2, "mileage": 130000}, &got); status != 200 || got.Data.CurrentVehicle.Mileage != 130000 {
		t.Fatalf("mileage: %d %+v", status, got.Data.CurrentVehicle)
	}
	if status := post(t, srv, sales, "/api/vehicle/garage/store_vehicle_trade_value", map[string]any{"entityId": v.EntityID, "version": 3, "tradeValue": 4100, "source": "Appraisal"}, &got); status != 200 || got.Data.Equity == nil || *got.Data.Equity != 4100-8250.5 {
		t.Fatalf("trade value: %d %+v", status, got.Data)
	}
	var info httpapi.Result[garage.TradeValueInfo]
	if status := post(t, srv, manager, fmt.Sprintf("/api/vehicle/garage/get_vehicle_trade_value/%d", v.EntityID), map[string]any{}, &info); status != 200 || info.Data.TradeValue.Value != 4100 || len(info.Data.History) != 1 || info.Data.History[0].UserID != sales {
		t.Errorf("trade value info: %d %+v", status, info.Data)
	}
	if status := post(t, srv, sales, "/api/vehicle/garage/customer_does_not_own_vehicle", map[string]any{"entityId": v.EntityID, "version": 4, "reason": "sold", "soldDate": "2026-11-19"}, &got); status != 200 {
		t.Fatalf("mark as sold: %d", status)
	}
	if got.Data.Status != domain.StatusSold || !got.Data.NoLongerOwns || got.Data.SoldDate != "2026-11-19" {
		t.Errorf("sold = %+v", got.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/vehicle/current/update_payoff", As: sales, Body: mustJSON(t, map[string]any{"entityId": v.EntityID, "version": 5, "payoff": 1})}); status != 409 {
		t.Errorf("payoff of a sold vehicle: %d, want 409", status)
	}

	var owned httpapi.Result[garage.Owned]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: contactPath + "/owned", As: sales}, &owned); status != 200 || len(owned.Data.Current) != 0 || len(owned.Data.Previous) != 1 {
		t.Errorf("owned: %d %+v", status, owned.Data)
	}

	// The activity shows every step, the change log every change, the events every commit.
	var feed struct {
		Data struct{ Entries []activity.Entry } `json:"data"`
	}
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", demo.ContactToyota), map[string]any{"category": "system"}, &feed); status != 200 {
		t.Fatalf("activity: %d", status)
	}
	var texts []string
	for _, e := range feed.Data.Entries {
		if e.Kind == activity.KindGarage {
			texts = append(texts, e.Text)
		}
	}
	want := []string{"Garage: 2003 Honda Accord marked as sold", "Garage: trade value of 2003 Honda Accord set to $4100.00",
		"Garage: mileage of 2003 Honda Accord updated to 130000", "Garage: payoff of 2003 Honda Accord updated to $8250.50", "Garage: added 2003 Honda Accord"}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Errorf("activity = %q, want %q", texts, want)
	}
	var log httpapi.Result[[]changelog.Revision]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/change_log", demo.ContactToyota), map[string]any{}, &log); status != 200 {
		t.Fatalf("change log: %d", status)
	}
	garageEntries := 0
	for _, r := range log.Data {
		if r.VehicleID == v.EntityID {
			garageEntries++
		}
	}
	if garageEntries != 5 {
		t.Errorf("change log has %d entries of the vehicle, want 5", garageEntries)
	}
	mu.Lock()
	if len(events) != 5 || events[4].Type != domain.EventNoLongerOwned {
		t.Errorf("events = %d, last %+v", len(events), events)
	}
	mu.Unlock()

	var reopened httpapi.Result[domain.Vehicle]
	if status := post(t, srv, manager, "/api/vehicle/garage/reopen", map[string]any{"entityId": v.EntityID, "version": 5}, &reopened); status != 200 || reopened.Data.Status != domain.StatusCurrent || reopened.Data.SoldDate != "" {
		t.Errorf("reopen: %d %+v", status, reopened.Data)
	}
}

func TestGarageTenancy(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var added httpapi.Result[domain.Vehicle]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota),
		map[string]any{"currentVehicle": map[string]any{"year": 2021, "make": "toyota", "model": "camry", "mileage": 30000}}, &added); status != 200 {
		t.Fatalf("add: %d", status)
	}
	if added.Data.CurrentVehicle.Make != "Toyota" || added.Data.CurrentVehicle.Model != "Camry" || added.Data.CurrentVehicle.MakeID == 0 {
		t.Errorf("added = %+v, want the catalogue's names and ids", added.Data.CurrentVehicle)
	}
	id := added.Data.EntityID
	tests := []struct {
		name, as, method, path, body string
	}{
		{"another group reads the garage", demo.OtherSalesID, "GET", fmt.Sprintf("/crm/contacts/%d/vehicles", demo.ContactToyota), ""},
		{"another group marks it sold", demo.OtherSalesID, "POST", "/api/vehicle/garage/customer_does_not_own_vehicle", fmt.Sprintf(`{"entityId":%d,"version":1,"reason":"sold"}`, id)},
		{"another group reads its trade value", demo.OtherManagerID, "POST", fmt.Sprintf("/api/vehicle/garage/get_vehicle_trade_value/%d", id), `{}`},
		{"another group updates its mileage", demo.OtherManagerID, "POST", "/api/vehicle/current/update_mileage", fmt.Sprintf(`{"entityId":%d,"version":1,"mileage":50000}`, id)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, _ := srv.Error(t, areatest.Request{Method: tt.method, Path: tt.path, As: tt.as, Body: tt.body}); status != 404 {
				t.Errorf("%s: %d, want 404", tt.name, status)
			}
		})
	}
	var rc httpapi.Result[garage.VehicleRecalls]
	if status := post(t, srv, sales, fmt.Sprintf("/api/vehicle/garage/recalls/%d", id), map[string]any{}, &rc); status != 200 || rc.Data.Recalls.Message != "Results returned successfully" || rc.Data.Recalls.Count != len(rc.Data.Recalls.Results) {
		t.Errorf("recalls: %d %+v", status, rc.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/vehicle/garage/recalls/%d", id), As: demo.OtherSalesID, Body: `{}`}); status != 404 {
		t.Errorf("another group's recalls: %d, want 404", status)
	}
	var g httpapi.Result[garage.Garage]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d/vehicles", demo.ContactToyota), As: sales}, &g); status != 200 || len(g.Data.CurrentVehicles) != 1 || g.Data.CurrentVehicles[0].Version != 1 || g.Data.CurrentVehicles[0].CurrentVehicle.Mileage != 30000 {
		t.Errorf("after the attempts: %d %+v", status, g.Data)
	}
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
