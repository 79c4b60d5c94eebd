// Package carfaxca is the vehicle history adapter for CARFAX Canada's (formerly CarProof) web
// services. As CARFAX Canada's API reference documents, a client first takes a token with
// GET {base}/token under Basic authentication with its web service user name and password (the
// answer is the token, in quotes), then sends it in the WebServiceToken header of every call.
// The report is GET {base}/vhr/v1/report?vin={vin}&lang=en: 200 with the report's JSON, 404 when
// CARFAX Canada has no records of the VIN, 400 for a VIN it refuses.
//
// Answers map to the port's errors: a refused VIN is Invalid, no records CodeNotFound, refused
// credentials CodeNotAuthorized, an outage (5xx, 429, a timeout or a connection failure) a
// Retryable CodeUnavailable.
package carfaxca

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/httpjson"
	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/provider/vehiclehistory"
)

// DefaultBaseURL is the API gateway's production endpoint.
const DefaultBaseURL = "https://apigateway.carproof.com"

// DefaultTimeout bounds one call to the API.
const DefaultTimeout = 15 * time.Second

// Credentials are a store's web service credentials, as the secret holds them:
// {"username": "...", "password": "..."}.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Config configures a Provider: the API's address, the credentials' secret and the client.
type Config = secret.Endpoint

// Provider is CARFAX Canada's report API.
type Provider struct{ cfg Config }

var _ vehiclehistory.Provider = (*Provider)(nil)

// New returns the adapter of c.
func New(c Config) *Provider { return &Provider{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)} }

// wireReport is the part of the report the adapter reads.
type wireReport struct {
	ReportNumber string `json:"ReportNumber"`
	VIN          string `json:"Vin"`
	Year         int    `json:"Year"`
	Make         string `json:"Make"`
	Model        string `json:"Model"`
	ReportDate   string `json:"ReportDate"`
	Stolen       bool   `json:"StolenIndicator"`
	Brands       []struct {
		Description string `json:"Description"`
	} `json:"Brands"`
	Accidents []struct {
		Date         string  `json:"Date"`
		Jurisdiction string  `json:"Jurisdiction"`
		Amount       float64 `json:"Amount"`
		Detail       string  `json:"Detail"`
	} `json:"AccidentDamageRecords"`
	Registrations []struct {
		Date         string `json:"Date"`
		Jurisdiction string `json:"Jurisdiction"`
		Event        string `json:"EventType"`
	} `json:"RegistrationRecords"`
	Liens []struct {
		Date         string `json:"Date"`
		Jurisdiction string `json:"Jurisdiction"`
		Creditor     string `json:"SecuredParty"`
		Status       string `json:"Status"`
	} `json:"LienRecords"`
	Odometer []struct {
		Date    string `json:"Date"`
		Reading int    `json:"Reading"`
		Unit    string `json:"Unit"`
		Source  string `json:"Source"`
	} `json:"OdometerRecords"`
	ServiceRecords int    `json:"ServiceRecordCount"`
	ReportURL      string `json:"ReportUrl"`
}

func (w wireReport) report() vehiclehistory.HistoryReport {
	r := vehiclehistory.HistoryReport{ReportID: w.ReportNumber, VIN: w.VIN, Year: w.Year, Make: w.Make, Model: w.Model, Stolen: w.Stolen,
		Brands: []string{}, Damage: []vehiclehistory.DamageRecord{}, Registrations: []vehiclehistory.RegistrationRecord{},
		Liens: []vehiclehistory.LienRecord{}, Odometer: []vehiclehistory.OdometerReading{}, ServiceRecords: w.ServiceRecords, ReportURL: w.ReportURL}
	if t, err := time.Parse(time.RFC3339, w.ReportDate); err == nil {
		r.GeneratedAt = t.UTC()
	}
	for _, b := range w.Brands {
		r.Brands = append(r.Brands, b.Description)
	}
	for _, a := range w.Accidents {
		r.Damage = append(r.Damage, vehiclehistory.DamageRecord{Date: day(a.Date), Jurisdiction: a.Jurisdiction, Amount: a.Amount, Detail: a.Detail})
	}
	for _, g := range w.Registrations {
		r.Registrations = append(r.Registrations, vehiclehistory.RegistrationRecord{Date: day(g.Date), Jurisdiction: g.Jurisdiction, Event: g.Event})
	}
	for _, l := range w.Liens {
		r.Liens = append(r.Liens, vehiclehistory.LienRecord{Date: day(l.Date), Jurisdiction: l.Jurisdiction, Creditor: l.Creditor, Status: strings.ToLower(l.Status)})
	}
	for _, o := range w.Odometer {
		r.Odometer = append(r.Odometer, vehiclehistory.OdometerReading{Date: day(o.Date), Reading: o.Reading, Unit: strings.ToLower(o.Unit), Source: o.Source})
	}
	return r
}

// day keeps the date of an ISO date-time.
func day(s string) string {
	if len(s) >= 10 {
		return s[:10]
	}
	return s
}

// token takes a web service token.
func (p *Provider) token(ctx context.Context) (string, error) {
	var cr Credentials
	if err := httpjson.Credentials(ctx, p.cfg, &cr, "carfax canada", refusals); err != nil {
		return "", err
	}
	if cr.Username == "" || cr.Password == "" {
		return "", notAuthorized(fmt.Errorf("secret %s lacks username or password", p.cfg.Secret))
	}
	a, err := httpjson.Do(ctx, p.cfg.Client, http.MethodGet, p.cfg.BaseURL+"/token", map[string]string{"Authorization": basic(cr.Username, cr.Password)}, nil)
	switch {
	case err != nil:
		return "", unavailable(err)
	case a.Denied():
		return "", notAuthorized(fmt.Errorf("carfax canada token answered %d", a.Status))
	case !a.OK():
		return "", unavailable(fmt.Errorf("carfax canada token answered %d", a.Status))
	}
	tok := strings.Trim(strings.TrimSpace(string(a.Body)), `"`)
	if tok == "" {
		return "", unavailable(errors.New("carfax canada answered an empty token"))
	}
	return tok, nil
}

func basic(user, pass string) string {
	r, _ := http.NewRequest(http.MethodGet, "/", nil)
	r.SetBasicAuth(user, pass)
	return r.Header.Get("Authorization")
}

// Report returns vin's report.
func (p *Provider) Report(ctx context.Context, vin string) (vehiclehistory.HistoryReport, error) {
	tok, err := p.token(ctx)
	if err != nil {
		return vehiclehistory.HistoryReport{}, err
	}
	q := url.Values{"vin": {strings.ToUpper(vin)}, "lang": {"en"}}
	a, err := httpjson.Do(ctx, p.cfg.Client, http.MethodGet, p.cfg.BaseURL+"/vhr/v1/report?"+q.Encode(), map[string]string{"WebServiceToken": tok}, nil)
	switch {
	case err != nil:
		if ctx.Err() != nil {
			return vehiclehistory.HistoryReport{}, ctx.Err()
		}
		return vehiclehistory.HistoryReport{}, unavailable(err)
	case a.OK():
		var w wireReport
		if err := a.Decode(&w); err != nil || w.VIN == "" {
			return vehiclehistory.HistoryReport{}, unavailable(fmt.Errorf("carfax canada answered a report without a VIN: %v", err))
		}
		return w.report(), nil
	case a.Denied():
		return vehiclehistory.HistoryReport{}, notAuthorized(fmt.Errorf("carfax canada answered %d", a.Status))
	case a.Status == http.StatusNotFound:
		return vehiclehistory.HistoryReport{}, &vehiclehistory.Error{Code: vehiclehistory.CodeNotFound, Message: "No records were found for this VIN."}
	case a.Status == http.StatusBadRequest:
		return vehiclehistory.HistoryReport{}, &vehiclehistory.Error{Code: vehiclehistory.CodeInvalid, Message: "CARFAX Canada refused the VIN.", Invalid: true}
	}
	return vehiclehistory.HistoryReport{}, unavailable(fmt.Errorf("carfax canada answered %d", a.Status))
}

var refusals = httpjson.Refusals{NotAuthorized: notAuthorized, Unavailable: unavailable}

func unavailable(cause error) error {
	msg := httpjson.UnavailableMessage(cause, "The vehicle history service is temporarily unavailable.", "The vehicle history service did not answer in time.")
	return &vehiclehistory.Error{Code: vehiclehistory.CodeUnavailable, Message: msg, Retryable: true, Err: cause}
}

func notAuthorized(cause error) error {
	return &vehiclehistory.Error{Code: vehiclehistory.CodeNotAuthorized, Message: "CARFAX Canada refused the store's credentials. Ask your administrator to check the store's vehicle history settings.", Err: cause}
}
