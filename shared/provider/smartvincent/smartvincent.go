// Package smartvincent is the port of Smart Vincent, the equity and offer service a deal sheet
// submits a customer's vehicle to: from the VIN, its odometer reading and the customer's
// payoff it answers the vehicle's trade-in and retail values, the customer's equity, the
// incentives a replacement would earn now, and the link to the report in Smart Vincent itself.
// Package vincent is that service's adapter, the sandbox package a local provider answering in
// its shape; wiring picks each store's (Providers.SmartVincent).
package smartvincent

import (
	"context"

	"github.com/cxm/cxm/shared/provider/httpjson"
)

// Request names the vehicle and what the customer owes on it.
type Request struct {
	VIN        string `json:"vin"`
	Odometer   int    `json:"odometer"`
	Payoff     int64  `json:"payoff" doc:"Cents."`
	PostalCode string `json:"postalCode"`
}

// Incentive is a manufacturer incentive the customer would earn on a replacement.
type Incentive struct {
	Name    string `json:"name"`
	Amount  int64  `json:"amount" doc:"Cents."`
	Expires string `json:"expires" doc:"YYYY-MM-DD."`
}

// Report is Smart Vincent's answer.
type Report struct {
	ReportID     string      `json:"reportId"`
	VIN          string      `json:"vin"`
	Year         int         `json:"year"`
	Make         string      `json:"make"`
	Model        string      `json:"model"`
	TradeInValue int64       `json:"tradeInValue" doc:"Cents."`
	RetailValue  int64       `json:"retailValue" doc:"Cents."`
	Equity       int64       `json:"equity" doc:"The trade-in value less the payoff, in cents; negative when the customer owes more."`
	Incentives   []Incentive `json:"incentives" nullable:"false"`
	ReportURL    string      `json:"reportUrl" doc:"The report in Smart Vincent."`
	ValuedAt     string      `json:"valuedAt" doc:"When the values were computed (RFC 3339)."`
}

// Provider answers a vehicle's equity report.
type Provider interface {
	// Submit returns r's report. A VIN of the wrong form is an *Error with Invalid; a VIN the
	// service has no values for CodeNotFound; an outage Retryable.
	Submit(ctx context.Context, r Request) (Report, error)
}

// Error codes.
const (
	CodeInvalid       = "invalid"
	CodeNotFound      = "notFound"
	CodeNotAuthorized = "notAuthorized"
	CodeUnavailable   = "unavailable"
)

// Error is the service's refusal.
type Error struct {
	Code      string
	Message   string
	Invalid   bool
	Retryable bool
	Err       error
}

func (e *Error) Error() string {
	return httpjson.ErrorText("smart vincent", e.Message, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }
