package touchpoints_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/touchpoints"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales   = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager = "100002" // Morgan Reyes: sales manager of every store
)

// TestShowroomVisit walks a customer's showroom visit through the calls: start, steps, a stale
// change, mark sold, end; the logs' reads follow it, and nobody outside sees it.
func TestShowroomVisit(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	c := demo.ContactToyotaSamePhone
	do := func(method, path, as, body string, want int) touchpoints.VisitView {
		t.Helper()
		var got httpapi.Result[touchpoints.VisitView]
		status := srv.Do(t, areatest.Request{Method: method, Path: path, As: as, Body: body}, &got)
		if status != want {
			_, e := srv.Error(t, areatest.Request{Method: method, Path: path, As: as, Body: body})
			t.Fatalf("%s %s as %s: %d %v, want %d", method, path, as, status, e, want)
		}
		return got.Data
	}
	v := do("POST", "/api/contact_touchpoint/showroom/start", sales, fmt.Sprintf(`{"contactId":%d}`, c), 200)
	if v.Status != visit.StatusStarted || v.UserID != sales || len(v.Items) != 6 || v.ContactName != "Marcus Reed" || v.StoreName == "" {
		t.Fatalf("started = %+v", v)
	}
	do("POST", "/api/contact_touchpoint/showroom/start", sales, fmt.Sprintf(`{"contactId":%d}`, c), 409)

	ref := func(version int64) string {
		return fmt.Sprintf(`{"contactId":%d,"touchpointInstanceId":%q,"version":%d}`, c, v.ID, version)
	}
	tests := []struct {
		name, method, path, body string
		want                     int
	}{
		{"greet done", "POST", "/api/contact_touchpoint/showroom/items/greet/complete", ref(1), 200},
		{"stale version", "POST", "/api/contact_touchpoint/showroom/items/test-drive/start", ref(1), 409},
		{"test drive starts", "POST", "/api/contact_touchpoint/showroom/items/test-drive/start", ref(2), 200},
		{"test drive cannot start twice", "POST", "/api/contact_touchpoint/showroom/items/test-drive/start", ref(3), 409},
		{"no such step", "POST", "/api/contact_touchpoint/showroom/items/lunch/start", ref(3), 404},
		{"appraisal canceled", "POST", "/api/contact_touchpoint/showroom/items/appraisal/cancel", ref(3), 200},
		{"mark sold", "PUT", "/api/contact_touchpoint/showroom", fmt.Sprintf(`{"contactId":%d,"version":4,"sold":true}`, c), 200},
		{"restart an open visit", "PUT", "/api/contact_touchpoint/showroom", fmt.Sprintf(`{"contactId":%d,"version":5,"restart":true}`, c), 409},
		{"another store's user as sales person", "PUT", "/api/contact_touchpoint/showroom", fmt.Sprintf(`{"contactId":%d,"version":5,"userId":"100013"}`, c), 400},
		{"notes through the .../update path", "PUT", "/api/contact_touchpoint/showroom/update", fmt.Sprintf(`{"contactId":%d,"version":5,"notes":"Wants the hybrid"}`, c), 200},
		{"stale version through .../update", "PUT", "/api/contact_touchpoint/showroom/update", fmt.Sprintf(`{"contactId":%d,"version":5,"notes":"x"}`, c), 409},
		{"delivery has none in progress", "POST", "/api/contact_touchpoint/delivery/complete", fmt.Sprintf(`{"contactId":%d,"version":6}`, c), 404},
	}
	for _, tc := range tests {
		do(tc.method, tc.path, sales, tc.body, tc.want)
	}

	var open httpapi.Result[[]touchpoints.VisitView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/detail/in_showroom", As: manager,
		Body: fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreToyota)}, &open); status != 200 || !hasVisit(open.Data, v.ID) {
		t.Fatalf("in showroom: %d %+v", status, open.Data)
	}

	ended := do("POST", "/api/contact_touchpoint/showroom/complete", sales, fmt.Sprintf(`{"contactId":%d,"version":6,"sold":true}`, c), 200)
	if ended.Status != visit.StatusCompleted || !ended.Sold || ended.Result != "sold" || ended.EndedAt == nil || ended.StepsDone != 1 {
		t.Errorf("ended = %+v", ended)
	}
	if ended.Notes != "Wants the hybrid" {
		t.Errorf("notes = %q, want those sent through .../update", ended.Notes)
	}
	do("POST", "/api/contact_touchpoint/showroom/cancel", sales, ref(7), 409)
	do("POST", "/api/contact_touchpoint/showroom/items/fi/complete", sales, ref(7), 409)

	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/detail/in_showroom", As: manager,
		Body: fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreToyota)}, &open); status != 200 || hasVisit(open.Data, v.ID) {
		t.Errorf("in showroom after the end: %d %+v", status, open.Data)
	}
	today := srv.Now().Format("2006-01-02")
	var sum httpapi.Result[touchpoints.TouchpointActivitySummary]
	filter := fmt.Sprintf(`{"accountPlatformIds":[%d],"startDate":%q,"endDate":%q}`, demo.StoreToyota, srv.Now().AddDate(0, 0, -1).Format("2006-01-02"), today)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/summary", As: manager, Body: filter}, &sum); status != 200 {
		t.Fatalf("summary: %d", status)
	}
	if got := sum.Data.Touchpoints[0]; got.Completed < 1 || got.Sold < 1 {
		t.Errorf("showroom summary = %+v", got)
	}
	var page httpapi.Result[[]touchpoints.VisitView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/get_showroom_touchpoint_item_activity", As: manager,
		Body: strings.TrimSuffix(filter, "}") + fmt.Sprintf(`,"userIds":[%q],"statuses":[3]}`, sales)}, &page); status != 200 || !hasVisit(page.Data, v.ID) {
		t.Errorf("showroom item activity: %d %+v", status, page.Data)
	}
	var results httpapi.Result[touchpoints.TouchpointResults]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/showroom/results", As: manager, Body: filter}, &results); status != 200 || results.Data.Sold < 1 {
		t.Errorf("results: %d %+v", status, results.Data)
	}
	status, csv, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/export/summary", As: manager, Body: filter})
	if status != 200 || !strings.HasPrefix(string(csv), "Store,Touchpoint,Sales person") || !strings.Contains(string(csv), "Sam Ortega") {
		t.Errorf("export: %d %s", status, csv)
	}

	// Bad filters are clear field errors.
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/touchpoint/activity/summary", As: manager,
		Body: `{"startDate":"2026-13-01","statuses":[9]}`, Scope: fmt.Sprint(demo.StoreToyota)}); status != 400 || len(e.ErrorMessages) < 2 {
		t.Errorf("bad filter: %d %+v", status, e)
	}
}

// TestTenancy checks that a visit is out of reach of another dealer group and of users who may
// not view its store.
func TestTenancy(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name, as, path, body string
		want                 int
	}{
		{"another dealer group's customer", demo.OtherUserID, "/api/contact_touchpoint/showroom/start", fmt.Sprintf(`{"contactId":%d}`, demo.ContactHyundai), 404},
		{"a customer of a store the user may not view", sales, "/api/contact_touchpoint/showroom/start", fmt.Sprintf(`{"contactId":%d}`, demo.ContactHyundai), 404},
		{"a store the user may not view", sales, "/api/touchpoint/activity/detail/in_showroom", fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreHyundai), 403},
		{"another dealer group's store", demo.OtherUserID, "/api/touchpoint/activity/summary", fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreToyota), 404},
		{"settings of a store the user may not view", sales, "/api/contact_touchpoint/settings/get", fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreHyundai), 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: tc.path, As: tc.as, Body: tc.body}, nil); status != tc.want {
				t.Errorf("status %d, want %d", status, tc.want)
			}
		})
	}
}

func hasVisit(vs []touchpoints.VisitView, id string) bool {
	for _, v := range vs {
		if v.ID == id {
			return true
		}
	}
	return false
}
