package messages_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/shared/domain/internallink"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestInternalLinkVerification(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name    string
		as      string
		body    map[string]any
		status  int
		message string
	}{
		{"another group's store", sales, map[string]any{"url": "/app/contacts", "dealerId": demo.OtherStore}, 404, ""},
		{"a store of the group the user may not view", sales, map[string]any{"url": "/app/contacts", "dealerId": demo.StoreHyundai}, 403, ""},
		{"empty url", sales, map[string]any{"url": "", "dealerId": demo.StoreToyota}, 400, internallink.MsgEmpty},
		{"foreign host", sales, map[string]any{"url": "https://evil.example/app", "dealerId": demo.StoreToyota}, 400, internallink.MsgForeign},
		{"ok, a path of the app", sales, map[string]any{"url": "/app/contacts/5?tab=garage", "dealerId": demo.StoreToyota}, 200, ""},
		{"ok, the local app's origin", admin, map[string]any{"url": "http://127.0.0.1:8080/app/dashboards", "dealerId": demo.StoreHyundai}, 200, ""},
	}
	signer := internallink.NewSigner(srv.Services.Store.DeriveKey(internallink.KeyPurpose), internallink.LocalAllowList(), srv.Services.Store.Now)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.status != 200 {
				b, _ := jsonOf(tt.body)
				status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/internalLinkVerification", As: tt.as, Body: b})
				if status != tt.status || tt.message != "" && !strings.Contains(strings.Join(e.ErrorMessages, " "), tt.message) {
					t.Errorf("status %d %v, want %d %q", status, e.ErrorMessages, tt.status, tt.message)
				}
				return
			}
			var res httpapi.Result[messages.VerifiedLink]
			if status := post(t, srv, tt.as, "/internalLinkVerification", tt.body, &res); status != 200 {
				t.Fatalf("status %d, want 200", status)
			}
			g, ok := signer.Verify(res.Data.URL)
			if !ok || g.Account != "1001" || g.AccountPlatformID != int64(tt.body["dealerId"].(int)) || g.UserID != tt.as {
				t.Errorf("link %q: grant %+v %v, want the user's at the store", res.Data.URL, g, ok)
			}
			if !strings.HasPrefix(res.Data.URL, strings.SplitN(tt.body["url"].(string), "?", 2)[0]) {
				t.Errorf("link %q does not open %q", res.Data.URL, tt.body["url"])
			}
		})
	}
}

func jsonOf(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
