package garage

import (
	"fmt"
	"math"
	"time"
)

// The opportunity score says how ready the customer is to change a currently owned vehicle for
// a new one, from 0 (not at all) to 100. It is the sum of five factors' points, each bounded:
//
//	factor           points      from
//	equity           -25 .. 30   the trade value less the payoff: 1 point per $200 of equity
//	monthsRemaining  -10 .. 25   the payments left on the default contract (paid off is 15)
//	mileage            0 .. 15   the mileage against the allowance of 12,000 a year of ownership
//	recalls            0 .. 15   5 points per open safety recall (a reason to visit the service)
//	age                0 .. 15   the model year's age
//
// A factor without its data (no trade value, no contract, no mileage, recalls not looked up)
// gives no points and says what is missing. The total is clamped to 0..100; 70 and more is hot,
// 40 and more warm, below cold. Only a currently owned vehicle has a score.

// The score's factors.
const (
	FactorEquity          = "equity"
	FactorMonthsRemaining = "monthsRemaining"
	FactorMileage         = "mileage"
	FactorRecalls         = "recalls"
	FactorAge             = "age"
)

// Bands of the score.
const (
	BandHot  = "hot"
	BandWarm = "warm"
	BandCold = "cold"
)

// MileageAllowance is the yearly mileage the score compares a vehicle's mileage to.
const MileageAllowance = 12000

// Score is a vehicle's opportunity score with the factors it is made of.
type Score struct {
	Value   int           `json:"value" minimum:"0" maximum:"100" doc:"0 (no opportunity) to 100; the sum of the factors' points, clamped."`
	Band    string        `json:"band" enum:"hot,warm,cold" doc:"hot from 70, warm from 40, cold below."`
	Factors []ScoreFactor `json:"factors" nullable:"false" doc:"The factors in a fixed order: equity, monthsRemaining, mileage, recalls, age."`
}

// ScoreFactor is one factor of the score and its contribution.
type ScoreFactor struct {
	Factor    string `json:"factor" enum:"equity,monthsRemaining,mileage,recalls,age"`
	Label     string `json:"label" doc:"The factor as the screen names it."`
	Detail    string `json:"detail" doc:"What the vehicle's data says of the factor, or what is missing."`
	Points    int    `json:"points" doc:"The factor's contribution to the score (may be negative)."`
	MinPoints int    `json:"minPoints"`
	MaxPoints int    `json:"maxPoints"`
	Known     bool   `json:"known" doc:"Whether the vehicle has the factor's data; an unknown factor gives no points."`
}

// ComputeScore returns the score of v at now, with openRecalls its open recalls (nil when they
// were not looked up). A vehicle that is not currently owned has none (nil).
func ComputeScore(v Vehicle, now time.Time, openRecalls *int) *Score {
	if v.Status != StatusCurrent {
		return nil
	}
	fs := []ScoreFactor{
		equityFactor(v),
		monthsFactor(v),
		mileageFactor(v, now),
		recallFactor(openRecalls),
		ageFactor(v, now),
	}
	total := 0
	for _, f := range fs {
		total += f.Points
	}
	total = max(0, min(100, total))
	band := BandCold
	switch {
	case total >= 70:
		band = BandHot
	case total >= 40:
		band = BandWarm
	}
	return &Score{Value: total, Band: band, Factors: fs}
}

func clampInt(n, lo, hi int) int { return max(lo, min(hi, n)) }

func dollars(f float64) string {
	n := int64(math.Round(math.Abs(f)))
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return "$" + s
}

func equityFactor(v Vehicle) ScoreFactor {
	f := ScoreFactor{Factor: FactorEquity, Label: "Equity position", MinPoints: -25, MaxPoints: 30}
	if v.TradeValue == nil || v.Equity == nil {
		f.Detail = "No trade value yet: store one or appraise the vehicle."
		return f
	}
	f.Known = true
	e := *v.Equity
	f.Points = clampInt(int(math.Round(e/200)), f.MinPoints, f.MaxPoints)
	switch {
	case e > 0:
		f.Detail = fmt.Sprintf("%s positive equity (trade value %s).", dollars(e), dollars(v.TradeValue.Value))
	case e < 0:
		f.Detail = fmt.Sprintf("%s negative equity: the payoff is above the trade value of %s.", dollars(e), dollars(v.TradeValue.Value))
	default:
		f.Detail = "The trade value equals the payoff."
	}
	return f
}

func monthsFactor(v Vehicle) ScoreFactor {
	f := ScoreFactor{Factor: FactorMonthsRemaining, Label: "Months remaining", MinPoints: -10, MaxPoints: 25}
	c, ok := v.DefaultContract()
	if !ok {
		f.Detail = "No contract recorded."
		return f
	}
	if c.ContractType == ContractCash {
		f.Known, f.Points, f.Detail = true, 15, "Bought for cash: no payments to carry over."
		return f
	}
	if c.MaturityDate == "" {
		f.Detail = "The contract lacks its start date or term."
		return f
	}
	f.Known = true
	left := c.PaymentsLeft
	switch {
	case left == 0:
		f.Points, f.Detail = 15, fmt.Sprintf("Paid off: the contract matured on %s.", c.MaturityDate)
		return f
	case left <= 6:
		f.Points = 25
	case left <= 12:
		f.Points = 20
	case left <= 24:
		f.Points = 10
	case left <= 36:
		f.Points = 0
	default:
		f.Points = -10
	}
	f.Detail = fmt.Sprintf("%d payments left; the contract matures on %s.", left, c.MaturityDate)
	return f
}

// ownedSince is when the vehicle's mileage started: its purchase date, else its contract's
// start, else January 1st of its model year.
func ownedSince(v Vehicle) (time.Time, bool) {
	if t, err := time.Parse(time.DateOnly, v.CurrentVehicle.PurchaseDate); err == nil {
		return t, true
	}
	if c, ok := v.DefaultContract(); ok {
		if t, err := time.Parse(time.DateOnly, c.StartDate); err == nil {
			return t, true
		}
	}
	if v.CurrentVehicle.Year > 0 {
		return time.Date(v.CurrentVehicle.Year-1, time.October, 1, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

func mileageFactor(v Vehicle, now time.Time) ScoreFactor {
	f := ScoreFactor{Factor: FactorMileage, Label: "Mileage vs allowance", MinPoints: 0, MaxPoints: 15}
	since, ok := ownedSince(v)
	if v.CurrentVehicle.Mileage <= 0 || !ok {
		f.Detail = "No mileage recorded."
		return f
	}
	years := now.Sub(since).Hours() / (24 * 365.25)
	if years < 0.25 {
		years = 0.25
	}
	allowance := int(math.Round(years * MileageAllowance))
	ratio := float64(v.CurrentVehicle.Mileage) / float64(allowance)
	f.Known = true
	switch {
	case ratio >= 1.2:
		f.Points = 15
	case ratio >= 1.0:
		f.Points = 10
	case ratio >= 0.8:
		f.Points = 5
	}
	f.Detail = fmt.Sprintf("%s against an allowance of %s (%d%%).", miles(v.CurrentVehicle.Mileage), miles(allowance), int(math.Round(ratio*100)))
	return f
}

func miles(n int) string { return dollars(float64(n))[1:] + " mi" }

func recallFactor(open *int) ScoreFactor {
	f := ScoreFactor{Factor: FactorRecalls, Label: "Open recalls", MinPoints: 0, MaxPoints: 15}
	if open == nil {
		f.Detail = "The recall service did not answer."
		return f
	}
	f.Known = true
	f.Points = clampInt(*open*5, f.MinPoints, f.MaxPoints)
	switch *open {
	case 0:
		f.Detail = "No open recalls."
	case 1:
		f.Detail = "1 open recall: a reason to bring the vehicle in."
	default:
		f.Detail = fmt.Sprintf("%d open recalls: a reason to bring the vehicle in.", *open)
	}
	return f
}

func ageFactor(v Vehicle, now time.Time) ScoreFactor {
	f := ScoreFactor{Factor: FactorAge, Label: "Vehicle age", MinPoints: 0, MaxPoints: 15}
	if v.CurrentVehicle.Year <= 0 {
		f.Detail = "No model year recorded."
		return f
	}
	f.Known = true
	age := max(0, now.Year()-v.CurrentVehicle.Year)
	switch {
	case age >= 8:
		f.Points = 15
	case age >= 5:
		f.Points = 10
	case age >= 3:
		f.Points = 5
	}
	switch age {
	case 0:
		f.Detail = fmt.Sprintf("A %d model: this year's.", v.CurrentVehicle.Year)
	case 1:
		f.Detail = fmt.Sprintf("A %d model: 1 year old.", v.CurrentVehicle.Year)
	default:
		f.Detail = fmt.Sprintf("A %d model: %d years old.", v.CurrentVehicle.Year, age)
	}
	return f
}
