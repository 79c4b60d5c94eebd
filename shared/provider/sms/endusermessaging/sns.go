package endusermessaging

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/runtime/snsverify"
)

// Notification is an SNS message as the topic delivers it over HTTPS.
type Notification = snsverify.Message

// Kinds of notification.
const (
	TypeNotification          = snsverify.TypeNotification
	TypeSubscriptionConfirmed = snsverify.TypeSubscriptionConfirmed
	TypeUnsubscribeConfirmed  = snsverify.TypeUnsubscribeConfirmed
)

// inboundText is the message two-way SMS publishes for a text sent to a store's number.
type inboundText struct {
	OriginationNumber string `json:"originationNumber"`
	DestinationNumber string `json:"destinationNumber"`
	MessageKeyword    string `json:"messageKeyword"`
	MessageBody       string `json:"messageBody"`
	InboundMessageID  string `json:"inboundMessageId"`
}

// Verifier checks SNS signatures with the certificates it fetches (and keeps).
type Verifier struct {
	*snsverify.Verifier
}

// NewVerifier returns a verifier fetching certificates with client (a 5-second client when nil).
func NewVerifier(client *http.Client) *Verifier {
	return &Verifier{Verifier: snsverify.NewVerifier(client)}
}

// ParseNotification reads an SNS delivery and checks its signature: a message that is not
// SNS's, or whose signature does not hold, is an error.
func (v *Verifier) ParseNotification(ctx context.Context, body []byte) (Notification, error) {
	var n Notification
	if err := json.Unmarshal(body, &n); err != nil {
		return Notification{}, fmt.Errorf("decode sns message: %w", err)
	}
	if err := v.Verify(ctx, n); err != nil {
		return Notification{}, err
	}
	return n, nil
}

// Inbound returns the text of notification n.
func Inbound(n Notification) (sms.Inbound, error) {
	var m inboundText
	if err := json.Unmarshal([]byte(n.Message), &m); err != nil {
		return sms.Inbound{}, fmt.Errorf("decode inbound text: %w", err)
	}
	if m.OriginationNumber == "" || m.DestinationNumber == "" {
		return sms.Inbound{}, fmt.Errorf("inbound text without numbers")
	}
	at, _ := time.Parse(time.RFC3339, n.Timestamp)
	id := m.InboundMessageID
	if id == "" {
		id = n.MessageID
	}
	return sms.Inbound{MessageID: id, From: m.OriginationNumber, To: m.DestinationNumber, Text: m.MessageBody, At: at.UTC()}, nil
}
