// Package sandbox is a local Smart Vincent answering in its shape: for a valid VIN, values that
// fall with the vehicle's age and odometer from a stable made-up starting value, the equity
// against the payoff given, two incentives expiring at the end of the month, and the
// configured latency. A VIN ending in 00000 has no values, as the service answers for a VIN it
// does not know.
package sandbox

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/provider/smartvincent"
	"github.com/cxm/cxm/shared/value/vin"
)

// LatencyEnv names the sandbox's simulated latency (a Go duration).
const LatencyEnv = "SMARTVINCENT_SANDBOX_LATENCY"

// Provider is the sandbox.
type Provider struct {
	latency time.Duration
	now     func() time.Time
}

var _ smartvincent.Provider = (*Provider)(nil)

// New returns a sandbox answering after d, reading the time from now (nil for the clock).
func New(d time.Duration, now func() time.Time) *Provider {
	if now == nil {
		now = time.Now
	}
	return &Provider{latency: d, now: now}
}

// yearCodes are the model-year characters (position 10) from 2010.
const yearCodes = "ABCDEFGHJKLMNPRSTVWXY123456789"

// Submit answers r's report.
func (p *Provider) Submit(ctx context.Context, r smartvincent.Request) (smartvincent.Report, error) {
	if err := latency.Wait(ctx, p.latency); err != nil {
		return smartvincent.Report{}, &smartvincent.Error{Code: smartvincent.CodeUnavailable, Message: "the request was cancelled", Retryable: true, Err: err}
	}
	v := vin.Clean(r.VIN)
	if v == "" || !vin.Valid(v) {
		return smartvincent.Report{}, &smartvincent.Error{Code: smartvincent.CodeInvalid, Message: "The VIN is not valid.", Invalid: true}
	}
	if r.Odometer < 0 || r.Payoff < 0 {
		return smartvincent.Report{}, &smartvincent.Error{Code: smartvincent.CodeInvalid, Message: "The odometer and payoff must not be negative.", Invalid: true}
	}
	if strings.HasSuffix(v, "00000") {
		return smartvincent.Report{}, &smartvincent.Error{Code: smartvincent.CodeNotFound, Message: "Smart Vincent has no values for this VIN."}
	}
	now := p.now().UTC()
	year := 2010 + strings.IndexByte(yearCodes, v[9])
	if year < 2010 || year > now.Year()+1 {
		year = now.Year() - 5
	}
	h := fnv.New32a()
	h.Write([]byte(v))
	sum := h.Sum32()
	// A new value of $25,000 to $55,000 loses 12 % a year and 6 cents a mile.
	value := int64(2_500_000 + int64(sum%3000)*1000)
	for range max(0, now.Year()-year) {
		value = value * 88 / 100
	}
	value -= int64(r.Odometer) * 6
	value = max(value, 50_000) / 100 * 100
	endOfMonth := time.Date(now.Year(), now.Month()+1, 0, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	id := fmt.Sprintf("SV-%08X", sum)
	return smartvincent.Report{
		ReportID: id, VIN: v, Year: year, Make: "", Model: "",
		TradeInValue: value, RetailValue: value * 118 / 100 / 100 * 100, Equity: value - r.Payoff,
		Incentives: []smartvincent.Incentive{
			{Name: "Loyalty bonus cash", Amount: 100_000, Expires: endOfMonth},
			{Name: "Trade-in assistance", Amount: int64(50_000 + sum%4*25_000), Expires: endOfMonth},
		},
		ReportURL: "https://sandbox.smartvincent.invalid/reports/" + id, ValuedAt: now.Format(time.RFC3339),
	}, nil
}
