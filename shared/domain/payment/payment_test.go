package payment_test

import (
	"encoding/json"
	"testing"

	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func mustMoney(t *testing.T, s string) payment.Money {
	t.Helper()
	m, err := payment.ParseMoney(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func quebec(t *testing.T) payment.Tax {
	t.Helper()
	tax, ok := payment.CanadaTax("QC")
	if !ok {
		t.Fatal("no Québec taxes")
	}
	return tax
}

// TestWorkedExamples checks the engine against published worked examples; each case cites
// where its numbers come from.
func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	monthlyTax := payment.SalesTax(payment.MustPercent("9.5"))
	tests := []struct {
		name    string
		deal    payment.Deal
		payment string
		check   func(t *testing.T, q payment.Quote)
	}{
		{
			// Issue 16 and every amortisation table: a $20,000 loan at 7.5 % APR for 60
			// months is $400.76 a month.
			name:    "retail $20,000 at 7.5% for 60 months",
			deal:    payment.Deal{Type: payment.Retail, Price: payment.Dollars(20000), Rate: payment.MustPercent("7.5"), Term: 60},
			payment: "400.76",
			check: func(t *testing.T, q payment.Quote) {
				if got, want := q.TotalOfPayments, mustMoney(t, "24045.60"); got != want {
					t.Errorf("total of payments = %v, want %v", got, want)
				}
				if got, want := q.FinanceCharge, mustMoney(t, "4045.60"); got != want {
					t.Errorf("finance charge = %v, want %v", got, want)
				}
			},
		},
		{
			// TValue help, "Example - Loan with Balloon Payment" (http://www.tvaluehelp.com/node/151):
			// $100,000 at 7.29 % over 120 monthly payments is $1,176.09 a month.
			name:    "retail $100,000 at 7.29% for 120 months",
			deal:    payment.Deal{Type: payment.Retail, Price: payment.Dollars(100000), Rate: payment.MustPercent("7.29"), Term: 120},
			payment: "1176.09",
		},
		{
			// RealtyCalc, remaining balance / balloon payment (https://realtycalc.com/hp/hpb10.asp):
			// $80,000 at 8 % amortised over 30 years pays $587.01 a month and owes $76,055.89
			// after 5 years, so a 60-month loan with that balloon pays $587.01.
			name:    "balloon $80,000 at 8% for 60 months, $76,055.89 balloon",
			deal:    payment.Deal{Type: payment.Balloon, Price: payment.Dollars(80000), Rate: payment.MustPercent("8"), Term: 60, Residual: payment.Residual{Amount: mustMoney(t, "76055.89")}},
			payment: "587.01",
			check: func(t *testing.T, q payment.Quote) {
				if got, want := q.TotalOfPayments, mustMoney(t, "587.01")*60+mustMoney(t, "76055.89"); got != want {
					t.Errorf("total of payments = %v, want %v", got, want)
				}
			},
		},
		{
			// Edmunds, "Calculate Your Own Car Lease Payment"
			// (https://www.edmunds.com/car-leasing/calculate-your-own-lease-payment.html): MSRP
			// $23,000, residual 57 % = $13,110, price $21,000 + $1,200 fees = $22,200 gross cap
			// cost, $1,700 down + $500 rebate = $2,200 reduction, $20,000 adjusted cap cost,
			// money factor 0.00125, 36 months: $6,890/36 + ($20,000 + $13,110) × 0.00125.
			name: "US lease, Edmunds sample",
			deal: payment.Deal{Type: payment.Lease, Price: payment.Dollars(21000), MSRP: payment.Dollars(23000),
				Fees: []payment.Fee{{Name: "Fees", Amount: payment.Dollars(1200)}}, Rebates: payment.Dollars(500), Down: payment.Dollars(1700),
				Rate: payment.MustMoneyFactor("0.00125"), Term: 36, Residual: payment.Residual{Percent: payment.MustPercent("57")}},
			payment: "232.78",
			check: func(t *testing.T, q payment.Quote) {
				for _, c := range []struct {
					name      string
					got, want payment.Money
				}{
					{"residual", q.Residual, payment.Dollars(13110)},
					{"gross cap cost", q.GrossCapCost, payment.Dollars(22200)},
					{"cap cost reduction", q.CapCostReduction, payment.Dollars(2200)},
					{"adjusted cap cost", q.AdjustedCapCost, payment.Dollars(20000)},
					{"depreciation", q.Depreciation, mustMoney(t, "191.39")},
					{"rent charge", q.RentCharge, mustMoney(t, "41.39")},
				} {
					if c.got != c.want {
						t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
					}
				}
				if got, want := q.Rate.String(), "3"; got != want {
					t.Errorf("lease rate = %s%%, want %s%% (0.00125 × 2400)", got, want)
				}
			},
		},
		{
			// Leasehackr forum, "Trying to understand lease ... 2018 Lexus NX300"
			// (https://forum.leasehackr.com/t/trying-to-understand-lease-and-how-to-negotiate-this-deal-2018-lexus-nx300/42671):
			// cap cost $35,450, residual $19,119, money factor 0.0007, 48 months: depreciation
			// $340.23 + finance charge $38.20 = $378.43, tax 9.5 % $35.95, total $414.38.
			name: "US lease taxed monthly",
			deal: payment.Deal{Type: payment.Lease, Price: payment.Dollars(35450), Rate: payment.MustMoneyFactor("0.0007"), Term: 48,
				Residual: payment.Residual{Amount: payment.Dollars(19119)}, Tax: monthlyTax},
			payment: "414.38",
			check: func(t *testing.T, q payment.Quote) {
				if got, want := q.BasePayment, mustMoney(t, "378.43"); got != want {
					t.Errorf("base payment = %v, want %v", got, want)
				}
				if len(q.PaymentTaxes) != 1 || q.PaymentTaxes[0].Amount != mustMoney(t, "35.95") {
					t.Errorf("payment taxes = %+v, want one of $35.95", q.PaymentTaxes)
				}
			},
		},
		{
			// Revenu Québec, "Lease of a Road Vehicle"
			// (https://www.revenuquebec.ca/en/citizens/consumption-taxes/taxable-zero-rated-or-tax-exempt-goods-and-services/gst-and-qst/transport/road-vehicles-individuals/lease-of-a-road-vehicle/):
			// a $20,000 vehicle, $5,000 trade-in credit, $8,000 residual, 48 months at 0 %:
			// $7,000/48 = $145.83, GST 5 % $7.29, QST 9.975 % $14.55, $167.67 a month.
			name: "Québec lease with GST and QST",
			deal: payment.Deal{Type: payment.Lease, Price: payment.Dollars(20000), Trade: payment.Trade{Allowance: payment.Dollars(5000)},
				Term: 48, Residual: payment.Residual{Amount: payment.Dollars(8000)}, Tax: quebec(t)},
			payment: "167.67",
			check: func(t *testing.T, q payment.Quote) {
				if got, want := q.BasePayment, mustMoney(t, "145.83"); got != want {
					t.Errorf("base payment = %v, want %v", got, want)
				}
				want := []payment.TaxLine{
					{Name: "GST", Rate: payment.MustPercent("5"), Base: mustMoney(t, "145.83"), Amount: mustMoney(t, "7.29")},
					{Name: "QST", Rate: payment.MustPercent("9.975"), Base: mustMoney(t, "145.83"), Amount: mustMoney(t, "14.55")},
				}
				if len(q.PaymentTaxes) != len(want) {
					t.Fatalf("payment taxes = %+v, want %+v", q.PaymentTaxes, want)
				}
				for i := range want {
					if q.PaymentTaxes[i] != want[i] {
						t.Errorf("payment tax %d = %+v, want %+v", i, q.PaymentTaxes[i], want[i])
					}
				}
			},
		},
		{
			// The one-pay formula worked by hand: adjusted cap cost $30,000, residual $18,000,
			// money factor 0.001, 36 months: (12,000 + 48,000 × 0.036) / 1.036 = 13,728 / 1.036
			// = $13,250.965 → $13,250.97, less than the $12,000 + 36 × $48 = $13,728 of monthly
			// rent on the whole cap cost.
			name: "one-pay lease",
			deal: payment.Deal{Type: payment.OnePayLease, Price: payment.Dollars(30000), Rate: payment.MustMoneyFactor("0.001"), Term: 36,
				Residual: payment.Residual{Amount: payment.Dollars(18000)}},
			payment: "13250.97",
			check: func(t *testing.T, q payment.Quote) {
				if got, want := q.Depreciation, payment.Dollars(12000); got != want {
					t.Errorf("depreciation = %v, want %v", got, want)
				}
				if got, want := q.RentCharge, mustMoney(t, "1250.97"); got != want {
					t.Errorf("rent charge = %v, want %v", got, want)
				}
			},
		},
		{
			// Cash: $30,000 + $500 taxable doc fee + $100 title, 6 % on $30,500 less the
			// $8,000 trade allowance = $1,350; less $1,000 rebate, $8,000 − $3,000 equity and
			// $2,000 deposit: 30,600 + 1,350 − 1,000 − 5,000 − 2,000 = $23,950 due.
			name: "cash",
			deal: payment.Deal{Type: payment.Cash, Price: payment.Dollars(30000),
				Fees:    []payment.Fee{{Name: "Doc fee", Amount: payment.Dollars(500), Taxable: true}, {Name: "Title", Amount: payment.Dollars(100)}},
				Rebates: payment.Dollars(1000), Down: payment.Dollars(2000), Trade: payment.Trade{Allowance: payment.Dollars(8000), Payoff: payment.Dollars(3000)},
				Tax: payment.Tax{Levies: []payment.Levy{{Name: "Sales tax", Rate: payment.MustPercent("6")}}, TradeCredit: true}},
			payment: "0.00",
			check: func(t *testing.T, q payment.Quote) {
				if got, want := q.TaxTotal, payment.Dollars(1350); got != want {
					t.Errorf("tax = %v, want %v", got, want)
				}
				if got, want := q.CashDue, payment.Dollars(23950); got != want {
					t.Errorf("cash due = %v, want %v", got, want)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q, err := payment.Compute(tc.deal)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := q.Payment, mustMoney(t, tc.payment); got != want {
				t.Errorf("payment = %v, want %v", got, want)
			}
			if tc.check != nil {
				tc.check(t, q)
			}
		})
	}
}

// TestRetailAmountFinanced follows price, fees, taxes, rebates, down payment and a trade
// with negative equity into the amount financed.
func TestRetailAmountFinanced(t *testing.T) {
	t.Parallel()
	d := payment.Deal{Type: payment.Retail, Price: payment.Dollars(30000), Rate: payment.MustPercent("6.9"), Term: 72,
		Fees:    []payment.Fee{{Name: "Doc fee", Amount: payment.Dollars(499), Taxable: true}, {Name: "Registration", Amount: payment.Dollars(150)}},
		Rebates: payment.Dollars(1500), Down: payment.Dollars(3000),
		Trade: payment.Trade{Allowance: payment.Dollars(10000), Payoff: payment.Dollars(12500)},
		Tax:   payment.Tax{Levies: []payment.Levy{{Name: "Sales tax", Rate: payment.MustPercent("7.25")}}, TradeCredit: true}}
	q, err := payment.Compute(d)
	if err != nil {
		t.Fatal(err)
	}
	// Taxable: 30,000 + 499 − 10,000 = 20,499; 7.25 % = 1,486.1775 → 1,486.18.
	if got, want := q.TaxTotal, mustMoney(t, "1486.18"); got != want {
		t.Errorf("tax = %v, want %v", got, want)
	}
	// 30,000 + 649 + 1,486.18 − 1,500 − 3,000 + 2,500 negative equity = 30,135.18.
	if got, want := q.AmountFinanced, mustMoney(t, "30135.18"); got != want {
		t.Errorf("amount financed = %v, want %v", got, want)
	}
	if got, want := q.TradeEquity, payment.Dollars(-2500); got != want {
		t.Errorf("trade equity = %v, want %v", got, want)
	}
	if q.Payment <= 0 || q.FinanceCharge != q.Payment*72-q.AmountFinanced {
		t.Errorf("payment %v, finance charge %v do not add up", q.Payment, q.FinanceCharge)
	}
}

// TestLeaseTaxMethods computes one lease under each US way of taxing it.
func TestLeaseTaxMethods(t *testing.T) {
	t.Parallel()
	base := payment.Deal{Type: payment.Lease, Price: payment.Dollars(21000), MSRP: payment.Dollars(23000),
		Fees: []payment.Fee{{Name: "Fees", Amount: payment.Dollars(1200)}}, Rebates: payment.Dollars(500), Down: payment.Dollars(1700),
		Rate: payment.MustMoneyFactor("0.00125"), Term: 36, Residual: payment.Residual{Percent: payment.MustPercent("57")}}
	levies := []payment.Levy{{Name: "Sales tax", Rate: payment.MustPercent("8")}}
	tests := []struct {
		name                  string
		tax                   payment.Tax
		payment, taxDue       string
		basePayment, grossCap string
	}{
		// 232.78 × 8 % = 18.6224 → 18.62 each month.
		{"monthly", payment.Tax{Levies: levies}, "251.40", "0.00", "232.78", "22200.00"},
		// 232.78 × 36 = 8,380.08; 8 % = 670.4064 → 670.41 at signing.
		{"up front on the total of payments", payment.Tax{Levies: levies, Lease: payment.TaxUpFrontPayments}, "232.78", "670.41", "232.78", "22200.00"},
		// Rolled into the cap cost: 22,870.41 gross, 20,670.41 adjusted;
		// 7,560.41/36 + 33,780.41 × 0.00125 = 210.0114 + 42.2255 = 252.2369 → 252.24.
		{"up front on the total, capitalised", payment.Tax{Levies: levies, Lease: payment.TaxUpFrontPayments, Capitalize: true}, "252.24", "670.41", "252.24", "22870.41"},
		// 8 % of the $21,000 price = 1,680.00 at signing.
		{"on the cap cost", payment.Tax{Levies: levies, Lease: payment.TaxCapCost}, "232.78", "1680.00", "232.78", "22200.00"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := base
			d.Tax = tc.tax
			q, err := payment.Compute(d)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name      string
				got, want payment.Money
			}{
				{"payment", q.Payment, mustMoney(t, tc.payment)},
				{"tax due once", q.TaxTotal, mustMoney(t, tc.taxDue)},
				{"base payment", q.BasePayment, mustMoney(t, tc.basePayment)},
				{"gross cap cost", q.GrossCapCost, mustMoney(t, tc.grossCap)},
			} {
				if c.got != c.want {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
		})
	}
}

// TestLeaseTrade puts positive equity in the reductions and rolls negative equity into the
// gross cap cost.
func TestLeaseTrade(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name             string
		trade            payment.Trade
		gross, reduction payment.Money
		adjusted         payment.Money
	}{
		{"positive equity", payment.Trade{Allowance: payment.Dollars(6000), Payoff: payment.Dollars(2000)}, payment.Dollars(30000), payment.Dollars(5000), payment.Dollars(25000)},
		{"negative equity", payment.Trade{Allowance: payment.Dollars(6000), Payoff: payment.Dollars(9000)}, payment.Dollars(33000), payment.Dollars(1000), payment.Dollars(32000)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q, err := payment.Compute(payment.Deal{Type: payment.Lease, Price: payment.Dollars(30000), Down: payment.Dollars(1000), Trade: tc.trade,
				Rate: payment.MustMoneyFactor("0.002"), Term: 36, Residual: payment.Residual{Amount: payment.Dollars(15000)}})
			if err != nil {
				t.Fatal(err)
			}
			if q.GrossCapCost != tc.gross || q.CapCostReduction != tc.reduction || q.AdjustedCapCost != tc.adjusted {
				t.Errorf("gross %v, reduction %v, adjusted %v; want %v, %v, %v", q.GrossCapCost, q.CapCostReduction, q.AdjustedCapCost, tc.gross, tc.reduction, tc.adjusted)
			}
		})
	}
}

// TestPaymentGrowsWithPriceShrinksWithDown checks the payment moves the right way for every
// paying deal type.
func TestPaymentGrowsWithPriceShrinksWithDown(t *testing.T) {
	t.Parallel()
	for _, dt := range []payment.DealType{payment.Retail, payment.Balloon, payment.Lease, payment.OnePayLease} {
		t.Run(string(dt), func(t *testing.T) {
			t.Parallel()
			deal := func(price, down int64) payment.Deal {
				return payment.Deal{Type: dt, Price: payment.Dollars(price), MSRP: payment.Dollars(40000), Down: payment.Dollars(down),
					Rate: payment.MustPercent("5.9"), Term: 48, Residual: payment.Residual{Percent: payment.MustPercent("40")},
					Tax: payment.SalesTax(payment.MustPercent("6.5"))}
			}
			pay := func(price, down int64) payment.Money {
				q, err := payment.Compute(deal(price, down))
				if err != nil {
					t.Fatalf("price %d down %d: %v", price, down, err)
				}
				return q.Payment
			}
			prev := pay(30000, 2000)
			for price := int64(30500); price <= 45000; price += 500 {
				if p := pay(price, 2000); p <= prev {
					t.Fatalf("price %d: payment %v is not above %v", price, p, prev)
				} else {
					prev = p
				}
			}
			prev = pay(38000, 0)
			for down := int64(500); down <= 8000; down += 500 {
				if p := pay(38000, down); p >= prev {
					t.Fatalf("down %d: payment %v is not below %v", down, p, prev)
				} else {
					prev = p
				}
			}
		})
	}
}

// TestZeroRate checks an APR of 0 pays the principal (less a balloon) over the term.
func TestZeroRate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		deal    payment.Deal
		payment string
	}{
		{"retail divides evenly", payment.Deal{Type: payment.Retail, Price: payment.Dollars(24000), Term: 48}, "500.00"},
		{"retail rounds half up", payment.Deal{Type: payment.Retail, Price: mustMoneyStatic("100.02"), Term: 12}, "8.34"}, // 8.335
		{"retail rounds down", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000), Term: 36}, "277.78"},     // 277.777…
		{"balloon", payment.Deal{Type: payment.Balloon, Price: payment.Dollars(24000), Term: 36, Residual: payment.Residual{Amount: payment.Dollars(6000)}}, "500.00"},
		{"lease is depreciation only", payment.Deal{Type: payment.Lease, Price: payment.Dollars(24000), Term: 36, Residual: payment.Residual{Amount: payment.Dollars(6000)}}, "500.00"},
		{"one-pay lease is the depreciation", payment.Deal{Type: payment.OnePayLease, Price: payment.Dollars(24000), Term: 36, Residual: payment.Residual{Amount: payment.Dollars(6000)}}, "18000.00"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q, err := payment.Compute(tc.deal)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := q.Payment, mustMoneyStatic(tc.payment); got != want {
				t.Errorf("payment = %v, want %v", got, want)
			}
		})
	}
}

func mustMoneyStatic(s string) payment.Money {
	m, err := payment.ParseMoney(s)
	if err != nil {
		panic(err)
	}
	return m
}

// TestRoundedOnce checks a lease payment is rounded from its exact parts, not summed from
// rounded ones: here depreciation $555.4619 and rent $50.0042 make $605.4661 → $605.47,
// while the rounded parts add up to $605.46.
func TestRoundedOnce(t *testing.T) {
	t.Parallel()
	q, err := payment.Compute(payment.Deal{Type: payment.Lease, Price: payment.Dollars(30000), Rate: payment.MustMoneyFactor("0.00125"), Term: 36,
		Residual: payment.Residual{Amount: mustMoney(t, "10003.37")}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.BasePayment, mustMoney(t, "605.47"); got != want {
		t.Errorf("base payment = %v, want %v", got, want)
	}
	if got, want := q.Depreciation+q.RentCharge, mustMoney(t, "605.46"); got != want {
		t.Errorf("depreciation + rent = %v, want %v", got, want)
	}
}

func TestDisplayRate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rate     float64
		saleType payment.SaleType
		canada   bool
		want     string
	}{
		{"Canada lease: money factor × 2400, 2 decimals", 0.00125, payment.SaleLease, true, "3.00"},
		{"Canada lease rounds half up", 0.0010021, payment.SaleLease, true, "2.41"}, // 2.40504
		{"Canada lease of a small factor", 0.000125, payment.SaleLease, true, "0.30"},
		{"Canada other sale type is also × 2400", 0.0025, payment.SalePurchase, true, "6.00"},
		{"Canada balloon", 0.00275, payment.SaleBalloon, true, "6.60"},
		{"US lease: 5 decimals", 0.00125, payment.SaleLease, false, "0.00125"},
		{"US lease rounds to 5 decimals", 0.001234567, payment.SaleLease, false, "0.00123"},
		{"US lease rounds half up at 5 decimals", 0.000125, payment.SaleLease, false, "0.00013"},
		{"US retail: 2 decimals", 5.9, payment.SalePurchase, false, "5.90"},
		{"US retail rounds half up", 2.345, payment.SalePurchase, false, "2.35"},
		{"US balloon", 4.125, payment.SaleBalloon, false, "4.13"},
		{"US cash", 0, payment.SaleCash, false, "0.00"},
		{"no sale type is not a lease", 0.00125, "", false, "0.00"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := payment.DisplayRate(tc.rate, tc.saleType, tc.canada); got != tc.want {
				t.Errorf("DisplayRate(%v, %q, %v) = %q, want %q", tc.rate, tc.saleType, tc.canada, got, tc.want)
			}
		})
	}
}

func TestDealTypes(t *testing.T) {
	t.Parallel()
	want := []struct {
		dealType payment.DealType
		saleType payment.SaleType
		computes bool
	}{
		{payment.Lease, payment.SaleLease, true},
		{payment.Retail, payment.SalePurchase, true},
		{payment.Balloon, payment.SaleBalloon, true},
		{payment.Cash, payment.SaleCash, true},
		{payment.OnePayLease, payment.SaleLease, true},
		{payment.Wholesale, "", false},
		{payment.Incomplete, "", false},
		{payment.Conquest, "", false},
		{payment.Converted, "", false},
	}
	got := payment.DealTypes()
	if len(got) != len(want) {
		t.Fatalf("DealTypes() = %v", got)
	}
	for i, w := range want {
		if got[i] != w.dealType {
			t.Errorf("DealTypes()[%d] = %q, want %q", i, got[i], w.dealType)
		}
		st, ok := w.dealType.SaleType()
		if st != w.saleType || ok != w.computes {
			t.Errorf("%s.SaleType() = %q, %v; want %q, %v", w.dealType, st, ok, w.saleType, w.computes)
		}
	}
	if got, want := payment.SaleTypes(), []payment.SaleType{"B", "P", "L", "C"}; len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("SaleTypes() = %v, want %v", got, want)
	}
}

// TestInvalid refuses deals that make no payment, naming the field to fix.
func TestInvalid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		deal  payment.Deal
		field string
	}{
		{"wholesale computes nothing", payment.Deal{Type: payment.Wholesale, Price: payment.Dollars(10000), Term: 36}, "dealType"},
		{"unknown deal type", payment.Deal{Type: "Rent", Price: payment.Dollars(10000), Term: 36}, "dealType"},
		{"no term", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000)}, "term"},
		{"term too long", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000), Term: 121}, "term"},
		{"negative price", payment.Deal{Type: payment.Retail, Price: -1, Term: 36}, "price"},
		{"negative rate", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000), Term: 36, Rate: -1}, "rate"},
		{"nothing financed", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000), Down: payment.Dollars(10000), Term: 36}, "down"},
		{"balloon above the amount financed", payment.Deal{Type: payment.Balloon, Price: payment.Dollars(10000), Term: 36, Residual: payment.Residual{Amount: payment.Dollars(10000)}}, "residual"},
		{"residual above the cap cost", payment.Deal{Type: payment.Lease, Price: payment.Dollars(10000), Term: 36, Residual: payment.Residual{Amount: payment.Dollars(12000)}}, "residual"},
		{"residual percentage without MSRP", payment.Deal{Type: payment.Lease, Price: payment.Dollars(10000), Term: 36, Residual: payment.Residual{Percent: payment.MustPercent("50")}}, "msrp"},
		{"bad fee", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000), Term: 36, Fees: []payment.Fee{{Name: "Doc", Amount: -5}}}, "fees[0].amount"},
		{"too many fees", payment.Deal{Type: payment.Retail, Price: payment.Dollars(10000), Term: 36, Fees: make([]payment.Fee, 51)}, "fees"},
		{"unknown lease tax", payment.Deal{Type: payment.Lease, Price: payment.Dollars(10000), Term: 36, Tax: payment.Tax{Lease: "yearly"}}, "tax.lease"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := payment.Compute(tc.deal)
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid {
				t.Fatalf("err = %v, want an invalid error", err)
			}
			if e.Fields[tc.field] == "" {
				t.Errorf("fields = %v, want one for %s", e.Fields, tc.field)
			}
		})
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	money := []struct {
		in   string
		want payment.Money
		err  bool
	}{
		{"20000", 2000000, false},
		{"400.76", 40076, false},
		{"$1,234.5", 123450, false},
		{"-5.05", -505, false},
		{".5", 50, false},
		{"1.234", 0, true},
		{"abc", 0, true},
		{"", 0, true},
	}
	for _, tc := range money {
		got, err := payment.ParseMoney(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseMoney(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
	if got, want := payment.Money(123456789).String(), "$1,234,567.89"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := payment.Money(-550).String(), "-$5.50"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	rates := []struct {
		rate payment.Rate
		want string
	}{
		{payment.MustPercent("7.5"), "7.5"},
		{payment.MustPercent("9.975"), "9.975"},
		{payment.BasisPoints(699), "6.99"},
		{payment.MustMoneyFactor("0.00125"), "3"},
		{payment.MustMoneyFactor("0.00208"), "4.992"},
	}
	for _, tc := range rates {
		if got := tc.rate.String(); got != tc.want {
			t.Errorf("rate = %s, want %s", got, tc.want)
		}
	}
	if got, want := payment.MustPercent("3").MoneyFactorString(), "0.00125"; got != want {
		t.Errorf("MoneyFactorString() = %s, want %s", got, want)
	}
	if _, err := payment.MoneyFactor("0.000000001"); err == nil {
		t.Error("a money factor with nine decimals was accepted")
	}
	var r payment.Rate
	if err := json.Unmarshal([]byte(`"5.25"`), &r); err != nil || r != payment.BasisPoints(525) {
		t.Errorf("unmarshal = %v, %v", r, err)
	}
}

func TestCanadaTax(t *testing.T) {
	t.Parallel()
	want := map[payment.Province]string{
		"AB": "GST 5", "BC": "GST 5 PST 7", "MB": "GST 5 RST 7", "NB": "HST 15", "NL": "HST 15", "NS": "HST 14",
		"NT": "GST 5", "NU": "GST 5", "ON": "HST 13", "PE": "HST 15", "QC": "GST 5 QST 9.975", "SK": "GST 5 PST 6", "YT": "GST 5",
	}
	if got := payment.Provinces(); len(got) != len(want) {
		t.Errorf("Provinces() = %v", got)
	}
	for p, w := range want {
		tax, ok := payment.CanadaTax(p)
		if !ok {
			t.Errorf("CanadaTax(%s) unknown", p)
			continue
		}
		got := ""
		for i, l := range tax.Levies {
			if i > 0 {
				got += " "
			}
			got += l.Name + " " + l.Rate.String()
		}
		if got != w {
			t.Errorf("CanadaTax(%s) = %q, want %q", p, got, w)
		}
	}
	if _, ok := payment.CanadaTax("XX"); ok {
		t.Error("an unknown province has taxes")
	}
	// Ontario: a $400.00 lease payment carries 13 % HST, $52.00.
	q, err := payment.Compute(payment.Deal{Type: payment.Lease, Price: mustMoney(t, "24400"), Term: 40, Residual: payment.Residual{Amount: mustMoney(t, "8400")},
		Tax: func() payment.Tax { tax, _ := payment.CanadaTax("ON"); return tax }()})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.Payment, mustMoney(t, "452.00"); got != want {
		t.Errorf("Ontario payment = %v, want %v", got, want)
	}
}

func gridDeal() payment.Deal {
	return payment.Deal{Type: payment.Retail, Price: payment.Dollars(32500), Rate: payment.MustPercent("6.49"),
		Fees:  []payment.Fee{{Name: "Doc fee", Amount: payment.Dollars(499), Taxable: true}},
		Trade: payment.Trade{Allowance: payment.Dollars(9000), Payoff: payment.Dollars(4000)},
		Tax:   payment.Tax{Levies: []payment.Levy{{Name: "Sales tax", Rate: payment.MustPercent("6.25")}}, TradeCredit: true}}
}

// TestGrid checks each cell of the grid is the full computation at its term and down payment.
func TestGrid(t *testing.T) {
	t.Parallel()
	d := gridDeal()
	terms := payment.StandardTerms(payment.SalePurchase)
	g, err := payment.ComputeGrid(d, terms)
	if err != nil {
		t.Fatal(err)
	}
	for i, term := range terms.Terms {
		for j, down := range terms.Downs {
			cell := d
			cell.Term, cell.Down = term, down
			want, err := payment.Compute(cell)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Cells[i][j]; got.Payment != want.Payment || got.Term != term || got.Down != down {
				t.Errorf("cell %d,%d = %v at %d months %v down, want %v", i, j, got.Payment, got.Term, got.Down, want.Payment)
			}
			if j > 0 && g.Cells[i][j].Payment >= g.Cells[i][j-1].Payment {
				t.Errorf("cell %d,%d: more down does not lower the payment", i, j)
			}
			if i > 0 && g.Cells[i][j].Payment >= g.Cells[i-1][j].Payment {
				t.Errorf("cell %d,%d: a longer term does not lower the payment", i, j)
			}
		}
	}
	if got := payment.StandardTerms(payment.SaleLease).Terms; got != [3]int{24, 36, 48} {
		t.Errorf("lease terms = %v", got)
	}
	// A down payment that covers the deal fails the grid, naming the cell.
	_, err = payment.ComputeGrid(d, payment.DefaultTerms{Terms: [3]int{36, 48, 60}, Downs: [3]payment.Money{0, payment.Dollars(100), payment.Dollars(40000)}})
	e, ok := apperr.As(err)
	if !ok || e.Fields["grid[0][2].down"] == "" {
		t.Errorf("err = %v, want a field error on grid[0][2].down", err)
	}
}

func TestDefaultTermsValidate(t *testing.T) {
	t.Parallel()
	downs := [3]payment.Money{0, payment.Dollars(1000), payment.Dollars(2000)}
	tests := []struct {
		name  string
		terms payment.DefaultTerms
		field string
	}{
		{"standard lease", payment.StandardTerms(payment.SaleLease), ""},
		{"standard purchase", payment.StandardTerms(payment.SalePurchase), ""},
		{"no term", payment.DefaultTerms{Terms: [3]int{0, 36, 48}, Downs: downs}, "terms[0]"},
		{"term too long", payment.DefaultTerms{Terms: [3]int{36, 48, 121}, Downs: downs}, "terms[2]"},
		{"terms not rising", payment.DefaultTerms{Terms: [3]int{36, 36, 48}, Downs: downs}, "terms[1]"},
		{"negative down", payment.DefaultTerms{Terms: [3]int{24, 36, 48}, Downs: [3]payment.Money{-1, 0, 100}}, "downs[0]"},
		{"downs not rising", payment.DefaultTerms{Terms: [3]int{24, 36, 48}, Downs: [3]payment.Money{0, 500, 500}}, "downs[2]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.terms.Validate()
			if tc.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Fields[tc.field] == "" {
				t.Errorf("Validate() = %v, want a field error on %s", err, tc.field)
			}
			if _, err := payment.ComputeGrid(gridDeal(), tc.terms); err == nil {
				t.Error("ComputeGrid accepted the terms")
			}
		})
	}
}

// TestOnePayCostsLessThanMonthly checks paying the lease at once saves rent: the single
// payment is less than the monthly lease's base payments, and more than its depreciation.
func TestOnePayCostsLessThanMonthly(t *testing.T) {
	t.Parallel()
	d := payment.Deal{Type: payment.Lease, Price: payment.Dollars(42000), MSRP: payment.Dollars(45000), Rate: payment.MustMoneyFactor("0.0021"),
		Term: 36, Residual: payment.Residual{Percent: payment.MustPercent("58")}}
	monthly, err := payment.Compute(d)
	if err != nil {
		t.Fatal(err)
	}
	d.Type = payment.OnePayLease
	one, err := payment.Compute(d)
	if err != nil {
		t.Fatal(err)
	}
	if one.Payment >= monthly.BasePayment*36 || one.Payment <= one.Depreciation {
		t.Errorf("one payment %v, monthly total %v, depreciation %v", one.Payment, monthly.BasePayment*36, one.Depreciation)
	}
}

func BenchmarkGrid(b *testing.B) {
	for _, dt := range []payment.DealType{payment.Retail, payment.Lease} {
		b.Run(string(dt), func(b *testing.B) {
			d := gridDeal()
			d.Type, d.MSRP, d.Residual = dt, payment.Dollars(34000), payment.Residual{Percent: payment.MustPercent("55")}
			st, _ := dt.SaleType()
			terms := payment.StandardTerms(st)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := payment.ComputeGrid(d, terms); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRateString: a rate shows in percent with the decimals it needs, and reads back as itself.
func TestRateString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string
	}{
		{"7.5", "7.5"},
		{"9.975", "9.975"},
		{"0", "0"},
		{"100", "100"},
		{"0.05", "0.05"},
		{"0.000001", "0.000001"},
		{"12.345678", "12.345678"},
		{"3.100000", "3.1"},
	}
	for _, tc := range tests {
		r, err := payment.Percent(tc.in)
		if err != nil {
			t.Fatalf("Percent(%q): %v", tc.in, err)
		}
		if got := r.String(); got != tc.want {
			t.Errorf("Percent(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
		back, err := payment.Percent(r.String())
		if err != nil || back != r {
			t.Errorf("Percent(%q) does not read back: %v, %v", tc.in, back, err)
		}
	}
	for r, want := range map[payment.Rate]string{-1: "-0.000001", -4_800_000: "-4.8"} {
		if got := r.String(); got != want {
			t.Errorf("Rate(%d).String() = %q, want %q", int64(r), got, want)
		}
	}
}
