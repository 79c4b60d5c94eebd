package sevenhundred_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/provider/bureau/sevenhundred"
	"github.com/cxm/cxm/shared/provider/secret"
)

// secrets is a fake secret store.
type secrets map[string]sevenhundred.Credentials

var _ sevenhundred.Secrets = secrets(nil)

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*sevenhundred.Credentials) = c
	return nil
}

// provider is an httptest server answering like the provider: recorded answers by the
// applicant's last name (or report id for a status), 401 for other credentials.
type provider struct {
	mu   sync.Mutex
	last url.Values
}

func (p *provider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/XCRS/Service.aspx" {
		http.NotFound(w, r)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	p.last = r.PostForm
	p.mu.Unlock()
	if r.PostForm.Get("ACCOUNT") != "NWT700" {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if r.PostForm.Get("PASSWD") != "s3cret" {
		recorded(w, http.StatusOK, "auth-failed.xml")
		return
	}
	key := r.PostForm.Get("NAME")
	if r.PostForm.Get("PROCESS") == "STATUS" {
		key = r.PostForm.Get("REPORTID")
	}
	switch key {
	case "WHITFIELD, DANA", "TU-10023311":
		recorded(w, http.StatusOK, "complete.xml")
	case "PENDING, PAT":
		recorded(w, http.StatusOK, "pending.xml")
	case "NOHIT, NORA":
		recorded(w, http.StatusOK, "nohit.xml")
	case "BADSSN, BEN":
		recorded(w, http.StatusOK, "invalid-ssn.xml")
	case "OUTAGE, OSCAR":
		w.Header().Set("Content-Type", "text/html")
		recorded(w, http.StatusServiceUnavailable, "outage.html")
	case "SLOW, SAL":
		<-r.Context().Done()
	default:
		recorded(w, http.StatusOK, "nohit.xml")
	}
}

func recorded(w http.ResponseWriter, status int, name string) {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/xml")
	}
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func applicant(first, last string) credit.Applicant {
	return credit.Applicant{
		ContactID: 7, AccountPlatformID: 2001, FirstName: first, LastName: last,
		Address: credit.Address{Line1: "1200 SW Main St", City: "Portland", State: "or", Zip: "97205"},
		SSN:     "123-45-6789", BirthDate: credit.Date{Year: 1984, Month: 6, Day: 12},
	}
}

func TestPull(t *testing.T) {
	t.Parallel()
	p := &provider{}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	creds := secrets{
		"cxm/providers/1000/credit": {Account: "NWT700", Password: "s3cret"},
		"wrong-password":            {Account: "NWT700", Password: "nope"},
		"wrong-account":             {Account: "OTHER", Password: "s3cret"},
	}
	tests := []struct {
		name      string
		secret    string
		first     string
		last      string
		timeout   time.Duration
		want      credit.Report
		wantCode  string
		wantField string
		wantInval bool
		wantRetry bool
	}{
		{name: "completed report", first: "Dana", last: "Whitfield", want: credit.Report{Status: credit.StatusCompleted, Score: 742, ScoreModel: "FICO Score 8", Reference: "XPN-88412907"}},
		{name: "pending report", first: "Pat", last: "Pending", want: credit.Report{Status: credit.StatusPending, Reference: "TU-10023311"}},
		{name: "no file", first: "Nora", last: "Nohit", wantCode: credit.CodeNoHit},
		{name: "validation error names the field", first: "Ben", last: "Badssn", wantCode: credit.CodeInvalidSSN, wantField: "ssn", wantInval: true},
		{name: "refused password", secret: "wrong-password", first: "Dana", last: "Whitfield", wantCode: credit.CodeNotAuthorized},
		{name: "unauthorized account", secret: "wrong-account", first: "Dana", last: "Whitfield", wantCode: credit.CodeNotAuthorized},
		{name: "missing secret", secret: "no-such-secret", first: "Dana", last: "Whitfield", wantCode: credit.CodeNotAuthorized},
		{name: "outage", first: "Oscar", last: "Outage", wantCode: credit.CodeServiceUnavailable, wantRetry: true},
		{name: "no answer in time", first: "Sal", last: "Slow", timeout: 50 * time.Millisecond, wantCode: credit.CodeServiceUnavailable, wantRetry: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			name := tt.secret
			if name == "" {
				name = "cxm/providers/1000/credit"
			}
			client := srv.Client()
			if tt.timeout > 0 {
				client = &http.Client{Timeout: tt.timeout}
			}
			b := sevenhundred.New(sevenhundred.Config{BaseURL: srv.URL, Secret: name, Secrets: creds, Client: client})
			got, err := b.Pull(context.Background(), credit.Inquiry{RequestID: "cr-1", Product: credit.BaseRequest, Agency: credit.Experian, Applicant: applicant(tt.first, tt.last)})
			if tt.wantCode == "" {
				if err != nil {
					t.Fatalf("Pull: %v", err)
				}
				if got != tt.want {
					t.Errorf("Pull = %+v, want %+v", got, tt.want)
				}
				return
			}
			var be *credit.BureauError
			if !errors.As(err, &be) {
				t.Fatalf("Pull error = %v, want a *credit.BureauError", err)
			}
			if be.Code != tt.wantCode || be.Field != tt.wantField || be.Invalid != tt.wantInval || be.Retryable != tt.wantRetry {
				t.Errorf("Pull error = %+v, want code %s field %q invalid %v retryable %v", be, tt.wantCode, tt.wantField, tt.wantInval, tt.wantRetry)
			}
		})
	}
}

func TestPullForm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		product credit.Product
		agency  credit.Agency
		want    map[string]string
	}{
		{name: "base request sends the SSN and date of birth", product: credit.BaseRequest, agency: credit.TransUnion, want: map[string]string{
			"PROCESS": "PCCREDIT", "PRODUCT": "CREDIT", "BUREAU": "TU", "REFERENCE": "cr-9", "NAME": "WHITFIELD, DANA",
			"ADDRESS": "1200 SW Main St", "CITY": "Portland", "STATE": "OR", "ZIP": "97205", "SSN": "123456789", "DOB": "06121984",
			"ACCOUNT": "NWT700", "PASSWD": "s3cret",
		}},
		{name: "pre-screen sends neither", product: credit.PreScreen, agency: credit.Equifax, want: map[string]string{
			"PRODUCT": "PRESCREEN", "BUREAU": "EFX", "SSN": "", "DOB": "",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := &provider{}
			srv := httptest.NewServer(p)
			t.Cleanup(srv.Close)
			b := sevenhundred.New(sevenhundred.Config{BaseURL: srv.URL + "/", Secret: "s", Secrets: secrets{"s": {Account: "NWT700", Password: "s3cret"}}, Client: srv.Client()})
			if _, err := b.Pull(context.Background(), credit.Inquiry{RequestID: "cr-9", Product: tt.product, Agency: tt.agency, Applicant: applicant("Dana", "Whitfield")}); err != nil {
				t.Fatal(err)
			}
			p.mu.Lock()
			defer p.mu.Unlock()
			for k, want := range tt.want {
				if got := p.last.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
		})
	}
}

func TestStatus(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(&provider{})
	t.Cleanup(srv.Close)
	b := sevenhundred.New(sevenhundred.Config{BaseURL: srv.URL, Secret: "s", Secrets: secrets{"s": {Account: "NWT700", Password: "s3cret"}}, Client: srv.Client()})
	got, err := b.Status(context.Background(), credit.TransUnion, "TU-10023311")
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != credit.StatusCompleted || got.Score != 742 {
		t.Errorf("Status = %+v, want the completed report", got)
	}
	if _, err := b.Status(context.Background(), credit.Agency("Nobody"), "X"); credit.CodeOf(err) != credit.CodeUnknownReference {
		t.Errorf("Status of an unknown bureau = %v, want %s", err, credit.CodeUnknownReference)
	}
}
