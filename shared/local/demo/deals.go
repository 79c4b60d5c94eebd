package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// demoDeal is a deal the demo works as a sales person would: a generated customer's vehicle
// added to the garage, its deal sheet opened on a replacement of the catalogue feed, and, for a
// sold one, the deal marked sold days later.
type demoDeal struct {
	// generated is the generated customer (GenerateContact's i), at their store.
	generated int
	current   garage.VehicleInput
	lender    string
	// replacement is a trim of the demo catalogue feed.
	replacement dealsheet.DealReplacement
	// soldAgo is how many days before the seed's now the deal was sold; turn is the days from
	// the deal sheet's opening to the sale. A deal not sold (soldAgo 0) was opened turn days ago.
	soldAgo, turn int
}

// Replacements of the demo catalogue feed the demo deals sell.
var (
	dealCamryLE    = dealsheet.DealReplacement{Year: 2026, Make: "Toyota", Model: "Camry", Trim: "LE", MSRP: payment.Dollars(28400)}
	dealCamrySE    = dealsheet.DealReplacement{Year: 2026, Make: "Toyota", Model: "Camry", Trim: "SE", MSRP: payment.Dollars(31000)}
	dealRAV4       = dealsheet.DealReplacement{Year: 2026, Make: "Toyota", Model: "RAV4", Trim: "XLE", MSRP: payment.Dollars(33600)}
	dealAccord     = dealsheet.DealReplacement{Year: 2026, Make: "Honda", Model: "Accord", Trim: "Sport", MSRP: payment.Dollars(33700)}
	dealCRV        = dealsheet.DealReplacement{Year: 2026, Make: "Honda", Model: "CR-V", Trim: "EX-L", MSRP: payment.Dollars(37300)}
	dealTucson     = dealsheet.DealReplacement{Year: 2026, Make: "Hyundai", Model: "Tucson", Trim: "SEL", MSRP: payment.Dollars(32900)}
	demoDealModels = map[int64][]dealsheet.DealReplacement{
		StoreToyota:  {dealCamryLE, dealRAV4, dealCamrySE, dealCamryLE, dealRAV4, dealCamryLE, dealRAV4, dealCamrySE, dealCamryLE},
		StoreHonda:   {dealCRV, dealAccord, dealCRV, dealAccord, dealCRV, dealAccord, dealCRV},
		StoreHyundai: {dealTucson, dealTucson, dealTucson, dealTucson},
	}
	demoTradeIns = map[string][]garage.VehicleInput{
		"Toyota":  {{Year: 2019, Make: "Toyota", Model: "Corolla", Mileage: 61200}, {Year: 2020, Make: "Toyota", Model: "Camry", Mileage: 48800}, {Year: 2018, Make: "Toyota", Model: "RAV4", Mileage: 72400}},
		"Honda":   {{Year: 2019, Make: "Honda", Model: "Civic", Mileage: 55100}, {Year: 2020, Make: "Honda", Model: "CR-V", Mileage: 50300}},
		"Hyundai": {{Year: 2019, Make: "Hyundai", Model: "Elantra", Mileage: 66900}, {Year: 2020, Make: "Hyundai", Model: "Kona", Mileage: 43700}},
	}
	demoLenders = map[string]string{"Toyota": "Toyota Financial Services", "Honda": "Honda Financial Services", "Hyundai": "Hyundai Capital"}
)

// demoDeals are the demo group's deals: several sold per store, their sales spread over the turn
// predictor's window (the last dealsheet.TurnWindowDays days), and one open deal sheet per store
// whose turn predictor shows them. Each is a generated customer of the deal's store numbered
// from 60 on; customers beyond those the group generates have none.
func demoDeals(g Group) []demoDeal {
	r := rand.New(rand.NewPCG(2026, 180))
	var out []demoDeal
	for si, st := range g.Stores {
		models, ok := demoDealModels[st.AccountPlatformID]
		if !ok {
			continue
		}
		// The customers of store si are those whose number is si modulo the stores.
		customer := func(n int) int { return (60/len(g.Stores)+n)*len(g.Stores) + si }
		ins := demoTradeIns[models[0].Make]
		for n, m := range append(models, models[0]) {
			d := demoDeal{generated: customer(n), current: ins[n%len(ins)], lender: demoLenders[m.Make], replacement: m, turn: 3 + r.IntN(38)}
			if n < len(models) {
				// Spread over the window, newest first, a few days apart at least.
				span := dealsheet.TurnWindowDays - 10
				d.soldAgo = 2 + n*span/len(models) + r.IntN(max(1, span/len(models)-2))
			}
			out = append(out, d)
		}
	}
	return out
}

// seedDeals works the demo group's deals through the garage and the deal sheets as a sales
// person does (other groups get none): the vehicle added when the deal sheet was opened, the
// sheet opened at the store's standard terms' middle term and down payment, and a sold deal
// marked sold, which writes its sale in the store's sales ledger in the same transaction. Each
// step runs on a clock set to when it happened, now being the seed's. A customer whose garage
// holds the deal's vehicle already is not given another, and a sheet sold already is left as it
// is: seeding again writes nothing more.
func seedDeals(ctx context.Context, svc wiring.Services, g Group, now time.Time) error {
	if g.Account.ID != AccountID {
		return nil
	}
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	cat, err := vehicle.Load()
	if err != nil {
		return err
	}
	stores := map[int64]account.Store{}
	for _, st := range g.Stores {
		stores[st.AccountPlatformID] = st
	}
	names := map[string]string{}
	for _, l := range g.Logins {
		names[l.Profile.UserID] = l.Profile.DisplayName()
	}
	for _, d := range demoDeals(g) {
		if d.generated >= g.GeneratedContacts {
			continue
		}
		c := GenerateContact(g.Account.ID, g.Stores, d.generated)
		st := stores[c.AccountPlatformID]
		// Sam Ortega sells at Toyota and Honda, Morgan Reyes at every store.
		by := dealsheet.Actor{UserID: "100001"}
		if st.AccountPlatformID != StoreToyota && st.AccountPlatformID != StoreHonda {
			by.UserID = "100002"
		}
		by.UserName = names[by.UserID]
		soldAt := now.Add(-time.Duration(d.soldAgo) * 24 * time.Hour)
		openedAt := soldAt.Add(-time.Duration(d.turn)*24*time.Hour - 3*time.Hour)
		at := func(when time.Time) *store.Store { return svc.Store.WithClock(func() time.Time { return when }) }
		opened := at(openedAt)
		act := activity.NewRepo(opened, svc.Events, svc.Log)
		v, err := dealVehicle(ctx, t, garage.NewRepo(opened, act, cat, svc.Log), c.ID, st.AccountPlatformID, d, by, openedAt)
		if err != nil {
			return fmt.Errorf("seed the deal of customer %d: %w", c.ID, err)
		}
		sheets := dealsheet.NewSheets(opened, act)
		sh, err := sheets.Get(ctx, t, v.EntityID)
		if apperr.CodeOf(err) == apperr.NotFound {
			sh, err = sheets.Open(ctx, t, dealStart(v, d))
		}
		if err != nil {
			return fmt.Errorf("seed the deal sheet of customer %d: %w", c.ID, err)
		}
		if d.soldAgo == 0 || sh.State == dealsheet.SheetSold {
			continue
		}
		sold := at(soldAt)
		sheets = dealsheet.NewSheets(sold, activity.NewRepo(sold, svc.Events, svc.Log))
		quote := func(sh dealsheet.Sheet) (payment.Quote, error) { return payment.Compute(dealPayment(st, sh)) }
		if _, err := sheets.Apply(ctx, t, v.EntityID, sh.Version, by, dealsheet.SoldChange(quote, by)); err != nil {
			return fmt.Errorf("seed the sale of customer %d: %w", c.ID, err)
		}
	}
	return nil
}

// dealVehicle returns the deal's vehicle in customer contactID's garage, adding it the first
// time.
func dealVehicle(ctx context.Context, t store.Tenant, repo *garage.Repo, contactID, storeID int64, d demoDeal, by dealsheet.Actor, now time.Time) (garage.Vehicle, error) {
	have, err := repo.List(ctx, t, []int64{contactID})
	if err != nil {
		return garage.Vehicle{}, err
	}
	for _, v := range have {
		cv := v.CurrentVehicle
		if cv.Year == d.current.Year && cv.Make == d.current.Make && cv.Model == d.current.Model {
			return v, nil
		}
	}
	start := now.AddDate(-3, 0, 0).Format(time.DateOnly)
	e := garage.Edit{CurrentVehicle: d.current,
		ReplacementVehicle: garage.ReplacementVehicle{Year: d.replacement.Year, Make: d.replacement.Make, Model: d.replacement.Model, Trim: d.replacement.Trim, Price: float64(d.replacement.MSRP) / 100},
		Contracts:          []garage.ContractInput{{ContractType: "finance", Lender: d.lender, TermMonths: 60, Rate: 4.9, Payment: 379, Payoff: 9800, StartDate: start}}}
	return repo.Add(ctx, t, contactID, storeID, e, garage.Actor{UserID: by.UserID, UserName: by.UserName})
}

// dealStart is the deal sheet a sales person opens on the deal's vehicle: the replacement at its
// MSRP, the trade at $12,500 less the payoff of its contract, a retail deal at 5.99 % APR and the standard
// terms' middle term and down payment.
func dealStart(v garage.Vehicle, d demoDeal) dealsheet.Sheet {
	terms := payment.StandardTerms(payment.SalePurchase)
	s := dealsheet.DealStructure{DealType: payment.Retail, Price: d.replacement.MSRP, Rate: payment.BasisPoints(599),
		Term: terms.Terms[1], Down: terms.Downs[1], TradeAllowance: payment.Dollars(12500), Payoff: payment.Dollars(9800)}
	return dealsheet.Sheet{EntityID: v.EntityID, ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID,
		Structure: s, Replacement: d.replacement}
}

// dealPayment is the payment engine's deal of sheet sh at store st: a Canadian store charges its
// province's taxes, as the deal sheet computes it.
func dealPayment(st account.Store, sh dealsheet.Sheet) payment.Deal {
	s := sh.Structure
	d := payment.Deal{Type: s.DealType, Price: s.Price, MSRP: sh.Replacement.MSRP, Down: s.Down, Rate: s.Rate, Term: s.Term,
		Trade: payment.Trade{Allowance: s.TradeAllowance, Payoff: s.Payoff}}
	if st.Country == "CA" {
		if tax, ok := payment.CanadaTax(payment.Province(st.Province)); ok {
			d.Tax = tax
		}
	}
	return d
}
