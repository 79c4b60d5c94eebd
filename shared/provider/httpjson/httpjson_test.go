package httpjson_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cxm/cxm/shared/provider/httpjson"
	"github.com/cxm/cxm/shared/provider/secret"
)

// secrets is a secret reader of one answer.
type secrets struct{ err error }

func (s secrets) JSON(_ context.Context, _ string, out any) error {
	if s.err != nil {
		return s.err
	}
	*(out.(*map[string]string)) = map[string]string{"apiKey": "k"}
	return nil
}

var _ secret.Reader = secrets{}

func TestMessage(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, body, want string }{
		{"the provider's message", `{"message":"The VIN is not valid."}`, "The VIN is not valid."},
		{"an empty message", `{"message":""}`, "refused"},
		{"not JSON", `Bad Request`, "refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (httpjson.Answer{Status: 400, Body: []byte(tt.body)}).Message("refused"); got != tt.want {
				t.Errorf("Message() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestErrorText(t *testing.T) {
	t.Parallel()
	if got, want := httpjson.ErrorText("sms SUPPRESSED", "The number opted out.", nil), "sms SUPPRESSED: The number opted out."; got != want {
		t.Errorf("ErrorText() = %q, want %q", got, want)
	}
	if got, want := httpjson.ErrorText("vehicle history", "Down.", errors.New("status 503")), "vehicle history: Down.: status 503"; got != want {
		t.Errorf("ErrorText() = %q, want %q", got, want)
	}
	if got := httpjson.UnavailableMessage(context.DeadlineExceeded, "busy", "late"); got != "late" {
		t.Errorf("UnavailableMessage(timeout) = %q, want late", got)
	}
	if got := httpjson.UnavailableMessage(errors.New("reset"), "busy", "late"); got != "busy" {
		t.Errorf("UnavailableMessage(reset) = %q, want busy", got)
	}
}

func TestCredentials(t *testing.T) {
	t.Parallel()
	r := httpjson.Refusals{
		NotAuthorized: func(cause error) error { return fmt.Errorf("not authorized: %w", cause) },
		Unavailable:   func(cause error) error { return fmt.Errorf("unavailable: %w", cause) },
	}
	tests := []struct {
		name    string
		err     error
		wantErr string
	}{
		{"read", nil, ""},
		{"missing secret", secret.ErrNotFound, "not authorized: secret not found"},
		{"secret store down", errors.New("throttled"), "unavailable: oasis credentials: throttled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out map[string]string
			err := httpjson.Credentials(context.Background(), secret.Endpoint{Secret: "cxm/providers/1/oasis", Secrets: secrets{tt.err}}, &out, "oasis", r)
			if tt.wantErr == "" {
				if err != nil || out["apiKey"] != "k" {
					t.Fatalf("Credentials() = %v %v, want the secret", err, out)
				}
				return
			}
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("Credentials() = %v, want %q", err, tt.wantErr)
			}
		})
	}
}
