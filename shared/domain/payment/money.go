package payment

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Money is an amount in cents. Every amount the package takes and gives is a Money, so sums
// and differences of amounts are exact and only a computed amount (a product or a quotient)
// is ever rounded. In JSON a Money is its count of cents.
type Money int64

// Dollars returns whole dollars as Money.
func Dollars(d int64) Money { return Money(d * 100) }

// ParseMoney reads an amount such as "20000", "400.76", "-5.5" or "$1,234.56". More than two
// decimals are refused rather than rounded, so an input never loses a fraction of a cent.
func ParseMoney(s string) (Money, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	t = strings.TrimPrefix(t, "$")
	t = strings.ReplaceAll(t, ",", "")
	units, err := parseDecimal(t, 2)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %w", s, err)
	}
	if neg {
		units = -units
	}
	return Money(units), nil
}

// String shows the amount as the product does: a dollar sign, thousands separators and two
// decimals ("$20,000.00", "-$5.50").
func (m Money) String() string {
	sign := ""
	v := int64(m)
	if v < 0 {
		sign, v = "-", -v
	}
	whole := strconv.FormatInt(v/100, 10)
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return fmt.Sprintf("%s$%s.%02d", sign, b.String(), v%100)
}

// Decimal shows the amount as a plain decimal with two places ("20000.00"), the form of the
// numbers a form or an API carries.
func (m Money) Decimal() string {
	sign := ""
	v := int64(m)
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// rat is the amount in cents as an exact rational.
func (m Money) rat() *big.Rat { return new(big.Rat).SetInt64(int64(m)) }

// round turns an exact amount of cents into Money, rounding half away from zero. It and
// roundQuo are the only places an amount is rounded.
func round(cents *big.Rat) Money { return roundQuo(cents.Num(), cents.Denom()) }

// roundQuo is num/den cents (den positive) rounded half away from zero.
func roundQuo(num, den *big.Int) Money {
	n := new(big.Int).Abs(num)
	// floor(n/den + 1/2) = floor((2·n + den) / (2·den))
	n.Lsh(n, 1).Add(n, den)
	v := n.Quo(n, new(big.Int).Lsh(den, 1)).Int64()
	if num.Sign() < 0 {
		v = -v
	}
	return Money(v)
}

// parseDecimal reads an unsigned decimal with at most places decimals as an integer count of
// 10^-places units.
func parseDecimal(s string, places int) (int64, error) {
	if s == "" {
		return 0, fmt.Errorf("empty number")
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" {
		whole = "0"
	}
	if len(frac) > places {
		return 0, fmt.Errorf("at most %d decimals", places)
	}
	for _, c := range whole + frac {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("not a number")
		}
	}
	if len(whole) > 12 {
		return 0, fmt.Errorf("too large")
	}
	frac += strings.Repeat("0", places-len(frac))
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("not a number")
	}
	return v, nil
}
