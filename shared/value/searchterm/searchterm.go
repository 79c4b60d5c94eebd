// Package searchterm classifies what a user typed into the customer quick search. The rules
// apply in the spec's order: an e-mail address, a phone number, a VIN, a single word (a stock
// number when it is alphanumeric and stock numbers may be searched, else a last name), more
// than two words (a business name), two words (a first and a last name). A single word that
// can be the end of a VIN (6 to 8 characters) also carries it as a VIN fragment, which the
// search falls through to when the word finds nobody as what it was classified as.
package searchterm

import (
	"strings"
	"unicode"

	"github.com/cxm/cxm/shared/value/email"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/cxm/cxm/shared/value/vin"
)

// Kind is what a term was classified as.
type Kind string

// The kinds of a term.
const (
	None         Kind = ""
	Email        Kind = "email"
	Phone        Kind = "phone"
	VIN          Kind = "vin"
	StockNumber  Kind = "stockNumber"
	LastName     Kind = "lastName"
	BusinessName Kind = "businessName"
	FullName     Kind = "fullName"
)

// Term is a classified search term. Only the fields of its kind are set: Email (lower case),
// Phone (10 digits), VIN (cleaned), StockNumber (upper case), LastName, FirstName and LastName,
// or BusinessName (as typed, blanks collapsed).
type Term struct {
	Kind         Kind   `json:"kind" enum:"email,phone,vin,stockNumber,lastName,businessName,fullName"`
	Email        string `json:"email,omitempty"`
	Phone        string `json:"phone,omitempty"`
	VIN          string `json:"vin,omitempty"`
	StockNumber  string `json:"stockNumber,omitempty"`
	FirstName    string `json:"firstName,omitempty"`
	LastName     string `json:"lastName,omitempty"`
	BusinessName string `json:"businessName,omitempty"`
	// VINFragment is set on a single word (a stock number or a last name) that can also be the
	// end of a VIN: when the word matches no customer as what it was classified as, the search
	// falls through to the customers whose vehicles' VINs end with it.
	VINFragment string `json:"vinFragment,omitempty"`
}

// Alphanumeric reports whether s has at least one letter and one digit.
func Alphanumeric(s string) bool {
	var letter, digit bool
	for _, r := range s {
		letter = letter || unicode.IsLetter(r)
		digit = digit || unicode.IsDigit(r)
	}
	return letter && digit
}

// Classify classifies term. allowStock says whether stock numbers may be searched; when not, an
// alphanumeric single word is a last name. A blank term has kind None.
func Classify(term string, allowStock bool) Term {
	words := strings.Fields(term)
	if len(words) == 0 {
		return Term{}
	}
	t := strings.Join(words, " ")
	if e, ok := email.Normalize(t); ok {
		return Term{Kind: Email, Email: e}
	}
	if d, ok := phone.ParseGeneric(t); ok {
		return Term{Kind: Phone, Phone: d}
	}
	if v := vin.Clean(t); v != "" {
		return Term{Kind: VIN, VIN: v}
	}
	frag, _ := vin.Fragment(t)
	switch {
	case len(words) == 1 && allowStock && Alphanumeric(t):
		return Term{Kind: StockNumber, StockNumber: strings.ToUpper(t), VINFragment: frag}
	case len(words) == 1:
		return Term{Kind: LastName, LastName: t, VINFragment: frag}
	case len(words) > 2:
		return Term{Kind: BusinessName, BusinessName: t}
	}
	return Term{Kind: FullName, FirstName: words[0], LastName: words[1]}
}
