package task

import (
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// LocalLayout is how a user gives a due time: the date and time as the store's clocks read
// them, without a zone.
const LocalLayout = "2006-01-02T15:04"

// ParseLocalDue returns the instant that wall-clock time s (LocalLayout) names in time zone tz
// (an IANA name; "" is UTC), which must not be before now to the minute. A time the zone skips
// (the hour clocks go forward) is refused; a time it repeats (the hour clocks go back) is the
// first of the two. field names the input in the Invalid errors.
func ParseLocalDue(s, tz string, now time.Time, field string) (time.Time, error) {
	bad := func(msg string) error {
		return apperr.InvalidFields("The due time is not valid.", map[string]string{field: msg})
	}
	loc := time.UTC
	if tz != "" {
		l, err := time.LoadLocation(tz)
		if err != nil {
			return time.Time{}, apperr.Wrap(apperr.Internal, err, "The store's time zone is not known.")
		}
		loc = l
	}
	wall, err := time.Parse(LocalLayout, s)
	if err != nil {
		return time.Time{}, bad("Enter the due date and time (YYYY-MM-DDTHH:MM).")
	}
	at := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), 0, 0, loc)
	if got := at.In(loc); got.Hour() != wall.Hour() || got.Minute() != wall.Minute() || got.Day() != wall.Day() {
		return time.Time{}, bad(fmt.Sprintf("%s does not exist at the store: the clocks go forward then. Choose another time.", wall.Format("Jan 2, 2006 3:04 PM")))
	}
	// Of two instants reading the same wall clock (the hour repeated when clocks go back), the
	// earlier one.
	if earlier := at.Add(-time.Hour); earlier.In(loc).Format(LocalLayout) == s {
		at = earlier
	}
	if at.Before(now.Truncate(time.Minute)) {
		return time.Time{}, bad(fmt.Sprintf("Choose a due time from now on: it is %s at the store.", now.In(loc).Format("Jan 2, 2006 3:04 PM")))
	}
	return at.UTC(), nil
}
