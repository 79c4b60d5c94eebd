package appointment_test

import (
	"slices"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// sample is an appointment of status at version 3, from 10:00 to 11:00 UTC on Dec 1, 2026.
func sample(status string) appointment.Appointment {
	return appointment.Appointment{
		ID: "AP-7001-0123456789ab", ContactID: 7001, AccountPlatformID: 2001, AssignedUserID: "100001", AppointmentType: "Sales",
		StartUTC: at("2026-12-01T10:00:00Z"), EndUTC: at("2026-12-01T11:00:00Z"), Status: status, Version: 3,
	}
}

// TestMoves tries every action from every status: the legal moves (and only those) land on
// the action's status with the previous status kept; every other one is a Conflict error.
func TestMoves(t *testing.T) {
	t.Parallel()
	legal := map[string][]appointment.Action{
		appointment.StatusScheduled:        {appointment.Reschedule, appointment.Confirm, appointment.SendConfirmation, appointment.Show, appointment.NoShow, appointment.Cancel},
		appointment.StatusRescheduled:      {appointment.Reschedule, appointment.Confirm, appointment.SendConfirmation, appointment.Show, appointment.NoShow, appointment.Cancel},
		appointment.StatusConfirmationSent: {appointment.Reschedule, appointment.Confirm, appointment.SendConfirmation, appointment.Show, appointment.NoShow, appointment.Cancel},
		appointment.StatusConfirmed:        {appointment.Reschedule, appointment.Show, appointment.NoShow, appointment.Cancel},
		appointment.StatusNoShow:           {appointment.Reschedule, appointment.Show},
		appointment.StatusCompleted:        nil,
		appointment.StatusCancelled:        nil,
	}
	// After the start, so a no-show may be recorded; a reschedule moves to the next day.
	now := at("2026-12-01T10:30:00Z")
	for _, from := range appointment.Statuses() {
		for _, act := range appointment.Actions() {
			ok := slices.Contains(legal[from], act)
			t.Run(from+"/"+string(act), func(t *testing.T) {
				t.Parallel()
				ch := appointment.Change{Action: act, Version: 3, By: "100002",
					Start: at("2026-12-02T15:00:00Z"), End: at("2026-12-02T16:00:00Z")}
				got, err := appointment.Next(sample(from), ch, now)
				if !ok {
					if code := apperr.CodeOf(err); code != apperr.Conflict {
						t.Fatalf("Next = %v (%v), want a Conflict error", got.Status, err)
					}
					if msg := messageOf(err); msg == "" {
						t.Error("the refusal says nothing")
					}
					return
				}
				if err != nil {
					t.Fatalf("Next: %v", err)
				}
				if got, want := got.Status, act.Target(); got != want {
					t.Errorf("Status = %q, want %q", got, want)
				}
				if got.PreviousStatus != from {
					t.Errorf("PreviousStatus = %q, want %q", got.PreviousStatus, from)
				}
				if got.UpdatedBy != "100002" || !got.UpdatedAt.Equal(now) {
					t.Errorf("updated by %q at %v, want 100002 at %v", got.UpdatedBy, got.UpdatedAt, now)
				}
			})
		}
	}
}

func TestNextRefuses(t *testing.T) {
	t.Parallel()
	now := at("2026-12-01T09:00:00Z")
	tests := []struct {
		name  string
		ch    appointment.Change
		code  apperr.Code
		field string
	}{
		{"stale version", appointment.Change{Action: appointment.Confirm, Version: 2}, apperr.Conflict, ""},
		{"unknown action", appointment.Change{Action: "archive", Version: 3}, apperr.Invalid, "path"},
		{"no-show before the start", appointment.Change{Action: appointment.NoShow, Version: 3}, apperr.Invalid, "statusId"},
		{"reschedule into the past", appointment.Change{Action: appointment.Reschedule, Version: 3, Start: at("2026-12-01T08:00:00Z"), End: at("2026-12-01T08:30:00Z")}, apperr.Invalid, "start"},
		{"reschedule ending first", appointment.Change{Action: appointment.Reschedule, Version: 3, Start: at("2026-12-02T10:00:00Z"), End: at("2026-12-02T10:00:00Z")}, apperr.Invalid, "end"},
		{"reschedule too long", appointment.Change{Action: appointment.Reschedule, Version: 3, Start: at("2026-12-02T08:00:00Z"), End: at("2026-12-02T21:00:00Z")}, apperr.Invalid, "end"},
		{"reschedule to the same time", appointment.Change{Action: appointment.Reschedule, Version: 3, Start: at("2026-12-01T10:00:00Z"), End: at("2026-12-01T11:00:00Z")}, apperr.Invalid, "start"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := appointment.Next(sample(appointment.StatusScheduled), tc.ch, now)
			if got := apperr.CodeOf(err); got != tc.code {
				t.Fatalf("code = %v (%v), want %v", got, err, tc.code)
			}
			if tc.field != "" {
				if _, ok := fieldsOf(err)[tc.field]; !ok {
					t.Errorf("fields = %v, want one for %s", fieldsOf(err), tc.field)
				}
			}
		})
	}
	// The same time with another user is a reassignment: allowed.
	got, err := appointment.Next(sample(appointment.StatusScheduled), appointment.Change{Action: appointment.Reschedule, Version: 3,
		Start: at("2026-12-01T10:00:00Z"), End: at("2026-12-01T11:00:00Z"), AssignedUserID: "100003"}, now)
	if err != nil || got.AssignedUserID != "100003" {
		t.Errorf("reassign = %+v, %v; want user 100003", got, err)
	}
}

func TestWindow(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		day      string
		now      string
		loc      *time.Location
		from, to string
	}{
		{"today in the store's zone", "", "2026-11-29T03:00:00Z", ny, "2026-11-28T05:00:00Z", "2027-11-28T05:00:00Z"},
		{"today in UTC", "", "2026-11-29T03:00:00Z", time.UTC, "2026-11-29T00:00:00Z", "2027-11-29T00:00:00Z"},
		{"a given day", "2026-07-04", "2026-11-29T03:00:00Z", ny, "2026-07-04T04:00:00Z", "2027-07-04T04:00:00Z"},
		{"a leap day", "2028-02-29", "2026-11-29T03:00:00Z", time.UTC, "2028-02-29T00:00:00Z", "2029-03-01T00:00:00Z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			from, to, err := appointment.Window(tc.day, at(tc.now), tc.loc, "Start")
			if err != nil {
				t.Fatal(err)
			}
			if !from.Equal(at(tc.from)) || !to.Equal(at(tc.to)) {
				t.Errorf("Window = %v, %v; want %s, %s", from, to, tc.from, tc.to)
			}
		})
	}
	if _, _, err := appointment.Window("12/01/2026", at("2026-11-29T03:00:00Z"), ny, "Start"); fieldsOf(err)["Start"] == "" {
		t.Errorf("a malformed day: %v, want a field error for Start", err)
	}
}

func TestParseLocal(t *testing.T) {
	t.Parallel()
	ny, _ := time.LoadLocation("America/New_York")
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"2026-12-01T10:00", "2026-12-01T15:00:00Z", true},
		{"2026-07-01T10:00", "2026-07-01T14:00:00Z", true},
		{"2027-03-14T02:30", "", false},                    // skipped when clocks go forward
		{"2026-11-01T01:30", "2026-11-01T05:30:00Z", true}, // repeated: the first
		{"tomorrow", "", false},
	}
	for _, tc := range tests {
		got, err := appointment.ParseLocal(tc.in, ny, "start")
		if (err == nil) != tc.ok || (tc.ok && !got.Equal(at(tc.want))) {
			t.Errorf("ParseLocal(%q) = %v, %v; want %s (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestFlagOverlaps(t *testing.T) {
	t.Parallel()
	mk := func(id, user, start, end, status string) appointment.Appointment {
		return appointment.Appointment{ID: id, AssignedUserID: user, StartUTC: at(start), EndUTC: at(end), Status: status}
	}
	as := []appointment.Appointment{
		mk("a", "u1", "2026-12-01T10:00:00Z", "2026-12-01T11:00:00Z", appointment.StatusScheduled),
		mk("b", "u1", "2026-12-01T10:30:00Z", "2026-12-01T11:30:00Z", appointment.StatusConfirmed),
		mk("c", "u1", "2026-12-01T11:30:00Z", "2026-12-01T12:00:00Z", appointment.StatusScheduled), // touches b's end only
		mk("d", "u2", "2026-12-01T10:00:00Z", "2026-12-01T11:00:00Z", appointment.StatusScheduled), // another user
		mk("e", "u1", "2026-12-01T11:40:00Z", "2026-12-01T11:50:00Z", appointment.StatusCancelled),
	}
	appointment.FlagOverlaps(as, as)
	want := map[string]bool{"a": true, "b": true, "c": false, "d": false, "e": false}
	for _, a := range as {
		if a.Overlaps != want[a.ID] {
			t.Errorf("%s: Overlaps = %v, want %v", a.ID, a.Overlaps, want[a.ID])
		}
	}
}

// fieldsOf returns the field errors of err.
func fieldsOf(err error) map[string]string {
	if e, ok := apperr.As(err); ok {
		return e.Fields
	}
	return nil
}

// messageOf returns the message of err.
func messageOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	return ""
}
