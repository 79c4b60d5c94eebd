// Package workhours is a store's working hours: when, by the store's own clocks, it is open on
// each day of the week. The hours are part of the store's dealer settings (BusinessHours,
// Monday to Saturday 9:00 to 19:00 when never set); a Schedule is those hours in the store's
// time zone, which workflow tasks that use the work schedule are due within and which the
// Leads Log counts a first response in.
//
// Hours are wall-clock times, so a day on which the clocks change keeps its opening and closing
// times: a day open 9:00 to 19:00 on a change is still ten hours long when the change is at
// night, and an opening time the clocks skip is the first instant after the gap. The package
// keeps nothing in the table.
package workhours

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Day is a store's hours on one day of the week: open from Open to Close ("HH:MM" on the store's
// clocks, Close up to "24:00"), or closed all day.
type Day struct {
	Day    string `json:"Day" enum:"Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday" doc:"The day of the week."`
	Open   string `json:"Open" required:"false" doc:"Opening time, HH:MM (24-hour clock) in the store's time zone."`
	Close  string `json:"Close" required:"false" doc:"Closing time, HH:MM, after the opening time; 24:00 for midnight."`
	Closed bool   `json:"Closed" required:"false" doc:"The store is closed all day."`
}

// Hours are a store's hours on each day of the week, Sunday first.
type Hours []Day

// Default opening and closing times of a store that set no hours.
const (
	DefaultOpen  = "09:00"
	DefaultClose = "19:00"
)

// Default returns the hours of a store that set none: Monday to Saturday 9:00 to 19:00, closed
// on Sunday.
func Default() Hours {
	h := make(Hours, 7)
	for d := time.Sunday; d <= time.Saturday; d++ {
		h[d] = Day{Day: d.String(), Open: DefaultOpen, Close: DefaultClose, Closed: d == time.Sunday}
	}
	return h
}

// Or returns h, or the default hours when h names none.
func (h Hours) Or() Hours {
	if len(h) == 0 {
		return Default()
	}
	return h
}

// clock reads "HH:MM" as minutes since midnight; "24:00" is allowed only when end is.
func clock(s string, end bool) (int, bool) {
	hh, mm, ok := strings.Cut(s, ":")
	if !ok || len(hh) != 2 || len(mm) != 2 {
		return 0, false
	}
	h, err1 := strconv.Atoi(hh)
	m, err2 := strconv.Atoi(mm)
	if err1 != nil || err2 != nil || m < 0 || m > 59 || h < 0 || h > 24 || (h == 24 && (m != 0 || !end)) {
		return 0, false
	}
	return h*60 + m, true
}

// Validate returns the errors of hours h by field, each field named under prefix
// ("BusinessHours" gives "BusinessHours[1].Open"); none for empty hours (the default) or hours
// naming each day of the week once, each closed or opening before it closes, with at least one
// day open.
func Validate(h Hours, prefix string) map[string]string {
	fields := map[string]string{}
	if len(h) == 0 {
		return fields
	}
	if len(h) != 7 {
		fields[prefix] = "Give the hours of each of the seven days of the week."
		return fields
	}
	seen := map[string]bool{}
	open := false
	for i, d := range h {
		at := fmt.Sprintf("%s[%d].", prefix, i)
		if _, ok := weekday(d.Day); !ok {
			fields[at+"Day"] = fmt.Sprintf("%q is not a day of the week.", d.Day)
		} else if seen[d.Day] {
			fields[at+"Day"] = fmt.Sprintf("%s is given twice.", d.Day)
		}
		seen[d.Day] = true
		if d.Closed {
			continue
		}
		o, ok1 := clock(d.Open, false)
		c, ok2 := clock(d.Close, true)
		if !ok1 {
			fields[at+"Open"] = "Enter the opening time as HH:MM (00:00 to 23:59)."
		}
		if !ok2 {
			fields[at+"Close"] = "Enter the closing time as HH:MM (00:01 to 24:00)."
		}
		if ok1 && ok2 && c <= o {
			fields[at+"Close"] = "The closing time must be after the opening time."
		}
		open = true
	}
	if !open {
		fields[prefix] = "The store must be open on at least one day."
	}
	return fields
}

func weekday(name string) (time.Weekday, bool) {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if d.String() == name {
			return d, true
		}
	}
	return 0, false
}

// Schedule is a store's hours in its time zone.
type Schedule struct {
	loc *time.Location
	// days holds, by weekday, the opening and closing minutes since midnight; open < 0 when the
	// store is closed that day.
	days [7][2]int
}

// New returns the schedule of hours h (the default hours when h is empty or not valid) in loc
// (UTC when nil).
func New(h Hours, loc *time.Location) Schedule {
	if loc == nil {
		loc = time.UTC
	}
	if len(Validate(h, "h")) > 0 {
		h = nil
	}
	s := Schedule{loc: loc}
	for i := range s.days {
		s.days[i] = [2]int{-1, -1}
	}
	for _, d := range h.Or() {
		wd, _ := weekday(d.Day)
		if d.Closed {
			continue
		}
		o, _ := clock(d.Open, false)
		c, _ := clock(d.Close, true)
		s.days[wd] = [2]int{o, c}
	}
	return s
}

// In returns the schedule of hours h in the IANA time zone tz ("" or an unknown zone is UTC).
func In(h Hours, tz string) Schedule {
	loc := time.UTC
	if tz != "" {
		if l, err := time.LoadLocation(tz); err == nil {
			loc = l
		}
	}
	return New(h, loc)
}

// Location returns the schedule's time zone.
func (s Schedule) Location() *time.Location { return s.loc }

// maxDays bounds the days a search walks: a schedule has an open day every week.
const maxDays = 8

// interval returns the store's open interval on the local day of at: its opening and closing
// instants, and false when the store is closed that day.
func (s Schedule) interval(day time.Time) (time.Time, time.Time, bool) {
	oc := s.days[day.Weekday()]
	if oc[0] < 0 {
		return time.Time{}, time.Time{}, false
	}
	y, m, d := day.Date()
	// time.Date normalizes a wall time the clocks skip forward past the gap, and 24:00 to the
	// next midnight.
	open := time.Date(y, m, d, oc[0]/60, oc[0]%60, 0, 0, s.loc)
	closes := time.Date(y, m, d, oc[1]/60, oc[1]%60, 0, 0, s.loc)
	return open, closes, closes.After(open)
}

// startOfDay returns the local midnight of the day of at (the first instant of its date).
func (s Schedule) startOfDay(at time.Time) time.Time {
	y, m, d := at.In(s.loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, s.loc)
}

// IsOpen reports whether the store is open at at.
func (s Schedule) IsOpen(at time.Time) bool {
	open, closes, ok := s.interval(at.In(s.loc))
	return ok && !at.Before(open) && at.Before(closes)
}

// Next returns at when the store is open then, else the next time it opens.
func (s Schedule) Next(at time.Time) time.Time {
	day := s.startOfDay(at)
	for i := 0; i < maxDays; i++ {
		if open, closes, ok := s.interval(day); ok && at.Before(closes) {
			if at.Before(open) {
				return open
			}
			return at
		}
		day = s.startOfDay(day.AddDate(0, 0, 1))
	}
	return at
}

// OpenBetween returns how long the store is open between from and to (zero when to is not
// after from).
func (s Schedule) OpenBetween(from, to time.Time) time.Duration {
	var total time.Duration
	for day := s.startOfDay(from); day.Before(to); day = s.startOfDay(day.AddDate(0, 0, 1)) {
		open, closes, ok := s.interval(day)
		if !ok {
			continue
		}
		a, b := later(open, from), earlier(closes, to)
		if b.After(a) {
			total += b.Sub(a)
		}
	}
	return total
}

// AddOpen returns the time at which the store has been open for d since from: from itself
// when d is not positive, else within or at the end of an open interval.
func (s Schedule) AddOpen(from time.Time, d time.Duration) time.Time {
	if d <= 0 {
		return from
	}
	day := s.startOfDay(from)
	// A week of open time at most is a few weeks of days; a long d walks as far as it needs.
	for left := d; ; day = s.startOfDay(day.AddDate(0, 0, 1)) {
		open, closes, ok := s.interval(day)
		if !ok || !closes.After(from) {
			continue
		}
		a := later(open, from)
		if closes.Sub(a) >= left {
			return a.Add(left)
		}
		left -= closes.Sub(a)
	}
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// Days returns the names of the days of the week, Sunday first.
func Days() []string {
	out := make([]string, 0, 7)
	for d := time.Sunday; d <= time.Saturday; d++ {
		out = append(out, d.String())
	}
	return out
}

// Normalize returns h with its days in week order, Sunday first (h when not valid).
func Normalize(h Hours) Hours {
	if len(h) == 0 || len(Validate(h, "h")) > 0 {
		return h
	}
	out := slices.Clone(h)
	slices.SortFunc(out, func(a, b Day) int {
		x, _ := weekday(a.Day)
		y, _ := weekday(b.Day)
		return int(x) - int(y)
	})
	return out
}
