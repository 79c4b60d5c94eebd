// Package credit runs credit inquiries about a dealership's customers through a credit-bureau
// provider (700Credit, which reaches Experian, TransUnion and Equifax): the base request (a hard
// pull) and the pre-screen (a soft pull). Every inquiry is kept in the tenant's table under the
// applicant contact, and a retried request with the same idempotency key has exactly one effect
// at the bureau.
//
// The package depends on two adapters: Bureaus (each store's provider: package
// provider/bureau/sevenhundred is 700Credit's API, provider/bureau/sandbox a local one that
// behaves like it) and Applicants (the contact data a bureau needs).
package credit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Provider is the credit-bureau provider's name as requests record it.
const Provider = "700Credit"

// Agency is a credit bureau reached through the provider.
type Agency string

// The bureaus.
const (
	Experian   Agency = "Experian"
	TransUnion Agency = "TransUnion"
	Equifax    Agency = "Equifax"
)

// Agencies returns every bureau, in the order a request without a choice pulls them.
func Agencies() []Agency { return []Agency{Experian, TransUnion, Equifax} }

// Valid reports whether a is one of the bureaus.
func (a Agency) Valid() bool {
	for _, x := range Agencies() {
		if a == x {
			return true
		}
	}
	return false
}

// Product is the kind of inquiry.
type Product string

// The products of the provider.
const (
	// BaseRequest is a hard pull: the full report and score; it needs the applicant's SSN or
	// date of birth and shows on the applicant's credit file as an inquiry.
	BaseRequest Product = "BaseRequest"
	// PreScreen is a soft pull: a score band for pre-qualification, from the applicant's name
	// and address only; it does not affect the applicant's credit.
	PreScreen Product = "PreScreen"
)

// Status is the state of one inquiry.
type Status string

// The states of an inquiry. Pending becomes Completed, NoHit or Failed; a Failed inquiry had no
// effect at the bureau and is attempted again by a retry with the same idempotency key.
const (
	StatusPending   Status = "Pending"
	StatusCompleted Status = "Completed"
	StatusNoHit     Status = "NoHit"
	StatusFailed    Status = "Failed"
)

// Messages the client sees.
const (
	// MessageLoadFailed is the spec's message for a credit history that cannot be loaded.
	MessageLoadFailed = "There was an error loading the credit history details. Please try again later."
	// MessageRequestFailed is the message for an inquiry the bureau could not run.
	MessageRequestFailed = "There was an error requesting the credit report. Please try again later."
	// MessageContactNotFound is the message for a contact that does not exist or that the user
	// may not view.
	MessageContactNotFound = "The customer does not exist."
)

// Request is one inquiry at one bureau about one applicant.
type Request struct {
	CreditRequestID string `json:"creditRequestId"`
	// ContactID is the contact whose credit history lists the request: the applicant.
	ContactID          int64   `json:"contactId"`
	ApplicantContactID int64   `json:"applicantContactId"`
	AccountPlatformID  int64   `json:"accountPlatformId"`
	Provider           string  `json:"provider"`
	Product            Product `json:"product" enum:"BaseRequest,PreScreen"`
	Bureau             Agency  `json:"bureau" enum:"Experian,TransUnion,Equifax"`
	Status             Status  `json:"status" enum:"Pending,Completed,NoHit,Failed"`
	// Score is the bureau's score (480 to 850 in the sandbox); 0 while pending and when the
	// bureau found no file or failed.
	Score      int    `json:"score"`
	ScoreModel string `json:"scoreModel,omitempty"`
	// ErrorCode is the bureau's code of the last failed attempt (for example INVALID_SSN).
	ErrorCode string `json:"errorCode,omitempty"`
	// Reference is the bureau's reference of the inquiry.
	Reference string `json:"reference,omitempty"`
	// SSNLast4 is the last four digits of the SSN the inquiry was made with, if any.
	SSNLast4    string    `json:"ssnLast4,omitempty"`
	RequestedBy string    `json:"requestedBy"`
	Attempts    int       `json:"attempts"`
	Created     time.Time `json:"created"`
	Updated     time.Time `json:"updated"`
}

// Address is an applicant's current address.
type Address struct {
	Line1, Line2 string
	City         string
	// State is the state or province code (OR, BC).
	State string
	// Zip is the ZIP or postal code.
	Zip string
	// Country is "US" or "CA"; "" means US.
	Country string
}

// Date is a calendar date without a time zone; the zero Date is unknown.
type Date struct {
	Year, Month, Day int
}

// IsZero reports whether d is unknown.
func (d Date) IsZero() bool { return d == Date{} }

// Applicant is what a bureau needs to know about the person an inquiry is about.
type Applicant struct {
	ContactID int64
	// AccountPlatformID is the store the contact belongs to; the user must be able to view it.
	AccountPlatformID int64
	FirstName         string
	MiddleName        string
	LastName          string
	Suffix            string
	Address           Address
	// SSN is the full social security number when the contact has one. It is sent to the
	// bureau only; this package never stores or logs more than its last four digits.
	SSN       string
	BirthDate Date
}

// SSNLast4 returns the last four digits of the applicant's SSN, or "".
func (a Applicant) SSNLast4() string {
	d := digits(a.SSN)
	if len(d) < 4 {
		return ""
	}
	return d[len(d)-4:]
}

// Applicants finds the applicant data of contacts. The contacts area owns contacts; this
// package reads them only through this interface.
type Applicants interface {
	// Applicant returns the applicant data of contact contactID of tenant t. A contact that
	// does not exist (or was merged into another) is an apperr NotFound error.
	Applicant(ctx context.Context, t store.Tenant, contactID int64) (Applicant, error)
}

// Inquiry is what is sent to the bureau.
type Inquiry struct {
	// RequestID is the inquiry's id on our side; providers that deduplicate by the client's
	// reference use it, so a re-attempt after an interruption is not a second inquiry.
	RequestID string
	Product   Product
	Agency    Agency
	Applicant Applicant
}

// Report is the bureau's answer to an inquiry.
type Report struct {
	// Status is StatusCompleted, or StatusPending when the bureau answers later (ask Status
	// with the reference).
	Status     Status
	Score      int
	ScoreModel string
	Reference  string
}

// Bureau is the credit-bureau provider.
type Bureau interface {
	// Pull runs an inquiry. It returns a *BureauError for every refusal of the bureau: invalid
	// applicant data (Invalid is true), no file found (CodeNoHit), or the service failing
	// (Retryable is true). Other errors (a cancelled context, a network failure) are failures
	// to reach the bureau.
	Pull(ctx context.Context, in Inquiry) (Report, error)
	// Status returns the current report of an earlier inquiry that was pending, with the
	// errors of Pull; an unknown reference is a *BureauError with CodeUnknownReference.
	Status(ctx context.Context, agency Agency, reference string) (Report, error)
}

// Bureaus finds the bureau that serves a store.
type Bureaus interface {
	// Bureau returns the bureau of store storeID of tenant t. A store without a configured
	// credit bureau is an apperr Conflict error saying so; a missing store a NotFound error.
	Bureau(ctx context.Context, t store.Tenant, storeID int64) (Bureau, error)
}

// One returns Bureaus that serve every store with b.
func One(b Bureau) Bureaus { return one{b} }

type one struct{ b Bureau }

func (o one) Bureau(context.Context, store.Tenant, int64) (Bureau, error) { return o.b, nil }

// The bureau's error codes.
const (
	CodeMissingName        = "MISSING_NAME"
	CodeMissingAddress     = "MISSING_ADDRESS"
	CodeInvalidAddress     = "INVALID_ADDRESS"
	CodeMissingSSNOrDOB    = "MISSING_SSN_OR_DOB"
	CodeInvalidSSN         = "INVALID_SSN"
	CodeInvalidDOB         = "INVALID_DOB"
	CodeNoHit              = "NO_HIT"
	CodeServiceUnavailable = "SERVICE_UNAVAILABLE"
	CodeUnknownReference   = "UNKNOWN_REFERENCE"
	// CodeNotAuthorized: the provider refused the store's credentials; the store's provider
	// configuration needs fixing, so a retry fails the same way.
	CodeNotAuthorized = "NOT_AUTHORIZED"
	// CodeInterrupted marks an attempt that never got the bureau's answer (the process stopped
	// while waiting); it is set by this package, not by a bureau.
	CodeInterrupted = "INTERRUPTED"
)

// BureauError is the bureau's refusal of an inquiry.
type BureauError struct {
	Code string
	// Message is the bureau's description, safe to show.
	Message string
	// Field names the applicant field at fault (ssn, birthDate, address, name), if any.
	Field string
	// Invalid reports a refusal of the applicant's data: correcting it lets a retry succeed.
	Invalid bool
	// Retryable reports a failure of the service: the same inquiry may succeed later.
	Retryable bool
	// Err is the cause, for logs (an HTTP status, a timeout); nil for the bureau's own answer.
	Err error
}

// Error returns the code, the message and the cause.
func (e *BureauError) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Message + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

// Unwrap returns the cause.
func (e *BureauError) Unwrap() error { return e.Err }

// CodeOf returns the bureau's code of err, or "" when err is no *BureauError.
func CodeOf(err error) string {
	var be *BureauError
	if errors.As(err, &be) {
		return be.Code
	}
	return ""
}

// digits returns the decimal digits of s.
func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// IdempotencyKey returns the key that makes repeated requests one inquiry: the client's request
// id when it sent one, otherwise the product, the bureau and the day (UTC) — so one applicant is
// pulled at most once a day per bureau and product unless the client asks for a new request.
// The contact is not part of the key: keys live in the contact's partition.
func IdempotencyKey(clientRequestID string, product Product, agency Agency, now time.Time) string {
	if clientRequestID != "" {
		return fmt.Sprintf("client|%s|%s|%s", clientRequestID, product, agency)
	}
	return fmt.Sprintf("day|%s|%s|%s", now.UTC().Format("2006-01-02"), product, agency)
}
