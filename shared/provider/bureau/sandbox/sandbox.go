// Package sandbox is a local credit bureau that behaves like the provider: it validates the
// applicant as the provider does, answers with realistic scores derived deterministically from
// the applicant, refuses with the provider's error codes, and takes a configurable time to
// answer. It keeps no state: a pending inquiry's reference carries what its answer is made of.
//
// Test applicants (by last name, any case):
//
//	Nohit    the bureau finds no file (NO_HIT)
//	Outage   the service is unavailable (SERVICE_UNAVAILABLE, retryable)
//	Pending  the answer comes later: Pull returns a pending report and Status the completed one
package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/provider/latency"
)

// LatencyEnv names the environment variable with the sandbox's answer time (a Go duration such
// as "300ms"); unset means no delay.
const LatencyEnv = "CREDIT_SANDBOX_LATENCY"

// Score bounds of the sandbox.
const (
	MinScore = 480
	MaxScore = 850
)

// Score models reported per product.
const (
	ModelBase      = "FICO Score 8"
	ModelPreScreen = "VantageScore 4.0"
)

// Config configures the sandbox.
type Config struct {
	// Latency is how long every answer takes; 0 answers at once.
	Latency time.Duration
	// Now is the clock dates of birth are checked against; nil means time.Now.
	Now func() time.Time
}

// ConfigFromEnv reads LatencyEnv. A value that is not a duration is an error.
func ConfigFromEnv() (Config, error) {
	d, err := latency.FromEnv(LatencyEnv)
	if err != nil {
		return Config{}, err
	}
	return Config{Latency: d}, nil
}

// Bureau is the sandbox bureau.
type Bureau struct {
	cfg Config
}

var _ credit.Bureau = (*Bureau)(nil)

// New returns a sandbox bureau.
func New(c Config) *Bureau {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Bureau{cfg: c}
}

// Pull validates the applicant and answers the inquiry.
func (b *Bureau) Pull(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
	if err := latency.Wait(ctx, b.cfg.Latency); err != nil {
		return credit.Report{}, err
	}
	a := in.Applicant
	switch strings.ToLower(strings.TrimSpace(a.LastName)) {
	case "outage":
		return credit.Report{}, &credit.BureauError{Code: credit.CodeServiceUnavailable, Message: "The credit bureau is temporarily unavailable.", Retryable: true}
	}
	if err := Validate(in.Product, a, b.cfg.Now()); err != nil {
		return credit.Report{}, err
	}
	if strings.EqualFold(strings.TrimSpace(a.LastName), "nohit") {
		return credit.Report{}, &credit.BureauError{Code: credit.CodeNoHit, Message: "No credit file was found for the applicant."}
	}
	seed := Seed(a)
	ref := reference(in.Product, in.Agency, seed)
	if strings.EqualFold(strings.TrimSpace(a.LastName), "pending") {
		return credit.Report{Status: credit.StatusPending, Reference: ref}, nil
	}
	return report(in.Product, in.Agency, seed, ref), nil
}

// Status answers an earlier pending inquiry by its reference.
func (b *Bureau) Status(ctx context.Context, agency credit.Agency, ref string) (credit.Report, error) {
	if err := latency.Wait(ctx, b.cfg.Latency); err != nil {
		return credit.Report{}, err
	}
	product, refAgency, seed, ok := parseReference(ref)
	if !ok || refAgency != agency {
		return credit.Report{}, &credit.BureauError{Code: credit.CodeUnknownReference, Message: "The bureau has no inquiry with this reference."}
	}
	return report(product, agency, seed, ref), nil
}

var (
	zipUS    = regexp.MustCompile(`^\d{5}(-?\d{4})?$`)
	postalCA = regexp.MustCompile(`^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$`)
)

// Validate checks the applicant as the provider does: a name and a complete address for every
// product; for a base request an SSN or a date of birth too, each valid when given.
func Validate(product credit.Product, a credit.Applicant, now time.Time) error {
	invalid := func(code, field, msg string) error {
		return &credit.BureauError{Code: code, Field: field, Message: msg, Invalid: true}
	}
	if strings.TrimSpace(a.FirstName) == "" || strings.TrimSpace(a.LastName) == "" {
		return invalid(credit.CodeMissingName, "name", "The applicant's first and last name are required.")
	}
	ad := a.Address
	if strings.TrimSpace(ad.Line1) == "" || strings.TrimSpace(ad.City) == "" || strings.TrimSpace(ad.State) == "" || strings.TrimSpace(ad.Zip) == "" {
		return invalid(credit.CodeMissingAddress, "address", "The applicant's street, city, state and ZIP code are required.")
	}
	zip := strings.TrimSpace(ad.Zip)
	if strings.EqualFold(ad.Country, "CA") {
		if !postalCA.MatchString(zip) {
			return invalid(credit.CodeInvalidAddress, "address", "The applicant's postal code is not valid.")
		}
	} else if !zipUS.MatchString(zip) {
		return invalid(credit.CodeInvalidAddress, "address", "The applicant's ZIP code is not valid.")
	}
	if product != credit.BaseRequest {
		return nil
	}
	if strings.TrimSpace(a.SSN) == "" && a.BirthDate.IsZero() {
		return invalid(credit.CodeMissingSSNOrDOB, "ssn", "The applicant's SSN or date of birth is required for a credit report.")
	}
	if strings.TrimSpace(a.SSN) != "" && !ValidSSN(a.SSN) {
		return invalid(credit.CodeInvalidSSN, "ssn", "The applicant's SSN is not valid.")
	}
	if !a.BirthDate.IsZero() && !adult(a.BirthDate, now) {
		return invalid(credit.CodeInvalidDOB, "birthDate", "The applicant's date of birth is not valid.")
	}
	return nil
}

// ValidSSN reports whether ssn (digits with optional hyphens or spaces) could be issued: nine
// digits, an area other than 000, 666 and 900 to 999, a group other than 00 and a serial other
// than 0000.
func ValidSSN(ssn string) bool {
	var d []byte
	for _, r := range ssn {
		switch {
		case r >= '0' && r <= '9':
			d = append(d, byte(r))
		case r == '-' || r == ' ':
		default:
			return false
		}
	}
	if len(d) != 9 {
		return false
	}
	area, group, serial := string(d[:3]), string(d[3:5]), string(d[5:])
	return area != "000" && area != "666" && area[0] != '9' && group != "00" && serial != "0000"
}

// adult reports whether d is a real date on which someone now 18 to 120 years old was born.
func adult(d credit.Date, now time.Time) bool {
	t := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
	if t.Year() != d.Year || int(t.Month()) != d.Month || t.Day() != d.Day {
		return false
	}
	return !t.After(now.AddDate(-18, 0, 0)) && t.After(now.AddDate(-120, 0, 0))
}

// Seed returns the applicant's identity hash the sandbox derives answers from: the same person
// (name, ZIP code, SSN's last four or date of birth) always gets the same score.
func Seed(a credit.Applicant) string {
	zip := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(a.Address.Zip), " ", ""))
	if len(zip) > 5 && !strings.EqualFold(a.Address.Country, "CA") {
		zip = zip[:5]
	}
	id := a.SSNLast4()
	if id == "" && !a.BirthDate.IsZero() {
		id = fmt.Sprintf("%04d-%02d-%02d", a.BirthDate.Year, a.BirthDate.Month, a.BirthDate.Day)
	}
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(a.FirstName)) + "|" + strings.ToLower(strings.TrimSpace(a.LastName)) + "|" + zip + "|" + id))
	return hex.EncodeToString(sum[:8])
}

// Score returns the sandbox's score of the applicant with seed at bureau agency: one base score
// per person in MinScore..MaxScore, which each bureau reports a few points apart, as real
// bureaus do.
func Score(seed string, agency credit.Agency) int {
	raw, _ := hex.DecodeString(seed)
	if len(raw) < 8 {
		raw = append(raw, make([]byte, 8-len(raw))...)
	}
	h := binary.BigEndian.Uint64(raw)
	base := MinScore + int(h%uint64(MaxScore-MinScore+1))
	spread := int((h >> 32) % 13) // 0..12
	switch agency {
	case credit.TransUnion:
		base -= spread
	case credit.Equifax:
		base += spread / 2
	}
	return max(MinScore, min(MaxScore, base))
}

var agencyCodes = map[credit.Agency]string{credit.Experian: "EXP", credit.TransUnion: "TU", credit.Equifax: "EFX"}

var productCodes = map[credit.Product]string{credit.BaseRequest: "B", credit.PreScreen: "P"}

// reference returns the bureau's reference of an inquiry: 700C-{bureau}-{product}{seed}.
func reference(p credit.Product, a credit.Agency, seed string) string {
	return "700C-" + agencyCodes[a] + "-" + productCodes[p] + seed
}

func parseReference(ref string) (credit.Product, credit.Agency, string, bool) {
	rest, ok := strings.CutPrefix(ref, "700C-")
	if !ok {
		return "", "", "", false
	}
	code, body, ok := strings.Cut(rest, "-")
	if !ok || len(body) != 17 {
		return "", "", "", false
	}
	var agency credit.Agency
	for a, c := range agencyCodes {
		if c == code {
			agency = a
		}
	}
	var product credit.Product
	for p, c := range productCodes {
		if c == body[:1] {
			product = p
		}
	}
	seed := body[1:]
	if _, err := hex.DecodeString(seed); agency == "" || product == "" || err != nil {
		return "", "", "", false
	}
	return product, agency, seed, true
}

func report(p credit.Product, a credit.Agency, seed, ref string) credit.Report {
	model := ModelBase
	if p == credit.PreScreen {
		model = ModelPreScreen
	}
	return credit.Report{Status: credit.StatusCompleted, Score: Score(seed, a), ScoreModel: model, Reference: ref}
}
