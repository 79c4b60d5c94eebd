package credit_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	areacredit "github.com/cxm/cxm/functions/credit"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/bureau/sandbox"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales   = "100001" // Sam Ortega: Toyota and Honda
	manager = "100002" // Morgan Reyes: every store
)

// people are the contacts the tests create, by role.
type people struct {
	dana, nohit, outage, noAddress, hyundai, other int64
}

// seed creates the tests' contacts: applicants at Toyota, one at Hyundai (which the sales person
// may not view) and one in the other dealer group.
func seed(t *testing.T, srv *areatest.Server) people {
	t.Helper()
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	ctx := context.Background()
	mk := func(acct, store int64, first, last string, withAddress bool) int64 {
		t.Helper()
		tn, err := account.Tenant(acct)
		if err != nil {
			t.Fatal(err)
		}
		c := contact.Contact{AccountPlatformID: store, FirstName: first, LastName: last, BirthYear: 1984, BirthMonth: 6, BirthDay: 12}
		if withAddress {
			c.Addresses = []contact.Address{{AddressLine1: "1200 SW Main St", City: "Portland", StateProvince: "OR", PostalCode: "97205", Country: "US", IsPrimary: true}}
		}
		saved, err := repo.Create(ctx, tn, c, sales)
		if err != nil {
			t.Fatalf("create contact %s %s: %v", first, last, err)
		}
		return saved.ID
	}
	return people{
		dana:      mk(demo.AccountID, demo.StoreToyota, "Dana", "Whitfield", true),
		nohit:     mk(demo.AccountID, demo.StoreToyota, "Nora", "Nohit", true),
		outage:    mk(demo.AccountID, demo.StoreToyota, "Oscar", "Outage", true),
		noAddress: mk(demo.AccountID, demo.StoreToyota, "Ned", "Nowhere", false),
		hyundai:   mk(demo.AccountID, demo.StoreHyundai, "Hana", "Park", true),
		other:     mk(demo.OtherAccountID, demo.OtherStore, "Olga", "Other", true),
	}
}

type list = httpapi.Result[[]areacredit.CreditRequest]

func post(srv *areatest.Server, t *testing.T, as, path, body string) (int, list) {
	t.Helper()
	var out list
	status := srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: body}, &out)
	return status, out
}

func TestSkippedBelowOne(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, call := range []struct{ path, body string }{
		{"/api/credit/contact_credit_requests", `{"contactId":0}`},
		{"/api/credit/contact_credit_requests", `{"contactId":-3}`},
		{"/api/credit/sevenhundredcredit/create_base_request", `{"applicantContactId":0}`},
		{"/api/credit/sevenhundredcredit/pre_screen", `{"applicantContactId":-1}`},
		{"/api/credit/credit_request_status", `{"applicantContactId":0}`},
	} {
		status, got := post(srv, t, sales, call.path, call.body)
		if status != 200 || !got.Successful || got.Data == nil || len(got.Data) != 0 {
			t.Errorf("%s %s = %d %+v, want a successful empty list", call.path, call.body, status, got)
		}
	}
}

func TestCreditRequests(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	p := seed(t, srv)

	status, base := post(srv, t, sales, "/api/credit/sevenhundredcredit/create_base_request", fmt.Sprintf(`{"applicantContactId":%d}`, p.dana))
	if status != 200 || len(base.Data) != 3 {
		t.Fatalf("base request = %d %+v, want three requests", status, base)
	}
	seed := sandbox.Seed(credit.Applicant{FirstName: "Dana", LastName: "Whitfield", Address: credit.Address{Zip: "97205"}, BirthDate: credit.Date{Year: 1984, Month: 6, Day: 12}})
	for i, r := range base.Data {
		if r.Bureau != credit.Agencies()[i] || r.Status != credit.StatusCompleted || r.ApplicantContactID != p.dana ||
			r.Score != sandbox.Score(seed, r.Bureau) || r.AccountPlatformID != demo.StoreToyota || r.RequestedBy != sales {
			t.Errorf("request %d = %+v", i, r)
		}
	}

	// The same request again the same day has no second effect.
	_, again := post(srv, t, sales, "/api/credit/sevenhundredcredit/create_base_request", fmt.Sprintf(`{"applicantContactId":%d}`, p.dana))
	if !slices.Equal(ids(again.Data), ids(base.Data)) {
		t.Errorf("repeated base request = %v, want the first requests %v", ids(again.Data), ids(base.Data))
	}

	status, pre := post(srv, t, manager, "/api/credit/sevenhundredcredit/pre_screen", fmt.Sprintf(`{"applicantContactId":%d,"bureaus":["Equifax"],"requestId":"desk-1"}`, p.dana))
	if status != 200 || len(pre.Data) != 1 || pre.Data[0].Product != credit.PreScreen || pre.Data[0].RequestedBy != manager {
		t.Fatalf("pre-screen = %d %+v", status, pre)
	}

	status, history := post(srv, t, sales, "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.dana))
	if status != 200 || len(history.Data) != 4 || history.Data[0].CreditRequestID != pre.Data[0].CreditRequestID {
		t.Errorf("history = %d %+v, want the pre-screen then the three base requests", status, history)
	}

	status, one := post(srv, t, sales, "/api/credit/credit_request_status", fmt.Sprintf(`{"applicantContactId":%d,"creditRequestId":%q}`, p.dana, base.Data[2].CreditRequestID))
	if status != 200 || len(one.Data) != 1 || one.Data[0] != base.Data[2] {
		t.Errorf("status of one request = %d %+v", status, one)
	}
	status, latest := post(srv, t, sales, "/api/credit/credit_request_status", fmt.Sprintf(`{"applicantContactId":%d}`, p.dana))
	if status != 200 || len(latest.Data) != 3 {
		t.Errorf("status of the latest requests = %d %+v, want one per bureau", status, latest)
	}

	status, nohit := post(srv, t, sales, "/api/credit/sevenhundredcredit/create_base_request", fmt.Sprintf(`{"applicantContactId":%d,"bureaus":["TransUnion"]}`, p.nohit))
	if status != 200 || len(nohit.Data) != 1 || nohit.Data[0].Status != credit.StatusNoHit || nohit.Data[0].ErrorCode != credit.CodeNoHit {
		t.Errorf("request without a file = %d %+v, want a no-hit", status, nohit)
	}
}

func TestCreditErrors(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	p := seed(t, srv)
	tests := []struct {
		name    string
		as      string
		path    string
		body    string
		status  int
		message string
		field   string
	}{
		{"bureau outage", sales, "/api/credit/sevenhundredcredit/create_base_request", fmt.Sprintf(`{"applicantContactId":%d}`, p.outage), 409, credit.MessageRequestFailed, ""},
		{"applicant without an address", sales, "/api/credit/sevenhundredcredit/pre_screen", fmt.Sprintf(`{"applicantContactId":%d}`, p.noAddress), 400, "", "address"},
		{"unknown bureau", sales, "/api/credit/sevenhundredcredit/pre_screen", fmt.Sprintf(`{"applicantContactId":%d,"bureaus":["Innovis"]}`, p.dana), 400, "", ""},
		{"bad request id", sales, "/api/credit/sevenhundredcredit/pre_screen", fmt.Sprintf(`{"applicantContactId":%d,"requestId":"a b"}`, p.dana), 400, "", ""},
		{"contact of a store the user may not view", sales, "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.hyundai), 404, credit.MessageContactNotFound, ""},
		{"pull about a contact of a store the user may not view", sales, "/api/credit/sevenhundredcredit/create_base_request", fmt.Sprintf(`{"applicantContactId":%d}`, p.hyundai), 404, credit.MessageContactNotFound, ""},
		{"contact of another dealer group", manager, "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.other), 404, credit.MessageContactNotFound, ""},
		{"contact that does not exist", manager, "/api/credit/credit_request_status", `{"applicantContactId":4242}`, 404, credit.MessageContactNotFound, ""},
		{"request of another contact", manager, "/api/credit/credit_request_status", fmt.Sprintf(`{"applicantContactId":%d,"creditRequestId":"1-x"}`, p.dana), 404, "", ""},
		{"no token", "", "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.dana), 401, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Errorf("status = %d, want %d (%v)", status, tt.status, e.ErrorMessages)
			}
			if tt.message != "" && (len(e.ErrorMessages) == 0 || e.ErrorMessages[0] != tt.message) {
				t.Errorf("messages = %q, want %q first", e.ErrorMessages, tt.message)
			}
			if tt.field != "" && e.FieldErrors[tt.field] == "" {
				t.Errorf("field errors = %v, want one for %s", e.FieldErrors, tt.field)
			}
		})
	}

	// The manager may view Hyundai; the failed outage request is in the history.
	if status, got := post(srv, t, manager, "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.hyundai)); status != 200 || len(got.Data) != 0 {
		t.Errorf("history of a Hyundai contact as the manager = %d %+v", status, got)
	}
	status, got := post(srv, t, sales, "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.outage))
	if status != 200 || len(got.Data) != 3 || got.Data[0].Status != credit.StatusFailed || got.Data[0].ErrorCode != credit.CodeServiceUnavailable {
		t.Errorf("history after an outage = %d %+v, want three failed requests", status, got)
	}
}

func ids(rs []areacredit.CreditRequest) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.CreditRequestID)
	}
	slices.Sort(out)
	return out
}
