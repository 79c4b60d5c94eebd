// Package calltrack is the call-tracking provider's port: it starts outbound click-to-call
// calls, which ring the staff member's phone first and then connect the customer's phone, so
// the call is recorded and tracked by the provider. Package callrail is a real provider's API,
// the sandbox package a local provider that behaves like it; PerStore picks each store's.
package calltrack

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Error codes a provider answers with.
const (
	// CodeInvalidFrom: the staff member's number is not a dialable E.164 number.
	CodeInvalidFrom = "INVALID_FROM_NUMBER"
	// CodeInvalidTo: the customer's number is not a dialable E.164 number.
	CodeInvalidTo = "INVALID_TO_NUMBER"
	// CodeSameNumber: both legs of the call are the same number.
	CodeSameNumber = "SAME_NUMBER"
	// CodeBlocked: the provider refuses to dial the customer's number (carrier or
	// regulatory block).
	CodeBlocked = "NUMBER_BLOCKED"
	// CodeUnavailable: the provider cannot take calls now; the call may be started again.
	CodeUnavailable = "SERVICE_UNAVAILABLE"
	// CodeInvalidReference: the client reference is too long or has characters other than
	// letters, digits, dots, hyphens and underscores.
	CodeInvalidReference = "INVALID_REFERENCE"
	// CodeNotAuthorized: the provider refused the store's credentials or configuration; the
	// store's settings need fixing, so the same call fails again.
	CodeNotAuthorized = "NOT_AUTHORIZED"
	// CodeRefused: the provider refused the call for another reason, given in the message.
	CodeRefused = "REFUSED"
)

// Error is a provider's refusal.
type Error struct {
	Code string
	// Field names the bad input ("from", "to" or "reference") when Invalid.
	Field   string
	Message string
	// Invalid says the request itself is wrong: the same request always fails.
	Invalid bool
	// Retryable says the same request may succeed later.
	Retryable bool
	// Err is the cause, for logs (an HTTP status, a timeout); nil for the provider's own answer.
	Err error
}

// Error returns the code, the message and the cause.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("call tracking %s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("call tracking %s: %s", e.Code, e.Message)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Request is an outbound click-to-call.
type Request struct {
	// From is the staff member's phone, rung first, in E.164 (+15035550134).
	From string
	// To is the customer's phone, connected when the staff member answers, in E.164.
	To string
	// Tenant is the dealer group of the store; PerStore finds the store's provider with it.
	Tenant store.Tenant
	// AccountPlatformID is the store the call is tracked for.
	AccountPlatformID int64
	// Reference is the client's reference of the call: starting a call again with the same
	// reference, from and to answers the same call instead of dialling twice.
	Reference string
}

// Call is a started call.
type Call struct {
	// CallID is the provider's id of the call.
	CallID string `json:"callId"`
	From   string `json:"from"`
	To     string `json:"to"`
	// Status is the call's state when the provider answered: "queued" (the staff member's
	// phone is about to ring).
	Status    string    `json:"status"`
	StartedAt time.Time `json:"startedAt"`
}

// Tracker starts calls at a call-tracking provider.
type Tracker interface {
	// StartOutbound starts the call of r. A refusal is an *Error: Invalid for bad numbers or a
	// bad reference (CodeInvalidFrom, CodeInvalidTo, CodeSameNumber, CodeInvalidReference),
	// CodeBlocked for a number the provider will not dial, and Retryable CodeUnavailable when
	// the provider is down; a cancelled ctx is its error.
	StartOutbound(ctx context.Context, r Request) (Call, error)
}

// Trackers finds the provider that serves a store.
type Trackers interface {
	// Tracker returns the provider of store storeID of tenant t. A store without a configured
	// call-tracking provider is an apperr Conflict error saying so; a missing store a NotFound
	// error.
	Tracker(ctx context.Context, t store.Tenant, storeID int64) (Tracker, error)
}

// PerStore returns a Tracker that starts each call at the provider trackers finds for the
// request's store (Request.Tenant and AccountPlatformID), with the errors of Trackers.Tracker
// and of that provider.
func PerStore(trackers Trackers) Tracker { return perStore{trackers} }

type perStore struct{ trackers Trackers }

func (p perStore) StartOutbound(ctx context.Context, r Request) (Call, error) {
	t, err := p.trackers.Tracker(ctx, r.Tenant, r.AccountPlatformID)
	if err != nil {
		return Call{}, err
	}
	return t.StartOutbound(ctx, r)
}

// E164 returns a phone number in E.164 form: a plus, a country code and 8 to 15 digits in
// all. digits are the national digits as a contact stores them (spaces, dots, hyphens and
// parentheses are ignored); countryCode is the dialling code without the plus, "" meaning the
// North American plan (1). A number that already starts with + is taken as it is. ok is false
// for anything that cannot be such a number.
func E164(digits, countryCode string) (string, bool) {
	s := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '.', '-', '(', ')':
			return -1
		}
		return r
	}, strings.TrimSpace(digits))
	if strings.HasPrefix(s, "+") {
		s = s[1:]
	} else {
		cc := strings.TrimPrefix(strings.TrimSpace(countryCode), "+")
		if cc == "" {
			cc = "1"
		}
		if cc == "1" && len(s) == 11 && s[0] == '1' {
			s = s[1:]
		}
		s = cc + s
	}
	if len(s) < 8 || len(s) > 15 || s[0] == '0' {
		return "", false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	if s[0] == '1' && !validNANP(s[1:]) {
		return "", false
	}
	return "+" + s, true
}

// validNANP reports whether n is a North American number: ten digits whose area code and
// exchange start with 2 to 9.
func validNANP(n string) bool {
	return len(n) == 10 && n[0] >= '2' && n[3] >= '2'
}
