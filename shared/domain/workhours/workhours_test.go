package workhours_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/workhours"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// weekdays returns hours open from open to close on Monday to Friday and closed at the weekend.
func weekdays(open, close string) workhours.Hours {
	h := workhours.Default()
	for i := range h {
		h[i].Open, h[i].Close = open, close
		h[i].Closed = h[i].Day == "Saturday" || h[i].Day == "Sunday"
	}
	return h
}

func TestValidate(t *testing.T) {
	t.Parallel()
	with := func(i int, d workhours.Day) workhours.Hours {
		h := workhours.Default()
		h[i] = d
		return h
	}
	allClosed := workhours.Default()
	for i := range allClosed {
		allClosed[i].Closed = true
	}
	twice := workhours.Default()
	twice[0].Day = "Monday"
	tests := []struct {
		name  string
		hours workhours.Hours
		field string
	}{
		{"none is the default", nil, ""},
		{"the default", workhours.Default(), ""},
		{"closing at midnight", with(1, workhours.Day{Day: "Monday", Open: "00:00", Close: "24:00"}), ""},
		{"a closed day needs no times", with(1, workhours.Day{Day: "Monday", Closed: true}), ""},
		{"six days", workhours.Default()[:6], "BusinessHours"},
		{"not a day", with(1, workhours.Day{Day: "Mon", Open: "09:00", Close: "17:00"}), "BusinessHours[1].Day"},
		{"a day twice", twice, "BusinessHours[1].Day"},
		{"closing before opening", with(2, workhours.Day{Day: "Tuesday", Open: "17:00", Close: "09:00"}), "BusinessHours[2].Close"},
		{"closing at opening", with(2, workhours.Day{Day: "Tuesday", Open: "09:00", Close: "09:00"}), "BusinessHours[2].Close"},
		{"opening at 24:00", with(3, workhours.Day{Day: "Wednesday", Open: "24:00", Close: "24:00"}), "BusinessHours[3].Open"},
		{"not a time", with(3, workhours.Day{Day: "Wednesday", Open: "9am", Close: "17:00"}), "BusinessHours[3].Open"},
		{"minutes past 59", with(4, workhours.Day{Day: "Thursday", Open: "09:00", Close: "17:60"}), "BusinessHours[4].Close"},
		{"closed every day", allClosed, "BusinessHours"},
	}
	for _, tt := range tests {
		got := workhours.Validate(tt.hours, "BusinessHours")
		if tt.field == "" && len(got) > 0 || tt.field != "" && got[tt.field] == "" {
			t.Errorf("%s: errors %v, want one for %q", tt.name, got, tt.field)
		}
	}
}

func TestNext(t *testing.T) {
	t.Parallel()
	ny := zone(t, "America/New_York")
	def := workhours.New(nil, ny)
	short := workhours.New(weekdays("08:30", "17:00"), ny)
	night := workhours.New(weekdays("01:00", "03:30"), ny)
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, ny) }
	tests := []struct {
		name  string
		s     workhours.Schedule
		at    time.Time
		want  time.Time
		isOpn bool
	}{
		{"open stays", def, at(2026, 11, 20, 11, 0), at(2026, 11, 20, 11, 0), true},
		{"before opening moves to opening", def, at(2026, 11, 20, 7, 0), at(2026, 11, 20, 9, 0), false},
		{"at closing moves to the next morning", def, at(2026, 11, 20, 19, 0), at(2026, 11, 21, 9, 0), false},
		{"saturday evening skips the closed sunday", def, at(2026, 11, 21, 20, 0), at(2026, 11, 23, 9, 0), false},
		{"a store's own hours", short, at(2026, 11, 20, 17, 30), at(2026, 11, 23, 8, 30), false},
		{"friday night to monday across the fall-back weekend", short, at(2026, 10, 30, 18, 0), at(2026, 11, 2, 8, 30), false},
		{"the spring-forward sunday is closed", def, at(2026, 3, 8, 1, 30), at(2026, 3, 9, 9, 0), false},
		// On the spring-forward Sunday 2:00 to 3:00 does not exist: a store opening at 1:00
		// is open at 3:15 (1:00 to 3:30 by the clocks is an hour and a half).
		{"night hours across spring forward", workhours.New(workhours.Hours{
			{Day: "Sunday", Open: "01:00", Close: "03:30"}, {Day: "Monday", Closed: true}, {Day: "Tuesday", Closed: true},
			{Day: "Wednesday", Closed: true}, {Day: "Thursday", Closed: true}, {Day: "Friday", Closed: true}, {Day: "Saturday", Closed: true},
		}, ny), at(2026, 3, 8, 3, 15), at(2026, 3, 8, 3, 15), true},
		{"before night hours", night, at(2026, 11, 2, 0, 30), at(2026, 11, 2, 1, 0), false},
	}
	for _, tt := range tests {
		if got := tt.s.Next(tt.at); !got.Equal(tt.want) {
			t.Errorf("%s: Next(%v) = %v, want %v", tt.name, tt.at, got.In(ny), tt.want)
		}
		if got := tt.s.IsOpen(tt.at); got != tt.isOpn {
			t.Errorf("%s: IsOpen(%v) = %v, want %v", tt.name, tt.at, got, tt.isOpn)
		}
	}
}

func TestOpenBetweenAndAddOpen(t *testing.T) {
	t.Parallel()
	ny := zone(t, "America/New_York")
	berlin := zone(t, "Europe/Berlin")
	allDay := workhours.Default()
	for i := range allDay {
		allDay[i] = workhours.Day{Day: allDay[i].Day, Open: "00:00", Close: "24:00"}
	}
	at := func(loc *time.Location, y int, m time.Month, d, h, min int) time.Time {
		return time.Date(y, m, d, h, min, 0, 0, loc)
	}
	tests := []struct {
		name     string
		s        workhours.Schedule
		from, to time.Time
		open     time.Duration
	}{
		{"within one day", workhours.New(nil, ny), at(ny, 2026, 11, 20, 10, 0), at(ny, 2026, 11, 20, 10, 12), 12 * time.Minute},
		{"overnight counts only open hours", workhours.New(nil, ny), at(ny, 2026, 11, 20, 18, 50), at(ny, 2026, 11, 21, 9, 5), 15 * time.Minute},
		{"over the closed sunday", workhours.New(nil, ny), at(ny, 2026, 11, 21, 18, 0), at(ny, 2026, 11, 23, 10, 0), 2 * time.Hour},
		{"arrived at night, answered before opening", workhours.New(nil, ny), at(ny, 2026, 11, 20, 22, 0), at(ny, 2026, 11, 21, 8, 0), 0},
		{"a fall-back day open all day has 25 hours", workhours.New(allDay, ny), at(ny, 2026, 11, 1, 0, 0), at(ny, 2026, 11, 2, 0, 0), 25 * time.Hour},
		{"a spring-forward day open all day has 23 hours", workhours.New(allDay, ny), at(ny, 2026, 3, 8, 0, 0), at(ny, 2026, 3, 9, 0, 0), 23 * time.Hour},
		{"a Saturday 9 to 19 on Europe's fall-back weekend is still 10 hours", workhours.New(nil, berlin), at(berlin, 2026, 10, 24, 0, 0), at(berlin, 2026, 10, 26, 0, 0), 10 * time.Hour},
		{"the Monday after Europe's spring forward", workhours.New(nil, berlin), at(berlin, 2026, 3, 28, 18, 30), at(berlin, 2026, 3, 30, 9, 30), time.Hour},
		{"to before from", workhours.New(nil, ny), at(ny, 2026, 11, 20, 12, 0), at(ny, 2026, 11, 20, 11, 0), 0},
	}
	for _, tt := range tests {
		if got := tt.s.OpenBetween(tt.from, tt.to); got != tt.open {
			t.Errorf("%s: OpenBetween = %v, want %v", tt.name, got, tt.open)
		}
		if tt.open <= 0 {
			continue
		}
		// AddOpen is OpenBetween's inverse when to ends inside an open interval.
		if tt.s.IsOpen(tt.to) {
			if got := tt.s.AddOpen(tt.from, tt.open); !got.Equal(tt.to) {
				t.Errorf("%s: AddOpen(%v) = %v, want %v", tt.name, tt.open, got, tt.to)
			}
		}
	}
}

func TestAddOpen(t *testing.T) {
	t.Parallel()
	ny := zone(t, "America/New_York")
	def := workhours.New(nil, ny)
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, ny) }
	tests := []struct {
		name string
		from time.Time
		d    time.Duration
		want time.Time
	}{
		{"within hours", at(2026, 11, 20, 10, 0), 15 * time.Minute, at(2026, 11, 20, 10, 15)},
		{"arrives at night, due after opening", at(2026, 11, 20, 23, 0), 15 * time.Minute, at(2026, 11, 21, 9, 15)},
		{"runs past closing into the next open day", at(2026, 11, 21, 18, 50), 15 * time.Minute, at(2026, 11, 23, 9, 5)},
		{"ends exactly at closing", at(2026, 11, 20, 18, 45), 15 * time.Minute, at(2026, 11, 20, 19, 0)},
		{"across the fall-back night", at(2026, 10, 31, 18, 30), time.Hour, at(2026, 11, 2, 9, 30)},
		{"across the spring-forward weekend", at(2026, 3, 7, 18, 55), 10 * time.Minute, at(2026, 3, 9, 9, 5)},
		{"nothing to add", at(2026, 11, 22, 12, 0), 0, at(2026, 11, 22, 12, 0)},
		{"a whole week of open hours", at(2026, 11, 23, 9, 0), 60 * time.Hour, at(2026, 11, 28, 19, 0)},
	}
	for _, tt := range tests {
		if got := def.AddOpen(tt.from, tt.d); !got.Equal(tt.want) {
			t.Errorf("%s: AddOpen = %v, want %v", tt.name, got.In(ny), tt.want)
		}
	}
}

func TestNewFallsBackToDefault(t *testing.T) {
	t.Parallel()
	bad := workhours.Hours{{Day: "Monday", Open: "18:00", Close: "09:00"}}
	s := workhours.In(bad, "America/Chicago")
	monday := time.Date(2026, 11, 23, 10, 0, 0, 0, s.Location())
	if !s.IsOpen(monday) {
		t.Errorf("hours that are not valid should be the default: closed at %v", monday)
	}
	if got := workhours.In(nil, "Not/AZone").Location(); got != time.UTC {
		t.Errorf("unknown zone = %v, want UTC", got)
	}
}
