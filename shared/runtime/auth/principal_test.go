package auth_test

import (
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/google/go-cmp/cmp"
)

func TestScopeStores(t *testing.T) {
	t.Parallel()
	p := auth.Principal{ViewStores: []int64{2001, 2002}}
	tests := []struct {
		header string
		want   []int64
		code   apperr.Code
	}{
		{"", []int64{2001, 2002}, ""},
		{"2001", []int64{2001}, ""},
		{"2002, 2001, 2002", []int64{2002, 2001}, ""},
		{"[2001,2003]", []int64{2001}, ""},
		{"2003", nil, apperr.Forbidden},
		{"2001,abc", nil, apperr.Invalid},
		{"[2001", nil, apperr.Invalid},
		{"-5", nil, apperr.Invalid},
	}
	for _, tt := range tests {
		got, err := p.ScopeStores(tt.header)
		if apperr.CodeOf(err) != tt.code {
			t.Errorf("ScopeStores(%q) error = %v, want code %q", tt.header, err, tt.code)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ScopeStores(%q) (-want +got):\n%s", tt.header, diff)
		}
	}
}

func TestClaimsFromMap(t *testing.T) {
	t.Parallel()
	c := auth.ClaimsFromMap(map[string]string{
		"sub": "s1", "client_id": "c1", "token_use": "access", "auth_time": "1700000000",
		"act": `{"sub":"actor-1"}`, "username": "u", "exp": "1700003600", "partner": "partner-x",
	})
	want := auth.Claims{Subject: "s1", Username: "u", ClientID: "c1", TokenUse: "access", AuthTime: 1700000000, ExpiresAt: 1700003600, ActorSubject: "actor-1", Partner: "partner-x"}
	c.Raw = nil
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("claims (-want +got):\n%s", diff)
	}
}
