package vin_test

import (
	"testing"

	"github.com/cxm/cxm/shared/value/vin"
)

func TestClean(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"17 accepted", "1HGCM82633A004352", "1HGCM82633A004352"},
		{"17 upper-cased", "1hgcm82633a004352", "1HGCM82633A004352"},
		{"spaces removed", " 1HGCM 82633 A004352 ", "1HGCM82633A004352"},
		{"check digit X", "1M8GDM9AXKP042788", "1M8GDM9AXKP042788"},
		{"18 drops a leading I", "I1HGCM82633A004352", "1HGCM82633A004352"},
		{"18 drops a leading lower-case i", "i1HGCM82633A004352", "1HGCM82633A004352"},
		{"18 drops a trailing non-digit", "1HGCM82633A004352Z", "1HGCM82633A004352"},
		{"18 trailing space-free punctuation", "1HGCM82633A004352.", "1HGCM82633A004352"},
		{"18 with a leading I and a trailing letter drops the I", "I1HGCM82633A00435Z", "1HGCM82633A00435Z"},
		{"18 ending in a digit without a leading I is rejected", "11HGCM82633A004352", ""},
		{"19 takes 17 from the second", "*1HGCM82633A004352*", "1HGCM82633A004352"},
		{"19 takes 17 from the second, any characters around", "01HGCM82633A0043529", "1HGCM82633A004352"},
		{"20 takes 17 from the third", "VN1HGCM82633A004352Z", "1HGCM82633A004352"},
		{"20 with spaces removed first", "VN 1HGCM82633A004352 Z", "1HGCM82633A004352"},
		{"16 rejected", "1HGCM82633A00435", ""},
		{"21 rejected", "ABCD1HGCM82633A004352", ""},
		{"contains I", "1HGCM82633AI04352", ""},
		{"contains O", "1HGCM82633AO04352", ""},
		{"contains Q", "1HGCM82633AQ04352", ""},
		{"lower-case o rejected after upper-casing", "1hgcm82633ao04352", ""},
		{"ninth character a letter", "1HGCM826A3A004352", ""},
		{"ninth character X accepted", "1HGCM826X3A004352", "1HGCM826X3A004352"},
		{"ninth character lower-case x accepted", "1hgcm826x3a004352", "1HGCM826X3A004352"},
		{"19 whose 17 contain O", "*1HGCM82633AO04352*", ""},
		{"20 whose ninth is a letter", "VN1HGCM826A3A004352Z", ""},
		{"punctuation inside rejected", "1HGCM-2633A004352", ""},
		{"empty", "", ""},
		{"a long name", "Bartholomew Smithers", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := vin.Clean(tt.in); got != tt.want {
				t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzClean checks that the clean-up never panics, returns a valid VIN or nothing, and is
// idempotent.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"1HGCM82633A004352", "I1HGCM82633A004352", "1HGCM82633A004352Z", "*1HGCM82633A004352*", "VN1HGCM82633A004352Z", "", "ıııııııııııııııııı", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := vin.Clean(s)
		if v == "" {
			return
		}
		if !vin.Valid(v) {
			t.Errorf("Clean(%q) = %q, which is not a valid VIN", s, v)
		}
		if again := vin.Clean(v); again != v {
			t.Errorf("Clean(Clean(%q)) = %q, want %q", s, again, v)
		}
	})
}

func TestFragment(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"612345", "612345", true},
		{"mh612345", "MH612345", true},
		{"A 612345", "A612345", true},
		{"12345", "", false},
		{"KMH612345", "", false},
		{"BAKERS", "BAKERS", false},
		{"O12345", "", false},
		{"61-2345", "", false},
	}
	for _, tt := range tests {
		got, ok := vin.Fragment(tt.in)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("Fragment(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if got, want := vin.Tail("5NPE34AF4HH612345"), "612345"; got != want {
		t.Errorf("Tail = %q, want %q", got, want)
	}
}
