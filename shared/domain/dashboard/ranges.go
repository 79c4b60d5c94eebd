package dashboard

import (
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Range is a date range of a store's calendar days, both included, widened to the start of
// its first day and the end of its last day in the store's time zone.
type Range struct {
	// From and To are the first and last days, YYYY-MM-DD.
	From, To string
	// Start is the first instant of From and End the last instant of To, in the store's zone.
	Start, End time.Time
}

// MaxRangeDays is the longest range a dashboard reads: the spec's longest choice is the last
// 365 days, and a year from a date to the same date the next year is 366 days.
const MaxRangeDays = 366

// Widen returns the range of days begin to end read in loc: a date (YYYY-MM-DD) or a date and
// time (RFC 3339, or without a zone as the store's clocks read it) each; only their dates
// count, so a range from 2026-03-05T17:30 to 2026-03-06T08:00 is all of March 5 and 6. field
// names the inputs in the Invalid errors ("beginDate", "endDate").
func Widen(begin, end string, loc *time.Location, beginField, endField string) (Range, error) {
	if loc == nil {
		loc = time.UTC
	}
	bad := map[string]string{}
	b, okB := parseDay(begin, loc)
	e, okE := parseDay(end, loc)
	if !okB {
		bad[beginField] = "Enter the first day of the range (YYYY-MM-DD)."
	}
	if !okE {
		bad[endField] = "Enter the last day of the range (YYYY-MM-DD)."
	}
	if okB && okE && e.Before(b) {
		bad[endField] = "The last day must not be before the first day."
	}
	if okB && okE && e.Sub(b) > (MaxRangeDays-1)*24*time.Hour+time.Hour {
		bad[endField] = fmt.Sprintf("Choose a range of at most %d days.", MaxRangeDays)
	}
	if len(bad) > 0 {
		return Range{}, apperr.InvalidFields("The date range is not valid.", bad)
	}
	start := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, loc)
	endAt := time.Date(e.Year(), e.Month(), e.Day()+1, 0, 0, 0, 0, loc).Add(-time.Nanosecond)
	return Range{From: b.Format(DayLayout), To: e.Format(DayLayout), Start: start, End: endAt}, nil
}

// parseDay returns the store's calendar day s names: a date, a local date and time, or an
// instant (read in loc).
func parseDay(s string, loc *time.Location) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		t = t.In(loc)
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc), true
	}
	for _, layout := range []string{DayLayout, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02T15:04:05.000", "01/02/2006"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc), true
		}
	}
	return time.Time{}, false
}

// Contains reports whether at falls inside r.
func (r Range) Contains(at time.Time) bool { return !at.Before(r.Start) && !at.After(r.End) }

// Days returns the calendar days of r in order.
func (r Range) Days() []string {
	var out []string
	d := r.Start
	for !d.After(r.End) {
		out = append(out, d.Format(DayLayout))
		d = time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, d.Location())
	}
	return out
}
