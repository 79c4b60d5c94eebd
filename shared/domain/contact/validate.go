package contact

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/value/email"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/cxm/cxm/shared/value/vin"
)

// Limits of a contact's lists and texts. They keep a contact and its search entries within
// one transaction (see the package documentation).
const (
	MaxEmails      = 10
	MaxPhones      = 10
	MaxAddresses   = 5
	MaxNotes       = 100
	MaxTags        = 25
	MaxEmployments = 5
	MaxIncomes     = 10
	MaxBanks       = 5
	MaxInsurance   = 5
	MaxVehicles    = 10
	MaxName        = 100
	MaxBusiness    = 200
	MaxText        = 200
	MaxNoteText    = 4000
)

// Messages of the validation rules that the spec does not word.
const (
	MsgStore   = "Choose the contact's store."
	MsgName    = "Enter a first name, last name or business name."
	MsgCountry = "Choose US, CA, GB or FR."
	MsgSSN     = "Invalid SSN"
	MsgDate    = "Invalid date"
	MsgVIN     = "Invalid VIN"
	// MsgVINSearch refuses a search VIN that is neither a whole VIN nor its last 6 to 8
	// characters.
	MsgVINSearch    = "Enter a whole VIN or its last 6 to 8 characters."
	MsgStockNumber  = "Invalid stock number"
	MsgAccount      = "Invalid account number"
	MsgRouting      = "Invalid routing number"
	MsgNoteText     = "Enter the note's text."
	MsgTag          = "Choose a tag."
	MsgUnknownTag   = "The tag does not exist."
	MsgInvalidValue = "Invalid value"
)

// NotValid is the message of a rejected save; its fields say what is wrong.
const NotValid = "The contact is not valid."

var stockPattern = regexp.MustCompile(`^[A-Z0-9-]{1,20}$`)

// Normalize validates c by the rules of section 5 and returns it normalised: blanks trimmed,
// e-mail addresses lower-cased, phones reduced to their digits (phones without a value are
// dropped), extensions to their digits, dates to YYYY-MM-DD, SSNs to ###-##-####, VINs and
// stock numbers upper-cased, defaults applied (contact type 1, SMS opt-in status 1). A contact
// that breaks any rule is an Invalid error whose fields name every bad field by its path
// (phones[1].phone), indexed as the caller sent the lists. Masked sensitive values (with an
// asterisk) pass unchanged: saving one keeps the stored value. Normalize of a result returns it
// unchanged.
func Normalize(c Contact) (Contact, error) {
	v := validator{fields: map[string]string{}}
	if c.AccountPlatformID < 1 {
		v.add("accountPlatformId", MsgStore)
	}
	c.FirstName = v.text("firstName", c.FirstName, MaxName)
	c.MiddleName = v.text("middleName", c.MiddleName, MaxName)
	c.LastName = v.text("lastName", c.LastName, MaxName)
	c.NickName = v.text("nickName", c.NickName, MaxName)
	c.Suffix = v.text("suffix", c.Suffix, 20)
	c.BusinessName = v.text("businessName", c.BusinessName, MaxBusiness)
	if c.FirstName == "" && c.LastName == "" && c.BusinessName == "" && v.fields["lastName"] == "" {
		v.add("lastName", MsgName)
	}
	c.DealerCode = v.text("dealerCode", c.DealerCode, 50)
	if c.ContactTypeID == 0 {
		c.ContactTypeID = TypeIndividual
	}
	if c.ContactTypeID < TypeIndividual || c.ContactTypeID > TypeBusiness {
		v.add("contactTypeId", MsgInvalidValue)
	}
	if c.SMSOptInStatusID == 0 {
		c.SMSOptInStatusID = SMSNotRequested
	}
	if c.SMSOptInStatusID < SMSNotRequested || c.SMSOptInStatusID > SMSOptedOut {
		v.add("smsOptInStatusId", MsgInvalidValue)
	}
	c.Gender = v.text("gender", c.Gender, 20)
	c.MaritalStatus = v.text("maritalStatus", c.MaritalStatus, 20)
	c.PreferredTimeOfDay = v.text("preferredTimeOfDay", c.PreferredTimeOfDay, 20)
	c.PreferredDayOfWeek = v.text("preferredDayOfWeek", c.PreferredDayOfWeek, 20)
	c.AvatarURL = v.text("avatarUrl", c.AvatarURL, 1000)
	c.CxmPurl = v.text("cxmPurl", c.CxmPurl, 1000)
	v.birth(&c)

	c.Emails = v.emails(c.Emails)
	c.Phones = v.phones(c.Phones)
	c.Addresses = v.addresses("addresses", c.Addresses)
	c.PreviousAddress = v.addresses("previousAddress", c.PreviousAddress)
	c.Notes = v.notes(c.Notes)
	c.Tags = v.tags(c.Tags)
	c.Employments = v.employments(c.Employments)
	c.AdditionalIncomes = v.incomes(c.AdditionalIncomes)
	c.Banks = v.banks(c.Banks)
	c.Insurance = v.insurance(c.Insurance)
	c.Vehicles = v.vehicles(c.Vehicles)

	c.SSN = v.ssn(c.SSN)
	dl := &c.DriverLicense
	dl.Number = strings.ToUpper(v.text("driverLicense.number", dl.Number, 30))
	dl.IssueDate = v.date("driverLicense.issueDate", dl.IssueDate)
	dl.ExpirationDate = v.date("driverLicense.expirationDate", dl.ExpirationDate)
	dl.FrontImagePath = v.text("driverLicense.frontImagePath", dl.FrontImagePath, 1000)
	dl.BackImagePath = v.text("driverLicense.backImagePath", dl.BackImagePath, 1000)

	if len(v.fields) > 0 {
		return Contact{}, apperr.InvalidFields(NotValid, v.fields)
	}
	return c, nil
}

type validator struct {
	fields map[string]string
}

func (v *validator) add(path, msg string) {
	if _, ok := v.fields[path]; !ok {
		v.fields[path] = msg
	}
}

// text trims s, collapses its inner blanks and checks its length.
func (v *validator) text(path, s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if !utf8.ValidString(s) {
		v.add(path, MsgInvalidValue)
		return ""
	}
	if utf8.RuneCountInString(s) > max {
		v.add(path, fmt.Sprintf("At most %d characters.", max))
	}
	return s
}

func (v *validator) tooMany(path string, n, max int) bool {
	if n > max {
		v.add(path, fmt.Sprintf("At most %d entries.", max))
		return true
	}
	return false
}

func (v *validator) birth(c *Contact) {
	if c.BirthMonth < 0 || c.BirthMonth > 12 {
		v.add("birthMonth", MsgInvalidValue)
	}
	if c.BirthDay < 0 || c.BirthDay > 31 {
		v.add("birthDay", MsgInvalidValue)
	}
	if c.BirthYear != 0 && (c.BirthYear < 1900 || c.BirthYear > time.Now().Year()) {
		v.add("birthYear", MsgInvalidValue)
	}
	if c.BirthMonth > 0 && c.BirthDay > 0 {
		year := c.BirthYear
		if year == 0 {
			year = 2000 // a leap year: 29 February is a valid birthday without a year
		}
		if t := time.Date(year, time.Month(c.BirthMonth), c.BirthDay, 0, 0, 0, 0, time.UTC); t.Day() != c.BirthDay {
			v.add("birthDay", MsgInvalidValue)
		}
	}
}

func (v *validator) emails(in []Email) []Email {
	if v.tooMany("emails", len(in), MaxEmails) {
		return nil
	}
	out := []Email{}
	seen := map[string]bool{}
	for i, e := range in {
		if strings.TrimSpace(e.Email) == "" {
			continue
		}
		n, ok := email.Normalize(e.Email)
		if !ok {
			v.add(fmt.Sprintf("emails[%d].email", i), email.Invalid)
			continue
		}
		if seen[n] {
			continue
		}
		seen[n] = true
		e.Email = n
		out = append(out, e)
	}
	return out
}

func (v *validator) phones(in []Phone) []Phone {
	if v.tooMany("phones", len(in), MaxPhones) {
		return nil
	}
	out := []Phone{}
	for i, p := range in {
		at := fmt.Sprintf("phones[%d].", i)
		if strings.TrimSpace(p.Phone) == "" {
			continue
		}
		country := ""
		if p.CC != nil && (p.CC.Abbr != "" || p.CC.ID != 0) {
			c, ok := phone.CountryByAbbr(p.CC.Abbr)
			if !ok {
				for _, cand := range phone.Countries() {
					if cand.ID == p.CC.ID {
						c, ok = cand, true
					}
				}
			}
			if !ok {
				v.add(at+"cc", MsgCountry)
				continue
			}
			p.CC, country = &c, c.Abbr
		} else {
			p.CC = nil
		}
		d, err := phone.Normalize(p.Phone, country)
		if err != nil {
			v.add(at+"phone", err.Error())
		}
		raw := p.Ext
		if strings.TrimSpace(raw) == "" {
			raw = p.Extension
		}
		ext, err := phone.NormalizeExtension(raw)
		if err != nil {
			v.add(at+"ext", err.Error())
		}
		if p.PhoneTypeID == 0 {
			p.PhoneTypeID = phone.TypeUnknown
			if p.IsMobile {
				p.PhoneTypeID = phone.TypeCell
			}
		}
		if p.PhoneTypeID < phone.TypeCell || p.PhoneTypeID > phone.TypeUnknown {
			v.add(at+"phoneTypeId", MsgInvalidValue)
		}
		if p.PhoneTypeID == phone.TypeCell {
			p.IsMobile = true
		}
		p.Phone, p.Ext, p.Extension = d, ext, ext
		p.PhoneDisplay, p.Label = "", ""
		p.ContactPhoneID, p.ContactID, p.AccountID, p.AccountPlatformID = 0, 0, 0, 0
		out = append(out, p)
	}
	return out
}

func (v *validator) addresses(path string, in []Address) []Address {
	if v.tooMany(path, len(in), MaxAddresses) {
		return nil
	}
	out := make([]Address, 0, len(in))
	for i, a := range in {
		at := fmt.Sprintf("%s[%d].", path, i)
		a.AddressLine1 = v.text(at+"addressLine1", a.AddressLine1, MaxText)
		a.AddressLine2 = v.text(at+"addressLine2", a.AddressLine2, MaxText)
		a.City = v.text(at+"city", a.City, MaxName)
		a.StateProvince = v.text(at+"stateProvince", a.StateProvince, 50)
		a.PostalCode = strings.ToUpper(v.text(at+"postalCode", a.PostalCode, 20))
		a.Country = v.text(at+"country", a.Country, 50)
		a.County = v.text(at+"county", a.County, MaxName)
		if a.YearsAtAddress < 0 || a.YearsAtAddress > 150 {
			v.add(at+"yearsAtAddress", MsgInvalidValue)
		}
		if a.MonthsAtAddress < 0 || a.MonthsAtAddress > 11 {
			v.add(at+"monthsAtAddress", MsgInvalidValue)
		}
		if a == (Address{AddressTypeID: a.AddressTypeID}) {
			continue
		}
		out = append(out, a)
	}
	return out
}

func (v *validator) notes(in []Note) []Note {
	if v.tooMany("notes", len(in), MaxNotes) {
		return nil
	}
	out := make([]Note, 0, len(in))
	for i, n := range in {
		at := fmt.Sprintf("notes[%d].text", i)
		n.Text = strings.TrimSpace(n.Text)
		switch {
		case n.Text == "":
			v.add(at, MsgNoteText)
		case utf8.RuneCountInString(n.Text) > MaxNoteText, !utf8.ValidString(n.Text):
			v.add(at, fmt.Sprintf("At most %d characters.", MaxNoteText))
		}
		out = append(out, n)
	}
	return out
}

func (v *validator) tags(in []Tag) []Tag {
	if v.tooMany("tags", len(in), MaxTags) {
		return nil
	}
	out := make([]Tag, 0, len(in))
	seen := map[int64]bool{}
	for i, t := range in {
		if t.TagID < 1 {
			v.add(fmt.Sprintf("tags[%d].tagId", i), MsgTag)
			continue
		}
		t.Name = v.text(fmt.Sprintf("tags[%d].name", i), t.Name, MaxName)
		if !seen[t.TagID] {
			seen[t.TagID] = true
			out = append(out, t)
		}
	}
	return out
}

func (v *validator) employments(in []Employment) []Employment {
	if v.tooMany("employments", len(in), MaxEmployments) {
		return nil
	}
	out := make([]Employment, 0, len(in))
	for i, e := range in {
		at := fmt.Sprintf("employments[%d].", i)
		e.EmployerName = v.text(at+"employerName", e.EmployerName, MaxBusiness)
		e.JobTitle = v.text(at+"jobTitle", e.JobTitle, MaxName)
		e.Phone = v.optionalPhone(at+"phone", e.Phone)
		if e.MonthlyIncome < 0 {
			v.add(at+"monthlyIncome", MsgInvalidValue)
		}
		if e.YearsEmployed < 0 || e.YearsEmployed > 100 {
			v.add(at+"yearsEmployed", MsgInvalidValue)
		}
		if e.MonthsEmployed < 0 || e.MonthsEmployed > 11 {
			v.add(at+"monthsEmployed", MsgInvalidValue)
		}
		out = append(out, e)
	}
	return out
}

func (v *validator) incomes(in []Income) []Income {
	if v.tooMany("additionalIncomes", len(in), MaxIncomes) {
		return nil
	}
	out := make([]Income, 0, len(in))
	for i, inc := range in {
		at := fmt.Sprintf("additionalIncomes[%d].", i)
		inc.Description = v.text(at+"description", inc.Description, MaxText)
		if inc.Amount < 0 {
			v.add(at+"amount", MsgInvalidValue)
		}
		out = append(out, inc)
	}
	return out
}

func (v *validator) banks(in []Bank) []Bank {
	if v.tooMany("banks", len(in), MaxBanks) {
		return nil
	}
	out := make([]Bank, 0, len(in))
	for i, b := range in {
		at := fmt.Sprintf("banks[%d].", i)
		b.BankName = v.text(at+"bankName", b.BankName, MaxBusiness)
		b.AccountNumber = v.digits(at+"accountNumber", b.AccountNumber, 4, 17, MsgAccount)
		b.RoutingNumber = v.digits(at+"routingNumber", b.RoutingNumber, 9, 9, MsgRouting)
		out = append(out, b)
	}
	return out
}

func (v *validator) insurance(in []Insurance) []Insurance {
	if v.tooMany("insurance", len(in), MaxInsurance) {
		return nil
	}
	out := make([]Insurance, 0, len(in))
	for i, p := range in {
		at := fmt.Sprintf("insurance[%d].", i)
		p.CompanyName = v.text(at+"companyName", p.CompanyName, MaxBusiness)
		p.PolicyNumber = v.text(at+"policyNumber", p.PolicyNumber, 50)
		p.AgentName = v.text(at+"agentName", p.AgentName, MaxName)
		p.AgentPhone = v.optionalPhone(at+"agentPhone", p.AgentPhone)
		p.ExpirationDate = v.date(at+"expirationDate", p.ExpirationDate)
		out = append(out, p)
	}
	return out
}

func (v *validator) vehicles(in []Vehicle) []Vehicle {
	if v.tooMany("vehicles", len(in), MaxVehicles) {
		return nil
	}
	out := make([]Vehicle, 0, len(in))
	for i, x := range in {
		at := fmt.Sprintf("vehicles[%d].", i)
		if x.VIN != "" {
			x.VIN = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(x.VIN), " ", ""))
			if !vin.Valid(x.VIN) {
				v.add(at+"vin", MsgVIN)
			}
		}
		if x.StockNumber = strings.ToUpper(strings.TrimSpace(x.StockNumber)); x.StockNumber != "" && !stockPattern.MatchString(x.StockNumber) {
			v.add(at+"stockNumber", MsgStockNumber)
		}
		x.Make = v.text(at+"make", x.Make, 50)
		x.Model = v.text(at+"model", x.Model, 50)
		if x.Year != 0 && (x.Year < 1900 || x.Year > time.Now().Year()+2) {
			v.add(at+"year", MsgInvalidValue)
		}
		if x == (Vehicle{}) {
			continue
		}
		out = append(out, x)
	}
	return out
}

// optionalPhone checks a phone number of a sub-record (an employer's, an agent's) by the entry
// rule, without a country.
func (v *validator) optionalPhone(path, s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	d, err := phone.Normalize(s, "")
	if err != nil {
		v.add(path, err.Error())
		return ""
	}
	return d
}

// ssn accepts 9 digits, with or without blanks and hyphens, as ###-##-####.
func (v *validator) ssn(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || IsMasked(s) {
		return s
	}
	d := strings.NewReplacer("-", "", " ", "").Replace(s)
	if len(d) != 9 || digitsOf(d) != d {
		v.add("ssn", MsgSSN)
		return ""
	}
	return d[:3] + "-" + d[3:5] + "-" + d[5:]
}

// digits accepts min to max digits (blanks and hyphens ignored), or a masked value.
func (v *validator) digits(path, s string, min, max int, msg string) string {
	s = strings.TrimSpace(s)
	if s == "" || IsMasked(s) {
		return s
	}
	d := strings.NewReplacer("-", "", " ", "").Replace(s)
	if len(d) < min || len(d) > max || digitsOf(d) != d {
		v.add(path, msg)
		return ""
	}
	return d
}

var datePattern = regexp.MustCompile(`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$`)

// date accepts YYYY-MM-DD, an RFC 3339 timestamp (its date) and the M/D/YYYY variants (one or
// two digits for the month and day; slashes, hyphens or dots), and returns YYYY-MM-DD.
func (v *validator) date(path, s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.Format(time.DateOnly)
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.Format(time.DateOnly)
	}
	if m := datePattern.FindStringSubmatch(s); m != nil {
		month, _ := strconv.Atoi(m[1])
		day, _ := strconv.Atoi(m[2])
		year, _ := strconv.Atoi(m[3])
		t := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
		if month >= 1 && month <= 12 && t.Day() == day && t.Month() == time.Month(month) {
			return t.Format(time.DateOnly)
		}
	}
	v.add(path, MsgDate)
	return ""
}
