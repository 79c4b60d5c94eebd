package printform

import (
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

func TestValidateAndFill(t *testing.T) {
	ok := Form{Name: "Buyer's Order", Category: "Sales", PaperSize: PaperLetter, Sections: []Section{{Title: "Customer", Lines: []Line{{Label: "Name", Value: "{{customer.name}}"}}}}}
	cases := []struct {
		name  string
		edit  func(*Form)
		field string
	}{
		{"valid", func(*Form) {}, ""},
		{"no name", func(f *Form) { f.Name = " " }, "name"},
		{"A4 paper", func(f *Form) { f.PaperSize = "a4" }, "paperSize"},
		{"unknown category", func(f *Form) { f.Category = "Service" }, "category"},
		{"unknown field", func(f *Form) {
			f.Sections = []Section{{Title: "X", Lines: []Line{{Label: "SSN", Value: "{{customer.ssn}}"}}}}
		}, "sections[0].lines[0].value"},
		{"no sections", func(f *Form) { f.Sections = nil }, "sections"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := ok
			c.edit(&f)
			err := f.Validate()
			if c.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if e, isApp := apperr.As(err); !isApp || e.Fields[c.field] == "" {
				t.Errorf("err = %v, want a field error on %s", err, c.field)
			}
		})
	}
	if got := Fill("{{ customer.name }} owes {{payment.monthly}}{{vehicle.vin}}", map[string]string{"customer.name": "Ana", "payment.monthly": "$400.76"}); got != "Ana owes $400.76" {
		t.Errorf("Fill = %q", got)
	}
}
