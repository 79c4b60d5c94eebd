package desk

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// TestPrice prices desks: the quote is the payment engine's, the scan's cell at the desk's own
// term and down payment is pinned (added when not one of the dealer's), and bad terms are
// refused under the desk's field names.
func TestPrice(t *testing.T) {
	v := Vehicle{Price: payment.Dollars(20000)}
	cases := []struct {
		name      string
		vehicle   Vehicle
		terms     Terms
		payment   payment.Money
		scans     int
		pinnedIdx int
		field     string
	}{
		// $20,000 at 7.5 % APR for 60 months is $400.76 a month.
		{"retail at a dealer term", v, Terms{DealType: payment.Retail, Term: 60, Rate: payment.MustPercent("7.5")}, 40076, 9, 3, ""},
		{"retail at another term", v, Terms{DealType: payment.Retail, Term: 66, Rate: payment.MustPercent("7.5")}, 0, 10, 9, ""},
		{"cash", v, Terms{DealType: payment.Cash}, 0, 1, 0, ""},
		{"no price", Vehicle{}, Terms{DealType: payment.Retail, Term: 60}, 0, 0, -1, ""},
		{"no term", v, Terms{DealType: payment.Retail}, 0, 0, -1, "terms.term"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, scans, err := Price(c.vehicle, nil, c.terms, payment.Tax{}, DealerTerms{})
			if c.field != "" {
				if e, ok := apperr.As(err); !ok || e.Fields[c.field] == "" {
					t.Fatalf("err = %v, want a field error on %s", err, c.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.payment != 0 && q.Payment != c.payment {
				t.Errorf("payment = %v, want %v", q.Payment, c.payment)
			}
			if len(scans) != c.scans {
				t.Fatalf("scans = %d, want %d", len(scans), c.scans)
			}
			for i, s := range scans {
				if s.Pinned != (i == c.pinnedIdx) {
					t.Errorf("scan %d pinned = %v", i, s.Pinned)
				}
				if s.Pinned && s.Payment != q.Payment {
					t.Errorf("pinned payment %v, quote %v", s.Payment, q.Payment)
				}
			}
		})
	}
}
