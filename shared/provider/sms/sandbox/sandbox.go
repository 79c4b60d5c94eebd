// Package sandbox is a local text-message provider that behaves like AWS End User Messaging
// SMS without texting anyone: it checks the number and the body as SendTextMessage does,
// refuses with the port's error codes, answers after the real service's latency, gives each
// store a number of its own, and keeps every text it accepts (the last MaxKept) for tests and
// the local run to read. Reply makes a text as the customer would send it to the store's
// number, for the texting service to receive like one from the SNS topic.
//
// Test numbers (the destination):
//
//	+15005550001  not a mobile the provider texts (INVALID_NUMBER)
//	+15005550004  on the provider's opt-out list (OPTED_OUT)
//	+15005550009  the provider is unavailable (SERVICE_UNAVAILABLE, retryable)
package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/runtime/store"
)

// LatencyEnv names the environment variable with the sandbox's answer time ("120ms").
const LatencyEnv = "SMS_SANDBOX_LATENCY"

// The sandbox's test numbers.
const (
	NotMobileNumber   = "+15005550001"
	OptedOutNumber    = "+15005550004"
	UnavailableNumber = "+15005550009"
)

// MaxKept bounds the texts the sandbox keeps; the oldest go first.
const MaxKept = 5000

// Kept is a text the sandbox accepted or was sent as the customer.
type Kept struct {
	Account           string    `json:"account"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	MessageID         string    `json:"messageId"`
	From              string    `json:"from"`
	To                string    `json:"to"`
	Text              string    `json:"text"`
	Reference         string    `json:"reference,omitempty"`
	Inbound           bool      `json:"inbound"`
	At                time.Time `json:"at"`
}

// Provider is the sandbox provider.
type Provider struct {
	delay time.Duration
	now   func() time.Time
	mu    sync.Mutex
	kept  []Kept
	seq   int64
}

var _ sms.Sender = (*Provider)(nil)

// New returns a sandbox answering after delay and stamping texts with now (time.Now when nil).
func New(delay time.Duration, now func() time.Time) *Provider {
	if now == nil {
		now = time.Now
	}
	return &Provider{delay: delay, now: now}
}

// Number returns the store's number in the sandbox: +1555 01 and the store id's last five
// digits, so each store's texts come from a number of its own.
func Number(storeID int64) string {
	return fmt.Sprintf("+155501%05d", storeID%100000)
}

// Send checks m as AWS does and keeps it.
func (p *Provider) Send(ctx context.Context, m sms.Message) (sms.Sent, error) {
	if err := latency.Wait(ctx, p.delay); err != nil {
		return sms.Sent{}, &sms.Error{Code: sms.CodeUnavailable, Message: "The request was cancelled.", Retryable: true, Err: err}
	}
	if err := sms.Check(m); err != nil {
		return sms.Sent{}, err
	}
	switch m.To {
	case NotMobileNumber:
		return sms.Sent{}, &sms.Error{Code: sms.CodeInvalidNumber, Field: "to", Message: "The destination is a landline: it cannot receive texts.", Invalid: true}
	case OptedOutNumber:
		return sms.Sent{}, &sms.Error{Code: sms.CodeOptedOut, Field: "to", Message: "The destination phone number is opted out at the provider."}
	case UnavailableNumber:
		return sms.Sent{}, &sms.Error{Code: sms.CodeUnavailable, Message: "The text service is unavailable; try again later.", Retryable: true}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seq++
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d", m.Reference, m.To, p.seq))
	sent := sms.Sent{MessageID: "sandbox-" + hex.EncodeToString(sum[:12]), From: Number(m.AccountPlatformID), At: p.now().UTC()}
	p.keep(Kept{Account: m.Tenant.Account(), AccountPlatformID: m.AccountPlatformID, MessageID: sent.MessageID, From: sent.From,
		To: m.To, Text: m.Text, Reference: m.Reference, At: sent.At})
	return sent, nil
}

// Reply returns the text the customer at number from sends to store storeID's number, as the
// SNS topic would deliver it, and keeps it. An empty or too long text or a number that is not
// E.164 is an Invalid *sms.Error.
func (p *Provider) Reply(t store.Tenant, storeID int64, from, text string) (sms.Inbound, error) {
	if err := sms.Check(sms.Message{To: from, Text: strings.TrimSpace(text)}); err != nil {
		e := err.(*sms.Error)
		if e.Field == "to" {
			e.Field = "from"
		}
		return sms.Inbound{}, e
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seq++
	sum := sha256.Sum256(fmt.Appendf(nil, "in\x00%s\x00%d", from, p.seq))
	in := sms.Inbound{MessageID: "sandbox-in-" + hex.EncodeToString(sum[:12]), From: from, To: Number(storeID), Text: text, At: p.now().UTC()}
	p.keep(Kept{Account: t.Account(), AccountPlatformID: storeID, MessageID: in.MessageID, From: in.From, To: in.To, Text: text, Inbound: true, At: in.At})
	return in, nil
}

func (p *Provider) keep(k Kept) {
	p.kept = append(p.kept, k)
	if len(p.kept) > MaxKept {
		p.kept = slices.Delete(p.kept, 0, len(p.kept)-MaxKept)
	}
}

// Sent returns the texts the sandbox kept for the dealer group of t, both ways, oldest first.
func (p *Provider) Sent(t store.Tenant) []Kept {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := []Kept{}
	for _, k := range p.kept {
		if k.Account == t.Account() {
			out = append(out, k)
		}
	}
	return out
}

// SentTo returns the texts sent to number for the dealer group of t, oldest first.
func (p *Provider) SentTo(t store.Tenant, number string) []Kept {
	out := []Kept{}
	for _, k := range p.Sent(t) {
		if !k.Inbound && k.To == number {
			out = append(out, k)
		}
	}
	return out
}
