package calltracking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/provider/calltrack/callrail"
	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// toyotaAs is a fake wiring.Stores that answers the Toyota store as the test sets it.
type toyotaAs struct {
	mu sync.Mutex
	st account.Store
}

func (s *toyotaAs) set(st account.Store) { s.mu.Lock(); defer s.mu.Unlock(); s.st = st }

func (s *toyotaAs) Store(_ context.Context, _ store.Tenant, id int64) (account.Store, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	st.AccountPlatformID, st.AccountID = id, demo.AccountID
	return st, nil
}

// callrailSecrets is a fake secret store with the store's CallRail credentials.
type callrailSecrets map[string]callrail.Credentials

func (c callrailSecrets) JSON(_ context.Context, name string, out any) error {
	v, ok := c[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*callrail.Credentials) = v
	return nil
}

// TestClickToCallProvidersInAWS serves click-to-call as in AWS: a store without a provider is
// refused with the not-configured message and nothing is logged, a configured store's call is
// started at CallRail, and a demo store's at the sandbox.
func TestClickToCallProvidersInAWS(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v3/a/ACC1/outbound_phone_calls.json" || r.Header.Get("Authorization") != `Token token="key-1"` {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":"HTTP Token: Access denied."}`))
			return
		}
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"id":"CALfromcallrail","direction":"outbound","start_time":"2026-03-02T09:15:04.000-08:00"}`))
	}))
	t.Cleanup(api.Close)
	stores := &toyotaAs{}
	secretName := fmt.Sprintf("cxm/providers/%d/%d/calltracking", demo.AccountID, demo.StoreToyota)
	secrets := callrailSecrets{secretName: {APIKey: "key-1", AccountID: "ACC1", CallerID: "+15035550100"}}
	*srv.Services.Providers = *wiring.AWSProviders(wiring.Sandboxes{}, stores, secrets, api.Client())

	path := fmt.Sprintf("/crm/contacts/%d/actions/start_outbound_call", demo.ContactToyota)
	configured := account.Providers{CallTracking: account.ProviderConfig{Secret: secretName, BaseURL: api.URL}}
	tests := []struct {
		name     string
		store    account.Store
		status   int
		message  string
		wantCall string
	}{
		{name: "store without a provider", store: account.Store{}, status: 409, message: wiring.MessageCallTrackingNotConfigured},
		{name: "store with CallRail", store: account.Store{Providers: configured}, status: 200, wantCall: "CALfromcallrail"},
		{name: "demo store", store: account.Store{Demo: true}, status: 200},
	}
	for i, tt := range tests {
		stores.set(tt.store)
		body := fmt.Sprintf(`{"userPhone":"5035550101","requestId":"providers-%d"}`, i)
		if tt.status != 200 {
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: path, As: sales, Body: body})
			if status != tt.status || len(e.ErrorMessages) == 0 || e.ErrorMessages[0] != tt.message {
				t.Errorf("%s: %d %q, want %d %q", tt.name, status, e.ErrorMessages, tt.status, tt.message)
			}
			if n := outboundCalls(t, srv); n != 0 {
				t.Errorf("%s: %d calls logged, want none", tt.name, n)
			}
			continue
		}
		var out httpapi.Result[json.RawMessage]
		status := srv.Do(t, areatest.Request{Method: "POST", Path: path, As: sales, Body: body}, &out)
		var call struct {
			CallID string `json:"callId"`
		}
		if err := json.Unmarshal(out.Data, &call); status != 200 || err != nil || call.CallID == "" {
			t.Fatalf("%s: %d %s (%v), want a started call", tt.name, status, out.Data, err)
		}
		if tt.wantCall != "" && call.CallID != tt.wantCall {
			t.Errorf("%s: call id %s, want CallRail's %s", tt.name, call.CallID, tt.wantCall)
		}
	}
	if n := outboundCalls(t, srv); n != 2 {
		t.Errorf("%d calls logged, want the two started", n)
	}
}

// outboundCalls returns how many calls the Toyota customer's activity feed holds.
func outboundCalls(t *testing.T, srv *areatest.Server) int {
	t.Helper()
	var out httpapi.Result[struct {
		Entries []struct {
			Kind string `json:"kind"`
		} `json:"entries"`
	}]
	path := fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", demo.ContactToyota)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: path, As: sales, Body: `{"category":"phone","pageSize":50}`}, &out); status != 200 {
		t.Fatalf("activity feed: %d", status)
	}
	n := 0
	for _, e := range out.Data.Entries {
		if e.Kind == "outbound_call" {
			n++
		}
	}
	return n
}
