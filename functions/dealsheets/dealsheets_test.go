package dealsheets_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/dealsheets"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/payment"
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
	marketing = "100011" // Quinn Harper: marketing manager, works no customers
	parts     = "100013" // Parker Lee: parts manager of Hyundai
)

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// addVehicle adds a vehicle with a contract and a proposed replacement to contact's garage.
func addVehicle(t *testing.T, srv *areatest.Server, as string, contactID int64, contract map[string]any, replacement map[string]any) garage.Vehicle {
	t.Helper()
	body := map[string]any{"currentVehicle": map[string]any{"year": 2021, "make": "Toyota", "model": "Corolla", "mileage": 41000},
		"paymentCalc": map[string]any{"contracts": []map[string]any{contract}}, "replacementVehicle": replacement}
	var got httpapi.Result[garage.Vehicle]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", contactID), As: as, Body: mustJSON(t, body)}, &got); status != 200 {
		t.Fatalf("add vehicle: %d", status)
	}
	return got.Data
}

func open(t *testing.T, srv *areatest.Server, as string, id int64) dealsheets.DealsheetView {
	t.Helper()
	var got httpapi.Result[dealsheets.DealsheetView]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Dealsheet/entity/%d", id), As: as}, &got); status != 200 {
		t.Fatalf("open deal sheet %d as %s: %d", id, as, status)
	}
	return got.Data
}

// recorder collects the deal sheet events the server publishes.
type recorder struct {
	mu     sync.Mutex
	events []dealsheet.Changed
}

func record(srv *areatest.Server) *recorder {
	r := &recorder{}
	srv.Events.Subscribe(dealsheet.EventChanged, func(_ context.Context, e eventbus.Event) error {
		var c dealsheet.Changed
		if err := json.Unmarshal(e.Detail, &c); err != nil {
			return err
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		r.events = append(r.events, c)
		return nil
	})
	return r
}

func (r *recorder) actions() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.events {
		out = append(out, e.Action)
	}
	return out
}

var camry = map[string]any{"year": 2026, "make": "Toyota", "model": "Camry", "trim": "LE", "price": 28400}

func offerBody(version int64, term int, down payment.Money) string {
	return fmt.Sprintf(`{"version":%d,"structure":{"dealType":"Retail","price":2840000,"rate":"5.99","residualPercent":"0","fees":49900,"rebates":0,"tradeAllowance":1200000,"payoff":850000,"term":%d,"down":%d,"salesTax":"6.25"},"replacement":{"year":2026,"make":"Toyota","model":"Camry","trim":"LE","msrp":2840000,"offBrand":false}}`, version, term, down)
}

// TestLifecycle walks a deal sheet through its states: open, offer, sold, unwound; each change
// is versioned, recorded in the activity and published, and a stale or refused change changes
// nothing.
func TestLifecycle(t *testing.T) {
	srv := areatest.New(t)
	rec := record(srv)
	v := addVehicle(t, srv, sales, demo.ContactToyota, map[string]any{"contractType": "finance", "lender": "Toyota Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 8500, "startDate": "2023-01-15"}, camry)

	vw := open(t, srv, sales, v.EntityID)
	if vw.Sheet.Version != 1 || vw.Sheet.State != dealsheet.SheetOpen || vw.Quote == nil || vw.Grid == nil {
		t.Fatalf("opened = %+v", vw.Sheet)
	}
	if vw.Sheet.Replacement.Label() != "2026 Toyota Camry LE" || vw.Sheet.Structure.Price != 2840000 || vw.Sheet.Structure.Payoff != 850000 {
		t.Errorf("opened with %+v %+v, want the garage's replacement and payoff", vw.Sheet.Replacement, vw.Sheet.Structure)
	}
	if vw.Current.SaleType != "P" || vw.Current.Payment != 38950 || vw.RateDisplay != "5.99" {
		t.Errorf("current = %+v rate %q", vw.Current, vw.RateDisplay)
	}
	// Opening it again the same day records the view once.
	open(t, srv, sales, v.EntityID)
	views := countKind(t, srv, demo.ContactToyota, activity.KindDealsheetViewed)
	if views != 1 {
		t.Errorf("dealsheet_viewed entries = %d, want 1", views)
	}

	path := fmt.Sprintf("/api/Dealsheet/entity/%d", v.EntityID)
	var offered httpapi.Result[dealsheets.DealsheetView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: path + "/offer", As: sales, Body: offerBody(1, 72, payment.Dollars(2500))}, &offered); status != 200 {
		t.Fatalf("offer: %d", status)
	}
	o := offered.Data.Sheet.Offer
	q := offered.Data.Quote
	if o == nil || o.Status != dealsheet.OfferPending || offered.Data.Sheet.Version != 2 || q == nil || o.Payment != q.Payment || q.Term != 72 {
		t.Fatalf("offered = %+v quote %+v", offered.Data.Sheet, q)
	}

	tests := []struct {
		name    string
		path    string
		body    string
		as      string
		status  int
		state   string
		offer   string
		version int64
	}{
		{"a stale offer", path + "/offer", offerBody(1, 60, 0), sales, 409, dealsheet.SheetOpen, dealsheet.OfferPending, 2},
		{"an unwind of an open deal", "/api/Dealsheet/unwind", fmt.Sprintf(`{"entityId":%d,"version":2,"reason":"Entered in error"}`, v.EntityID), sales, 409, dealsheet.SheetOpen, dealsheet.OfferPending, 2},
		{"an offer by a user who works no customers", path + "/offer", offerBody(2, 60, 0), marketing, 403, dealsheet.SheetOpen, dealsheet.OfferPending, 2},
		{"a deal type that is no way of paying", path + "/offer", strings.Replace(offerBody(2, 60, 0), "Retail", "Wholesale", 1), sales, 400, dealsheet.SheetOpen, dealsheet.OfferPending, 2},
		{"mark sold", path + "/mark_as_sold", `{"version":2}`, sales, 200, dealsheet.SheetSold, dealsheet.OfferAccepted, 3},
		{"mark sold twice", path + "/mark_as_sold", `{"version":3}`, sales, 409, dealsheet.SheetSold, dealsheet.OfferAccepted, 3},
		{"an offer on a sold deal", path + "/offer", offerBody(3, 60, 0), sales, 409, dealsheet.SheetSold, dealsheet.OfferAccepted, 3},
		{"an unwind without a reason", "/api/Dealsheet/unwind", fmt.Sprintf(`{"entityId":%d,"version":3,"reason":""}`, v.EntityID), sales, 400, dealsheet.SheetSold, dealsheet.OfferAccepted, 3},
		{"a stale unwind", "/api/Dealsheet/unwind", fmt.Sprintf(`{"entityId":%d,"version":2,"reason":"Entered in error"}`, v.EntityID), sales, 409, dealsheet.SheetSold, dealsheet.OfferAccepted, 3},
		{"unwind", "/api/Dealsheet/unwind", fmt.Sprintf(`{"entityId":%d,"version":3,"reason":"Financing not approved","notes":"Bank declined"}`, v.EntityID), manager, 200, dealsheet.SheetOpen, dealsheet.OfferPending, 4},
		{"decline the offer", "/api/Dealsheet/entity/offer_status", fmt.Sprintf(`{"entityId":%d,"version":4,"status":"Declined"}`, v.EntityID), sales, 200, dealsheet.SheetOpen, dealsheet.OfferDeclined, 5},
		{"answer it again", "/api/Dealsheet/entity/offer_status", fmt.Sprintf(`{"entityId":%d,"version":5,"status":"Accepted"}`, v.EntityID), sales, 409, dealsheet.SheetOpen, dealsheet.OfferDeclined, 5},
		{"a new offer", path + "/offer", offerBody(5, 60, payment.Dollars(1000)), sales, 200, dealsheet.SheetOpen, dealsheet.OfferPending, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body}
			if tt.status != 200 {
				if status, e := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d (%v %v)", status, tt.status, e.ErrorMessages, e.FieldErrors)
				}
			} else if status := srv.Do(t, req, nil); status != 200 {
				t.Errorf("status = %d, want 200", status)
			}
			got := open(t, srv, sales, v.EntityID).Sheet
			if got.State != tt.state || got.Offer == nil || got.Offer.Status != tt.offer || got.Version != tt.version {
				t.Errorf("after: state %s offer %+v version %d, want %s %s %d", got.State, got.Offer, got.Version, tt.state, tt.offer, tt.version)
			}
		})
	}
	sh := open(t, srv, sales, v.EntityID).Sheet
	if len(sh.Unwinds) != 1 || sh.Unwinds[0].Reason != "Financing not approved" || sh.Unwinds[0].Sale.Payment == 0 {
		t.Errorf("unwinds = %+v", sh.Unwinds)
	}
	srv.Flush(t)
	want := []string{"offered", "sold", "unwound", "offerStatusChanged", "offered"}
	if got := rec.actions(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("events = %v, want %v", got, want)
	}
	if n := countKind(t, srv, demo.ContactToyota, activity.KindDealsheet); n != 5 {
		t.Errorf("deal sheet activity entries = %d, want 5", n)
	}
}

func countKind(t *testing.T, srv *areatest.Server, contactID int64, kind activity.Kind) int {
	t.Helper()
	var got struct {
		Data struct {
			Entries []activity.Entry `json:"entries"`
		} `json:"data"`
	}
	body := fmt.Sprintf(`{"pageSize":100,"category":%q}`, kind.Category())
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", contactID), As: manager, Body: body}, &got); status != 200 {
		t.Fatalf("activity feed: %d", status)
	}
	n := 0
	for _, e := range got.Data.Entries {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// TestTenancy: a deal sheet of a customer the caller may not view does not exist for them.
func TestTenancy(t *testing.T) {
	srv := areatest.New(t)
	v := addVehicle(t, srv, sales, demo.ContactToyota, map[string]any{"contractType": "cash"}, camry)
	open(t, srv, sales, v.EntityID)
	for _, tt := range []struct {
		name string
		as   string
		req  areatest.Request
	}{
		{"another store's user reads", parts, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Dealsheet/entity/%d", v.EntityID)}},
		{"another group reads", demo.OtherUserID, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Dealsheet/entity/%d", v.EntityID)}},
		{"another group recalculates", demo.OtherUserID, areatest.Request{Method: "POST", Path: "/api/opportunities/payment_recalc", Body: fmt.Sprintf(`{"entityId":%d,"structure":{"dealType":"Cash","price":100000},"replacement":{"year":2026,"make":"Toyota","model":"Camry"}}`, v.EntityID)}},
		{"another store's user recalculates", parts, areatest.Request{Method: "POST", Path: "/api/opportunities/payment_recalc", Body: fmt.Sprintf(`{"entityId":%d,"structure":{"dealType":"Cash","price":100000},"replacement":{"year":2026,"make":"Toyota","model":"Camry"}}`, v.EntityID)}},
		{"another group marks sold", demo.OtherUserID, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/Dealsheet/entity/%d/mark_as_sold", v.EntityID), Body: `{"version":1}`}},
		{"another store's user reads the customer", parts, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Dealsheet/customer/%d", demo.ContactToyota)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.As = tt.as
			if status, _ := srv.Error(t, tt.req); status != 404 {
				t.Errorf("status = %d, want 404", status)
			}
		})
	}
	if got := open(t, srv, sales, v.EntityID).Sheet; got.Version != 1 || got.State != dealsheet.SheetOpen {
		t.Errorf("after refused writes: %+v", got)
	}
}

// TestRecalcAndRates: payment_recalc answers the engine's numbers, and a lease rate shows as
// the store's country shows it.
func TestRecalcAndRates(t *testing.T) {
	srv := areatest.New(t)
	us := addVehicle(t, srv, sales, demo.ContactToyota, map[string]any{"contractType": "lease", "termMonths": 36, "moneyFactor": 0.0021, "payment": 329}, camry)
	ca := addVehicle(t, srv, manager, demo.ContactHyundai, map[string]any{"contractType": "lease", "termMonths": 36, "moneyFactor": 0.0021, "payment": 329}, map[string]any{"year": 2026, "make": "Hyundai", "model": "Tucson", "trim": "SEL", "price": 32900})
	for _, tt := range []struct {
		name    string
		entity  int64
		display string
		current string
	}{
		{"US lease: the money factor with 5 decimals", us.EntityID, "0.00200", "0.00210"},
		{"Canadian lease: the money factor times 2400 with 2 decimals", ca.EntityID, "4.80", "5.04"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vw := open(t, srv, manager, tt.entity)
			if vw.RateDisplay != tt.display || vw.Current.RateDisplay != tt.current {
				t.Errorf("rate display = %q current %q, want %q %q", vw.RateDisplay, vw.Current.RateDisplay, tt.display, tt.current)
			}
			body := map[string]any{"entityId": tt.entity, "structure": vw.Sheet.Structure, "replacement": vw.Sheet.Replacement}
			var got httpapi.Result[dealsheets.PaymentRecalc]
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/opportunities/payment_recalc", As: manager, Body: mustJSON(t, body)}, &got); status != 200 {
				t.Fatalf("recalc: %d", status)
			}
			if got.Data.Quote.Payment != vw.Quote.Payment || got.Data.Grid.Cells[2][2].Payment != vw.Grid.Cells[2][2].Payment || got.Data.RateDisplay != tt.display {
				t.Errorf("recalc = %+v, want the view's %+v", got.Data.Quote, vw.Quote)
			}
			s := vw.Sheet.Structure
			s.Down, s.Term = payment.Dollars(3000), 24
			body["structure"] = s
			var moved httpapi.Result[dealsheets.PaymentRecalc]
			srv.Do(t, areatest.Request{Method: "POST", Path: "/api/opportunities/payment_recalc", As: manager, Body: mustJSON(t, body)}, &moved)
			if moved.Data.Quote.Payment == got.Data.Quote.Payment || moved.Data.Quote.Term != 24 || moved.Data.Quote.Down != payment.Dollars(3000) {
				t.Errorf("after changing term and down: %+v", moved.Data.Quote)
			}
		})
	}
	// Numbers that make no payment name the input to fix.
	body := fmt.Sprintf(`{"entityId":%d,"structure":{"dealType":"Retail","price":100000,"down":200000,"term":60,"rate":"5"},"replacement":{"year":2026,"make":"Toyota","model":"Camry"}}`, us.EntityID)
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/opportunities/payment_recalc", As: sales, Body: body}); status != 400 || e.FieldErrors["structure.down"] == "" {
		t.Errorf("nothing financed: %d %+v", status, e.FieldErrors)
	}
}

// TestProposal: the PDF proposal is a real PDF on letter or legal paper whose text reads back,
// and its e-mail copy goes through the store's mail provider and into the activity.
func TestProposal(t *testing.T) {
	srv := areatest.New(t)
	v := addVehicle(t, srv, sales, demo.ContactToyota, map[string]any{"contractType": "finance", "lender": "Toyota Financial", "termMonths": 60, "rate": 4.9, "payment": 389.5, "payoff": 8500}, camry)
	vw := open(t, srv, sales, v.EntityID)
	for _, tt := range []struct {
		paper  string
		height string
	}{{"letter", "792"}, {"legal", "1008"}} {
		t.Run(tt.paper, func(t *testing.T) {
			status, body, h := srv.Raw(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/Dealsheet/entity/%d/pdf_proposal_extended", v.EntityID), As: sales, Body: `{"paper":"` + tt.paper + `"}`})
			if status != 200 || h.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(body, []byte("%PDF-")) {
				t.Fatalf("proposal: %d %s", status, h.Get("Content-Type"))
			}
			if !regexp.MustCompile(`/MediaBox \[0 0 612(\.00)? ` + tt.height + `(\.00)?\]`).Match(body) {
				t.Errorf("no %s page box in the PDF", tt.paper)
			}
			text := pdfText(body)
			for _, want := range []string{"Northwind Toyota", "Maria Elena Gonzalez", "2026 Toyota Camry LE", "Toyota Financial", vw.Quote.Payment.String(), "Payment options", "60 months", "Customer signature"} {
				if !strings.Contains(text, want) {
					t.Errorf("proposal text lacks %q:\n%s", want, text)
				}
			}
			if n := strings.Count(string(body), "/Type /Page\n"); n != 2 {
				t.Errorf("pages = %d, want 2", n)
			}
		})
	}
	status, body, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/Dealsheet/contact/%d/email/printtopdf", demo.ContactToyota), As: sales, Body: fmt.Sprintf(`{"entityId":%d}`, v.EntityID)})
	if status != 200 || !strings.Contains(pdfText(body), "2026 Toyota Camry LE") {
		t.Fatalf("print to PDF: %d", status)
	}
	if n := countKind(t, srv, demo.ContactToyota, activity.KindEmail); n < 1 {
		t.Errorf("no e-mail entry recorded")
	}
	// The e-mail carries the PDF proposal itself: read it back from the message's MIME.
	tenant, _ := account.Tenant(demo.AccountID)
	kept := srv.Services.Providers.MailSandbox().Sent(tenant)
	if len(kept) == 0 {
		t.Fatal("no e-mail sent")
	}
	last := kept[len(kept)-1]
	files := mimeFiles(t, last.MIME)
	pdf, ok := files[fmt.Sprintf("proposal-%d.pdf", v.EntityID)]
	if !ok || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("attachments %v of %q", last.Attachments, last.Subject)
	}
	for _, want := range []string{"Maria Elena Gonzalez", "2026 Toyota Camry LE", vw.Quote.Payment.String()} {
		if !strings.Contains(pdfText(pdf), want) {
			t.Errorf("the e-mailed PDF lacks %q", want)
		}
	}
}

// mimeFiles returns the attachments of a raw MIME message by file name, decoded.
func mimeFiles(t *testing.T, raw []byte) map[string][]byte {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("read MIME: %v", err)
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v", err)
	}
	out := map[string][]byte{}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("MIME part: %v", err)
		}
		if p.FileName() == "" {
			continue
		}
		body, _ := io.ReadAll(p)
		data, err := base64.StdEncoding.DecodeString(strings.NewReplacer("\r", "", "\n", "").Replace(string(body)))
		if err != nil {
			t.Fatalf("attachment %s: %v", p.FileName(), err)
		}
		out[p.FileName()] = data
	}
}

// pdfText is the text an uncompressed PDF shows: the strings of its text operators, one line
// each.
func pdfText(pdf []byte) string {
	var out []string
	re := regexp.MustCompile(`\(((?:\\.|[^\\)])*)\)\s*Tj`)
	for _, m := range re.FindAllSubmatch(pdf, -1) {
		s := string(m[1])
		s = strings.NewReplacer(`\(`, "(", `\)`, ")", `\\`, `\`).Replace(s)
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}
