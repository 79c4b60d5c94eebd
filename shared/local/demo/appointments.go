package demo

import (
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/appointment"
)

// AppointmentID returns the id of the demo group's appointment n of customer contactID.
func AppointmentID(contactID int64, n int) string { return fmt.Sprintf("AP-%d-%012d", contactID, n) }

// appointments are the demo group's calendar: upcoming, confirmed (two of them at the same
// time, so the calendar flags the overlap), and past ones that were kept or missed.
func appointments() []appointment.Appointment {
	a := func(contactID int64, n int, st int64, who, typ, start string, minutes int, status, previous, note string) appointment.Appointment {
		at := day(start)
		return appointment.Appointment{
			ID: AppointmentID(contactID, n), ContactID: contactID, AccountPlatformID: st, AssignedUserID: who, AppointmentType: typ,
			Note: note, StartUTC: at, EndUTC: at.Add(time.Duration(minutes) * time.Minute), Status: status, PreviousStatus: previous,
			CreatedAt: day("2026-11-01T16:00:00Z"), CreatedBy: "100001", UpdatedAt: day("2026-11-01T16:00:00Z"), UpdatedBy: "100001",
		}
	}
	return []appointment.Appointment{
		a(ContactToyota, 1, StoreToyota, "100001", "Sales", "2027-01-16T18:00:00Z", 60, appointment.StatusScheduled, "", "RAV4 Limited test drive and lease numbers."),
		a(ContactToyota, 2, StoreToyota, "100001", "Delivery", "2026-10-02T22:00:00Z", 90, appointment.StatusCompleted, appointment.StatusConfirmed, "Camry delivery: paperwork signed, plates on."),
		a(ContactToyotaBusiness, 1, StoreToyota, "100001", "Sales", "2027-01-16T18:30:00Z", 60, appointment.StatusConfirmed, appointment.StatusScheduled, "Fleet pricing for three Tacomas."),
		a(ContactHonda, 1, StoreHonda, "100001", "Appraisal", "2027-02-06T18:00:00Z", 45, appointment.StatusConfirmationSent, appointment.StatusScheduled, "Saturday trade-in appraisal of the CR-V."),
		a(ContactHonda, 2, StoreHonda, "100001", "Test Drive", "2026-11-07T19:00:00Z", 30, appointment.StatusNoShow, appointment.StatusScheduled, ""),
		a(ContactHyundai, 1, StoreHyundai, "100005", "Service", "2027-01-05T17:00:00Z", 120, appointment.StatusScheduled, "", "Winter service special: tires and ICCU check."),
	}
}
