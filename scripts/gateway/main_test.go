package main

import (
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/local/demo"
)

func TestPrintBanner(t *testing.T) {
	t.Parallel()
	groups := []demo.Group{demo.Build(), demo.OtherGroup()}
	tests := []struct {
		name    string
		seeded  bool
		want    []string
		notWant []string
	}{
		{"seeded", true, []string{
			"CXM is ready at http://127.0.0.1:8080",
			"Demo sign-ins for Northwind Auto Group (password " + demo.Password + ")",
			"sales@northwind.demo",
			"Demo sign-ins for Southside Motors (password " + demo.Password + ")",
			"admin@southside.demo", "salesmanager@southside.demo", "sales@southside.demo",
		}, nil},
		{"not seeded", false, []string{"CXM is ready at http://127.0.0.1:8080"}, []string{"Demo sign-ins", "southside"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			printBanner(&b, "http://127.0.0.1:8080", groups, tt.seeded)
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("banner lacks %q:\n%s", w, b.String())
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(b.String(), w) {
					t.Errorf("banner has %q:\n%s", w, b.String())
				}
			}
		})
	}
	// The second group's sign-ins follow the first group's.
	var b strings.Builder
	printBanner(&b, "http://127.0.0.1:8080", groups, true)
	if strings.Index(b.String(), "Southside Motors") < strings.Index(b.String(), "sales@northwind.demo") {
		t.Errorf("the second group is listed before the first:\n%s", b.String())
	}
}
