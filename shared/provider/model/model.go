// Package model is the port of the language model that drafts replies to customers: Amazon
// Bedrock's Converse API in AWS (package bedrock), a local sandbox that writes a deterministic
// reply from the conversation (package sandbox). A draft is only ever shown to a person, who
// edits and sends it; nothing the model writes is sent by itself.
package model

import (
	"context"
	"fmt"
	"time"
)

// Channels a reply is drafted for.
const (
	ChannelEmail = "email"
	ChannelText  = "text"
)

// Turn is one message of the conversation so far.
type Turn struct {
	// Inbound is true for the customer's message, false for the dealership's.
	Inbound bool
	Subject string
	Text    string
	At      time.Time
}

// Prompt is what a reply is drafted from.
type Prompt struct {
	Channel           string
	CustomerFirstName string
	UserName          string
	StoreName         string
	// Instructions are the person's own words on what to say ("offer Saturday morning"); may
	// be empty.
	Instructions string
	// Conversation is the conversation, oldest first.
	Conversation []Turn
}

// Draft is a drafted reply.
type Draft struct {
	// Subject is the e-mail's subject; empty for a text.
	Subject string
	Body    string
}

// Error is a provider's refusal.
type Error struct {
	// Retryable says the same request may succeed later (throttling, an outage).
	Retryable bool
	Message   string
	Err       error
}

// Error returns the message and the cause.
func (e *Error) Error() string { return fmt.Sprintf("model: %s: %v", e.Message, e.Err) }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Drafter drafts replies.
type Drafter interface {
	// Draft drafts the dealership's next message of p. A failure of the provider is an
	// *Error.
	Draft(ctx context.Context, p Prompt) (Draft, error)
}

// MaxTextLength bounds a drafted text message, in characters.
const MaxTextLength = 480
