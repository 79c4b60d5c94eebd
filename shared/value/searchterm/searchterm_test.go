package searchterm_test

import (
	"testing"

	"github.com/cxm/cxm/shared/value/searchterm"
	"github.com/google/go-cmp/cmp"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		term       string
		allowStock bool
		want       searchterm.Term
	}{
		{"blank", "   ", true, searchterm.Term{}},
		{"email", " Maria.Gonzalez@Example.com ", true, searchterm.Term{Kind: searchterm.Email, Email: "maria.gonzalez@example.com"}},
		{"phone with parentheses", "(503) 555-0134", true, searchterm.Term{Kind: searchterm.Phone, Phone: "5035550134"}},
		{"phone with dots", "503.555.0134", true, searchterm.Term{Kind: searchterm.Phone, Phone: "5035550134"}},
		{"phone with +1", "+1 503 555 0134", true, searchterm.Term{Kind: searchterm.Phone, Phone: "5035550134"}},
		{"phone digits", "5035550134", true, searchterm.Term{Kind: searchterm.Phone, Phone: "5035550134"}},
		{"VIN", "1hgcm82633a004352", true, searchterm.Term{Kind: searchterm.VIN, VIN: "1HGCM82633A004352"}},
		{"VIN with spaces", "1HGCM 82633 A004352", true, searchterm.Term{Kind: searchterm.VIN, VIN: "1HGCM82633A004352"}},
		{"VIN of 18 with a leading I", "I1HGCM82633A004352", true, searchterm.Term{Kind: searchterm.VIN, VIN: "1HGCM82633A004352"}},
		{"VIN of 20", "VN1HGCM82633A004352Z", true, searchterm.Term{Kind: searchterm.VIN, VIN: "1HGCM82633A004352"}},
		{"rejected VIN falls through to a stock number", "1HGCM82633AO04352", true, searchterm.Term{Kind: searchterm.StockNumber, StockNumber: "1HGCM82633AO04352"}},
		{"stock number", "t24817a", true, searchterm.Term{Kind: searchterm.StockNumber, StockNumber: "T24817A", VINFragment: "T24817A"}},
		{"stock number too long to end a VIN", "STK1234567", true, searchterm.Term{Kind: searchterm.StockNumber, StockNumber: "STK1234567"}},
		{"the end of a VIN is a stock number first", "mh612345", true, searchterm.Term{Kind: searchterm.StockNumber, StockNumber: "MH612345", VINFragment: "MH612345"}},
		{"six digits are a last name first", "612345", true, searchterm.Term{Kind: searchterm.LastName, LastName: "612345", VINFragment: "612345"}},
		{"letters only are never the end of a VIN", "Baker", true, searchterm.Term{Kind: searchterm.LastName, LastName: "Baker"}},
		{"stock number not allowed is a last name", "T24817A", false, searchterm.Term{Kind: searchterm.LastName, LastName: "T24817A", VINFragment: "T24817A"}},
		{"letters only is a last name", "Gonzalez", true, searchterm.Term{Kind: searchterm.LastName, LastName: "Gonzalez"}},
		{"digits only is a last name", "24817", true, searchterm.Term{Kind: searchterm.LastName, LastName: "24817"}},
		{"apostrophe", "O'Neil", true, searchterm.Term{Kind: searchterm.LastName, LastName: "O'Neil"}},
		{"two words", " Maria   Gonzalez ", true, searchterm.Term{Kind: searchterm.FullName, FirstName: "Maria", LastName: "Gonzalez"}},
		{"three words", "Rose City  Plumbing", true, searchterm.Term{Kind: searchterm.BusinessName, BusinessName: "Rose City Plumbing"}},
		{"four words", "Pacific Northwest Fleet Services", true, searchterm.Term{Kind: searchterm.BusinessName, BusinessName: "Pacific Northwest Fleet Services"}},
		{"email wins over everything", "5035550134@txt.example.com", true, searchterm.Term{Kind: searchterm.Email, Email: "5035550134@txt.example.com"}},
		{"phone wins over VIN and stock", "+15035550134", true, searchterm.Term{Kind: searchterm.Phone, Phone: "5035550134"}},
		{"two words that form a VIN", "1HGCM82633 A004352", true, searchterm.Term{Kind: searchterm.VIN, VIN: "1HGCM82633A004352"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, searchterm.Classify(tt.term, tt.allowStock)); diff != "" {
				t.Errorf("Classify(%q, %v) (-want +got):\n%s", tt.term, tt.allowStock, diff)
			}
		})
	}
}

func TestAlphanumeric(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"A1": true, "1a": true, "T24817A": true, "ABC": false, "123": false, "": false, "-1-a-": true} {
		if got := searchterm.Alphanumeric(s); got != want {
			t.Errorf("Alphanumeric(%q) = %v, want %v", s, got, want)
		}
	}
}
