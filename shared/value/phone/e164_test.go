package phone_test

import (
	"testing"

	"github.com/cxm/cxm/shared/value/phone"
)

func TestE164(t *testing.T) {
	t.Parallel()
	tests := []struct {
		raw, country, want string
	}{
		{"(503) 555-0134", "", "+15035550134"},
		{"503.555.0134", "US", "+15035550134"},
		{"1 604 555 0199", "CA", "+16045550199"},
		{"+1 (503) 555-0134", "", "+15035550134"},
		{"+15035550134", "GB", "+15035550134"},
		{"020 7946 0958", "GB", "+442079460958"},
		{"7700 900123", "gb", "+447700900123"},
		{"01 23 45 67 89", "FR", "+33123456789"},
		{"+44 20 7946 0958", "", "+442079460958"},
		{"503555013", "US", ""},
		{"0035550134", "US", ""},
		{"+1 503 555 013", "", ""},
		{"+0 123 4567 89", "", ""},
		{"503-555-CALL", "", ""},
		{"5035550134", "DE", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		got, err := phone.E164(tt.raw, tt.country)
		if tt.want == "" {
			if err == nil {
				t.Errorf("E164(%q, %q) = %q, want an error", tt.raw, tt.country, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("E164(%q, %q) = %q, %v, want %q", tt.raw, tt.country, got, err, tt.want)
		}
		if again, err := phone.E164(got, tt.country); err != nil || again != got {
			t.Errorf("E164(%q) = %q, %v, want it unchanged", got, again, err)
		}
	}
}
