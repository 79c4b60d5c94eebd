// Package phone parses and formats phone numbers the way the contact screens and the quick
// search do: the entry rule of the contact form, the extension rule, the generic rule the quick
// search recognises a phone number by, and the display format with its labels.
package phone

import (
	"errors"
	"strings"
)

// The messages of the entry rules, as the contact form shows them.
const (
	InvalidNumber    = "Invalid number"
	InvalidExtension = "Invalid extension"
)

// Errors Normalize and NormalizeExtension return; their messages are the form's.
var (
	ErrInvalidNumber    = errors.New(InvalidNumber)
	ErrInvalidExtension = errors.New(InvalidExtension)
)

// Phone types (phoneTypeId).
const (
	TypeCell    = 1
	TypeHome    = 2
	TypeWork    = 3
	TypeUnknown = 4
)

// Label returns the label of a phone type: Cell, Work, Home, or Phone for any other type.
func Label(typeID int) string {
	switch typeID {
	case TypeCell:
		return "Cell"
	case TypeWork:
		return "Work"
	case TypeHome:
		return "Home"
	}
	return "Phone"
}

// Country is a country offered for phone numbers.
type Country struct {
	ID   int    `json:"id" required:"false"`
	Abbr string `json:"abbr" required:"false" doc:"US, CA, GB or FR; a save needs the abbreviation or the id."`
	Code string `json:"code" required:"false" doc:"The dialling code, without the plus."`
	Flag string `json:"flag" required:"false" doc:"The flag's name: the abbreviation in lower case."`
}

// Countries returns the countries offered for phones, with their dialling codes as the spec
// gives them.
func Countries() []Country {
	return []Country{
		{ID: 1, Abbr: "US", Code: "1", Flag: "us"},
		{ID: 2, Abbr: "CA", Code: "1", Flag: "ca"},
		{ID: 3, Abbr: "GB", Code: "44", Flag: "gb"},
		{ID: 4, Abbr: "FR", Code: "333", Flag: "fr"},
	}
}

// CountryByAbbr returns the offered country with abbreviation abbr (any case).
func CountryByAbbr(abbr string) (Country, bool) {
	for _, c := range Countries() {
		if strings.EqualFold(c.Abbr, abbr) {
			return c, true
		}
	}
	return Country{}, false
}

// stripped removes the separators the entry form allows: spaces, parentheses, dots, commas
// and hyphens.
func stripped(raw string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '(', ')', '.', ',', '-':
			return -1
		}
		return r
	}, raw)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Normalize applies the contact form's entry rule to raw for the country with abbreviation
// country ("" for none) and returns the digits. Spaces, parentheses, dots, commas and hyphens
// are stripped; the US or no country needs exactly 10 digits, any other country 4 to 14. Any
// other number is ErrInvalidNumber. Normalize of a result returns it unchanged.
func Normalize(raw, country string) (string, error) {
	d := stripped(raw)
	if !allDigits(d) {
		return "", ErrInvalidNumber
	}
	if country == "" || strings.EqualFold(country, "US") {
		if len(d) != 10 {
			return "", ErrInvalidNumber
		}
		return d, nil
	}
	if len(d) < 4 || len(d) > 14 {
		return "", ErrInvalidNumber
	}
	return d, nil
}

// NormalizeExtension applies the extension rule to raw and returns the extension's digits ("" for
// none): an optional single prefix character (. x or *), an optional space, then up to 4 digits.
// Blanks around the value are ignored. Any other value is ErrInvalidExtension.
func NormalizeExtension(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s != "" && (s[0] == '.' || s[0] == 'x' || s[0] == '*') {
		s = s[1:]
	}
	s = strings.TrimPrefix(s, " ")
	if s == "" {
		return "", nil
	}
	if len(s) > 4 || !allDigits(s) {
		return "", ErrInvalidExtension
	}
	return s, nil
}

// ParseGeneric recognises a phone number by the generic rule the quick search uses: an
// optional +1, then 10 digits with optional parentheses, dashes, dots or spaces. It returns
// the 10 digits.
func ParseGeneric(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "+1"); ok {
		s = rest
	}
	d := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '(', ')', '.', '-':
			return -1
		}
		return r
	}, s)
	if len(d) != 10 || !allDigits(d) {
		return "", false
	}
	return d, true
}

// Format returns a number's display form in its country's national format, prefixed with
// +{code} when the number has a country and followed by x{ext} when it has an extension:
//   - no country or +1 (US, CA): 10 digits as (###) ###-####;
//   - +44 (GB): the national number without its trunk 0, grouped as the UK writes it
//     (20 7946 0958, 121 496 0000, 7700 900123, 1632 960123, 800 123 4567);
//   - +33 (FR; the spec lists its code as 333): the national number without its trunk 0 as
//     one digit and four pairs (1 23 45 67 89).
//
// A number that does not have its country's length shows as its digits. An empty number
// shows N/A.
func Format(digits, ext, countryCode string) string {
	if digits == "" {
		return "N/A"
	}
	s := digits
	prefix := ""
	switch countryCode {
	case "", "1":
		if len(digits) == 10 && allDigits(digits) {
			s = "(" + digits[:3] + ") " + digits[3:6] + "-" + digits[6:]
		}
		if countryCode != "" {
			prefix = "+1 "
		}
	case "44":
		s, prefix = formatGB(digits), "+44 "
	case "33", "333":
		s, prefix = formatFR(digits), "+33 "
	default:
		prefix = "+" + countryCode + " "
	}
	s = prefix + s
	if ext != "" {
		s += " x" + ext
	}
	return s
}

// groups splits s after each of the lengths in turn and joins the parts with spaces.
func groups(s string, lengths ...int) string {
	parts := make([]string, 0, len(lengths)+1)
	for _, n := range lengths {
		parts = append(parts, s[:n])
		s = s[n:]
	}
	if s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// formatGB returns a UK number (with or without its trunk 0) in the national grouping; a
// number that is not 10 digits once the trunk 0 is dropped shows as its digits.
func formatGB(digits string) string {
	n := digits
	if len(n) == 11 && n[0] == '0' {
		n = n[1:]
	}
	if len(n) != 10 || !allDigits(n) {
		return digits
	}
	switch {
	case n[0] == '2' || n[0] == '5':
		// London, Cardiff, Belfast, ... and corporate numbers: 2-digit area code.
		return groups(n, 2, 4)
	case n[0] == '7':
		// Mobiles and personal numbers.
		return groups(n, 4)
	case n[0] == '1' && (n[1] == '1' || n[2] == '1'):
		// Birmingham, Leeds, Edinburgh, Manchester, ...: 3-digit area code.
		return groups(n, 3, 3)
	case n[0] == '1':
		// Other geographic numbers: 4-digit area code.
		return groups(n, 4)
	default:
		// Non-geographic numbers (03, 08, 09).
		return groups(n, 3, 3)
	}
}

// formatFR returns a French number (with or without its trunk 0) as one digit and four pairs;
// a number that is not 9 digits once the trunk 0 is dropped shows as its digits.
func formatFR(digits string) string {
	n := digits
	if len(n) == 10 && n[0] == '0' {
		n = n[1:]
	}
	if len(n) != 9 || !allDigits(n) {
		return digits
	}
	return groups(n, 1, 2, 2, 2)
}
