package leads_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
)

// toyotaContacts returns the ids of the demo customers of the Toyota store (each has a seeded
// lead of the same id, unclaimed).
func toyotaContacts(t *testing.T) []int64 {
	t.Helper()
	var ids []int64
	for _, c := range demo.Build().Contacts {
		if c.AccountPlatformID == 2001 {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) < 2 {
		t.Fatalf("the demo has %d Toyota customers, want at least 2", len(ids))
	}
	return ids
}

func searchLog(t *testing.T, srv *areatest.Server, as, body string) httpapi.Result[[]leads.LogRow] {
	t.Helper()
	var got httpapi.Result[[]leads.LogRow]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/dashboard/search", As: as, Body: body}, &got); status != 200 {
		t.Fatalf("search %s as %s: status %d", body, as, status)
	}
	return got
}

func countLog(t *testing.T, srv *areatest.Server, as, body string) map[lead.Status]int {
	t.Helper()
	var got httpapi.Result[[]lead.StatusCount]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/dashboard/count", As: as, Body: body}, &got); status != 200 {
		t.Fatalf("count %s as %s: status %d", body, as, status)
	}
	out := map[lead.Status]int{}
	for _, c := range got.Data {
		out[c.Status] = c.Count
	}
	return out
}

func TestLeadsLog(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ids := toyotaContacts(t)
	toyota := `"accountPlatformIds":[2001]`

	all := searchLog(t, srv, manager, "{"+toyota+"}")
	if all.PageData == nil || all.PageData.TotalRecords != len(ids) || all.PageData.PageNumber != 1 || all.PageData.PageSize != 25 {
		t.Fatalf("default search pageData = %+v, want %d records on page 1 of size 25", all.PageData, len(ids))
	}
	for _, r := range all.Data {
		if r.AccountPlatformID != 2001 || r.DisplayStatusID != lead.StatusUnclaimed || r.ContactName == "" || r.StoreName == "" {
			t.Errorf("row %+v: want an unclaimed Toyota lead with its customer and store names", r)
		}
	}

	// Claim one and mark it sold pending; it leaves the default (active) list.
	sold := ids[0]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: sales, Body: fmt.Sprintf(`{"crmLeadId":%d}`, sold)}, nil); status != 200 {
		t.Fatalf("claim: %d", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(sold, "mark_sold_pending"), As: sales}, nil); status != 200 {
		t.Fatalf("mark sold pending: %d", status)
	}

	tests := []struct {
		name string
		body string
		want []int64 // nil: every other Toyota lead
	}{
		{"sold pending", `{` + toyota + `,"selectedStatusTypes":[6]}`, []int64{sold}},
		{"held by the sales person", `{` + toyota + `,"selectedStatusTypes":[-2,-1,1,6],"assignedUserId":"` + sales + `"}`, []int64{sold}},
		{"phone leads", `{` + toyota + `,"selectedStatusTypes":[6],"leadTypeIds":[2]}`, []int64{}},
		{"created before 2000", `{` + toyota + `,"selectedStatusTypes":[6],"dateTo":"1999-12-31"}`, []int64{}},
		{"created from 2000", `{` + toyota + `,"selectedStatusTypes":[6],"dateFrom":"2000-01-01"}`, []int64{sold}},
		{"default: active only", `{` + toyota + `}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := searchLog(t, srv, manager, tt.body)
			want := tt.want
			if want == nil {
				want = ids[1:]
			}
			if len(got.Data) != len(want) || got.PageData.TotalRecords != len(want) {
				t.Fatalf("got %d rows (total %d), want %d", len(got.Data), got.PageData.TotalRecords, len(want))
			}
			for _, r := range got.Data {
				found := false
				for _, id := range want {
					found = found || id == r.ID
				}
				if !found {
					t.Errorf("unexpected lead %d", r.ID)
				}
			}
		})
	}

	// Paging: pages of one, newest first, never repeating a lead.
	seen := map[int64]bool{}
	for page := 1; page <= len(ids)-1; page++ {
		got := searchLog(t, srv, manager, fmt.Sprintf(`{%s,"pageNumber":%d,"pageSize":1}`, toyota, page))
		if len(got.Data) != 1 || seen[got.Data[0].ID] || got.PageData.PageTotal != len(ids)-1 {
			t.Fatalf("page %d: %+v", page, got)
		}
		seen[got.Data[0].ID] = true
	}

	counts := countLog(t, srv, manager, "{"+toyota+"}")
	if counts[lead.StatusSoldPending] != 1 || counts[lead.StatusUnclaimed] != len(ids)-1 || counts[lead.StatusLost] != 0 {
		t.Errorf("counts = %v, want 1 sold pending and %d unclaimed", counts, len(ids)-1)
	}
}

// TestLeadsLogRows checks what a row tells about speed to lead: the customer's phone and e-mail,
// the store's response target, the first response once the customer was called, and the text
// filter.
func TestLeadsLogRows(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tenant, err := store.NewTenant(fmt.Sprint(demo.AccountID))
	if err != nil {
		t.Fatal(err)
	}
	dealers := dealer.NewRepo(srv.Services.Store)
	settings, err := dealers.Get(ctx, tenant, demo.StoreToyota)
	if err != nil {
		t.Fatal(err)
	}
	settings.LeadSettings.ResponseTimeMinutes = 7
	if _, err := dealers.Save(ctx, tenant, settings.Settings, settings.Version, "test"); err != nil {
		t.Fatal(err)
	}
	toyota := `"accountPlatformIds":[2001]`
	rowOf := func(rows []leads.LogRow, id int64) (leads.LogRow, bool) {
		for _, r := range rows {
			if r.ID == id {
				return r, true
			}
		}
		return leads.LogRow{}, false
	}

	before := searchLog(t, srv, manager, "{"+toyota+"}")
	maria, ok := rowOf(before.Data, demo.ContactToyota)
	if !ok {
		t.Fatalf("no row of Maria Gonzalez's lead among %d", len(before.Data))
	}
	if maria.ContactPhone != "+1 (503) 555-0134" && maria.ContactPhone != "(503) 555-0134" || maria.ContactEmail != "maria.gonzalez@example.com" {
		t.Errorf("Maria's row: phone %q, e-mail %q, want her preferred ones", maria.ContactPhone, maria.ContactEmail)
	}
	for _, r := range before.Data {
		if r.ResponseTargetMinutes != 7 || r.FirstResponseSeconds != nil {
			t.Errorf("lead %d before any call: target %d, first response %v; want 7 and none", r.ID, r.ResponseTargetMinutes, r.FirstResponseSeconds)
		}
	}

	// An outbound call answers Maria's lead; an inbound one from another customer answers none.
	post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", demo.ContactToyota), `{"direction":"outbound","outcome":"contacted","requestId":"first"}`, nil)
	other := toyotaContacts(t)[1]
	post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", other), `{"direction":"inbound","outcome":"contacted","requestId":"in"}`, nil)
	after := searchLog(t, srv, manager, "{"+toyota+"}")
	maria, _ = rowOf(after.Data, demo.ContactToyota)
	hours := settings.Schedule("America/Los_Angeles")
	if maria.FirstRespondedAt == nil || maria.FirstResponseSeconds == nil || *maria.FirstResponseSeconds != int64(hours.OpenBetween(maria.CreatedAt, *maria.FirstRespondedAt)/time.Second) {
		t.Errorf("Maria's row after the call: responded %v, first response %v seconds", maria.FirstRespondedAt, maria.FirstResponseSeconds)
	}
	if want := leads.ResponseDue(maria.CreatedAt, 7, hours); !maria.ResponseDueAt.Equal(want) {
		t.Errorf("Maria's response is due %v, want %v (7 minutes of the store's working hours)", maria.ResponseDueAt, want)
	}
	if r, _ := rowOf(after.Data, other); r.FirstResponseSeconds != nil {
		t.Errorf("an inbound call answered lead %d", other)
	}

	// Another store keeps the default target.
	if rows := searchLog(t, srv, manager, `{"accountPlatformIds":[2002]}`).Data; len(rows) > 0 {
		s, err := dealers.Get(ctx, tenant, 2002)
		if err != nil {
			t.Fatal(err)
		}
		if want := s.LeadSettings.ResponseTarget(); rows[0].ResponseTargetMinutes != want || want <= 0 {
			t.Errorf("Honda's target = %d, want %d", rows[0].ResponseTargetMinutes, want)
		}
	}

	texts := []struct {
		name, text string
		want       []int64
	}{
		{"name", "ELENA GONZ", []int64{demo.ContactToyota}},
		{"e-mail, of two customers", "maria.gonzalez@example", []int64{demo.ContactToyota, demo.ContactToyotaSameEmail}},
		{"phone digits", "555-0178", []int64{demo.ContactToyota}},
		{"nobody", "zz-nobody-zz", []int64{}},
	}
	for _, tt := range texts {
		t.Run(tt.name, func(t *testing.T) {
			got := searchLog(t, srv, manager, fmt.Sprintf(`{%s,"text":%q}`, toyota, tt.text))
			if len(got.Data) != len(tt.want) || got.PageData.TotalRecords != len(tt.want) {
				t.Fatalf("text %q: %d rows (total %d), want %v", tt.text, len(got.Data), got.PageData.TotalRecords, tt.want)
			}
			for _, id := range tt.want {
				if _, ok := rowOf(got.Data, id); !ok {
					t.Errorf("text %q: no lead %d", tt.text, id)
				}
			}
			counts := countLog(t, srv, manager, fmt.Sprintf(`{%s,"text":%q}`, toyota, tt.text))
			total := 0
			for _, n := range counts {
				total += n
			}
			if total != len(tt.want) {
				t.Errorf("text %q: counts %v, want %d in all", tt.text, counts, len(tt.want))
			}
		})
	}
}

func TestLeadsLogRefusals(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name, as, path, body string
		status               int
	}{
		{"other group's store", manager, "/api/CrmLead/dashboard/search", `{"accountPlatformIds":[3001]}`, http.StatusForbidden},
		{"bad status", manager, "/api/CrmLead/dashboard/search", `{"accountPlatformIds":[2001],"selectedStatusTypes":[9]}`, http.StatusBadRequest},
		{"bad date", manager, "/api/CrmLead/dashboard/count", `{"accountPlatformIds":[2001],"dateFrom":"11/02/2026"}`, http.StatusBadRequest},
		{"reversed dates", manager, "/api/CrmLead/dashboard/search", `{"accountPlatformIds":[2001],"dateFrom":"2026-11-02","dateTo":"2026-11-01"}`, http.StatusBadRequest},
		{"bad page size", manager, "/api/CrmLead/dashboard/search", `{"accountPlatformIds":[2001],"pageSize":1000}`, http.StatusBadRequest},
		{"export with a bad type", manager, "/api/CrmLead/dashboard/export", `{"accountPlatformIds":[2001],"leadTypeIds":[99]}`, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body})
			if status != tt.status && !(tt.status == http.StatusForbidden && status == http.StatusNotFound) {
				t.Errorf("status %d (%v), want %d", status, body, tt.status)
			}
		})
	}
}

func TestLeadsLogExport(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ids := toyotaContacts(t)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: sales, Body: fmt.Sprintf(`{"crmLeadId":%d}`, ids[0])}, nil); status != 200 {
		t.Fatalf("claim: %d", status)
	}
	// A reason anyone may type that a spreadsheet would run as a formula.
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(ids[1], "mark_lost"), As: manager, Body: `{"reason":"=HYPERLINK(\"http://evil\",\"x\")"}`}, nil); status != 200 {
		t.Fatalf("mark lost: %d", status)
	}
	status, body, header := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/dashboard/export", As: manager, Body: `{"accountPlatformIds":[2001],"selectedStatusTypes":[-2,-1,1,2]}`})
	if status != 200 || !strings.HasPrefix(header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s", status, header.Get("Content-Type"))
	}
	recs, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(ids)+1 {
		t.Fatalf("export has %d lines, want a header and %d leads", len(recs), len(ids))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, r := range recs[1:] {
		id := strings.TrimSuffix(strings.TrimPrefix(r[col["Lead Id"]], `="`), `"`)
		if r[col["Lead Id"]] != `="`+id+`"` || strings.TrimSuffix(strings.TrimPrefix(r[col["Customer Id"]], `="`), `"`) == r[col["Customer Id"]] {
			t.Errorf("ids %q and %q, want text formulas", r[col["Lead Id"]], r[col["Customer Id"]])
		}
		if id == fmt.Sprint(ids[1]) {
			if got := r[col["Reason"]]; got != `'=HYPERLINK("http://evil","x")` {
				t.Errorf("reason = %q, want it kept as text", got)
			}
			continue
		}
		r[0] = id
		for _, name := range []string{"Claimable", "Worked", "Has Trade-In"} {
			if v := r[col[name]]; v != "Yes" && v != "No" {
				t.Errorf("lead %s: %s = %q, want Yes or No", r[0], name, v)
			}
		}
		if strings.Contains(strings.Join(r, ","), "true") || strings.Contains(strings.Join(r, ","), "false") {
			t.Errorf("lead %s has a raw boolean: %v", r[0], r)
		}
		wantStatus, wantName := "Unclaimed", ""
		if r[0] == fmt.Sprint(ids[0]) {
			wantStatus, wantName = "New", "Sam Ortega"
		}
		if r[col["Status"]] != wantStatus || r[col["Sales Person"]] != wantName || r[col["Has Trade-In"]] != "Yes" || r[col["Claimable"]] != "Yes" {
			t.Errorf("lead %s: %v, want status %s, sales person %q, a trade-in, claimable", r[0], r, wantStatus, wantName)
		}
	}
}

func TestAdhocLead(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	contact := toyotaContacts(t)[1]
	var got httpapi.Result[leads.View]
	body := fmt.Sprintf(`{"contactId":%d,"accountPlatformId":2001,"leadTypeId":2,"comments":"Walked in for a test drive."}`, contact)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Lead/adhoc/create", As: sales, Body: body}, &got); status != 200 {
		t.Fatalf("create: %d", status)
	}
	l := got.Data
	if l.ContactID != contact || l.LeadTypeID != 2 || l.SalesPersonID != sales || l.Status != lead.StatusActive || l.DisplayStatusID != lead.StatusNew {
		t.Errorf("created %+v", l)
	}
	if g := getLead(t, srv, manager, l.ID); g.ID != l.ID {
		t.Errorf("GET the new lead: %+v", g)
	}
	refusals := []struct {
		name, as, body string
		status         int
	}{
		{"no such customer", sales, `{"contactId":99999999,"accountPlatformId":2001}`, http.StatusNotFound},
		{"store not viewed", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":2003}`, contact), http.StatusForbidden},
		{"bad type", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":2001,"leadTypeId":42}`, contact), http.StatusBadRequest},
		{"bad source", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":2001,"leadSourceId":12345}`, contact), http.StatusBadRequest},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			status, body := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/Lead/adhoc/create", As: tt.as, Body: tt.body})
			if status != tt.status && !(tt.status == http.StatusForbidden && status == http.StatusNotFound) {
				t.Errorf("status %d (%v), want %d", status, body, tt.status)
			}
		})
	}
}

// TestLeadSearchPaths checks that the other lead search calls answer as the Leads Log's search.
func TestLeadSearchPaths(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	want := len(toyotaContacts(t))
	for _, path := range []string{"/api/CrmLead/Search", "/api/crmlead/search", "/api/Lead/lead/search"} {
		var got httpapi.Result[[]leads.LogRow]
		status := srv.Do(t, areatest.Request{Method: "POST", Path: path, As: manager, Body: `{"accountPlatformIds":[2001],"pageSize":2}`}, &got)
		if status != 200 || got.PageData == nil || got.PageData.TotalRecords != want || len(got.Data) != 2 {
			t.Errorf("%s: status %d, %d rows, pageData %+v; want %d records in pages of 2", path, status, len(got.Data), got.PageData, want)
		}
	}
}
