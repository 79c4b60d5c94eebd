package appointment

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Action is a change a user makes to an appointment.
type Action string

// The actions.
const (
	Reschedule       Action = "reschedule"
	Confirm          Action = "confirm"
	SendConfirmation Action = "confirmation_sent"
	Show             Action = "show"
	NoShow           Action = "noshow"
	Cancel           Action = "cancel"
)

// Actions returns every action.
func Actions() []Action { return []Action{Reschedule, Confirm, SendConfirmation, Show, NoShow, Cancel} }

// Target returns the status action a leads to ("" for an unknown action).
func (a Action) Target() string {
	switch a {
	case Reschedule:
		return StatusRescheduled
	case Confirm:
		return StatusConfirmed
	case SendConfirmation:
		return StatusConfirmationSent
	case Show:
		return StatusCompleted
	case NoShow:
		return StatusNoShow
	case Cancel:
		return StatusCancelled
	}
	return ""
}

// verb is how a message names the action.
func (a Action) verb() string {
	switch a {
	case Reschedule:
		return "rescheduled"
	case Confirm:
		return "confirmed"
	case SendConfirmation:
		return "sent a confirmation"
	case Show:
		return "marked shown"
	case NoShow:
		return "marked a no-show"
	case Cancel:
		return "cancelled"
	}
	return string(a)
}

// Moves returns the statuses an appointment of status from may move to.
func Moves(from string) []string {
	open := []string{StatusRescheduled, StatusConfirmed, StatusConfirmationSent, StatusNoShow, StatusCompleted, StatusCancelled}
	switch from {
	case StatusScheduled, StatusRescheduled, StatusConfirmationSent:
		return open
	case StatusConfirmed:
		// A confirmed appointment needs no further confirmation.
		return []string{StatusRescheduled, StatusNoShow, StatusCompleted, StatusCancelled}
	case StatusNoShow:
		// A no-show is booked again, or corrected when the customer came after all.
		return []string{StatusRescheduled, StatusCompleted}
	}
	return nil
}

// Change is one action on an appointment.
type Change struct {
	Action Action
	// Version is the version of the appointment the caller read.
	Version int64
	// Start and End are a reschedule's new times.
	Start, End time.Time
	// AssignedUserID is a reschedule's new user; "" keeps the user.
	AssignedUserID string
	// By is the user who makes the change; Actor the real user under impersonation ("").
	By, Actor string
}

// Changeable checks that appointment a may take action act from a caller who read it at
// version: the move is legal from a's status (Moves) and a is at that version. Conflict errors
// say why not; an unknown action is an Invalid error.
func Changeable(a Appointment, act Action, version int64) error {
	to := act.Target()
	if to == "" {
		return apperr.InvalidFields("The change is not valid.", map[string]string{"path": fmt.Sprintf("%q is not an appointment change: choose one of %v.", act, Actions())})
	}
	if !slices.Contains(Moves(a.Status), to) {
		switch a.Status {
		case StatusCompleted:
			return apperr.Errorf(apperr.Conflict, "The appointment is completed: it cannot be %s.", act.verb())
		case StatusCancelled:
			return apperr.Errorf(apperr.Conflict, "The appointment was cancelled: it cannot be %s.", act.verb())
		}
		return apperr.Errorf(apperr.Conflict, "An appointment that is %s cannot be %s.", label(a.Status), act.verb())
	}
	if version != a.Version {
		return apperr.Errorf(apperr.Conflict, MsgStale)
	}
	return nil
}

// label names a status in a sentence.
func label(status string) string {
	switch status {
	case StatusNoShow:
		return "a no-show"
	case StatusConfirmationSent:
		return "sent a confirmation"
	}
	return strings.ToLower(status)
}

// Next returns appointment a after change ch at time now, with PreviousStatus a's status. The
// rules of Changeable apply. A reschedule needs an end after its start within MaxDuration, a
// start from now on (to the minute) and another time or user than a's; a no-show cannot be
// recorded before the appointment starts: Invalid errors otherwise.
func Next(a Appointment, ch Change, now time.Time) (Appointment, error) {
	if err := Changeable(a, ch.Action, ch.Version); err != nil {
		return Appointment{}, err
	}
	at := now.UTC()
	switch ch.Action {
	case Reschedule:
		start, end := ch.Start.UTC().Truncate(time.Minute), ch.End.UTC().Truncate(time.Minute)
		fields := map[string]string{}
		if start.IsZero() {
			fields["start"] = "Enter the new start date and time."
		} else if start.Before(at.Truncate(time.Minute)) {
			fields["start"] = "Choose a start from now on."
		}
		if msg := validTimes(start, end); msg != "" {
			fields["end"] = msg
		}
		user := ch.AssignedUserID
		if user == "" {
			user = a.AssignedUserID
		}
		if len(fields) == 0 && start.Equal(a.StartUTC) && end.Equal(a.EndUTC) && user == a.AssignedUserID {
			fields["start"] = "The appointment is at this time already: choose another time or user."
		}
		if len(fields) > 0 {
			return Appointment{}, apperr.InvalidFields("The new time is not valid.", fields)
		}
		a.StartUTC, a.EndUTC, a.AssignedUserID = start, end, user
	case NoShow:
		if at.Before(a.StartUTC) {
			return Appointment{}, apperr.InvalidFields("The appointment has not started.", map[string]string{"statusId": "A customer cannot miss an appointment that has not started yet."})
		}
	}
	a.PreviousStatus, a.Status = a.Status, ch.Action.Target()
	a.UpdatedAt, a.UpdatedBy = at, ch.By
	a.Overlaps = false
	return a, nil
}
