// Package appraisal is the trade-in appraisal provider's port: a store's appraisers, the
// latest appraisal of a VIN and a new appraisal of a customer's vehicle, in the shape of vAuto's
// appraisal API (Cox Automotive). Package vauto is that API, the sandbox package a local
// provider answering in its shape; wiring picks each store's (Providers.Appraiser).
package appraisal

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Conditions a vehicle is appraised in, as vAuto grades them.
const (
	ConditionExcellent = "excellent"
	ConditionGood      = "good"
	ConditionFair      = "fair"
	ConditionPoor      = "poor"
)

// Conditions are the grades in order, best first.
var Conditions = []string{ConditionExcellent, ConditionGood, ConditionFair, ConditionPoor}

// Request is a new appraisal of a vehicle.
type Request struct {
	VIN       string
	Odometer  int
	Year      int
	Make      string
	Model     string
	Trim      string
	Color     string
	Condition string
	// AppraiserID is the store's appraiser (a vAuto user, see Provider.Users) who owns it.
	AppraiserID string
	// Customer is the name of the vehicle's owner, for the appraisal's record.
	Customer string
	Notes    string
}

// Appraisal is one appraisal as the provider keeps it.
type Appraisal struct {
	ID          string    `json:"id"`
	VIN         string    `json:"vin"`
	Status      string    `json:"status" enum:"complete,pending"`
	Year        int       `json:"year"`
	Make        string    `json:"make"`
	Model       string    `json:"model"`
	Trim        string    `json:"trim"`
	Odometer    int       `json:"odometer"`
	Condition   string    `json:"condition"`
	Appraiser   Appraiser `json:"appraiser"`
	Customer    string    `json:"customer"`
	Notes       string    `json:"notes"`
	Value       float64   `json:"value" doc:"The appraised value: what the dealership offers for the vehicle (actual cash value)."`
	MarketValue float64   `json:"marketValue" doc:"The market's average retail price of comparable vehicles."`
	Comparables int       `json:"comparables" doc:"The comparable vehicles the market value is drawn from."`
	DaysSupply  int       `json:"daysSupply" doc:"The market's days of supply of comparable vehicles."`
	CreatedAt   time.Time `json:"createdAt"`
	URL         string    `json:"url" doc:"The appraisal in the provider's own application."`
}

// Appraiser is one of the store's appraisers.
type Appraiser struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Provider appraises a store's trade-ins.
type Provider interface {
	// Users returns the store's appraisers.
	Users(ctx context.Context) ([]Appraiser, error)
	// LatestByVIN returns the newest appraisal of vin; none is a nil Appraisal.
	LatestByVIN(ctx context.Context, vin string) (*Appraisal, error)
	// Create appraises r's vehicle. A request the provider refuses is an *Error with Invalid
	// and the Field it is about; an outage or a timeout an *Error with Retryable set.
	Create(ctx context.Context, r Request) (Appraisal, error)
}

// Error codes.
const (
	CodeInvalid       = "invalid"
	CodeNotAuthorized = "notAuthorized"
	CodeUnavailable   = "unavailable"
)

// Error is a provider's refusal.
type Error struct {
	Code string
	// Field is the request's field an Invalid error is about: vin, odometer, condition or
	// appraiserId.
	Field     string
	Message   string
	Invalid   bool
	Retryable bool
	Err       error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("appraisal: %s: %v", e.Message, e.Err)
	}
	return "appraisal: " + e.Message
}

func invalid(field, msg string) error {
	return &Error{Code: CodeInvalid, Field: field, Message: msg, Invalid: true}
}

// Validate checks r as vAuto does: a 17-character VIN, an odometer reading from 1 to 999,999,
// a known condition and an appraiser.
func Validate(r Request) error {
	switch {
	case len(strings.TrimSpace(r.VIN)) != 17:
		return invalid("vin", "The VIN must have 17 characters.")
	case r.Odometer < 1 || r.Odometer > 999999:
		return invalid("odometer", "The odometer reading must be from 1 to 999,999.")
	case !validCondition(r.Condition):
		return invalid("condition", "The condition must be excellent, good, fair or poor.")
	case strings.TrimSpace(r.AppraiserID) == "":
		return invalid("appraiserId", "Choose the appraiser.")
	}
	return nil
}

func validCondition(c string) bool {
	for _, x := range Conditions {
		if c == x {
			return true
		}
	}
	return false
}
