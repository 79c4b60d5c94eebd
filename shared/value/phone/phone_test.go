package phone_test

import (
	"errors"
	"testing"

	"github.com/cxm/cxm/shared/value/phone"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		raw     string
		country string
		want    string
		err     error
	}{
		{"digits, no country", "5035550134", "", "5035550134", nil},
		{"parentheses, space, hyphen", "(503) 555-0134", "", "5035550134", nil},
		{"dots", "503.555.0134", "US", "5035550134", nil},
		{"commas", "503,555,0134", "US", "5035550134", nil},
		{"spaces everywhere", " 503 555 01 34 ", "US", "5035550134", nil},
		{"US lower case", "503-555-0134", "us", "5035550134", nil},
		{"US nine digits", "503555013", "US", "", phone.ErrInvalidNumber},
		{"US eleven digits", "15035550134", "US", "", phone.ErrInvalidNumber},
		{"no country eleven digits", "15035550134", "", "", phone.ErrInvalidNumber},
		{"plus is not stripped", "+1 503 555 0134", "US", "", phone.ErrInvalidNumber},
		{"letters", "503-555-CALL", "US", "", phone.ErrInvalidNumber},
		{"slash is not stripped", "503/555/0134", "US", "", phone.ErrInvalidNumber},
		{"other country four digits", "1234", "GB", "1234", nil},
		{"other country fourteen digits", "12345678901234", "FR", "12345678901234", nil},
		{"other country three digits", "123", "GB", "", phone.ErrInvalidNumber},
		{"other country fifteen digits", "123456789012345", "GB", "", phone.ErrInvalidNumber},
		{"Canada is another country", "604 555", "CA", "604555", nil},
		{"Canada ten digits", "(604) 555-0199", "CA", "6045550199", nil},
		{"empty", "", "", "", phone.ErrInvalidNumber},
		{"only separators", "()-. ,", "", "", phone.ErrInvalidNumber},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := phone.Normalize(tt.raw, tt.country)
			if got != tt.want || !errors.Is(err, tt.err) {
				t.Errorf("Normalize(%q, %q) = %q, %v; want %q, %v", tt.raw, tt.country, got, err, tt.want, tt.err)
			}
			if err != nil && err.Error() != phone.InvalidNumber {
				t.Errorf("message %q, want %q", err, phone.InvalidNumber)
			}
		})
	}
}

func TestNormalizeExtension(t *testing.T) {
	t.Parallel()
	tests := []struct {
		raw  string
		want string
		ok   bool
	}{
		{"", "", true},
		{"1234", "1234", true},
		{"1", "1", true},
		{"x12", "12", true},
		{"x 12", "12", true},
		{".123", "123", true},
		{"*9", "9", true},
		{"* 9876", "9876", true},
		{" 55 ", "55", true},
		{"x", "", true},
		{"12345", "", false},
		{"x12345", "", false},
		{"ext 12", "", false},
		{"X12", "", false},
		{"#12", "", false},
		{"x  12", "", false},
		{"xx12", "", false},
		{"12a", "", false},
		{"1 2", "", false},
	}
	for _, tt := range tests {
		got, err := phone.NormalizeExtension(tt.raw)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("NormalizeExtension(%q) = %q, %v; want %q, ok %v", tt.raw, got, err, tt.want, tt.ok)
		}
		if err != nil && err.Error() != phone.InvalidExtension {
			t.Errorf("message %q, want %q", err, phone.InvalidExtension)
		}
	}
}

func TestParseGeneric(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"5035550134", "5035550134", true},
		{"(503) 555-0134", "5035550134", true},
		{"503.555.0134", "5035550134", true},
		{"503 555 0134", "5035550134", true},
		{"+1 503 555 0134", "5035550134", true},
		{"+1(503)555-0134", "5035550134", true},
		{"+15035550134", "5035550134", true},
		{"15035550134", "", false},
		{"+44 20 7946 0958", "", false},
		{"503-555-013", "", false},
		{"503,555,0134", "", false},
		{"call 5035550134", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := phone.ParseGeneric(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseGeneric(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		digits, ext, code string
		want              string
	}{
		{"5035550134", "", "", "(503) 555-0134"},
		{"5035550134", "", "1", "+1 (503) 555-0134"},
		{"5035550134", "12", "1", "+1 (503) 555-0134 x12"},
		{"5035550134", "9", "", "(503) 555-0134 x9"},
		{"5035550134", "", "1", "+1 (503) 555-0134"},
		{"12345", "", "1", "+1 12345"},
		{"2079460958", "", "44", "+44 20 7946 0958"},
		{"02079460958", "", "44", "+44 20 7946 0958"},
		{"2079460958", "123", "44", "+44 20 7946 0958 x123"},
		{"2920018000", "", "44", "+44 29 2001 8000"},
		{"1214960000", "", "44", "+44 121 496 0000"},
		{"1614960000", "", "44", "+44 161 496 0000"},
		{"1632960123", "", "44", "+44 1632 960123"},
		{"7700900123", "", "44", "+44 7700 900123"},
		{"07700900123", "", "44", "+44 7700 900123"},
		{"8001234567", "", "44", "+44 800 123 4567"},
		{"79460958", "", "44", "+44 79460958"},
		{"123456789", "", "333", "+33 1 23 45 67 89"},
		{"0123456789", "", "333", "+33 1 23 45 67 89"},
		{"612345678", "", "33", "+33 6 12 34 56 78"},
		{"612345678", "5", "333", "+33 6 12 34 56 78 x5"},
		{"12345", "", "333", "+33 12345"},
		{"5551234", "", "49", "+49 5551234"},
		{"", "", "", "N/A"},
		{"", "12", "1", "N/A"},
	}
	for _, tt := range tests {
		if got := phone.Format(tt.digits, tt.ext, tt.code); got != tt.want {
			t.Errorf("Format(%q, %q, %q) = %q, want %q", tt.digits, tt.ext, tt.code, got, tt.want)
		}
	}
}

func TestLabel(t *testing.T) {
	t.Parallel()
	for typeID, want := range map[int]string{phone.TypeCell: "Cell", phone.TypeWork: "Work", phone.TypeHome: "Home", phone.TypeUnknown: "Phone", 0: "Phone", 99: "Phone"} {
		if got := phone.Label(typeID); got != want {
			t.Errorf("Label(%d) = %q, want %q", typeID, got, want)
		}
	}
}

func TestCountries(t *testing.T) {
	t.Parallel()
	want := map[string]string{"US": "1", "CA": "1", "GB": "44", "FR": "333"}
	for abbr, code := range want {
		c, ok := phone.CountryByAbbr(abbr)
		if !ok || c.Code != code {
			t.Errorf("CountryByAbbr(%q) = %+v, %v; want code %s", abbr, c, ok, code)
		}
	}
	if _, ok := phone.CountryByAbbr("DE"); ok {
		t.Error("DE is offered, want only US, CA, GB and FR")
	}
}

// FuzzNormalize checks that the entry rule never panics, returns only digits of an allowed
// length, and is idempotent.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"(503) 555-0134", "503.555.0134", "+1 503 555 0134", "1234", "", "٣٤٥", "5035550134x12", "\xff"} {
		for _, c := range []string{"", "US", "GB"} {
			f.Add(s, c)
		}
	}
	f.Fuzz(func(t *testing.T, raw, country string) {
		got, err := phone.Normalize(raw, country)
		if err != nil {
			return
		}
		again, err := phone.Normalize(got, country)
		if err != nil || again != got {
			t.Errorf("Normalize(Normalize(%q)) = %q, %v; want %q", raw, again, err, got)
		}
		if len(got) < 4 || len(got) > 14 {
			t.Errorf("Normalize(%q) = %q: length %d", raw, got, len(got))
		}
		_ = phone.Format(got, "", "1")
	})
}

// FuzzNormalizeExtension checks the extension rule for panics and idempotence.
func FuzzNormalizeExtension(f *testing.F) {
	for _, s := range []string{"x12", "* 9", ".1234", "12345", "", "x", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := phone.NormalizeExtension(raw)
		if err != nil {
			return
		}
		if again, err := phone.NormalizeExtension(got); err != nil || again != got {
			t.Errorf("NormalizeExtension(NormalizeExtension(%q)) = %q, %v; want %q", raw, again, err, got)
		}
		if len(got) > 4 {
			t.Errorf("NormalizeExtension(%q) = %q: more than 4 digits", raw, got)
		}
	})
}

// FuzzParseGeneric checks that the search rule never panics and that what it recognises is
// also a valid entry of a US number.
func FuzzParseGeneric(f *testing.F) {
	for _, s := range []string{"+1 (503) 555-0134", "503.555.0134", "+1", "", "+1+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := phone.ParseGeneric(s)
		if !ok {
			return
		}
		if n, err := phone.Normalize(d, "US"); err != nil || n != d {
			t.Errorf("ParseGeneric(%q) = %q, which Normalize turns into %q, %v", s, d, n, err)
		}
		if again, ok := phone.ParseGeneric(d); !ok || again != d {
			t.Errorf("ParseGeneric(%q) = %q, %v; want %q", d, again, ok, d)
		}
	})
}
