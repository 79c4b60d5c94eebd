package wiring_test

import (
	"context"
	"github.com/cxm/cxm/shared/provider/recall/nhtsa"
	recallsandbox "github.com/cxm/cxm/shared/provider/recall/sandbox"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/bureau/sandbox"
	"github.com/cxm/cxm/shared/provider/bureau/sevenhundred"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/calltrack/callrail"
	callsandbox "github.com/cxm/cxm/shared/provider/calltrack/sandbox"
	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// secrets is a fake secret store of JSON values.
type secrets map[string]string

func (s secrets) JSON(_ context.Context, name string, out any) error {
	v, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	switch o := out.(type) {
	case *sevenhundred.Credentials:
		*o = sevenhundred.Credentials{Account: v, Password: v}
	case *callrail.Credentials:
		*o = callrail.Credentials{APIKey: v, AccountID: v, CallerID: "+15035550100"}
	}
	return nil
}

// The stores of the tests.
const (
	demoStore       = 2001
	configuredStore = 2002
	creditOnlyStore = 2003
	plainStore      = 2004
	foreignStore    = 2005
	missingStore    = 2099
)

// kind says which adapter served a store.
type kind string

const (
	sandboxed     kind = "sandbox"
	real          kind = "real"
	notConfigured kind = "not configured"
	notFound      kind = "not found"
)

func TestProviderSelection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := dynamotest.Store(t)
	repo := account.NewRepo(st)
	tn, err := account.Tenant(1000)
	if err != nil {
		t.Fatal(err)
	}
	// The provider's endpoint: a configured store's real adapter must reach it.
	bureauAPI := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		_, _ = w.Write([]byte(`<XML_INTERFACE><CREDITREPORT><STATUS>COMPLETE</STATUS><REPORTID>XPN-1</REPORTID><SCORE>701</SCORE><SCOREMODEL>FICO Score 8</SCOREMODEL></CREDITREPORT></XML_INTERFACE>`))
	}))
	t.Cleanup(bureauAPI.Close)
	configured := account.Providers{
		Credit:       account.ProviderConfig{Secret: "cxm/providers/1000/credit", BaseURL: bureauAPI.URL},
		CallTracking: account.ProviderConfig{Secret: "cxm/providers/1000/calltracking"},
	}
	for _, s := range []account.Store{
		{AccountPlatformID: demoStore, AccountID: 1000, Name: "Demo", Active: true, Demo: true},
		{AccountPlatformID: configuredStore, AccountID: 1000, Name: "Configured", Active: true},
		{AccountPlatformID: creditOnlyStore, AccountID: 1000, Name: "Credit only", Active: true,
			Providers: account.Providers{Credit: configured.Credit}},
		{AccountPlatformID: plainStore, AccountID: 1000, Name: "Plain", Active: true},
		// An item naming another dealer group's secrets (SetProviders refuses them).
		{AccountPlatformID: foreignStore, AccountID: 1000, Name: "Foreign", Active: true, Providers: account.Providers{
			Credit:       account.ProviderConfig{Secret: "cxm/providers/3000/credit", BaseURL: bureauAPI.URL},
			CallTracking: account.ProviderConfig{Secret: "arn:aws:secretsmanager:us-east-1:123456789012:secret:cxm/providers/3000/calltracking-AbCdEf"},
		}},
	} {
		if err := repo.CreateStore(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	// Provider configuration is set on an existing store, as an administrator would.
	if err := repo.SetProviders(ctx, tn, configuredStore, configured); err != nil {
		t.Fatal(err)
	}
	creds := secrets{"cxm/providers/1000/credit": "NWT700", "cxm/providers/1000/calltracking": "key", "cxm/providers/3000/credit": "SSF700"}
	local := wiring.LocalProviders(wiring.Sandboxes{})
	aws := wiring.AWSProviders(wiring.Sandboxes{}, repo, creds, bureauAPI.Client())

	tests := []struct {
		name       string
		providers  *wiring.Providers
		store      int64
		wantCredit kind
		wantCalls  kind
	}{
		{name: "local run, demo store", providers: local, store: demoStore, wantCredit: sandboxed, wantCalls: sandboxed},
		{name: "local run, unconfigured store", providers: local, store: plainStore, wantCredit: sandboxed, wantCalls: sandboxed},
		{name: "local run, unknown store", providers: local, store: missingStore, wantCredit: sandboxed, wantCalls: sandboxed},
		{name: "AWS, demo store", providers: aws, store: demoStore, wantCredit: sandboxed, wantCalls: sandboxed},
		{name: "AWS, configured store", providers: aws, store: configuredStore, wantCredit: real, wantCalls: real},
		{name: "AWS, store with a credit bureau only", providers: aws, store: creditOnlyStore, wantCredit: real, wantCalls: notConfigured},
		{name: "AWS, unconfigured store", providers: aws, store: plainStore, wantCredit: notConfigured, wantCalls: notConfigured},
		{name: "AWS, store naming another dealer group's secrets", providers: aws, store: foreignStore, wantCredit: notConfigured, wantCalls: notConfigured},
		{name: "AWS, unknown store", providers: aws, store: missingStore, wantCredit: notFound, wantCalls: notFound},
		{name: "no providers", providers: nil, store: demoStore, wantCredit: notConfigured, wantCalls: notConfigured},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b, err := tt.providers.Bureau(ctx, tn, tt.store)
			if got := kindOf(t, b, err, wiring.MessageCreditNotConfigured); got != tt.wantCredit {
				t.Errorf("Bureau = %s (%T, %v), want %s", got, b, err, tt.wantCredit)
			}
			c, err := tt.providers.Tracker(ctx, tn, tt.store)
			if got := kindOf(t, c, err, wiring.MessageCallTrackingNotConfigured); got != tt.wantCalls {
				t.Errorf("Tracker = %s (%T, %v), want %s", got, c, err, tt.wantCalls)
			}
			// Started through PerStore, a call is refused the same way before any provider.
			_, err = calltrack.PerStore(tt.providers).StartOutbound(ctx, calltrack.Request{Tenant: tn, AccountPlatformID: tt.store, From: "+15035550134", To: "+15005550003"})
			if tt.wantCalls == notConfigured && (apperr.CodeOf(err) != apperr.Conflict) {
				t.Errorf("PerStore.StartOutbound = %v, want the not-configured error", err)
			}
		})
	}

	// Recalls: the sandbox locally and for a demo store, NHTSA's public API for any other store.
	for _, rc := range []struct {
		name      string
		providers *wiring.Providers
		store     int64
		sandboxed bool
	}{
		{"local run", local, plainStore, true},
		{"AWS, demo store", aws, demoStore, true},
		{"AWS, any other store", aws, plainStore, false},
	} {
		p, err := rc.providers.Recalls(ctx, tn, rc.store)
		if err != nil {
			t.Fatalf("%s: %v", rc.name, err)
		}
		_, isSandbox := p.(*recallsandbox.Provider)
		_, isNHTSA := p.(*nhtsa.Client)
		if isSandbox != rc.sandboxed || isNHTSA == rc.sandboxed {
			t.Errorf("%s: Recalls = %T", rc.name, p)
		}
	}
	if _, err := aws.Recalls(ctx, tn, missingStore); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("AWS, unknown store: %v, want not found", err)
	}

	// The configured store's bureau is 700Credit's API at the configured endpoint.
	b, err := aws.Bureau(ctx, tn, configuredStore)
	if err != nil {
		t.Fatal(err)
	}
	report, err := b.Pull(ctx, credit.Inquiry{RequestID: "cr-1", Product: credit.PreScreen, Agency: credit.Experian, Applicant: credit.Applicant{FirstName: "Dana", LastName: "Whitfield"}})
	if err != nil {
		t.Fatal(err)
	}
	if report.Score != 701 || report.Reference != "XPN-1" {
		t.Errorf("Pull = %+v, want the provider's report", report)
	}
}

// kindOf classifies the outcome of a choice.
func kindOf(t *testing.T, adapter any, err error, notConfiguredMessage string) kind {
	t.Helper()
	if err != nil {
		e, ok := apperr.As(err)
		switch {
		case ok && e.Code == apperr.Conflict && e.Message == notConfiguredMessage:
			return notConfigured
		case ok && e.Code == apperr.NotFound:
			return notFound
		}
		t.Fatalf("unexpected error %v", err)
	}
	switch adapter.(type) {
	case *sandbox.Bureau, *callsandbox.Provider:
		return sandboxed
	case *sevenhundred.Bureau, *callrail.Provider:
		return real
	}
	t.Fatalf("unexpected adapter %T", adapter)
	return ""
}
