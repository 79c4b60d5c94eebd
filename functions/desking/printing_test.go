package desking_test

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/desking"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/printform"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

var streamRE = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)

// pdfText returns the text a PDF's content streams show, inflated.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	var out strings.Builder
	for _, m := range streamRE.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		b, _ := io.ReadAll(r)
		out.Write(b)
	}
	return out.String()
}

// TestPrinting searches a store's forms and packets, reads a form, creates one, and renders the
// Buyer's Order with a desk's deal as a PDF on letter paper whose text holds the deal.
func TestPrinting(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)

	var forms httpapi.Result[[]printform.Form]
	if status := post(t, srv, sales, "/api/form/search", map[string]any{"dealerId": demo.StoreToyota}, &forms); status != 200 || len(forms.Data) != 4 {
		t.Fatalf("Toyota forms: %d %d, want 4", status, len(forms.Data))
	}
	if status := post(t, srv, sales, "/api/form/search", map[string]any{"dealerId": demo.StoreHonda, "query": "order"}, &forms); status != 200 || len(forms.Data) != 1 || forms.Data[0].FormID != demo.FormBuyersOrder {
		t.Errorf("Honda forms holding order: %d %+v", status, forms.Data)
	}
	var packets httpapi.Result[[]desking.PacketView]
	if status := post(t, srv, sales, "/api/packet/search", map[string]any{"dealerId": demo.StoreToyota}, &packets); status != 200 || len(packets.Data) != 1 || len(packets.Data[0].Forms) != 3 {
		t.Errorf("packets: %d %+v", status, packets.Data)
	}
	var form httpapi.Result[printform.Form]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/form/%d", demo.FormBuyersOrder), As: sales}, &form); status != 200 || form.Data.Name != "Buyer's Order" {
		t.Errorf("form: %d %+v", status, form.Data)
	}

	newForm := map[string]any{"accountPlatformId": demo.StoreHonda, "name": "We Owe", "category": "Delivery", "paperSize": "legal",
		"sections": []map[string]any{{"title": "Owed", "lines": []map[string]any{{"label": "Customer", "value": "{{customer.name}}"}}}}}
	if status := post(t, srv, manager, "/api/form/create", newForm, &form); status != 200 || form.Data.FormID == 0 {
		t.Errorf("create: %d %+v", status, form.Data)
	}

	var added struct {
		Data struct {
			EntityID int64 `json:"entityId"`
		} `json:"data"`
	}
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/vehicles/current_vehicles", demo.ContactToyota), map[string]any{
		"currentVehicle": map[string]any{"year": 2019, "make": "Honda", "model": "Civic"}, "replacementVehicle": map[string]any{"year": 2026, "make": "Toyota", "model": "RAV4", "price": 35000}}, &added); status != 200 {
		t.Fatalf("add vehicle: %d", status)
	}
	var d httpapi.Result[desk.Desk]
	if status := post(t, srv, sales, "/api/desking/desk/create", map[string]any{"source": "dealsheet", "entityId": added.Data.EntityID, "terms": map[string]any{"dealType": "Retail", "term": 60, "rate": "7.5"}}, &d); status != 200 {
		t.Fatalf("desk: %d", status)
	}

	status, pdf, h := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/form/render", As: sales, Body: fmt.Sprintf(`{"formId":%d,"deskId":%d}`, demo.FormBuyersOrder, d.Data.DeskID)})
	if status != 200 || h.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("render: %d %s %q", status, h.Get("Content-Type"), pdf[:min(40, len(pdf))])
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Buyer's Order", "Northwind Toyota", d.Data.CustomerName, "2026 Toyota RAV4", "$35,000.00", "Retail", d.Data.Quote.Payment.String(), "7.50"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF does not show %q", want)
		}
	}
	if !bytes.Contains(pdf, []byte("/MediaBox [0 0 612.00 792.00]")) {
		t.Errorf("the PDF is not on US letter paper")
	}

	cases := []struct {
		name, as, path, body string
		status               int
		field                string
	}{
		{"unknown field", manager, "/api/form/create", `{"accountPlatformId":2002,"name":"X","category":"Sales","paperSize":"letter","sections":[{"title":"A","lines":[{"label":"L","value":"{{customer.ssn}}"}]}]}`, 400, "sections[0].lines[0].value"},
		{"bad paper", manager, "/api/form/create", `{"accountPlatformId":2002,"name":"X","category":"Sales","paperSize":"a4","sections":[{"title":"A","lines":[{"label":"L","value":"x"}]}]}`, 400, "paperSize"},
		{"group form by a manager", manager, "/api/form/create", `{"accountPlatformId":0,"name":"X","category":"Sales","paperSize":"letter","sections":[{"title":"A","lines":[{"label":"L","value":"x"}]}]}`, 403, ""},
		{"sales person creates", sales, "/api/form/create", `{"accountPlatformId":2001,"name":"X","category":"Sales","paperSize":"letter","sections":[{"title":"A","lines":[{"label":"L","value":"x"}]}]}`, 403, ""},
		{"no deal", sales, "/api/form/render", fmt.Sprintf(`{"formId":%d}`, demo.FormBuyersOrder), 400, "deskId"},
		{"Toyota form for a Honda customer", manager, "/api/form/render", fmt.Sprintf(`{"formId":%d,"contactId":%d}`, demo.FormTradeAppraise, demo.ContactHonda), 400, "formId"},
		{"other group renders", demo.OtherSalesID, "/api/form/render", fmt.Sprintf(`{"formId":%d,"deskId":%d}`, demo.FormBuyersOrder, d.Data.DeskID), 404, ""},
		{"other group reads", demo.OtherSalesID, "/api/form/search", fmt.Sprintf(`{"dealerId":%d}`, demo.StoreToyota), 404, ""},
	}
	for _, c := range cases {
		status, body := srv.Error(t, areatest.Request{Method: "POST", Path: c.path, As: c.as, Body: c.body})
		if status != c.status || (c.field != "" && body.FieldErrors[c.field] == "") {
			t.Errorf("%s: %d %+v, want %d naming %q", c.name, status, body, c.status, c.field)
		}
	}
}
