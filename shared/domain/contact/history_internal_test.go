package contact

import (
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/google/go-cmp/cmp"
)

func TestLogChangesMaskSensitiveValues(t *testing.T) {
	t.Parallel()
	old := Contact{
		FirstName: "Ada", SSN: "078-05-1120", DriverLicense: DriverLicense{Number: "D1234567"},
		Banks:  []Bank{{BankName: "First", AccountNumber: "000111222333", RoutingNumber: "123456789"}},
		Phones: []Phone{{ID: 1, Phone: "5035550123", PhoneDisplay: "(503) 555-0123", Label: "Cell"}},
	}
	tests := []struct {
		name string
		edit func(*Contact)
		want []changelog.Change
	}{
		{"nothing changed", func(*Contact) {}, nil},
		{"a new SSN with the same last four digits", func(c *Contact) { c.SSN = "219-09-1120" },
			[]changelog.Change{{Field: "ssn", OldValue: "***-**-1120", NewValue: "***-**-1120", Masked: true}}},
		{"a cleared licence and a new bank account", func(c *Contact) {
			c.DriverLicense.Number = ""
			c.Banks = []Bank{{BankName: "First", AccountNumber: "999888777666", RoutingNumber: "123456789"}}
		}, []changelog.Change{
			{Field: "banks[0].accountNumber", OldValue: "********2333", NewValue: "********7666", Masked: true},
			{Field: "driverLicense.number", OldValue: "****4567", NewValue: "", Masked: true},
		}},
		{"a phone's number, not its derived fields", func(c *Contact) {
			c.Phones = []Phone{{ID: 1, Phone: "5035550124", PhoneDisplay: "(503) 555-0124", Label: "Cell"}}
		}, []changelog.Change{{Field: "phones[0].phone", OldValue: "5035550123", NewValue: "5035550124"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := old
			c.Banks = append([]Bank(nil), old.Banks...)
			tt.edit(&c)
			got := logChanges(old, c)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
			for _, ch := range got {
				for _, secret := range []string{"078-05", "219-09", "D123", "000111", "999888"} {
					if strings.Contains(ch.OldValue+ch.NewValue, secret) {
						t.Errorf("%s shows %s in plaintext", ch.Field, secret)
					}
				}
			}
		})
	}
}
