package vehicle_test

import (
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/vehicle"
)

var now = time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)

// TestDecode decodes VINs of several makes and years: the first four as found on real vehicles,
// the others published VINs whose check digit is recomputed (their manufacturer code, descriptor
// and model year as published). The answers were read from the vPIC data the catalogue is
// derived from (its Wmi, Wmi_VinSchema and Pattern tables).
func TestDecode(t *testing.T) {
	t.Parallel()
	c := vehicle.MustLoad()
	tests := []struct {
		vin                       string
		year                      int
		make, model, trim, series string
		body                      string
	}{
		{"1HGCM82633A004352", 2003, "Honda", "Accord", "EX-V6", "", "Coupe"},
		{"1G1ZT53826F109149", 2006, "Chevrolet", "Malibu", "LT", "", "Sedan/Saloon"},
		{"1N4AL3AP8JC231503", 2018, "Nissan", "Altima", "", "", "Sedan/Saloon"},
		{"1C4RJFAG0FC625797", 2015, "Jeep", "Grand Cherokee", "Laredo", "", "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"},
		{"5YJ3E1EA2KF317000", 2019, "Tesla", "Model 3", "", "", "Sedan/Saloon"},
		{"WBA3A5C57CF256651", 2012, "BMW", "328i", "", "3-Series", "Sedan/Saloon"},
		{"4T1B11HKXJU123456", 2018, "Toyota", "Camry", "L/LE/SE/XLE", "AXVA70L/GSV70L/AXVH70L/AXVH71L", "Sedan/Saloon"},
		{"1FTFW1ET9DFC10312", 2013, "Ford", "F-150", "", "", "Pickup"},
		{"KNDJT2A50D7502893", 2013, "Kia", "Soul", "All Trims", "", "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"},
	}
	for _, tt := range tests {
		t.Run(tt.vin, func(t *testing.T) {
			d, err := c.Decode(tt.vin, now)
			if err != nil {
				t.Fatal(err)
			}
			if !d.CheckDigitValid || !d.Decoded {
				t.Errorf("checkDigitValid %v decoded %v, want both", d.CheckDigitValid, d.Decoded)
			}
			if d.Year != tt.year || d.Make != tt.make || d.Model != tt.model || d.Trim != tt.trim || d.Series != tt.series || d.BodyClass != tt.body {
				t.Errorf("decoded %d %s %s %q %q %q, want %d %s %s %q %q %q", d.Year, d.Make, d.Model, d.Trim, d.Series, d.BodyClass,
					tt.year, tt.make, tt.model, tt.trim, tt.series, tt.body)
			}
			if d.MakeID == 0 || d.ModelID == 0 {
				t.Errorf("make id %d model id %d, want the catalogue's", d.MakeID, d.ModelID)
			}
		})
	}
}

func TestCheckDigit(t *testing.T) {
	t.Parallel()
	c := vehicle.MustLoad()
	tests := []struct {
		vin  string
		want string
	}{
		{"1HGCM82643A004352", "3"}, // one digit off
		{"1HGCM82633A004353", "5"}, // a later character changed
		{"5YJ3E1EA7KF317000", "2"},
	}
	for _, tt := range tests {
		d, err := c.Decode(tt.vin, now)
		if err != nil {
			t.Fatal(err)
		}
		if d.CheckDigitValid || d.ExpectedCheckDigit != tt.want || len(d.Messages) == 0 {
			t.Errorf("%s: valid %v expected %q messages %v, want flagged with %q", tt.vin, d.CheckDigitValid, d.ExpectedCheckDigit, d.Messages, tt.want)
		}
	}
	for _, s := range []string{"1HGCM82633A00435", "1HGCM82633A0043521", "1HGCM8263IA004352", "1HGCM8263-A004352"} {
		if _, err := c.Decode(s, now); err == nil {
			t.Errorf("%s decoded, want not a VIN", s)
		}
	}
}

func TestModelYear(t *testing.T) {
	t.Parallel()
	tests := []struct {
		vin  string
		want int
	}{
		{"1HGCM82633A004352", 2003},
		{"1HGCM826X1A004352", 2001},
		{"5YJ3E1EA2KF317000", 2019},
		{"1G1ZT538X6F109149", 2006},
	}
	for _, tt := range tests {
		if got, _ := vehicle.ModelYear(tt.vin, now); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.vin, got, tt.want)
		}
	}
}

func TestCatalogueSearch(t *testing.T) {
	t.Parallel()
	c := vehicle.MustLoad()
	honda, ok := c.MakeByName("HONDA")
	if !ok {
		t.Fatal("no Honda")
	}
	accord, ok := honda.Model("accord")
	if !ok {
		t.Fatal("no Accord")
	}
	from, to := accord.YearRange()
	if from > 1990 || to < 2026 {
		t.Errorf("Accord years %d-%d", from, to)
	}
	y, ok := accord.Year(2003)
	if !ok || len(y.Trims) == 0 {
		t.Errorf("2003 Accord trims: %v", y.Trims)
	}
}
