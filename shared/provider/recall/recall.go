// Package recall is the safety recall provider's port: the open recalls of a vehicle by make,
// model and model year, in the shape of NHTSA's recalls API (recallsByVehicle). Package nhtsa is
// that API (public, no credentials), the sandbox package a local provider answering in its shape
// with made-up but stable recalls; wiring picks each store's (Providers.Recalls).
package recall

import (
	"context"
	"fmt"
)

// Query names a vehicle.
type Query struct {
	Make      string
	Model     string
	ModelYear int
}

// Response is NHTSA's answer to recallsByVehicle.
type Response struct {
	Count   int      `json:"Count"`
	Message string   `json:"Message"`
	Results []Recall `json:"results"`
}

// Recall is one recall campaign, as NHTSA's API names its fields.
type Recall struct {
	Manufacturer        string `json:"Manufacturer"`
	NHTSACampaignNumber string `json:"NHTSACampaignNumber"`
	ParkIt              bool   `json:"parkIt"`
	ParkOutSide         bool   `json:"parkOutSide"`
	OverTheAirUpdate    bool   `json:"overTheAirUpdate"`
	NHTSAActionNumber   string `json:"NHTSAActionNumber"`
	ReportReceivedDate  string `json:"ReportReceivedDate"`
	Component           string `json:"Component"`
	Summary             string `json:"Summary"`
	Consequence         string `json:"Consequence"`
	Remedy              string `json:"Remedy"`
	Notes               string `json:"Notes"`
	ModelYear           string `json:"ModelYear"`
	Make                string `json:"Make"`
	Model               string `json:"Model"`
}

// Provider answers a vehicle's recalls.
type Provider interface {
	// ByVehicle returns the recalls of q's vehicle: none is an empty Results. A query the
	// provider refuses (no make or model, a year out of range) is an *Error with Invalid set;
	// an outage or a timeout an *Error with Retryable set.
	ByVehicle(ctx context.Context, q Query) (Response, error)
}

// Error is a provider's refusal.
type Error struct {
	Message   string
	Invalid   bool
	Retryable bool
	Err       error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("recalls: %s: %v", e.Message, e.Err)
	}
	return "recalls: " + e.Message
}

// Validate checks q as NHTSA's API does: a make, a model and a model year from 1949 to 2100.
func Validate(q Query) error {
	if q.Make == "" || q.Model == "" {
		return &Error{Message: "make and model are required", Invalid: true}
	}
	if q.ModelYear < 1949 || q.ModelYear > 2100 {
		return &Error{Message: fmt.Sprintf("modelYear %d is not a model year", q.ModelYear), Invalid: true}
	}
	return nil
}
