package leads_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/cxm/cxm/shared/local/demo"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

const (
	camry = "4T1B11HK5JU123456"
	rav4  = "2T3P1RFV8MW123456"
)

// post sends body as as and decodes a 200 answer into out.
func post(t *testing.T, srv *areatest.Server, as, path, body string, out any) {
	t.Helper()
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: body}, out); status != http.StatusOK {
		_, e := srv.Error(t, areatest.Request{Method: "POST", Path: path, As: as, Body: body})
		t.Fatalf("POST %s %s as %s: status %d %+v", path, body, as, status, e)
	}
}

// addVOI adds a vehicle of interest to lead id and returns its id.
func addVOI(t *testing.T, srv *areatest.Server, id int64, vin, stock string) int64 {
	t.Helper()
	var got httpapi.Result[leads.LeadVehicles]
	post(t, srv, manager, leadPath(id, "voi"), fmt.Sprintf(`{"vin":%q,"stockNumber":%q}`, vin, stock), &got)
	return got.Data.AddedID
}

func TestVehicleStatusAndInventoryLeads(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ids := toyotaContacts(t)
	// Three Toyota leads want the Camry (one by stock number only); one of them is sold
	// pending and held by the sales person, one is lost. Another wants the RAV4.
	addVOI(t, srv, ids[0], camry, "T100")
	addVOI(t, srv, ids[1], camry, "")
	addVOI(t, srv, ids[2], "", "t100")
	addVOI(t, srv, ids[3], rav4, "")
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: sales, Body: fmt.Sprintf(`{"crmLeadId":%d}`, ids[0])}, nil); status != 200 {
		t.Fatalf("claim: %d", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(ids[0], "mark_sold_pending"), As: sales}, nil); status != 200 {
		t.Fatalf("mark sold pending: %d", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(ids[1], "mark_lost"), As: manager}, nil); status != 200 {
		t.Fatalf("mark lost: %d", status)
	}

	var st httpapi.Result[[]lead.VehicleLead]
	post(t, srv, manager, "/api/CrmLead/get_leadvoistatus_by_stockno_vin", `{"accountPlatformIds":[2001,2002],"vins":["`+camry+`"],"stockNumbers":["T100"]}`, &st)
	want := map[int64]lead.Status{ids[0]: lead.StatusSoldPending, ids[1]: lead.StatusLost, ids[2]: lead.StatusUnclaimed}
	if len(st.Data) != len(want) {
		t.Fatalf("VOI status = %+v, want the leads %v", st.Data, want)
	}
	for _, vl := range st.Data {
		if want[vl.CrmLeadID] != vl.DisplayStatus || vl.AccountPlatformID != 2001 {
			t.Errorf("VOI status row %+v, want display status %v", vl, want[vl.CrmLeadID])
		}
	}

	var counts httpapi.Result[leads.InventoryLeads]
	post(t, srv, manager, "/api/CrmLead/inventory/leads", `{"accountPlatformIds":[2001],"vins":["`+camry+`","`+rav4+`"],"stockNumbers":["T100"],"countOnly":true}`, &counts)
	wantCounts := []lead.InventoryCount{
		{AccountPlatformID: 2001, VIN: camry, LeadCount: 1, SoldPendingCount: 1},
		{AccountPlatformID: 2001, VIN: rav4, LeadCount: 1, ActiveLeadCount: 1},
		{AccountPlatformID: 2001, StockNumber: "T100", LeadCount: 2, ActiveLeadCount: 1, SoldPendingCount: 1},
	}
	if len(counts.Data.Counts) != len(wantCounts) || len(counts.Data.Leads) != 0 {
		t.Fatalf("counts = %+v, want %+v and no leads", counts.Data, wantCounts)
	}
	for i, c := range counts.Data.Counts {
		if c != wantCounts[i] {
			t.Errorf("count %d = %+v, want %+v", i, c, wantCounts[i])
		}
	}

	tests := []struct {
		name  string
		body  string
		leads []int64
		total int
	}{
		{"newest first", `{"accountPlatformIds":[2001],"vins":["` + camry + `"],"stockNumbers":["T100"]}`, []int64{ids[2], ids[0]}, 2},
		{"oldest first", `{"accountPlatformIds":[2001],"vins":["` + camry + `"],"stockNumbers":["T100"],"sortDescriptor":{"field":"createdAt","direction":"asc"}}`, []int64{ids[0], ids[2]}, 2},
		{"by status", `{"accountPlatformIds":[2001],"stockNumbers":["T100"],"sortDescriptor":{"field":"leadStatusId","direction":"asc"}}`, []int64{ids[2], ids[0]}, 2},
		{"a page of one", `{"accountPlatformIds":[2001],"stockNumbers":["T100"],"pagination":{"pageNumber":2,"pageSize":1},"sortDescriptor":{"direction":"asc"}}`, []int64{ids[2]}, 2},
		{"the sales person's", `{"accountPlatformIds":[2001],"stockNumbers":["T100"],"salesPersonIds":["` + sales + `"]}`, []int64{ids[0]}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got httpapi.Result[leads.InventoryLeads]
			post(t, srv, manager, "/api/CrmLead/inventory/leads", tt.body, &got)
			if got.PageData == nil || got.PageData.TotalRecords != tt.total || len(got.Data.Leads) != len(tt.leads) {
				t.Fatalf("got %+v (page %+v), want leads %v of %d", got.Data.Leads, got.PageData, tt.leads, tt.total)
			}
			for i, r := range got.Data.Leads {
				if r.ID != tt.leads[i] || r.ContactName == "" || r.CrmLeadVoiID == 0 {
					t.Errorf("row %d = lead %d (%+v), want lead %d with its customer and vehicle", i, r.ID, r, tt.leads[i])
				}
			}
		})
	}

	bad := []struct {
		name, as, path, body string
		status               int
	}{
		{"a bad VIN", manager, "/api/CrmLead/get_leadvoistatus_by_stockno_vin", `{"accountPlatformIds":[2001],"vins":["NOPE"]}`, 400},
		{"no vehicle", manager, "/api/CrmLead/inventory/leads", `{"accountPlatformIds":[2001]}`, 400},
		{"a bad sort", manager, "/api/CrmLead/inventory/leads", `{"accountPlatformIds":[2001],"vins":["` + camry + `"],"sortDescriptor":{"field":"price"}}`, 400},
		{"a page too large", manager, "/api/CrmLead/inventory/leads", `{"accountPlatformIds":[2001],"vins":["` + camry + `"],"pagination":{"pageSize":101}}`, 400},
		{"a store the user may not view", sales, "/api/CrmLead/get_leadvoistatus_by_stockno_vin", `{"accountPlatformIds":[2003],"vins":["` + camry + `"]}`, 403},
		{"another dealer group's store", demo.OtherUserID, "/api/CrmLead/inventory/leads", `{"accountPlatformIds":[2001],"vins":["` + camry + `"]}`, 404},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body}); status != tt.status || len(e.ErrorMessages) == 0 {
				t.Errorf("status %d %+v, want %d with a message", status, e, tt.status)
			}
		})
	}

	// Another dealer group asking about the same VIN at its own store sees nothing of ours.
	var other httpapi.Result[[]lead.VehicleLead]
	post(t, srv, demo.OtherUserID, "/api/CrmLead/get_leadvoistatus_by_stockno_vin", fmt.Sprintf(`{"accountPlatformIds":[%d],"vins":["%s"],"stockNumbers":["T100"]}`, demo.OtherStore, camry), &other)
	if len(other.Data) != 0 {
		t.Errorf("another group sees %+v", other.Data)
	}
}

func TestSaleCountsAndResponseTime(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ids := toyotaContacts(t)
	for _, id := range ids[:2] {
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: sales, Body: fmt.Sprintf(`{"crmLeadId":%d}`, id)}, nil); status != 200 {
			t.Fatalf("claim: %d", status)
		}
		if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(id, "mark_sold_pending"), As: sales}, nil); status != 200 {
			t.Fatalf("mark sold pending: %d", status)
		}
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(ids[1], "mark_sold_delivered"), As: sales}, nil); status != 200 {
		t.Fatalf("mark sold delivered: %d", status)
	}
	today := srv.Now().UTC().Format("2006-01-02")
	tomorrow := srv.Now().UTC().AddDate(0, 0, 1).Format("2006-01-02")
	var sc httpapi.Result[lead.SaleCounts]
	post(t, srv, manager, "/api/crmLead/sale/counts", `{"accountPlatformIds":[2001,2002],"dateFrom":"`+today+`","dateTo":"`+today+`"}`, &sc)
	if got := sc.Data; got.Total.SoldPendingCount != 1 || got.Total.SoldDeliveredCount != 1 || len(got.Stores) != 2 ||
		got.Stores[0].SoldPendingCount+got.Stores[0].SoldDeliveredCount != 2 || got.Stores[1].SoldPendingCount+got.Stores[1].SoldDeliveredCount != 0 ||
		len(got.SalesPeople) != 1 || got.SalesPeople[0].SalesPersonID != sales || got.SalesPeople[0].SalesPersonName == "" {
		t.Errorf("sale counts today = %+v", got)
	}
	post(t, srv, manager, "/api/crmLead/sale/counts", `{"accountPlatformIds":[2001],"dateFrom":"`+tomorrow+`"}`, &sc)
	if sc.Data.Total.SoldPendingCount+sc.Data.Total.SoldDeliveredCount != 0 {
		t.Errorf("sale counts from tomorrow = %+v, want none", sc.Data)
	}

	// The manager logs an outbound call with the third customer: its lead is answered; an
	// inbound call with the fourth answers nothing.
	for i, dir := range []string{"outbound", "inbound"} {
		path := fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", ids[2+i])
		for range 2 { // a repeat changes nothing
			post(t, srv, manager, path, `{"direction":"`+dir+`","outcome":"contacted","requestId":"call-1"}`, nil)
		}
	}
	answered := getLead(t, srv, manager, ids[2])
	if answered.FirstRespondedAt == nil || answered.FirstRespondedAt.Before(answered.CreatedAt) {
		t.Fatalf("answered lead: firstRespondedAt %v, created %v", answered.FirstRespondedAt, answered.CreatedAt)
	}
	if l := getLead(t, srv, manager, ids[3]); l.FirstRespondedAt != nil {
		t.Errorf("inbound call answered lead %d", l.ID)
	}
	var rt httpapi.Result[lead.ResponseTimes]
	post(t, srv, manager, "/api/CrmLead/leadstats/lead_average_response_time", `{"accountPlatformIds":[2001],"dateFrom":"2000-01-01","dateTo":"`+today+`"}`, &rt)
	if s := rt.Data.Stores[0]; s.AccountPlatformID != 2001 || s.LeadCount != len(ids) || s.RespondedCount != 1 || s.NoResponseCount != len(ids)-1 {
		t.Errorf("response time of Toyota = %+v, want %d leads, 1 answered", s, len(ids))
	}
	post(t, srv, manager, "/api/CrmLead/leadstats/lead_average_response_time", `{"accountPlatformIds":[2001],"salesPersonIds":["`+sales+`"]}`, &rt)
	if s := rt.Data.Total; s.LeadCount != 2 || s.RespondedCount != 0 || len(rt.Data.SalesPeople) != 1 {
		t.Errorf("response time of the sales person = %+v", rt.Data)
	}

	bad := []struct {
		name, as, path, body string
		status               int
	}{
		{"a bad date", manager, "/api/crmLead/sale/counts", `{"accountPlatformIds":[2001],"dateFrom":"01/02/2026"}`, 400},
		{"a reversed range", manager, "/api/CrmLead/leadstats/lead_average_response_time", `{"accountPlatformIds":[2001],"dateFrom":"2026-02-01","dateTo":"2026-01-01"}`, 400},
		{"a store the user may not view", sales, "/api/crmLead/sale/counts", `{"accountPlatformIds":[2003]}`, 403},
		{"another dealer group's store", demo.OtherUserID, "/api/CrmLead/leadstats/lead_average_response_time", `{"accountPlatformIds":[2001]}`, 404},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body}); status != tt.status || len(e.ErrorMessages) == 0 {
				t.Errorf("status %d %+v, want %d with a message", status, e, tt.status)
			}
		})
	}
}

func TestManagerDashboardAndShowroom(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ids := toyotaContacts(t)
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(ids[0], "mark_lost"), As: manager}, nil); status != 200 {
		t.Fatalf("mark lost: %d", status)
	}

	var mc httpapi.Result[leads.ManagerCounts]
	post(t, srv, manager, "/api/CrmLead/manager_dashboard/lead_count", `{"accountPlatformIds":[2001]}`, &mc)
	counts := map[lead.Status]int{}
	for _, c := range mc.Data.Counts {
		counts[c.Status] = c.Count
	}
	if counts[lead.StatusUnclaimed] != len(ids)-1 || counts[lead.StatusLost] != 1 || mc.Data.ClaimLeadsEnabled {
		t.Errorf("Toyota counts = %v, claims %v: want %d unclaimed, 1 lost, claims off (the store auto-assigns)", counts, mc.Data.ClaimLeadsEnabled, len(ids)-1)
	}
	post(t, srv, manager, "/api/CrmLead/manager_dashboard/lead_count", `{"accountPlatformIds":[2001,2002]}`, &mc)
	if !mc.Data.ClaimLeadsEnabled || len(mc.Data.Stores) != 2 {
		t.Errorf("Toyota and Honda: claims %v, stores %+v: want claims on (Honda leaves leads open)", mc.Data.ClaimLeadsEnabled, mc.Data.Stores)
	}

	var rows httpapi.Result[[]leads.LogRow]
	post(t, srv, manager, "/api/CrmLead/manager_dashboard/leads", `{"accountPlatformIds":[2001],"leadStatusId":2}`, &rows)
	if len(rows.Data) != 1 || rows.Data[0].ID != ids[0] || rows.Data[0].ContactName == "" || rows.PageData.PageSize != 25 || rows.PageData.TotalRecords != 1 {
		t.Errorf("lost leads = %+v (%+v), want lead %d", rows.Data, rows.PageData, ids[0])
	}
	post(t, srv, manager, "/api/CrmLead/manager_dashboard/leads", `{"accountPlatformIds":[2001],"leadStatusId":-2,"pageSize":1}`, &rows)
	if len(rows.Data) != 1 || rows.PageData.TotalRecords != len(ids)-1 {
		t.Errorf("unclaimed page = %+v (%+v)", rows.Data, rows.PageData)
	}

	// A second lead for the second customer; the visit's own lead is left out.
	var second httpapi.Result[leads.View]
	post(t, srv, manager, "/api/Lead/adhoc/create", fmt.Sprintf(`{"contactId":%d,"accountPlatformId":2001,"leadTypeId":3}`, ids[1]), &second)
	body := fmt.Sprintf(`{"accountPlatformIds":[2001],"contactIds":[%d,%d,%d],"excludeCrmLeadIds":[%d]}`, ids[0], ids[1], demo.OtherContactID, second.Data.ID)
	var ac httpapi.Result[[]leads.AdditionalLeadCount]
	post(t, srv, manager, "/api/CrmLead/showroom_log/additional_lead_count", body, &ac)
	want := []leads.AdditionalLeadCount{{ContactID: ids[0]}, {ContactID: ids[1], AdditionalLeadCount: 1}, {ContactID: demo.OtherContactID}}
	if len(ac.Data) != len(want) {
		t.Fatalf("additional counts = %+v, want %+v", ac.Data, want)
	}
	for i := range want {
		if ac.Data[i] != want[i] {
			t.Errorf("additional count %d = %+v, want %+v (a lost lead is not open; another group's customer has none)", i, ac.Data[i], want[i])
		}
	}
	post(t, srv, manager, "/api/CrmLead/showroom_log/additional_lead_detail", body, &rows)
	if len(rows.Data) != 1 || rows.Data[0].ID != ids[1] || rows.Data[0].ContactName == "" {
		t.Errorf("additional leads = %+v, want the seeded lead of %d", rows.Data, ids[1])
	}
	// At the Honda store the Toyota customers have no leads.
	post(t, srv, manager, "/api/CrmLead/showroom_log/additional_lead_count", fmt.Sprintf(`{"accountPlatformIds":[2002],"contactIds":[%d]}`, ids[1]), &ac)
	if len(ac.Data) != 1 || ac.Data[0].AdditionalLeadCount != 0 {
		t.Errorf("Honda counts = %+v", ac.Data)
	}

	bad := []struct {
		name, as, path, body string
		status               int
	}{
		{"no status", manager, "/api/CrmLead/manager_dashboard/leads", `{"accountPlatformIds":[2001]}`, 400},
		{"a bad status", manager, "/api/CrmLead/manager_dashboard/leads", `{"accountPlatformIds":[2001],"leadStatusId":9}`, 400},
		{"no customers", manager, "/api/CrmLead/showroom_log/additional_lead_count", `{"accountPlatformIds":[2001],"contactIds":[]}`, 400},
		{"a store the user may not view", sales, "/api/CrmLead/manager_dashboard/lead_count", `{"accountPlatformIds":[2003]}`, 403},
		{"another dealer group's store", demo.OtherUserID, "/api/CrmLead/showroom_log/additional_lead_detail", fmt.Sprintf(`{"accountPlatformIds":[2001],"contactIds":[%d]}`, ids[1]), 404},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body}); status != tt.status || len(e.ErrorMessages) == 0 {
				t.Errorf("status %d %+v, want %d with a message", status, e, tt.status)
			}
		})
	}

	// Another group's own showroom sees its customer's lead, never ours.
	post(t, srv, demo.OtherUserID, "/api/CrmLead/showroom_log/additional_lead_count", fmt.Sprintf(`{"contactIds":[%d,%d]}`, demo.OtherContactID, ids[1]), &ac)
	if len(ac.Data) != 2 || ac.Data[0].AdditionalLeadCount != 1 || ac.Data[1].AdditionalLeadCount != 0 {
		t.Errorf("another group's counts = %+v", ac.Data)
	}
}
