package sandbox_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/provider/mail/sandbox"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestSend(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	sink := sandbox.New(func() time.Time { return at })
	tenant, _ := store.NewTenant("1000")
	other, _ := store.NewTenant("3000")
	msg := func(to, subject, text string) mail.Message {
		return mail.Message{Tenant: tenant, AccountPlatformID: 2001, To: to, FromName: "Northwind Toyota", Subject: subject, Text: text, Reference: "task-1"}
	}
	tests := []struct {
		name      string
		m         mail.Message
		code      string
		field     string
		retryable bool
	}{
		{"sent", msg(" Maria.Gonzalez@Example.com ", "Welcome", "Hello Maria"), "", "", false},
		{"not an address", msg("maria@", "Welcome", "Hello"), mail.CodeInvalidAddress, "to", false},
		{"empty subject", msg("maria@example.com", " ", "Hello"), mail.CodeInvalidMessage, "subject", false},
		{"two-line subject", msg("maria@example.com", "Welcome\r\nBcc: x@example.com", "Hello"), mail.CodeInvalidMessage, "subject", false},
		{"empty body", msg("maria@example.com", "Welcome", ""), mail.CodeInvalidMessage, "text", false},
		{"body too long", msg("maria@example.com", "Welcome", strings.Repeat("x", mail.MaxBody+1)), mail.CodeInvalidMessage, "text", false},
		{"suppressed", msg(sandbox.SuppressedAddress, "Welcome", "Hello"), mail.CodeSuppressed, "to", false},
		{"bounces", msg(sandbox.BounceAddress, "Welcome", "Hello"), mail.CodeSuppressed, "to", false},
		{"unavailable", msg(sandbox.UnavailableAddress, "Welcome", "Hello"), mail.CodeUnavailable, "", true},
	}
	for _, tt := range tests {
		sent, err := sink.Send(context.Background(), tt.m)
		if tt.code == "" {
			if err != nil || sent.MessageID == "" || sent.From != sandbox.From || !sent.At.Equal(at) {
				t.Errorf("%s: %+v, %v", tt.name, sent, err)
			}
			continue
		}
		var me *mail.Error
		if !errors.As(err, &me) || me.Code != tt.code || me.Field != tt.field || me.Retryable != tt.retryable || me.Invalid != (tt.field != "" && tt.code != mail.CodeSuppressed) {
			t.Errorf("%s: error %#v, want %s on %q", tt.name, err, tt.code, tt.field)
		}
	}
	kept := sink.Sent(tenant)
	if len(kept) != 1 || kept[0].To != "maria.gonzalez@example.com" || kept[0].Subject != "Welcome" || kept[0].Reference != "task-1" || kept[0].AccountPlatformID != 2001 {
		t.Errorf("kept = %+v, want the one message sent", kept)
	}
	if got := sink.Sent(other); len(got) != 0 {
		t.Errorf("another dealer group sees %d messages", len(got))
	}
}

func TestKeepsTheLatest(t *testing.T) {
	t.Parallel()
	sink := sandbox.New(nil)
	tenant, _ := store.NewTenant("1000")
	for i := 0; i < sandbox.MaxKept+5; i++ {
		if _, err := sink.Send(context.Background(), mail.Message{Tenant: tenant, To: "a@example.com", Subject: "s", Text: "t"}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(sink.Sent(tenant)); n != sandbox.MaxKept {
		t.Errorf("kept %d, want %d", n, sandbox.MaxKept)
	}
}
