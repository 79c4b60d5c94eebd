package conversica_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/provider/assistant/conversica"
)

func TestVerify(t *testing.T) {
	t.Parallel()
	secret := []byte("store-webhook-secret-0123456789")
	body := []byte(`{"apiVersion":"7.2","id":"AA-1","clientId":"101","action":"sent","date":"2026-01-01T00:00:00Z","subject":"","body":"Hi"}`)
	good := conversica.Sign(secret, body)
	tests := []struct {
		name    string
		secret  []byte
		body    []byte
		header  string
		wantErr bool
	}{
		{"valid", secret, body, good, false},
		{"valid in upper case", secret, body, "sha256=" + strings.ToUpper(strings.TrimPrefix(good, "sha256=")), false},
		{"tampered body", secret, []byte(strings.Replace(string(body), "Hi", "Bye", 1)), good, true},
		{"another store's secret", []byte("another-secret-0123456789abcdef"), body, good, true},
		{"missing", secret, body, "", true},
		{"without the scheme", secret, body, strings.TrimPrefix(good, "sha256="), true},
		{"no secret", nil, body, good, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := conversica.Verify(tt.secret, tt.body, tt.header)
			if got := err != nil; got != tt.wantErr {
				t.Fatalf("Verify() = %v, want error %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, conversica.ErrSignature) {
				t.Errorf("Verify() = %v, want ErrSignature", err)
			}
		})
	}
}

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	secret := []byte("store-webhook-secret-0123456789")
	body := []byte(`{"apiVersion":"7.2","id":"AA-1","clientId":"101","action":"received","date":"2026-01-01T00:00:00Z","subject":"","body":"Yes"}`)
	basic := func(user, password string) string {
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	}
	tests := []struct {
		name                     string
		signature, authorization string
		wantErr                  bool
	}{
		{"signed", conversica.Sign(secret, body), "", false},
		{"signed, with credentials too", conversica.Sign(secret, body), basic("conversica", "wrong"), false},
		{"a bad signature is not saved by good credentials", "sha256=00", basic("conversica", string(secret)), true},
		{"HTTP Basic with the secret", "", basic("conversica", string(secret)), false},
		{"HTTP Basic, scheme in lower case", "", strings.Replace(basic("conversica", string(secret)), "Basic", "basic", 1), false},
		{"HTTP Basic with another password", "", basic("conversica", "another-secret-0123456789"), true},
		{"HTTP Basic without a password", "", "Basic " + base64.StdEncoding.EncodeToString([]byte("conversica")), true},
		{"a bearer token", "", "Bearer " + string(secret), true},
		{"credentials not base64", "", "Basic %%%", true},
		{"nothing", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := conversica.Authenticate(secret, body, tt.signature, tt.authorization)
			if got := err != nil; got != tt.wantErr {
				t.Fatalf("Authenticate() = %v, want error %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, conversica.ErrSignature) {
				t.Errorf("Authenticate() = %v, want ErrSignature", err)
			}
		})
	}
}

func TestDeliveryID(t *testing.T) {
	t.Parallel()
	a, b := []byte(`{"id":"1"}`), []byte(`{"id":"2"}`)
	if got := conversica.DeliveryID("d-7", a); got != "d-7" {
		t.Errorf("DeliveryID with a header = %q, want d-7", got)
	}
	if conversica.DeliveryID("", a) != conversica.DeliveryID(" ", a) || conversica.DeliveryID("", a) == conversica.DeliveryID("", b) {
		t.Error("DeliveryID without a header is not the body's own id")
	}
}
