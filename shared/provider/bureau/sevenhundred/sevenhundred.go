// Package sevenhundred is the credit bureau adapter for 700Credit, the provider that reaches
// Experian, TransUnion and Equifax for dealerships. It speaks the provider's XML credit
// interface: a form-encoded POST carrying the dealer account's credentials and the applicant,
// answered with an XML document holding either the report (status, score, model, report id) or
// an error (code, description, field). The wire format is kept in wire.go.
//
// Credentials come from a Secrets Manager secret (see Credentials), read through a short-lived
// cache; every call has a deadline. Answers map to the credit port's errors: the provider's
// validation errors are Invalid *credit.BureauError values naming the applicant field, refused
// credentials CodeNotAuthorized, an outage (5xx, 429, a timeout or a connection failure) a
// Retryable CodeServiceUnavailable.
package sevenhundred

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/provider/secret"
)

// DefaultBaseURL is the provider's production endpoint.
const DefaultBaseURL = "https://www.700creditsolution.com"

// DefaultTimeout bounds one call to the provider: a bureau pull usually answers within a few
// seconds, and a slower one is answered later through Status.
const DefaultTimeout = 20 * time.Second

// servicePath is the path of the provider's XML credit interface.
const servicePath = "/XCRS/Service.aspx"

// Credentials are a dealer account's credentials at the provider, as the secret holds them:
// {"account": "...", "password": "..."}.
type Credentials struct {
	Account  string `json:"account"`
	Password string `json:"password"`
}

// Secrets reads a secret's JSON value (secret.Cache does).
type Secrets = secret.Reader

// Config configures a Bureau: the provider's address, the credentials' secret and the client.
type Config = secret.Endpoint

// Bureau is 700Credit's credit interface.
type Bureau struct {
	cfg Config
}

var _ credit.Bureau = (*Bureau)(nil)

// New returns the adapter of c.
func New(c Config) *Bureau {
	return &Bureau{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)}
}

// Pull runs the inquiry at the provider; the inquiry's RequestID is sent as the client
// reference, by which the provider answers a repeated inquiry with the same report.
func (b *Bureau) Pull(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
	form, err := inquiryForm(in)
	if err != nil {
		return credit.Report{}, err
	}
	return b.call(ctx, form)
}

// Status asks the provider for the report of an earlier pending inquiry.
func (b *Bureau) Status(ctx context.Context, agency credit.Agency, reference string) (credit.Report, error) {
	code, ok := bureauCodes[agency]
	if !ok {
		return credit.Report{}, &credit.BureauError{Code: credit.CodeUnknownReference, Message: "The bureau has no inquiry with this reference."}
	}
	form := url.Values{}
	form.Set("PROCESS", processStatus)
	form.Set("BUREAU", code)
	form.Set("REPORTID", reference)
	return b.call(ctx, form)
}

// call signs form with the credentials, posts it and reads the answer.
func (b *Bureau) call(ctx context.Context, form url.Values) (credit.Report, error) {
	var cr Credentials
	if err := b.cfg.Secrets.JSON(ctx, b.cfg.Secret, &cr); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return credit.Report{}, notAuthorized(err)
		}
		return credit.Report{}, unavailable(fmt.Errorf("700credit credentials: %w", err))
	}
	if cr.Account == "" || cr.Password == "" {
		return credit.Report{}, notAuthorized(fmt.Errorf("secret %s has no account or password", b.cfg.Secret))
	}
	form.Set("ACCOUNT", cr.Account)
	form.Set("PASSWD", cr.Password)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.cfg.BaseURL+servicePath, strings.NewReader(form.Encode()))
	if err != nil {
		return credit.Report{}, fmt.Errorf("700credit request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/xml")
	res, err := b.cfg.Client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return credit.Report{}, ctx.Err()
		}
		return credit.Report{}, unavailable(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return credit.Report{}, unavailable(err)
	}
	switch {
	case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
		return credit.Report{}, notAuthorized(fmt.Errorf("700credit answered %s", res.Status))
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
		return credit.Report{}, unavailable(fmt.Errorf("700credit answered %s", res.Status))
	}
	var doc response
	if err := xml.Unmarshal(body, &doc); err != nil {
		if res.StatusCode >= 400 {
			return credit.Report{}, unavailable(fmt.Errorf("700credit answered %s", res.Status))
		}
		return credit.Report{}, unavailable(fmt.Errorf("700credit answer is not its XML: %w", err))
	}
	if doc.Error != nil {
		return credit.Report{}, doc.Error.bureauError()
	}
	if res.StatusCode >= 300 || doc.Report == nil {
		return credit.Report{}, unavailable(fmt.Errorf("700credit answered %s without a report", res.Status))
	}
	return doc.Report.report()
}

// unavailable is the port's error for a provider that cannot be reached or is failing.
func unavailable(cause error) error {
	var ne net.Error
	msg := "The credit bureau is temporarily unavailable."
	if errors.As(cause, &ne) && ne.Timeout() {
		msg = "The credit bureau did not answer in time."
	}
	return &credit.BureauError{Code: credit.CodeServiceUnavailable, Message: msg, Retryable: true, Err: cause}
}

// notAuthorized is the port's error for credentials the provider refuses.
func notAuthorized(cause error) error {
	return &credit.BureauError{Code: credit.CodeNotAuthorized, Message: "The credit bureau refused the store's credentials.", Err: cause}
}
