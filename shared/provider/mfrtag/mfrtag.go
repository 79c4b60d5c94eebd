// Package mfrtag is the manufacturer tag service's port: what the manufacturer knows of a VIN
// (its warranty coverages, open field service actions and dealer service visits) and the link
// to the manufacturer's own report, in the shape of Ford's OASIS (Online Automotive Service
// Information System) vehicle report. Package oasis is that service, the sandbox package a
// local provider answering in its shape; wiring picks each store's (Providers.Tags).
package mfrtag

import (
	"context"

	"github.com/cxm/cxm/shared/provider/httpjson"
)

// Request names the vehicle and its odometer reading, which OASIS checks the coverages against.
type Request struct {
	VIN      string
	Odometer int
}

// VehicleReport is the manufacturer's tag details of a vehicle.
type VehicleReport struct {
	VIN            string             `json:"vin"`
	Year           int                `json:"year"`
	Make           string             `json:"make"`
	Model          string             `json:"model"`
	WarrantyStart  string             `json:"warrantyStart" doc:"The day the new-vehicle warranty started (YYYY-MM-DD)."`
	SellingDealer  string             `json:"sellingDealer"`
	Coverages      []WarrantyCoverage `json:"coverages" nullable:"false"`
	FieldActions   []FieldAction      `json:"fieldActions" nullable:"false"`
	ServiceVisits  []ServiceVisit     `json:"serviceVisits" nullable:"false"`
	OasisURL       string             `json:"oasisUrl" doc:"The vehicle's report in the manufacturer's own application."`
	ExtendedPlan   string             `json:"extendedPlan" doc:"An extended service plan, if one is registered."`
	OdometerTested int                `json:"odometerTested" doc:"The odometer reading the coverages were checked against."`
}

// WarrantyCoverage is one warranty coverage.
type WarrantyCoverage struct {
	Name      string `json:"name"`
	Months    int    `json:"months"`
	Distance  int    `json:"distance" doc:"The coverage's distance limit (the unit of Unit)."`
	Unit      string `json:"unit" enum:"km,mi"`
	ExpiresOn string `json:"expiresOn"`
	Active    bool   `json:"active" doc:"Neither the time nor the distance limit is reached."`
}

// FieldAction is a recall or customer satisfaction program of the vehicle.
type FieldAction struct {
	Number string `json:"number"`
	Title  string `json:"title"`
	Kind   string `json:"kind" enum:"safetyRecall,emissionsRecall,customerSatisfaction"`
	Status string `json:"status" enum:"open,completed"`
}

// ServiceVisit is one repair order a dealer reported to the manufacturer.
type ServiceVisit struct {
	Date     string `json:"date"`
	Dealer   string `json:"dealer"`
	Odometer int    `json:"odometer"`
	Work     string `json:"work"`
}

// Provider answers a vehicle's tag details.
type Provider interface {
	// Submit returns r's vehicle's details. A VIN the manufacturer does not build is an *Error
	// with CodeNotSupported; a VIN of the wrong form Invalid; an outage Retryable.
	Submit(ctx context.Context, r Request) (VehicleReport, error)
}

// Error codes.
const (
	CodeInvalid       = "invalid"
	CodeNotSupported  = "notSupported"
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
	return httpjson.ErrorText("manufacturer tag", e.Message, e.Err)
}

// fordWMIs are the world manufacturer identifiers of Ford Motor Company's vehicles (Ford and
// Lincoln, North American and imported), the VINs OASIS answers.
var fordWMIs = map[string]bool{
	"1FA": true, "1FB": true, "1FC": true, "1FD": true, "1FM": true, "1FT": true, "1FU": true, "1FV": true,
	"1LN": true, "1ZV": true, "2FA": true, "2FM": true, "2FT": true, "2LM": true, "2LN": true,
	"3FA": true, "3FE": true, "3FM": true, "3FT": true, "3LN": true, "5LM": true, "5LT": true,
	"MAJ": true, "NM0": true, "WF0": true, "SFA": true, "6FP": true,
}

// Supported reports whether OASIS answers vin: a vehicle of Ford Motor Company.
func Supported(vin string) bool { return len(vin) == 17 && fordWMIs[vin[:3]] }
