package calendar_test

import (
	"encoding/json"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/calendar"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales   = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager = "100002" // Morgan Reyes: sales manager of every store
	bdc     = "100003" // Bailey Chen: BDC agent of Toyota
	parts   = "100013" // Parker Lee: parts manager of Hyundai
)

func body(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// set sets an appointment as user as and returns it.
func set(t *testing.T, srv *areatest.Server, as string, event map[string]any) calendar.EventView {
	t.Helper()
	var got httpapi.Result[calendar.SearchResult]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/calendarevent", As: as, Body: body(map[string]any{"event": event})}, &got); status != 200 || len(got.Data.Events) != 1 {
		status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/calendarevent", As: as, Body: body(map[string]any{"event": event})})
		t.Fatalf("set appointment: %d %v %v", status, e.ErrorMessages, e.FieldErrors)
	}
	return got.Data.Events[0]
}

// change sends a change and returns the appointment as changed.
func change(t *testing.T, srv *areatest.Server, as, method, path string, b any) calendar.EventView {
	t.Helper()
	var got httpapi.Result[calendar.EventView]
	if status := srv.Do(t, areatest.Request{Method: method, Path: path, As: as, Body: body(b)}, &got); status != 200 {
		status, e := srv.Error(t, areatest.Request{Method: method, Path: path, As: as, Body: body(b)})
		t.Fatalf("%s %s: %d %v %v", method, path, status, e.ErrorMessages, e.FieldErrors)
	}
	return got.Data
}

func search(t *testing.T, srv *areatest.Server, as string, q map[string]any) calendar.SearchResult {
	t.Helper()
	var got httpapi.Result[calendar.SearchResult]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/calendarevent", As: as, Body: body(q)}, &got); status != 200 {
		t.Fatalf("search %v: %d", q, status)
	}
	return got.Data
}

func TestAppointmentLifecycle(t *testing.T) {
	srv := areatest.New(t)
	// The clock reads Nov 20, 2026; the Toyota store is in Portland (UTC-8 in December).
	a := set(t, srv, sales, map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales", "localStart": "2026-12-01T10:00", "durationMinutes": 45, "note": "Bring the title"})
	if a.Status != appointment.StatusScheduled || a.StartUTC.Format("2006-01-02T15:04Z07:00") != "2026-12-01T18:00Z" || a.LocalStart != "2026-12-01T10:00" || a.LocalEnd != "2026-12-01T10:45" ||
		a.TimeZone != "America/Los_Angeles" || a.AssignedUserID != sales || a.Version != 1 || !a.CanChange || a.ContactName == "" || a.AssignedUserName == "" {
		t.Fatalf("set = %+v", a)
	}
	base := "/pando/calendarevent/" + a.ID

	// A second appointment of the same sales person at the same time is allowed, and both are
	// flagged.
	b := set(t, srv, bdc, map[string]any{"contactId": demo.ContactToyotaBusiness, "appointmentType": "Delivery", "localStart": "2026-12-01T10:30", "assignedUserId": sales})
	if !b.Overlaps {
		t.Errorf("the overlapping appointment is not flagged")
	}
	found := search(t, srv, sales, map[string]any{"PlatformIds": []int64{demo.StoreToyota}, "Start": "2026-12-01", "End": "2026-12-01"})
	if len(found.Events) != 2 || !found.Events[0].Overlaps || !found.Events[1].Overlaps {
		t.Errorf("Dec 1 at Toyota = %+v, want the two overlapping appointments", found.Events)
	}

	moved := change(t, srv, sales, "PUT", base+"/reschedule", map[string]any{"version": 1, "localStart": "2026-12-02T14:00"})
	if moved.Status != appointment.StatusRescheduled || moved.PreviousStatus != appointment.StatusScheduled || moved.LocalEnd != "2026-12-02T14:45" || moved.Overlaps || moved.Version != 2 {
		t.Errorf("rescheduled = %+v", moved)
	}
	// The version read before the reschedule is stale.
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: base + "/confirm", As: sales, Body: `{"version":1}`}); status != 409 {
		t.Errorf("stale confirm: %d, want 409", status)
	}
	confirmed := change(t, srv, sales, "POST", base+"/confirm", map[string]any{"version": 2})
	if confirmed.Status != appointment.StatusConfirmed {
		t.Errorf("confirmed = %s", confirmed.Status)
	}
	// A confirmed appointment needs no confirmation to be sent; a no-show is not recorded
	// before the start.
	if status, e := srv.Error(t, areatest.Request{Method: "PUT", Path: base + "/confirmation_sent", As: sales, Body: `{"version":3}`}); status != 409 {
		t.Errorf("confirmation sent after confirmed: %d %v, want 409", status, e.ErrorMessages)
	}
	if status, e := srv.Error(t, areatest.Request{Method: "PUT", Path: base + "/update_show_status/4", As: sales, Body: `{"version":3}`}); status != 400 || e.FieldErrors["statusId"] == "" {
		t.Errorf("no-show before the start: %d %v", status, e.FieldErrors)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "PUT", Path: base + "/update_show_status/2", As: sales, Body: `{"version":3}`}); status != 400 {
		t.Errorf("show status 2: %d, want 400", status)
	}
	shown := change(t, srv, sales, "PUT", base+"/update_show_status/5", map[string]any{"version": 3})
	if shown.Status != appointment.StatusCompleted || len(shown.Moves) != 0 {
		t.Errorf("shown = %+v", shown)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "DELETE", Path: base + "?version=4&confirm=true", As: sales}); status != 409 {
		t.Errorf("cancel a completed appointment: %d, want 409", status)
	}

	// Cancelling needs the confirmation.
	bbase := "/pando/calendarevent/" + b.ID
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: bbase + "/cancel", As: bdc, Body: `{"version":1}`}); status != 400 || e.FieldErrors["confirm"] == "" {
		t.Errorf("cancel without confirmation: %d %v", status, e.FieldErrors)
	}
	var cancelled httpapi.Result[calendar.EventView]
	if status := srv.Do(t, areatest.Request{Method: "DELETE", Path: bbase + "?version=1&confirm=true", As: bdc}, &cancelled); status != 200 || cancelled.Data.Status != appointment.StatusCancelled {
		t.Errorf("cancel: %d %+v", status, cancelled.Data)
	}

	// Each change is in the customer's activity.
	feed, err := activity.NewRepo(srv.Services.Store, nil, nil).Feed(t.Context(), tenant(t), []int64{demo.ContactToyota}, activity.FeedQuery{Category: activity.CategoryTask})
	if err != nil {
		t.Fatal(err)
	}
	kinds := 0
	for _, e := range feed.Entries {
		if e.Kind == activity.KindAppointment && e.Details["appointmentId"] == a.ID {
			kinds++
		}
	}
	if kinds != 4 {
		t.Errorf("appointment entries = %d, want 4 (set, rescheduled, confirmed, shown)", kinds)
	}

	// The dashboards count them.
	var counts httpapi.Result[calendar.Counts]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/calendarevent/appointment/counts", As: manager, Body: body(map[string]any{
		"AccountPlatformIds": []int64{demo.StoreToyota}, "StartDate": "2026-12-01", "EndDate": "2026-12-02"})}, &counts); status != 200 {
		t.Fatalf("counts: %d", status)
	}
	if c := counts.Data; c.Total != 2 || c.Shown != 1 || c.Cancelled != 1 || c.ShowRate != 1 {
		t.Errorf("counts = %+v", c)
	}
}

func TestTenancy(t *testing.T) {
	srv := areatest.New(t)
	mine := demo.AppointmentID(demo.ContactToyota, 1)
	hyundai := demo.AppointmentID(demo.ContactHyundai, 1)
	tests := []struct {
		name   string
		as     string
		method string
		path   string
		body   string
		status int
	}{
		{"another dealer group confirms", demo.OtherUserID, "PUT", "/pando/calendarevent/" + mine + "/confirm", `{"version":1}`, 404},
		{"another dealer group cancels", demo.OtherUserID, "DELETE", "/pando/calendarevent/" + mine + "?version=1&confirm=true", "", 404},
		{"a user who works no customers confirms", parts, "PUT", "/pando/calendarevent/" + mine + "/confirm", `{"version":1}`, 403},
		{"a sales person of other stores changes Hyundai's", sales, "PUT", "/pando/calendarevent/" + hyundai + "/confirm", `{"version":1}`, 404},
		{"a colleague who is not the user changes it", bdc, "PUT", "/pando/calendarevent/" + mine + "/confirm", `{"version":1}`, 403},
		{"another dealer group searches the customer", demo.OtherUserID, "POST", "/pando/calendarevent", body(map[string]any{"ContactId": demo.ContactToyota}), 404},
		{"another dealer group sets one", demo.OtherUserID, "POST", "/pando/calendarevent", body(map[string]any{"event": map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales", "localStart": "2026-12-01T10:00"}}), 404},
		{"a made-up id", sales, "PUT", "/pando/calendarevent/AP-1-000000000001/confirm", `{"version":1}`, 404},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if status, e := srv.Error(t, areatest.Request{Method: tc.method, Path: tc.path, As: tc.as, Body: tc.body}); status != tc.status {
				t.Errorf("status = %d (%v), want %d", status, e.ErrorMessages, tc.status)
			}
		})
	}
	// The manager of every store may change the Hyundai one.
	change(t, srv, manager, "PUT", "/pando/calendarevent/"+hyundai+"/confirm", map[string]any{"version": 1})
	// Another dealer group's store search sees none of it.
	var other httpapi.Result[calendar.SearchResult]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/calendarevent", As: demo.OtherUserID, Body: body(map[string]any{"Start": "2026-01-01"})}, &other); status != 200 || len(other.Data.Events) != 0 {
		t.Errorf("another dealer group's search: %d %+v", status, other.Data.Events)
	}
}

func TestWindowAndValidation(t *testing.T) {
	srv := areatest.New(t)
	// The window runs from the start of today (Nov 20 at the store) to one year later: the
	// demo's October delivery is before it, the January appointments in it.
	got := search(t, srv, sales, map[string]any{"ContactId": demo.ContactToyota})
	if len(got.Events) != 1 || got.Events[0].ID != demo.AppointmentID(demo.ContactToyota, 1) {
		t.Errorf("Toyota customer's window = %+v", got.Events)
	}
	if got.WindowStartUTC.Format("2006-01-02T15:04Z07:00") != "2026-11-20T08:00Z" || got.WindowEndUTC.Format("2006-01-02T15:04Z07:00") != "2027-11-20T08:00Z" {
		t.Errorf("window = %v to %v", got.WindowStartUTC, got.WindowEndUTC)
	}
	past := search(t, srv, sales, map[string]any{"ContactId": demo.ContactToyota, "Start": "2026-10-01", "End": "2026-11-19"})
	if len(past.Events) != 1 || past.Events[0].Status != appointment.StatusCompleted {
		t.Errorf("past = %+v", past.Events)
	}
	tests := []struct {
		name  string
		event map[string]any
		field string
	}{
		{"in the past", map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales", "localStart": "2026-11-19T10:00"}, "localStart"},
		{"no time", map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales"}, "localStart"},
		{"skipped by the clocks", map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales", "localStart": "2027-03-14T02:30"}, "localStart"},
		{"unknown type", map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Party", "localStart": "2026-12-01T10:00"}, "appointmentType"},
		{"too long", map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales", "localStart": "2026-12-01T10:00", "durationMinutes": 2}, "durationMinutes"},
		{"a user of another store", map[string]any{"contactId": demo.ContactToyota, "appointmentType": "Sales", "localStart": "2026-12-01T10:00", "assignedUserId": parts}, "assignedUserId"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/calendarevent", As: sales, Body: body(map[string]any{"event": tc.event})})
			if status != 400 || e.FieldErrors[tc.field] == "" {
				t.Errorf("status = %d, fields %v; want 400 with %s", status, e.FieldErrors, tc.field)
			}
		})
	}
	if again := search(t, srv, sales, map[string]any{"ContactId": demo.ContactToyota}); len(again.Events) != 1 {
		t.Errorf("refused appointments were stored: %d", len(again.Events))
	}
	// The start-visit search finds the day's appointments by name.
	var visits httpapi.Result[[]calendar.EventView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/calendarevent/startvisit_summarysearch", As: sales, Body: body(map[string]any{"Day": "2027-01-16", "Name": "gonz"})}, &visits); status != 200 {
		t.Fatalf("start-visit search: %d", status)
	}
	if len(visits.Data) != 1 || visits.Data[0].ContactID != demo.ContactToyota {
		t.Errorf("start-visit search = %+v", visits.Data)
	}
}

func tenant(t *testing.T) store.Tenant {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func TestDashboards(t *testing.T) {
	srv := areatest.New(t)
	workplan := func(as string, b map[string]any) (int, []calendar.EventView) {
		var got httpapi.Result[[]calendar.EventView]
		status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CalendarEvent/appointment/workplan/detail", As: as, Body: body(b)}, &got)
		return status, got.Data
	}
	// The sales person's own January appointments: two at overlapping times, both flagged.
	status, mine := workplan(sales, map[string]any{"StartDate": "2027-01-16", "EndDate": "2027-01-16"})
	if status != 200 || len(mine) != 2 || !mine[0].Overlaps || !mine[1].Overlaps {
		t.Fatalf("workplan = %d %+v, want the two overlapping appointments", status, mine)
	}
	// Another user's workplan is the managers'.
	if status, _ := workplan(bdc, map[string]any{"UserId": sales, "StartDate": "2027-01-16", "EndDate": "2027-01-16"}); status != 404 {
		t.Errorf("a BDC agent reads the sales person's workplan: %d, want 404", status)
	}
	if status, got := workplan(manager, map[string]any{"UserId": sales, "StartDate": "2027-01-16", "EndDate": "2027-01-16"}); status != 200 || len(got) != 2 {
		t.Errorf("the manager reads the sales person's workplan: %d, %d appointments", status, len(got))
	}
	var detail httpapi.Result[[]calendar.EventView]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/calendarevent/appointment/detail", As: manager, Body: body(map[string]any{
		"StartDate": "2026-10-01", "EndDate": "2026-11-30", "Status": "NoShow"})}, &detail); status != 200 || len(detail.Data) != 1 || detail.Data[0].ContactID != demo.ContactHonda {
		t.Errorf("no-shows of October and November = %d %+v", status, detail.Data)
	}
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/calendarevent/appointment/counts", As: manager, Body: body(map[string]any{
		"StartDate": "2026-01-01", "EndDate": "2027-06-30"})}); status != 400 || e.FieldErrors["EndDate"] == "" {
		t.Errorf("a range of a year and a half: %d %v, want 400 naming EndDate", status, e.FieldErrors)
	}
}
