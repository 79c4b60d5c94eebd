// Package mail is the e-mail provider's port: it sends one message to one customer on behalf of
// a store. Package ses is Amazon SES (API v2), the sandbox package a local sink that checks
// addresses as SES does and keeps what it was given; Senders picks each store's.
//
// A send is not idempotent at the provider: a caller that must send once checks its own record
// of the send (keyed by Message.Reference) before sending, and records the send right after.
package mail

import (
	"context"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"

	"github.com/cxm/cxm/shared/provider/httpjson"
)

// Error codes a provider answers with.
const (
	// CodeInvalidAddress: the recipient (Field "to") or the sender ("from") is not an address.
	CodeInvalidAddress = "INVALID_ADDRESS"
	// CodeInvalidMessage: the subject or the body is empty or too long.
	CodeInvalidMessage = "INVALID_MESSAGE"
	// CodeSuppressed: the provider will not send to the address (it bounced or complained before).
	CodeSuppressed = "SUPPRESSED"
	// CodeUnavailable: the provider cannot send now (an outage, throttling, a timeout); the
	// message may be sent again.
	CodeUnavailable = "SERVICE_UNAVAILABLE"
	// CodeNotAuthorized: the provider refused the store's sender identity or the credentials.
	CodeNotAuthorized = "NOT_AUTHORIZED"
	// CodeRefused: the provider refused the message for another reason, given in the message.
	CodeRefused = "REFUSED"
)

// Limits of a message.
const (
	MaxSubject = 998
	MaxBody    = 100_000
	// MaxAttachments and MaxAttachmentBytes bound a message's files (SES takes 40 MB a
	// message, base64 included).
	MaxAttachments     = 10
	MaxAttachmentBytes = 25 << 20
)

// Error is a provider's refusal.
type Error struct {
	Code string
	// Field names the bad input ("to", "from", "subject" or "text") when Invalid.
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
	return httpjson.ErrorText("mail "+e.Code, e.Message, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Message is one e-mail to one recipient.
type Message struct {
	// Tenant and AccountPlatformID are the store the message is sent for.
	Tenant            store.Tenant
	AccountPlatformID int64
	// To is the recipient's address.
	To string
	// FromName is the sender's display name (the store's name); the address is the store's
	// sender identity.
	FromName string
	Subject  string
	// Text is the plain-text body.
	Text string
	// Reference is the caller's reference of the message (a workflow task's id): it names the
	// message in the provider's logs and tags.
	Reference string
	// ReplyTo is the address the customer's reply goes to; empty for the sender's.
	ReplyTo string
	// Attachments are sent with the message; at most MaxAttachments of at most
	// MaxAttachmentBytes together.
	Attachments []Attachment
}

// Attachment is a file sent with a message.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// Sent is a message the provider accepted.
type Sent struct {
	// MessageID is the provider's id of the message.
	MessageID string
	// From is the address it was sent from.
	From string
	At   time.Time
}

// Sender sends messages.
type Sender interface {
	Send(ctx context.Context, m Message) (Sent, error)
}

// Senders finds the sender of a store.
type Senders interface {
	// Mailer returns the sender of store storeID of tenant t; a store without one is an apperr
	// Conflict error saying so.
	Mailer(ctx context.Context, t store.Tenant, storeID int64) (Sender, error)
}
