// Package vehiclehistory is the vehicle history report provider's port: a VIN's accidents and
// damage, registrations, liens, odometer readings, brands and theft records, in the shape of
// CARFAX Canada's (formerly CarProof) vehicle history report. Package carfaxca is that API, the
// sandbox package a local provider answering in its shape; wiring picks each store's
// (Providers.History).
package vehiclehistory

import (
	"context"
	"time"

	"github.com/cxm/cxm/shared/provider/httpjson"
)

// HistoryReport is a VIN's vehicle history report.
type HistoryReport struct {
	ReportID       string               `json:"reportId"`
	VIN            string               `json:"vin"`
	Year           int                  `json:"year"`
	Make           string               `json:"make"`
	Model          string               `json:"model"`
	GeneratedAt    time.Time            `json:"generatedAt"`
	Stolen         bool                 `json:"stolen" doc:"The vehicle is reported stolen."`
	Brands         []string             `json:"brands" nullable:"false" doc:"Title brands: Normal, Rebuilt, Salvage, Non-repairable, Flood."`
	Damage         []DamageRecord       `json:"damage" nullable:"false"`
	Registrations  []RegistrationRecord `json:"registrations" nullable:"false"`
	Liens          []LienRecord         `json:"liens" nullable:"false"`
	Odometer       []OdometerReading    `json:"odometer" nullable:"false"`
	ServiceRecords int                  `json:"serviceRecords"`
	ReportURL      string               `json:"reportUrl" doc:"The full report in the provider's own viewer."`
}

// DamageRecord is one accident or damage record.
type DamageRecord struct {
	Date         string  `json:"date"`
	Jurisdiction string  `json:"jurisdiction"`
	Amount       float64 `json:"amount" doc:"The claim or estimate, in dollars."`
	Detail       string  `json:"detail"`
}

// RegistrationRecord is one registration event.
type RegistrationRecord struct {
	Date         string `json:"date"`
	Jurisdiction string `json:"jurisdiction"`
	Event        string `json:"event"`
}

// LienRecord is one registered lien.
type LienRecord struct {
	Date         string `json:"date"`
	Jurisdiction string `json:"jurisdiction"`
	Creditor     string `json:"creditor"`
	Status       string `json:"status" enum:"active,discharged"`
}

// OdometerReading is one odometer reading.
type OdometerReading struct {
	Date    string `json:"date"`
	Reading int    `json:"reading"`
	Unit    string `json:"unit" enum:"km,mi"`
	Source  string `json:"source"`
}

// Provider reports a vehicle's history.
type Provider interface {
	// Report returns vin's report. A VIN the provider refuses is an *Error with Invalid set, a
	// VIN it has no records of CodeNotFound, an outage or a timeout Retryable.
	Report(ctx context.Context, vin string) (HistoryReport, error)
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
	return httpjson.ErrorText("vehicle history", e.Message, e.Err)
}
