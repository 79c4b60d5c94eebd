// Package callrail is the call-tracking adapter for CallRail's REST API (v3) and its post-call
// webhook, whose deliveries (the call object as JSON, signed in the Signature header with the
// company's webhook signing key) Receive verifies and reads. An outbound call
// is POST /v3/a/{account_id}/outbound_phone_calls.json with the business phone to ring first
// (the staff member's), the customer's phone to connect and the tracking number shown as the
// caller id, authenticated with the account's API key. The answer is the call record (201), or
// an error object {"error": "..."} with a 4xx status.
//
// Credentials come from a Secrets Manager secret (see Credentials), read through a short-lived
// cache; every call has a deadline. Answers map to the calltrack port's errors: numbers the API
// refuses are Invalid (naming the leg), refused credentials CodeNotAuthorized, an outage (5xx,
// 429, a timeout or a connection failure) a Retryable CodeUnavailable.
package callrail

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/secret"
)

// DefaultBaseURL is the API's production endpoint.
const DefaultBaseURL = "https://api.callrail.com"

// DefaultTimeout bounds one call to the API.
const DefaultTimeout = 10 * time.Second

// Credentials are a store's credentials, as the secret holds them:
// {"apiKey": "...", "accountId": "...", "callerId": "+1..."}. CallerID is the store's tracking
// number that the customer sees.
type Credentials struct {
	APIKey    string `json:"apiKey"`
	AccountID string `json:"accountId"`
	CallerID  string `json:"callerId"`
	// WebhookKey is the company's webhook signing key, which verifies the post-call webhook's
	// deliveries.
	WebhookKey string `json:"webhookKey,omitempty"`
}

// Secrets reads a secret's JSON value (secret.Cache does).
type Secrets = secret.Reader

// Config configures a Provider: the provider's address, the credentials' secret and the client.
type Config = secret.Endpoint

// Provider is CallRail's outbound call API.
type Provider struct {
	cfg Config
}

var _ calltrack.Tracker = (*Provider)(nil)

// New returns the adapter of c.
func New(c Config) *Provider {
	return &Provider{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)}
}

var _ calltrack.Receiver = (*Provider)(nil)

// Receive verifies a post-call webhook delivery with the store's webhook signing key
// (Credentials.WebhookKey) and reads its call record. Credentials without the key refuse every
// delivery (CodeNotAuthorized).
func (p *Provider) Receive(ctx context.Context, header http.Header, body []byte) (calltrack.Record, error) {
	var cr Credentials
	if err := p.cfg.Secrets.JSON(ctx, p.cfg.Secret, &cr); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return calltrack.Record{}, notAuthorized(err)
		}
		return calltrack.Record{}, unavailable(fmt.Errorf("callrail credentials: %w", err))
	}
	if cr.WebhookKey == "" {
		return calltrack.Record{}, notAuthorized(fmt.Errorf("secret %s lacks webhookKey", p.cfg.Secret))
	}
	return calltrack.KeyedReceiver{Key: []byte(cr.WebhookKey)}.Receive(ctx, header, body)
}

// outboundCall is the body of an outbound call.
type outboundCall struct {
	CallerID            string `json:"caller_id"`
	BusinessPhoneNumber string `json:"business_phone_number"`
	CustomerPhoneNumber string `json:"customer_phone_number"`
	RecordingEnabled    bool   `json:"recording_enabled"`
	// Note carries the client's reference into the call record.
	Note string `json:"note,omitempty"`
}

// callRecord is the part of the API's call record the adapter reads.
type callRecord struct {
	ID                  string    `json:"id"`
	BusinessPhoneNumber string    `json:"business_phone_number"`
	CustomerPhoneNumber string    `json:"customer_phone_number"`
	StartTime           time.Time `json:"start_time"`
	Answered            *bool     `json:"answered"`
}

// apiError is the API's error object.
type apiError struct {
	Error string `json:"error"`
}

// StartOutbound starts the call at the API: the staff member's phone (From) rings first, then
// the customer's (To) is connected, showing the store's tracking number.
func (p *Provider) StartOutbound(ctx context.Context, r calltrack.Request) (calltrack.Call, error) {
	var cr Credentials
	if err := p.cfg.Secrets.JSON(ctx, p.cfg.Secret, &cr); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return calltrack.Call{}, notAuthorized(err)
		}
		return calltrack.Call{}, unavailable(fmt.Errorf("callrail credentials: %w", err))
	}
	if cr.APIKey == "" || cr.AccountID == "" || cr.CallerID == "" {
		return calltrack.Call{}, notAuthorized(fmt.Errorf("secret %s lacks apiKey, accountId or callerId", p.cfg.Secret))
	}
	if r.From == r.To {
		return calltrack.Call{}, &calltrack.Error{Code: calltrack.CodeSameNumber, Field: "to", Message: "The caller and the called number are the same.", Invalid: true}
	}
	body, err := json.Marshal(outboundCall{CallerID: cr.CallerID, BusinessPhoneNumber: r.From, CustomerPhoneNumber: r.To, RecordingEnabled: true, Note: r.Reference})
	if err != nil {
		return calltrack.Call{}, fmt.Errorf("callrail request: %w", err)
	}
	u := p.cfg.BaseURL + "/v3/a/" + url.PathEscape(cr.AccountID) + "/outbound_phone_calls.json"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return calltrack.Call{}, fmt.Errorf("callrail request: %w", err)
	}
	req.Header.Set("Authorization", `Token token="`+cr.APIKey+`"`)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	res, err := p.cfg.Client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return calltrack.Call{}, ctx.Err()
		}
		return calltrack.Call{}, unavailable(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return calltrack.Call{}, unavailable(err)
	}
	switch {
	case res.StatusCode == http.StatusOK || res.StatusCode == http.StatusCreated:
		var rec callRecord
		if err := json.Unmarshal(raw, &rec); err != nil || rec.ID == "" {
			return calltrack.Call{}, unavailable(fmt.Errorf("callrail answered %s without a call record: %v", res.Status, err))
		}
		started := rec.StartTime.UTC()
		return calltrack.Call{CallID: rec.ID, From: r.From, To: r.To, Status: "queued", StartedAt: started}, nil
	case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
		return calltrack.Call{}, notAuthorized(fmt.Errorf("callrail answered %s: %s", res.Status, errorText(raw)))
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
		return calltrack.Call{}, unavailable(fmt.Errorf("callrail answered %s", res.Status))
	case res.StatusCode >= 400:
		return calltrack.Call{}, refused(errorText(raw))
	default:
		return calltrack.Call{}, unavailable(fmt.Errorf("callrail answered %s", res.Status))
	}
}

// errorText returns the API's error message of raw, or raw itself.
func errorText(raw []byte) string {
	var e apiError
	if json.Unmarshal(raw, &e) == nil && e.Error != "" {
		return e.Error
	}
	return strings.TrimSpace(string(raw))
}

// refused maps a 4xx refusal to the port's error, naming the leg the message is about.
func refused(msg string) error {
	low := strings.ToLower(msg)
	switch {
	case strings.Contains(low, "business_phone_number") || strings.Contains(low, "business phone"):
		return &calltrack.Error{Code: calltrack.CodeInvalidFrom, Field: "from", Message: "The caller's number was refused: " + msg, Invalid: true}
	case strings.Contains(low, "customer_phone_number") || strings.Contains(low, "customer phone"):
		if strings.Contains(low, "block") || strings.Contains(low, "do not call") {
			return &calltrack.Error{Code: calltrack.CodeBlocked, Message: "The number cannot be dialled: " + msg}
		}
		return &calltrack.Error{Code: calltrack.CodeInvalidTo, Field: "to", Message: "The called number was refused: " + msg, Invalid: true}
	case strings.Contains(low, "caller_id") || strings.Contains(low, "caller id"):
		// The tracking number is the store's configuration, not the user's input.
		return notAuthorized(fmt.Errorf("callrail refused the caller id: %s", msg))
	}
	if msg == "" {
		msg = "The call-tracking provider refused the call."
	}
	return &calltrack.Error{Code: calltrack.CodeRefused, Message: msg}
}

// unavailable is the port's error for an API that cannot be reached or is failing.
func unavailable(cause error) error {
	msg := "The call-tracking service is temporarily unavailable."
	var ne net.Error
	if errors.As(cause, &ne) && ne.Timeout() {
		msg = "The call-tracking service did not answer in time."
	}
	return &calltrack.Error{Code: calltrack.CodeUnavailable, Message: msg, Retryable: true, Err: cause}
}

// notAuthorized is the port's error for credentials or a configuration the API refuses.
func notAuthorized(cause error) error {
	return &calltrack.Error{Code: calltrack.CodeNotAuthorized, Message: "the call-tracking provider refused the store's credentials. Ask your administrator to check the store's call-tracking settings.", Err: cause}
}
