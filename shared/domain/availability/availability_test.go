package availability_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/auth"
)

func TestAvailabilityEnds(t *testing.T) {
	t.Parallel()
	until := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	a := availability.Availability{UserID: "1", ReasonID: 1, Reason: "Lunch", Until: &until}
	tests := []struct {
		now  time.Time
		want bool
	}{
		{until.Add(-time.Minute), false},
		{until, true},
		{until.Add(time.Hour), true},
	}
	for _, tt := range tests {
		got := a.At(tt.now)
		if got.Available != tt.want || (got.Available && got.ReasonID != 0) {
			t.Errorf("at %v = %+v, want available %v", tt.now, got, tt.want)
		}
	}
	open := availability.Availability{UserID: "1", ReasonID: 1}
	if open.At(until.Add(1000 * time.Hour)).Available {
		t.Error("an unavailability without an end ended")
	}
}

func TestCanChange(t *testing.T) {
	t.Parallel()
	manager := func(id string, stores ...int64) auth.Principal {
		return auth.Principal{UserID: id, Permissions: []string{role.PermManagerDashboard}, ViewStores: stores}
	}
	target := user.Profile{UserID: "t", AllowedStores: []int64{2}}
	tests := []struct {
		name  string
		actor auth.Principal
		want  bool
	}{
		{"the user", auth.Principal{UserID: "t"}, true},
		{"manager of the user's store", manager("m", 1, 2), true},
		{"manager of other stores", manager("m", 1, 3), false},
		{"colleague without the permission", auth.Principal{UserID: "c", Permissions: []string{role.PermBDCDashboard}, ViewStores: []int64{2}}, false},
	}
	for _, tt := range tests {
		if got := availability.CanChange(tt.actor, target); got != tt.want {
			t.Errorf("%s: CanChange = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestTally(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	ended := now.Add(-time.Minute)
	users := []user.Profile{
		{UserID: "1", UserType: 1, UserStatus: user.StatusActive, AllowedStores: []int64{1}},
		{UserID: "2", UserType: 1, UserStatus: user.StatusActive, AllowedStores: []int64{1, 2}},
		{UserID: "3", UserType: 1, UserStatus: user.StatusActive, AllowedStores: []int64{2}},
		{UserID: "4", UserType: 1, UserStatus: user.StatusInactive, AllowedStores: []int64{1}},
		{UserID: "PS5", UserType: 1, UserStatus: user.StatusActive, AllowedStores: []int64{1}},
	}
	avail := map[string]availability.Availability{
		"2":   {UserID: "2", ReasonID: 1},
		"3":   {UserID: "3", ReasonID: 1, Until: &ended},
		"4":   {UserID: "4", ReasonID: 1},
		"PS5": {UserID: "PS5", ReasonID: 1},
	}
	tests := []struct {
		stores []int64
		want   availability.Headcount
	}{
		{[]int64{1, 2}, availability.Headcount{Available: 2, Unavailable: 1, Total: 3}},
		{[]int64{1}, availability.Headcount{Available: 1, Unavailable: 1, Total: 2}},
		{[]int64{2}, availability.Headcount{Available: 1, Unavailable: 1, Total: 2}},
	}
	for _, tt := range tests {
		if got := availability.Tally(users, avail, tt.stores, now); got != tt.want {
			t.Errorf("Tally(%v) = %+v, want %+v", tt.stores, got, tt.want)
		}
	}
}
