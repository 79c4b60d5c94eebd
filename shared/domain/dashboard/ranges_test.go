package dashboard_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func chicago(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestWidenCoversWholeStoreDays(t *testing.T) {
	t.Parallel()
	loc := chicago(t)
	tests := []struct {
		name, begin, end string
		from, to         string
		start, endAt     time.Time
	}{
		{"dates", "2026-03-05", "2026-03-06", "2026-03-05", "2026-03-06",
			time.Date(2026, 3, 5, 6, 0, 0, 0, time.UTC), time.Date(2026, 3, 7, 5, 59, 59, 999999999, time.UTC)},
		{"local times keep only their dates", "2026-03-05T17:30", "2026-03-05T08:00", "2026-03-05", "2026-03-05",
			time.Date(2026, 3, 5, 6, 0, 0, 0, time.UTC), time.Date(2026, 3, 6, 5, 59, 59, 999999999, time.UTC)},
		{"an instant is read in the store's zone", "2026-03-06T03:00:00Z", "2026-03-06T03:00:00Z", "2026-03-05", "2026-03-05",
			time.Date(2026, 3, 5, 6, 0, 0, 0, time.UTC), time.Date(2026, 3, 6, 5, 59, 59, 999999999, time.UTC)},
		{"the day clocks go forward has 23 hours", "2026-03-08", "2026-03-08", "2026-03-08", "2026-03-08",
			time.Date(2026, 3, 8, 6, 0, 0, 0, time.UTC), time.Date(2026, 3, 9, 4, 59, 59, 999999999, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := dashboard.Widen(tt.begin, tt.end, loc, "beginDate", "endDate")
			if err != nil {
				t.Fatal(err)
			}
			if r.From != tt.from || r.To != tt.to || !r.Start.Equal(tt.start) || !r.End.Equal(tt.endAt) {
				t.Errorf("Widen = %s..%s %v..%v, want %s..%s %v..%v", r.From, r.To, r.Start.UTC(), r.End.UTC(), tt.from, tt.to, tt.start, tt.endAt)
			}
		})
	}
}

func TestWidenRefusesBadRanges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, begin, end, field string
	}{
		{"no begin", "", "2026-03-05", "beginDate"},
		{"not a date", "2026-03-05", "soon", "endDate"},
		{"end before begin", "2026-03-05", "2026-03-04", "endDate"},
		{"longer than a year", "2025-01-01", "2026-03-05", "endDate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := dashboard.Widen(tt.begin, tt.end, time.UTC, "beginDate", "endDate")
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("Widen = %v, want Invalid", err)
			}
			if ae, ok := apperr.As(err); !ok || ae.Fields[tt.field] == "" {
				t.Errorf("fields = %v, want %s", err, tt.field)
			}
		})
	}
	if _, err := dashboard.Widen("2025-03-05", "2026-03-05", time.UTC, "b", "e"); err != nil {
		t.Errorf("the last 365 days and today: %v, want ok", err)
	}
}

func TestClocksAndFunnel(t *testing.T) {
	t.Parallel()
	loc := chicago(t)
	hours := workhours.New(workhours.Default(), loc)    // Monday to Saturday 9:00 to 19:00
	arrived := time.Date(2026, 3, 7, 18, 50, 0, 0, loc) // Saturday evening
	l := dashboard.Lead{LeadID: 1, ArrivedAt: arrived}
	steps := []dashboard.Message{
		{At: arrived.Add(-time.Hour), Outbound: false},                             // before the lead: an earlier conversation
		{At: arrived.Add(time.Minute), Outbound: true, Automated: true},            // the workflow's e-mail
		{At: time.Date(2026, 3, 9, 9, 5, 0, 0, loc), Outbound: true, UserID: "u1"}, // Monday: a call without an answer
		{At: time.Date(2026, 3, 9, 9, 30, 0, 0, loc), Outbound: false},             // the customer texts back
	}
	for _, m := range steps {
		l.Observe(m)
	}
	want := map[dashboard.Clock]time.Duration{
		dashboard.ClockAutomated: time.Minute,
		dashboard.ClockHuman:     15 * time.Minute,
		dashboard.ClockTwoWay:    40 * time.Minute,
	}
	for c, d := range want {
		if got, ok := l.Elapsed(c, hours); !ok || got != d {
			t.Errorf("%s = %v (%v), want %v", c, got, ok, d)
		}
	}
	if l.FirstHumanBy != "u1" {
		t.Errorf("first human response by %q, want u1", l.FirstHumanBy)
	}
	// An automated reply alone never stops the human clock.
	auto := dashboard.Lead{ArrivedAt: arrived}
	auto.Observe(dashboard.Message{At: arrived.Add(time.Minute), Outbound: true, Automated: true})
	if _, ok := auto.Elapsed(dashboard.ClockHuman, hours); ok {
		t.Error("an automated reply stopped the human clock")
	}
	shown := dashboard.Lead{ShownAt: arrived}
	got := dashboard.Funnel([]dashboard.Lead{l, auto, shown})
	counts := []int{3, 2, 1, 1, 0}
	for i, s := range got {
		if s.Count != counts[i] {
			t.Errorf("funnel %s = %d, want %d", s.Stage, s.Count, counts[i])
		}
	}
}
