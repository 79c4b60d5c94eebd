package visit_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// TestMove checks every visit action from every status: the legal moves and their target, and
// that every other move is refused.
func TestMove(t *testing.T) {
	t.Parallel()
	legal := map[visit.Status]map[visit.Action]visit.Status{
		visit.StatusNew:       {visit.Start: visit.StatusStarted, visit.Cancel: visit.StatusCanceled, visit.Update: visit.StatusNew},
		visit.StatusStarted:   {visit.Complete: visit.StatusCompleted, visit.Cancel: visit.StatusCanceled, visit.Update: visit.StatusStarted},
		visit.StatusRestarted: {visit.Complete: visit.StatusCompleted, visit.Cancel: visit.StatusCanceled, visit.Update: visit.StatusRestarted},
		visit.StatusCompleted: {visit.Restart: visit.StatusRestarted, visit.Update: visit.StatusCompleted},
		visit.StatusCanceled:  {},
	}
	actions := []visit.Action{visit.Start, visit.Complete, visit.Cancel, visit.Restart, visit.Update}
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for _, from := range visit.Statuses() {
		for _, a := range actions {
			want, ok := legal[from][a]
			t.Run(from.String()+"/"+string(a), func(t *testing.T) {
				got, gotOK := visit.Move(from, a)
				if gotOK != ok || (ok && got != want) {
					t.Fatalf("Move(%s, %s) = %s, %v; want %s, %v", from, a, got, gotOK, want, ok)
				}
				v := sample(from)
				next, err := visit.Next(v, visit.Change{Action: a, Version: v.Version, By: "100001"}, now)
				if !ok {
					if got, want := apperr.CodeOf(err), apperr.Conflict; got != want {
						t.Fatalf("Next(%s, %s) error %v (%s), want %s", from, a, err, got, want)
					}
					return
				}
				if err != nil {
					t.Fatalf("Next(%s, %s): %v", from, a, err)
				}
				if next.Status != want {
					t.Errorf("status = %s, want %s", next.Status, want)
				}
				ended := want == visit.StatusCompleted || want == visit.StatusCanceled
				if (next.EndedAt != nil) != (ended || (a == visit.Update && v.EndedAt != nil)) {
					t.Errorf("endedAt = %v after %s", next.EndedAt, a)
				}
			})
		}
	}
}

// TestItemMove checks every step action from every step status, on a visit in progress and
// on visits that are not.
func TestItemMove(t *testing.T) {
	t.Parallel()
	legal := map[visit.Status]map[visit.ItemAction]visit.Status{
		visit.StatusNew:       {visit.ItemStart: visit.StatusStarted, visit.ItemComplete: visit.StatusCompleted, visit.ItemCancel: visit.StatusCanceled},
		visit.StatusStarted:   {visit.ItemComplete: visit.StatusCompleted, visit.ItemCancel: visit.StatusCanceled},
		visit.StatusCompleted: {},
		visit.StatusCanceled:  {},
	}
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for _, visitStatus := range visit.Statuses() {
		for _, from := range visit.ItemStatuses() {
			for _, a := range visit.ItemActions() {
				want, ok := legal[from][a]
				open := visitStatus == visit.StatusStarted || visitStatus == visit.StatusRestarted
				t.Run(visitStatus.String()+"/"+from.String()+"/"+string(a), func(t *testing.T) {
					if got, gotOK := visit.ItemMove(from, a); gotOK != ok || (ok && got != want) {
						t.Fatalf("ItemMove(%s, %s) = %s, %v; want %s, %v", from, a, got, gotOK, want, ok)
					}
					v := sample(visitStatus)
					v.Items[1].Status = from
					next, err := visit.Next(v, visit.Change{ItemSlug: v.Items[1].Slug, ItemAction: a, Version: v.Version, By: "100002"}, now)
					if !ok || !open {
						if got, want := apperr.CodeOf(err), apperr.Conflict; got != want {
							t.Fatalf("error %v (%s), want %s", err, got, want)
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					if got := next.Items[1]; got.Status != want || got.UserID != "100002" {
						t.Errorf("step = %+v, want status %s by 100002", got, want)
					}
					if v.Items[1].Status != from {
						t.Errorf("the visit read was changed")
					}
					if next.Status != visitStatus {
						t.Errorf("visit status = %s, want %s", next.Status, visitStatus)
					}
				})
			}
		}
	}
}

func TestNextRefuses(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		ch   visit.Change
		want apperr.Code
	}{
		{"stale version", visit.Change{Action: visit.Complete, Version: 2}, apperr.Conflict},
		{"unknown action", visit.Change{Action: "fly", Version: 3}, apperr.Invalid},
		{"unknown step", visit.Change{ItemSlug: "lunch", ItemAction: visit.ItemStart, Version: 3}, apperr.NotFound},
		{"unknown step request", visit.Change{ItemSlug: "greet", ItemAction: "fly", Version: 3}, apperr.Invalid},
		{"notes too long", visit.Change{Action: visit.Update, Version: 3, Notes: ptr(string(make([]rune, visit.MaxNotes+1)))}, apperr.Invalid},
		{"no sales person", visit.Change{Action: visit.Update, Version: 3, UserID: ptr("")}, apperr.Invalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := visit.Next(sample(visit.StatusStarted), tc.ch, now)
			if got := apperr.CodeOf(err); got != tc.want {
				t.Errorf("error %v (%s), want %s", err, got, tc.want)
			}
		})
	}
}

func TestDefaultSettings(t *testing.T) {
	t.Parallel()
	s := visit.DefaultSettings(5001)
	sr, ok := s.Touchpoint(visit.KindShowroom)
	if !ok || len(sr.Items) != 6 || sr.Items[4].Slug != "desk-numbers" || sr.Items[5].Slug != "fi" {
		t.Errorf("showroom = %+v", sr)
	}
	d, ok := s.Touchpoint(visit.KindDelivery)
	if !ok || len(d.Items) != 4 || d.Items[3].Name != "Keys handed over" {
		t.Errorf("delivery = %+v", d)
	}
}

func ptr[T any](v T) *T { return &v }

// sample returns a showroom visit in status with three steps, read at version 3.
func sample(status visit.Status) visit.Visit {
	started := time.Date(2026, 11, 20, 14, 0, 0, 0, time.UTC)
	v := visit.Visit{ID: "V-1", ContactID: 7001, AccountPlatformID: 5001, Kind: visit.KindShowroom, Status: status, UserID: "100001",
		CreatedAt: started, Version: 3, Items: []visit.Item{
			{Slug: "greet", Name: "Greet", Status: visit.StatusCompleted},
			{Slug: "needs-analysis", Name: "Needs analysis"},
			{Slug: "test-drive", Name: "Test drive"},
		}}
	if status != visit.StatusNew {
		v.StartedAt = &started
	}
	if status == visit.StatusCompleted || status == visit.StatusCanceled {
		end := started.Add(time.Hour)
		v.EndedAt = &end
	}
	return v
}
