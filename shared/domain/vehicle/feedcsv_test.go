package vehicle

import (
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

func TestParseFeedCSV(t *testing.T) {
	t.Parallel()
	c := MustLoad()
	const head = "make,model,year,trim,msrp,imageUrl,colors,planPrices,features,fuelCity,fuelHighway,fuelCombined,fuelUnit\n"
	tests := []struct {
		name  string
		csv   string
		makes []string
		field string
		check func(t *testing.T, f Feed)
	}{
		{
			name: "two trims",
			csv: head + `toyota,camry,2026,LE,28400,https://img.example/camry.jpg,"Midnight Black|218|#1B1B1B|exterior;Black Fabric|FB20|#202020|interior","Employee=27150;Supplier=27600","Adaptive cruise control=Standard;Sunroof=Optional",28,39,32,mpg` + "\n" +
				`Honda,Civic,2025,Sport,27000,,,,,,,,` + "\n",
			check: func(t *testing.T, f Feed) {
				if len(f.Trims) != 2 || strings.Join(f.Makes, ",") != "Honda,Toyota" {
					t.Fatalf("feed = %+v", f)
				}
				tr := f.Trims[0]
				if tr.Make != "Toyota" || tr.Model != "Camry" || len(tr.Colors) != 2 || tr.Colors[1].Kind != "interior" || len(tr.PlanPrices) != 2 || tr.PlanPrices[1].Price != 27600 ||
					tr.Features["Sunroof"] != "Optional" || tr.FuelEconomy == nil || tr.FuelEconomy.Combined != 32 {
					t.Errorf("trim = %+v", tr)
				}
				if f.Trims[1].FuelEconomy != nil || f.Trims[1].Colors == nil {
					t.Errorf("bare trim = %+v", f.Trims[1])
				}
			},
		},
		{name: "the group's makes given", csv: head + "Toyota,Camry,2026,LE,,,,,,,,,\n", makes: []string{"Toyota", "Lexus"},
			check: func(t *testing.T, f Feed) {
				if strings.Join(f.Makes, ",") != "Lexus,Toyota" {
					t.Errorf("makes = %v", f.Makes)
				}
			}},
		{name: "columns in another order, some left out", csv: "trim,year,model,make\nLE,2026,Camry,Toyota\n",
			check: func(t *testing.T, f Feed) {
				if len(f.Trims) != 1 || f.Trims[0].Trim != "LE" {
					t.Errorf("feed = %+v", f)
				}
			}},
		{name: "unknown column", csv: "make,model,year,trim,price\n", field: "header"},
		{name: "missing trim column", csv: "make,model,year\n", field: "header"},
		{name: "year not a number", csv: head + "Toyota,Camry,twenty,LE,,,,,,,,,\n", field: "trims[0].year"},
		{name: "unknown model", csv: head + "Toyota,Nosuchmodel,2026,LE,,,,,,,,,\n", field: "trims[0].model"},
		{name: "bad colour", csv: head + "Toyota,Camry,2026,LE,,,Red|1|#f00|roof,,,,,,\n", field: "trims[0].colors"},
		{name: "bad plan price", csv: head + "Toyota,Camry,2026,LE,,,,Employee=cheap,,,,,\n", field: "trims[0].planPrices"},
		{name: "negative msrp", csv: head + "Toyota,Camry,2026,LE,-5,,,,,,,,\n", field: "trims[0].msrp"},
		{name: "a trim twice", csv: head + "Toyota,Camry,2026,LE,,,,,,,,,\nToyota,Camry,2026,LE,,,,,,,,,\n", field: "trims[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := ParseFeedCSV(strings.NewReader(tt.csv), tt.makes, c)
			if tt.field != "" {
				e, ok := apperr.As(err)
				if !ok || e.Code != apperr.Invalid || e.Fields[tt.field] == "" {
					t.Fatalf("err = %v, want Invalid on %s", err, tt.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, f)
		})
	}
}
