// Package vauto is the appraisal adapter for vAuto's appraisal API (Cox Automotive). vAuto's API
// is partner-gated: a store's integrator is issued OAuth client credentials and the store's
// vAuto dealer id. The adapter takes a token with the client-credentials grant at the token
// URL, then calls, under the dealer:
//
//	GET  /appraisals/v1/dealers/{dealerId}/users                     the store's appraisers
//	GET  /appraisals/v1/dealers/{dealerId}/appraisals?vin=&limit=1   the newest appraisal of a VIN
//	POST /appraisals/v1/dealers/{dealerId}/appraisals                 a new appraisal (201)
//
// A refused request is a 400 or 422 with {"errors":[{"field": "...", "message": "..."}]}.
// Answers map to the appraisal port's errors: a refused field is Invalid naming it, refused
// credentials CodeNotAuthorized, an outage (5xx, 429, a timeout or a connection failure) a
// Retryable CodeUnavailable.
package vauto

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/appraisal"
	"github.com/cxm/cxm/shared/provider/httpjson"
	"github.com/cxm/cxm/shared/provider/secret"
)

// DefaultBaseURL is the API's production endpoint.
const DefaultBaseURL = "https://api.coxautoinc.com/vauto"

// DefaultTimeout bounds one call to the API.
const DefaultTimeout = 15 * time.Second

// Credentials are a store's credentials, as the secret holds them:
// {"clientId": "...", "clientSecret": "...", "dealerId": "...", "tokenUrl": "https://..."}.
type Credentials struct {
	ClientID     string `json:"clientId"`
	ClientSecret string `json:"clientSecret"`
	DealerID     string `json:"dealerId"`
	TokenURL     string `json:"tokenUrl"`
}

// Config configures a Provider: the API's address, the credentials' secret and the client.
type Config = secret.Endpoint

// Provider is vAuto's appraisal API for one store.
type Provider struct{ cfg Config }

var _ appraisal.Provider = (*Provider)(nil)

// New returns the adapter of c.
func New(c Config) *Provider { return &Provider{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)} }

type wireUser struct {
	UserID    string `json:"userId"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

func (u wireUser) user() appraisal.Appraiser {
	return appraisal.Appraiser{ID: u.UserID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName), Email: u.Email}
}

type wireAppraisal struct {
	AppraisalID string `json:"appraisalId"`
	VIN         string `json:"vin"`
	Status      string `json:"status"`
	Vehicle     struct {
		Year  int    `json:"year"`
		Make  string `json:"make"`
		Model string `json:"model"`
		Trim  string `json:"trim"`
		Color string `json:"exteriorColor"`
	} `json:"vehicle"`
	Odometer    int       `json:"odometer"`
	Condition   string    `json:"condition"`
	Appraiser   wireUser  `json:"appraiser"`
	Customer    string    `json:"customerName"`
	Notes       string    `json:"notes"`
	ACV         float64   `json:"acv"`
	MarketPrice float64   `json:"marketAveragePrice"`
	Comparables int       `json:"comparableCount"`
	DaysSupply  int       `json:"marketDaysSupply"`
	CreatedDate time.Time `json:"createdDate"`
	Link        string    `json:"appraisalUrl"`
}

func (w wireAppraisal) appraisal() appraisal.Appraisal {
	return appraisal.Appraisal{ID: w.AppraisalID, VIN: w.VIN, Status: strings.ToLower(w.Status),
		Year: w.Vehicle.Year, Make: w.Vehicle.Make, Model: w.Vehicle.Model, Trim: w.Vehicle.Trim,
		Odometer: w.Odometer, Condition: strings.ToLower(w.Condition), Appraiser: w.Appraiser.user(), Customer: w.Customer, Notes: w.Notes,
		Value: w.ACV, MarketValue: w.MarketPrice, Comparables: w.Comparables, DaysSupply: w.DaysSupply, CreatedAt: w.CreatedDate.UTC(), URL: w.Link}
}

type wireCreate struct {
	VIN         string `json:"vin"`
	Odometer    int    `json:"odometer"`
	Condition   string `json:"condition"`
	AppraiserID string `json:"appraiserUserId"`
	Customer    string `json:"customerName,omitempty"`
	Notes       string `json:"notes,omitempty"`
	Color       string `json:"exteriorColor,omitempty"`
}

type wireErrors struct {
	Errors []struct {
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

// session is a token and the dealer it may act for.
type session struct {
	token, dealer string
}

func (p *Provider) session(ctx context.Context) (session, error) {
	var cr Credentials
	if err := p.cfg.Secrets.JSON(ctx, p.cfg.Secret, &cr); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return session{}, notAuthorized(err)
		}
		return session{}, unavailable(fmt.Errorf("vauto credentials: %w", err))
	}
	if cr.ClientID == "" || cr.ClientSecret == "" || cr.DealerID == "" || cr.TokenURL == "" {
		return session{}, notAuthorized(fmt.Errorf("secret %s lacks clientId, clientSecret, dealerId or tokenUrl", p.cfg.Secret))
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cr.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return session{}, fmt.Errorf("vauto token request: %w", err)
	}
	req.SetBasicAuth(cr.ClientID, cr.ClientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := p.cfg.Client.Do(req)
	if err != nil {
		return session{}, unavailable(err)
	}
	defer res.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return session{}, unavailable(err)
	}
	a := httpjson.Answer{Status: res.StatusCode, Body: raw}
	switch {
	case a.Denied() || res.StatusCode == http.StatusBadRequest:
		return session{}, notAuthorized(fmt.Errorf("vauto token answered %s", res.Status))
	case !a.OK():
		return session{}, unavailable(fmt.Errorf("vauto token answered %s", res.Status))
	}
	if err := a.Decode(&tok); err != nil || tok.AccessToken == "" {
		return session{}, unavailable(fmt.Errorf("vauto token answer without access_token: %v", err))
	}
	return session{token: tok.AccessToken, dealer: cr.DealerID}, nil
}

func (p *Provider) call(ctx context.Context, method, path string, body, out any) error {
	s, err := p.session(ctx)
	if err != nil {
		return err
	}
	u := p.cfg.BaseURL + "/appraisals/v1/dealers/" + url.PathEscape(s.dealer) + path
	a, err := httpjson.Do(ctx, p.cfg.Client, method, u, map[string]string{"Authorization": "Bearer " + s.token}, body)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return unavailable(err)
	}
	switch {
	case a.OK():
		return a.Decode(out)
	case a.Denied():
		return notAuthorized(fmt.Errorf("vauto answered %d", a.Status))
	case a.Outage():
		return unavailable(fmt.Errorf("vauto answered %d", a.Status))
	case a.Status == http.StatusBadRequest || a.Status == http.StatusUnprocessableEntity:
		var we wireErrors
		if a.Decode(&we) == nil && len(we.Errors) > 0 {
			e := we.Errors[0]
			return &appraisal.Error{Code: appraisal.CodeInvalid, Field: field(e.Field), Message: e.Message, Invalid: true}
		}
		return &appraisal.Error{Code: appraisal.CodeInvalid, Message: "vAuto refused the appraisal.", Invalid: true}
	}
	return unavailable(fmt.Errorf("vauto answered %d", a.Status))
}

// field maps vAuto's field names to the request's.
func field(f string) string {
	switch strings.ToLower(f) {
	case "appraiseruserid":
		return "appraiserId"
	case "vin", "odometer", "condition":
		return strings.ToLower(f)
	}
	return ""
}

// Users returns the store's appraisers.
func (p *Provider) Users(ctx context.Context) ([]appraisal.Appraiser, error) {
	var out struct {
		Items []wireUser `json:"items"`
	}
	if err := p.call(ctx, http.MethodGet, "/users", nil, &out); err != nil {
		return nil, err
	}
	us := make([]appraisal.Appraiser, len(out.Items))
	for i, u := range out.Items {
		us[i] = u.user()
	}
	return us, nil
}

// LatestByVIN returns the newest appraisal of vin at the store.
func (p *Provider) LatestByVIN(ctx context.Context, vin string) (*appraisal.Appraisal, error) {
	var out struct {
		Items []wireAppraisal `json:"items"`
	}
	q := url.Values{"vin": {vin}, "sort": {"createdDate:desc"}, "limit": {"1"}}
	if err := p.call(ctx, http.MethodGet, "/appraisals?"+q.Encode(), nil, &out); err != nil {
		return nil, err
	}
	if len(out.Items) == 0 {
		return nil, nil
	}
	a := out.Items[0].appraisal()
	return &a, nil
}

// Create appraises r's vehicle.
func (p *Provider) Create(ctx context.Context, r appraisal.Request) (appraisal.Appraisal, error) {
	if err := appraisal.Validate(r); err != nil {
		return appraisal.Appraisal{}, err
	}
	var out wireAppraisal
	in := wireCreate{VIN: strings.ToUpper(r.VIN), Odometer: r.Odometer, Condition: r.Condition, AppraiserID: r.AppraiserID, Customer: r.Customer, Notes: r.Notes, Color: r.Color}
	if err := p.call(ctx, http.MethodPost, "/appraisals", in, &out); err != nil {
		return appraisal.Appraisal{}, err
	}
	if out.AppraisalID == "" {
		return appraisal.Appraisal{}, unavailable(errors.New("vauto answered without an appraisal id"))
	}
	return out.appraisal(), nil
}

func unavailable(cause error) error {
	msg := "The appraisal service is temporarily unavailable."
	if httpjson.Timeout(cause) {
		msg = "The appraisal service did not answer in time."
	}
	return &appraisal.Error{Code: appraisal.CodeUnavailable, Message: msg, Retryable: true, Err: cause}
}

func notAuthorized(cause error) error {
	return &appraisal.Error{Code: appraisal.CodeNotAuthorized, Message: "vAuto refused the store's credentials. Ask your administrator to check the store's appraisal settings.", Err: cause}
}
