package payment

import "slices"

// Levy is one tax charged on an amount: its name as a contract shows it and its rate.
type Levy struct {
	Name string `json:"name"`
	Rate Rate   `json:"rate"`
}

// LeaseTax is how a lease is taxed.
type LeaseTax string

// The ways a lease is taxed.
const (
	// TaxMonthly taxes each payment (most US states, and Canada's GST/HST/PST/QST).
	TaxMonthly LeaseTax = "monthly"
	// TaxUpFrontPayments taxes the total of the base payments once, at signing.
	TaxUpFrontPayments LeaseTax = "upfront_payments"
	// TaxCapCost taxes the vehicle's agreed value (price and taxable fees) once, at signing.
	TaxCapCost LeaseTax = "cap_cost"
)

// Tax is how a deal is taxed.
type Tax struct {
	// Levies are the taxes charged: one sales tax in the US, GST with PST or QST, or HST, in
	// Canada (see Province).
	Levies []Levy `json:"levies"`
	// Lease is how a lease is taxed; empty is TaxMonthly.
	Lease LeaseTax `json:"lease,omitempty"`
	// Capitalize rolls a lease's up-front tax into the cap cost instead of collecting it at
	// signing.
	Capitalize bool `json:"capitalize,omitempty"`
	// TradeCredit taxes the price less the trade allowance (most US states and Canada).
	TradeCredit bool `json:"tradeCredit,omitempty"`
	// RebateReducesTax taxes the price less the rebates; otherwise rebates are applied after
	// tax.
	RebateReducesTax bool `json:"rebateReducesTax,omitempty"`
}

// SalesTax is a single US sales tax of rate.
func SalesTax(rate Rate) Tax { return Tax{Levies: []Levy{{Name: "Sales tax", Rate: rate}}} }

// Province is a Canadian province or territory, by its postal abbreviation.
type Province string

// provinceLevies are the sales taxes of each province and territory in 2026. GST is 5 %
// everywhere; HST replaces GST and the provincial tax in the Atlantic provinces and Ontario
// (Nova Scotia's HST fell from 15 % to 14 % on 1 April 2025); Québec charges QST at 9.975 %
// on the price without GST. Sources: Canada Revenue Agency, "GST/HST rates"
// (https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate/calculator.html),
// Revenu Québec, "Lease of a road vehicle" (QST 9.975 %), and the provinces' PST/RST pages
// (BC 7 %, Manitoba 7 %, Saskatchewan 6 %). BC charges a higher PST on dearer passenger
// vehicles; a store there passes its own levies in Tax.
var provinceLevies = map[Province][]Levy{
	"AB": {{"GST", BasisPoints(500)}},
	"BC": {{"GST", BasisPoints(500)}, {"PST", BasisPoints(700)}},
	"MB": {{"GST", BasisPoints(500)}, {"RST", BasisPoints(700)}},
	"NB": {{"HST", BasisPoints(1500)}},
	"NL": {{"HST", BasisPoints(1500)}},
	"NS": {{"HST", BasisPoints(1400)}},
	"NT": {{"GST", BasisPoints(500)}},
	"NU": {{"GST", BasisPoints(500)}},
	"ON": {{"HST", BasisPoints(1300)}},
	"PE": {{"HST", BasisPoints(1500)}},
	"QC": {{"GST", BasisPoints(500)}, {"QST", MustPercent("9.975")}},
	"SK": {{"GST", BasisPoints(500)}, {"PST", BasisPoints(600)}},
	"YT": {{"GST", BasisPoints(500)}},
}

// Provinces lists the provinces and territories the table knows, sorted.
func Provinces() []Province {
	out := make([]Province, 0, len(provinceLevies))
	for p := range provinceLevies {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// CanadaTax is the tax of a deal in province p: each levy on each lease payment, the trade
// allowance deducted from the taxable price. ok is false for an unknown province.
func CanadaTax(p Province) (Tax, bool) {
	levies, ok := provinceLevies[p]
	if !ok {
		return Tax{}, false
	}
	return Tax{Levies: slices.Clone(levies), Lease: TaxMonthly, TradeCredit: true}, true
}

// TaxLine is one levy charged on one amount.
type TaxLine struct {
	Name   string `json:"name"`
	Rate   Rate   `json:"rate"`
	Base   Money  `json:"base"`
	Amount Money  `json:"amount"`
}

// levy charges each levy on base, each rounded to the cent on its own (a levy on a negative
// base is zero).
func (t Tax) levy(base Money) ([]TaxLine, Money) {
	if base < 0 {
		base = 0
	}
	lines := make([]TaxLine, 0, len(t.Levies))
	var total Money
	for _, l := range t.Levies {
		amount := round(base.rat().Mul(base.rat(), l.Rate.fraction()))
		lines = append(lines, TaxLine{Name: l.Name, Rate: l.Rate, Base: base, Amount: amount})
		total += amount
	}
	return lines, total
}
