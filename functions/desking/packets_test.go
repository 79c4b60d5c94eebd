package desking_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/desking"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

const partsManager = "100013" // Parker Lee: parts manager of Hyundai

// TestPackets: a manager creates, renames and deletes a store's packet; bad packets and stale
// versions are refused; printing a packet renders all of its forms into one PDF.
func TestPackets(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var p httpapi.Result[desking.PacketView]
	body := fmt.Sprintf(`{"accountPlatformId":%d,"name":"  Trade packet ","formIds":[%d,%d]}`, demo.StoreToyota, demo.FormTradeAppraise, demo.FormBuyersOrder)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/packet/create", As: manager, Body: body}, &p); status != 200 || p.Data.Name != "Trade packet" || len(p.Data.Forms) != 2 || p.Data.Version != 1 {
		t.Fatalf("create: %d %+v", status, p.Data)
	}
	id := p.Data.PacketID
	for _, tt := range []struct {
		name, as, method, path, body string
		status                       int
		field                        string
	}{
		{"a sales person may not", sales, "POST", "/api/packet/create", body, 403, ""},
		{"no name", manager, "POST", "/api/packet/create", fmt.Sprintf(`{"accountPlatformId":%d,"name":" ","formIds":[%d]}`, demo.StoreToyota, demo.FormBuyersOrder), 400, "name"},
		{"no forms", manager, "POST", "/api/packet/create", fmt.Sprintf(`{"accountPlatformId":%d,"name":"X","formIds":[]}`, demo.StoreToyota), 400, "formIds"},
		{"another store's form", manager, "POST", "/api/packet/create", fmt.Sprintf(`{"accountPlatformId":%d,"name":"X","formIds":[%d]}`, demo.StoreHonda, demo.FormTradeAppraise), 400, "formIds"},
		{"a form twice", manager, "POST", "/api/packet/create", fmt.Sprintf(`{"accountPlatformId":%d,"name":"X","formIds":[%d,%d]}`, demo.StoreToyota, demo.FormBuyersOrder, demo.FormBuyersOrder), 400, "formIds"},
		{"every store needs a dealer admin", manager, "POST", "/api/packet/create", fmt.Sprintf(`{"accountPlatformId":0,"name":"X","formIds":[%d]}`, demo.FormBuyersOrder), 403, ""},
		{"stale change", manager, "PUT", fmt.Sprintf("/api/packet/%d", id), fmt.Sprintf(`{"accountPlatformId":%d,"name":"Y","formIds":[%d],"version":7}`, demo.StoreToyota, demo.FormBuyersOrder), 409, ""},
		{"a role that prints no packets", partsManager, "PUT", fmt.Sprintf("/api/packet/%d", id), fmt.Sprintf(`{"accountPlatformId":%d,"name":"Y","formIds":[%d],"version":1}`, demo.StoreToyota, demo.FormBuyersOrder), 403, ""},
		{"stale delete", manager, "DELETE", fmt.Sprintf("/api/packet/%d?version=9", id), "", 409, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, e := srv.Error(t, areatest.Request{Method: tt.method, Path: tt.path, As: tt.as, Body: tt.body})
			if status != tt.status || (tt.field != "" && e.FieldErrors[tt.field] == "") {
				t.Errorf("%d %v, want %d %s", status, e.FieldErrors, tt.status, tt.field)
			}
		})
	}
	change := fmt.Sprintf(`{"accountPlatformId":%d,"name":"Trade-in packet","formIds":[%d,%d,%d],"version":1}`, demo.StoreToyota, demo.FormTradeAppraise, demo.FormCreditApp, demo.FormBuyersOrder)
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/api/packet/%d", id), As: manager, Body: change}, &p); status != 200 || p.Data.Name != "Trade-in packet" || len(p.Data.Forms) != 3 || p.Data.Version != 2 {
		t.Fatalf("change: %d %+v", status, p.Data)
	}
	var found httpapi.Result[[]desking.PacketView]
	if status := post(t, srv, sales, "/api/packet/search", map[string]any{"dealerId": demo.StoreToyota, "query": "trade"}, &found); status != 200 || len(found.Data) != 1 || found.Data[0].PacketID != id {
		t.Errorf("search: %d %+v", status, found.Data)
	}
	// Printing the packet renders its three forms, each on its own paper, into one PDF.
	status, pdf, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/form/render", As: sales, Body: fmt.Sprintf(`{"packetId":%d,"contactId":%d}`, id, demo.ContactToyota)})
	if status != 200 || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("render the packet: %d", status)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Toyota Trade Appraisal", "Credit Application Summary", "Buyer's Order", "Maria"} {
		if !strings.Contains(text, want) {
			t.Errorf("the packet's PDF lacks %q", want)
		}
	}
	if n := bytes.Count(pdf, []byte("/Type /Page\n")); n < 3 {
		t.Errorf("pages = %d, want at least 3", n)
	}
	if !bytes.Contains(pdf, []byte("612.00 1008.00")) || !bytes.Contains(pdf, []byte("612.00 792.00")) {
		t.Errorf("the forms are not each on their own paper size")
	}
	// The forms a user chose print the same way.
	if status, _, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/form/render", As: sales, Body: fmt.Sprintf(`{"formIds":[%d,%d],"contactId":%d}`, demo.FormBuyersOrder, demo.FormDeliveryCheck, demo.ContactToyota)}); status != 200 {
		t.Errorf("render chosen forms: %d", status)
	}
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/form/render", As: sales, Body: fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota)}); status != 400 || e.FieldErrors["formId"] == "" {
		t.Errorf("nothing to print: %d %v", status, e.FieldErrors)
	}
	if status := srv.Do(t, areatest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/packet/%d?version=2", id), As: manager}, nil); status != 200 {
		t.Fatalf("delete: %d", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/form/render", As: sales, Body: fmt.Sprintf(`{"packetId":%d,"contactId":%d}`, id, demo.ContactToyota)}); status != 404 {
		t.Errorf("a deleted packet prints: %d", status)
	}
}
