package contacts_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

func changeLog(t *testing.T, srv *areatest.Server, as string, id int64, body string) (int, httpapi.Result[[]changelog.Revision]) {
	t.Helper()
	var got httpapi.Result[[]changelog.Revision]
	status := srv.Do(t, areatest.Request{Method: "POST", Path: contactPath(id) + "/change_log", As: as, Body: body}, &got)
	return status, got
}

func fields(e changelog.Revision) []string {
	var out []string
	for _, c := range e.Changes {
		out = append(out, fmt.Sprintf("%s %q>%q", c.Field, c.OldValue, c.NewValue))
	}
	return out
}

func TestChangeLog(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	status, c := save(t, srv, sales, map[string]any{
		"accountPlatformId": demo.StoreToyota, "firstName": "Grace", "lastName": "Hopper",
		"phones": []any{map[string]any{"phone": "(503) 555-0111", "phoneTypeId": 1}},
		"ssn":    "078-05-1120",
	})
	if status != 200 {
		t.Fatalf("create: %d", status)
	}
	c.FirstName = "Gracie"
	c.SSN = "219-09-9999"
	c.Phones = append(c.Phones, c.Phones[0])
	c.Phones[1].ID, c.Phones[1].Phone = 0, "503.555.0122"
	status, updated := save(t, srv, manager, c)
	if status != 200 {
		t.Fatalf("update: %d", status)
	}
	// A stale save and an invalid save write no entry.
	c.NickName = "stale"
	if status, _ := save(t, srv, sales, c); status != 409 {
		t.Fatalf("stale save: %d", status)
	}
	bad := updated
	bad.Emails = append(bad.Emails, contact.Email{Email: "not an address"})
	if status, _ := save(t, srv, sales, bad); status != 400 {
		t.Fatalf("invalid save: %d", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: contactPath(c.ID) + "/actions/mark_as_hot", As: sales, Body: "true"}, nil); status != 200 {
		t.Fatalf("mark hot: %d", status)
	}

	status, log := changeLog(t, srv, sales, c.ID, "")
	if status != 200 {
		t.Fatalf("change_log: %d", status)
	}
	if got, want := *log.PageData, (httpapi.PageData{PageTotal: 1, PageNumber: 1, PageSize: 25, TotalRecords: 3}); got != want {
		t.Errorf("pageData = %+v, want %+v", got, want)
	}
	if len(log.Data) != 3 {
		t.Fatalf("%d entries, want 3: %+v", len(log.Data), log.Data)
	}
	hot, upd, created := log.Data[0], log.Data[1], log.Data[2]
	if hot.Kind != changelog.KindUpdated || hot.UserID != sales || !cmp.Equal(fields(hot), []string{`isMarkedHot "false">"true"`}) {
		t.Errorf("newest entry = %+v", hot)
	}
	want := []string{`firstName "Grace">"Gracie"`, `phones[1].isMobile "">"true"`, `phones[1].phone "">"5035550122"`, `phones[1].phoneTypeId "">"1"`, `ssn "***-**-1120">"***-**-9999"`}
	if diff := cmp.Diff(want, fields(upd)); diff != "" || upd.UserID != manager || upd.Seq != 2 {
		t.Errorf("update entry by %s #%d (-want +got):\n%s", upd.UserID, upd.Seq, diff)
	}
	if created.Kind != changelog.KindCreated || created.Seq != 1 || created.UserID != sales {
		t.Errorf("first entry = %+v", created)
	}
	for _, e := range log.Data {
		for _, ch := range e.Changes {
			if strings.Contains(ch.OldValue+ch.NewValue, "078") || strings.Contains(ch.OldValue+ch.NewValue, "219") {
				t.Errorf("a sensitive value in plaintext: %+v", ch)
			}
			if ch.Field == "ssn" && !ch.Masked {
				t.Errorf("ssn change not marked masked: %+v", ch)
			}
		}
	}

	// Filters and paging.
	tests := []struct {
		name  string
		body  string
		seqs  []int64
		total int
	}{
		{"by field", `{"filter":{"field":"phones"}}`, []int64{2, 1}, 2},
		{"by user", fmt.Sprintf(`{"filter":{"userId":%q}}`, manager), []int64{2}, 1},
		{"by date", `{"filter":{"from":"2001-01-01","to":"2001-12-31"}}`, nil, 0},
		{"page 2 of 1 a page", `{"pageNumber":2,"pageSize":1}`, []int64{2}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, got := changeLog(t, srv, sales, c.ID, tt.body)
			var seqs []int64
			for _, e := range got.Data {
				seqs = append(seqs, e.Seq)
			}
			if status != 200 || !cmp.Equal(tt.seqs, seqs) || got.PageData.TotalRecords != tt.total {
				t.Errorf("status %d, entries %v of %d, want %v of %d", status, seqs, got.PageData.TotalRecords, tt.seqs, tt.total)
			}
		})
	}

	// Who may read it.
	for _, tt := range []struct {
		name   string
		as     string
		id     int64
		body   string
		status int
	}{
		{"a user who views the store but may not edit", marketing, c.ID, "", 200},
		{"a store the user may not view", sales, demo.ContactHyundai, "", 404},
		{"a contact of another dealer group", sales, demo.OtherContactID, "", 404},
		{"another dealer group's user", demo.OtherUserID, c.ID, "", 404},
		{"a bad date", sales, c.ID, `{"filter":{"from":"yesterday"}}`, 400},
		{"a page size too large", sales, c.ID, `{"pageSize":500}`, 400},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if status, _ := changeLog(t, srv, tt.as, tt.id, tt.body); status != tt.status {
				t.Errorf("status %d, want %d", status, tt.status)
			}
		})
	}
}

// TestChangeLogShowsLeadChanges checks that a change of a customer's lead reads in the
// customer's change log, by time among the profile's saves.
func TestChangeLogShowsLeadChanges(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	status, c := save(t, srv, sales, map[string]any{"accountPlatformId": demo.StoreToyota, "firstName": "Ida", "lastName": "Lovelace"})
	if status != 200 {
		t.Fatalf("create: %d", status)
	}
	var created struct {
		Data struct {
			CrmLeadID int64 `json:"crmLeadId"`
		} `json:"data"`
	}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Lead/adhoc/create", As: sales,
		Body: fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"leadTypeId":2}`, c.ID, demo.StoreToyota)}, &created); status != 200 {
		t.Fatalf("create lead: %d", status)
	}
	c.NickName = "Ada"
	if status, _ := save(t, srv, sales, c); status != 200 {
		t.Fatalf("update: %d", status)
	}
	id := created.Data.CrmLeadID
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/api/CrmLead/%d/mark_lost", id), As: sales, Body: `{"reason":"Bought elsewhere"}`}, nil); status != 200 {
		t.Fatalf("mark lost: %d", status)
	}
	status, log := changeLog(t, srv, sales, c.ID, "")
	if status != 200 || len(log.Data) != 4 || log.PageData.TotalRecords != 4 {
		t.Fatalf("change_log: %d, %+v", status, log)
	}
	p := fmt.Sprintf("leads[%d].", id)
	want := [][]string{
		{p + `status "Active">"Lost"`, p + `reason "">"Bought elsewhere"`},
		{`nickName "">"Ada"`},
		{p + `status "">"Active"`, p + `type "">"Phone"`, p + `salesPerson "">"` + sales + `"`},
	}
	for i, w := range want {
		if diff := cmp.Diff(w, fields(log.Data[i])); diff != "" {
			t.Errorf("entry %d (-want +got):\n%s", i, diff)
		}
	}
	if e := log.Data[0]; e.Kind != changelog.KindLead || e.LeadID != id || e.UserID != sales {
		t.Errorf("newest entry = %+v, want the lead's by the sales person", e)
	}
	status, log = changeLog(t, srv, sales, c.ID, `{"filter":{"field":"leads"}}`)
	if status != 200 || len(log.Data) != 2 {
		t.Errorf("lead changes only: %d, %d entries, want 2", status, len(log.Data))
	}
}

// TestChangeLogRecordsTheRealUser checks that a save made under impersonation records the user
// impersonated and the real user behind it.
func TestChangeLogRecordsTheRealUser(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var created httpapi.Result[contact.Contact]
	body := fmt.Sprintf(`{"accountPlatformId":%d,"firstName":"Hedy","lastName":"Lamarr"}`, demo.StoreToyota)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: sales, Actor: admin, Body: body}, &created); status != 200 {
		t.Fatalf("create as %s for %s: %d", sales, admin, status)
	}
	c := created.Data
	c.NickName = "Hedwig"
	b, _ := json.Marshal(c)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: sales, Actor: admin, Body: string(b)}, nil); status != 200 {
		t.Fatalf("update: %d", status)
	}
	status, log := changeLog(t, srv, sales, c.ID, "")
	if status != 200 || len(log.Data) != 2 {
		t.Fatalf("change_log: %d, %d entries", status, len(log.Data))
	}
	for _, e := range log.Data {
		if e.UserID != sales || e.ActorUserID != admin {
			t.Errorf("%s entry by %q acting %q, want %s acting for %s", e.Kind, e.ActorUserID, e.UserID, admin, sales)
		}
	}
}
