package merge_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestPhoneKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a, b merge.Phone
		same bool
	}{
		{"formatting", merge.Phone{Phone: "(503) 555-0142"}, merge.Phone{Phone: "503.555.0142"}, true},
		{"leading 1", merge.Phone{Phone: "15035550142"}, merge.Phone{Phone: "5035550142"}, true},
		{"no country is 1", merge.Phone{Phone: "5035550142", CountryCode: "1"}, merge.Phone{Phone: "5035550142"}, true},
		{"plus 1", merge.Phone{Phone: "+1 503 555 0142"}, merge.Phone{Phone: "5035550142"}, true},
		{"extension prefix", merge.Phone{Phone: "5035550142", Ext: "x12"}, merge.Phone{Phone: "5035550142", Ext: "12"}, true},
		{"other extension", merge.Phone{Phone: "5035550142", Ext: "12"}, merge.Phone{Phone: "5035550142", Ext: "13"}, false},
		{"extension or none", merge.Phone{Phone: "5035550142", Ext: "12"}, merge.Phone{Phone: "5035550142"}, false},
		{"other number", merge.Phone{Phone: "5035550142"}, merge.Phone{Phone: "5035550143"}, false},
		{"other country", merge.Phone{Phone: "2071234567", CountryCode: "44"}, merge.Phone{Phone: "2071234567"}, false},
		{"type and flags do not matter", merge.Phone{Phone: "5035550142", PhoneTypeID: 1, IsMobile: true}, merge.Phone{Phone: "5035550142", PhoneTypeID: 2, OptOut: true}, true},
	}
	for _, tt := range tests {
		if got := merge.PhoneKey(tt.a) == merge.PhoneKey(tt.b); got != tt.same {
			t.Errorf("%s: PhoneKey(%+v) == PhoneKey(%+v) is %v, want %v", tt.name, tt.a, tt.b, got, tt.same)
		}
	}
	if k := merge.PhoneKey(merge.Phone{Phone: " - "}); k != "" {
		t.Errorf("PhoneKey of a phone without digits = %q, want empty", k)
	}
}

func TestEmailKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		same bool
	}{
		{"Dana.W@Example.com", "dana.w@example.com", true},
		{"  dana.w@example.com ", "dana.w@example.com", true},
		{"dana.w@example.com", "danaw@example.com", false},
		{"dana@example.com", "dana@example.org", false},
	}
	for _, tt := range tests {
		if got := merge.EmailKey(tt.a) == merge.EmailKey(tt.b); got != tt.same {
			t.Errorf("EmailKey(%q) == EmailKey(%q) is %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestAddressKey(t *testing.T) {
	t.Parallel()
	home := merge.Address{Line1: "1200 SW Main Street", Line2: "Apartment 4", City: "Portland", State: "OR", Zip: "97205"}
	tests := []struct {
		name string
		b    merge.Address
		same bool
	}{
		{"identical", home, true},
		{"abbreviations", merge.Address{Line1: "1200 SW Main St.", Line2: "Apt. 4", City: "portland", State: "Or", Zip: "97205-1234"}, true},
		{"apartment on line one", merge.Address{Line1: "1200 SW Main St Apt 4", City: "Portland", State: "OR", Zip: "97205"}, true},
		{"another apartment", merge.Address{Line1: "1200 SW Main St", Line2: "Apt 5", City: "Portland", State: "OR", Zip: "97205"}, false},
		{"another city", merge.Address{Line1: "1200 SW Main St", Line2: "Apt 4", City: "Beaverton", State: "OR", Zip: "97205"}, false},
		{"another ZIP code", merge.Address{Line1: "1200 SW Main St", Line2: "Apt 4", City: "Portland", State: "OR", Zip: "97201"}, false},
		{"direction spelled out", merge.Address{Line1: "1200 Southwest Main St", Line2: "Apt 4", City: "Portland", State: "OR", Zip: "97205"}, true},
	}
	for _, tt := range tests {
		if got := merge.AddressKey(home) == merge.AddressKey(tt.b); got != tt.same {
			t.Errorf("%s: AddressKey equal is %v, want %v (%q vs %q)", tt.name, got, tt.same, merge.AddressKey(home), merge.AddressKey(tt.b))
		}
	}
	ca := merge.Address{Line1: "88 W Pender St", City: "Vancouver", State: "BC", Zip: "v6b 6n9"}
	ca2 := merge.Address{Line1: "88 West Pender Street", City: "Vancouver", State: "BC", Zip: "V6B6N9"}
	if merge.AddressKey(ca) != merge.AddressKey(ca2) {
		t.Errorf("Canadian postal codes with and without a space differ: %q vs %q", merge.AddressKey(ca), merge.AddressKey(ca2))
	}
	if k := merge.AddressKey(merge.Address{City: "Portland", Zip: "97205"}); k != "" {
		t.Errorf("AddressKey without a street = %q, want empty", k)
	}
}

// survivor and other are two records of one customer.
func survivor() merge.Contact {
	return merge.Contact{
		ContactID: 1, AccountPlatformID: 2001, FirstName: "Dana", LastName: "Whitfield",
		Emails:    []merge.Email{{Email: "dana.w@example.com", IsPreferred: true}},
		Phones:    []merge.Phone{{Phone: "5035550142", PhoneTypeID: 4, IsPreferred: true}},
		Addresses: []merge.Address{{Line1: "1200 SW Main St", City: "Portland", State: "OR", Zip: "97205", IsPreferred: true}},
		Tags:      []string{"vip"},
		Vehicles:  []merge.Ref{{ID: "v1", Label: "2021 Toyota RAV4"}},
		Leads:     []merge.Ref{{ID: "l1"}},
	}
}

func other() merge.Contact {
	return merge.Contact{
		ContactID: 2, AccountPlatformID: 2001, FirstName: "Dana", MiddleName: "J", LastName: "Whitfield", NickName: "DJ",
		BirthYear: 1984, BirthMonth: 6, BirthDay: 12,
		Emails: []merge.Email{{Email: "DANA.W@example.com", OptOut: true, IsPreferred: true}, {Email: "dj@work.example", IsPreferred: false}},
		Phones: []merge.Phone{
			{Phone: "(503) 555-0142", PhoneTypeID: 1, IsMobile: true, OptOutSMS: true, IsPreferred: true},
			{Phone: "503-555-0199", PhoneTypeID: 3},
			{Phone: ""},
		},
		Addresses:   []merge.Address{{Line1: "1200 Southwest Main Street", City: "Portland", State: "OR", Zip: "97205-1234"}, {Line1: "9 Oak Ave", City: "Salem", State: "OR", Zip: "97301"}},
		Tags:        []string{"vip", "service"},
		IsDoNotCall: true, IsMarkedHot: true,
		Vehicles:   []merge.Ref{{ID: "v2", Label: "2015 Honda Civic"}},
		Leads:      []merge.Ref{{ID: "l2"}, {ID: "l1"}},
		Notes:      []merge.Ref{{ID: "n1"}},
		Tasks:      []merge.Ref{{ID: "t1"}},
		Activities: []merge.Ref{{ID: "a1"}, {ID: "a2"}},
	}
}

func TestPlan(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		edit  func(s, o *merge.Contact)
		check func(t *testing.T, m merge.Merge)
	}{
		{"names: the survivor's kept, blanks filled", nil, func(t *testing.T, m merge.Merge) {
			s := m.Survivor
			if s.FirstName != "Dana" || s.MiddleName != "J" || s.NickName != "DJ" || s.LastName != "Whitfield" {
				t.Errorf("names = %q %q %q %q", s.FirstName, s.MiddleName, s.NickName, s.LastName)
			}
		}},
		{"names: the survivor's spelling wins", func(s, o *merge.Contact) { o.FirstName = "Danielle" }, func(t *testing.T, m merge.Merge) {
			if m.Survivor.FirstName != "Dana" {
				t.Errorf("first name = %q, want the survivor's", m.Survivor.FirstName)
			}
		}},
		{"birth date filled as a whole", nil, func(t *testing.T, m merge.Merge) {
			if s := m.Survivor; s.BirthYear != 1984 || s.BirthMonth != 6 || s.BirthDay != 12 {
				t.Errorf("birth date = %d-%d-%d", s.BirthYear, s.BirthMonth, s.BirthDay)
			}
		}},
		{"birth date: the survivor's partial date kept", func(s, o *merge.Contact) { s.BirthMonth = 7 }, func(t *testing.T, m merge.Merge) {
			if s := m.Survivor; s.BirthYear != 0 || s.BirthMonth != 7 || s.BirthDay != 0 {
				t.Errorf("birth date = %d-%d-%d, want the survivor's", s.BirthYear, s.BirthMonth, s.BirthDay)
			}
		}},
		{"emails deduplicated, opt-out kept, one preferred", nil, func(t *testing.T, m merge.Merge) {
			want := []merge.Email{{Email: "dana.w@example.com", IsPreferred: true, OptOut: true}, {Email: "dj@work.example"}}
			if diff := cmp.Diff(want, m.Survivor.Emails); diff != "" {
				t.Errorf("emails (-want +got):\n%s", diff)
			}
		}},
		{"phones deduplicated by digits, flags folded, empty dropped", nil, func(t *testing.T, m merge.Merge) {
			want := []merge.Phone{
				{Phone: "5035550142", PhoneTypeID: 1, IsMobile: true, OptOutSMS: true, IsPreferred: true},
				{Phone: "503-555-0199", PhoneTypeID: 3},
			}
			if diff := cmp.Diff(want, m.Survivor.Phones); diff != "" {
				t.Errorf("phones (-want +got):\n%s", diff)
			}
		}},
		{"phones: the survivor's known type kept", func(s, o *merge.Contact) { s.Phones[0].PhoneTypeID = 2 }, func(t *testing.T, m merge.Merge) {
			if got := m.Survivor.Phones[0].PhoneTypeID; got != 2 {
				t.Errorf("phone type = %d, want the survivor's 2", got)
			}
		}},
		{"phones: the other's preference when the survivor has none", func(s, o *merge.Contact) {
			s.Phones[0].IsPreferred = false
			o.Phones[0].IsPreferred = false
			o.Phones[1].IsPreferred = true
		}, func(t *testing.T, m merge.Merge) {
			if p := m.Survivor.Phones; p[0].IsPreferred || !p[1].IsPreferred {
				t.Errorf("preferred = %v, %v; want the other's preferred phone", p[0].IsPreferred, p[1].IsPreferred)
			}
		}},
		{"phones: a preferred duplicate makes the kept entry preferred", func(s, o *merge.Contact) {
			s.Phones[0].IsPreferred = false
		}, func(t *testing.T, m merge.Merge) {
			if p := m.Survivor.Phones; !p[0].IsPreferred || p[1].IsPreferred {
				t.Errorf("preferred = %v, %v; want the first", p[0].IsPreferred, p[1].IsPreferred)
			}
		}},
		{"phones: the survivor's own duplicates folded", func(s, o *merge.Contact) {
			s.Phones = append(s.Phones, merge.Phone{Phone: "1-503-555-0142", OptOut: true})
			o.Phones = nil
		}, func(t *testing.T, m merge.Merge) {
			if p := m.Survivor.Phones; len(p) != 1 || !p[0].OptOut {
				t.Errorf("phones = %+v, want one with the opt-out", p)
			}
		}},
		{"addresses deduplicated by normalised value", nil, func(t *testing.T, m merge.Merge) {
			want := []merge.Address{
				{Line1: "1200 SW Main St", City: "Portland", State: "OR", Zip: "97205", IsPreferred: true},
				{Line1: "9 Oak Ave", City: "Salem", State: "OR", Zip: "97301"},
			}
			if diff := cmp.Diff(want, m.Survivor.Addresses); diff != "" {
				t.Errorf("addresses (-want +got):\n%s", diff)
			}
		}},
		{"tags: both, once", nil, func(t *testing.T, m merge.Merge) {
			if diff := cmp.Diff([]string{"vip", "service"}, m.Survivor.Tags); diff != "" {
				t.Errorf("tags (-want +got):\n%s", diff)
			}
		}},
		{"opt-outs never lost, hot when either is", nil, func(t *testing.T, m merge.Merge) {
			if s := m.Survivor; !s.IsDoNotCall || !s.IsMarkedHot || s.IsDoNotEmail || s.IsDoNotText || s.IsDoNotMail || s.OptOutAll {
				t.Errorf("flags = %+v", s)
			}
		}},
		{"the survivor's opt-outs kept", func(s, o *merge.Contact) { s.OptOutAll, s.IsDoNotText = true, true }, func(t *testing.T, m merge.Merge) {
			if s := m.Survivor; !s.OptOutAll || !s.IsDoNotText {
				t.Errorf("flags = %+v", s)
			}
		}},
		{"records moved, none twice", nil, func(t *testing.T, m merge.Merge) {
			want := merge.Moved{
				Vehicles: []merge.Ref{{ID: "v2", Label: "2015 Honda Civic"}}, Leads: []merge.Ref{{ID: "l2"}},
				Notes: []merge.Ref{{ID: "n1"}}, Tasks: []merge.Ref{{ID: "t1"}}, Activities: []merge.Ref{{ID: "a1"}, {ID: "a2"}},
			}
			if diff := cmp.Diff(want, m.Moved); diff != "" {
				t.Errorf("moved (-want +got):\n%s", diff)
			}
			s := m.Survivor
			if len(s.Vehicles) != 2 || len(s.Leads) != 2 || len(s.Notes) != 1 || len(s.Tasks) != 1 || len(s.Activities) != 2 {
				t.Errorf("survivor's records = %d vehicles, %d leads, %d notes, %d tasks, %d activities", len(s.Vehicles), len(s.Leads), len(s.Notes), len(s.Tasks), len(s.Activities))
			}
		}},
		{"the merged contact as read", nil, func(t *testing.T, m merge.Merge) {
			if diff := cmp.Diff(other(), m.Merged); diff != "" {
				t.Errorf("merged (-want +got):\n%s", diff)
			}
		}},
		{"identity and store are the survivor's", func(s, o *merge.Contact) { s.Version, o.Version = 4, 9 }, func(t *testing.T, m merge.Merge) {
			if s := m.Survivor; s.ContactID != 1 || s.AccountPlatformID != 2001 || s.Version != 4 || m.Merged.Version != 9 {
				t.Errorf("survivor %d at %d v%d, merged v%d", s.ContactID, s.AccountPlatformID, s.Version, m.Merged.Version)
			}
		}},
		{"change log", nil, func(t *testing.T, m merge.Merge) {
			fields := map[string]merge.Change{}
			for _, c := range m.Changes {
				fields[c.Field] = c
			}
			for _, f := range []string{"middleName", "nickName", "birthDate", "emails", "phones", "addresses", "tags", "isDoNotCall", "isMarkedHot", "vehicles", "leads", "notes", "tasks", "activities"} {
				if _, ok := fields[f]; !ok {
					t.Errorf("no change of %s in %+v", f, m.Changes)
				}
			}
			for _, f := range []string{"firstName", "lastName", "isDoNotEmail", "optOutAll"} {
				if c, ok := fields[f]; ok {
					t.Errorf("change of unchanged %s: %+v", f, c)
				}
			}
			if c := fields["birthDate"]; c.NewValue != "1984-06-12" {
				t.Errorf("birth date change = %+v", c)
			}
			if c := fields["vehicles"]; c.NewValue != "1 moved from customer 2" {
				t.Errorf("vehicles change = %+v", c)
			}
		}},
		{"merging a contact into its copy changes nothing", func(s, o *merge.Contact) { *o = *s; o.ContactID = 2 }, func(t *testing.T, m merge.Merge) {
			if len(m.Changes) != 0 {
				t.Errorf("changes = %+v, want none", m.Changes)
			}
			want := survivor()
			if diff := cmp.Diff(want, m.Survivor, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("survivor (-want +got):\n%s", diff)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, o := survivor(), other()
			if tt.edit != nil {
				tt.edit(&s, &o)
			}
			tt.check(t, merge.Plan(s, o))
		})
	}
}

func TestPlanDoesNotChangeItsInputs(t *testing.T) {
	t.Parallel()
	s, o := survivor(), other()
	merge.Plan(s, o)
	if diff := cmp.Diff(survivor(), s); diff != "" {
		t.Errorf("survivor changed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(other(), o); diff != "" {
		t.Errorf("other changed (-want +got):\n%s", diff)
	}
}
