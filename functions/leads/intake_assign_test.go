package leads_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/cxm/cxm/events/leadassign"
	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// TestIntakeAutoAssigns delivers documents to a store whose dealer settings auto-assign leads
// by round robin: each lead arrives closed to claims and the assignment consumer gives it to
// the store's available sales people in turn, telling each.
func TestIntakeAutoAssigns(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range leadassign.New(srv.Services, func() time.Time { return now }).Consumers() {
		for _, typ := range c.Types {
			srv.Events.Subscribe(typ, c.Handle)
		}
	}
	var key httpapi.Result[leads.IntakeKey]
	body := fmt.Sprintf(`{"accountPlatformId":%d}`, demo.StoreToyota)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/intake/key", As: admin, Body: body}, &key); status != 200 {
		t.Fatalf("intake key: %d", status)
	}
	ctx := context.Background()
	tenant, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	users, err := srv.Services.Users.List(ctx, tenant)
	if err != nil {
		t.Fatal(err)
	}
	avail, err := availability.NewRepo(srv.Services.Store).All(ctx, tenant)
	if err != nil {
		t.Fatal(err)
	}
	eligible := leadassign.Eligible(users, avail, demo.StoreToyota, role.SalesPerson, now)
	slices.Sort(eligible)
	if len(eligible) < 2 {
		t.Fatalf("the demo store has %d available sales people, want at least 2", len(eligible))
	}
	h := leads.New(srv.Services)
	repo := lead.NewRepo(srv.Services.Store, nil, nil)
	var holders []string
	for i := range len(eligible) + 1 {
		doc := fmt.Sprintf(hondaADF, 1, fmt.Sprintf("RR-%d", i), "Robin", fmt.Sprintf("Turner%d", i), "", fmt.Sprintf("503-555-01%02d", i))
		status, res, e := intake(t, h, key.Data.Key, "application/xml", doc)
		if status != 200 || len(res.Leads) != 1 {
			t.Fatalf("delivery %d: %d %+v %+v", i, status, res, e)
		}
		srv.Flush(t) // the intake was served by its own handler, not through srv
		l, err := repo.Get(ctx, tenant, res.Leads[0].CrmLeadID)
		if err != nil {
			t.Fatal(err)
		}
		if l.Claimable || l.DisplayStatus() != lead.StatusNew {
			t.Errorf("lead %d: claimable %v, shows %v; want closed to claims and New", l.ID, l.Claimable, l.DisplayStatus())
		}
		holders = append(holders, l.SalesPersonID)
	}
	want := append(slices.Clone(eligible), eligible[0])
	if !slices.Equal(holders, want) {
		t.Errorf("holders = %v, want the available sales people in turn: %v", holders, want)
	}
	notes := notification.NewRepo(srv.Services.Store, nil)
	for _, id := range eligible {
		page, err := notes.List(ctx, tenant, id, 10, "")
		if err != nil {
			t.Fatal(err)
		}
		ns := page.Notifications
		if len(ns) == 0 || ns[0].Title != "New lead assigned" {
			t.Errorf("%s's notifications = %+v, want the new lead's", id, ns)
		}
	}
}
