package dashboards_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/dashboards"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales   = "100001" // sales person of Toyota and Honda
	manager = "100002" // sales manager of every store, with the manager dashboard
)

func body(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// today is the server's day at the Toyota store (Los Angeles).
func today(srv *areatest.Server) string {
	return dashboard.DayOf(srv.Now(), mustZone("America/Los_Angeles"))
}

func summary(t *testing.T, srv *areatest.Server, as, path string, b map[string]any) dashboards.DashboardSummary {
	t.Helper()
	var got httpapi.Result[dashboards.DashboardSummary]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: body(b)}, &got); status != 200 {
		t.Fatalf("%s as %s: %d", path, as, status)
	}
	return got.Data
}

func logCall(t *testing.T, srv *areatest.Server, as string, contact int64, outcome string) {
	t.Helper()
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", contact), As: as, Body: body(map[string]any{
		"direction": "outbound", "outcome": outcome, "notes": "Called about the Camry", "durationSeconds": 60, "phoneId": 1,
	})}, nil); status != 200 {
		t.Fatalf("log call as %s: %d", as, status)
	}
}

// TestCountsChangeAfterACall logs calls as the sales person and the manager: the manager's
// dashboard counts both by user, the sales person's only their own, whatever users they ask for.
func TestCountsChangeAfterACall(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	day := today(srv)
	req := map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": day, "endDate": day}
	before := summary(t, srv, manager, "/api/Activity/summary/engaged", req)
	logCall(t, srv, sales, demo.ContactToyota, "contacted")
	logCall(t, srv, manager, demo.ContactToyota, "left_message")

	after := summary(t, srv, manager, "/api/Activity/summary/engaged", req)
	if got, want := after.Totals["calls"]-before.Totals["calls"], int64(2); got != want {
		t.Errorf("manager's calls went up by %d, want %d", got, want)
	}
	if got := after.Totals["callsContacted"] - before.Totals["callsContacted"]; got != 1 {
		t.Errorf("calls that reached the customer went up by %d, want 1", got)
	}
	if len(after.Days) != 1 || after.Days[0].Day != day {
		t.Errorf("days = %+v, want one entry for %s", after.Days, day)
	}
	mine := summary(t, srv, sales, "/api/Activity/summary/engaged", map[string]any{
		"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": day, "endDate": day, "userIds": []string{manager},
	})
	if len(mine.Users) != 1 || mine.Users[0].UserID != sales || mine.Users[0].Counts["calls"] < 1 {
		t.Errorf("the sales person's dashboard = %+v, want only their own calls", mine.Users)
	}
	if mine.Totals["calls"] >= after.Totals["calls"] {
		t.Errorf("the sales person sees %d calls, the manager %d: want only their own", mine.Totals["calls"], after.Totals["calls"])
	}
	// A relative range is read on the store's calendar by the server's clock.
	rel := summary(t, srv, manager, "/api/Activity/summary/engaged", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "range": "today"})
	if rel.BeginDate != day || rel.EndDate != day || rel.Totals["calls"] != after.Totals["calls"] {
		t.Errorf("today = %s..%s with %d calls, want %s with %d", rel.BeginDate, rel.EndDate, rel.Totals["calls"], day, after.Totals["calls"])
	}
	// The whole summary has every counter; the trend a day per day of the range.
	week := summary(t, srv, manager, "/api/Activity/summary", map[string]any{
		"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": "2026-11-14T23:59", "endDate": day + "T00:00",
	})
	if len(week.Counters) != len(dashboard.Counters()) || len(week.Days) != 7 || week.BeginDate != "2026-11-14" {
		t.Errorf("week = %d counters, %d days from %s; want every counter and 7 days from 2026-11-14", len(week.Counters), len(week.Days), week.BeginDate)
	}
}

func TestBadRangesAndOtherGroups(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		b      map[string]any
		status int
		field  string
	}{
		{"no begin day", manager, map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "endDate": "2026-11-20"}, 400, "beginDate"},
		{"end before begin", manager, map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": "2026-11-20", "endDate": "2026-11-01"}, 400, "endDate"},
		{"another dealer group's store", manager, map[string]any{"accountPlatformIds": []int64{demo.OtherStore}, "beginDate": "2026-11-20", "endDate": "2026-11-20"}, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/Activity/summary", As: tt.as, Body: body(tt.b)})
			if status != tt.status {
				t.Fatalf("status %d, want %d", status, tt.status)
			}
			if tt.field != "" && !strings.Contains(body(e), tt.field) {
				t.Errorf("error %+v does not name %s", e, tt.field)
			}
		})
	}
}

func TestActivityGroupsAndTeam(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	day := today(srv)
	var g httpapi.Result[dashboard.ActivityGroup]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/activitygroup", As: manager, Body: body(map[string]any{
		"accountPlatformId": demo.StoreToyota, "name": "Outreach", "counters": []string{"calls", "emails", "texts"},
	})}, &g); status != 200 || g.Data.ID == 0 {
		t.Fatalf("create group: %d %+v", status, g)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/activitygroup", As: manager, Body: body(map[string]any{
		"accountPlatformId": demo.StoreToyota, "name": "outreach", "counters": []string{"calls"},
	})}); status != 409 {
		t.Errorf("a second group of the same name: %d, want 409", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/activitygroup", As: sales, Body: body(map[string]any{
		"accountPlatformId": demo.StoreToyota, "name": "Mine", "counters": []string{"calls"},
	})}); status != 403 {
		t.Errorf("a sales person creating a group: %d, want 403", status)
	}
	logCall(t, srv, sales, demo.ContactToyota, "contacted")
	var grouped httpapi.Result[dashboards.Grouped]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Activity/grouped/detail", As: manager, Body: body(map[string]any{
		"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": day, "endDate": day,
	})}, &grouped); status != 200 {
		t.Fatalf("grouped: %d", status)
	}
	found := false
	for _, u := range grouped.Data.Users {
		found = found || (u.UserID == sales && u.Groups[fmt.Sprint(g.Data.ID)] >= 1)
	}
	if !found {
		t.Errorf("grouped = %+v, want the sales person's call in Outreach", grouped.Data.Users)
	}
	var team httpapi.Result[[]dashboards.TeamMember]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Team/team/filtered/paged", As: manager, Body: body(map[string]any{
		"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": day, "endDate": day, "pageSize": 2,
	})}, &team); status != 200 || len(team.Data) != 2 || team.PageData == nil || team.PageData.TotalRecords < 3 {
		t.Errorf("team page = %d %+v %+v, want 2 of several users", status, team.Data, team.PageData)
	}
	status, csv, h := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/Team/team/activity/csv", As: manager, Body: body(map[string]any{
		"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": day, "endDate": day,
	})})
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/csv") || !strings.Contains(string(csv), sales+",") {
		t.Errorf("team CSV = %d %s %q", status, h.Get("Content-Type"), csv)
	}
	if status := srv.Do(t, areatest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/activitygroup/%d?accountPlatformId=%d", g.Data.ID, demo.StoreToyota), As: manager}, nil); status != 200 {
		t.Errorf("delete group: %d", status)
	}
	var groups httpapi.Result[[]dashboard.ActivityGroup]
	if srv.Do(t, areatest.Request{Method: "POST", Path: "/api/activitygroups", As: manager, Body: body(map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}})}, &groups); len(groups.Data) != 0 {
		t.Errorf("groups after delete = %+v, want none", groups.Data)
	}
}

func TestSurveyResponses(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var r httpapi.Result[struct {
		ID int64 `json:"responseId"`
	}]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Campaign/response", As: sales, Body: body(map[string]any{
		"accountPlatformId": demo.StoreToyota, "contactId": demo.ContactToyota, "campaign": "Sales experience", "rating": 5, "comment": "Great",
	})}, &r); status != 200 {
		t.Fatalf("record: %d", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/Campaign/response", As: sales, Body: body(map[string]any{
		"accountPlatformId": demo.StoreToyota, "contactId": demo.ContactToyota, "campaign": "Sales experience", "rating": 9,
	})}); status != 400 {
		t.Errorf("rating 9: %d, want 400", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Campaign/response/%d", r.Data.ID), As: manager}, nil); status != 200 {
		t.Errorf("get: %d", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Campaign/response/%d", r.Data.ID), As: demo.OtherUserID}); status != 404 {
		t.Errorf("another dealer group's user: %d, want 404", status)
	}
	var list httpapi.Result[[]map[string]any]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/Campaign/dealer/%d", demo.StoreToyota), As: manager}, &list); status != 200 || len(list.Data) != 1 {
		t.Errorf("store's responses = %d %+v, want one", status, list.Data)
	}
}

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// TestSpeedToLeadCountsTheStoresHours saves working hours in the Toyota store's dealer settings:
// the speed to lead reports them, and every other store keeps the default hours.
func TestSpeedToLeadCountsTheStoresHours(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	dealers := dealer.NewRepo(srv.Services.Store)
	s, err := dealers.Get(t.Context(), tn, demo.StoreToyota)
	if err != nil {
		t.Fatal(err)
	}
	hours := workhours.Default()
	hours[time.Saturday] = workhours.Day{Day: "Saturday", Closed: true}
	hours[time.Sunday] = workhours.Day{Day: "Sunday", Open: "10:00", Close: "16:00"}
	s.BusinessHours = hours
	if _, err := dealers.Save(t.Context(), tn, s.Settings, s.Version, manager); err != nil {
		t.Fatal(err)
	}

	day := today(srv)
	var got httpapi.Result[dashboards.SpeedToLead]
	req := map[string]any{"accountPlatformIds": []int64{demo.StoreToyota, demo.StoreHonda}, "beginDate": day, "endDate": day}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Activity/summary/speed_to_lead", As: manager, Body: body(req)}, &got); status != 200 {
		t.Fatalf("speed to lead: %d", status)
	}
	byStore := map[int64]workhours.Hours{}
	for _, h := range got.Data.Hours {
		byStore[h.AccountPlatformID] = h.Hours
	}
	if !reflect.DeepEqual(byStore[demo.StoreToyota], workhours.Normalize(hours)) {
		t.Errorf("Toyota's hours = %+v, want the saved %+v", byStore[demo.StoreToyota], hours)
	}
	if !reflect.DeepEqual(byStore[demo.StoreHonda], workhours.Default()) {
		t.Errorf("Honda's hours = %+v, want the default", byStore[demo.StoreHonda])
	}
}

// TestFunnelSampleNamesTheCustomer saves a lead for a customer and finds it behind the funnel's
// first stage with the customer's name, and on no page past the last.
func TestFunnelSampleNamesTheCustomer(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/save", As: sales, Body: body(map[string]any{
		"crmLeadId": 0, "contactId": demo.ContactToyota, "accountPlatformId": demo.StoreToyota, "comments": "Wants a hybrid.",
	})}, nil); status != 200 {
		t.Fatalf("save lead: %d", status)
	}
	day := today(srv)
	tests := []struct {
		name     string
		page     int
		wantRows bool
	}{
		{"the first page", 1, true},
		{"a page past the last", 1 << 40, false},
	}
	for _, tt := range tests {
		var got httpapi.Result[[]dashboards.FunnelLeadRow]
		req := map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "beginDate": day, "endDate": day, "stage": "leads", "pageNumber": tt.page}
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Activity/detail/sample", As: manager, Body: body(req)}, &got); status != 200 {
			t.Fatalf("%s: sample: %d", tt.name, status)
		}
		found := false
		for _, r := range got.Data {
			if r.ContactID == demo.ContactToyota {
				found = r.ContactName != ""
			}
		}
		if found != tt.wantRows {
			t.Errorf("%s: rows %+v; want the customer named: %v", tt.name, got.Data, tt.wantRows)
		}
	}
}
