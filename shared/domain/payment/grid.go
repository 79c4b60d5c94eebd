package payment

import "github.com/cxm/cxm/shared/runtime/apperr"

// DefaultTerms are a dealer's default terms and down payments: the rows and columns of the
// payment grid a deal sheet opens with.
type DefaultTerms struct {
	Terms [3]int   `json:"terms"`
	Downs [3]Money `json:"downs"`
}

// StandardTerms are the default terms of a dealer that has set none: 24, 36 and 48 months
// for a lease, 48, 60 and 72 for a purchase, with $0, $1,000 and $2,500 down.
func StandardTerms(st SaleType) DefaultTerms {
	downs := [3]Money{0, Dollars(1000), Dollars(2500)}
	if st == SaleLease {
		return DefaultTerms{Terms: [3]int{24, 36, 48}, Downs: downs}
	}
	return DefaultTerms{Terms: [3]int{48, 60, 72}, Downs: downs}
}

// Validate refuses terms a dealer cannot set: each term 1 to MaxTerm months, the terms
// rising, and each down payment $0 to MaxAmount, rising.
func (t DefaultTerms) Validate() error {
	fields := map[string]string{}
	for i, term := range t.Terms {
		switch {
		case term < 1 || term > MaxTerm:
			fields["terms["+itoa(i)+"]"] = "Enter a term from 1 to " + itoa(MaxTerm) + " months."
		case i > 0 && term <= t.Terms[i-1]:
			fields["terms["+itoa(i)+"]"] = "Enter a term longer than the one before it."
		}
	}
	for j, down := range t.Downs {
		switch {
		case down < 0 || down > MaxAmount:
			fields["downs["+itoa(j)+"]"] = "Enter an amount from $0 to " + MaxAmount.String() + "."
		case j > 0 && down <= t.Downs[j-1]:
			fields["downs["+itoa(j)+"]"] = "Enter a down payment larger than the one before it."
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The default terms are not valid.", fields)
	}
	return nil
}

// Grid is the payment grid: Cells[i][j] is the deal at Terms[i] months with Downs[j] down.
type Grid struct {
	Terms [3]int      `json:"terms"`
	Downs [3]Money    `json:"downs"`
	Cells [3][3]Quote `json:"cells"`
}

// ComputeGrid computes d at each of the dealer's three terms and three down payments, each
// cell a full computation of its own. A cell that cannot be computed fails the grid with its
// field errors, named by the cell; terms that fail Validate fail it with theirs.
func ComputeGrid(d Deal, t DefaultTerms) (Grid, error) {
	if err := t.Validate(); err != nil {
		return Grid{}, err
	}
	g := Grid{Terms: t.Terms, Downs: t.Downs}
	for i, term := range t.Terms {
		for j, down := range t.Downs {
			cell := d
			cell.Term, cell.Down = term, down
			q, err := Compute(cell)
			if err != nil {
				if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
					fields := map[string]string{}
					for k, v := range e.Fields {
						fields["grid["+itoa(i)+"]["+itoa(j)+"]."+k] = v
					}
					return Grid{}, apperr.InvalidFields(e.Message, fields)
				}
				return Grid{}, err
			}
			g.Cells[i][j] = q
		}
	}
	return g, nil
}
