package dealsheets_test

import (
	"fmt"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/dealsheets"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

const admin = "100008" // Taylor Brooks: dealer admin of every store

// TestDefaultTerms: a store admin sets the store's default terms, bad ones are refused naming
// the field, a stale version is refused, and the deal sheet's grid and payment_recalc use them.
func TestDefaultTerms(t *testing.T) {
	srv := areatest.New(t)
	get := func(as string) dealsheets.TermsView {
		t.Helper()
		var got httpapi.Result[dealsheets.TermsView]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/dealsheet/settings/get_default_terms", As: as, Body: fmt.Sprintf(`{"accountPlatformId":%d}`, demo.StoreToyota)}, &got); status != 200 {
			t.Fatalf("get terms: %d", status)
		}
		return got.Data
	}
	first := get(sales)
	if !first.Standard || first.Version != 0 || first.Finance.Terms != [3]int{48, 60, 72} || first.CanEdit {
		t.Fatalf("standard terms: %+v", first)
	}
	body := func(version int64, finance string) string {
		return fmt.Sprintf(`{"accountPlatformId":%d,"version":%d,"lease":{"terms":[24,36,39],"downs":[0,150000,300000]},"finance":%s}`, demo.StoreToyota, version, finance)
	}
	good := `{"terms":[36,60,84],"downs":[0,200000,500000]}`
	for _, tt := range []struct {
		name   string
		as     string
		body   string
		status int
		field  string
	}{
		{"a sales person may not", sales, body(0, good), 403, ""},
		{"a term too short", admin, body(0, `{"terms":[6,60,84],"downs":[0,1,2]}`), 400, "finance.terms[0]"},
		{"a term too long", admin, body(0, `{"terms":[36,60,120],"downs":[0,1,2]}`), 400, "finance.terms[2]"},
		{"terms twice", admin, body(0, `{"terms":[36,60,60],"downs":[0,1,2]}`), 400, "finance.terms[2]"},
		{"terms out of order", admin, body(0, `{"terms":[60,36,72],"downs":[0,1,2]}`), 400, "finance.terms[1]"},
		{"a negative down", admin, body(0, `{"terms":[36,60,72],"downs":[-100,1,2]}`), 400, "finance.downs[0]"},
		{"saved", admin, body(0, good), 200, ""},
		{"stale", admin, body(0, good), 409, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/api/dealsheet/settings/save_default_terms", As: tt.as, Body: tt.body}
			if tt.status == 200 {
				var got httpapi.Result[dealsheets.TermsView]
				if status := srv.Do(t, req, &got); status != 200 || got.Data.Version != 1 || got.Data.Standard {
					t.Fatalf("save: %d %+v", status, got.Data)
				}
				return
			}
			status, e := srv.Error(t, req)
			if status != tt.status || (tt.field != "" && e.FieldErrors[tt.field] == "") {
				t.Errorf("status %d, fields %v; want %d %s", status, e.FieldErrors, tt.status, tt.field)
			}
		})
	}
	if got := get(manager); got.Version != 1 || got.Finance.Terms != [3]int{36, 60, 84} || got.Lease.Terms != [3]int{24, 36, 39} || got.UpdatedByName == "" {
		t.Errorf("saved terms: %+v", got)
	}
	// The deal sheet's grid and the recalculation use the store's terms.
	v := addVehicle(t, srv, sales, demo.ContactToyota, map[string]any{"contractType": "finance", "lender": "Toyota Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 8500}, camry)
	vw := open(t, srv, sales, v.EntityID)
	if vw.Grid == nil || vw.Grid.Terms != [3]int{36, 60, 84} || vw.Grid.Downs != [3]payment.Money{0, payment.Dollars(2000), payment.Dollars(5000)} {
		t.Fatalf("grid %+v", vw.Grid)
	}
	var rc httpapi.Result[dealsheets.PaymentRecalc]
	b := map[string]any{"entityId": v.EntityID, "structure": vw.Sheet.Structure, "replacement": vw.Sheet.Replacement}
	// With the store named (read beside the sheet), with another store named, and with none.
	for _, store := range []int64{demo.StoreToyota, demo.StoreHonda, 0} {
		b["accountPlatformId"] = store
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/opportunities/payment_recalc", As: sales, Body: mustJSON(t, b)}, &rc); status != 200 || rc.Data.Grid.Terms != [3]int{36, 60, 84} {
			t.Errorf("recalc naming store %d: %d %+v", store, status, rc.Data.Grid.Terms)
		}
	}
}

// TestOpensAtDefaultTerms: a new deal sheet opens at its store's default middle term and middle
// down payment, the lease's for a vehicle on a lease and the purchase's otherwise.
func TestOpensAtDefaultTerms(t *testing.T) {
	srv := areatest.New(t)
	finance := map[string]any{"contractType": "finance", "lender": "Toyota Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 8500}
	lease := map[string]any{"contractType": "lease", "lender": "Toyota Financial", "termMonths": 36, "moneyFactor": 0.0021, "payment": 329, "payoff": 17500}
	for i, tt := range []struct {
		name     string
		finance  string
		lease    string
		contract map[string]any
		dealType payment.DealType
		term     int
		down     payment.Money
	}{
		{"a purchase at 36, 48, 60", `{"terms":[36,48,60],"downs":[0,150000,300000]}`, `{"terms":[24,36,48],"downs":[0,100000,250000]}`, finance, payment.Retail, 48, payment.Dollars(1500)},
		{"a purchase at 24, 39, 72", `{"terms":[24,39,72],"downs":[50000,200000,400000]}`, `{"terms":[24,36,48],"downs":[0,100000,250000]}`, finance, payment.Retail, 39, payment.Dollars(2000)},
		{"a lease at 27, 39, 42", `{"terms":[36,48,60],"downs":[0,150000,300000]}`, `{"terms":[27,39,42],"downs":[0,75000,200000]}`, lease, payment.Lease, 39, payment.Dollars(750)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := fmt.Sprintf(`{"accountPlatformId":%d,"version":%d,"lease":%s,"finance":%s}`, demo.StoreToyota, i, tt.lease, tt.finance)
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/dealsheet/settings/save_default_terms", As: admin, Body: body}, nil); status != 200 {
				t.Fatalf("save terms: %d", status)
			}
			v := addVehicle(t, srv, sales, demo.ContactToyota, tt.contract, camry)
			s := open(t, srv, sales, v.EntityID).Sheet.Structure
			if s.DealType != tt.dealType || s.Term != tt.term || s.Down != tt.down {
				t.Errorf("opened %s at %d months, %s down; want %s at %d, %s", s.DealType, s.Term, s.Down, tt.dealType, tt.term, tt.down)
			}
		})
	}
}
