package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/mfrtag"
)

func TestSubmit(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	p := New(0, func() time.Time { return now })
	tests := []struct {
		name     string
		vin      string
		odometer int
		code     string
		make     string
		year     int
		active   int // coverages still active
	}{
		{name: "a 2013 F-150", vin: "1FTFW1ET9DFC10312", odometer: 150000, make: "Ford", year: 2013, active: 0},
		{name: "a new Lincoln", vin: "5LM5J7XC9TGL00001", odometer: 3000, make: "Lincoln", year: 2026, active: 5},
		{name: "a Honda", vin: "1HGCM82633A004352", code: mfrtag.CodeNotSupported},
		{name: "not a VIN", vin: "1FTFW1ET9DFC1031", code: mfrtag.CodeInvalid},
		{name: "negative odometer", vin: "1FTFW1ET9DFC10312", odometer: -1, code: mfrtag.CodeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := p.Submit(context.Background(), mfrtag.Request{VIN: tt.vin, Odometer: tt.odometer})
			if tt.code != "" {
				var e *mfrtag.Error
				if !errors.As(err, &e) || e.Code != tt.code {
					t.Fatalf("err = %v, want %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			active := 0
			for _, c := range d.Coverages {
				if c.Active {
					active++
				}
			}
			if d.Make != tt.make || d.Year != tt.year || active != tt.active || d.OasisURL == "" || len(d.FieldActions) == 0 || len(d.ServiceVisits) == 0 {
				t.Fatalf("details = %+v (active %d)", d, active)
			}
		})
	}
}
