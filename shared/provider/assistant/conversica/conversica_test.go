package conversica_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/provider/assistant"
	"github.com/cxm/cxm/shared/provider/assistant/conversica"
	"github.com/cxm/cxm/shared/provider/secret"
)

// secrets is a fake secret store.
type secrets map[string]conversica.Credentials

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*(out.(*conversica.Credentials)) = c
	return nil
}

func TestPostLead(t *testing.T) {
	t.Parallel()
	var got []map[string]any
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, p, ok := r.BasicAuth()
		if r.Method != http.MethodPost || r.URL.Path != "/json/" || !ok || u != "dealer1" || p != "pw" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var body map[string]any
		json.NewDecoder(r.Body).Decode(&body)
		got = append(got, body)
		w.WriteHeader(status)
	}))
	defer srv.Close()
	s := secrets{"cxm/providers/1000/assistant": {Username: "dealer1", Password: "pw"}, "cxm/providers/1000/wrong": {Username: "dealer1", Password: "nope"}}
	p := conversica.New(conversica.Config{BaseURL: srv.URL, Secret: "cxm/providers/1000/assistant", Secrets: s})
	lead := assistant.Lead{ID: "AA-1", ClientID: "2001", Conversation: "Sales", Channel: assistant.ChannelEmail, FirstName: "Maria", Email: "maria@example.com", RepName: "Sam Ortega", LeadSource: "CXM"}
	if _, err := p.Start(context.Background(), lead); err != nil {
		t.Fatal(err)
	}
	if err := p.Stop(context.Background(), lead); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0]["apiVersion"] != "7.2" || got[0]["conversationId"] != "Sales" || got[0]["smsOptOut"] != true || got[0]["stopMessaging"] != false || got[1]["stopMessaging"] != true {
		t.Errorf("posted %v", got)
	}
	tests := []struct {
		name     string
		secret   string
		status   int
		wantCode string
	}{
		{"refused credentials", "cxm/providers/1000/wrong", http.StatusOK, assistant.CodeNotAuthorized},
		{"missing secret", "cxm/providers/1000/none", http.StatusOK, assistant.CodeNotAuthorized},
		{"a lead it cannot read", "cxm/providers/1000/assistant", http.StatusBadRequest, assistant.CodeInvalid},
		{"an outage", "cxm/providers/1000/assistant", http.StatusServiceUnavailable, assistant.CodeUnavailable},
	}
	for _, tt := range tests {
		status = tt.status
		_, err := conversica.New(conversica.Config{BaseURL: srv.URL, Secret: tt.secret, Secrets: s}).Start(context.Background(), lead)
		var pe *assistant.Error
		if !errors.As(err, &pe) || pe.Code != tt.wantCode {
			t.Errorf("%s: error %v, want %s", tt.name, err, tt.wantCode)
		}
	}
}
