// Package sandbox is a local recall provider answering in NHTSA's shape: stable made-up recalls
// (none, one or two by a hash of the make, model and year), NHTSA's validation, and the
// configured latency.
package sandbox

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/provider/recall"
)

// LatencyEnv names the sandbox's simulated latency (a Go duration).
const LatencyEnv = "RECALL_SANDBOX_LATENCY"

// Provider is the sandbox.
type Provider struct{ latency time.Duration }

var _ recall.Provider = (*Provider)(nil)

// New returns a sandbox answering after d.
func New(d time.Duration) *Provider { return &Provider{latency: d} }

// FromEnv returns a sandbox with the latency of LatencyEnv (none when unset).
func FromEnv() (*Provider, error) {
	d, err := latency.FromEnv(LatencyEnv)
	if err != nil {
		return nil, err
	}
	return New(d), nil
}

var components = []struct{ component, summary, consequence, remedy string }{
	{"AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE", "The driver frontal air bag inflator may rupture during deployment.", "A ruptured inflator may strike the driver or other occupants, increasing the risk of injury.", "Dealers will replace the driver air bag inflator, free of charge."},
	{"FUEL SYSTEM, GASOLINE:DELIVERY:FUEL PUMP", "The low-pressure fuel pump may fail.", "A fuel pump failure can cause the engine to stall while driving, increasing the risk of a crash.", "Dealers will replace the fuel pump assembly, free of charge."},
	{"BACK OVER PREVENTION:REARVIEW SYSTEM", "The rearview camera image may not display when the vehicle is in reverse.", "A rearview camera that does not display an image reduces the driver's rear visibility, increasing the risk of a crash.", "Dealers will update the infotainment software, free of charge."},
	{"ELECTRICAL SYSTEM:12V/24V/48V BATTERY", "The battery terminal may loosen over time.", "A loose terminal may cause a loss of electrical power, increasing the risk of a crash.", "Dealers will inspect and tighten the battery terminal, free of charge."},
}

// ByVehicle answers q's recalls.
func (p *Provider) ByVehicle(ctx context.Context, q recall.Query) (recall.Response, error) {
	if err := latency.Wait(ctx, p.latency); err != nil {
		return recall.Response{}, &recall.Error{Message: "the request was cancelled", Retryable: true, Err: err}
	}
	if err := recall.Validate(q); err != nil {
		return recall.Response{}, err
	}
	h := fnv.New32a()
	fmt.Fprintf(h, "%s|%s|%d", strings.ToUpper(q.Make), strings.ToUpper(q.Model), q.ModelYear)
	sum := h.Sum32()
	out := recall.Response{Message: "Results returned successfully", Results: []recall.Recall{}}
	for i := 0; i < int(sum%3); i++ {
		c := components[(int(sum>>4)+i)%len(components)]
		yy := q.ModelYear % 100
		out.Results = append(out.Results, recall.Recall{
			Manufacturer:        strings.ToUpper(q.Make) + " (sandbox)",
			NHTSACampaignNumber: fmt.Sprintf("%02dV%03d000", (yy+1)%100, (sum>>uint(8+i*4))%1000),
			ParkIt:              i == 0 && sum%7 == 0,
			ReportReceivedDate:  fmt.Sprintf("%02d/%02d/%d", 1+sum%12, 1+sum%28, q.ModelYear+1),
			Component:           c.component, Summary: c.summary, Consequence: c.consequence, Remedy: c.remedy,
			Notes:     "Sandbox recall: made up for demonstrations, not a real campaign.",
			ModelYear: fmt.Sprint(q.ModelYear), Make: strings.ToUpper(q.Make), Model: strings.ToUpper(q.Model),
		})
	}
	out.Count = len(out.Results)
	return out, nil
}
