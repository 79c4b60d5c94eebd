// Package vincent is the Smart Vincent adapter: POST {base}/v2/equity-reports with {"vin",
// "odometer", "payoff", "postalCode", "dealerId"} under the dealer's API key (header
// x-api-key). The answer is the report (200); a VIN without values is a 404, a refused request
// a 400 with {"message": "..."}.
//
// Answers map to the port's errors: an unknown VIN is CodeNotFound, a refused request Invalid,
// refused credentials CodeNotAuthorized, an outage (5xx, 429, a timeout or a connection
// failure) a Retryable CodeUnavailable.
package vincent

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/httpjson"
	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/provider/smartvincent"
)

// DefaultBaseURL is the service's production endpoint.
const DefaultBaseURL = "https://api.smartvincent.com"

// DefaultTimeout bounds one call to the service.
const DefaultTimeout = 15 * time.Second

// Credentials are a store's credentials, as the secret holds them: {"apiKey": "...", "dealerId": "..."}.
type Credentials struct {
	APIKey   string `json:"apiKey"`
	DealerID string `json:"dealerId"`
}

// Config configures a Provider: the service's address, the credentials' secret and the client.
type Config = secret.Endpoint

// Provider is Smart Vincent for one store.
type Provider struct{ cfg Config }

var _ smartvincent.Provider = (*Provider)(nil)

// New returns the adapter of c.
func New(c Config) *Provider { return &Provider{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)} }

type wireRequest struct {
	smartvincent.Request
	DealerID string `json:"dealerId"`
}

// Submit asks Smart Vincent for r's report.
func (p *Provider) Submit(ctx context.Context, r smartvincent.Request) (smartvincent.Report, error) {
	r.VIN = strings.ToUpper(strings.TrimSpace(r.VIN))
	var cr Credentials
	if err := httpjson.Credentials(ctx, p.cfg, &cr, "smart vincent", refusals); err != nil {
		return smartvincent.Report{}, err
	}
	if cr.APIKey == "" || cr.DealerID == "" {
		return smartvincent.Report{}, notAuthorized(fmt.Errorf("secret %s lacks apiKey or dealerId", p.cfg.Secret))
	}
	a, err := httpjson.Do(ctx, p.cfg.Client, http.MethodPost, p.cfg.BaseURL+"/v2/equity-reports",
		map[string]string{"x-api-key": cr.APIKey}, wireRequest{Request: r, DealerID: cr.DealerID})
	switch {
	case err != nil:
		if ctx.Err() != nil {
			return smartvincent.Report{}, ctx.Err()
		}
		return smartvincent.Report{}, unavailable(err)
	case a.OK():
		var rep smartvincent.Report
		if err := a.Decode(&rep); err != nil || rep.VIN == "" {
			return smartvincent.Report{}, unavailable(fmt.Errorf("smart vincent answered a report without a VIN: %v", err))
		}
		if rep.Incentives == nil {
			rep.Incentives = []smartvincent.Incentive{}
		}
		return rep, nil
	case a.Denied():
		return smartvincent.Report{}, notAuthorized(fmt.Errorf("smart vincent answered %d", a.Status))
	case a.Status == http.StatusNotFound:
		return smartvincent.Report{}, &smartvincent.Error{Code: smartvincent.CodeNotFound, Message: "Smart Vincent has no values for this VIN."}
	case a.Status == http.StatusBadRequest:
		return smartvincent.Report{}, &smartvincent.Error{Code: smartvincent.CodeInvalid, Message: a.Message("Smart Vincent refused the request."), Invalid: true}
	}
	return smartvincent.Report{}, unavailable(fmt.Errorf("smart vincent answered %d", a.Status))
}

var refusals = httpjson.Refusals{NotAuthorized: notAuthorized, Unavailable: unavailable}

func unavailable(cause error) error {
	msg := httpjson.UnavailableMessage(cause, "Smart Vincent is temporarily unavailable.", "Smart Vincent did not answer in time.")
	return &smartvincent.Error{Code: smartvincent.CodeUnavailable, Message: msg, Retryable: true, Err: cause}
}

func notAuthorized(cause error) error {
	return &smartvincent.Error{Code: smartvincent.CodeNotAuthorized, Message: "Smart Vincent refused the store's credentials. Ask your administrator to check the store's Smart Vincent settings.", Err: cause}
}
