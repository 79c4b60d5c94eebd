// Package assistant is the automated assistant's port: a provider (Conversica in AWS, package
// conversica; a local sandbox, package sandbox) holds a conversation with a customer for a
// store, by text or e-mail, until it is stopped. CXM checks the customer's consent before it
// hands a conversation to the provider and records every message the provider sends.
package assistant

import (
	"context"
	"fmt"
	"time"
)

// Error codes a provider answers with.
const (
	// CodeInvalid: the lead lacks what the provider needs (a first name, an e-mail address or
	// a mobile number for the channel); Field names it.
	CodeInvalid = "INVALID_LEAD"
	// CodeNotAuthorized: the provider refused the store's credentials.
	CodeNotAuthorized = "NOT_AUTHORIZED"
	// CodeUnavailable: the provider cannot take the request now; it may be sent again.
	CodeUnavailable = "SERVICE_UNAVAILABLE"
)

// Error is a provider's refusal.
type Error struct {
	Code    string
	Field   string
	Message string
	// Retryable says the same request may succeed later.
	Retryable bool
	// Err is the cause, for logs.
	Err error
}

// Error returns the code, the message and the cause.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("assistant %s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("assistant %s: %s", e.Code, e.Message)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Channels a conversation is held on.
const (
	ChannelText  = "text"
	ChannelEmail = "email"
)

// Lead is the customer a conversation is held with, as the provider needs it.
type Lead struct {
	// ID is the conversation's id in CXM: the provider's lead id, unique per conversation.
	ID string
	// ClientID is the store's id at the provider (the store's account platform id).
	ClientID string
	// Conversation names the conversation's kind (the provider's conversation id): "Sales",
	// "Service" or "Leads".
	Conversation string
	Channel      string
	FirstName    string
	LastName     string
	Email        string
	// CellPhone is the mobile number in E.164, set only when consent to text was checked.
	CellPhone string
	// SMSOptOut tells the provider not to text the lead.
	SMSOptOut  bool
	LeadSource string
	RepID      string
	RepName    string
	RepEmail   string
	StoreName  string
	// Vehicle is the vehicle the customer asked about, if any ("2024 Toyota RAV4").
	Vehicle string
}

// Message is one message of a conversation.
type Message struct {
	// Action is "sent" (by the assistant) or "received" (from the customer).
	Action  string
	Subject string
	Body    string
	At      time.Time
}

// Started is a conversation the provider took.
type Started struct {
	// Messages are the messages the provider sent at once (the sandbox's greeting); a provider
	// that sends later reports them by its webhook.
	Messages []Message
	// Status is the provider's conversation status ("Sent Message", "Preparing Lead").
	Status string
}

// Assistant is one store's provider.
type Assistant interface {
	// Start hands lead to the provider. A lead the provider refuses is an *Error with
	// CodeInvalid; refused credentials CodeNotAuthorized; an outage a Retryable
	// CodeUnavailable.
	Start(ctx context.Context, lead Lead) (Started, error)
	// Reply gives the provider the customer's message and returns the assistant's answers
	// (none when the provider answers later or the customer asked it to stop).
	Reply(ctx context.Context, lead Lead, text string) ([]Message, error)
	// Stop ends the conversation of lead at the provider; stopping a stopped one is no error.
	Stop(ctx context.Context, lead Lead) error
}
