// Package email checks and normalises e-mail addresses: the standard address shape the
// contact form and the quick search require.
package email

import (
	"regexp"
	"strings"
)

// Invalid is the message for an address that does not have the standard shape.
const Invalid = "Invalid email. Please enter a valid email address."

// MaxLength is the longest address accepted, in bytes.
const MaxLength = 254

// pattern is the WHATWG (HTML) e-mail shape with a dotted domain ending in a letter label: a
// local part of printable characters, an at sign, and dot-separated labels of letters, digits
// and inner hyphens of at most 63 characters.
var pattern = regexp.MustCompile(`^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$`)

// Valid reports whether s is an address of the standard shape.
func Valid(s string) bool {
	return len(s) <= MaxLength && pattern.MatchString(s)
}

// Normalize trims s and lower-cases it, and reports whether the result is a valid address.
// Normalize of a valid result returns it unchanged.
func Normalize(s string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(s))
	return n, Valid(n)
}
