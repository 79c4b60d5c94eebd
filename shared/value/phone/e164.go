package phone

import (
	"errors"
	"strings"
)

// ErrNotE164 is the error of E164 for a number that has no E.164 form.
var ErrNotE164 = errors.New("not a phone number in international form")

// E164 returns the international (E.164) form of number raw — a plus, the country code and
// the national number, at most 15 digits — for the country with abbreviation country ("" is
// read as the US). A number that starts with + is taken as international already. The US and
// Canada take 10 digits (or 11 starting with their country code 1); Great Britain and France
// take the national number with or without its trunk 0. Separators are ignored as Normalize
// ignores them. Any other number is ErrNotE164; E164 of a result returns it unchanged.
func E164(raw, country string) (string, error) {
	d := stripped(strings.TrimSpace(raw))
	if rest, ok := strings.CutPrefix(d, "+"); ok {
		if !allDigits(rest) || len(rest) < 8 || len(rest) > 15 || rest[0] == '0' {
			return "", ErrNotE164
		}
		if rest[0] == '1' && len(rest) != 11 {
			return "", ErrNotE164
		}
		return "+" + rest, nil
	}
	if !allDigits(d) {
		return "", ErrNotE164
	}
	switch strings.ToUpper(country) {
	case "", "US", "CA":
		if len(d) == 11 && d[0] == '1' {
			d = d[1:]
		}
		if len(d) != 10 || d[0] == '0' || d[0] == '1' {
			return "", ErrNotE164
		}
		return "+1" + d, nil
	case "GB":
		d = strings.TrimPrefix(d, "0")
		if len(d) < 9 || len(d) > 10 {
			return "", ErrNotE164
		}
		return "+44" + d, nil
	case "FR":
		d = strings.TrimPrefix(d, "0")
		if len(d) != 9 {
			return "", ErrNotE164
		}
		return "+33" + d, nil
	}
	return "", ErrNotE164
}
