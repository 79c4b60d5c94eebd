// Package sandbox is a local vehicle history provider answering in CARFAX Canada's shape: a
// stable made-up history for each VIN (registrations, odometer readings rising with the years,
// none to two damage records, sometimes a lien), the provider's validation (a VIN of the wrong
// form or failing its check digit is refused), one VIN in thirteen without records, and the
// configured latency.
package sandbox

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/provider/vehiclehistory"
	"github.com/cxm/cxm/shared/value/vin"
)

// LatencyEnv names the sandbox's simulated latency (a Go duration).
const LatencyEnv = "HISTORY_SANDBOX_LATENCY"

// Provider is the sandbox.
type Provider struct {
	latency time.Duration
	now     func() time.Time
}

var _ vehiclehistory.Provider = (*Provider)(nil)

// New returns a sandbox answering after d, reading the time from now (nil for the clock).
func New(d time.Duration, now func() time.Time) *Provider {
	if now == nil {
		now = time.Now
	}
	return &Provider{latency: d, now: now}
}

var provinces = []string{"Ontario", "Quebec", "British Columbia", "Alberta", "Manitoba", "Nova Scotia"}

var damages = []string{
	"Collision reported: front end, bumper and hood replaced.",
	"Insurance claim: rear-end collision, trunk lid repaired.",
	"Hail damage: roof and hood, paintless dent repair.",
	"Side impact: passenger doors repaired and refinished.",
}

// Report returns vin's made-up history.
func (p *Provider) Report(ctx context.Context, raw string) (vehiclehistory.HistoryReport, error) {
	if err := latency.Wait(ctx, p.latency); err != nil {
		return vehiclehistory.HistoryReport{}, &vehiclehistory.Error{Code: vehiclehistory.CodeUnavailable, Message: "the request was cancelled", Retryable: true, Err: err}
	}
	v := vin.Clean(raw)
	if v == "" || !checkDigitOK(v) {
		return vehiclehistory.HistoryReport{}, &vehiclehistory.Error{Code: vehiclehistory.CodeInvalid, Message: "The VIN is not valid.", Invalid: true}
	}
	h := fnv.New32a()
	h.Write([]byte(v))
	sum := h.Sum32()
	if sum%13 == 0 {
		return vehiclehistory.HistoryReport{}, &vehiclehistory.Error{Code: vehiclehistory.CodeNotFound, Message: "No records were found for this VIN."}
	}
	now := p.now().UTC()
	year := modelYear(v, now)
	r := vehiclehistory.HistoryReport{
		ReportID: fmt.Sprintf("SBX-VHR-%08X", sum), VIN: v, Year: year, GeneratedAt: now,
		Brands: []string{"Normal"}, Damage: []vehiclehistory.DamageRecord{}, Registrations: []vehiclehistory.RegistrationRecord{},
		Liens: []vehiclehistory.LienRecord{}, Odometer: []vehiclehistory.OdometerReading{}, ServiceRecords: 3 + int(sum%17),
		ReportURL: "https://history.sandbox.invalid/report/" + v,
	}
	first := time.Date(max(year-1, 1981), time.Month(9+sum%4), 1+int(sum%27), 0, 0, 0, 0, time.UTC)
	if first.After(now) {
		first = now.AddDate(0, -1, 0)
	}
	home := provinces[sum%uint32(len(provinces))]
	r.Registrations = append(r.Registrations, vehiclehistory.RegistrationRecord{Date: first.Format(time.DateOnly), Jurisdiction: home, Event: "First registration"})
	if sum%4 == 1 {
		moved := provinces[(sum>>3)%uint32(len(provinces))]
		if moved != home {
			r.Registrations = append(r.Registrations, vehiclehistory.RegistrationRecord{Date: midway(first, now, 2).Format(time.DateOnly), Jurisdiction: moved, Event: "Registered in a new province"})
		}
	}
	years := now.Sub(first).Hours() / (24 * 365.25)
	perYear := 14000 + int(sum>>8)%10000
	for i := 1; i <= 4; i++ {
		at := first.Add(time.Duration(float64(now.Sub(first)) * float64(i) / 5))
		r.Odometer = append(r.Odometer, vehiclehistory.OdometerReading{Date: at.Format(time.DateOnly), Reading: int(float64(perYear) * years * float64(i) / 5), Unit: "km", Source: []string{"Service record", "Registration renewal", "Inspection"}[(int(sum)+i)%3]})
	}
	for i := 0; i < int(sum>>12)%3; i++ {
		at := first.Add(time.Duration(float64(now.Sub(first)) * (0.3 + 0.3*float64(i))))
		r.Damage = append(r.Damage, vehiclehistory.DamageRecord{Date: at.Format(time.DateOnly), Jurisdiction: home, Amount: float64(800 + (sum>>uint(14+i*3))%9000), Detail: damages[(int(sum>>6)+i)%len(damages)]})
	}
	if sum%5 == 2 {
		r.Liens = append(r.Liens, vehiclehistory.LienRecord{Date: first.Format(time.DateOnly), Jurisdiction: home, Creditor: "Sandbox Auto Finance", Status: "active"})
	}
	return r, nil
}

func midway(a, b time.Time, parts int) time.Time { return a.Add(b.Sub(a) / time.Duration(parts)) }

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

// checkDigitOK checks v's ninth character against the weighted sum of its characters.
func checkDigitOK(v string) bool {
	weights := [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}
	const letters = "ABCDEFGHJKLMNPRSTUVWXYZ"
	values := []int{1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9}
	sum := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		n := 0
		switch {
		case c >= '0' && c <= '9':
			n = int(c - '0')
		default:
			j := strings.IndexByte(letters, c)
			if j < 0 {
				return false
			}
			n = values[j]
		}
		sum += n * weights[i]
	}
	want := byte('0' + sum%11)
	if sum%11 == 10 {
		want = 'X'
	}
	return v[8] == want
}
