package calltrack_test

import (
	"testing"

	"github.com/cxm/cxm/shared/provider/calltrack"
)

func TestE164(t *testing.T) {
	t.Parallel()
	tests := []struct {
		digits, cc, want string
		ok               bool
	}{
		{"5035550134", "", "+15035550134", true},
		{"(503) 555-0134", "1", "+15035550134", true},
		{"15035550134", "1", "+15035550134", true},
		{"6045550199", "1", "+16045550199", true},
		{"1632960961", "44", "+441632960961", true},
		{"+33 1 23 45 67 89", "", "+33123456789", true},
		{"0035550134", "", "", false},
		{"503555", "", "", false},
		{"50355501x4", "", "", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		got, ok := calltrack.E164(tt.digits, tt.cc)
		if got != tt.want || ok != tt.ok {
			t.Errorf("E164(%q, %q) = %q, %v, want %q, %v", tt.digits, tt.cc, got, ok, tt.want, tt.ok)
		}
	}
}
