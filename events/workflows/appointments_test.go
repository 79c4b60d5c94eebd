package workflows_test

import (
	"encoding/json"
	"testing"

	"github.com/cxm/cxm/events/workflows"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/runtime/eventbus"
)

// TestAppointmentSubjects checks which appointment events rules start and end on: a new
// appointment, and a move to NoShow.
func TestAppointmentSubjects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name             string
		typ              string
		status, previous string
		want             int64
	}{
		{"set", appointment.EventSet, appointment.StatusScheduled, "", rule.ActivityAppointmentSet},
		{"no-show", appointment.EventChanged, appointment.StatusNoShow, appointment.StatusConfirmed, rule.ActivityAppointmentNoShow},
		{"confirmed", appointment.EventChanged, appointment.StatusConfirmed, appointment.StatusScheduled, 0},
		{"shown", appointment.EventChanged, appointment.StatusCompleted, appointment.StatusNoShow, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			detail, _ := json.Marshal(appointment.Payload{AppointmentID: "AP-7001-0123456789ab", ContactID: 7001, AccountPlatformID: 2001,
				AssignedUserID: "100001", Status: tc.status, PreviousStatus: tc.previous, AppointmentType: "Sales", UserID: "100003"})
			sub, ok, err := workflows.SubjectOf(eventbus.Event{ID: "e", Type: tc.typ, Account: "1001", Detail: detail})
			if err != nil {
				t.Fatal(err)
			}
			if got := map[bool]int64{true: sub.ActivityTypeID}[ok]; got != tc.want {
				t.Errorf("activity type = %d (ok %v), want %d", sub.ActivityTypeID, ok, tc.want)
			}
			if ok && (sub.StoreID != 2001 || sub.ContactID != 7001 || sub.UserID != "100003") {
				t.Errorf("subject = %+v", sub)
			}
		})
	}
	for _, id := range []int64{rule.ActivityAppointmentSet, rule.ActivityAppointmentNoShow} {
		if _, ok := rule.ActivityTypeOf(id); !ok {
			t.Errorf("activity type %d is not in the catalog", id)
		}
	}
}
