package conversica

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/secret"
)

// Conversica reports a conversation to two endpoints of the customer: each message the
// assistant sends or receives as a Message object, and each change of the lead's or the
// conversation's state as a Lead Update object, in which only apiVersion, id, clientId and the
// changed keys are present (Conversica API Integration Manual, apiVersion 7.2). The shapes
// below are the manual's.
//
// The manual documents HTTP Basic authentication of those calls and neither a signature nor a
// delivery id. A delivery is accepted with either (Authenticate): HTTP Basic credentials whose
// password is the store's webhook secret (webhookSecret in the store's Conversica secret), as
// the manual's set-up sends them, or the header SignatureHeader with "sha256=" and the hex
// HMAC-SHA256 of the raw body under that secret, which also proves the body unchanged and is
// what the sandbox sends. DeliveryHeader, when present, names the delivery; without it the
// body's own SHA-256 is the delivery's id, so a delivery sent again whole has one effect.
const (
	SignatureHeader = "X-Conversica-Signature"
	DeliveryHeader  = "X-Conversica-Delivery"
)

// Message is the Message object: a message the assistant sent ("sent") or received
// ("received") in the conversation of lead ID.
type Message struct {
	APIVersion string `json:"apiVersion"`
	ID         string `json:"id" minLength:"1" maxLength:"100" doc:"The lead id: CXM's conversation id."`
	ClientID   string `json:"clientId" minLength:"1" maxLength:"100" doc:"The store's id at Conversica."`
	Action     string `json:"action" enum:"sent,received"`
	Date       string `json:"date" doc:"When the message was sent or received (RFC 3339)."`
	Subject    string `json:"subject" maxLength:"1000"`
	Body       string `json:"body" maxLength:"100000"`
}

// LeadUpdate is the Lead Update object: the changed state of the conversation of lead ID.
type LeadUpdate struct {
	APIVersion             string `json:"apiVersion"`
	ID                     string `json:"id" minLength:"1" maxLength:"100" doc:"The lead id: CXM's conversation id."`
	ClientID               string `json:"clientId" minLength:"1" maxLength:"100" doc:"The store's id at Conversica."`
	LeadStatus             string `json:"leadStatus,omitempty" required:"false" maxLength:"100"`
	LeadStatusDate         string `json:"leadStatusDate,omitempty" required:"false"`
	ConversationStage      string `json:"conversationStage,omitempty" required:"false" maxLength:"100"`
	ConversationStageDate  string `json:"conversationStageDate,omitempty" required:"false"`
	ConversationStatus     string `json:"conversationStatus,omitempty" required:"false" maxLength:"100"`
	ConversationStatusDate string `json:"conversationStatusDate,omitempty" required:"false"`
}

// ErrSignature is the error of a delivery whose signature does not hold.
var ErrSignature = errors.New("conversica delivery signature")

// Sign returns the SignatureHeader value of body under secret.
func Sign(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Verify checks header, the SignatureHeader value of a delivery of body, under secret.
func Verify(secret, body []byte, header string) error {
	if len(secret) == 0 {
		return fmt.Errorf("%w: no webhook secret", ErrSignature)
	}
	got, ok := strings.CutPrefix(strings.TrimSpace(header), "sha256=")
	if !ok {
		return fmt.Errorf("%w: missing", ErrSignature)
	}
	want := Sign(secret, body)[len("sha256="):]
	if !hmac.Equal([]byte(strings.ToLower(got)), []byte(want)) {
		return fmt.Errorf("%w: mismatch", ErrSignature)
	}
	return nil
}

// Authenticate checks a delivery of body under the store's webhook secret: its signature (the
// SignatureHeader value) when it has one, else its Authorization header's HTTP Basic
// credentials, whose password must be secret. Every failure is an ErrSignature error.
func Authenticate(secret, body []byte, signature, authorization string) error {
	if strings.TrimSpace(signature) != "" || strings.TrimSpace(authorization) == "" {
		return Verify(secret, body, signature)
	}
	if len(secret) == 0 {
		return fmt.Errorf("%w: no webhook secret", ErrSignature)
	}
	scheme, cred, ok := strings.Cut(strings.TrimSpace(authorization), " ")
	if !ok || !strings.EqualFold(scheme, "Basic") {
		return fmt.Errorf("%w: not HTTP Basic credentials", ErrSignature)
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(cred))
	if err != nil {
		return fmt.Errorf("%w: credentials not base64", ErrSignature)
	}
	_, password, ok := strings.Cut(string(raw), ":")
	if !ok || !hmac.Equal([]byte(password), secret) {
		return fmt.Errorf("%w: wrong credentials", ErrSignature)
	}
	return nil
}

// DeliveryID returns the id of a delivery of body: header (its DeliveryHeader) when set, else
// the body's SHA-256.
func DeliveryID(header string, body []byte) string {
	if h := strings.TrimSpace(header); h != "" {
		return h
	}
	sum := sha256.Sum256(body)
	return "sha256-" + hex.EncodeToString(sum[:])
}

// ParseDate reads a date of the API (RFC 3339); a missing or bad one is def.
func ParseDate(s string, def time.Time) time.Time {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC()
	}
	return def
}

// WebhookSecret returns the webhook secret of the store whose Conversica secret c names.
func WebhookSecret(ctx context.Context, c Config) ([]byte, error) {
	var cr Credentials
	if err := c.Secrets.JSON(ctx, c.Secret, &cr); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return nil, fmt.Errorf("%w: the store's conversica secret is missing", ErrSignature)
		}
		return nil, fmt.Errorf("read conversica secret: %w", err)
	}
	if len(cr.WebhookSecret) < 16 {
		return nil, fmt.Errorf("%w: the store's conversica secret has no webhookSecret of 16 or more characters", ErrSignature)
	}
	return []byte(cr.WebhookSecret), nil
}
