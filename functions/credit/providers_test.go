package credit_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/provider/bureau/sevenhundred"
	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// secrets is a fake secret store of 700Credit credentials.
type secrets map[string]sevenhundred.Credentials

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*sevenhundred.Credentials) = c
	return nil
}

// TestProvidersInAWS serves the area as in AWS: the demo stores use the sandbox bureau, a store
// without a configured bureau is refused and records nothing, and a configured store reaches
// the provider's API with the store's credentials.
func TestProvidersInAWS(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	p := seed(t, srv)
	ctx := context.Background()
	var pulls atomic.Int32
	bureauAPI := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.FormValue("ACCOUNT") != "SSF700" || r.FormValue("PASSWD") != "pw" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		pulls.Add(1)
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<XML_INTERFACE><CREDITREPORT><STATUS>COMPLETE</STATUS><REPORTID>%s-%s</REPORTID><SCORE>688</SCORE><SCOREMODEL>FICO Score 8</SCOREMODEL></CREDITREPORT></XML_INTERFACE>`, r.FormValue("BUREAU"), r.FormValue("REFERENCE"))
	}))
	t.Cleanup(bureauAPI.Close)
	creds := secrets{"cxm/providers/1002/credit": {Account: "SSF700", Password: "pw"}}
	*srv.Services.Providers = *wiring.AWSProviders(wiring.Sandboxes{}, srv.Services.Accounts, creds, bureauAPI.Client())

	pre := func(contactID int64) string {
		return fmt.Sprintf(`{"applicantContactId":%d,"bureaus":["Experian"]}`, contactID)
	}
	// A demo store: the sandbox.
	if status, got := post(srv, t, sales, "/api/credit/sevenhundredcredit/pre_screen", pre(p.dana)); status != 200 || len(got.Data) != 1 || got.Data[0].Status != credit.StatusCompleted {
		t.Errorf("pre-screen at a demo store = %d %+v, want the sandbox's report", status, got)
	}

	// A store without a configured bureau: refused, nothing recorded, the provider not asked.
	admin := demo.OtherUserID
	status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/credit/sevenhundredcredit/pre_screen", As: admin, Body: pre(p.other)})
	if status != 409 || len(e.ErrorMessages) == 0 || e.ErrorMessages[0] != wiring.MessageCreditNotConfigured {
		t.Errorf("pre-screen at an unconfigured store = %d %q, want 409 %q", status, e.ErrorMessages, wiring.MessageCreditNotConfigured)
	}
	if status, got := post(srv, t, admin, "/api/credit/contact_credit_requests", fmt.Sprintf(`{"contactId":%d}`, p.other)); status != 200 || len(got.Data) != 0 {
		t.Errorf("history after the refusal = %d %+v, want none", status, got)
	}

	// Configured: 700Credit's API with the store's credentials.
	tn, err := account.Tenant(demo.OtherAccountID)
	if err != nil {
		t.Fatal(err)
	}
	cfg := account.Providers{Credit: account.ProviderConfig{Secret: "cxm/providers/1002/credit", BaseURL: bureauAPI.URL}}
	if err := srv.Services.Accounts.SetProviders(ctx, tn, demo.OtherStore, cfg); err != nil {
		t.Fatal(err)
	}
	status, got := post(srv, t, admin, "/api/credit/sevenhundredcredit/pre_screen", pre(p.other))
	if status != 200 || len(got.Data) != 1 || got.Data[0].Score != 688 || got.Data[0].Reference == "" {
		t.Fatalf("pre-screen at a configured store = %d %+v, want the provider's report", status, got)
	}
	if got.Data[0].Reference != "XPN-"+got.Data[0].CreditRequestID {
		t.Errorf("reference = %s, want the provider's report id for our request %s", got.Data[0].Reference, got.Data[0].CreditRequestID)
	}
	if n := pulls.Load(); n != 1 {
		t.Errorf("the provider was asked %d times, want once", n)
	}
}
