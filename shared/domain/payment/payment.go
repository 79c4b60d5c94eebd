// Package payment computes every payment the product shows for a deal: retail finance,
// balloon finance, lease, one-pay lease and cash, and a grid of them over three terms and
// three down payments. It is pure computation: no storage, no clock.
//
// Money is integer cents (Money); rates are exact (Rate, millionths of a percent), and a
// lease's money factor is its rate over 2400. Every amount is computed exactly with rational
// arithmetic and rounded once, at its end, to the cent, half away from zero. An amount made of
// other amounts (an amount financed, a total) is their exact sum; an amount computed from a
// rate or a division (a tax, a residual from a percentage, a payment) is rounded once from
// its exact value, never from already rounded parts. A lease's base payment is therefore
// round(depreciation + rent charge) computed exactly; the depreciation and rent charge shown
// beside it are each rounded on their own and may differ from it by a cent.
//
// The formulas:
//
//	retail    amount financed = price + fees + taxes − rebates − down payment − trade equity
//	          payment = A·r / (1 − (1+r)^−n), r = APR/12, n = term; A/n when the APR is 0
//	balloon   payment = (A − B·(1+r)^−n)·r / (1 − (1+r)^−n); (A − B)/n when the APR is 0
//	lease     adjusted cap cost = price + fees + negative equity − down − rebates − trade equity
//	          base payment = (adjusted − residual)/n + (adjusted + residual)·money factor
//	one-pay   payment = ((adjusted − residual) + (adjusted + residual)·mf·n) / (1 + mf·n)
//	cash      due = price + fees + taxes − rebates − trade equity − down payment
//
// Trade equity is the allowance less the payoff; negative equity is rolled into the amount
// financed or the cap cost. The one-pay formula charges rent on the amount the lessor still
// carries once the single payment is made at signing.
package payment

import (
	"math/big"
	"strconv"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Limits of the inputs.
const (
	MaxTerm   = 120
	MaxAmount = Money(100_000_000_00)
	MaxRate   = Rate(100 * rateUnit)
	MaxFees   = 50
)

// MsgInvalid is the message of a refused computation; the fields say what to fix.
const MsgInvalid = "The payment cannot be computed from these numbers."

// Fee is a dealer or government fee of a deal.
type Fee struct {
	Name    string `json:"name"`
	Amount  Money  `json:"amount"`
	Taxable bool   `json:"taxable"`
}

// Trade is the customer's vehicle taken in trade.
type Trade struct {
	// Allowance is what the dealer gives for the vehicle.
	Allowance Money `json:"allowance"`
	// Payoff is what the customer still owes on it.
	Payoff Money `json:"payoff"`
}

// Equity is the allowance less the payoff; negative when the customer owes more than the
// vehicle is worth.
func (t Trade) Equity() Money { return t.Allowance - t.Payoff }

// Residual is a lease's residual value or a balloon's final payment: an amount, or a
// percentage of the MSRP when Amount is zero.
type Residual struct {
	Amount  Money `json:"amount"`
	Percent Rate  `json:"percent"`
}

// Deal is what a payment is computed from.
type Deal struct {
	Type DealType `json:"dealType"`
	// Price is the agreed selling price.
	Price Money `json:"price"`
	// MSRP is the sticker price a residual percentage applies to.
	MSRP    Money `json:"msrp"`
	Fees    []Fee `json:"fees"`
	Rebates Money `json:"rebates"`
	// Down is the cash down payment (a lease's cash cap cost reduction).
	Down  Money `json:"down"`
	Trade Trade `json:"trade"`
	// Rate is the APR of a retail or balloon deal and the lease rate of a lease (its money
	// factor times 2400).
	Rate Rate `json:"rate"`
	// Term is the number of monthly payments (a one-pay lease's length in months).
	Term int `json:"term"`
	// Residual is a lease's residual value or a balloon's final payment.
	Residual Residual `json:"residual"`
	Tax      Tax      `json:"tax"`
}

// Quote is a computed deal: every amount a deal sheet shows.
type Quote struct {
	DealType DealType `json:"dealType"`
	SaleType SaleType `json:"saleType"`
	Term     int      `json:"term"`
	Rate     Rate     `json:"rate"`
	Down     Money    `json:"down"`

	Fees        Money `json:"fees"`
	TradeEquity Money `json:"tradeEquity"`
	// Taxes are the taxes due once: a purchase's sales taxes, or a lease's up-front taxes.
	Taxes    []TaxLine `json:"taxes"`
	TaxTotal Money     `json:"taxTotal"`

	// AmountFinanced is a retail or balloon deal's principal.
	AmountFinanced Money `json:"amountFinanced"`
	// Balloon is a balloon deal's final payment, due with the last monthly payment.
	Balloon Money `json:"balloon"`

	GrossCapCost     Money `json:"grossCapCost"`
	CapCostReduction Money `json:"capCostReduction"`
	AdjustedCapCost  Money `json:"adjustedCapCost"`
	Residual         Money `json:"residual"`
	// Depreciation and RentCharge are a lease's monthly parts (a one-pay lease's whole).
	Depreciation Money `json:"depreciation"`
	RentCharge   Money `json:"rentCharge"`

	// BasePayment is the payment before the taxes charged on each payment.
	BasePayment  Money     `json:"basePayment"`
	PaymentTaxes []TaxLine `json:"paymentTaxes"`
	// Payment is what the customer pays each month (a one-pay lease's single payment).
	Payment Money `json:"payment"`
	// TotalOfPayments is every payment (and a balloon) over the term.
	TotalOfPayments Money `json:"totalOfPayments"`
	// FinanceCharge is a retail or balloon deal's interest over the term.
	FinanceCharge Money `json:"financeCharge"`
	// CashDue is a cash deal's balance the customer pays.
	CashDue Money `json:"cashDue"`
}

// Compute computes the quote of d. A deal type that is not a way of paying (Wholesale,
// Incomplete, Conquest, Converted) and numbers that make no payment are invalid errors whose
// fields name the input to fix.
func Compute(d Deal) (Quote, error) {
	if err := d.validate(); err != nil {
		return Quote{}, err
	}
	st, _ := d.Type.SaleType()
	q := Quote{DealType: d.Type, SaleType: st, Term: d.Term, Rate: d.Rate, Down: d.Down, TradeEquity: d.Trade.Equity()}
	for _, f := range d.Fees {
		q.Fees += f.Amount
	}
	switch d.Type {
	case Retail, Balloon:
		return d.finance(q)
	case Lease:
		return d.lease(q)
	case OnePayLease:
		return d.onePay(q)
	}
	return d.cash(q)
}

// validate refuses inputs no deal has, naming each field.
func (d Deal) validate() error {
	fields := map[string]string{}
	amount := func(name string, m Money) {
		if m < 0 || m > MaxAmount {
			fields[name] = "Enter an amount from $0 to " + MaxAmount.String() + "."
		}
	}
	st, ok := d.Type.SaleType()
	if !ok {
		fields["dealType"] = "Choose Lease, Retail, Balloon, Cash or One-pay lease to compute a payment."
	}
	amount("price", d.Price)
	amount("msrp", d.MSRP)
	amount("rebates", d.Rebates)
	amount("down", d.Down)
	amount("trade.allowance", d.Trade.Allowance)
	amount("trade.payoff", d.Trade.Payoff)
	amount("residual.amount", d.Residual.Amount)
	if len(d.Fees) > MaxFees {
		fields["fees"] = "A deal has at most " + itoa(MaxFees) + " fees."
	}
	for i, f := range d.Fees {
		amount("fees["+itoa(i)+"].amount", f.Amount)
	}
	if d.Rate < 0 || d.Rate > MaxRate {
		fields["rate"] = "Enter a rate from 0 to 100%."
	}
	if d.Residual.Percent < 0 || d.Residual.Percent > MaxRate {
		fields["residual.percent"] = "Enter a residual from 0 to 100% of the MSRP."
	}
	for i, l := range d.Tax.Levies {
		if l.Rate < 0 || l.Rate > MaxRate {
			fields["tax.levies["+itoa(i)+"].rate"] = "Enter a tax rate from 0 to 100%."
		}
	}
	switch d.Tax.Lease {
	case "", TaxMonthly, TaxUpFrontPayments, TaxCapCost:
	default:
		fields["tax.lease"] = "Choose monthly, upfront_payments or cap_cost."
	}
	if ok && st != SaleCash && (d.Term < 1 || d.Term > MaxTerm) {
		fields["term"] = "Enter a term from 1 to " + itoa(MaxTerm) + " months."
	}
	if (st == SaleLease || st == SaleBalloon) && d.Residual.Amount == 0 && d.Residual.Percent > 0 && d.MSRP == 0 {
		fields["msrp"] = "Enter the MSRP the residual percentage applies to."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(MsgInvalid, fields)
	}
	return nil
}

// taxable is the amount a purchase's sales tax is charged on.
func (d Deal) taxable() Money {
	base := d.Price
	for _, f := range d.Fees {
		if f.Taxable {
			base += f.Amount
		}
	}
	if d.Tax.TradeCredit {
		base -= d.Trade.Allowance
	}
	if d.Tax.RebateReducesTax {
		base -= d.Rebates
	}
	return base
}

// residual is the lease residual or balloon payment: the amount, or the MSRP times the
// percentage rounded once.
func (d Deal) residual() Money {
	if d.Residual.Amount != 0 {
		return d.Residual.Amount
	}
	return round(d.MSRP.rat().Mul(d.MSRP.rat(), d.Residual.Percent.fraction()))
}

// finance computes a retail or balloon deal.
func (d Deal) finance(q Quote) (Quote, error) {
	q.Taxes, q.TaxTotal = d.Tax.levy(d.taxable())
	q.AmountFinanced = d.Price + q.Fees + q.TaxTotal - d.Rebates - d.Down - q.TradeEquity
	if q.AmountFinanced <= 0 {
		return Quote{}, apperr.InvalidFields(MsgInvalid, map[string]string{"down": "The down payment, rebates and trade cover the price: nothing is financed."})
	}
	if d.Type == Balloon {
		q.Balloon = d.residual()
		if q.Balloon >= q.AmountFinanced {
			return Quote{}, apperr.InvalidFields(MsgInvalid, map[string]string{"residual": "The balloon payment must be less than the amount financed."})
		}
	}
	q.BasePayment = amortize(q.AmountFinanced, q.Balloon, d.Rate, d.Term)
	q.Payment = q.BasePayment
	q.TotalOfPayments = q.Payment*Money(d.Term) + q.Balloon
	q.FinanceCharge = q.TotalOfPayments - q.AmountFinanced
	return q, nil
}

// amortize is the level monthly payment, in arrears, that repays principal leaving balloon
// due with the last payment, rounded once. With r = N/D, (1+r)^n = P/Q where P = (D+N)^n and
// Q = D^n, the annuity formula (A·(1+r)^n − B)·r / ((1+r)^n − 1) becomes the exact fraction
// (A·P − B·Q)·N / (D·(P − Q)) of integers.
func amortize(principal, balloon Money, apr Rate, n int) Money {
	if apr == 0 {
		return roundQuo(big.NewInt(int64(principal-balloon)), big.NewInt(int64(n)))
	}
	d := big.NewInt(12 * 100 * rateUnit)
	nr := big.NewInt(int64(apr))
	exp := big.NewInt(int64(n))
	p := new(big.Int).Exp(new(big.Int).Add(d, nr), exp, nil)
	q := new(big.Int).Exp(d, exp, nil)
	num := new(big.Int).Mul(big.NewInt(int64(principal)), p)
	num.Sub(num, new(big.Int).Mul(big.NewInt(int64(balloon)), q)).Mul(num, nr)
	den := new(big.Int).Sub(p, q)
	return roundQuo(num, den.Mul(den, d))
}

// capCost fills a lease's cap cost, its reductions and residual, with extra (a capitalised
// tax) added to the gross cap cost.
func (d Deal) capCost(q *Quote, extra Money) error {
	q.GrossCapCost = d.Price + q.Fees + extra
	q.CapCostReduction = d.Down + d.Rebates
	if q.TradeEquity >= 0 {
		q.CapCostReduction += q.TradeEquity
	} else {
		q.GrossCapCost -= q.TradeEquity
	}
	q.AdjustedCapCost = q.GrossCapCost - q.CapCostReduction
	q.Residual = d.residual()
	if q.AdjustedCapCost <= q.Residual {
		return apperr.InvalidFields(MsgInvalid, map[string]string{"residual": "The residual must be less than the adjusted cap cost " + q.AdjustedCapCost.String() + "."})
	}
	return nil
}

// leaseParts are a lease's exact monthly depreciation and rent charge.
func (d Deal) leaseParts(q Quote) (dep, rent *big.Rat) {
	n := big.NewRat(int64(d.Term), 1)
	dep = new(big.Rat).Quo((q.AdjustedCapCost - q.Residual).rat(), n)
	rent = new(big.Rat).Mul((q.AdjustedCapCost + q.Residual).rat(), d.Rate.moneyFactor())
	return dep, rent
}

// lease computes a lease with monthly payments.
func (d Deal) lease(q Quote) (Quote, error) {
	if err := d.capCost(&q, 0); err != nil {
		return Quote{}, err
	}
	dep, rent := d.leaseParts(q)
	base := round(new(big.Rat).Add(dep, rent))
	switch d.Tax.Lease {
	case TaxUpFrontPayments, TaxCapCost:
		taxBase := base * Money(d.Term)
		if d.Tax.Lease == TaxCapCost {
			taxBase = d.taxable()
		}
		q.Taxes, q.TaxTotal = d.Tax.levy(taxBase)
		if d.Tax.Capitalize && q.TaxTotal > 0 {
			if err := d.capCost(&q, q.TaxTotal); err != nil {
				return Quote{}, err
			}
			dep, rent = d.leaseParts(q)
			base = round(new(big.Rat).Add(dep, rent))
		}
	default:
		q.PaymentTaxes, _ = d.Tax.levy(base)
	}
	q.Depreciation, q.RentCharge = round(dep), round(rent)
	q.BasePayment = base
	q.Payment = base
	for _, t := range q.PaymentTaxes {
		q.Payment += t.Amount
	}
	q.TotalOfPayments = q.Payment * Money(d.Term)
	return q, nil
}

// onePay computes a lease paid with one payment at signing.
func (d Deal) onePay(q Quote) (Quote, error) {
	if err := d.capCost(&q, 0); err != nil {
		return Quote{}, err
	}
	// P = ((A − R) + (A + R)·mf·n) / (1 + mf·n): the rent is charged on A − P + R, what the
	// lessor carries once P is paid.
	mfn := new(big.Rat).Mul(d.Rate.moneyFactor(), big.NewRat(int64(d.Term), 1))
	num := new(big.Rat).Mul((q.AdjustedCapCost + q.Residual).rat(), mfn)
	num.Add(num, (q.AdjustedCapCost - q.Residual).rat())
	base := round(num.Quo(num, new(big.Rat).Add(big.NewRat(1, 1), mfn)))
	q.Depreciation = q.AdjustedCapCost - q.Residual
	q.RentCharge = base - q.Depreciation
	q.BasePayment = base
	if d.Tax.Lease == TaxCapCost {
		q.Taxes, q.TaxTotal = d.Tax.levy(d.taxable())
	} else {
		q.PaymentTaxes, _ = d.Tax.levy(base)
	}
	q.Payment = base
	for _, t := range q.PaymentTaxes {
		q.Payment += t.Amount
	}
	q.TotalOfPayments = q.Payment
	return q, nil
}

// cash computes a cash deal's balance due.
func (d Deal) cash(q Quote) (Quote, error) {
	q.Term = 0
	q.Taxes, q.TaxTotal = d.Tax.levy(d.taxable())
	q.CashDue = d.Price + q.Fees + q.TaxTotal - d.Rebates - q.TradeEquity - d.Down
	q.TotalOfPayments = q.CashDue
	return q, nil
}

// itoa writes an index or a limit into a field name or a message.
func itoa(i int) string { return strconv.Itoa(i) }
