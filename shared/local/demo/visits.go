package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// demoVisit is a visit the demo walks through the visit package, as users would: started
// ago before the seed, its steps done, and ended (or not) with sold.
type demoVisit struct {
	id string
	// generated is the generated customer (GenerateContact's i) who visits, at their store.
	generated int
	kind      string
	userID    string
	ago       time.Duration
	steps     []string
	end       time.Duration // how long after the start it ended; 0: still in the store
	sold      bool
}

func demoVisits() []demoVisit {
	return []demoVisit{
		{"V-DEMO-1", 9, visit.KindShowroom, "100001", 40 * time.Minute, []string{"greet", "needs-analysis", "test-drive"}, 0, false},
		{"V-DEMO-2", 10, visit.KindShowroom, "100001", 12 * time.Minute, []string{"greet"}, 0, false},
		{"V-DEMO-3", 12, visit.KindShowroom, "100002", 3 * time.Hour, []string{"greet", "needs-analysis", "test-drive", "appraisal", "desk-numbers", "fi"}, 95 * time.Minute, true},
		{"V-DEMO-4", 13, visit.KindShowroom, "100001", 26 * time.Hour, []string{"greet", "needs-analysis"}, 35 * time.Minute, false},
		{"V-DEMO-5", 15, visit.KindDelivery, "100002", 90 * time.Minute, []string{"paperwork", "vehicle-walkaround", "technology-setup", "keys-handed-over"}, 50 * time.Minute, true},
	}
}

// seedVisits walks the demo group's visits, some of them still in the showroom; other groups
// get none. A visit that exists already is kept as it is.
func seedVisits(ctx context.Context, svc wiring.Services, g Group) error {
	if g.Account.ID != AccountID {
		return nil
	}
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	repo := visit.NewRepo(svc.Store, activity.NewRepo(svc.Store, svc.Events, svc.Log).WithClock(svc.Store.Now))
	now := svc.Store.Now()
	for _, d := range demoVisits() {
		if d.generated >= g.GeneratedContacts {
			continue
		}
		by := visit.Author{UserID: d.userID, UserName: "Demo"}
		for _, l := range g.Logins {
			if l.Profile.UserID == d.userID {
				by.UserName = l.Profile.DisplayName()
			}
		}
		c := GenerateContact(g.Account.ID, g.Stores, d.generated)
		settings, err := repo.Settings(ctx, t, c.AccountPlatformID)
		if err != nil {
			return err
		}
		at := now.Add(-d.ago)
		v, err := visit.NewVisit(settings, d.id, c.ID, d.kind, d.userID, at)
		if err != nil {
			return fmt.Errorf("seed visit %s: %w", d.id, err)
		}
		v, _, err = repo.Begin(ctx, t, v, true, by, at)
		if apperr.CodeOf(err) == apperr.Conflict {
			continue
		}
		if err != nil {
			return fmt.Errorf("seed visit %s: %w", d.id, err)
		}
		for i, slug := range d.steps {
			at = at.Add(time.Duration(i+1) * 4 * time.Minute)
			if v, _, err = repo.Apply(ctx, t, v, visit.Change{ItemSlug: slug, ItemAction: visit.ItemComplete, Version: v.Version, By: d.userID}, by, at); err != nil {
				return fmt.Errorf("seed visit %s step %s: %w", d.id, slug, err)
			}
		}
		if d.end == 0 {
			continue
		}
		result := "not_sold"
		if d.sold {
			result = "sold"
		}
		sold := d.sold
		end := now.Add(-d.ago + d.end)
		if _, _, err = repo.Apply(ctx, t, v, visit.Change{Action: visit.Complete, Sold: &sold, Result: &result, Version: v.Version, By: d.userID}, by, end); err != nil {
			return fmt.Errorf("seed visit %s end: %w", d.id, err)
		}
	}
	return nil
}
