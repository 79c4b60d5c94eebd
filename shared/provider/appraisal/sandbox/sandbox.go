// Package sandbox is a local appraisal provider answering in vAuto's shape: three appraisers
// per store, vAuto's validation (a VIN of the wrong form is refused on vin, an unknown
// appraiser on appraiserId), values from a stable market model (a price by make and model, less
// 14% a year of age, a mileage adjustment against 12,000 a year, and the condition), the
// appraisals kept in memory per store, and the configured latency.
package sandbox

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/provider/appraisal"
	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/value/vin"
)

// LatencyEnv names the sandbox's simulated latency (a Go duration).
const LatencyEnv = "APPRAISAL_SANDBOX_LATENCY"

// Sandbox is the provider of every store it serves; Store gives one store's view.
type Sandbox struct {
	latency time.Duration
	now     func() time.Time

	mu   sync.Mutex
	seq  int
	byID map[string][]appraisal.Appraisal // store key -> appraisals, oldest first
}

// New returns a sandbox answering after d, reading the time from now (nil for the clock).
func New(d time.Duration, now func() time.Time) *Sandbox {
	if now == nil {
		now = time.Now
	}
	return &Sandbox{latency: d, now: now, byID: map[string][]appraisal.Appraisal{}}
}

// Store returns the provider of store storeID of dealer group account: it sees only the
// appraisals made through it.
func (s *Sandbox) Store(account string, storeID int64) appraisal.Provider {
	return &storeView{s: s, key: fmt.Sprintf("%s/%d", account, storeID), storeID: storeID}
}

type storeView struct {
	s       *Sandbox
	key     string
	storeID int64
}

var _ appraisal.Provider = (*storeView)(nil)

func (v *storeView) wait(ctx context.Context) error {
	if err := latency.Wait(ctx, v.s.latency); err != nil {
		return &appraisal.Error{Code: appraisal.CodeUnavailable, Message: "the request was cancelled", Retryable: true, Err: err}
	}
	return nil
}

// Users returns the store's three sandbox appraisers.
func (v *storeView) Users(ctx context.Context) ([]appraisal.Appraiser, error) {
	if err := v.wait(ctx); err != nil {
		return nil, err
	}
	return users(v.storeID), nil
}

func users(storeID int64) []appraisal.Appraiser {
	names := []string{"Dana Whitfield", "Luis Romero", "Priya Nair"}
	out := make([]appraisal.Appraiser, len(names))
	for i, n := range names {
		first := strings.ToLower(strings.Fields(n)[0])
		out[i] = appraisal.Appraiser{ID: fmt.Sprintf("va-%d-%d", storeID, i+1), Name: n + " (sandbox)", Email: fmt.Sprintf("%s.%d@appraisal.sandbox", first, storeID)}
	}
	return out
}

// LatestByVIN returns the store's newest appraisal of vin.
func (v *storeView) LatestByVIN(ctx context.Context, raw string) (*appraisal.Appraisal, error) {
	if err := v.wait(ctx); err != nil {
		return nil, err
	}
	c := vin.Clean(raw)
	if c == "" {
		return nil, &appraisal.Error{Code: appraisal.CodeInvalid, Field: "vin", Message: "The VIN is not a VIN.", Invalid: true}
	}
	v.s.mu.Lock()
	defer v.s.mu.Unlock()
	list := v.s.byID[v.key]
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].VIN == c {
			a := list[i]
			return &a, nil
		}
	}
	return nil, nil
}

// Create appraises r's vehicle and keeps the appraisal.
func (v *storeView) Create(ctx context.Context, r appraisal.Request) (appraisal.Appraisal, error) {
	if err := v.wait(ctx); err != nil {
		return appraisal.Appraisal{}, err
	}
	if err := appraisal.Validate(r); err != nil {
		return appraisal.Appraisal{}, err
	}
	c := vin.Clean(r.VIN)
	if c == "" {
		return appraisal.Appraisal{}, &appraisal.Error{Code: appraisal.CodeInvalid, Field: "vin", Message: "The VIN is not a VIN: vAuto cannot decode it.", Invalid: true}
	}
	var who *appraisal.Appraiser
	for _, u := range users(v.storeID) {
		if u.ID == r.AppraiserID {
			who = &u
			break
		}
	}
	if who == nil {
		return appraisal.Appraisal{}, &appraisal.Error{Code: appraisal.CodeInvalid, Field: "appraiserId", Message: "The appraiser is not a user of the store.", Invalid: true}
	}
	now := v.s.now().UTC()
	market, value, comps, supply := Value(r, now)
	v.s.mu.Lock()
	defer v.s.mu.Unlock()
	v.s.seq++
	a := appraisal.Appraisal{
		ID: fmt.Sprintf("SBX-%d-%05d", v.storeID, v.s.seq), VIN: c, Status: "complete",
		Year: r.Year, Make: r.Make, Model: r.Model, Trim: r.Trim, Odometer: r.Odometer, Condition: r.Condition,
		Appraiser: *who, Customer: r.Customer, Notes: r.Notes,
		Value: value, MarketValue: market, Comparables: comps, DaysSupply: supply, CreatedAt: now,
	}
	a.URL = "https://appraisal.sandbox.invalid/appraisals/" + a.ID
	v.s.byID[v.key] = append(v.s.byID[v.key], a)
	return a, nil
}

var conditionFactor = map[string]float64{
	appraisal.ConditionExcellent: 1.06, appraisal.ConditionGood: 1.0,
	appraisal.ConditionFair: 0.9, appraisal.ConditionPoor: 0.74,
}

// Value is the sandbox's market model: the market's retail price of r's vehicle at now, the
// appraised value (the retail price less reconditioning and margin), the comparables and the
// days of supply. The same request at the same time always gets the same answer.
func Value(r appraisal.Request, now time.Time) (market, value float64, comparables, daysSupply int) {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s|%s", strings.ToUpper(r.Make), strings.ToUpper(r.Model))
	sum := h.Sum32()
	newPrice := 24000 + float64(sum%26)*1000
	year := r.Year
	if year == 0 {
		year = now.Year() - 5
	}
	age := math.Max(0, float64(now.Year()-year)+float64(now.Month()-1)/12)
	retail := newPrice * math.Pow(0.86, age)
	expected := math.Max(age, 0.5) * 12000
	retail -= (float64(r.Odometer) - expected) * 0.06
	retail *= conditionFactor[r.Condition]
	retail = math.Max(retail, 1500)
	market = math.Round(retail/50) * 50
	value = math.Round(retail*0.84/25) * 25
	comparables = 6 + int(sum>>5)%30
	daysSupply = 25 + int(sum>>9)%60
	return market, value, comparables, daysSupply
}
