package sandbox_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/assistant"
	"github.com/cxm/cxm/shared/provider/assistant/sandbox"
)

func TestStart(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 2, 17, 0, 0, 0, time.UTC)
	p := sandbox.New(func() time.Time { return now })
	lead := assistant.Lead{ID: "AA-1", FirstName: "Maria", StoreName: "Northwind Toyota", RepName: "Sam Ortega", Vehicle: "2026 Toyota RAV4"}
	with := func(f func(*assistant.Lead)) assistant.Lead { l := lead; f(&l); return l }
	tests := []struct {
		name      string
		lead      assistant.Lead
		wantField string
		wantBody  string
	}{
		{"by text", with(func(l *assistant.Lead) { l.Channel, l.CellPhone = assistant.ChannelText, "+15035550134" }), "", "Reply STOP to opt out."},
		{"by e-mail", with(func(l *assistant.Lead) { l.Channel, l.Email = assistant.ChannelEmail, "maria@example.com" }), "", "the 2026 Toyota RAV4"},
		{"text opted out", with(func(l *assistant.Lead) {
			l.Channel, l.CellPhone, l.SMSOptOut = assistant.ChannelText, "+15035550134", true
		}), "cellPhone", ""},
		{"no e-mail", with(func(l *assistant.Lead) { l.Channel = assistant.ChannelEmail }), "email", ""},
		{"no first name", with(func(l *assistant.Lead) {
			l.Channel, l.Email, l.FirstName = assistant.ChannelEmail, "m@example.com", " "
		}), "firstName", ""},
	}
	for _, tt := range tests {
		got, err := p.Start(context.Background(), tt.lead)
		var pe *assistant.Error
		if tt.wantField != "" {
			if !errors.As(err, &pe) || pe.Field != tt.wantField || pe.Code != assistant.CodeInvalid {
				t.Errorf("%s: error %v, want an invalid %s", tt.name, err, tt.wantField)
			}
			continue
		}
		if err != nil || len(got.Messages) != 1 || !strings.Contains(got.Messages[0].Body, tt.wantBody) || !got.Messages[0].At.Equal(now) {
			t.Errorf("%s: %+v, %v", tt.name, got, err)
		}
	}
}
