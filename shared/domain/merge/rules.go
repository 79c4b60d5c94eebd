package merge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Origin locates an entry in the contact it was read from, so the adapter that writes a merge
// back can keep what the merge view leaves out. The rules carry it along unchanged.
type Origin struct {
	ContactID int64
	Index     int
}

// Email is a contact's e-mail address.
type Email struct {
	Email       string `json:"email"`
	IsPreferred bool   `json:"isPreferred"`
	OptOut      bool   `json:"optOut"`
	Origin      Origin `json:"-"`
}

// Phone is a contact's phone number.
type Phone struct {
	// Phone is the number's digits (or as entered); Ext its extension.
	Phone string `json:"phone"`
	Ext   string `json:"ext,omitempty"`
	// CountryCode is the dialling code without the plus ("1", "44"); "" means 1.
	CountryCode string `json:"countryCode,omitempty"`
	PhoneTypeID int    `json:"phoneTypeId"`
	IsMobile    bool   `json:"isMobile"`
	IsPreferred bool   `json:"isPreferred"`
	OptOut      bool   `json:"optOut"`
	OptOutSMS   bool   `json:"optOutSms"`
	Origin      Origin `json:"-"`
}

// The phone type the merge treats as unknown (besides 0).
const phoneTypeUnknown = 4

// Address is a contact's postal address.
type Address struct {
	Line1       string `json:"line1"`
	Line2       string `json:"line2,omitempty"`
	City        string `json:"city"`
	State       string `json:"state"`
	Zip         string `json:"zip"`
	Country     string `json:"country,omitempty"`
	IsPreferred bool   `json:"isPreferred"`
	Origin      Origin `json:"-"`
}

// Ref names a record that belongs to a contact (a vehicle, lead, note, task or activity).
type Ref struct {
	ID string `json:"id"`
	// Label describes the record for people (a vehicle's year, make and model; a note's date).
	Label string `json:"label,omitempty"`
}

// Contact is the part of a contact a merge reads and writes.
type Contact struct {
	ContactID         int64
	AccountPlatformID int64
	// Version is the version the contact was read at; the merge is refused when it changed.
	Version      int64
	FirstName    string
	MiddleName   string
	LastName     string
	NickName     string
	BusinessName string
	Suffix       string
	BirthMonth   int
	BirthDay     int
	BirthYear    int
	Gender       string

	Emails    []Email
	Phones    []Phone
	Addresses []Address
	Tags      []string

	IsDoNotCall  bool
	IsDoNotEmail bool
	IsDoNotText  bool
	IsDoNotMail  bool
	OptOutAll    bool
	// SMSOptedOut reports an SMS opt-out.
	SMSOptedOut bool
	IsMarkedHot bool

	Vehicles   []Ref
	Leads      []Ref
	Notes      []Ref
	Tasks      []Ref
	Activities []Ref
}

// Moved are the records of the merged contact that move to the survivor.
type Moved struct {
	Vehicles   []Ref
	Leads      []Ref
	Notes      []Ref
	Tasks      []Ref
	Activities []Ref
}

// Change is one field of the survivor the merge changes, for the change log.
type Change struct {
	Field    string `json:"field"`
	OldValue string `json:"oldValue"`
	NewValue string `json:"newValue"`
}

// Merge is what a merge writes: the survivor as it becomes, the contact merged into it as it
// was read (to retire it), the records that move and the survivor's changes.
type Merge struct {
	Survivor Contact
	Merged   Contact
	Moved    Moved
	Changes  []Change
}

// Plan merges other into survivor:
//   - names, birth date and gender: the survivor's value, or the other's where the survivor
//     has none;
//   - emails, phones and addresses: the survivor's followed by the other's that are not the
//     same once normalised (EmailKey, PhoneKey, AddressKey); a duplicate keeps the survivor's
//     entry with the opt-outs of both; one preferred entry of each kind, the survivor's if it
//     has one;
//   - tags: both, once each;
//   - do-not and opt-out flags: set when either contact has them (an opt-out is never lost);
//     marked hot when either is;
//   - vehicles, leads, notes, tasks and activity: the other's move to the survivor.
func Plan(survivor, other Contact) Merge {
	survivor, other = filled(survivor), filled(other)
	out := survivor
	var changes []Change
	text := func(field string, dst *string, src string) {
		if strings.TrimSpace(*dst) == "" && strings.TrimSpace(src) != "" {
			changes = append(changes, Change{Field: field, OldValue: *dst, NewValue: src})
			*dst = src
		}
	}
	flag := func(field string, dst *bool, src bool) {
		if !*dst && src {
			changes = append(changes, Change{Field: field, OldValue: "false", NewValue: "true"})
			*dst = true
		}
	}
	text("firstName", &out.FirstName, other.FirstName)
	text("middleName", &out.MiddleName, other.MiddleName)
	text("lastName", &out.LastName, other.LastName)
	text("nickName", &out.NickName, other.NickName)
	text("businessName", &out.BusinessName, other.BusinessName)
	text("suffix", &out.Suffix, other.Suffix)
	text("gender", &out.Gender, other.Gender)
	if out.BirthYear == 0 && out.BirthMonth == 0 && out.BirthDay == 0 && (other.BirthYear != 0 || other.BirthMonth != 0 || other.BirthDay != 0) {
		changes = append(changes, Change{Field: "birthDate", OldValue: "", NewValue: birthDate(other)})
		out.BirthYear, out.BirthMonth, out.BirthDay = other.BirthYear, other.BirthMonth, other.BirthDay
	}

	out.Emails = mergeList(survivor.Emails, other.Emails, func(e Email) string { return EmailKey(e.Email) },
		func(keep *Email, dup Email) { keep.OptOut = keep.OptOut || dup.OptOut },
		func(e *Email) *bool { return &e.IsPreferred })
	out.Phones = mergeList(survivor.Phones, other.Phones, PhoneKey,
		func(keep *Phone, dup Phone) {
			keep.OptOut = keep.OptOut || dup.OptOut
			keep.OptOutSMS = keep.OptOutSMS || dup.OptOutSMS
			keep.IsMobile = keep.IsMobile || dup.IsMobile
			if keep.PhoneTypeID == 0 || keep.PhoneTypeID == phoneTypeUnknown {
				keep.PhoneTypeID = dup.PhoneTypeID
			}
		},
		func(p *Phone) *bool { return &p.IsPreferred })
	out.Addresses = mergeList(survivor.Addresses, other.Addresses, AddressKey, func(*Address, Address) {},
		func(a *Address) *bool { return &a.IsPreferred })
	listChange := func(field string, before, after []string) {
		if !slices.Equal(before, after) {
			changes = append(changes, Change{Field: field, OldValue: strings.Join(before, "; "), NewValue: strings.Join(after, "; ")})
		}
	}
	listChange("emails", describe(survivor.Emails, func(e Email) string { return e.Email }), describe(out.Emails, func(e Email) string { return e.Email }))
	listChange("phones", describe(survivor.Phones, phoneText), describe(out.Phones, phoneText))
	listChange("addresses", describe(survivor.Addresses, addressText), describe(out.Addresses, addressText))

	out.Tags = slices.Clone(survivor.Tags)
	for _, tag := range other.Tags {
		if !slices.Contains(out.Tags, tag) {
			out.Tags = append(out.Tags, tag)
		}
	}
	listChange("tags", survivor.Tags, out.Tags)

	flag("isDoNotCall", &out.IsDoNotCall, other.IsDoNotCall)
	flag("isDoNotEmail", &out.IsDoNotEmail, other.IsDoNotEmail)
	flag("isDoNotText", &out.IsDoNotText, other.IsDoNotText)
	flag("isDoNotMail", &out.IsDoNotMail, other.IsDoNotMail)
	flag("optOutAll", &out.OptOutAll, other.OptOutAll)
	flag("smsOptOut", &out.SMSOptedOut, other.SMSOptedOut)
	flag("isMarkedHot", &out.IsMarkedHot, other.IsMarkedHot)

	moved := Moved{
		Vehicles: moveRefs(survivor.Vehicles, other.Vehicles), Leads: moveRefs(survivor.Leads, other.Leads),
		Notes: moveRefs(survivor.Notes, other.Notes), Tasks: moveRefs(survivor.Tasks, other.Tasks),
		Activities: moveRefs(survivor.Activities, other.Activities),
	}
	out.Vehicles = append(slices.Clone(survivor.Vehicles), moved.Vehicles...)
	out.Leads = append(slices.Clone(survivor.Leads), moved.Leads...)
	out.Notes = append(slices.Clone(survivor.Notes), moved.Notes...)
	out.Tasks = append(slices.Clone(survivor.Tasks), moved.Tasks...)
	out.Activities = append(slices.Clone(survivor.Activities), moved.Activities...)
	for _, m := range []struct {
		field string
		refs  []Ref
	}{{"vehicles", moved.Vehicles}, {"leads", moved.Leads}, {"notes", moved.Notes}, {"tasks", moved.Tasks}, {"activities", moved.Activities}} {
		if len(m.refs) > 0 {
			changes = append(changes, Change{Field: m.field, OldValue: "", NewValue: fmt.Sprintf("%d moved from customer %d", len(m.refs), other.ContactID)})
		}
	}
	return Merge{Survivor: out, Merged: other, Moved: moved, Changes: nonNil(changes)}
}

// mergeList returns the entries of keep followed by those of add, once per key: a later entry
// with the key of an earlier one is folded into it. Entries of keep without a key stay as they
// are; entries of add without a key (a phone without a number) are dropped. One entry stays
// preferred: the first the survivor (keep) prefers, else the first the other contact prefers.
func mergeList[T any](keep, add []T, key func(T) string, fold func(*T, T), preferred func(*T) *bool) []T {
	out := make([]T, 0, len(keep)+len(add))
	rank := make([]int, 0, len(keep)+len(add)) // 2: the survivor prefers it, 1: the other does
	index := map[string]int{}
	for i, e := range append(slices.Clone(keep), add...) {
		fromOther := i >= len(keep)
		r := 0
		if *preferred(&e) {
			r = 2
			if fromOther {
				r = 1
			}
		}
		k := key(e)
		if j, dup := index[k]; dup && k != "" {
			fold(&out[j], e)
			rank[j] = max(rank[j], r)
			continue
		}
		if k == "" && fromOther {
			continue
		}
		if k != "" {
			index[k] = len(out)
		}
		out = append(out, e)
		rank = append(rank, r)
	}
	chosen := -1
	for want := 2; want >= 1 && chosen < 0; want-- {
		chosen = slices.Index(rank, want)
	}
	for i := range out {
		*preferred(&out[i]) = i == chosen
	}
	return out
}

// moveRefs returns the refs of other that the survivor does not have already.
func moveRefs(survivor, other []Ref) []Ref {
	out := []Ref{}
	for _, r := range other {
		if !slices.ContainsFunc(survivor, func(s Ref) bool { return s.ID == r.ID }) &&
			!slices.ContainsFunc(out, func(s Ref) bool { return s.ID == r.ID }) {
			out = append(out, r)
		}
	}
	return out
}

// EmailKey is an address's normalised value: trimmed and lower-cased; "" for none.
func EmailKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// PhoneKey is a phone's normalised value: the country code ("" counts as 1), the digits
// without a leading 1 of North American 11-digit numbers, and the extension's digits; "" for a
// phone without digits.
func PhoneKey(p Phone) string {
	d := onlyDigits(p.Phone)
	if d == "" {
		return ""
	}
	cc := onlyDigits(p.CountryCode)
	if cc == "" {
		cc = "1"
	}
	if cc == "1" && len(d) == 11 && d[0] == '1' {
		d = d[1:]
	}
	return cc + "|" + d + "|" + strings.TrimLeft(onlyDigits(p.Ext), "0")
}

// addressWords maps the spellings of common address words to the postal abbreviation.
var addressWords = map[string]string{
	"STREET": "ST", "AVENUE": "AVE", "AV": "AVE", "ROAD": "RD", "DRIVE": "DR", "BOULEVARD": "BLVD",
	"LANE": "LN", "COURT": "CT", "PLACE": "PL", "TERRACE": "TER", "HIGHWAY": "HWY", "PARKWAY": "PKWY",
	"CIRCLE": "CIR", "SQUARE": "SQ", "TRAIL": "TRL", "WAY": "WAY", "SUITE": "STE", "APARTMENT": "APT",
	"UNIT": "UNIT", "BUILDING": "BLDG", "FLOOR": "FL", "NORTH": "N", "SOUTH": "S", "EAST": "E", "WEST": "W",
	"NORTHEAST": "NE", "NORTHWEST": "NW", "SOUTHEAST": "SE", "SOUTHWEST": "SW",
}

// AddressKey is an address's normalised value: the street lines, city and state upper-cased
// with punctuation removed, spaces collapsed and common words abbreviated as the postal service
// does ("Street" and "St." are one), and the ZIP code's first five digits (a Canadian postal
// code without its space); "" for an address without a street.
func AddressKey(a Address) string {
	street := normWords(a.Line1 + " " + a.Line2)
	if street == "" {
		return ""
	}
	zip := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(a.Zip), " ", ""))
	if d := onlyDigits(zip); len(d) >= 5 && len(d) == len(strings.ReplaceAll(zip, "-", "")) {
		zip = d[:5]
	}
	return street + "|" + normWords(a.City) + "|" + normWords(a.State) + "|" + zip
}

func normWords(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r):
			return unicode.ToUpper(r)
		case r == '#':
			return ' '
		}
		return ' '
	}, s)
	words := strings.Fields(s)
	for i, w := range words {
		if abbr, ok := addressWords[w]; ok {
			words[i] = abbr
		}
	}
	return strings.Join(words, " ")
}

func onlyDigits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func describe[T any](list []T, text func(T) string) []string {
	out := make([]string, 0, len(list))
	for _, e := range list {
		out = append(out, text(e))
	}
	return out
}

func phoneText(p Phone) string {
	s := p.Phone
	if p.CountryCode != "" && p.CountryCode != "1" {
		s = "+" + p.CountryCode + " " + s
	}
	if p.Ext != "" {
		s += " x" + p.Ext
	}
	return s
}

func addressText(a Address) string {
	parts := []string{}
	for _, p := range []string{a.Line1, a.Line2, a.City, a.State, a.Zip} {
		if strings.TrimSpace(p) != "" {
			parts = append(parts, strings.TrimSpace(p))
		}
	}
	return strings.Join(parts, ", ")
}

func birthDate(c Contact) string {
	part := func(n, width int) string {
		if n == 0 {
			return strings.Repeat("?", width)
		}
		return fmt.Sprintf("%0*s", width, strconv.Itoa(n))
	}
	return part(c.BirthYear, 4) + "-" + part(c.BirthMonth, 2) + "-" + part(c.BirthDay, 2)
}

// filled returns c with empty lists for nil ones, so a merge's lists are never null.
func filled(c Contact) Contact {
	c.Emails, c.Phones, c.Addresses, c.Tags = nonNil(c.Emails), nonNil(c.Phones), nonNil(c.Addresses), nonNil(c.Tags)
	c.Vehicles, c.Leads, c.Notes, c.Tasks, c.Activities = nonNil(c.Vehicles), nonNil(c.Leads), nonNil(c.Notes), nonNil(c.Tasks), nonNil(c.Activities)
	return c
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
