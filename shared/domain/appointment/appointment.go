// Package appointment keeps the calendar of a store: appointments of its customers with one of
// its users (a sales appointment, a delivery, a service visit), from a start to an end.
//
// Statuses and moves. A new appointment is Scheduled. Moving it to another time makes it
// Rescheduled; a sent confirmation makes it ConfirmationSent and the customer's confirmation
// Confirmed; the customer showing up completes it (Completed) and not showing up makes it a
// NoShow; it may be Cancelled. Completed and Cancelled appointments are final; a no-show may
// be rescheduled, or completed when the customer came after all. Every other move is refused
// with a Conflict error that says why (see Next and Moves).
//
// Times are kept in UTC and shown in the time zone of the appointment's store: the caller
// reads wall-clock times there (ParseLocal) and formats them there (Local). Appointments of
// one user may overlap: that is allowed, and a read flags each appointment that overlaps
// another of its user's that is not cancelled (Overlaps).
//
// Writes. Each change is a versioned write of the appointment item (a stale version is a
// Conflict error) made in one transaction with its event (AppointmentSet on create,
// AppointmentChanged on every later change; the detail is a Payload, the id names the
// appointment and the version written, so a redelivery is recognisably the same event) and
// the customer's activity entry that records it (with that entry's own ActivityLogged event).
//
// Appointment ids name the customer they are kept under ("AP-{contact}-{random}"), so an
// appointment is found from its id alone.
//
// Access patterns:
//
//	pattern                              index  key condition
//	a customer's appointments            table  PK = A#{acct}#C#{contact}, begins_with(SK, "APPT#")
//	an appointment by id                 table  PK = A#{acct}#C#{contact of the id}, SK = APPT#{id}
//	a store's appointments by start      GSI1   GSI1PK = A#{acct}#AS#{store}, GSI1SK BETWEEN {from} AND {to}
//	a user's appointments by start       GSI2   GSI2PK = A#{acct}#AU#{user}, GSI2SK BETWEEN {from} AND {to}
//
// Index sort keys are {start, fixed width}#{id}, so they sort by start; a reschedule or a
// reassignment moves the entries with the item.
package appointment

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Appointment statuses (section 4), in the order of their ids (StatusID).
const (
	StatusScheduled        = "Scheduled"
	StatusRescheduled      = "Rescheduled"
	StatusConfirmed        = "Confirmed"
	StatusNoShow           = "NoShow"
	StatusCompleted        = "Completed"
	StatusConfirmationSent = "ConfirmationSent"
	StatusCancelled        = "Cancelled"
)

// Statuses returns every status, in the order of their ids.
func Statuses() []string {
	return []string{StatusScheduled, StatusRescheduled, StatusConfirmed, StatusNoShow, StatusCompleted, StatusConfirmationSent, StatusCancelled}
}

// StatusID returns the id of status (1 to 7; 0 for an unknown status).
func StatusID(status string) int { return slices.Index(Statuses(), status) + 1 }

// StatusOf returns the status of id; false for an unknown id.
func StatusOf(id int) (string, bool) {
	if id < 1 || id > len(Statuses()) {
		return "", false
	}
	return Statuses()[id-1], true
}

// Types returns the kinds of appointment.
func Types() []string {
	return []string{"Sales", "Delivery", "Service", "Test Drive", "Appraisal", "Finance", "Other"}
}

// Limits.
const (
	MaxDuration   = 12 * time.Hour
	MaxNoteLength = 2000
	// WindowSize is the most appointments a search returns at once.
	WindowSize = 100
)

// Appointment is one appointment of a customer.
type Appointment struct {
	ID                string    `json:"appointmentId"`
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId" doc:"The store the appointment is at."`
	AssignedUserID    string    `json:"assignedUserId" doc:"The user the customer meets."`
	AppointmentType   string    `json:"appointmentType" doc:"Sales, Delivery, Service, Test Drive, Appraisal, Finance or Other."`
	Note              string    `json:"note"`
	StartUTC          time.Time `json:"startUtc"`
	EndUTC            time.Time `json:"endUtc"`
	Status            string    `json:"status" enum:"Scheduled,Rescheduled,Confirmed,NoShow,Completed,ConfirmationSent,Cancelled"`
	PreviousStatus    string    `json:"previousStatus,omitempty" required:"false" doc:"The status before the latest change; empty for a new appointment."`
	CreatedAt         time.Time `json:"createdAt"`
	CreatedBy         string    `json:"createdBy"`
	UpdatedAt         time.Time `json:"updatedAt"`
	UpdatedBy         string    `json:"updatedBy"`
	// Overlaps is computed when the appointment is read; it is never stored.
	Overlaps bool  `json:"overlaps" readOnly:"true" doc:"Whether the appointment overlaps another of its user's that is not cancelled: allowed, and flagged."`
	Version  int64 `json:"version" doc:"The version the appointment was read at; a change sends it back, and a stale version is refused with 409."`
}

// Active reports whether a is still to happen or happening: not completed, cancelled or a no-show.
func (a Appointment) Active() bool {
	return !slices.Contains([]string{StatusCompleted, StatusCancelled, StatusNoShow}, a.Status)
}

var idPattern = regexp.MustCompile(`^AP-([1-9][0-9]{0,18})-[0-9a-f]{12}$`)

// NewID returns a new id of an appointment of contact contactID.
func NewID(contactID int64) string {
	var b [6]byte
	rand.Read(b[:])
	return fmt.Sprintf("AP-%d-%s", contactID, hex.EncodeToString(b[:]))
}

// ContactOf returns the contact an appointment id names; false for a malformed id.
func ContactOf(id string) (int64, bool) {
	m := idPattern.FindStringSubmatch(id)
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	return n, err == nil
}

// Validate checks a: its id names its contact, a store, an assigned user, a known type and
// status, an end after the start within MaxDuration, and a note of at most MaxNoteLength.
func Validate(a Appointment) error {
	fields := map[string]string{}
	if c, ok := ContactOf(a.ID); !ok || c != a.ContactID {
		fields["appointmentId"] = "The appointment id does not name the customer."
	}
	if a.ContactID < 1 {
		fields["contactId"] = "Choose the customer."
	}
	if a.AccountPlatformID < 1 {
		fields["accountPlatformId"] = "Choose the store."
	}
	if a.AssignedUserID == "" {
		fields["assignedUserId"] = "Choose the user the customer meets."
	}
	if !slices.Contains(Types(), a.AppointmentType) {
		fields["appointmentType"] = "Choose the appointment type: " + strings.Join(Types(), ", ") + "."
	}
	if !slices.Contains(Statuses(), a.Status) {
		fields["status"] = "Choose an appointment status."
	}
	if err := validTimes(a.StartUTC, a.EndUTC); err != "" {
		fields["end"] = err
	}
	if a.StartUTC.IsZero() {
		fields["start"] = "Enter the start date and time."
	}
	if utf8.RuneCountInString(a.Note) > MaxNoteLength {
		fields["note"] = fmt.Sprintf("The note must be at most %d characters.", MaxNoteLength)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The appointment is not valid.", fields)
	}
	return nil
}

// validTimes returns what is wrong with an appointment from start to end, or "".
func validTimes(start, end time.Time) string {
	switch {
	case start.IsZero():
		return ""
	case !end.After(start):
		return "The appointment must end after it starts."
	case end.Sub(start) > MaxDuration:
		return fmt.Sprintf("An appointment lasts at most %d hours.", int(MaxDuration.Hours()))
	}
	return ""
}

// Overlap reports whether a and b share time: b starts before a ends and ends after a starts.
func Overlap(a, b Appointment) bool {
	return b.StartUTC.Before(a.EndUTC) && b.EndUTC.After(a.StartUTC)
}

// FlagOverlaps sets Overlaps on every appointment of as that overlaps another appointment of
// the same user among others (the user's appointments around them) that is not cancelled.
// Cancelled appointments are never flagged.
func FlagOverlaps(as []Appointment, others []Appointment) {
	for i := range as {
		a := &as[i]
		a.Overlaps = false
		if a.Status == StatusCancelled {
			continue
		}
		for _, o := range others {
			if o.ID != a.ID && o.AssignedUserID == a.AssignedUserID && o.Status != StatusCancelled && Overlap(*a, o) {
				a.Overlaps = true
				break
			}
		}
	}
}
