package sevenhundred

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/domain/credit"
)

// The PROCESS values of the interface.
const (
	processCredit = "PCCREDIT"
	processStatus = "STATUS"
)

// The PRODUCT values: a full report (hard pull) and a pre-screen (soft pull).
var productCodes = map[credit.Product]string{credit.BaseRequest: "CREDIT", credit.PreScreen: "PRESCREEN"}

// The BUREAU values.
var bureauCodes = map[credit.Agency]string{credit.Experian: "XPN", credit.TransUnion: "TU", credit.Equifax: "EFX"}

// inquiryForm is the form of an inquiry, without the credentials.
func inquiryForm(in credit.Inquiry) (url.Values, error) {
	product, ok := productCodes[in.Product]
	if !ok {
		return nil, &credit.BureauError{Code: "INVALID_PRODUCT", Message: fmt.Sprintf("The product %q is not offered.", in.Product), Invalid: true, Field: "product"}
	}
	bureau, ok := bureauCodes[in.Agency]
	if !ok {
		return nil, &credit.BureauError{Code: "INVALID_BUREAU", Message: fmt.Sprintf("%q is not a credit bureau.", in.Agency), Invalid: true, Field: "bureaus"}
	}
	a := in.Applicant
	f := url.Values{}
	f.Set("PROCESS", processCredit)
	f.Set("PRODUCT", product)
	f.Set("BUREAU", bureau)
	f.Set("REFERENCE", in.RequestID)
	// The interface takes the name as "LAST, FIRST MIDDLE SUFFIX".
	name := strings.TrimSpace(a.LastName) + ", " + strings.Join(strings.Fields(a.FirstName+" "+a.MiddleName+" "+a.Suffix), " ")
	f.Set("NAME", strings.ToUpper(name))
	f.Set("ADDRESS", strings.TrimSpace(strings.TrimSpace(a.Address.Line1)+" "+strings.TrimSpace(a.Address.Line2)))
	f.Set("CITY", strings.TrimSpace(a.Address.City))
	f.Set("STATE", strings.ToUpper(strings.TrimSpace(a.Address.State)))
	f.Set("ZIP", strings.ToUpper(strings.TrimSpace(a.Address.Zip)))
	if c := strings.ToUpper(strings.TrimSpace(a.Address.Country)); c != "" {
		f.Set("COUNTRY", c)
	}
	if in.Product == credit.BaseRequest {
		if ssn := digitsOf(a.SSN); ssn != "" {
			f.Set("SSN", ssn)
		}
		if !a.BirthDate.IsZero() {
			f.Set("DOB", fmt.Sprintf("%02d%02d%04d", a.BirthDate.Month, a.BirthDate.Day, a.BirthDate.Year))
		}
	}
	return f, nil
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// response is the interface's XML answer.
type response struct {
	XMLName xml.Name   `xml:"XML_INTERFACE"`
	Report  *reportXML `xml:"CREDITREPORT"`
	Error   *errorXML  `xml:"ERROR"`
}

// reportXML is a report in the answer.
type reportXML struct {
	Status   string `xml:"STATUS"`
	ReportID string `xml:"REPORTID"`
	Bureau   string `xml:"BUREAU"`
	Score    string `xml:"SCORE"`
	Model    string `xml:"SCOREMODEL"`
}

// report maps the answer to the port's report or error.
func (r *reportXML) report() (credit.Report, error) {
	switch strings.ToUpper(strings.TrimSpace(r.Status)) {
	case "COMPLETE", "COMPLETED":
		score, err := strconv.Atoi(strings.TrimSpace(r.Score))
		if err != nil {
			return credit.Report{}, unavailable(fmt.Errorf("700credit report %s has the score %q", r.ReportID, r.Score))
		}
		return credit.Report{Status: credit.StatusCompleted, Score: score, ScoreModel: strings.TrimSpace(r.Model), Reference: strings.TrimSpace(r.ReportID)}, nil
	case "PENDING":
		return credit.Report{Status: credit.StatusPending, Reference: strings.TrimSpace(r.ReportID)}, nil
	case "NOHIT", "NO_HIT":
		return credit.Report{}, &credit.BureauError{Code: credit.CodeNoHit, Message: "No credit file was found for the applicant."}
	default:
		return credit.Report{}, unavailable(fmt.Errorf("700credit report %s has the status %q", r.ReportID, r.Status))
	}
}

// errorXML is a refusal in the answer.
type errorXML struct {
	Code        string `xml:"CODE"`
	Description string `xml:"DESCRIPTION"`
	Field       string `xml:"FIELD"`
}

// The interface's field names and the applicant fields the port names.
var fieldNames = map[string]string{
	"NAME": "name", "FIRSTNAME": "name", "LASTNAME": "name",
	"ADDRESS": "address", "CITY": "address", "STATE": "address", "ZIP": "address",
	"SSN": "ssn", "DOB": "birthDate",
}

// bureauError maps a refusal to the port's error.
func (e *errorXML) bureauError() error {
	code := strings.ToUpper(strings.TrimSpace(e.Code))
	msg := strings.TrimSpace(e.Description)
	switch code {
	case "AUTH_FAILED", "INVALID_LOGIN", "ACCOUNT_DISABLED":
		return notAuthorized(fmt.Errorf("700credit %s: %s", code, msg))
	case "SERVICE_UNAVAILABLE", "BUREAU_UNAVAILABLE", "TIMEOUT":
		return unavailable(fmt.Errorf("700credit %s: %s", code, msg))
	case credit.CodeNoHit, "NOHIT":
		return &credit.BureauError{Code: credit.CodeNoHit, Message: "No credit file was found for the applicant."}
	case credit.CodeUnknownReference, "REPORT_NOT_FOUND":
		return &credit.BureauError{Code: credit.CodeUnknownReference, Message: "The bureau has no inquiry with this reference."}
	}
	if msg == "" {
		msg = "The credit bureau refused the applicant's details."
	}
	field := fieldNames[strings.ToUpper(strings.TrimSpace(e.Field))]
	return &credit.BureauError{Code: code, Message: msg, Field: field, Invalid: true}
}
