// Package sms is the text-message provider's port: it sends one text to one mobile number on
// behalf of a store, and reads the texts customers send back. Package endusermessaging is AWS
// End User Messaging SMS (pinpoint-sms-voice-v2 SendTextMessage; replies arrive on the SNS
// topic two-way SMS publishes to), the sandbox package a local provider that checks numbers
// and messages as AWS does and lets a test or a person reply as the customer; Senders picks
// each store's.
//
// The port never decides whether a text may be sent: the consent ledger does, before every
// send (shared/domain/texting). A send is not idempotent at the provider: a caller that must
// send once checks its own record of the send (keyed by Message.Reference) first.
package sms

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/store"

	"github.com/cxm/cxm/shared/provider/httpjson"
)

// Error codes a provider answers with.
const (
	// CodeInvalidNumber: the destination is not an E.164 mobile number the provider texts.
	CodeInvalidNumber = "INVALID_NUMBER"
	// CodeInvalidMessage: the body is empty or too long.
	CodeInvalidMessage = "INVALID_MESSAGE"
	// CodeOptedOut: the provider's own opt-out list has the number (it texted STOP to the
	// provider's number).
	CodeOptedOut = "OPTED_OUT"
	// CodeUnavailable: the provider cannot send now (an outage, throttling, a timeout); the
	// message may be sent again.
	CodeUnavailable = "SERVICE_UNAVAILABLE"
	// CodeNotAuthorized: the provider refused the store's origination number or credentials.
	CodeNotAuthorized = "NOT_AUTHORIZED"
	// CodeRefused: the provider refused the message for another reason, given in the message.
	CodeRefused = "REFUSED"
)

// MaxBody is the longest text: ten segments of 160 GSM characters, what carriers join back.
const MaxBody = 1600

// Error is a provider's refusal.
type Error struct {
	Code string
	// Field names the bad input ("to" or "text") when Invalid.
	Field   string
	Message string
	// Invalid says the message itself is wrong: the same message always fails.
	Invalid bool
	// Retryable says the same message may be sent later.
	Retryable bool
	// Err is the cause, for logs; nil for the provider's own answer.
	Err error
}

// Error returns the code, the message and the cause.
func (e *Error) Error() string {
	return httpjson.ErrorText("sms "+e.Code, e.Message, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Message is one text to one number.
type Message struct {
	// Tenant and AccountPlatformID are the store the text is sent for.
	Tenant            store.Tenant
	AccountPlatformID int64
	// To is the customer's mobile number in E.164 form.
	To   string
	Text string
	// Reference is the caller's reference of the text: it names it in the provider's logs.
	Reference string
}

// Sent is a text the provider accepted.
type Sent struct {
	MessageID string
	// From is the store's number (or sender id) it was sent from.
	From string
	At   time.Time
}

// Inbound is a text a customer sent to a store's number.
type Inbound struct {
	// MessageID is the provider's id of the text: a text delivered twice has one id.
	MessageID string
	// From is the customer's number, To the store's, both E.164.
	From string
	To   string
	Text string
	At   time.Time
}

// Sender sends texts.
type Sender interface {
	// Send sends m; a refusal is an *Error.
	Send(ctx context.Context, m Message) (Sent, error)
}

// Senders finds the sender of a store.
type Senders interface {
	// Texter returns the sender of store storeID of tenant t; a store without one is an apperr
	// Conflict error saying so.
	Texter(ctx context.Context, t store.Tenant, storeID int64) (Sender, error)
}

// Check returns the port's Invalid error of the first thing wrong with m, as AWS refuses it: a
// destination that is not E.164, an empty or too long body.
func Check(m Message) error {
	bad := func(code, field, msg string) error {
		return &Error{Code: code, Field: field, Message: msg, Invalid: true}
	}
	if !e164(m.To) {
		return bad(CodeInvalidNumber, "to", "The destination is not a phone number in E.164 form (+15035550134).")
	}
	n := utf8.RuneCountInString(m.Text)
	if n == 0 || n > MaxBody || !utf8.ValidString(m.Text) {
		return bad(CodeInvalidMessage, "text", fmt.Sprintf("The text must have 1 to %d characters.", MaxBody))
	}
	return nil
}

// e164 reports whether s is + and 8 to 15 digits, the first not 0.
func e164(s string) bool {
	if len(s) < 9 || len(s) > 16 || s[0] != '+' || s[1] == '0' {
		return false
	}
	for _, r := range s[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
