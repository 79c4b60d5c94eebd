package process

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/lookup"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Control types (the first document's form controls).
const (
	ShortAnswer          = "ShortAnswer"
	LongAnswer           = "LongAnswer"
	ShortName            = "ShortName"
	FullName             = "FullName"
	Address              = "Address"
	Date                 = "Date"
	Time                 = "Time"
	SingleSelectDropDown = "SingleSelectDropDown"
	SingleSelectRadio    = "SingleSelectRadio"
	MultiSelection       = "MultiSelection"
)

// InputTypes returns every control type.
func InputTypes() []string {
	return []string{ShortAnswer, LongAnswer, ShortName, FullName, Address, Date, Time, SingleSelectDropDown, SingleSelectRadio, MultiSelection}
}

// Input formats of a ShortAnswer.
const (
	FormatText     = 0
	FormatNumber   = 1
	FormatPassword = 2
	FormatEmail    = 3
)

// Form types: a form taker of a form, a survey or an integration.
const (
	TypeForm        = "form"
	TypeSurvey      = "survey"
	TypeIntegration = "integration"
)

// Messages of the form checks (section 5).
const (
	MsgInvalidTemplate  = "Invalid template. Please complete a template and submit."
	MsgEnterPassword    = "Please enter password"
	MsgPasswordMismatch = "Passwords do not match. Please enter the same value for password and confirm password."
	MsgInvalidEmail     = "Invalid email. Please enter a valid email address."
	MsgEmailMismatch    = "Email addresses do not match. Please enter the same value for email and confirm email."
	MsgFormInvalid      = "The form is not valid."
	MsgNoAnswers        = "Answer at least one question."
)

// PasswordMask is what a password answer keeps in place of the password.
const PasswordMask = "********"

// MsgRequired is the message of a required, excluded or not included answer.
func MsgRequired(field string) string { return field + " is a required field." }

// MsgMin is the message of an answer shorter than its control allows.
func MsgMin(field string, n int) string {
	return fmt.Sprintf("Minimum characters of %s is %d", field, n)
}

// MsgMax is the message of an answer longer than its control allows.
func MsgMax(field string, n int) string {
	return fmt.Sprintf("Maximum characters of %s is %d", field, n)
}

// Option is one choice of a select control. Options are numbered from 1 in their order.
type Option struct {
	ID          int    `json:"Id" minimum:"1"`
	OptionLabel string `json:"OptionLabel" minLength:"1" maxLength:"200"`
}

// Control is one question of a form.
type Control struct {
	ID              int      `json:"Id" minimum:"1" doc:"The control's id, unique in its form."`
	Label           string   `json:"Label" minLength:"1" maxLength:"200" doc:"The question; messages name the field by it."`
	InputType       string   `json:"InputType" enum:"ShortAnswer,LongAnswer,ShortName,FullName,Address,Date,Time,SingleSelectDropDown,SingleSelectRadio,MultiSelection"`
	InputFormatType int      `json:"InputFormatType" required:"false" minimum:"0" maximum:"3" doc:"A ShortAnswer's format: 0 text, 1 number, 2 password (with a confirmation), 3 e-mail (with a confirmation)."`
	Required        bool     `json:"Required" required:"false"`
	MinLength       int      `json:"MinLength,omitempty" required:"false" minimum:"0" maximum:"4000"`
	MaxLength       int      `json:"MaxLength,omitempty" required:"false" minimum:"0" maximum:"4000" doc:"0 for the default of the control type."`
	ControlOptions  []Option `json:"ControlOptions,omitempty" required:"false" doc:"A select's choices, numbered from 1; the 'Other' choice, when HasOther, is the option count plus one."`
	HasOther        bool     `json:"HasOther,omitempty" required:"false"`
	Hidden          bool     `json:"Hidden,omitempty" required:"false" doc:"A hidden field is valid only if its value is in Excluded (an empty value by default)."`
	Excluded        []string `json:"Excluded,omitempty" required:"false" doc:"Values refused as no answer ('{field} is a required field.')."`
	Included        []string `json:"Included,omitempty" required:"false" doc:"When given, the only values accepted."`
}

// OtherID returns the id of the control's 'Other' option: the option count plus one.
func (c Control) OtherID() int { return len(c.ControlOptions) + 1 }

// maxLen returns the longest text the control takes.
func (c Control) maxLen() int {
	if c.MaxLength > 0 {
		return c.MaxLength
	}
	if c.InputType == LongAnswer {
		return 4000
	}
	return 500
}

// Form is a form template: the questions one step of a workflow asks.
type Form struct {
	FormTemplateID int64     `json:"FormTemplateId" readOnly:"true"`
	Name           string    `json:"Name" minLength:"1" maxLength:"200"`
	Type           string    `json:"Type" enum:"form,survey,integration" doc:"form, survey or integration: a failed submit of a form says 'There was an error submitting your form.', of the others 'There was an error saving your response.'"`
	Controls       []Control `json:"Controls" minItems:"1" maxItems:"100"`
}

// PersonName is the name a ShortName (First, Last) or FullName answer holds.
type PersonName struct {
	Title  string `json:"Title,omitempty" required:"false" maxLength:"20"`
	First  string `json:"First,omitempty" required:"false" maxLength:"100"`
	Middle string `json:"Middle,omitempty" required:"false" maxLength:"100"`
	Last   string `json:"Last,omitempty" required:"false" maxLength:"100"`
	Suffix string `json:"Suffix,omitempty" required:"false" maxLength:"20"`
}

// Answer is the answer to one control, in the shape of its type: a ShortAnswer, LongAnswer,
// Date (a timestamp with its offset) or Time (a text time) a Value; a ShortName or FullName a
// Name; an Address its lines; a single select the chosen option id as Value with OtherValue; a
// multi-select Values with OtherValue.
type Answer struct {
	ControlID     int         `json:"ControlId" minimum:"1"`
	Value         string      `json:"Value,omitempty" required:"false" maxLength:"4000"`
	ConfirmValue  string      `json:"ConfirmValue,omitempty" required:"false" maxLength:"500" doc:"A password's or e-mail's confirmation; checked on submit, never stored."`
	Values        []string    `json:"Values,omitempty" required:"false" maxItems:"100"`
	OtherValue    string      `json:"OtherValue,omitempty" required:"false" maxLength:"500" doc:"The text of the 'Other' option; kept only when 'Other' is chosen."`
	Name          *PersonName `json:"Name,omitempty" required:"false"`
	AddressLine1  string      `json:"AddressLine1,omitempty" required:"false" maxLength:"200"`
	AddressLine2  string      `json:"AddressLine2,omitempty" required:"false" maxLength:"200"`
	Country       string      `json:"Country,omitempty" required:"false" maxLength:"2" doc:"US or CA."`
	StateProvince string      `json:"StateProvince,omitempty" required:"false" maxLength:"2" doc:"The state's or province's code."`
	City          string      `json:"City,omitempty" required:"false" maxLength:"100"`
	Zip           string      `json:"Zip,omitempty" required:"false" maxLength:"10"`
}

// empty reports whether a holds no answer.
func (a Answer) empty() bool {
	n := a.Name
	return strings.TrimSpace(a.Value) == "" && len(a.Values) == 0 && strings.TrimSpace(a.OtherValue) == "" &&
		(n == nil || strings.TrimSpace(n.Title+n.First+n.Middle+n.Last+n.Suffix) == "") &&
		strings.TrimSpace(a.AddressLine1+a.AddressLine2+a.City+a.Zip+a.StateProvince+a.Country) == ""
}

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

var timePattern = regexp.MustCompile(`^(([01]?\d|2[0-3]):[0-5]\d|(0?[1-9]|1[0-2]):[0-5]\d ?[AaPp][Mm])$`)

var zipPattern = map[string]*regexp.Regexp{
	"US": regexp.MustCompile(`^\d{5}(-\d{4})?$`),
	"CA": regexp.MustCompile(`^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$`),
}

// Countries returns the countries a form's address offers.
func Countries() []string { return []string{"US", "CA"} }

// regionOf reports whether code is a state or province of country (US: the states, DC and
// Puerto Rico; CA: the provinces and territories).
func regionOf(country, code string) bool {
	id := map[string]int{"US": lookup.CountryUS, "CA": lookup.CountryCA}[country]
	return id != 0 && slices.ContainsFunc(lookup.Reference()[lookup.StateProvinces], func(it lookup.Item) bool {
		return it.Parent == id && strings.EqualFold(it.Code, code)
	})
}

// Check checks answers to form f and returns them as they are kept: trimmed, in the form's
// order, without confirmations, with 'Other' text only where 'Other' is chosen. The required,
// excluded, included, hidden and length checks and the shape of each answer apply to a save
// and a submit; the password and e-mail checks only to a submit. The errors are one Invalid
// error whose fields are "answers.{control id}" (a confirmation's "answers.{id}.ConfirmValue")
// with the spec's messages.
func Check(f Form, answers []Answer, submit bool) ([]Answer, error) {
	fields := map[string]string{}
	byID := map[int]Answer{}
	for _, a := range answers {
		i := slices.IndexFunc(f.Controls, func(c Control) bool { return c.ID == a.ControlID })
		if i < 0 {
			fields[fmt.Sprintf("answers.%d", a.ControlID)] = "The form has no such question."
			continue
		}
		if _, dup := byID[a.ControlID]; dup {
			fields[fmt.Sprintf("answers.%d", a.ControlID)] = "Answer each question once."
			continue
		}
		byID[a.ControlID] = a
	}
	var out []Answer
	for _, c := range f.Controls {
		a, ok := byID[c.ID]
		a.ControlID = c.ID
		key := fmt.Sprintf("answers.%d", c.ID)
		kept, msg, confirmMsg := checkOne(c, a, ok, submit)
		if msg != "" {
			fields[key] = msg
		}
		if confirmMsg != "" {
			fields[key+".ConfirmValue"] = confirmMsg
		}
		if ok && !kept.empty() {
			out = append(out, kept)
		}
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(MsgFormInvalid, fields)
	}
	return out, nil
}

// checkOne checks answer a (present: ok) to control c and returns it as kept, the message of
// the answer and the message of its confirmation.
func checkOne(c Control, a Answer, ok, submit bool) (Answer, string, string) {
	field := c.Label
	trim := strings.TrimSpace
	kept := Answer{ControlID: c.ID}
	if c.Hidden {
		v := trim(a.Value)
		excluded := c.Excluded
		if len(excluded) == 0 {
			excluded = []string{""}
		}
		if !slices.Contains(excluded, v) {
			return kept, MsgRequired(field), ""
		}
		kept.Value = v
		return kept, "", ""
	}
	length := func(v string) string {
		n := utf8.RuneCountInString(v)
		if n > 0 && c.MinLength > 0 && n < c.MinLength {
			return MsgMin(field, c.MinLength)
		}
		if n > c.maxLen() {
			return MsgMax(field, c.maxLen())
		}
		return ""
	}
	allowed := func(v string) bool {
		return !slices.Contains(c.Excluded, v) && (len(c.Included) == 0 || slices.Contains(c.Included, v))
	}
	switch c.InputType {
	case ShortAnswer, LongAnswer:
		v := trim(a.Value)
		kept.Value = v
		password := c.InputType == ShortAnswer && c.InputFormatType == FormatPassword
		if v == "" {
			if submit && password && c.Required {
				return kept, MsgEnterPassword, ""
			}
			if c.Required {
				return kept, MsgRequired(field), ""
			}
			return kept, "", ""
		}
		if password {
			// A password is checked, never kept: the answer keeps a mask of it.
			kept.Value = PasswordMask
		}
		if !allowed(v) {
			return kept, MsgRequired(field), ""
		}
		if m := length(v); m != "" {
			return kept, m, ""
		}
		if c.InputType == ShortAnswer {
			switch c.InputFormatType {
			case FormatNumber:
				if _, err := strconv.ParseFloat(v, 64); err != nil {
					return kept, field + " must be a number.", ""
				}
			case FormatPassword:
				if submit && trim(a.ConfirmValue) != v {
					return kept, "", MsgPasswordMismatch
				}
			case FormatEmail:
				if submit {
					if !emailPattern.MatchString(v) {
						return kept, MsgInvalidEmail, ""
					}
					if !strings.EqualFold(trim(a.ConfirmValue), v) {
						return kept, "", MsgEmailMismatch
					}
				}
			}
		}
		return kept, "", ""
	case ShortName, FullName:
		var n PersonName
		if a.Name != nil {
			n = PersonName{Title: trim(a.Name.Title), First: trim(a.Name.First), Middle: trim(a.Name.Middle), Last: trim(a.Name.Last), Suffix: trim(a.Name.Suffix)}
		}
		if c.InputType == ShortName {
			n.Title, n.Middle, n.Suffix = "", "", ""
		}
		if n != (PersonName{}) {
			kept.Name = &n
		}
		if c.Required && (n.First == "" || n.Last == "") {
			return kept, MsgRequired(field), ""
		}
		for _, part := range []string{n.Title, n.First, n.Middle, n.Last, n.Suffix} {
			if m := length(part); m != "" {
				return kept, m, ""
			}
		}
		return kept, "", ""
	case Address:
		kept.AddressLine1, kept.AddressLine2, kept.City = trim(a.AddressLine1), trim(a.AddressLine2), trim(a.City)
		kept.Country, kept.StateProvince, kept.Zip = strings.ToUpper(trim(a.Country)), strings.ToUpper(trim(a.StateProvince)), strings.ToUpper(trim(a.Zip))
		if kept.empty() {
			if c.Required {
				return kept, MsgRequired(field), ""
			}
			return kept, "", ""
		}
		if kept.AddressLine1 == "" || kept.City == "" || kept.Country == "" || kept.StateProvince == "" || kept.Zip == "" {
			return kept, MsgRequired(field), ""
		}
		if !slices.Contains(Countries(), kept.Country) {
			return kept, field + ": choose the United States or Canada.", ""
		}
		if !regionOf(kept.Country, kept.StateProvince) {
			return kept, field + ": choose a state or province of the country.", ""
		}
		if !zipPattern[kept.Country].MatchString(kept.Zip) {
			return kept, field + ": enter a valid ZIP or postal code.", ""
		}
		return kept, "", ""
	case Date:
		v := trim(a.Value)
		kept.Value = v
		if v == "" {
			if c.Required {
				return kept, MsgRequired(field), ""
			}
			return kept, "", ""
		}
		if _, err := time.Parse(time.RFC3339, v); err != nil {
			return kept, field + ": enter a date as a timestamp with its offset.", ""
		}
		return kept, "", ""
	case Time:
		v := trim(a.Value)
		kept.Value = v
		if v == "" {
			if c.Required {
				return kept, MsgRequired(field), ""
			}
			return kept, "", ""
		}
		if !timePattern.MatchString(v) {
			return kept, field + ": enter a time such as 14:30 or 2:30 PM.", ""
		}
		return kept, "", ""
	case SingleSelectDropDown, SingleSelectRadio:
		v := trim(a.Value)
		if v == "" {
			if c.Required {
				return kept, MsgRequired(field), ""
			}
			return kept, "", ""
		}
		id, err := strconv.Atoi(v)
		if err != nil || !c.option(id) {
			return kept, field + ": choose one of the options.", ""
		}
		kept.Value = strconv.Itoa(id)
		if !allowed(kept.Value) {
			return kept, MsgRequired(field), ""
		}
		if c.HasOther && id == c.OtherID() {
			kept.OtherValue = trim(a.OtherValue)
			if kept.OtherValue == "" {
				return kept, MsgRequired(field), ""
			}
			if m := length(kept.OtherValue); m != "" {
				return kept, m, ""
			}
		}
		return kept, "", ""
	case MultiSelection:
		other := false
		for _, v := range a.Values {
			id, err := strconv.Atoi(trim(v))
			if err != nil || !c.option(id) {
				return kept, field + ": choose among the options.", ""
			}
			s := strconv.Itoa(id)
			if !slices.Contains(kept.Values, s) {
				kept.Values = append(kept.Values, s)
			}
			other = other || (c.HasOther && id == c.OtherID())
		}
		if len(kept.Values) == 0 {
			if c.Required {
				return kept, MsgRequired(field), ""
			}
			return kept, "", ""
		}
		if other {
			kept.OtherValue = trim(a.OtherValue)
			if kept.OtherValue == "" {
				return kept, MsgRequired(field), ""
			}
			if m := length(kept.OtherValue); m != "" {
				return kept, m, ""
			}
		}
		return kept, "", ""
	}
	return kept, "", ""
}

// option reports whether id is one of c's options, or its 'Other' option.
func (c Control) option(id int) bool {
	return (id >= 1 && id <= len(c.ControlOptions)) || (c.HasOther && id == c.OtherID())
}

// CheckForm checks a form template as a user writes it and returns it as kept: option ids
// numbered from 1 in their order, hidden controls excluding the empty value by default.
func CheckForm(f Form, prefix string) (Form, map[string]string) {
	fields := map[string]string{}
	f.Name = strings.TrimSpace(f.Name)
	if f.Name == "" {
		fields[prefix+"Name"] = "Enter the form's name."
	}
	if f.Type == "" {
		f.Type = TypeForm
	}
	if !slices.Contains([]string{TypeForm, TypeSurvey, TypeIntegration}, f.Type) {
		fields[prefix+"Type"] = "Choose form, survey or integration."
	}
	if len(f.Controls) == 0 {
		fields[prefix+"Controls"] = "Add at least one question."
	}
	seen := map[int]bool{}
	for i := range f.Controls {
		c := &f.Controls[i]
		at := fmt.Sprintf("%sControls[%d].", prefix, i)
		c.Label = strings.TrimSpace(c.Label)
		if c.ID < 1 || seen[c.ID] {
			fields[at+"Id"] = "Give each question its own id from 1."
		}
		seen[c.ID] = true
		if c.Label == "" {
			fields[at+"Label"] = "Enter the question."
		}
		if !slices.Contains(InputTypes(), c.InputType) {
			fields[at+"InputType"] = "Choose the control type: " + strings.Join(InputTypes(), ", ") + "."
		}
		if c.InputFormatType != FormatText && c.InputType != ShortAnswer {
			fields[at+"InputFormatType"] = "Only a short answer has a format."
		}
		if c.MaxLength > 0 && c.MinLength > c.MaxLength {
			fields[at+"MinLength"] = "The minimum is above the maximum."
		}
		sel := slices.Contains([]string{SingleSelectDropDown, SingleSelectRadio, MultiSelection}, c.InputType)
		if sel && len(c.ControlOptions) == 0 {
			fields[at+"ControlOptions"] = "Add the choices."
		}
		if !sel {
			c.ControlOptions, c.HasOther = nil, false
		}
		for j := range c.ControlOptions {
			c.ControlOptions[j].ID = j + 1
			c.ControlOptions[j].OptionLabel = strings.TrimSpace(c.ControlOptions[j].OptionLabel)
			if c.ControlOptions[j].OptionLabel == "" {
				fields[fmt.Sprintf("%sControlOptions[%d].OptionLabel", at, j)] = "Enter the choice."
			}
		}
		if c.Hidden && len(c.Excluded) == 0 {
			c.Excluded = []string{""}
		}
	}
	return f, fields
}
