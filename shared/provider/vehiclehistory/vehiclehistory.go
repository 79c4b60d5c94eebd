// Package vehiclehistory is the vehicle history report provider's port: a VIN's accidents and
// damage, registrations, liens, odometer readings, brands and theft records, in the shape of
// CARFAX Canada's (formerly CarProof) vehicle history report. Package carfaxca is that API, the
// sandbox package a local provider answering in its shape; wiring picks each store's
// (Providers.History).
package vehiclehistory

import (
	"context"
	"fmt"
	"time"
)

// Report is a VIN's vehicle history report.
type Report struct {
	ReportID       string         `json:"reportId"`
	VIN            string         `json:"vin"`
	Year           int            `json:"year"`
	Make           string         `json:"make"`
	Model          string         `json:"model"`
	GeneratedAt    time.Time      `json:"generatedAt"`
	Stolen         bool           `json:"stolen" doc:"The vehicle is reported stolen."`
	Brands         []string       `json:"brands" nullable:"false" doc:"Title brands: Normal, Rebuilt, Salvage, Non-repairable, Flood."`
	Damage         []Damage       `json:"damage" nullable:"false"`
	Registrations  []Registration `json:"registrations" nullable:"false"`
	Liens          []Lien         `json:"liens" nullable:"false"`
	Odometer       []Reading      `json:"odometer" nullable:"false"`
	ServiceRecords int            `json:"serviceRecords"`
	ReportURL      string         `json:"reportUrl" doc:"The full report in the provider's own viewer."`
}

// Damage is one accident or damage record.
type Damage struct {
	Date         string  `json:"date"`
	Jurisdiction string  `json:"jurisdiction"`
	Amount       float64 `json:"amount" doc:"The claim or estimate, in dollars."`
	Detail       string  `json:"detail"`
}

// Registration is one registration event.
type Registration struct {
	Date         string `json:"date"`
	Jurisdiction string `json:"jurisdiction"`
	Event        string `json:"event"`
}

// Lien is one registered lien.
type Lien struct {
	Date         string `json:"date"`
	Jurisdiction string `json:"jurisdiction"`
	Creditor     string `json:"creditor"`
	Status       string `json:"status" enum:"active,discharged"`
}

// Reading is one odometer reading.
type Reading struct {
	Date    string `json:"date"`
	Reading int    `json:"reading"`
	Unit    string `json:"unit" enum:"km,mi"`
	Source  string `json:"source"`
}

// Provider reports a vehicle's history.
type Provider interface {
	// Report returns vin's report. A VIN the provider refuses is an *Error with Invalid set, a
	// VIN it has no records of CodeNotFound, an outage or a timeout Retryable.
	Report(ctx context.Context, vin string) (Report, error)
}

// Error codes.
const (
	CodeInvalid       = "invalid"
	CodeNotFound      = "notFound"
	CodeNotAuthorized = "notAuthorized"
	CodeUnavailable   = "unavailable"
)

// Error is a provider's refusal.
type Error struct {
	Code      string
	Message   string
	Invalid   bool
	Retryable bool
	Err       error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("vehicle history: %s: %v", e.Message, e.Err)
	}
	return "vehicle history: " + e.Message
}
