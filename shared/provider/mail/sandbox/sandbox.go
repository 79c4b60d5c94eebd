// Package sandbox is a local e-mail provider that behaves like Amazon SES without sending
// anything: it checks the recipient and the message as SES does, refuses with the port's error
// codes, and keeps every message it accepts (the last MaxKept) for tests and the local run to
// read. Its message ids are derived from the message's reference and recipient.
//
// Test addresses (the recipient), as SES's mailbox simulator names them:
//
//	suppressionlist@simulator.amazonses.com  on the suppression list (SUPPRESSED)
//	bounce@simulator.amazonses.com           bounces (SUPPRESSED)
//	unavailable@simulator.amazonses.com      the provider is unavailable (SERVICE_UNAVAILABLE, retryable)
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

	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/email"
)

// The sandbox's test addresses.
const (
	SuppressedAddress  = "suppressionlist@simulator.amazonses.com"
	BounceAddress      = "bounce@simulator.amazonses.com"
	UnavailableAddress = "unavailable@simulator.amazonses.com"
)

// From is the address the sandbox sends from.
const From = "no-reply@sandbox.cxm.local"

// MaxKept bounds the messages the sink keeps; the oldest go first.
const MaxKept = 1000

// Kept is a message the sink accepted.
type Kept struct {
	Account           string   `json:"account"`
	AccountPlatformID int64    `json:"accountPlatformId"`
	MessageID         string   `json:"messageId"`
	From              string   `json:"from"`
	To                string   `json:"to"`
	Subject           string   `json:"subject"`
	Text              string   `json:"text"`
	Reference         string   `json:"reference"`
	ReplyTo           string   `json:"replyTo,omitempty"`
	Attachments       []string `json:"attachments,omitempty"`
	// MIME is the raw message as SES would send it (see mail.MIME); set when it has attachments.
	MIME []byte    `json:"-"`
	At   time.Time `json:"at"`
}

// Sink is the sandbox provider.
type Sink struct {
	now  func() time.Time
	mu   sync.Mutex
	kept []Kept
}

var _ mail.Sender = (*Sink)(nil)

// New returns a sink stamping messages with now (time.Now when nil).
func New(now func() time.Time) *Sink {
	if now == nil {
		now = time.Now
	}
	return &Sink{now: now}
}

// Send checks m as SES does and keeps it.
func (s *Sink) Send(ctx context.Context, m mail.Message) (mail.Sent, error) {
	if err := ctx.Err(); err != nil {
		return mail.Sent{}, &mail.Error{Code: mail.CodeUnavailable, Message: "The request was cancelled.", Retryable: true, Err: err}
	}
	if err := Check(m); err != nil {
		return mail.Sent{}, err
	}
	to, _ := email.Normalize(m.To)
	switch to {
	case SuppressedAddress, BounceAddress:
		return mail.Sent{}, &mail.Error{Code: mail.CodeSuppressed, Field: "to", Message: "The address is on the account's suppression list: it bounced or complained before."}
	case UnavailableAddress:
		return mail.Sent{}, &mail.Error{Code: mail.CodeUnavailable, Message: "The e-mail service is unavailable; try again later.", Retryable: true}
	}
	sum := sha256.Sum256([]byte(m.Reference + "\x00" + to))
	sent := mail.Sent{MessageID: "sandbox-" + hex.EncodeToString(sum[:12]), From: From, At: s.now().UTC()}
	var names []string
	var raw []byte
	for _, a := range m.Attachments {
		names = append(names, a.Name)
	}
	if len(m.Attachments) > 0 {
		b, err := mail.MIME(m, From, sent.At)
		if err != nil {
			return mail.Sent{}, &mail.Error{Code: mail.CodeInvalidMessage, Field: "attachments", Message: "The message could not be built.", Invalid: true, Err: err}
		}
		raw = b
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kept = append(s.kept, Kept{Account: m.Tenant.Account(), AccountPlatformID: m.AccountPlatformID, MessageID: sent.MessageID, From: sent.From,
		To: to, Subject: m.Subject, Text: m.Text, Reference: m.Reference, ReplyTo: m.ReplyTo, Attachments: names, MIME: raw, At: sent.At})
	if len(s.kept) > MaxKept {
		s.kept = slices.Delete(s.kept, 0, len(s.kept)-MaxKept)
	}
	return sent, nil
}

// Check returns the port's Invalid error of the first thing wrong with m, as SES refuses it: a
// recipient that is not an address, an empty or too long subject or body.
func Check(m mail.Message) error {
	bad := func(code, field, msg string) error {
		return &mail.Error{Code: code, Field: field, Message: msg, Invalid: true}
	}
	if _, ok := email.Normalize(m.To); !ok {
		return bad(mail.CodeInvalidAddress, "to", "The recipient is not an e-mail address.")
	}
	if strings.TrimSpace(m.Subject) == "" || len(m.Subject) > mail.MaxSubject || strings.ContainsAny(m.Subject, "\r\n") {
		return bad(mail.CodeInvalidMessage, "subject", "The subject must be one line of 1 to 998 characters.")
	}
	if strings.TrimSpace(m.Text) == "" || len(m.Text) > mail.MaxBody {
		return bad(mail.CodeInvalidMessage, "text", "The message must have a body of at most 100,000 characters.")
	}
	if m.ReplyTo != "" {
		if _, ok := email.Normalize(m.ReplyTo); !ok {
			return bad(mail.CodeInvalidAddress, "replyTo", "The reply-to address is not an e-mail address.")
		}
	}
	total := 0
	for _, a := range m.Attachments {
		if a.Name == "" || len(a.Data) == 0 || a.ContentType == "" {
			return bad(mail.CodeInvalidMessage, "attachments", "An attachment needs a name, a content type and content.")
		}
		total += len(a.Data)
	}
	if len(m.Attachments) > mail.MaxAttachments || total > mail.MaxAttachmentBytes {
		return bad(mail.CodeInvalidMessage, "attachments", fmt.Sprintf("At most %d attachments of %d MB together.", mail.MaxAttachments, mail.MaxAttachmentBytes>>20))
	}
	return nil
}

// Sent returns the messages the sink kept for the dealer group of t, oldest first.
func (s *Sink) Sent(t store.Tenant) []Kept {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Kept{}
	for _, k := range s.kept {
		if k.Account == t.Account() {
			out = append(out, k)
		}
	}
	return out
}
