package contact

import (
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/value/phone"
)

// Contact types (contactTypeId).
const (
	TypeIndividual = 1
	TypeBusiness   = 2
)

// SMS opt-in statuses (smsOptInStatusId). A new contact's status is SMSNotRequested.
const (
	SMSNotRequested = 1
	SMSRequested    = 2
	SMSOptedIn      = 3
	SMSOptedOut     = 4
)

// Contact is a customer of one store (account platform) of a dealer group, with every field
// and list of the profile. The sensitive fields (SSN, the driver licence number, bank account
// and routing numbers) are plaintext here; the repository encrypts them at rest, and every
// caller receives them masked (see Masked): a whole value is only ever given by an explicit,
// audited reveal (see RevealRoles).
type Contact struct {
	_ struct{} `additionalProperties:"true"`

	ID      int64 `json:"id" required:"false" doc:"The contact's id; 0 (or absent) saves a new contact."`
	Version int64 `json:"version" required:"false" doc:"The version the contact was read at; required to save an existing contact. A stale version is refused with 409 and nothing changes."`

	AccountID         int64  `json:"accountId" required:"false" readOnly:"true"`
	AccountPlatformID int64  `json:"accountPlatformId" required:"false" doc:"The store the contact belongs to; required to save."`
	DealerID          string `json:"dealerId" required:"false" readOnly:"true" doc:"The store's dealer id."`
	DealerCode        string `json:"dealerCode" required:"false" maxLength:"50"`

	ContactTypeID int    `json:"contactTypeId" required:"false" doc:"1 individual (the default), 2 business."`
	PrefixTypeID  int    `json:"prefixTypeId" required:"false"`
	FirstName     string `json:"firstName" required:"false"`
	MiddleName    string `json:"middleName" required:"false"`
	LastName      string `json:"lastName" required:"false"`
	NickName      string `json:"nickName" required:"false"`
	BusinessName  string `json:"businessName" required:"false"`
	Suffix        string `json:"suffix" required:"false"`

	Emails            []Email      `json:"emails" required:"false" nullable:"false"`
	Phones            []Phone      `json:"phones" required:"false" nullable:"false"`
	Addresses         []Address    `json:"addresses" required:"false" nullable:"false"`
	PreviousAddress   []Address    `json:"previousAddress" required:"false" nullable:"false"`
	Notes             []Note       `json:"notes" required:"false" nullable:"false"`
	Tags              []Tag        `json:"tags" required:"false" nullable:"false"`
	Employments       []Employment `json:"employments" required:"false" nullable:"false"`
	AdditionalIncomes []Income     `json:"additionalIncomes" required:"false" nullable:"false"`
	Banks             []Bank       `json:"banks" required:"false" nullable:"false"`
	Insurance         []Insurance  `json:"insurance" required:"false" nullable:"false"`
	Vehicles          []Vehicle    `json:"vehicles" required:"false" nullable:"false" doc:"Vehicles the contact owns or is linked to; their VINs and stock numbers are searchable."`

	BirthMonth    int    `json:"birthMonth" required:"false"`
	BirthDay      int    `json:"birthDay" required:"false"`
	BirthYear     int    `json:"birthYear" required:"false"`
	Gender        string `json:"gender" required:"false"`
	IsMarried     bool   `json:"isMarried" required:"false"`
	MaritalStatus string `json:"maritalStatus" required:"false"`
	SSN           string `json:"ssn" required:"false" doc:"Always masked (***-**-1234); the whole value is read with POST /crm/contacts/{id}/sensitive/reveal. Sending a masked value keeps the stored one; an empty value clears it."`

	DriverLicense DriverLicense `json:"driverLicense" required:"false"`

	AvatarURL    string  `json:"avatarUrl" required:"false"`
	SurveyRating float64 `json:"surveyRating" required:"false"`
	CxmPurl      string  `json:"cxmPurl" required:"false"`

	PreferredMethodTypeID   int    `json:"preferredMethodTypeId" required:"false"`
	PreferredTimeOfDay      string `json:"preferredTimeOfDay" required:"false"`
	PreferredDayOfWeek      string `json:"preferredDayOfWeek" required:"false"`
	IsPreferredContactCall  bool   `json:"isPreferredContactCall" required:"false"`
	IsPreferredContactEmail bool   `json:"isPreferredContactEmail" required:"false"`
	IsPreferredContactText  bool   `json:"isPreferredContactText" required:"false"`
	IsPreferredContactMail  bool   `json:"isPreferredContactMail" required:"false"`
	IsContactTimeMorning    bool   `json:"isContactTimeMorning" required:"false"`
	IsContactTimeMidDay     bool   `json:"isContactTimeMidDay" required:"false"`
	IsContactTimeEvening    bool   `json:"isContactTimeEvening" required:"false"`

	IsDoNotCall  bool `json:"isDoNotCall" required:"false"`
	IsDoNotEmail bool `json:"isDoNotEmail" required:"false"`
	IsDoNotText  bool `json:"isDoNotText" required:"false"`
	IsDoNotMail  bool `json:"isDoNotMail" required:"false"`

	OptOutAll        bool       `json:"optOutAll" required:"false"`
	SMSOptInStatusID int        `json:"smsOptInStatusId" required:"false" doc:"1 not requested (the default), 2 requested, 3 opted in, 4 opted out."`
	LastSMSOptInDate *time.Time `json:"lastSmsOptInDate,omitempty" required:"false"`

	IsMarkedHot bool `json:"isMarkedHot" required:"false"`

	StoreSalesValue        float64 `json:"storeSalesValue" required:"false"`
	StoreServiceValue      float64 `json:"storeServiceValue" required:"false"`
	EnterpriseSalesValue   float64 `json:"enterpriseSalesValue" required:"false"`
	EnterpriseServiceValue float64 `json:"enterpriseServiceValue" required:"false"`

	MergedContactIDs []int64 `json:"mergedContactIds,omitempty" required:"false" readOnly:"true" doc:"The contacts merged into this one: their activity, notes and history are read as this contact's."`

	IsTextable      bool      `json:"isTextable" required:"false" readOnly:"true" doc:"Whether the contact may be texted (section 5's rule)."`
	IsEmailable     bool      `json:"isEmailable" required:"false" readOnly:"true" doc:"Whether the contact may be e-mailed (section 5's rule)."`
	SensitiveMasked bool      `json:"sensitiveMasked" required:"false" readOnly:"true" doc:"Whether the sensitive fields are masked in this response."`
	CreatedAt       time.Time `json:"createdAt" required:"false" readOnly:"true"`
	CreatedBy       string    `json:"createdBy" required:"false" readOnly:"true"`
	UpdatedAt       time.Time `json:"updatedAt" required:"false" readOnly:"true"`
	UpdatedBy       string    `json:"updatedBy" required:"false" readOnly:"true"`
}

// Owners returns the ids whose per-contact records (activity, change log, notes, links) are
// this contact's: its own id first, then the ids of the contacts merged into it.
func (c Contact) Owners() []int64 {
	return append([]int64{c.ID}, c.MergedContactIDs...)
}

// Email is one of a contact's e-mail addresses.
type Email struct {
	Email       string `json:"email"`
	IsPreferred bool   `json:"isPreferred" required:"false"`
	OptOut      bool   `json:"optOut" required:"false"`
}

// Phone is one of a contact's phone numbers. Phone holds the digits once saved; Ext (also
// sent as Extension) the extension's digits.
type Phone struct {
	_ struct{} `additionalProperties:"true"`

	ID                int64          `json:"id" required:"false" doc:"The phone's id within the contact; 0 for a new phone."`
	ContactPhoneID    int64          `json:"contactPhoneId" required:"false" readOnly:"true"`
	ContactID         int64          `json:"contactId" required:"false" readOnly:"true"`
	AccountID         int64          `json:"accountId" required:"false" readOnly:"true"`
	AccountPlatformID int64          `json:"accountPlatformId" required:"false" readOnly:"true"`
	Phone             string         `json:"phone" required:"false" doc:"Spaces, parentheses, dots, commas and hyphens are ignored. A phone without a value is dropped."`
	Ext               string         `json:"ext" required:"false" doc:"An optional prefix (. x or *), an optional space and up to 4 digits."`
	Extension         string         `json:"extension" required:"false" doc:"The same as ext, for callers that send it under this name."`
	PhoneDisplay      string         `json:"phoneDisplay" required:"false" readOnly:"true"`
	Label             string         `json:"label" required:"false" readOnly:"true" doc:"Cell, Work, Home or Phone."`
	CC                *phone.Country `json:"cc,omitempty" required:"false" doc:"The country; absent for none (10 digits, as in the US)."`
	OptOut            bool           `json:"optOut" required:"false"`
	OptOutSMS         bool           `json:"optOutSms" required:"false"`
	IsMobile          bool           `json:"isMobile" required:"false"`
	IsPreferred       bool           `json:"isPreferred" required:"false"`
	PhoneTypeID       int            `json:"phoneTypeId" required:"false" doc:"1 cell, 2 home, 3 work, 4 unknown."`
	UpdatedAt         *time.Time     `json:"updatedt,omitempty" required:"false" readOnly:"true"`
}

// Address is a postal address.
type Address struct {
	AddressTypeID   int    `json:"addressTypeId" required:"false"`
	AddressLine1    string `json:"addressLine1" required:"false"`
	AddressLine2    string `json:"addressLine2" required:"false"`
	City            string `json:"city" required:"false"`
	StateProvince   string `json:"stateProvince" required:"false"`
	PostalCode      string `json:"postalCode" required:"false"`
	Country         string `json:"country" required:"false"`
	County          string `json:"county" required:"false"`
	IsPrimary       bool   `json:"isPrimary" required:"false"`
	YearsAtAddress  int    `json:"yearsAtAddress" required:"false"`
	MonthsAtAddress int    `json:"monthsAtAddress" required:"false"`
}

// Note is a note kept on the contact's profile.
type Note struct {
	NoteID    int64     `json:"noteId" required:"false"`
	Text      string    `json:"text" text:"multiline"`
	CreatedAt time.Time `json:"createdAt" required:"false" readOnly:"true"`
	CreatedBy string    `json:"createdBy" required:"false" readOnly:"true"`
}

// Tag is a tag on the contact.
type Tag struct {
	TagID     int64  `json:"tagId"`
	Name      string `json:"name" required:"false"`
	TagTypeID int    `json:"tagTypeId" required:"false"`
}

// Employment is a job of the contact.
type Employment struct {
	EmployerName     string  `json:"employerName" required:"false"`
	JobTitle         string  `json:"jobTitle" required:"false"`
	EmploymentTypeID int     `json:"employmentTypeId" required:"false"`
	MonthlyIncome    float64 `json:"monthlyIncome" required:"false"`
	YearsEmployed    int     `json:"yearsEmployed" required:"false"`
	MonthsEmployed   int     `json:"monthsEmployed" required:"false"`
	Phone            string  `json:"phone" required:"false"`
	IsCurrent        bool    `json:"isCurrent" required:"false"`
}

// Income is an additional income of the contact.
type Income struct {
	IncomeSourceTypeID int     `json:"incomeSourceTypeId" required:"false"`
	Description        string  `json:"description" required:"false"`
	Amount             float64 `json:"amount" required:"false"`
	FrequencyID        int     `json:"frequencyId" required:"false"`
}

// Bank is a bank account of the contact. Its numbers are sensitive.
type Bank struct {
	BankName      string `json:"bankName" required:"false"`
	AccountTypeID int    `json:"accountTypeId" required:"false"`
	AccountNumber string `json:"accountNumber" required:"false" doc:"Always masked (only the last characters show); the whole value is read with POST /crm/contacts/{id}/sensitive/reveal. Sending a masked value keeps the stored one."`
	RoutingNumber string `json:"routingNumber" required:"false" doc:"Always masked (only the last characters show); the whole value is read with POST /crm/contacts/{id}/sensitive/reveal. Sending a masked value keeps the stored one."`
}

// Insurance is an insurance policy of the contact.
type Insurance struct {
	CompanyName    string `json:"companyName" required:"false"`
	PolicyNumber   string `json:"policyNumber" required:"false"`
	AgentName      string `json:"agentName" required:"false"`
	AgentPhone     string `json:"agentPhone" required:"false"`
	ExpirationDate string `json:"expirationDate" required:"false" doc:"YYYY-MM-DD; M/D/YYYY is accepted."`
}

// DriverLicense is the contact's driver licence. Its number is sensitive.
type DriverLicense struct {
	Number          string `json:"number" required:"false" doc:"Always masked (only the last characters show); the whole value is read with POST /crm/contacts/{id}/sensitive/reveal. Sending a masked value keeps the stored one."`
	IssueDate       string `json:"issueDate" required:"false" doc:"YYYY-MM-DD; M/D/YYYY is accepted."`
	ExpirationDate  string `json:"expirationDate" required:"false" doc:"YYYY-MM-DD; M/D/YYYY is accepted."`
	StateProvinceID int    `json:"stateProvinceId" required:"false"`
	FrontImagePath  string `json:"frontImagePath" required:"false"`
	BackImagePath   string `json:"backImagePath" required:"false"`
}

// Vehicle is a vehicle linked to the contact.
type Vehicle struct {
	VIN         string `json:"vin" required:"false"`
	StockNumber string `json:"stockNumber" required:"false"`
	Year        int    `json:"year" required:"false"`
	Make        string `json:"make" required:"false"`
	Model       string `json:"model" required:"false"`
}

// Textable reports the contact rule of section 5: the contact may be texted only if not marked
// do-not-text and not opted out of SMS (nor of all communication).
func (c Contact) Textable() bool {
	return !c.IsDoNotText && c.SMSOptInStatusID != SMSOptedOut && !c.OptOutAll
}

// Textable reports whether a phone may receive texts: a mobile phone that is not opted out.
func (p Phone) Textable() bool { return p.IsMobile && !p.OptOut && !p.OptOutSMS }

// TextablePhones returns the phones that may receive texts; none when the contact may not be
// texted.
func (c Contact) TextablePhones() []Phone {
	if !c.Textable() {
		return nil
	}
	var out []Phone
	for _, p := range c.Phones {
		if p.Textable() {
			out = append(out, p)
		}
	}
	return out
}

// Emailable reports the rule of section 5: not do-not-email (nor opted out of all
// communication) and at least one e-mail address not opted out.
func (c Contact) Emailable() bool {
	if c.IsDoNotEmail || c.OptOutAll {
		return false
	}
	return slices.ContainsFunc(c.Emails, func(e Email) bool { return !e.OptOut })
}

// FullName is the display name: first, middle and last name, or else the business name.
func (c Contact) FullName() string {
	n := strings.Join(strings.Fields(c.FirstName+" "+c.MiddleName+" "+c.LastName), " ")
	if n == "" {
		return strings.TrimSpace(c.BusinessName)
	}
	return n
}

// Decorate returns c with its derived fields set: the textable and emailable flags and each
// phone's display form, label and ids.
func (c Contact) Decorate() Contact {
	c.IsTextable, c.IsEmailable = c.Textable(), c.Emailable()
	c.Phones = slices.Clone(c.Phones)
	for i := range c.Phones {
		p := &c.Phones[i]
		code := ""
		if p.CC != nil {
			code = p.CC.Code
		}
		p.PhoneDisplay = phone.Format(p.Phone, p.Ext, code)
		p.Label = phone.Label(p.PhoneTypeID)
		p.Extension = p.Ext
		p.ContactPhoneID, p.ContactID = p.ID, c.ID
		p.AccountID, p.AccountPlatformID = c.AccountID, c.AccountPlatformID
	}
	return c
}

// Masked returns c with its sensitive fields masked, as every read gives them: only their last
// four characters show.
func (c Contact) Masked() Contact {
	c.SSN = MaskSSN(c.SSN)
	c.DriverLicense.Number = mask(c.DriverLicense.Number)
	c.Banks = slices.Clone(c.Banks)
	for i := range c.Banks {
		c.Banks[i].AccountNumber = mask(c.Banks[i].AccountNumber)
		c.Banks[i].RoutingNumber = mask(c.Banks[i].RoutingNumber)
	}
	c.SensitiveMasked = true
	return c
}

// MaskSSN masks a social security number as ***-**-1234.
func MaskSSN(ssn string) string {
	d := digitsOf(ssn)
	if len(d) < 4 {
		return mask(ssn)
	}
	return "***-**-" + d[len(d)-4:]
}

// mask replaces all but the last four characters of s with asterisks ("" stays "").
func mask(s string) string {
	if s == "" {
		return ""
	}
	r := []rune(s)
	keep := min(4, len(r)/2)
	return strings.Repeat("*", len(r)-keep) + string(r[len(r)-keep:])
}

// IsMasked reports whether s is a masked value (it contains an asterisk): a client sending it
// back keeps the stored value.
func IsMasked(s string) bool { return strings.Contains(s, "*") }

func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// EditRoles returns the dealer roles that may edit contacts: every role but the marketing and
// parts managers, who view them.
func EditRoles() []string {
	return []string{
		role.SalesPerson, role.SalesManager, role.BDCAgent, role.BDCManager, role.ServiceAdvisor,
		role.ServiceManager, role.FIManager, role.DealerAdmin, role.GeneralManager,
		role.UsedCarManager, role.GeneralSalesManager,
	}
}

// ReactivateRoles returns the dealer roles that may reactivate contacts: the managers.
func ReactivateRoles() []string {
	return []string{
		role.SalesManager, role.BDCManager, role.ServiceManager, role.DealerAdmin,
		role.GeneralManager, role.UsedCarManager, role.GeneralSalesManager,
	}
}

// RevealRoles returns the dealer roles that may reveal a sensitive field's whole value: the
// roles whose work needs it (finance paperwork, deal approval, administration). Everyone else
// sees the masked value only.
func RevealRoles() []string {
	return []string{role.FIManager, role.SalesManager, role.GeneralManager, role.DealerAdmin}
}

// Permission is what a user may do with a contact.
type Permission struct {
	ContactID     int64  `json:"contactId"`
	UserID        string `json:"userId"`
	CanView       bool   `json:"canView"`
	CanEdit       bool   `json:"canEdit"`
	CanReactivate bool   `json:"canReactivate"`
	// CanRevealSensitive says whether the user may reveal a sensitive field's whole value.
	CanRevealSensitive bool `json:"canRevealSensitive" doc:"Whether the user may reveal the whole SSN, driver licence number or bank numbers (POST /crm/contacts/{id}/sensitive/reveal): F&I managers, sales managers, general managers and dealer admins who may view the customer."`
}

// PermissionFor returns what a user holding roles, who may view viewStores, may do with a
// contact of store: view it when the store is one of viewStores, edit it when one of their
// roles is an edit role too, and reactivate it when one is a manager role.
func PermissionFor(contactID int64, userID string, store int64, viewStores []int64, roles []string) Permission {
	p := Permission{ContactID: contactID, UserID: userID, CanView: slices.Contains(viewStores, store)}
	has := func(set []string) bool {
		return slices.ContainsFunc(roles, func(r string) bool { return slices.Contains(set, r) })
	}
	p.CanEdit = p.CanView && has(EditRoles())
	p.CanReactivate = p.CanEdit && has(ReactivateRoles())
	p.CanRevealSensitive = p.CanView && has(RevealRoles())
	return p
}
