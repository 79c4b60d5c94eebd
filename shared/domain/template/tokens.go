package template

import (
	"regexp"
	"strings"
)

// Data is what a template's tokens are filled in from.
type Data struct {
	CustomerFirstName, CustomerLastName, CustomerEmail, CustomerPhone string
	StoreName, StorePhone, StoreAddress, StoreWebsite                 string
	SalesPersonFirstName, SalesPersonLastName                         string
	SalesPersonEmail, SalesPersonPhone                                string
}

// Tokens returns the tokens a template may hold, each with its value from d.
func (d Data) Tokens() map[string]string {
	return map[string]string{
		"CustomerFirstName":    d.CustomerFirstName,
		"CustomerLastName":     d.CustomerLastName,
		"CustomerName":         strings.TrimSpace(d.CustomerFirstName + " " + d.CustomerLastName),
		"CustomerEmail":        d.CustomerEmail,
		"CustomerPhone":        d.CustomerPhone,
		"StoreName":            d.StoreName,
		"StorePhone":           d.StorePhone,
		"StoreAddress":         d.StoreAddress,
		"StoreWebsite":         d.StoreWebsite,
		"SalesPersonFirstName": d.SalesPersonFirstName,
		"SalesPersonLastName":  d.SalesPersonLastName,
		"SalesPersonName":      strings.TrimSpace(d.SalesPersonFirstName + " " + d.SalesPersonLastName),
		"SalesPersonEmail":     d.SalesPersonEmail,
		"SalesPersonPhone":     d.SalesPersonPhone,
	}
}

// tokenPattern matches a token: {Name} or [Name], the name letters only.
var tokenPattern = regexp.MustCompile(`\{([A-Za-z]+)\}|\[([A-Za-z]+)\]`)

// Replace fills in the tokens of text from d. Token names match case-insensitively; an unknown
// token is left as written, so a user sees what was not filled in.
func Replace(text string, d Data) string {
	tokens := map[string]string{}
	for k, v := range d.Tokens() {
		tokens[strings.ToLower(k)] = v
	}
	return tokenPattern.ReplaceAllStringFunc(text, func(m string) string {
		name := strings.ToLower(m[1 : len(m)-1])
		if v, ok := tokens[name]; ok {
			return v
		}
		return m
	})
}
