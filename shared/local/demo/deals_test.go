package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/local/demo"
)

// TestSeedDeals: the demo's sold deals fill each store's sales ledger over the turn predictor's
// window, so the predictor of the store's open deal sheet has a median and a range; seeding
// again writes no second vehicle or sale.
func TestSeedDeals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, subjects := seedServices(t)
	g := demo.Build()
	g.GeneratedContacts = 90
	g.History = demo.HistoryOptions{Days: 3, Leads: 2, Seed: 7}
	now := svc.Store.Now()
	for range 2 {
		if err := demo.Seed(ctx, svc, g, subjects); err != nil {
			t.Fatal(err)
		}
	}
	tn, _ := account.Tenant(demo.AccountID)
	sheets := dealsheet.NewSheets(svc.Store, activity.NewRepo(svc.Store, nil, nil))
	vehicles := garage.NewRepo(svc.Store, nil, nil, nil)
	for _, tt := range []struct {
		store             int64
		make, model, trim string
		sales             int
		basis             string
	}{
		{demo.StoreToyota, "Toyota", "Camry", "LE", 9, dealsheet.TurnBasisModelYear},
		{demo.StoreHonda, "Honda", "CR-V", "EX-L", 7, dealsheet.TurnBasisModelYear},
		{demo.StoreHyundai, "Hyundai", "Tucson", "SEL", 4, dealsheet.TurnBasisModelYear},
	} {
		t.Run(tt.make, func(t *testing.T) {
			sales, err := sheets.Sales(ctx, tn, tt.store, now.AddDate(0, 0, -dealsheet.TurnWindowDays))
			if err != nil {
				t.Fatal(err)
			}
			if len(sales) != tt.sales {
				t.Fatalf("%d sales in the window, want %d", len(sales), tt.sales)
			}
			models := map[string]bool{}
			for _, s := range sales {
				models[s.Model] = true
				if s.SoldAt.After(now) || s.Days < 1 || !s.OpenedAt.Before(s.SoldAt) {
					t.Errorf("sale %+v", s)
				}
			}
			if span := sales[0].SoldAt.Sub(sales[len(sales)-1].SoldAt); span < 90*24*time.Hour {
				t.Errorf("the sales span %s, want them spread over the window", span)
			}
			p := dealsheet.PredictTurn(2026, tt.make, tt.model, tt.trim, sales)
			if p.Basis != tt.basis || p.Estimate == nil || p.Low == nil || p.High == nil || *p.Low > *p.Estimate || *p.High < *p.Estimate {
				t.Errorf("prediction %+v", p)
			}
			// One open deal sheet of the store besides the sold ones, each a vehicle once.
			vs, err := vehicles.StoreVehicles(ctx, tn, tt.store)
			if err != nil {
				t.Fatal(err)
			}
			open, seen := 0, map[int64]bool{}
			for _, v := range vs {
				sh, err := sheets.Get(ctx, tn, v.EntityID)
				if err != nil {
					continue
				}
				if seen[v.ContactID] {
					t.Errorf("customer %d has two deal vehicles", v.ContactID)
				}
				seen[v.ContactID] = true
				if sh.State == dealsheet.SheetOpen {
					open++
				}
			}
			if open != 1 || len(seen) != tt.sales+1 {
				t.Errorf("%d open deal sheets of %d customers, want 1 of %d", open, len(seen), tt.sales+1)
			}
		})
	}
}
