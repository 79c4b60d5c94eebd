// Package vin cleans up vehicle identification numbers as typed into the quick search.
package vin

import "strings"

// Length is the length of a VIN.
const Length = 17

// Clean returns the VIN s stands for, or "" when it is not one. The rules, in order:
//   - spaces are removed and the letters upper-cased;
//   - 17 characters are accepted;
//   - 18 characters drop a leading I, or else a trailing non-digit;
//   - 19 characters take the 17 starting at the second character;
//   - 20 characters take the 17 starting at the third character;
//   - any other length is rejected;
//   - the result is rejected if it contains I, O or Q, if its ninth character (the check
//     digit) is not a digit or X, or if it has a character other than a letter or a digit.
//
// Clean of a result returns it unchanged.
func Clean(s string) string {
	v := strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	switch len(v) {
	case Length:
	case Length + 1:
		switch {
		case v[0] == 'I':
			v = v[1:]
		case !isDigit(v[Length]):
			v = v[:Length]
		default:
			return ""
		}
	case Length + 2:
		v = v[1 : 1+Length]
	case Length + 3:
		v = v[2 : 2+Length]
	default:
		return ""
	}
	if !Valid(v) {
		return ""
	}
	return v
}

// Valid reports whether v is a cleaned VIN: 17 upper-case letters and digits without I, O or
// Q, whose ninth character is a digit or X.
func Valid(v string) bool {
	if len(v) != Length {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !isDigit(c) && (c < 'A' || c > 'Z') {
			return false
		}
		if c == 'I' || c == 'O' || c == 'Q' {
			return false
		}
	}
	return isDigit(v[8]) || v[8] == 'X'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// The lengths of a VIN fragment: the last characters of a VIN, as a service or sales desk reads
// them off a car (the serial number at the end, with the plant code before it).
const (
	MinFragment = 6
	MaxFragment = 8
)

// Fragment returns s as the end of a VIN (upper case, spaces removed) and true when it can be
// one: 6 to 8 characters a VIN may hold (no I, O or Q), at least one a digit.
func Fragment(s string) (string, bool) {
	v := strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if len(v) < MinFragment || len(v) > MaxFragment {
		return "", false
	}
	digit := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case isDigit(c):
			digit = true
		case c < 'A' || c > 'Z', c == 'I', c == 'O', c == 'Q':
			return "", false
		}
	}
	return v, digit
}

// Tail returns the last MinFragment characters of a whole VIN: the key every fragment of it
// is found by.
func Tail(v string) string {
	if len(v) < MinFragment {
		return v
	}
	return v[len(v)-MinFragment:]
}
