// Package oasis is the manufacturer tag adapter for Ford's OASIS vehicle report service, as a
// Ford or Lincoln dealer's integration reaches it: POST {base}/oasis/v1/vehicle-reports with
// {"vin", "odometer", "dealerCode"} under the dealer's API key (header x-api-key). The answer
// is the vehicle report (200): the warranty coverages, the field service actions, the service
// visits and the oasisUrl of the report in OASIS itself. A VIN OASIS does not know is a 404,
// a refused request a 400 with {"message": "..."}.
//
// Answers map to the port's errors: a VIN of another manufacturer or unknown to OASIS is
// CodeNotSupported, a refused request Invalid, refused credentials CodeNotAuthorized, an
// outage (5xx, 429, a timeout or a connection failure) a Retryable CodeUnavailable.
package oasis

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/httpjson"
	"github.com/cxm/cxm/shared/provider/mfrtag"
	"github.com/cxm/cxm/shared/provider/secret"
)

// DefaultBaseURL is the service's production endpoint.
const DefaultBaseURL = "https://api.oasis.dealerconnection.com"

// DefaultTimeout bounds one call to the service.
const DefaultTimeout = 15 * time.Second

// Credentials are a store's credentials, as the secret holds them:
// {"apiKey": "...", "dealerCode": "..."} (the dealer's P&A code).
type Credentials struct {
	APIKey     string `json:"apiKey"`
	DealerCode string `json:"dealerCode"`
}

// Config configures a Provider: the service's address, the credentials' secret and the client.
type Config = secret.Endpoint

// Provider is the OASIS service for one store.
type Provider struct{ cfg Config }

var _ mfrtag.Provider = (*Provider)(nil)

// New returns the adapter of c.
func New(c Config) *Provider { return &Provider{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)} }

type wireRequest struct {
	VIN        string `json:"vin"`
	Odometer   int    `json:"odometer"`
	DealerCode string `json:"dealerCode"`
}

// Submit asks OASIS for r's vehicle.
func (p *Provider) Submit(ctx context.Context, r mfrtag.Request) (mfrtag.VehicleReport, error) {
	v := strings.ToUpper(strings.TrimSpace(r.VIN))
	if !mfrtag.Supported(v) {
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeNotSupported, Message: "The manufacturer tag service covers Ford and Lincoln vehicles only."}
	}
	var cr Credentials
	if err := httpjson.Credentials(ctx, p.cfg, &cr, "oasis", refusals); err != nil {
		return mfrtag.VehicleReport{}, err
	}
	if cr.APIKey == "" || cr.DealerCode == "" {
		return mfrtag.VehicleReport{}, notAuthorized(fmt.Errorf("secret %s lacks apiKey or dealerCode", p.cfg.Secret))
	}
	a, err := httpjson.Do(ctx, p.cfg.Client, http.MethodPost, p.cfg.BaseURL+"/oasis/v1/vehicle-reports",
		map[string]string{"x-api-key": cr.APIKey}, wireRequest{VIN: v, Odometer: r.Odometer, DealerCode: cr.DealerCode})
	switch {
	case err != nil:
		if ctx.Err() != nil {
			return mfrtag.VehicleReport{}, ctx.Err()
		}
		return mfrtag.VehicleReport{}, unavailable(err)
	case a.OK():
		var d mfrtag.VehicleReport
		if err := a.Decode(&d); err != nil || d.VIN == "" {
			return mfrtag.VehicleReport{}, unavailable(fmt.Errorf("oasis answered a report without a VIN: %v", err))
		}
		if d.Coverages == nil {
			d.Coverages = []mfrtag.WarrantyCoverage{}
		}
		if d.FieldActions == nil {
			d.FieldActions = []mfrtag.FieldAction{}
		}
		if d.ServiceVisits == nil {
			d.ServiceVisits = []mfrtag.ServiceVisit{}
		}
		return d, nil
	case a.Denied():
		return mfrtag.VehicleReport{}, notAuthorized(fmt.Errorf("oasis answered %d", a.Status))
	case a.Status == http.StatusNotFound:
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeNotSupported, Message: "OASIS has no record of this VIN."}
	case a.Status == http.StatusBadRequest:
		return mfrtag.VehicleReport{}, &mfrtag.Error{Code: mfrtag.CodeInvalid, Message: a.Message("OASIS refused the request."), Invalid: true}
	}
	return mfrtag.VehicleReport{}, unavailable(fmt.Errorf("oasis answered %d", a.Status))
}

func unavailable(cause error) error {
	msg := httpjson.UnavailableMessage(cause, "The manufacturer tag service is temporarily unavailable.", "The manufacturer tag service did not answer in time.")
	return &mfrtag.Error{Code: mfrtag.CodeUnavailable, Message: msg, Retryable: true, Err: cause}
}

var refusals = httpjson.Refusals{NotAuthorized: notAuthorized, Unavailable: unavailable}

func notAuthorized(cause error) error {
	return &mfrtag.Error{Code: mfrtag.CodeNotAuthorized, Message: "OASIS refused the store's credentials. Ask your administrator to check the store's manufacturer tag settings.", Err: cause}
}
