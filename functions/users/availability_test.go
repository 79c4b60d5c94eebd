package users_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/users"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

// Demo users.
const (
	sales      = "100001" // Sam Ortega: Toyota and Honda, no permissions
	manager    = "100002" // Morgan Reyes: every store, manager dashboard
	bdc        = "100003" // Bailey Chen: Toyota, seeded unavailable (Training)
	bdcManager = "100004" // Jordan Patel: every store, no manager dashboard
	admin      = "100008" // Taylor Brooks: dealer admin with access to every store
	gm         = "100009" // Alex Morgan: every store, not a dealer admin
	usedCar    = "100010" // Jamie Fraser: Toyota and Honda, manager dashboard
	parts      = "100013" // Parker Lee: Hyundai only
	onVacation = "100104" // a Honda sales person, seeded unavailable (Vacation)
)

func availabilityOf(t *testing.T, srv *areatest.Server, userID string) availability.Availability {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	a, err := availability.NewRepo(srv.Services.Store).Get(context.Background(), tn, userID)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestChangeAvailability(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	future := srv.Now().Add(2 * time.Hour).UTC().Format(time.RFC3339)
	past := srv.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	away := func(reason int, until string) string {
		if until == "" {
			return fmt.Sprintf(`{"Available":false,"ReasonId":%d}`, reason)
		}
		return fmt.Sprintf(`{"Available":false,"ReasonId":%d,"Until":%q}`, reason, until)
	}
	tests := []struct {
		name      string
		as        string
		target    string
		body      string
		status    int
		field     string
		available bool // the target's availability afterwards
	}{
		{"own availability", sales, sales, away(1, future), 200, "", false},
		{"back again", sales, sales, `{"Available":true}`, 200, "", true},
		{"another user's, without being a manager", sales, usedCar, away(1, ""), 403, "", true},
		{"manager of a shared store", manager, sales, away(2, ""), 200, "", false},
		{"manager of other stores", usedCar, parts, away(2, ""), 403, "", true},
		{"not a manager", bdcManager, bdc, `{"Available":true}`, 403, "", false},
		{"manager brings a user back", manager, bdc, `{"Available":true}`, 200, "", true},
		{"user of another dealer group", manager, demo.OtherUserID, away(1, ""), 404, "", true},
		{"automation user", manager, "9999999", away(1, ""), 404, "", true},
		{"unknown user", manager, "424242", away(1, ""), 404, "", true},
		{"no reason", gm, gm, `{"Available":false}`, 400, "ReasonId", true},
		{"retired reason", gm, gm, away(8, ""), 400, "ReasonId", true},
		{"unknown reason", gm, gm, away(99, ""), 400, "ReasonId", true},
		{"end in the past", gm, gm, away(1, past), 400, "Until", true},
		{"available with a reason", gm, gm, `{"Available":true,"ReasonId":1}`, 400, "ReasonId", true},
		{"not a time", gm, gm, `{"Available":false,"ReasonId":1,"Until":"soon"}`, 400, "Until", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "PUT", Path: "/users/" + tt.target + "/availability", As: tt.as, Body: tt.body}
			if tt.status == 200 {
				var got httpapi.Legacy[availability.Availability]
				if status := srv.Do(t, req, &got); status != 200 {
					t.Fatalf("status = %d", status)
				}
				if got.Data.UserID != tt.target || got.Data.UpdatedBy != tt.as {
					t.Errorf("availability = %+v", got.Data)
				}
			} else {
				status, e := srv.Error(t, req)
				if status != tt.status {
					t.Fatalf("status = %d, want %d (%v)", status, tt.status, e.ErrorMessages)
				}
				if tt.field != "" && !strings.Contains(fmt.Sprint(e.ErrorMessages, e.FieldErrors), tt.field) {
					t.Errorf("error %v %v does not name %s", e.ErrorMessages, e.FieldErrors, tt.field)
				}
			}
			if tt.status == 404 {
				return
			}
			if got := availabilityOf(t, srv, tt.target); got.Available != tt.available {
				t.Errorf("%s available = %v, want %v", tt.target, got.Available, tt.available)
			}
		})
	}

	// The same change through the user schedule call.
	var saved httpapi.Result[availability.Availability]
	body := fmt.Sprintf(`{"UserId":%q,"Available":false,"ReasonId":4}`, parts)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/user_schedule/save_availability", As: parts, Body: body}, &saved); status != 200 {
		t.Fatalf("save_availability status = %d", status)
	}
	if saved.Data.Reason != "Training" || !saved.Successful {
		t.Errorf("saved = %+v", saved)
	}
	body = fmt.Sprintf(`{"UserId":%q,"Available":true}`, parts)
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/user_schedule/save_availability", As: sales, Body: body}); status != 403 {
		t.Errorf("save_availability of another user's: status = %d, want 403", status)
	}
}

func TestAvailabilityReport(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)

	var reasons httpapi.Legacy[[]availability.AwayReason]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/users/availabilityreasons", As: sales}, &reasons); status != 200 {
		t.Fatalf("reasons status = %d", status)
	}
	var names []string
	for _, r := range reasons.Data {
		names = append(names, r.Name)
	}
	if diff := cmp.Diff([]string{"Lunch", "With a customer", "In a meeting", "Training", "Day off", "Vacation", "Sick"}, names); diff != "" {
		t.Errorf("reasons (-want +got):\n%s", diff)
	}

	counts := []struct {
		as, scope   string
		unavailable int
	}{
		{admin, "", 2},
		{sales, "", 2},
		{admin, fmt.Sprint(demo.StoreHyundai), 0},
		{admin, fmt.Sprint(demo.StoreToyota), 1},
	}
	for _, tt := range counts {
		var got httpapi.Legacy[availability.Headcount]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/users/availabilityReport/count", As: tt.as, Scope: tt.scope}, &got); status != 200 {
			t.Fatalf("count status = %d", status)
		}
		if got.Data.Unavailable != tt.unavailable || got.Data.Available+got.Data.Unavailable != got.Data.Total || got.Data.Total == 0 {
			t.Errorf("count as %s scope %q = %+v, want %d unavailable", tt.as, tt.scope, got.Data, tt.unavailable)
		}
	}

	var report httpapi.Matched[[]users.UserAvailability]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/users/availabilityReport", As: admin, Body: `{"Available":false}`}, &report); status != 200 {
		t.Fatalf("report status = %d", status)
	}
	var away []string
	for _, l := range report.Data {
		away = append(away, l.UserID+" "+l.Reason)
	}
	if diff := cmp.Diff([]string{bdc + " Training", onVacation + " Vacation"}, away); diff != "" {
		t.Errorf("unavailable users (-want +got):\n%s", diff)
	}
	if report.MatchedCount != 2 {
		t.Errorf("MatchedCount = %d, want 2", report.MatchedCount)
	}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/users/availabilityReport", As: admin}, &report); status != 200 || report.MatchedCount != len(report.Data) || report.MatchedCount < 20 {
		t.Errorf("report without a body: status %d, %d of %d", status, len(report.Data), report.MatchedCount)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/users/availabilityReport", As: sales, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.StoreHyundai)}); status != 403 {
		t.Errorf("report of a store the user may not view: status = %d, want 403", status)
	}

	var perStore httpapi.Result[[]availability.Headcount]
	body := fmt.Sprintf(`{"AccountPlatformIds":[%d,%d]}`, demo.StoreToyota, demo.StoreHonda)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/user_schedule/get_availability_counts", As: sales, Body: body}, &perStore); status != 200 {
		t.Fatalf("counts status = %d", status)
	}
	var lines []string
	for _, c := range perStore.Data {
		lines = append(lines, fmt.Sprintf("%d:%d", c.AccountPlatformID, c.Unavailable))
	}
	if diff := cmp.Diff([]string{fmt.Sprintf("%d:1", demo.StoreHonda), fmt.Sprintf("%d:1", demo.StoreToyota)}, lines); diff != "" {
		t.Errorf("per-store counts, by store name (-want +got):\n%s", diff)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/user_schedule/get_availability_counts", As: admin, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.OtherStore)}); status != 404 {
		t.Errorf("counts of another group's store: status = %d, want 404", status)
	}
}

func TestNotify(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var published []eventbus.Event
	srv.Events.Subscribe(notification.EventType, func(_ context.Context, e eventbus.Event) error {
		published = append(published, e)
		return nil
	})
	tests := []struct {
		name   string
		target string
		body   string
		status int
	}{
		{"user of the dealer group", parts, `{"Title":"New lead","Message":"A lead is waiting for you.","Link":"#/app/leads"}`, 200},
		{"without a body", manager, "", 200},
		{"user of another dealer group", demo.OtherUserID, `{"Message":"hello"}`, 404},
		{"unknown user", "424242", `{"Message":"hello"}`, 404},
		{"message too long", parts, fmt.Sprintf(`{"Message":%q}`, strings.Repeat("x", 501)), 400},
		{"link outside the app", parts, `{"Message":"hi","Link":"https://example.com"}`, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/users/" + tt.target + "/notify", As: sales, Body: tt.body}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Legacy[notification.Notification]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			if got.Data.UserID != tt.target || got.Data.FromUserID != sales || got.Data.NotificationID == "" {
				t.Errorf("notification = %+v", got.Data)
			}
		})
	}
	tn, _ := account.Tenant(demo.AccountID)
	stored, err := notification.NewRepo(srv.Services.Store, nil).List(context.Background(), tn, parts, 10, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Notifications) != 1 || stored.Notifications[0].Title != "New lead" || stored.Notifications[0].Read {
		t.Errorf("stored notifications of %s = %+v, want one unread", parts, stored.Notifications)
	}
	if len(published) != 2 {
		t.Errorf("%d events published, want 2", len(published))
	}
}

func TestSuperUser(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, tt := range []struct {
		as   string
		want bool
	}{{admin, true}, {gm, false}, {sales, false}} {
		var got httpapi.Legacy[users.SuperUser]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/users/superuser", As: tt.as}, &got); status != 200 {
			t.Fatalf("status = %d", status)
		}
		if got.Data.IsSuperUser != tt.want || got.Data.UserID != tt.as {
			t.Errorf("superuser check of %s = %+v, want %v", tt.as, got.Data, tt.want)
		}
	}
}
