package demo

import (
	"context"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// DemoLeadSource is the source of the seeded leads.
const DemoLeadSource = "Dealer Website"

// demoVehicle is the vehicle the seeded lead of a customer of st asks about.
func demoVehicle(st account.Store) lead.Vehicle {
	switch {
	case strings.Contains(st.Name, "Honda"):
		return lead.Vehicle{Year: 2026, Make: "Honda", Model: "CR-V", Trim: "EX-L", IsNew: true}
	case strings.Contains(st.Name, "Hyundai"):
		return lead.Vehicle{Year: 2026, Make: "Hyundai", Model: "Ioniq 5", Trim: "Preferred", IsNew: true}
	}
	return lead.Vehicle{Year: 2026, Make: "Toyota", Model: "RAV4", Trim: "XLE", IsNew: true}
}

// SeedLeads gives every hand-written customer of g one lead delivered by the store's web site
// as an ADF document: active, open to claims, with one vehicle of interest and one trade-in.
// The lead and its vehicles carry the customer's id, so tests name a customer's lead (and its
// vehicles) by the customer's id. The leads arrived over the hours before the seed's now, 41
// minutes apart, in the order of the customers.
// Seeding again changes nothing.
func SeedLeads(ctx context.Context, svc wiring.Services, g Group) error {
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	now := svc.Store.Now()
	for i, c := range g.Contacts {
		at := now.Add(-time.Duration(len(g.Contacts)-i) * 41 * time.Minute)
		repo := lead.NewRepo(svc.Store.WithClock(func() time.Time { return at }), nil, svc.Log)
		var st account.Store
		for _, s := range g.Stores {
			if s.AccountPlatformID == c.AccountPlatformID {
				st = s
			}
		}
		src, err := repo.EnsureSource(ctx, t, c.AccountPlatformID, DemoLeadSource)
		if err != nil {
			return fmt.Errorf("seed lead source: %w", err)
		}
		v := demoVehicle(st)
		l := lead.Lead{
			ID: c.ID, AccountPlatformID: c.AccountPlatformID, ContactID: c.ID, LeadTypeID: lead.TypeInternet,
			LeadSourceID: src.LeadSourceID, LeadSourceName: src.Name, Claimable: true,
			Vehicles: []lead.VehicleOfInterest{{CrmLeadVoiID: c.ID, Vehicle: v}},
			TradeIns: []lead.TradeIn{{CrmLeadTradeID: c.ID, Vehicle: lead.Vehicle{Year: 2017, Make: "Honda", Model: "Civic", Odometer: 84210}, Payoff: 4200}},
		}
		name := html.EscapeString(c.FirstName)
		last := html.EscapeString(c.LastName)
		if c.BusinessName != "" && last == "" {
			last = html.EscapeString(c.BusinessName)
		}
		raw := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<?adf version="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="%[1]s">WEB-%[2]d</id>
    <requestdate>2026-11-02T09:30:00-08:00</requestdate>
    <vehicle interest="buy" status="new"><year>%[3]d</year><make>%[4]s</make><model>%[5]s</model><trim>%[6]s</trim></vehicle>
    <vehicle interest="trade-in" status="used"><year>2017</year><make>Honda</make><model>Civic</model><odometer units="miles">84210</odometer></vehicle>
    <customer><contact><name part="first">%[7]s</name><name part="last">%[8]s</name></contact></customer>
    <provider><name part="full">%[1]s</name></provider>
  </prospect>
</adf>
`, DemoLeadSource, c.ID, v.Year, v.Make, v.Model, v.Trim, name, last)
		d := lead.Delivery{Provider: DemoLeadSource, ProviderID: fmt.Sprintf("WEB-%d", c.ID), Sequence: "1", Raw: raw, ContentType: "application/xml"}
		if _, _, err := repo.CreateDelivered(ctx, t, l, d, "demo"); err != nil {
			return fmt.Errorf("seed lead of customer %d: %w", c.ID, err)
		}
	}
	return nil
}
