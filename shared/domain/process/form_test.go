package process_test

import (
	"errors"
	"testing"

	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/google/go-cmp/cmp"
)

func opts(labels ...string) []process.Option {
	out := make([]process.Option, len(labels))
	for i, l := range labels {
		out[i] = process.Option{ID: i + 1, OptionLabel: l}
	}
	return out
}

// form is a form with one control of every type and format.
func form() process.Form {
	return process.Form{FormTemplateID: 1, Name: "All controls", Type: process.TypeForm, Controls: []process.Control{
		{ID: 1, Label: "Notes", InputType: process.ShortAnswer, Required: true, MinLength: 3, MaxLength: 10},
		{ID: 2, Label: "Password", InputType: process.ShortAnswer, InputFormatType: process.FormatPassword, Required: true},
		{ID: 3, Label: "E-mail", InputType: process.ShortAnswer, InputFormatType: process.FormatEmail},
		{ID: 4, Label: "Name", InputType: process.ShortName, Required: true},
		{ID: 5, Label: "Full name", InputType: process.FullName},
		{ID: 6, Label: "Address", InputType: process.Address},
		{ID: 7, Label: "Date", InputType: process.Date},
		{ID: 8, Label: "Time", InputType: process.Time},
		{ID: 9, Label: "Color", InputType: process.SingleSelectDropDown, ControlOptions: opts("Red", "Blue"), HasOther: true},
		{ID: 10, Label: "Size", InputType: process.SingleSelectRadio, ControlOptions: opts("S", "M", "L"), Excluded: []string{"2"}},
		{ID: 11, Label: "Extras", InputType: process.MultiSelection, ControlOptions: opts("Mats", "Tint"), HasOther: true},
		{ID: 12, Label: "Story", InputType: process.LongAnswer, Included: []string{"yes", "no"}},
		{ID: 13, Label: "Source", InputType: process.ShortAnswer, Hidden: true, Excluded: []string{"", "web"}},
		{ID: 14, Label: "Odometer", InputType: process.ShortAnswer, InputFormatType: process.FormatNumber},
	}}
}

// valid returns the answers every check accepts, with extra answers in place of theirs.
func valid(extra ...process.Answer) []process.Answer {
	base := []process.Answer{
		{ControlID: 1, Value: "Good"},
		{ControlID: 2, Value: "s3cret!", ConfirmValue: "s3cret!"},
		{ControlID: 4, Name: &process.PersonName{First: "Ana", Last: "Diaz"}},
	}
	for _, e := range extra {
		replaced := false
		for i := range base {
			if base[i].ControlID == e.ControlID {
				base[i], replaced = e, true
			}
		}
		if !replaced {
			base = append(base, e)
		}
	}
	return base
}

func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	if err == nil {
		return nil
	}
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.Invalid {
		t.Fatalf("error %v, want an Invalid error", err)
	}
	return ae.Fields
}

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		answers []process.Answer
		submit  bool
		want    map[string]string
	}{
		{"valid", valid(), true, nil},
		{"required short answer", valid(process.Answer{ControlID: 1, Value: "  "}), true, map[string]string{"answers.1": "Notes is a required field."}},
		{"required short answer on save too", valid(process.Answer{ControlID: 1}), false, map[string]string{"answers.1": "Notes is a required field."}},
		{"minimum characters", valid(process.Answer{ControlID: 1, Value: "ab"}), true, map[string]string{"answers.1": "Minimum characters of Notes is 3"}},
		{"maximum characters", valid(process.Answer{ControlID: 1, Value: "abcdefghijk"}), false, map[string]string{"answers.1": "Maximum characters of Notes is 10"}},
		{"password needs a value on submit", valid(process.Answer{ControlID: 2}), true, map[string]string{"answers.2": "Please enter password"}},
		{"a required password on save", valid(process.Answer{ControlID: 2}), false, map[string]string{"answers.2": "Password is a required field."}},
		{"passwords differ", valid(process.Answer{ControlID: 2, Value: "s3cret!", ConfirmValue: "s3cret"}), true, map[string]string{"answers.2.ConfirmValue": "Passwords do not match. Please enter the same value for password and confirm password."}},
		{"passwords differ on save", valid(process.Answer{ControlID: 2, Value: "s3cret!", ConfirmValue: "x"}), false, nil},
		{"passwords match", valid(process.Answer{ControlID: 2, Value: "s3cret!", ConfirmValue: "s3cret!"}), true, nil},
		{"e-mail shape", valid(process.Answer{ControlID: 3, Value: "ana@", ConfirmValue: "ana@"}), true, map[string]string{"answers.3": "Invalid email. Please enter a valid email address."}},
		{"e-mail shape not checked on save", valid(process.Answer{ControlID: 3, Value: "ana@"}), false, nil},
		{"e-mails differ", valid(process.Answer{ControlID: 3, Value: "ana@x.com", ConfirmValue: "ann@x.com"}), true, map[string]string{"answers.3.ConfirmValue": "Email addresses do not match. Please enter the same value for email and confirm email."}},
		{"e-mails match in any case", valid(process.Answer{ControlID: 3, Value: "ana@x.com", ConfirmValue: "ANA@x.com"}), true, nil},
		{"short name needs first and last", valid(process.Answer{ControlID: 4, Name: &process.PersonName{First: "Ana"}}), true, map[string]string{"answers.4": "Name is a required field."}},
		{"full name", valid(process.Answer{ControlID: 5, Name: &process.PersonName{Title: "Dr.", First: "Ana", Middle: "M", Last: "Diaz", Suffix: "Jr."}}), true, nil},
		{"address complete", valid(process.Answer{ControlID: 6, AddressLine1: "1 Main St", City: "Portland", Country: "us", StateProvince: "or", Zip: "97201"}), true, nil},
		{"address of Canada", valid(process.Answer{ControlID: 6, AddressLine1: "1 King St", City: "Toronto", Country: "CA", StateProvince: "ON", Zip: "M5H 2N2"}), true, nil},
		{"address partly filled", valid(process.Answer{ControlID: 6, AddressLine1: "1 Main St"}), true, map[string]string{"answers.6": "Address is a required field."}},
		{"address in another country", valid(process.Answer{ControlID: 6, AddressLine1: "1 Rue", City: "Paris", Country: "FR", StateProvince: "IF", Zip: "75001"}), true, map[string]string{"answers.6": "Address: choose the United States or Canada."}},
		{"province of another country", valid(process.Answer{ControlID: 6, AddressLine1: "1 Main St", City: "Portland", Country: "US", StateProvince: "ON", Zip: "97201"}), true, map[string]string{"answers.6": "Address: choose a state or province of the country."}},
		{"Puerto Rico is offered", valid(process.Answer{ControlID: 6, AddressLine1: "1 Calle", City: "San Juan", Country: "US", StateProvince: "PR", Zip: "00901"}), true, nil},
		{"bad zip", valid(process.Answer{ControlID: 6, AddressLine1: "1 Main St", City: "Portland", Country: "US", StateProvince: "OR", Zip: "9720"}), true, map[string]string{"answers.6": "Address: enter a valid ZIP or postal code."}},
		{"date with offset", valid(process.Answer{ControlID: 7, Value: "2026-11-29T10:00:00-08:00"}), true, nil},
		{"date without offset", valid(process.Answer{ControlID: 7, Value: "2026-11-29"}), true, map[string]string{"answers.7": "Date: enter a date as a timestamp with its offset."}},
		{"time as text", valid(process.Answer{ControlID: 8, Value: "2:30 PM"}), true, nil},
		{"bad time", valid(process.Answer{ControlID: 8, Value: "25:00"}), true, map[string]string{"answers.8": "Time: enter a time such as 14:30 or 2:30 PM."}},
		{"single select option", valid(process.Answer{ControlID: 9, Value: "2"}), true, nil},
		{"single select unknown option", valid(process.Answer{ControlID: 9, Value: "4"}), true, map[string]string{"answers.9": "Color: choose one of the options."}},
		{"'Other' is the option count plus one", valid(process.Answer{ControlID: 9, Value: "3", OtherValue: "Green"}), true, nil},
		{"'Other' needs its text", valid(process.Answer{ControlID: 9, Value: "3"}), true, map[string]string{"answers.9": "Color is a required field."}},
		{"no 'Other' without HasOther", valid(process.Answer{ControlID: 10, Value: "4", OtherValue: "XL"}), true, map[string]string{"answers.10": "Size: choose one of the options."}},
		{"excluded value", valid(process.Answer{ControlID: 10, Value: "2"}), true, map[string]string{"answers.10": "Size is a required field."}},
		{"multi select with 'Other'", valid(process.Answer{ControlID: 11, Values: []string{"1", "3"}, OtherValue: "Hitch"}), true, nil},
		{"multi select 'Other' without text", valid(process.Answer{ControlID: 11, Values: []string{"3"}}), true, map[string]string{"answers.11": "Extras is a required field."}},
		{"multi select unknown option", valid(process.Answer{ControlID: 11, Values: []string{"9"}}), true, map[string]string{"answers.11": "Extras: choose among the options."}},
		{"included values only", valid(process.Answer{ControlID: 12, Value: "maybe"}), true, map[string]string{"answers.12": "Story is a required field."}},
		{"included value", valid(process.Answer{ControlID: 12, Value: "yes"}), true, nil},
		{"hidden field with an excluded value", valid(process.Answer{ControlID: 13, Value: "web"}), true, nil},
		{"hidden field with another value", valid(process.Answer{ControlID: 13, Value: "phone"}), false, map[string]string{"answers.13": "Source is a required field."}},
		{"number format", valid(process.Answer{ControlID: 14, Value: "12a"}), true, map[string]string{"answers.14": "Odometer must be a number."}},
		{"unknown question", valid(process.Answer{ControlID: 99, Value: "x"}), true, map[string]string{"answers.99": "The form has no such question."}},
		{"a question answered twice", append(valid(), process.Answer{ControlID: 1, Value: "Other"}), true, map[string]string{"answers.1": "Answer each question once."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := process.Check(form(), tt.answers, tt.submit)
			if diff := cmp.Diff(tt.want, fieldsOf(t, err)); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckKeeps(t *testing.T) {
	t.Parallel()
	got, err := process.Check(form(), valid(
		process.Answer{ControlID: 2, Value: "s3cret!", ConfirmValue: "s3cret!"},
		process.Answer{ControlID: 3, Value: " ana@x.com ", ConfirmValue: "ana@x.com"},
		process.Answer{ControlID: 9, Value: "1", OtherValue: "ignored"},
		process.Answer{ControlID: 11, Values: []string{"2", "2", "1"}, OtherValue: "ignored"},
	), true)
	if err != nil {
		t.Fatal(err)
	}
	want := []process.Answer{
		{ControlID: 1, Value: "Good"},
		{ControlID: 2, Value: process.PasswordMask},
		{ControlID: 3, Value: "ana@x.com"},
		{ControlID: 4, Name: &process.PersonName{First: "Ana", Last: "Diaz"}},
		{ControlID: 9, Value: "1"},
		{ControlID: 11, Values: []string{"2", "1"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("kept answers (-want +got):\n%s", diff)
	}
}

func TestOtherID(t *testing.T) {
	t.Parallel()
	c := process.Control{ControlOptions: opts("A", "B", "C"), HasOther: true}
	if got, want := c.OtherID(), 4; got != want {
		t.Errorf("OtherID = %d, want %d", got, want)
	}
}
