// Package conversica is the automated assistant adapter for the Conversica Integrations API
// (apiVersion 7.2): a lead is handed over, and later stopped, by POST {base}/json/ with a Lead
// object, authenticated with HTTP Basic. The API answers 200, 400 for a lead it cannot read or
// 401 for refused credentials; it has no read operation. Conversica reports the messages it
// sends and receives, and the conversation's stage and status, to the customer's endpoints.
package conversica

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/provider/assistant"
	"github.com/cxm/cxm/shared/provider/httpjson"
	"github.com/cxm/cxm/shared/provider/secret"
)

// DefaultBaseURL is the API's production endpoint.
const DefaultBaseURL = "https://integrations-api.conversica.com"

// DefaultTimeout bounds one call to the API.
const DefaultTimeout = 10 * time.Second

// APIVersion is the version of the API the adapter speaks.
const APIVersion = "7.2"

// Credentials are a store's credentials, as its secret holds them: {"username", "password",
// "webhookSecret"}; the last signs Conversica's deliveries to CXM (see SignatureHeader).
type Credentials struct {
	Username      string `json:"username"`
	Password      string `json:"password"`
	WebhookSecret string `json:"webhookSecret,omitempty"`
}

// Config configures a Provider.
type Config = secret.Endpoint

// Provider is Conversica's Integrations API.
type Provider struct {
	cfg Config
}

var _ assistant.Assistant = (*Provider)(nil)

// New returns the adapter of c.
func New(c Config) *Provider { return &Provider{cfg: c.WithDefaults(DefaultBaseURL, DefaultTimeout)} }

// lead is the API's Lead object (the keys the adapter sends).
type lead struct {
	APIVersion     string `json:"apiVersion"`
	ID             string `json:"id"`
	ClientID       string `json:"clientId,omitempty"`
	ConversationID string `json:"conversationId"`
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName,omitempty"`
	Email          string `json:"email"`
	CellPhone      string `json:"cellPhone,omitempty"`
	LeadSource     string `json:"leadSource"`
	LeadStatus     string `json:"leadStatus,omitempty"`
	RepID          string `json:"repId,omitempty"`
	RepName        string `json:"repName"`
	RepEmail       string `json:"repEmail,omitempty"`
	SMSOptOut      bool   `json:"smsOptOut"`
	StopMessaging  bool   `json:"stopMessaging"`
}

func toLead(l assistant.Lead, stop bool) lead {
	return lead{APIVersion: APIVersion, ID: l.ID, ClientID: l.ClientID, ConversationID: l.Conversation, FirstName: l.FirstName,
		LastName: l.LastName, Email: l.Email, CellPhone: l.CellPhone, LeadSource: l.LeadSource, LeadStatus: "New",
		RepID: l.RepID, RepName: l.RepName, RepEmail: l.RepEmail, SMSOptOut: l.SMSOptOut || l.CellPhone == "", StopMessaging: stop}
}

func (p *Provider) post(ctx context.Context, body lead) error {
	var cr Credentials
	if err := p.cfg.Secrets.JSON(ctx, p.cfg.Secret, &cr); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return &assistant.Error{Code: assistant.CodeNotAuthorized, Message: "The store's Conversica credentials are missing.", Err: err}
		}
		return &assistant.Error{Code: assistant.CodeUnavailable, Message: "Conversica cannot be reached now.", Retryable: true, Err: err}
	}
	if len(cr.Username) < 5 || cr.Password == "" {
		return &assistant.Error{Code: assistant.CodeNotAuthorized, Message: "The store's Conversica credentials are incomplete.", Err: fmt.Errorf("secret %s lacks username or password", p.cfg.Secret)}
	}
	auth := "Basic " + base64.StdEncoding.EncodeToString([]byte(cr.Username+":"+cr.Password))
	a, err := httpjson.Do(ctx, p.cfg.Client, http.MethodPost, p.cfg.BaseURL+"/json/", map[string]string{"Authorization": auth}, body)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &assistant.Error{Code: assistant.CodeUnavailable, Message: "Conversica cannot be reached now.", Retryable: true, Err: err}
	}
	switch {
	case a.OK():
		return nil
	case a.Denied():
		return &assistant.Error{Code: assistant.CodeNotAuthorized, Message: "Conversica refused the store's credentials.", Err: fmt.Errorf("status %d", a.Status)}
	case a.Outage():
		return &assistant.Error{Code: assistant.CodeUnavailable, Message: "Conversica cannot take the request now.", Retryable: true, Err: fmt.Errorf("status %d", a.Status)}
	}
	return &assistant.Error{Code: assistant.CodeInvalid, Message: "Conversica could not read the customer's details.", Err: fmt.Errorf("status %d: %.200s", a.Status, a.Body)}
}

// Start posts the lead; Conversica schedules its first message and reports it later.
func (p *Provider) Start(ctx context.Context, l assistant.Lead) (assistant.Started, error) {
	if l.Email == "" {
		return assistant.Started{}, &assistant.Error{Code: assistant.CodeInvalid, Field: "email", Message: "Conversica needs the customer's e-mail address."}
	}
	if err := p.post(ctx, toLead(l, false)); err != nil {
		return assistant.Started{}, err
	}
	return assistant.Started{Status: "Preparing Lead"}, nil
}

// Reply is a no-op: Conversica receives the customer's replies itself and reports its answers
// by the message webhook.
func (p *Provider) Reply(context.Context, assistant.Lead, string) ([]assistant.Message, error) {
	return nil, nil
}

// Stop posts the lead again with stopMessaging.
func (p *Provider) Stop(ctx context.Context, l assistant.Lead) error {
	return p.post(ctx, toLead(l, true))
}
