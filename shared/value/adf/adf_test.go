package adf_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/value/adf"
	"github.com/google/go-cmp/cmp"
)

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseSamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want adf.Prospect
	}{
		{"truecar.xml", adf.Prospect{
			ID: "TC-88213457", Sequence: "1", IDSource: "TrueCar", Status: "new",
			RequestDate: time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC),
			Vehicles: []adf.Vehicle{
				{Interest: "buy", Status: "new", Year: 2026, Make: "Toyota", Model: "RAV4", Trim: "XLE Premium",
					VIN: "2T3P1RFV8RC123456", Stock: "T26-0412", Doors: "4", BodyStyle: "SUV", Transmission: "A",
					Odometer: 12, OdometerUnits: "miles", ExteriorColor: "Blueprint", InteriorColor: "Black",
					Price: 36995, PriceType: "quote", Currency: "USD", Comments: "Customer wants the blue one if available."},
				{Interest: "trade-in", Status: "used", Year: 2017, Make: "Honda", Model: "Civic", VIN: "19XFC2F59HE012345",
					Odometer: 84210, OdometerUnits: "miles", Price: 11200, PriceType: "appraisal", Currency: "USD"},
			},
			Customer: adf.Customer{
				FirstName: "Dana", LastName: "Whitfield", Emails: []string{"dana.whitfield@example.com"},
				Phones: []adf.Phone{
					{Number: "(503) 555-0142", Type: "voice", Time: "morning"},
					{Number: "503.555.0199", Type: "cellphone", Time: "evening", Preferred: true},
					{Number: "503-555-0100", Type: "fax"},
				},
				Address: adf.Address{Type: "home", Lines: []string{"1200 SW Main St", "Apt 4"}, City: "Portland",
					RegionCode: "OR", PostalCode: "97205", Country: "US"},
				Comments:  "Looking to buy this month. Please call after 5pm.",
				Timeframe: "Within 30 days",
			},
			Vendor:   adf.Vendor{ID: "DLR-2001", Name: "Northwind Toyota", ContactName: "Internet Sales"},
			Provider: adf.Provider{ID: "TC", Name: "TrueCar", Service: "TrueCar Guaranteed Savings", URL: "https://www.truecar.com", Email: "leads@truecar.example"},
		}},
		{"autotrader_upper.xml", adf.Prospect{
			ID: "AT-55102", Sequence: "3", IDSource: "Autotrader",
			RequestDate: time.Date(2026, 11, 19, 23, 42, 7, 0, time.UTC),
			Vehicles:    []adf.Vehicle{{Interest: "buy", Status: "used", Year: 2022, Make: "Honda", Model: "CR-V", Stock: "H22-118", Price: 27450, PriceType: "asking"}},
			Customer: adf.Customer{FirstName: "Marcus", LastName: "Reed", FullName: "Reed, Marcus", Emails: []string{"MReed@Example.com"},
				Phones:   []adf.Phone{{Number: "5035550177", Type: "phone"}},
				Comments: "Is this still available? Can I test drive Saturday?"},
			Provider: adf.Provider{Name: "Autotrader"},
		}},
		{"cars_email.eml", adf.Prospect{
			ID: "CC-4471902", Sequence: "12", IDSource: "Cars.com", Status: "new",
			RequestDate: time.Date(2026, 11, 20, 17, 1, 0, 0, time.UTC),
			Vehicles:    []adf.Vehicle{{Interest: "buy", Status: "new", Year: 2025, Make: "Honda", Model: "Accord", Trim: "Sport"}},
			Customer: adf.Customer{FirstName: "Jamie", LastName: "Carter", Phones: []adf.Phone{{Number: "+1 (503) 555-0150", Type: "cellphone"}},
				Comments: "Do you have one in white?"},
			Provider: adf.Provider{Name: "Cars.com", Service: "Cars.com Dealer Leads"},
		}},
		{"website_multipart.eml", adf.Prospect{
			RequestDate: time.Date(2026, 11, 18, 14, 5, 33, 250_000_000, time.UTC),
			Vehicles: []adf.Vehicle{
				{Interest: "test-drive", Year: 2026, Make: "Hyundai", Model: "Ioniq 5"},
				{Interest: "trade-in", Year: 2015, Make: "Ford", Model: "Escape", Odometer: 142000, OdometerUnits: "km"},
			},
			Customer: adf.Customer{FirstName: "Li", LastName: "Wei", Emails: []string{"li.wei@example.ca"},
				Phones:  []adf.Phone{{Number: "604 555 0123", Type: "voice"}},
				Address: adf.Address{City: "Vancouver", RegionCode: "BC", PostalCode: "V6B 1A1", Country: "CA"}},
			Vendor:   adf.Vendor{Name: "Northwind Hyundai Vancouver"},
			Provider: adf.Provider{Service: "Northwind Website"},
		}},
		{"minimal.xml", adf.Prospect{
			Customer: adf.Customer{FirstName: "Priya", LastName: "Shah", FullName: "Priya Shah", Phones: []adf.Phone{{Number: "503-555-0188"}}},
		}},
		{"latin1.xml", adf.Prospect{
			ID: "ED-9", Sequence: "1", IDSource: "Edmunds",
			RequestDate: time.Date(2026, 11, 17, 7, 0, 0, 0, time.UTC),
			Customer:    adf.Customer{FirstName: "Renée", LastName: "Dupré", Emails: []string{"renee@example.fr"}},
			Provider:    adf.Provider{Name: "Edmunds"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			doc, err := adf.Parse(read(t, tt.file))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if len(doc.Prospects) != 1 {
				t.Fatalf("%d prospects, want 1", len(doc.Prospects))
			}
			got := doc.Prospects[0]
			got.RequestDate = got.RequestDate.UTC()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("prospect (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSourceName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		p    adf.Prospect
		want string
	}{
		{adf.Prospect{Provider: adf.Provider{Name: "TrueCar", Service: "Guaranteed"}, IDSource: "TC"}, "TrueCar"},
		{adf.Prospect{Provider: adf.Provider{Service: "Northwind Website"}}, "Northwind Website"},
		{adf.Prospect{IDSource: "Edmunds"}, "Edmunds"},
		{adf.Prospect{}, ""},
	}
	for _, tt := range tests {
		if got := tt.p.SourceName(); got != tt.want {
			t.Errorf("SourceName() = %q, want %q", got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		data   []byte
		reason string
	}{
		{"another XML format", read(t, "not_adf.xml"), "no adf element"},
		{"adf without a prospect", read(t, "no_prospect.xml"), "no prospect"},
		{"an e-mail without ADF", read(t, "plain_email.eml"), "no ADF document"},
		{"empty", []byte("  \n"), "empty"},
		{"plain text", []byte("Hello, please call me about the Camry."), "no adf element"},
		{"JSON", []byte(`{"prospect":{"name":"x"}}`), "no adf element"},
		{"too large", []byte("<adf>" + strings.Repeat(" ", adf.MaxSize) + "</adf>"), "larger"},
		{"too deep", []byte(strings.Repeat("<a>", 100) + "<adf><prospect/></adf>"), "too large or too deep"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := adf.Parse(tt.data)
			if !errors.Is(err, adf.ErrNotADF) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Parse error = %v, want ErrNotADF saying %q", err, tt.reason)
			}
		})
	}
}

func TestParseTime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want time.Time
	}{
		{"2026-11-20T10:15:00-05:00", time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00-0500", time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00-05", time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00-5:00", time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00 -500", time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00+05:30", time.Date(2026, 11, 20, 4, 45, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00Z", time.Date(2026, 11, 20, 10, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00", time.Date(2026, 11, 20, 10, 15, 0, 0, time.UTC)},
		{"2026-11-20 10:15:00 -05:00 (EST)", time.Date(2026, 11, 20, 15, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15-08:00", time.Date(2026, 11, 20, 18, 15, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00.123456Z", time.Date(2026, 11, 20, 10, 15, 0, 123456000, time.UTC)},
		{"2026-11-20", time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)},
		{"11/20/2026 3:04 PM", time.Date(2026, 11, 20, 15, 4, 0, 0, time.UTC)},
		{"2026-11-20T10:15:00+25:00", time.Time{}},
		{"yesterday", time.Time{}},
		{"", time.Time{}},
	}
	for _, tt := range tests {
		if got := adf.ParseTime(tt.in); !got.Equal(tt.want) {
			t.Errorf("ParseTime(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSeveralProspects(t *testing.T) {
	t.Parallel()
	doc, err := adf.Parse([]byte(`<adf><prospect><id sequence="1">A</id></prospect><prospect><id sequence="2">A</id></prospect></adf>`))
	if err != nil || len(doc.Prospects) != 2 || doc.Prospects[1].Sequence != "2" {
		t.Errorf("Parse = %+v, %v; want two prospects", doc, err)
	}
}

// FuzzParse checks that no input makes Parse panic, and that what it accepts has a prospect.
func FuzzParse(f *testing.F) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			b, err := os.ReadFile(filepath.Join("testdata", e.Name()))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte("From: a@b\nContent-Type: multipart/mixed; boundary=x\n\n--x\nContent-Transfer-Encoding: base64\n\nPGFkZj4=\n--x--"))
	f.Add([]byte("<adf><prospect><requestdate>2026-01-01T00:00-99</requestdate></prospect></adf>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := adf.Parse(data)
		if err == nil && len(doc.Prospects) == 0 {
			t.Errorf("Parse accepted a document without prospects")
		}
		if err != nil && !errors.Is(err, adf.ErrNotADF) {
			t.Errorf("Parse error %v does not wrap ErrNotADF", err)
		}
	})
}
