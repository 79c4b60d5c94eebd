package email_test

import (
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/value/email"
)

func TestValid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"maria.gonzalez@example.com", true},
		{"Maria.Gonzalez@Example.COM", true},
		{"a+tag@mail.example.co.uk", true},
		{"o'neil@example.org", true},
		{"first_last-1@sub-domain.example.io", true},
		{"x@y.ca", true},
		{"plainaddress", false},
		{"@example.com", false},
		{"maria@", false},
		{"maria@example", false},
		{"maria@@example.com", false},
		{"maria @example.com", false},
		{"maria@-example.com", false},
		{"maria@example-.com", false},
		{"maria@example.c", false},
		{"maria@example.123", false},
		{"maria@exa_mple.com", false},
		{"", false},
		{strings.Repeat("a", 250) + "@x.com", false},
	}
	for _, tt := range tests {
		if got := email.Valid(tt.in); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"  Maria.Gonzalez@Example.COM ", "maria.gonzalez@example.com", true},
		{"maria@example.com", "maria@example.com", true},
		{" not an email ", "not an email", false},
	}
	for _, tt := range tests {
		got, ok := email.Normalize(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Normalize(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzNormalize checks that normalising never panics and is idempotent.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Maria@Example.com", " a@b.co ", "@", "a@b", "", "İ@x.com", "\xff@x.com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := email.Normalize(s)
		again, ok2 := email.Normalize(n)
		if ok && (again != n || !ok2) {
			t.Errorf("Normalize(Normalize(%q)) = %q, %v; want %q, true", s, again, ok2, n)
		}
		if ok && !email.Valid(n) {
			t.Errorf("Normalize(%q) = %q reported valid, but Valid says no", s, n)
		}
	})
}
