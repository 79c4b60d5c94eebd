package appointment

import (
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// LocalLayout is how a user gives a time: the date and time as the store's clocks read them,
// without a zone.
const LocalLayout = "2006-01-02T15:04"

// DayLayout is how a user gives a day.
const DayLayout = "2006-01-02"

// Location returns the time zone named tz (an IANA name; "" is UTC).
func Location(tz string) (*time.Location, error) {
	if tz == "" {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "The store's time zone is not known.")
	}
	return loc, nil
}

// ParseLocal returns the instant that wall-clock time s (LocalLayout) names in loc. A time
// the zone skips (the hour clocks go forward) is refused; a time it repeats (the hour clocks
// go back) is the first of the two. field names the input in the Invalid errors.
func ParseLocal(s string, loc *time.Location, field string) (time.Time, error) {
	bad := func(msg string) error {
		return apperr.InvalidFields("The time is not valid.", map[string]string{field: msg})
	}
	wall, err := time.Parse(LocalLayout, s)
	if err != nil {
		return time.Time{}, bad("Enter the date and time (YYYY-MM-DDTHH:MM).")
	}
	at := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), 0, 0, loc)
	if got := at.In(loc); got.Hour() != wall.Hour() || got.Minute() != wall.Minute() || got.Day() != wall.Day() {
		return time.Time{}, bad(fmt.Sprintf("%s does not exist at the store: the clocks go forward then. Choose another time.", wall.Format("Jan 2, 2006 3:04 PM")))
	}
	if earlier := at.Add(-time.Hour); earlier.In(loc).Format(LocalLayout) == s {
		at = earlier
	}
	return at.UTC(), nil
}

// Local returns instant at as the clocks of loc read it (LocalLayout).
func Local(at time.Time, loc *time.Location) string { return at.In(loc).Format(LocalLayout) }

// Window returns the calendar search window: from the start of day (DayLayout, in loc; ""
// for today at now) to one year later. A malformed day is an Invalid error naming field.
func Window(day string, now time.Time, loc *time.Location, field string) (from, to time.Time, err error) {
	d := now.In(loc)
	if day != "" {
		p, perr := time.ParseInLocation(DayLayout, day, loc)
		if perr != nil {
			return time.Time{}, time.Time{}, apperr.InvalidFields("The search is not valid.", map[string]string{field: "Enter the day (YYYY-MM-DD)."})
		}
		d = p
	}
	from = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc)
	to = time.Date(d.Year()+1, d.Month(), d.Day(), 0, 0, 0, 0, loc)
	return from.UTC(), to.UTC(), nil
}
