package contact_test

import (
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var ignoreUnexported = cmpopts.IgnoreUnexported(contact.Contact{}, contact.Phone{})

func valid() contact.Contact {
	return contact.Contact{AccountPlatformID: 2001, FirstName: "Maria", LastName: "Gonzalez"}
}

func TestNormalizeRules(t *testing.T) {
	t.Parallel()
	gb, _ := phone.CountryByAbbr("GB")
	tests := []struct {
		name   string
		change func(*contact.Contact)
		fields map[string]string
		check  func(t *testing.T, c contact.Contact)
	}{
		{"defaults", func(c *contact.Contact) {}, nil, func(t *testing.T, c contact.Contact) {
			if c.ContactTypeID != contact.TypeIndividual || c.SMSOptInStatusID != contact.SMSNotRequested {
				t.Errorf("contact type %d, sms status %d; want 1 and 1", c.ContactTypeID, c.SMSOptInStatusID)
			}
		}},
		{"names trimmed and blanks collapsed", func(c *contact.Contact) { c.FirstName, c.LastName = "  Mary   Ann ", " de  la Cruz" }, nil, func(t *testing.T, c contact.Contact) {
			if c.FirstName != "Mary Ann" || c.LastName != "de la Cruz" {
				t.Errorf("names %q %q", c.FirstName, c.LastName)
			}
		}},
		{"a business name suffices", func(c *contact.Contact) { c.FirstName, c.LastName, c.BusinessName = "", "", "Acme" }, nil, nil},
		{"no name", func(c *contact.Contact) { c.FirstName, c.LastName = "", " " }, map[string]string{"lastName": contact.MsgName}, nil},
		{"no store", func(c *contact.Contact) { c.AccountPlatformID = 0 }, map[string]string{"accountPlatformId": contact.MsgStore}, nil},
		{"phone separators stripped", func(c *contact.Contact) {
			c.Phones = []contact.Phone{{Phone: "(503) 555.01-34"}, {Phone: "503,555,0135"}}
		}, nil, func(t *testing.T, c contact.Contact) {
			if c.Phones[0].Phone != "5035550134" || c.Phones[1].Phone != "5035550135" {
				t.Errorf("phones %q %q", c.Phones[0].Phone, c.Phones[1].Phone)
			}
		}},
		{"phones without a value dropped", func(c *contact.Contact) {
			c.Phones = []contact.Phone{{Phone: ""}, {Phone: "  ", Ext: "12"}, {Phone: "5035550134"}}
		}, nil, func(t *testing.T, c contact.Contact) {
			if len(c.Phones) != 1 || c.Phones[0].Phone != "5035550134" {
				t.Errorf("phones %+v", c.Phones)
			}
		}},
		{"US phone needs 10 digits", func(c *contact.Contact) {
			us, _ := phone.CountryByAbbr("US")
			c.Phones = []contact.Phone{{Phone: "50355501345", CC: &us}}
		}, map[string]string{"phones[0].phone": "Invalid number"}, nil},
		{"no country needs 10 digits", func(c *contact.Contact) { c.Phones = []contact.Phone{{Phone: "555-0134"}} },
			map[string]string{"phones[0].phone": "Invalid number"}, nil},
		{"other countries 4 to 14 digits", func(c *contact.Contact) {
			c.Phones = []contact.Phone{{Phone: "1234", CC: &gb}, {Phone: "12345678901234", CC: &gb}, {Phone: "123", CC: &gb}, {Phone: "123456789012345", CC: &gb}}
		}, map[string]string{"phones[2].phone": "Invalid number", "phones[3].phone": "Invalid number"}, nil},
		{"country by id", func(c *contact.Contact) { c.Phones = []contact.Phone{{Phone: "44 20 7946", CC: &phone.Country{ID: 3}}} }, nil, func(t *testing.T, c contact.Contact) {
			if c.Phones[0].CC.Abbr != "GB" || c.Phones[0].CC.Code != "44" || c.Phones[0].Phone != "44207946" {
				t.Errorf("phone %+v, country %+v", c.Phones[0], c.Phones[0].CC)
			}
		}},
		{"extension rule", func(c *contact.Contact) {
			c.Phones = []contact.Phone{{Phone: "5035550134", Ext: "x 12"}, {Phone: "5035550135", Extension: "*9"}, {Phone: "5035550136", Ext: "12345"}, {Phone: "5035550137", Ext: "ext. 1"}}
		}, map[string]string{"phones[2].ext": "Invalid extension", "phones[3].ext": "Invalid extension"}, nil},
		{"extension digits kept under both names", func(c *contact.Contact) { c.Phones = []contact.Phone{{Phone: "5035550134", Extension: ".77"}} }, nil, func(t *testing.T, c contact.Contact) {
			if c.Phones[0].Ext != "77" || c.Phones[0].Extension != "77" {
				t.Errorf("ext %q extension %q", c.Phones[0].Ext, c.Phones[0].Extension)
			}
		}},
		{"cell phones are mobile", func(c *contact.Contact) {
			c.Phones = []contact.Phone{{Phone: "5035550134", PhoneTypeID: phone.TypeCell}, {Phone: "5035550135", IsMobile: true}, {Phone: "5035550136"}}
		}, nil, func(t *testing.T, c contact.Contact) {
			got := []any{c.Phones[0].IsMobile, c.Phones[1].PhoneTypeID, c.Phones[2].PhoneTypeID}
			if diff := cmp.Diff([]any{true, phone.TypeCell, phone.TypeUnknown}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		}},
		{"phone type out of range", func(c *contact.Contact) { c.Phones = []contact.Phone{{Phone: "5035550134", PhoneTypeID: 9}} },
			map[string]string{"phones[0].phoneTypeId": contact.MsgInvalidValue}, nil},
		{"e-mail shape, lower-cased, duplicates and blanks dropped", func(c *contact.Contact) {
			c.Emails = []contact.Email{{Email: " Maria@Example.com "}, {Email: ""}, {Email: "maria@example.com"}, {Email: "maria@example"}}
		}, map[string]string{"emails[3].email": "Invalid email. Please enter a valid email address."}, nil},
		{"e-mail normalised", func(c *contact.Contact) {
			c.Emails = []contact.Email{{Email: " Maria@Example.com "}, {Email: "maria@example.com"}}
		}, nil, func(t *testing.T, c contact.Contact) {
			if len(c.Emails) != 1 || c.Emails[0].Email != "maria@example.com" {
				t.Errorf("emails %+v", c.Emails)
			}
		}},
		{"SSN", func(c *contact.Contact) { c.SSN = "123 45 6789" }, nil, func(t *testing.T, c contact.Contact) {
			if c.SSN != "123-45-6789" {
				t.Errorf("SSN %q", c.SSN)
			}
		}},
		{"bad SSN", func(c *contact.Contact) { c.SSN = "12-3456" }, map[string]string{"ssn": contact.MsgSSN}, nil},
		{"masked values pass", func(c *contact.Contact) {
			c.SSN, c.Banks = "***-**-6789", []contact.Bank{{AccountNumber: "****1234", RoutingNumber: "*****3729"}}
		}, nil, nil},
		{"bank numbers", func(c *contact.Contact) { c.Banks = []contact.Bank{{AccountNumber: "12", RoutingNumber: "12345678"}} },
			map[string]string{"banks[0].accountNumber": contact.MsgAccount, "banks[0].routingNumber": contact.MsgRouting}, nil},
		{"dates in M/D/YYYY variants", func(c *contact.Contact) {
			c.DriverLicense = contact.DriverLicense{IssueDate: "3/4/2019", ExpirationDate: "04-17-2027"}
			c.Insurance = []contact.Insurance{{ExpirationDate: "11.30.2026"}, {ExpirationDate: "2026-01-31"}}
		}, nil, func(t *testing.T, c contact.Contact) {
			got := []string{c.DriverLicense.IssueDate, c.DriverLicense.ExpirationDate, c.Insurance[0].ExpirationDate, c.Insurance[1].ExpirationDate}
			if diff := cmp.Diff([]string{"2019-03-04", "2027-04-17", "2026-11-30", "2026-01-31"}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		}},
		{"impossible dates", func(c *contact.Contact) {
			c.DriverLicense = contact.DriverLicense{IssueDate: "2/30/2019", ExpirationDate: "tomorrow"}
		}, map[string]string{"driverLicense.issueDate": contact.MsgDate, "driverLicense.expirationDate": contact.MsgDate}, nil},
		{"birthday", func(c *contact.Contact) { c.BirthMonth, c.BirthDay, c.BirthYear = 2, 30, 1990 },
			map[string]string{"birthDay": contact.MsgInvalidValue}, nil},
		{"29 February without a year", func(c *contact.Contact) { c.BirthMonth, c.BirthDay = 2, 29 }, nil, nil},
		{"VIN and stock number upper-cased", func(c *contact.Contact) {
			c.Vehicles = []contact.Vehicle{{VIN: "4t1b11hk5ku123456", StockNumber: " t24817a "}}
		}, nil, func(t *testing.T, c contact.Contact) {
			if c.Vehicles[0].VIN != "4T1B11HK5KU123456" || c.Vehicles[0].StockNumber != "T24817A" {
				t.Errorf("vehicle %+v", c.Vehicles[0])
			}
		}},
		{"bad VIN and stock number", func(c *contact.Contact) {
			c.Vehicles = []contact.Vehicle{{VIN: "4T1B11HK5KU12345", StockNumber: "T#1"}}
		},
			map[string]string{"vehicles[0].vin": contact.MsgVIN, "vehicles[0].stockNumber": contact.MsgStockNumber}, nil},
		{"too many phones", func(c *contact.Contact) { c.Phones = make([]contact.Phone, contact.MaxPhones+1) },
			map[string]string{"phones": "At most 10 entries."}, nil},
		{"note text", func(c *contact.Contact) { c.Notes = []contact.Note{{Text: "ok"}, {Text: "  "}} },
			map[string]string{"notes[1].text": contact.MsgNoteText}, nil},
		{"tag id", func(c *contact.Contact) { c.Tags = []contact.Tag{{TagID: 0}} }, map[string]string{"tags[0].tagId": contact.MsgTag}, nil},
		{"sms status", func(c *contact.Contact) { c.SMSOptInStatusID = 7 }, map[string]string{"smsOptInStatusId": contact.MsgInvalidValue}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := valid()
			tt.change(&c)
			got, err := contact.Normalize(c)
			if tt.fields == nil {
				if err != nil {
					t.Fatalf("Normalize: %v", err)
				}
				if tt.check != nil {
					tt.check(t, got)
				}
				again, err := contact.Normalize(got)
				if err != nil {
					t.Fatalf("Normalize of a result: %v", err)
				}
				if diff := cmp.Diff(got, again, ignoreUnexported); diff != "" {
					t.Errorf("Normalize is not idempotent (-once +twice):\n%s", diff)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid {
				t.Fatalf("Normalize error = %v, want invalid", err)
			}
			if diff := cmp.Diff(tt.fields, e.Fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLongNamesAreRefused(t *testing.T) {
	t.Parallel()
	c := valid()
	c.FirstName = strings.Repeat("a", contact.MaxName+1)
	_, err := contact.Normalize(c)
	if e, ok := apperr.As(err); !ok || e.Fields["firstName"] == "" {
		t.Errorf("a first name of %d characters: %v", len(c.FirstName), err)
	}
}

func TestTextableAndEmailable(t *testing.T) {
	t.Parallel()
	mobile := contact.Phone{Phone: "5035550134", IsMobile: true}
	tests := []struct {
		name      string
		c         contact.Contact
		textable  bool
		phones    int
		emailable bool
	}{
		{"plain", contact.Contact{Phones: []contact.Phone{mobile}, Emails: []contact.Email{{Email: "a@b.co"}}}, true, 1, true},
		{"do not text", contact.Contact{IsDoNotText: true, Phones: []contact.Phone{mobile}}, false, 0, false},
		{"SMS opted out", contact.Contact{SMSOptInStatusID: contact.SMSOptedOut, Phones: []contact.Phone{mobile}}, false, 0, false},
		{"opted out of everything", contact.Contact{OptOutAll: true, Phones: []contact.Phone{mobile}, Emails: []contact.Email{{Email: "a@b.co"}}}, false, 0, false},
		{"mobile opted out", contact.Contact{Phones: []contact.Phone{{Phone: "1", IsMobile: true, OptOut: true}, {Phone: "2", IsMobile: true, OptOutSMS: true}}}, true, 0, false},
		{"landline only", contact.Contact{Phones: []contact.Phone{{Phone: "1"}}}, true, 0, false},
		{"do not email", contact.Contact{IsDoNotEmail: true, Emails: []contact.Email{{Email: "a@b.co"}}}, true, 0, false},
		{"every e-mail opted out", contact.Contact{Emails: []contact.Email{{Email: "a@b.co", OptOut: true}}}, true, 0, false},
		{"one e-mail not opted out", contact.Contact{Emails: []contact.Email{{Email: "a@b.co", OptOut: true}, {Email: "c@d.co"}}}, true, 0, true},
	}
	for _, tt := range tests {
		if got := tt.c.Textable(); got != tt.textable {
			t.Errorf("%s: Textable = %v, want %v", tt.name, got, tt.textable)
		}
		if got := len(tt.c.TextablePhones()); got != tt.phones {
			t.Errorf("%s: %d textable phones, want %d", tt.name, got, tt.phones)
		}
		if got := tt.c.Emailable(); got != tt.emailable {
			t.Errorf("%s: Emailable = %v, want %v", tt.name, got, tt.emailable)
		}
	}
}

func TestMasked(t *testing.T) {
	t.Parallel()
	c := contact.Contact{SSN: "123-45-6789", DriverLicense: contact.DriverLicense{Number: "D1234567"},
		Banks: []contact.Bank{{AccountNumber: "000123456789", RoutingNumber: "123103729"}}}
	m := c.Masked()
	got := []string{m.SSN, m.DriverLicense.Number, m.Banks[0].AccountNumber, m.Banks[0].RoutingNumber}
	if diff := cmp.Diff([]string{"***-**-6789", "****4567", "********6789", "*****3729"}, got); diff != "" {
		t.Errorf("masked (-want +got):\n%s", diff)
	}
	if !m.SensitiveMasked || c.Banks[0].AccountNumber != "000123456789" {
		t.Error("Masked changed the original or did not flag the copy")
	}
	if empty := (contact.Contact{}).Masked(); empty.SSN != "" || empty.DriverLicense.Number != "" {
		t.Errorf("masking empty values gives %q %q", empty.SSN, empty.DriverLicense.Number)
	}
}

func TestPermissionFor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		roles []string
		views []int64
		want  contact.Permission
	}{
		{[]string{role.SalesPerson}, []int64{1, 2}, contact.Permission{CanView: true, CanEdit: true}},
		{[]string{role.SalesManager}, []int64{2}, contact.Permission{CanView: true, CanEdit: true, CanReactivate: true, CanRevealSensitive: true}},
		{[]string{role.FIManager}, []int64{2}, contact.Permission{CanView: true, CanEdit: true, CanRevealSensitive: true}},
		{[]string{role.GeneralManager}, []int64{2}, contact.Permission{CanView: true, CanEdit: true, CanReactivate: true, CanRevealSensitive: true}},
		{[]string{role.DealerAdmin}, []int64{2}, contact.Permission{CanView: true, CanEdit: true, CanReactivate: true, CanRevealSensitive: true}},
		{[]string{role.BDCAgent}, []int64{2}, contact.Permission{CanView: true, CanEdit: true}},
		{[]string{role.GeneralSalesManager}, []int64{2}, contact.Permission{CanView: true, CanEdit: true, CanReactivate: true}},
		{[]string{role.MarketingManager}, []int64{2}, contact.Permission{CanView: true}},
		{[]string{role.PartsManager}, []int64{2}, contact.Permission{CanView: true}},
		{[]string{role.DealerAdmin}, []int64{1}, contact.Permission{}},
	}
	for _, tt := range tests {
		got := contact.PermissionFor(7, "u", 2, tt.views, tt.roles)
		tt.want.ContactID, tt.want.UserID = 7, "u"
		if got != tt.want {
			t.Errorf("PermissionFor(%v, %v) = %+v, want %+v", tt.roles, tt.views, got, tt.want)
		}
	}
}

func TestSummaryOf(t *testing.T) {
	t.Parallel()
	c, err := contact.Normalize(contact.Contact{
		ID: 9, AccountPlatformID: 2001, FirstName: "Maria", LastName: "Gonzalez", SSN: "123-45-6789",
		Phones:    []contact.Phone{{Phone: "5035550100", PhoneTypeID: phone.TypeWork}, {Phone: "5035550134", PhoneTypeID: phone.TypeCell, IsPreferred: true}},
		Emails:    []contact.Email{{Email: "a@example.com"}, {Email: "b@example.com", IsPreferred: true}},
		Addresses: []contact.Address{{City: "Salem"}, {City: "Portland", IsPrimary: true}},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := contact.SummaryOf(c)
	if s.Phone != "(503) 555-0134" || s.PhoneLabel != "Cell" || s.Email != "b@example.com" || s.City != "Portland" || s.FullName != "Maria Gonzalez" {
		t.Errorf("summary %+v", s)
	}
	if n := contact.SummaryOf(contact.Contact{}); n.Phone != "N/A" {
		t.Errorf("summary of no phone shows %q, want N/A", n.Phone)
	}
}

func TestNormNames(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"O'Neil": "ONEIL", "de la Cruz": "DELACRUZ", "Zoë": "ZOË", "Smith-Jones": "SMITHJONES"} {
		if got := contact.NormName(in); got != want {
			t.Errorf("NormName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := contact.NormBusiness("  Rose  City, Plumbing LLC."); got != "ROSE CITY PLUMBING LLC" {
		t.Errorf("NormBusiness = %q", got)
	}
}

func TestSensitiveValue(t *testing.T) {
	t.Parallel()
	c := contact.Contact{
		ID: 9, SSN: "123-45-6789", DriverLicense: contact.DriverLicense{Number: "D1234567"},
		Banks: []contact.Bank{{AccountNumber: "000123456789", RoutingNumber: "123103729"}, {AccountNumber: "55501"}},
	}
	tests := []struct {
		field, want string
		invalid     bool
	}{
		{"ssn", "123-45-6789", false},
		{"driverLicense.number", "D1234567", false},
		{"banks[0].accountNumber", "000123456789", false},
		{"banks[0].routingNumber", "123103729", false},
		{"banks[1].accountNumber", "55501", false},
		{"banks[1].routingNumber", "", false},
		{"banks[2].accountNumber", "", true},
		{"firstName", "", true},
		{"", "", true},
	}
	for _, tt := range tests {
		got, err := contact.SensitiveValue(c, tt.field)
		if tt.invalid {
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("SensitiveValue(%q) error %v, want Invalid", tt.field, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("SensitiveValue(%q) = %q, %v; want %q", tt.field, got, err, tt.want)
		}
	}
	if _, err := contact.SensitiveValue(c.Masked(), "ssn"); err == nil {
		t.Error("SensitiveValue of a masked contact gave no error")
	}
}
