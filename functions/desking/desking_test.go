package desking_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/desking"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	admin     = "100008" // Taylor Brooks: dealer admin, every store
	marketing = "100011" // Quinn Harper: marketing manager of every store, views customers only
)

func post(t *testing.T, srv *areatest.Server, as, path string, body any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: string(b)}, out)
}

func TestDesking(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var enabled httpapi.Result[[]desking.DeskingStatus]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/actions/is_desking_enabled", As: manager, Body: `{}`}, &enabled); status != 200 {
		t.Fatalf("is_desking_enabled: %d", status)
	}
	want := map[int64]bool{demo.StoreToyota: true, demo.StoreHonda: true, demo.StoreHyundai: false}
	if len(enabled.Data) != 3 {
		t.Fatalf("statuses = %+v, want 3 stores", enabled.Data)
	}
	for _, s := range enabled.Data {
		if s.IsDeskingEnabled != want[s.AccountPlatformID] || (s.IsDeskingEnabled != (s.DeskingProvider != "")) {
			t.Errorf("status = %+v", s)
		}
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts/actions/is_desking_enabled", As: sales, Body: fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreHyundai)}); status != 403 {
		t.Errorf("unviewable store: %d, want 403", status)
	}

	var e httpapi.Result[activity.Entry]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/send_to_desking", demo.ContactToyota), map[string]any{"notes": "Ready to talk numbers"}, &e); status != 200 {
		t.Fatalf("send to desking: %d", status)
	}
	if e.Data.Kind != activity.KindSentToDesking || e.Data.Details["deskId"] == "" || e.Data.Text != "Ready to talk numbers" {
		t.Errorf("entry = %+v", e.Data)
	}
	if status, body := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/actions/send_to_desking", demo.ContactToyota), As: sales, Body: `{"entityId":77}`}); status != 400 || body.FieldErrors["entityId"] == "" {
		t.Errorf("another's vehicle: %d %+v, want 400 naming entityId", status, body)
	}
	if status, body := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/actions/send_to_desking", demo.ContactHyundai), As: manager, Body: `{}`}); status != 409 || !strings.Contains(strings.Join(body.ErrorMessages, " "), "Desking is not enabled") {
		t.Errorf("Hyundai: %d %v, want 409 desking not enabled", status, body.ErrorMessages)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDesks desks a garage vehicle's deal sheet, sends a customer to desking from the profile,
// and reads the desks back: grouped, one by one and their pinned scans; a retry creates nothing
// more, bad input names its fields and another dealer group sees nothing.
func TestDesks(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var added httpapi.Result[garage.Vehicle]
	body := map[string]any{"currentVehicle": map[string]any{"vin": "1HGCM82633A004352", "mileage": 120000},
		"replacementVehicle": map[string]any{"year": 2026, "make": "Toyota", "model": "Camry", "trim": "LE", "price": 30000}}
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota), body, &added); status != 200 {
		t.Fatalf("add garage vehicle: %d", status)
	}
	entity := added.Data.EntityID

	var created httpapi.Result[desk.Desk]
	req := map[string]any{"source": "dealsheet", "entityId": entity, "notes": "Wants to be under $500", "requestId": "r1",
		"terms": map[string]any{"dealType": "Retail", "term": 60, "rate": "7.5", "down": 0}}
	if status := post(t, srv, sales, "/api/desking/desk/create", req, &created); status != 200 {
		_, eb := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/desking/desk/create", As: sales, Body: mustJSON(t, req)})
		t.Fatalf("create: %d %+v", status, eb)
	}
	d := created.Data
	if d.ContactID != demo.ContactToyota || d.Source != desk.SourceDealSheet || d.SourceID != entity || d.Status != desk.StatusNew || d.Version != 1 ||
		d.Vehicle.Name() != "2026 Toyota Camry LE" || d.Vehicle.Price != payment.Dollars(30000) || len(d.Trades) != 1 || d.Trades[0].DealID != d.DealID || d.Provider == "" {
		t.Errorf("desk = %+v", d)
	}
	if d.Quote.Payment == 0 || len(d.Scans) != 9 || d.Pinned().Scans[0].Term != 60 || d.Pinned().Scans[0].Payment != d.Quote.Payment {
		t.Errorf("quote %+v scans %+v", d.Quote, d.Scans)
	}
	var again httpapi.Result[desk.Desk]
	if status := post(t, srv, sales, "/api/desking/desk/create", req, &again); status != 200 || again.Data.DeskID != d.DeskID {
		t.Errorf("retry: %d %d, want the first desk %d", status, again.Data.DeskID, d.DeskID)
	}

	var e httpapi.Result[activity.Entry]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/send_to_desking", demo.ContactToyota), map[string]any{"notes": "Walk-in"}, &e); status != 200 || e.Data.Details["deskId"] == "" {
		t.Fatalf("send to desking: %d %+v", status, e.Data)
	}

	var groups httpapi.Result[[]desking.DeskGroup]
	if status := post(t, srv, manager, "/api/desking/desk/grouped_search", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "contactId": demo.ContactToyota}, &groups); status != 200 {
		t.Fatalf("grouped search: %d", status)
	}
	if len(groups.Data) != 4 || groups.Data[0].Key != desk.StatusNew || groups.Data[0].Count != 2 || groups.Data[0].Desks[1].DeskID != d.DeskID {
		t.Errorf("groups = %+v", groups.Data)
	}
	if groups.Data[0].Desks[0].Source != desk.SourceProfile || strconv.FormatInt(groups.Data[0].Desks[0].DeskID, 10) != e.Data.Details["deskId"] {
		t.Errorf("profile desk = %+v, entry %+v", groups.Data[0].Desks[0], e.Data)
	}

	var got httpapi.Result[desk.Desk]
	if status := post(t, srv, manager, "/api/desking/desk/get_desk", map[string]any{"deskId": d.DeskID}, &got); status != 200 || got.Data.DeskID != d.DeskID {
		t.Errorf("get: %d %+v", status, got.Data)
	}
	var pinned httpapi.Result[[]desk.PinnedScans]
	if status := post(t, srv, manager, "/api/desking/deal/scan/get_pinned_scan_summaries", map[string]any{"deskIds": []int64{d.DeskID}}, &pinned); status != 200 || len(pinned.Data) != 1 || len(pinned.Data[0].Scans) != 1 {
		t.Errorf("pinned: %d %+v", status, pinned.Data)
	}

	cases := []struct {
		name   string
		as     string
		path   string
		body   string
		status int
		field  string
	}{
		{"no source", sales, "/api/desking/desk/create", `{"source":"lead"}`, 400, "crmLeadId"},
		{"bad term", sales, "/api/desking/desk/create", fmt.Sprintf(`{"source":"dealsheet","entityId":%d,"terms":{"dealType":"Retail","term":0}}`, entity), 400, "terms.term"},
		{"bad day", manager, "/api/desking/desk/grouped_search", `{"from":"11/01/2026"}`, 400, "from"},
		{"not a VIN", sales, "/api/desking/vehicle/decode_vin", `{"vin":"123"}`, 400, "vin"},
		{"unknown make", sales, "/api/desking/vehicle/model/search", `{"makeName":"Nope"}`, 400, "makeName"},
		{"other group reads", demo.OtherSalesID, "/api/desking/desk/get_desk", fmt.Sprintf(`{"deskId":%d}`, d.DeskID), 404, ""},
		{"other group desks", demo.OtherSalesID, "/api/desking/desk/create", fmt.Sprintf(`{"source":"dealsheet","entityId":%d}`, entity), 404, ""},
		{"marketing desks", marketing, "/api/desking/desk/create", fmt.Sprintf(`{"source":"dealsheet","entityId":%d}`, entity), 403, ""},
	}
	for _, c := range cases {
		status, body := srv.Error(t, areatest.Request{Method: "POST", Path: c.path, As: c.as, Body: c.body})
		if status != c.status || (c.field != "" && body.FieldErrors[c.field] == "") {
			t.Errorf("%s: %d %+v, want %d naming %q", c.name, status, body, c.status, c.field)
		}
	}

	var years httpapi.Result[[]int]
	if status := post(t, srv, sales, "/api/desking/vehicle/year/search", map[string]any{"makeName": "Honda", "modelName": "Accord"}, &years); status != 200 || len(years.Data) == 0 {
		t.Errorf("years: %d %v", status, years.Data)
	}
	var trims httpapi.Result[[]string]
	if status := post(t, srv, sales, "/api/desking/vehicle/trim/search", map[string]any{"makeName": "Honda", "modelName": "Accord", "year": years.Data[0]}, &trims); status != 200 {
		t.Errorf("trims: %d", status)
	}
}

// TestDeskAtDefaultTerms: a desk whose request names no terms is a retail deal at its store's
// middle default purchase term and middle down payment, its payment scan over those terms.
func TestDeskAtDefaultTerms(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	const admin = "100008" // Taylor Brooks: dealer admin of every store
	terms := map[string]any{"accountPlatformId": demo.StoreToyota, "version": 0,
		"lease":   map[string]any{"terms": []int{24, 36, 48}, "downs": []int{0, 100000, 250000}},
		"finance": map[string]any{"terms": []int{36, 48, 60}, "downs": []int{0, 150000, 300000}}}
	if status := post(t, srv, admin, "/api/dealsheet/settings/save_default_terms", terms, nil); status != 200 {
		t.Fatalf("save terms: %d", status)
	}
	var added httpapi.Result[garage.Vehicle]
	body := map[string]any{"currentVehicle": map[string]any{"year": 2019, "make": "Toyota", "model": "Corolla", "mileage": 61000},
		"replacementVehicle": map[string]any{"year": 2026, "make": "Toyota", "model": "Camry", "trim": "LE", "price": 30000}}
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota), body, &added); status != 200 {
		t.Fatalf("add garage vehicle: %d", status)
	}
	var created httpapi.Result[desk.Desk]
	if status := post(t, srv, sales, "/api/desking/desk/create", map[string]any{"source": "dealsheet", "entityId": added.Data.EntityID}, &created); status != 200 {
		t.Fatalf("create: %d", status)
	}
	d := created.Data
	if d.Terms.DealType != payment.Retail || d.Terms.Term != 48 || d.Terms.Down != payment.Dollars(1500) {
		t.Errorf("terms %+v, want retail at 48 months and $1,500 down", d.Terms)
	}
	seen := map[int]bool{}
	for _, s := range d.Scans {
		seen[s.Term] = true
	}
	if len(d.Scans) != 9 || !seen[36] || !seen[48] || !seen[60] || d.Pinned().Scans[0].Term != 48 || d.Pinned().Scans[0].Down != payment.Dollars(1500) {
		t.Errorf("scans %+v", d.Scans)
	}
}
