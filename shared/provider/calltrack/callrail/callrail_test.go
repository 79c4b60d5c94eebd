package callrail_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/calltrack/callrail"
	"github.com/cxm/cxm/shared/provider/secret"
)

// secrets is a fake secret store.
type secrets map[string]callrail.Credentials

var _ callrail.Secrets = secrets(nil)

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*callrail.Credentials) = c
	return nil
}

// api answers like the API with recorded bodies, chosen by the customer's number.
func api(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v3/a/ACC123/outbound_phone_calls.json" {
			http.NotFound(w, r)
			return
		}
		if r.Header.Get("Authorization") != `Token token="key-1"` {
			recorded(w, http.StatusUnauthorized, "unauthorized.json")
			return
		}
		var in struct {
			CallerID string `json:"caller_id"`
			Business string `json:"business_phone_number"`
			Customer string `json:"customer_phone_number"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.CallerID != "+15035550100" {
			http.Error(w, `{"error":"caller_id is required"}`, http.StatusBadRequest)
			return
		}
		switch {
		case in.Business == "+15005550000":
			recorded(w, http.StatusBadRequest, "invalid-business.json")
		case in.Customer == "+15035550199":
			recorded(w, http.StatusCreated, "created.json")
		case in.Customer == "+15005550002":
			recorded(w, http.StatusBadRequest, "invalid-customer.json")
		case in.Customer == "+15005550003":
			recorded(w, http.StatusServiceUnavailable, "unavailable.html")
		case in.Customer == "+15005550004":
			<-r.Context().Done()
		default:
			http.Error(w, `{"error":"unexpected"}`, http.StatusBadRequest)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func recorded(w http.ResponseWriter, status int, name string) {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func TestStartOutbound(t *testing.T) {
	t.Parallel()
	srv := api(t)
	creds := secrets{
		"store":       {APIKey: "key-1", AccountID: "ACC123", CallerID: "+15035550100"},
		"revoked":     {APIKey: "key-0", AccountID: "ACC123", CallerID: "+15035550100"},
		"no-callerid": {APIKey: "key-1", AccountID: "ACC123"},
	}
	tests := []struct {
		name      string
		secret    string
		from, to  string
		timeout   time.Duration
		want      calltrack.Call
		wantCode  string
		wantField string
		wantInval bool
		wantRetry bool
	}{
		{name: "call created", secret: "store", from: "+15035550134", to: "+15035550199", want: calltrack.Call{
			CallID: "CAL8154748ae6bd4e278a7cddd38a662f4f", From: "+15035550134", To: "+15035550199", Status: "queued",
			StartedAt: time.Date(2026, 3, 2, 17, 15, 4, 0, time.UTC),
		}},
		{name: "customer number refused", secret: "store", from: "+15035550134", to: "+15005550002", wantCode: calltrack.CodeInvalidTo, wantField: "to", wantInval: true},
		{name: "business number refused", secret: "store", from: "+15005550000", to: "+15035550199", wantCode: calltrack.CodeInvalidFrom, wantField: "from", wantInval: true},
		{name: "same number", secret: "store", from: "+15035550199", to: "+15035550199", wantCode: calltrack.CodeSameNumber, wantField: "to", wantInval: true},
		{name: "revoked key", secret: "revoked", from: "+15035550134", to: "+15035550199", wantCode: calltrack.CodeNotAuthorized},
		{name: "incomplete secret", secret: "no-callerid", from: "+15035550134", to: "+15035550199", wantCode: calltrack.CodeNotAuthorized},
		{name: "missing secret", secret: "nothing", from: "+15035550134", to: "+15035550199", wantCode: calltrack.CodeNotAuthorized},
		{name: "outage", secret: "store", from: "+15035550134", to: "+15005550003", wantCode: calltrack.CodeUnavailable, wantRetry: true},
		{name: "no answer in time", secret: "store", from: "+15035550134", to: "+15005550004", timeout: 50 * time.Millisecond, wantCode: calltrack.CodeUnavailable, wantRetry: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			client := srv.Client()
			if tt.timeout > 0 {
				client = &http.Client{Timeout: tt.timeout}
			}
			p := callrail.New(callrail.Config{BaseURL: srv.URL, Secret: tt.secret, Secrets: creds, Client: client})
			got, err := p.StartOutbound(context.Background(), calltrack.Request{From: tt.from, To: tt.to, AccountPlatformID: 2001, Reference: "act-1"})
			if tt.wantCode == "" {
				if err != nil {
					t.Fatalf("StartOutbound: %v", err)
				}
				if got != tt.want {
					t.Errorf("StartOutbound = %+v, want %+v", got, tt.want)
				}
				return
			}
			var ce *calltrack.Error
			if !errors.As(err, &ce) {
				t.Fatalf("StartOutbound error = %v, want a *calltrack.Error", err)
			}
			if ce.Code != tt.wantCode || ce.Field != tt.wantField || ce.Invalid != tt.wantInval || ce.Retryable != tt.wantRetry {
				t.Errorf("StartOutbound error = %+v, want code %s field %q invalid %v retryable %v", ce, tt.wantCode, tt.wantField, tt.wantInval, tt.wantRetry)
			}
		})
	}
}
