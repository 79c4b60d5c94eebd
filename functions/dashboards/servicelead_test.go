package dashboards_test

import (
	"context"

	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/dashboards"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestClassifyRepairOrder(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		closed time.Time
		want   string
	}{
		{"still open", time.Time{}, dashboards.SLMWorking},
		{"closed an hour ago", now.Add(-time.Hour), dashboards.SLMCompleted},
		{"closed now", now, dashboards.SLMCompleted},
		{"closing later", now.Add(time.Hour), dashboards.SLMWorking},
	}
	for _, tt := range tests {
		if got := dashboards.ClassifyRepairOrder(repairorder.RepairOrder{ClosedAt: tt.closed}, now); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
	appts := []struct {
		typ, status string
		want        bool
	}{
		{"Service", appointment.StatusScheduled, true},
		{"Service", appointment.StatusCompleted, true},
		{"Service", appointment.StatusCancelled, false},
		{"Sales", appointment.StatusScheduled, false},
	}
	for _, tt := range appts {
		if got := dashboards.IsServiceLeadAppointment(appointment.Appointment{AppointmentType: tt.typ, Status: tt.status}); got != tt.want {
			t.Errorf("%s %s: %v, want %v", tt.typ, tt.status, got, tt.want)
		}
	}
}

// TestServiceLeads creates repair orders (as the dealer management system's import does)
// and a service appointment at the Toyota store through the repositories: the manager's
// counts and details follow them, day boundaries in the store's time zone; a sales person,
// another dealer group's store and a request without dates are refused.
func TestServiceLeads(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	la := mustZone("America/Los_Angeles")
	now := srv.Now()
	day := dayFrom(now, la)
	req := map[string]any{"AccountPlatformIDs": []int64{demo.StoreToyota}, "StartReportDate": day(-2), "EndReportDate": day(0), "ForceRefresh": true}
	counts := func(t *testing.T) dashboards.ServiceLeadCounts {
		t.Helper()
		var got httpapi.Result[dashboards.ServiceLeadCounts]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandoalertreporting/activitycount", As: manager, Body: body(req)}, &got); status != 200 {
			t.Fatalf("activitycount: %d", status)
		}
		return got.Data
	}
	before := counts(t)

	// Midnight at the start of the range's first day in Los Angeles, and of the day before.
	first, err := time.ParseInLocation("2006-01-02", day(-2), la)
	if err != nil {
		t.Fatal(err)
	}
	ros := repairorder.NewRepo(srv.Services.Store)
	made := []struct {
		number string
		opened time.Time
		closed time.Duration
	}{
		{"T-90001", first.Add(time.Minute), 4 * time.Hour},  // closed: Completed
		{"T-90002", now.Add(-2 * time.Hour), 0},             // open: Working
		{"T-90003", first.Add(-time.Minute), 2 * time.Hour}, // the day before the range: not counted
		{"T-90004", now.Add(-time.Hour), 0},                 // open: Working
	}
	for _, m := range made {
		ro := repairorder.RepairOrder{RONumber: m.number, ContactID: demo.ContactToyota, AccountPlatformID: demo.StoreToyota, VIN: "4T1B11HK5KU123456",
			Year: 2019, Make: "Toyota", Model: "Camry", OpenedAt: m.opened, Advisor: "Riley Novak",
			Lines: []repairorder.Line{{Description: "Brake inspection", PayType: repairorder.PayCustomer, Amount: 120.50}}}
		if m.closed > 0 {
			ro.ClosedAt = m.opened.Add(m.closed)
		}
		if err := ros.Create(ctx, tn, ro); err != nil {
			t.Fatalf("create %s: %v", m.number, err)
		}
	}
	appts := appointment.NewRepo(srv.Services.Store, nil)
	for i, status := range []string{appointment.StatusScheduled, appointment.StatusCancelled} {
		start := now.Add(-3 * time.Hour)
		if err := appts.Import(ctx, tn, appointment.Appointment{ID: demo.AppointmentID(demo.ContactToyota, 90+i), ContactID: demo.ContactToyota, AccountPlatformID: demo.StoreToyota,
			AssignedUserID: sales, AppointmentType: "Service", StartUTC: start, EndUTC: start.Add(time.Hour), Status: status,
			CreatedAt: start, CreatedBy: sales, UpdatedAt: start, UpdatedBy: sales}); err != nil {
			t.Fatal(err)
		}
	}

	after := counts(t)
	if d := [3]int{after.Appointments - before.Appointments, after.Completed - before.Completed, after.Working - before.Working}; d != [3]int{1, 1, 2} {
		t.Errorf("new service leads (appointments, completed, working) = %v, want [1 1 2]; before %+v after %+v", d, before, after)
	}
	if after.StartReportDate != day(-2) || after.EndReportDate != day(0) {
		t.Errorf("range = %s to %s", after.StartReportDate, after.EndReportDate)
	}

	var details httpapi.Result[dashboards.ServiceLeadDetails]
	req["SlmActivityType"] = dashboards.SLMWorking
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandoalertreporting/activitydetails", As: manager, Body: body(req)}, &details); status != 200 {
		t.Fatalf("activitydetails: %d", status)
	}
	d := details.Data
	if len(d.Working) != after.Working || len(d.Completed) != 0 || len(d.Appointments) != 0 {
		t.Fatalf("working details = %d working, %d completed, %d appointments", len(d.Working), len(d.Completed), len(d.Appointments))
	}
	if w := d.Working[0]; w.RONumber != "T-90004" || w.ContactName != "Maria Elena Gonzalez" || w.Vehicle != "2019 Toyota Camry" || w.Total != 120.50 || w.ClosedAt != nil {
		t.Errorf("latest working = %+v", w)
	}

	refusals := []struct {
		name   string
		as     string
		change func(map[string]any)
		status int
	}{
		{"a sales person", sales, func(map[string]any) {}, 403},
		{"no dates", manager, func(b map[string]any) { delete(b, "StartReportDate"); delete(b, "EndReportDate") }, 400},
		{"a bad date", manager, func(b map[string]any) { b["EndReportDate"] = "2026-13-40" }, 400},
		{"another dealer group's store", manager, func(b map[string]any) { b["AccountPlatformIDs"] = []int64{demo.OtherStore} }, 404},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			b := map[string]any{"AccountPlatformIDs": []int64{demo.StoreToyota}, "StartReportDate": day(-2), "EndReportDate": day(0)}
			tt.change(b)
			for _, path := range []string{"/pando/pandoalertreporting/activitycount", "/pando/pandoalertreporting/activitydetails"} {
				if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: path, As: tt.as, Body: body(b)}); status != tt.status {
					t.Errorf("%s: %d, want %d: %+v", path, status, tt.status, e)
				}
			}
		})
	}
}

// dayFrom returns a function giving the day n days from now's day in loc (YYYY-MM-DD).
func dayFrom(now time.Time, loc *time.Location) func(int) string {
	return func(n int) string {
		d := now.In(loc)
		return time.Date(d.Year(), d.Month(), d.Day()+n, 12, 0, 0, 0, loc).Format("2006-01-02")
	}
}
