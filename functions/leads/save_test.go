package leads_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func customerLeads(t *testing.T, srv *areatest.Server, as string, contactID int64) []leads.LogRow {
	t.Helper()
	var got httpapi.Result[[]leads.LogRow]
	req := areatest.Request{Method: "POST", Path: "/api/Lead/getLeads", As: as, Body: fmt.Sprintf(`{"contactId":%d}`, contactID)}
	if status := srv.Do(t, req, &got); status != 200 {
		t.Fatalf("getLeads %d as %s: status %d", contactID, as, status)
	}
	return got.Data
}

func TestCustomerLeads(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	// A customer that absorbed Maria Gonzalez (Toyota) and the Hyundai customer in a merge: its
	// leads are theirs, in the stores the caller may view.
	survivor := contact.Contact{
		ID: demo.ContactID(demo.AccountID, 901), AccountPlatformID: demo.StoreToyota, FirstName: "Maria", LastName: "Gonzalez-Reed",
		MergedContactIDs: []int64{demo.ContactToyota, demo.ContactHyundai},
	}
	if err := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil).Import(context.Background(), tn, []contact.Contact{survivor}, sales); err != nil {
		t.Fatal(err)
	}
	// A newer lead of Maria's, at Honda.
	created := saveLead(t, srv, sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"leadTypeId":2}`, demo.ContactToyota, demo.StoreHonda))

	tests := []struct {
		name    string
		as      string
		body    string
		status  int
		wantIDs []int64
	}{
		{"the customer's lead", sales, fmt.Sprintf(`{"contactId":%d}`, demo.ContactHonda), 200, []int64{demo.ContactHonda}},
		{"newest first", sales, fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota), 200, []int64{created.ID, demo.ContactToyota}},
		{"one store", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformIds":[%d]}`, demo.ContactToyota, demo.StoreToyota), 200, []int64{demo.ContactToyota}},
		{"merged customers' leads in the viewed stores", sales, fmt.Sprintf(`{"contactId":%d}`, survivor.ID), 200, []int64{created.ID, demo.ContactToyota}},
		{"merged customers' leads in every store", manager, fmt.Sprintf(`{"contactId":%d}`, survivor.ID), 200, []int64{created.ID, demo.ContactHyundai, demo.ContactToyota}},
		{"no such customer", sales, fmt.Sprintf(`{"contactId":%d}`, demo.ContactID(demo.AccountID, 901)+1), 404, nil},
		{"customer of a store the user may not view", sales, fmt.Sprintf(`{"contactId":%d}`, demo.ContactHyundai), 404, nil},
		{"a named store the user may not view", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformIds":[%d]}`, demo.ContactToyota, demo.StoreHyundai), 403, nil},
		{"another dealer group's customer", sales, fmt.Sprintf(`{"contactId":%d}`, demo.OtherContactID), 404, nil},
		{"another dealer group's user", demo.OtherUserID, fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota), 404, nil},
		{"no customer", sales, `{}`, 422, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/api/Lead/getLeads", As: tt.as, Body: tt.body}
			if tt.status != 200 {
				status, body := srv.Error(t, req)
				if status != tt.status && !(tt.status == 422 && status == 400) {
					t.Errorf("status = %d (%v), want %d", status, body.ErrorMessages, tt.status)
				}
				return
			}
			var got httpapi.Result[[]leads.LogRow]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var ids []int64
			for _, r := range got.Data {
				ids = append(ids, r.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.wantIDs) {
				t.Errorf("leads = %v, want %v", ids, tt.wantIDs)
			}
		})
	}

	rows := customerLeads(t, srv, sales, demo.ContactToyota)
	seeded := rows[1]
	if seeded.DisplayStatusID != lead.StatusUnclaimed || seeded.StatusName != "Active" || seeded.LeadTypeName != "Internet" ||
		seeded.LeadSourceName != demo.DemoLeadSource || len(seeded.Vehicles) != 1 || len(seeded.TradeIns) != 1 || seeded.Version != 1 || seeded.StoreName == "" {
		t.Errorf("seeded lead row = %+v", seeded)
	}
	if mine := rows[0]; mine.SalesPersonID != sales || mine.SalesPersonName == "" || mine.DisplayStatusID != lead.StatusNew || mine.LeadTypeName != "Phone" {
		t.Errorf("created lead row = %+v", mine)
	}
}

func saveLead(t *testing.T, srv *areatest.Server, as, body string) leads.LogRow {
	t.Helper()
	var got httpapi.Result[leads.LogRow]
	status, raw, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/save", As: as, Body: body})
	if status != 200 {
		t.Fatalf("save %s as %s: status %d: %s", body, as, status, raw)
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	return got.Data
}

func TestSaveCreatesLead(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	created := record(srv, lead.EventCreated)
	customer := toyotaContacts(t)[1]
	hyundai := int64(demo.ContactHyundai)

	l := saveLead(t, srv, sales, fmt.Sprintf(`{"crmLeadId":0,"contactId":%d,"accountPlatformId":%d,"comments":"Wants a hybrid.",
		"vehiclesOfInterest":[{"year":2026,"make":"Toyota","model":"Camry","trim":"SE Hybrid"}],
		"tradeIns":[{"year":2018,"make":"Ford","model":"Escape","odometer":72000,"payoff":3100}]}`, customer, demo.StoreToyota))
	if l.ContactID != customer || l.LeadTypeID != lead.TypeInternet || l.Status != lead.StatusActive || l.SalesPersonID != sales ||
		l.Comments != "Wants a hybrid." || l.CaslConsent != "" || l.Version != 1 {
		t.Errorf("created %+v", l)
	}
	if len(l.Vehicles) != 1 || l.Vehicles[0].CrmLeadVoiID == 0 || l.Vehicles[0].Model != "Camry" || len(l.TradeIns) != 1 || l.TradeIns[0].CrmLeadTradeID == 0 {
		t.Errorf("vehicles %+v, trade-ins %+v", l.Vehicles, l.TradeIns)
	}
	if g := getLead(t, srv, manager, l.ID); g.Comments != "Wants a hybrid." || len(g.TradeIns) != 1 {
		t.Errorf("stored lead %+v", g)
	}
	ca := saveLead(t, srv, manager, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"isCanadianStore":true,"caslConsent":"express","leadTypeId":3}`, hyundai, demo.StoreHyundai))
	if ca.CaslConsent != lead.ConsentExpress || ca.LeadTypeID != lead.TypeShowroom || ca.SalesPersonID != manager {
		t.Errorf("Canadian lead %+v", ca)
	}
	if g := getLead(t, srv, manager, ca.ID); g.CaslConsent != lead.ConsentExpress {
		t.Errorf("stored Canadian lead's consent = %q", g.CaslConsent)
	}
	if n := len(created.all()); n != 2 {
		t.Errorf("LeadCreated events = %d, want 2", n)
	}
	// The creation is in the customer's activity, as an ad-hoc lead's is.
	tn, _ := account.Tenant(demo.AccountID)
	feed, err := activity.NewRepo(srv.Services.Store, nil, nil).Feed(context.Background(), tn, []int64{customer}, activity.FeedQuery{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range feed.Entries {
		if e.Details["crmLeadId"] == strconv.FormatInt(l.ID, 10) && e.Details["activityType"] == lead.ActivityCreated {
			found = true
		}
	}
	if !found {
		t.Errorf("no creation entry for lead %d in the activity %+v", l.ID, feed.Entries)
	}

	refusals := []struct {
		name, as, body string
		status         int
		field          string
	}{
		{"Canadian store without the flag", manager, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"caslConsent":"implied"}`, hyundai, demo.StoreHyundai), 400, "isCanadianStore"},
		{"Canadian store without consent", manager, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"isCanadianStore":true}`, hyundai, demo.StoreHyundai), 400, "caslConsent"},
		{"Canadian store with an unknown consent", manager, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"isCanadianStore":true,"caslConsent":"maybe"}`, hyundai, demo.StoreHyundai), 400, "caslConsent"},
		{"US store flagged Canadian", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"isCanadianStore":true,"caslConsent":"express"}`, customer, demo.StoreToyota), 400, "isCanadianStore"},
		{"US store with a consent", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"caslConsent":"express"}`, customer, demo.StoreToyota), 400, "caslConsent"},
		{"no customer", sales, fmt.Sprintf(`{"accountPlatformId":%d}`, demo.StoreToyota), 400, "contactId"},
		{"no store", sales, fmt.Sprintf(`{"contactId":%d}`, customer), 400, "accountPlatformId"},
		{"bad type", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"leadTypeId":42}`, customer, demo.StoreToyota), 400, "leadTypeId"},
		{"bad source", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"leadSourceId":12345}`, customer, demo.StoreToyota), 400, "leadSourceId"},
		{"bad vehicle", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"vehiclesOfInterest":[{"year":1800,"make":"Ford"}]}`, customer, demo.StoreToyota), 400, "vehiclesOfInterest[0].year"},
		{"store the user may not view", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d,"isCanadianStore":true,"caslConsent":"express"}`, customer, demo.StoreHyundai), 403, ""},
		{"customer of a store the user may not view", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d}`, hyundai, demo.StoreToyota), 404, ""},
		{"another dealer group's customer", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d}`, demo.OtherContactID, demo.StoreToyota), 404, ""},
		{"another dealer group's store", sales, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d}`, customer, demo.OtherStore), 404, ""},
		{"a user without a lead role", marketing, fmt.Sprintf(`{"contactId":%d,"accountPlatformId":%d}`, customer, demo.StoreToyota), 403, ""},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			status, body := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/save", As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Errorf("status %d (%v), want %d", status, body.ErrorMessages, tt.status)
			}
			if _, ok := body.FieldErrors[tt.field]; tt.field != "" && !ok {
				t.Errorf("field errors %v, want one for %s", body.FieldErrors, tt.field)
			}
		})
	}
	if n := len(customerLeads(t, srv, manager, customer)); n != 2 {
		t.Errorf("leads of the customer after the refusals = %d, want the seeded and the created one", n)
	}
	if n := len(customerLeads(t, srv, manager, hyundai)); n != 2 {
		t.Errorf("leads of the Hyundai customer after the refusals = %d, want 2", n)
	}
	if n := len(created.all()); n != 2 {
		t.Errorf("LeadCreated events after the refusals = %d, want 2", n)
	}
}

func TestSaveUpdatesLead(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	updated := record(srv, lead.EventUpdated)
	id := int64(demo.ContactToyota)
	before := getLead(t, srv, sales, id)

	l := saveLead(t, srv, sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"comments":"Called back, wants the XLE.","leadTypeId":2,"leadSourceId":%d}`, id, before.Version, before.LeadSourceID))
	if l.Version != before.Version+1 || l.Comments != "Called back, wants the XLE." || l.LeadTypeID != lead.TypePhone || l.LeadSourceID != before.LeadSourceID ||
		l.LeadSourceName != demo.DemoLeadSource || l.Status != before.Status || len(l.Vehicles) != 1 || len(l.TradeIns) != 1 {
		t.Errorf("updated %+v", l)
	}
	if ev := updated.all(); len(ev) != 1 || fmt.Sprint(ev[0].Fields) != "[leadTypeId comments]" {
		t.Errorf("LeadUpdated events %+v", ev)
	}
	// The same save again changes nothing and writes nothing.
	same := saveLead(t, srv, sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"comments":"Called back, wants the XLE.","leadTypeId":2,"leadSourceId":%d}`, id, l.Version, before.LeadSourceID))
	if same.Version != l.Version {
		t.Errorf("an unchanged save moved the version to %d", same.Version)
	}
	// Clearing the source.
	cleared := saveLead(t, srv, sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"comments":"","leadTypeId":2,"leadSourceId":0}`, id, l.Version))
	if cleared.LeadSourceID != 0 || cleared.LeadSourceName != "" || cleared.Comments != "" || cleared.Version != l.Version+1 {
		t.Errorf("cleared %+v", cleared)
	}

	refusals := []struct {
		name, as, body string
		status         int
		field          string
	}{
		{"stale version", sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"comments":"Overwrite"}`, id, l.Version), 409, ""},
		{"no version", sales, fmt.Sprintf(`{"crmLeadId":%d,"comments":"Overwrite"}`, id), 400, "version"},
		{"bad type", sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"leadTypeId":99}`, id, cleared.Version), 400, "leadTypeId"},
		{"another store's source", sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"leadSourceId":%d}`, id, cleared.Version, getLead(t, srv, sales, demo.ContactHonda).LeadSourceID), 400, "leadSourceId"},
		{"vehicles through save", sales, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"vehiclesOfInterest":[{"make":"Ford"}]}`, id, cleared.Version), 400, "vehiclesOfInterest"},
		{"lead of a store the user may not view", sales, fmt.Sprintf(`{"crmLeadId":%d,"version":1,"comments":"x"}`, demo.ContactHyundai), 404, ""},
		{"another dealer group's lead", sales, fmt.Sprintf(`{"crmLeadId":%d,"version":1,"comments":"x"}`, demo.OtherContactID), 404, ""},
		{"another dealer group's user", demo.OtherUserID, fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"comments":"x"}`, id, cleared.Version), 404, ""},
		{"no such lead", sales, `{"crmLeadId":123456789,"version":1,"comments":"x"}`, 404, ""},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			status, body := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/save", As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Errorf("status %d (%v), want %d", status, body.ErrorMessages, tt.status)
			}
			if _, ok := body.FieldErrors[tt.field]; tt.field != "" && !ok {
				t.Errorf("field errors %v, want one for %s", body.FieldErrors, tt.field)
			}
			if tt.status == http.StatusConflict && (len(body.ErrorMessages) == 0 || body.ErrorMessages[0] != lead.MsgStale) {
				t.Errorf("messages %v, want %q", body.ErrorMessages, lead.MsgStale)
			}
		})
	}
	if g := getLead(t, srv, sales, id); g.Version != cleared.Version || g.Comments != "" || g.LeadTypeID != lead.TypePhone {
		t.Errorf("after the refusals the lead is %+v, want it as last saved", g)
	}
	if h := getLead(t, srv, manager, demo.ContactHyundai); h.Comments != "" || h.Version != 1 {
		t.Errorf("the Hyundai lead changed: %+v", h)
	}
}

// TestConcurrentSaves sends two edits made at the same version at the same moment: exactly one
// is saved, the other is refused as stale, and the lead holds the winner's edit.
func TestConcurrentSaves(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	id := int64(demo.ContactHonda)
	v := getLead(t, srv, sales, id).Version
	comments := []string{"Edit from the desk.", "Edit from the phone."}
	statuses := make([]int, len(comments))
	var wg sync.WaitGroup
	for i, c := range comments {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _, _ = srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/save", As: sales,
				Body: fmt.Sprintf(`{"crmLeadId":%d,"version":%d,"comments":%q}`, id, v, c)})
		}()
	}
	wg.Wait()
	winner := slices.Index(statuses, http.StatusOK)
	if winner < 0 || slices.Index(statuses, http.StatusConflict) < 0 {
		t.Fatalf("statuses %v, want one 200 and one 409", statuses)
	}
	if l := getLead(t, srv, sales, id); l.Comments != comments[winner] || l.Version != v+1 {
		t.Errorf("lead after the race: comments %q at version %d, want %q at %d", l.Comments, l.Version, comments[winner], v+1)
	}
}
