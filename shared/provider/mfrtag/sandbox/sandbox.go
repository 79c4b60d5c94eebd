// Package sandbox is a local manufacturer tag service answering in OASIS's shape: for a Ford or
// Lincoln VIN, the warranty coverages of its model year (checked against the odometer), a
// stable made-up set of field service actions and service visits; any other VIN is refused as
// OASIS refuses it; and the configured latency.
package sandbox

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/provider/mfrtag"
	"github.com/cxm/cxm/shared/value/vin"
)

// LatencyEnv names the sandbox's simulated latency (a Go duration).
const LatencyEnv = "MFRTAG_SANDBOX_LATENCY"

// Provider is the sandbox.
type Provider struct {
	latency time.Duration
	now     func() time.Time
}

var _ mfrtag.Provider = (*Provider)(nil)

// New returns a sandbox answering after d, reading the time from now (nil for the clock).
func New(d time.Duration, now func() time.Time) *Provider {
	if now == nil {
		now = time.Now
	}
	return &Provider{latency: d, now: now}
}

// coverages are Ford's new-vehicle warranty coverages in Canada and the US (in km).
var coverages = []struct {
	name   string
	months int
	km     int
}{
	{"Bumper-to-bumper", 36, 60000},
	{"Powertrain", 60, 100000},
	{"Safety restraint system", 60, 100000},
	{"Corrosion (perforation)", 60, 0},
	{"Roadside assistance", 60, 100000},
}

var actions = []mfrtag.FieldAction{
	{Number: "22S41", Title: "Rearview camera image may not display", Kind: "safetyRecall"},
	{Number: "23C15", Title: "Powertrain control module software update", Kind: "customerSatisfaction"},
	{Number: "21E03", Title: "Evaporative emissions purge valve replacement", Kind: "emissionsRecall"},
	{Number: "24S22", Title: "Front seat belt buckle inspection", Kind: "safetyRecall"},
}

var work = []string{"Oil and filter change, multi-point inspection", "Tire rotation, brake inspection", "Cabin air filter, wiper blades", "Battery test and replacement", "Brake pads and rotors, front"}

// Submit answers r's vehicle's details.
func (p *Provider) Submit(ctx context.Context, r mfrtag.Request) (mfrtag.VehicleReport, error) {
	if err := latency.Wait(ctx, p.latency); err != nil {
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeUnavailable, Message: "the request was cancelled", Retryable: true, Err: err}
	}
	v := vin.Clean(r.VIN)
	if v == "" {
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeInvalid, Message: "The VIN is not valid.", Invalid: true}
	}
	if !mfrtag.Supported(v) {
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeNotSupported, Message: "The manufacturer tag service covers Ford and Lincoln vehicles only."}
	}
	if r.Odometer < 0 {
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeInvalid, Message: "The odometer reading is not valid.", Invalid: true}
	}
	h := fnv.New32a()
	h.Write([]byte(v))
	sum := h.Sum32()
	now := p.now().UTC()
	year := modelYear(v, now)
	start := time.Date(year-1, time.Month(9+sum%4), 1+int(sum%27), 0, 0, 0, 0, time.UTC)
	if start.After(now) {
		start = now.AddDate(0, 0, -7)
	}
	km := r.Odometer * 1609 / 1000
	brand := "Ford"
	if v[1] == 'L' {
		brand = "Lincoln"
	}
	d := mfrtag.VehicleReport{VIN: v, Year: year, Make: brand, WarrantyStart: start.Format(time.DateOnly),
		SellingDealer: fmt.Sprintf("Sandbox %s dealer #%05d", brand, sum%100000), Coverages: []mfrtag.WarrantyCoverage{},
		FieldActions: []mfrtag.FieldAction{}, ServiceVisits: []mfrtag.ServiceVisit{},
		OasisURL: "https://oasis.sandbox.invalid/vehicle/" + v, OdometerTested: r.Odometer}
	for _, c := range coverages {
		end := start.AddDate(0, c.months, 0)
		d.Coverages = append(d.Coverages, mfrtag.WarrantyCoverage{Name: c.name, Months: c.months, Distance: c.km, Unit: "km",
			ExpiresOn: end.Format(time.DateOnly), Active: now.Before(end) && (c.km == 0 || km < c.km)})
	}
	if sum%3 == 0 {
		d.ExtendedPlan = "Ford Protect PremiumCARE 84 months / 160,000 km"
	}
	for i := 0; i < 1+int(sum>>4)%3; i++ {
		a := actions[(int(sum>>7)+i)%len(actions)]
		a.Status = "open"
		if (sum>>uint(10+i))%2 == 1 {
			a.Status = "completed"
		}
		d.FieldActions = append(d.FieldActions, a)
	}
	visits := 1 + int(sum>>12)%4
	for i := 1; i <= visits; i++ {
		at := start.Add(time.Duration(float64(now.Sub(start)) * float64(i) / float64(visits+1)))
		d.ServiceVisits = append(d.ServiceVisits, mfrtag.ServiceVisit{Date: at.Format(time.DateOnly), Dealer: d.SellingDealer,
			Odometer: r.Odometer * i / (visits + 1), Work: work[(int(sum)+i)%len(work)]})
	}
	return d, nil
}

// modelYear reads the model year of v's tenth character, the latest one not after next year.
func modelYear(v string, now time.Time) int {
	const codes = "ABCDEFGHJKLMNPRSTVWXY123456789"
	i := strings.IndexByte(codes, v[9])
	if i < 0 {
		return now.Year() - 5
	}
	y := 2010 + i
	if y > now.Year()+1 {
		y -= 30
	}
	return y
}
