package payment

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Rate is an annual percentage rate (an APR, a lease rate or a tax rate) held exactly as a
// count of millionths of a percent: 7.5 % is 7,500,000 and Québec's 9.975 % is 9,975,000.
// A lease's money factor is the rate divided by 2400, so a money factor with up to eight
// decimals is a Rate without loss (0.00125 is 3 %).
type Rate int64

// rateUnit is the number of Rate units in one percent.
const rateUnit = 1_000_000

// moneyFactorDivisor turns a lease rate in percent into its money factor.
const moneyFactorDivisor = 2400

// Percent reads a rate in percent such as "7.5" or "9.975" (at most six decimals).
func Percent(s string) (Rate, error) {
	t := strings.TrimSuffix(strings.TrimSpace(s), "%")
	v, err := parseDecimal(strings.TrimSpace(t), 6)
	if err != nil {
		return 0, fmt.Errorf("rate %q: %w", s, err)
	}
	return Rate(v), nil
}

// MustPercent is Percent for constants; it panics on a malformed literal.
func MustPercent(s string) Rate {
	r, err := Percent(s)
	if err != nil {
		panic(err)
	}
	return r
}

// BasisPoints returns a rate of n hundredths of a percent (750 is 7.5 %).
func BasisPoints(n int64) Rate { return Rate(n * rateUnit / 100) }

// MoneyFactor reads a lease money factor such as "0.00125" (at most eight decimals) and
// returns its rate, the money factor times 2400.
func MoneyFactor(s string) (Rate, error) {
	v, err := parseDecimal(strings.TrimSpace(s), 8)
	if err != nil {
		return 0, fmt.Errorf("money factor %q: %w", s, err)
	}
	// v is the money factor in 10^-8; the rate in 10^-6 % is v·2400·10^-8·10^8 = v·24.
	return Rate(v * 24), nil
}

// MustMoneyFactor is MoneyFactor for constants; it panics on a malformed literal.
func MustMoneyFactor(s string) Rate {
	r, err := MoneyFactor(s)
	if err != nil {
		panic(err)
	}
	return r
}

// fraction is the rate as an exact fraction (7.5 % is 3/40).
func (r Rate) fraction() *big.Rat { return big.NewRat(int64(r), 100*rateUnit) }

// monthly is the periodic rate of a monthly loan: the APR over 12.
func (r Rate) monthly() *big.Rat { return big.NewRat(int64(r), 12*100*rateUnit) }

// moneyFactor is the rate as a money factor, exactly: the rate in percent over 2400.
func (r Rate) moneyFactor() *big.Rat { return big.NewRat(int64(r), moneyFactorDivisor*rateUnit) }

// MoneyFactorString shows the rate as a money factor with as many decimals as it needs.
func (r Rate) MoneyFactorString() string { return ratString(r.moneyFactor(), 10) }

// String shows the rate in percent with as many decimals as it needs ("7.5", "9.975"). A rate
// is a whole number of millionths of a percent, so this is exact without rounding.
func (r Rate) String() string {
	n := int64(r)
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	whole, frac := n/rateUnit, n%rateUnit
	if frac == 0 {
		return sign + strconv.FormatInt(whole, 10)
	}
	digits := strconv.FormatInt(frac+rateUnit, 10)[1:] // six digits, leading zeros kept
	return sign + strconv.FormatInt(whole, 10) + "." + strings.TrimRight(digits, "0")
}

// ratString writes x with at most places decimals, trailing zeros dropped.
func ratString(x *big.Rat, places int) string {
	s := x.FloatString(places)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// MarshalText writes the rate in percent.
func (r Rate) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a rate in percent.
func (r *Rate) UnmarshalText(b []byte) error {
	v, err := Percent(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// formatFixed writes x rounded half away from zero to places decimals.
func formatFixed(x *big.Rat, places int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)
	scaled := new(big.Rat).Mul(x, new(big.Rat).SetInt(scale))
	units := int64(round(scaled))
	sign := ""
	if units < 0 {
		sign, units = "-", -units
	}
	if places == 0 {
		return sign + strconv.FormatInt(units, 10)
	}
	digits := fmt.Sprintf("%0*d", places+1, units)
	return sign + digits[:len(digits)-places] + "." + digits[len(digits)-places:]
}

// formatShortest writes f as the shortest decimal that reads back as f.
func formatShortest(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
