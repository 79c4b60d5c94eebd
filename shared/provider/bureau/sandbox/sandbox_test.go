package sandbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/provider/bureau/sandbox"
)

var now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func applicant() credit.Applicant {
	return credit.Applicant{
		ContactID: 7, AccountPlatformID: 2001, FirstName: "Dana", LastName: "Whitfield",
		Address: credit.Address{Line1: "1200 SW Main St", City: "Portland", State: "OR", Zip: "97205"},
		SSN:     "512-44-7781", BirthDate: credit.Date{Year: 1984, Month: 6, Day: 12},
	}
}

func TestPullErrors(t *testing.T) {
	t.Parallel()
	b := sandbox.New(sandbox.Config{Now: func() time.Time { return now }})
	tests := []struct {
		name    string
		product credit.Product
		change  func(*credit.Applicant)
		code    string
		invalid bool
		retry   bool
	}{
		{"no first name", credit.BaseRequest, func(a *credit.Applicant) { a.FirstName = " " }, credit.CodeMissingName, true, false},
		{"no street", credit.PreScreen, func(a *credit.Applicant) { a.Address.Line1 = "" }, credit.CodeMissingAddress, true, false},
		{"no ZIP code", credit.BaseRequest, func(a *credit.Applicant) { a.Address.Zip = "" }, credit.CodeMissingAddress, true, false},
		{"bad ZIP code", credit.BaseRequest, func(a *credit.Applicant) { a.Address.Zip = "9720" }, credit.CodeInvalidAddress, true, false},
		{"bad Canadian postal code", credit.BaseRequest, func(a *credit.Applicant) { a.Address.Country = "CA"; a.Address.Zip = "97205" }, credit.CodeInvalidAddress, true, false},
		{"neither SSN nor date of birth", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = ""; a.BirthDate = credit.Date{} }, credit.CodeMissingSSNOrDOB, true, false},
		{"SSN too short", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "512-44-778" }, credit.CodeInvalidSSN, true, false},
		{"SSN area 000", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "000-44-7781" }, credit.CodeInvalidSSN, true, false},
		{"SSN area 666", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "666-44-7781" }, credit.CodeInvalidSSN, true, false},
		{"SSN area 9xx", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "912-44-7781" }, credit.CodeInvalidSSN, true, false},
		{"SSN group 00", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "512-00-7781" }, credit.CodeInvalidSSN, true, false},
		{"SSN serial 0000", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "512-44-0000" }, credit.CodeInvalidSSN, true, false},
		{"SSN with letters", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "512-4A-7781" }, credit.CodeInvalidSSN, true, false},
		{"date of birth of a minor", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = ""; a.BirthDate = credit.Date{Year: 2015, Month: 1, Day: 1} }, credit.CodeInvalidDOB, true, false},
		{"date of birth that does not exist", credit.BaseRequest, func(a *credit.Applicant) { a.BirthDate = credit.Date{Year: 1990, Month: 2, Day: 30} }, credit.CodeInvalidDOB, true, false},
		{"no file", credit.BaseRequest, func(a *credit.Applicant) { a.LastName = "Nohit" }, credit.CodeNoHit, false, false},
		{"no file on a pre-screen", credit.PreScreen, func(a *credit.Applicant) { a.LastName = "NOHIT" }, credit.CodeNoHit, false, false},
		{"outage", credit.BaseRequest, func(a *credit.Applicant) { a.LastName = "Outage" }, credit.CodeServiceUnavailable, false, true},
		{"outage before validation", credit.BaseRequest, func(a *credit.Applicant) { a.LastName = "outage"; a.SSN = "1" }, credit.CodeServiceUnavailable, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := applicant()
			tt.change(&a)
			_, err := b.Pull(context.Background(), credit.Inquiry{RequestID: "r1", Product: tt.product, Agency: credit.Experian, Applicant: a})
			var be *credit.BureauError
			if !errors.As(err, &be) {
				t.Fatalf("Pull error = %v, want a bureau error %s", err, tt.code)
			}
			if be.Code != tt.code || be.Invalid != tt.invalid || be.Retryable != tt.retry {
				t.Errorf("Pull error = %+v, want code %s invalid %v retryable %v", be, tt.code, tt.invalid, tt.retry)
			}
			if be.Message == "" {
				t.Error("the bureau error has no message")
			}
		})
	}
}

func TestPullAccepts(t *testing.T) {
	t.Parallel()
	b := sandbox.New(sandbox.Config{Now: func() time.Time { return now }})
	tests := []struct {
		name    string
		product credit.Product
		change  func(*credit.Applicant)
	}{
		{"SSN and date of birth", credit.BaseRequest, func(*credit.Applicant) {}},
		{"SSN only, without hyphens", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "512447781"; a.BirthDate = credit.Date{} }},
		{"date of birth only", credit.BaseRequest, func(a *credit.Applicant) { a.SSN = "" }},
		{"pre-screen from name and address", credit.PreScreen, func(a *credit.Applicant) { a.SSN = ""; a.BirthDate = credit.Date{} }},
		{"ZIP+4", credit.BaseRequest, func(a *credit.Applicant) { a.Address.Zip = "97205-1234" }},
		{"Canadian postal code", credit.BaseRequest, func(a *credit.Applicant) { a.Address.Country = "CA"; a.Address.Zip = "V6B 1A1" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := applicant()
			tt.change(&a)
			r, err := b.Pull(context.Background(), credit.Inquiry{Product: tt.product, Agency: credit.Equifax, Applicant: a})
			if err != nil {
				t.Fatalf("Pull: %v", err)
			}
			if r.Status != credit.StatusCompleted || r.Score < sandbox.MinScore || r.Score > sandbox.MaxScore || r.Reference == "" || r.ScoreModel == "" {
				t.Errorf("Pull = %+v, want a completed report with a score in range", r)
			}
		})
	}
}

func TestScoresAreDeterministicAndRealistic(t *testing.T) {
	t.Parallel()
	b := sandbox.New(sandbox.Config{})
	a := applicant()
	scores := map[credit.Agency]int{}
	for _, agency := range credit.Agencies() {
		r1, err := b.Pull(context.Background(), credit.Inquiry{Product: credit.BaseRequest, Agency: agency, Applicant: a})
		if err != nil {
			t.Fatal(err)
		}
		r2, err := b.Pull(context.Background(), credit.Inquiry{Product: credit.BaseRequest, Agency: agency, Applicant: a})
		if err != nil {
			t.Fatal(err)
		}
		if r1 != r2 {
			t.Errorf("%s: two pulls of one applicant differ: %+v and %+v", agency, r1, r2)
		}
		scores[agency] = r1.Score
	}
	for _, agency := range credit.Agencies() {
		if d := scores[agency] - scores[credit.Experian]; d < -12 || d > 12 {
			t.Errorf("%s score %d is %d points from Experian's %d, want at most 12", agency, scores[agency], d, scores[credit.Experian])
		}
	}

	// Many people spread over the range.
	low, high := sandbox.MaxScore, sandbox.MinScore
	names := []string{"Avery", "Blake", "Carmen", "Devon", "Emery", "Finley", "Gray", "Harper", "Indigo", "Jules", "Kai", "Logan", "Morgan", "Noel", "Oakley", "Parker", "Quinn", "Reese", "Sage", "Tatum"}
	for _, n := range names {
		p := a
		p.FirstName = n
		s := sandbox.Score(sandbox.Seed(p), credit.Experian)
		low, high = min(low, s), max(high, s)
	}
	if high-low < 150 {
		t.Errorf("scores of 20 people span %d..%d, want a wider spread", low, high)
	}
}

func TestPendingAnswersThroughStatus(t *testing.T) {
	t.Parallel()
	b := sandbox.New(sandbox.Config{})
	a := applicant()
	a.LastName = "Pending"
	r, err := b.Pull(context.Background(), credit.Inquiry{Product: credit.BaseRequest, Agency: credit.TransUnion, Applicant: a})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != credit.StatusPending || r.Reference == "" || r.Score != 0 {
		t.Fatalf("Pull = %+v, want pending with a reference", r)
	}
	done, err := b.Status(context.Background(), credit.TransUnion, r.Reference)
	if err != nil {
		t.Fatal(err)
	}
	if done.Status != credit.StatusCompleted || done.Score != sandbox.Score(sandbox.Seed(a), credit.TransUnion) || done.ScoreModel != sandbox.ModelBase {
		t.Errorf("Status = %+v, want the applicant's completed TransUnion report", done)
	}
	for _, ref := range []string{"", "700C-TU-Bxyz", "700C-EXP-B0123456789abcdef", r.Reference + "0"} {
		_, err := b.Status(context.Background(), credit.TransUnion, ref)
		if got := credit.CodeOf(err); got != credit.CodeUnknownReference {
			t.Errorf("Status(%q) code = %q, want %s", ref, got, credit.CodeUnknownReference)
		}
	}
}

func TestLatency(t *testing.T) {
	t.Parallel()
	b := sandbox.New(sandbox.Config{Latency: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := b.Pull(ctx, credit.Inquiry{Product: credit.BaseRequest, Agency: credit.Experian, Applicant: applicant()})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Pull with a latency beyond the deadline = %v, want the deadline", err)
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Setenv(sandbox.LatencyEnv, "250ms")
	c, err := sandbox.ConfigFromEnv()
	if err != nil || c.Latency != 250*time.Millisecond {
		t.Errorf("ConfigFromEnv = %+v, %v; want 250ms", c, err)
	}
	t.Setenv(sandbox.LatencyEnv, "soon")
	if _, err := sandbox.ConfigFromEnv(); err == nil {
		t.Error("ConfigFromEnv accepted a latency that is not a duration")
	}
}
