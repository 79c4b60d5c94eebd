package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/vehiclehistory"
)

func TestReport(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	p := New(0, func() time.Time { return now })
	tests := []struct {
		name string
		vin  string
		code string
		year int
	}{
		{name: "a 2003 Accord", vin: "1HGCM82633A004352", year: 2003},
		{name: "lower case", vin: "1hgcm82633a004352", year: 2003},
		{name: "a 2012 Camry", vin: "4T1BF1FK8CU512345", year: 2012},
		{name: "check digit fails", vin: "1HGCM82643A004352", code: vehiclehistory.CodeInvalid},
		{name: "too short", vin: "1HGCM82633A00435", code: vehiclehistory.CodeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := p.Report(context.Background(), tt.vin)
			if tt.code != "" {
				var e *vehiclehistory.Error
				if !errors.As(err, &e) || e.Code != tt.code {
					t.Fatalf("err = %v, want %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Year != tt.year || len(r.Registrations) == 0 || len(r.Odometer) != 4 || r.ReportURL == "" {
				t.Fatalf("report = %+v", r)
			}
			for i := 1; i < len(r.Odometer); i++ {
				if r.Odometer[i].Reading <= r.Odometer[i-1].Reading || r.Odometer[i].Date < r.Odometer[i-1].Date {
					t.Errorf("odometer goes back: %+v", r.Odometer)
				}
			}
			again, _ := p.Report(context.Background(), tt.vin)
			if again.ReportID != r.ReportID || len(again.Damage) != len(r.Damage) {
				t.Errorf("the same VIN reported differently")
			}
		})
	}
}

func TestNoRecordsAndCancel(t *testing.T) {
	t.Parallel()
	p := New(0, nil)
	found, missing := 0, 0
	for _, v := range []string{"1HGCM82633A004352", "4T1BF1FK8CU512345", "1FTFW1ET5DFC10312", "2T1BURHE0JC074534", "5YJ3E1EA7KF317000", "1G1ZD5ST0JF246824", "WBA8E9G51GNT41946", "3VWDX7AJ5BM339475", "JM1BL1SF7A1154563", "1N4AL3AP8JC231503", "KMHD84LF5JU453222", "1C4RJFAG0FC625797", "19XFC2F59GE015493", "JTDKN3DU0A0197283"} {
		_, err := p.Report(context.Background(), v)
		var e *vehiclehistory.Error
		switch {
		case err == nil:
			found++
		case errors.As(err, &e) && (e.Code == vehiclehistory.CodeNotFound || e.Code == vehiclehistory.CodeInvalid):
			missing++
		default:
			t.Errorf("%s: %v", v, err)
		}
	}
	if found == 0 {
		t.Error("no VIN has a history")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var e *vehiclehistory.Error
	if _, err := New(time.Hour, nil).Report(ctx, "1HGCM82633A004352"); !errors.As(err, &e) || !e.Retryable {
		t.Errorf("a cancelled call: %v", err)
	}
}
