// Package sandbox is a local call-tracking provider that behaves like the real one: it checks
// both numbers as the provider does (E.164, a North American number needs a valid area code
// and exchange), refuses with the provider's error codes, takes a configurable time to answer,
// and answers the same call for a repeated reference. It keeps no state: a call's id is derived
// from its reference and numbers, so a retried start answers the same call, as the provider's
// idempotent start does.
//
// Test numbers (the customer's number):
//
//	+15005550001  the provider will not dial it (NUMBER_BLOCKED)
//	+15005550003  the provider is unavailable (SERVICE_UNAVAILABLE, retryable)
package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"time"

	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/latency"
)

// LatencyEnv names the environment variable with the sandbox's answer time (a Go duration such
// as "250ms"); unset means no delay.
const LatencyEnv = "CALLTRACK_SANDBOX_LATENCY"

// The sandbox's test numbers.
const (
	BlockedNumber     = "+15005550001"
	UnavailableNumber = "+15005550003"
)

// Config configures the sandbox.
type Config struct {
	// Latency is how long every answer takes; 0 answers at once.
	Latency time.Duration
	// Now stamps the calls; nil means time.Now.
	Now func() time.Time
}

// ConfigFromEnv reads LatencyEnv. A value that is not a duration is an error.
func ConfigFromEnv() (Config, error) {
	d, err := latency.FromEnv(LatencyEnv)
	if err != nil {
		return Config{}, err
	}
	return Config{Latency: d}, nil
}

// Provider is the sandbox provider.
type Provider struct {
	cfg Config
}

var _ calltrack.Tracker = (*Provider)(nil)

// New returns a sandbox provider.
func New(c Config) *Provider {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Provider{cfg: c}
}

var (
	e164      = regexp.MustCompile(`^\+[1-9]\d{7,14}$`)
	reference = regexp.MustCompile(`^[A-Za-z0-9._-]{0,128}$`)
)

// StartOutbound validates r and starts the call.
func (p *Provider) StartOutbound(ctx context.Context, r calltrack.Request) (calltrack.Call, error) {
	if err := latency.Wait(ctx, p.cfg.Latency); err != nil {
		return calltrack.Call{}, err
	}
	invalid := func(code, field, msg string) error {
		return &calltrack.Error{Code: code, Field: field, Message: msg, Invalid: true}
	}
	if !valid(r.From) {
		return calltrack.Call{}, invalid(calltrack.CodeInvalidFrom, "from", "The caller's number is not a valid E.164 phone number.")
	}
	if !valid(r.To) {
		return calltrack.Call{}, invalid(calltrack.CodeInvalidTo, "to", "The called number is not a valid E.164 phone number.")
	}
	if r.From == r.To {
		return calltrack.Call{}, invalid(calltrack.CodeSameNumber, "to", "The caller and the called number are the same.")
	}
	if !reference.MatchString(r.Reference) {
		return calltrack.Call{}, invalid(calltrack.CodeInvalidReference, "reference", "The reference has more than 128 characters or characters other than letters, digits, dots, hyphens and underscores.")
	}
	switch r.To {
	case BlockedNumber:
		return calltrack.Call{}, &calltrack.Error{Code: calltrack.CodeBlocked, Message: "The number cannot be dialled: it is blocked by the carrier."}
	case UnavailableNumber:
		return calltrack.Call{}, &calltrack.Error{Code: calltrack.CodeUnavailable, Message: "The call-tracking service is temporarily unavailable.", Retryable: true}
	}
	return calltrack.Call{CallID: callID(r, p.cfg.Now()), From: r.From, To: r.To, Status: "queued", StartedAt: p.cfg.Now().UTC()}, nil
}

// valid reports whether n is E.164 and, in the North American plan, has a valid area code and
// exchange.
func valid(n string) bool {
	if !e164.MatchString(n) {
		return false
	}
	if n[1] == '1' {
		return len(n) == 12 && n[2] >= '2' && n[5] >= '2'
	}
	return true
}

// callID derives the call's id: from the reference and numbers when there is a reference (a
// retried start is the same call), else also from the time.
func callID(r calltrack.Request, now time.Time) string {
	seed := fmt.Sprintf("%d|%s|%s|%s", r.AccountPlatformID, r.From, r.To, r.Reference)
	if r.Reference == "" {
		seed += "|" + now.UTC().Format(time.RFC3339Nano)
	}
	sum := sha256.Sum256([]byte(seed))
	return "CA" + hex.EncodeToString(sum[:16])
}
