package auth_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/store"
)

func (f fixture) impersonate(t *testing.T, actorToken, userID string) string {
	t.Helper()
	res := f.do(t, "POST", "/auth/impersonation", actorToken, `{"userId":"`+userID+`"}`)
	if res.status != 200 {
		t.Fatalf("impersonate %s = %d %v", userID, res.status, res.body)
	}
	return res.data()["accessToken"].(string)
}

func TestStartImpersonation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	adminToken := f.signIn(t, admin, time.Hour+30*time.Minute)
	asGM := f.impersonate(t, adminToken, gm)
	asSales := f.impersonate(t, adminToken, sales)
	partnerToken, _, err := f.svc.Issuer.Issue(t.Context(), issuer.Grant{
		Subject: "sub-" + admin, ClientID: "partner-dealervault", Partner: "partner-dealervault",
		IssuedAt: f.svc.Store.Now(), ExpiresAt: f.svc.Store.Now().Add(5 * time.Minute), AuthTime: f.svc.Store.Now(),
	})
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		token   string
		userID  string
		status  int
		wantMsg string
	}{
		{"dealer admin impersonates a sales person", adminToken, sales, 200, ""},
		{"general manager impersonates the dealer admin, who may do more", f.signIn(t, gm, time.Hour), admin, 403, "You cannot impersonate Taylor Brooks: they hold the permission"},
		{"dealer admin impersonates the general manager", adminToken, gm, 200, ""},
		{"sales person lacks the permission", f.signIn(t, sales, time.Hour), "100002", 403, ""},
		{"user of another dealer group", adminToken, demo.OtherUserID, 404, "The user 300001 does not exist."},
		{"unknown user", adminToken, "777777", 404, "The user 777777 does not exist."},
		{"malformed user id", adminToken, "../x", 404, ""},
		{"oneself", adminToken, admin, 400, "You cannot impersonate yourself."},
		{"inactive user", adminToken, former, 400, "The user is not active"},
		{"user without a sign-in", adminToken, noLogin, 400, "The user has no sign-in"},
		{"chained from an impersonation of a holder", asGM, sales, 403, "You are impersonating a user already, and an impersonation cannot start another."},
		{"chained from an impersonation of a non-holder", asSales, "100002", 403, ""},
		{"partner session", partnerToken, sales, 403, "An embedded partner session cannot start an impersonation."},
		{"other group's admin impersonates into this group", f.signIn(t, demo.OtherUserID, time.Hour), sales, 403, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.do(t, "POST", "/auth/impersonation", tt.token, `{"userId":"`+tt.userID+`"}`)
			if res.status != tt.status {
				t.Fatalf("status = %d, want %d: %v", res.status, tt.status, res.body)
			}
			if tt.status != 200 {
				if !strings.HasPrefix(res.message(), tt.wantMsg) {
					t.Errorf("message = %q, want %q", res.message(), tt.wantMsg)
				}
				return
			}
			d := res.data()
			subject, actor := d["subject"].(map[string]any), d["actor"].(map[string]any)
			if subject["UserId"] != tt.userID || actor["UserId"] != claimsOf(t, tt.token)["sub"].(string)[len("sub-"):] || subject["Name"] == "" || actor["Name"] == "" {
				t.Errorf("subject %v, actor %v", subject, actor)
			}
			c := claimsOf(t, d["accessToken"].(string))
			act, _ := c["act"].(map[string]any)
			if c["sub"] != "sub-"+tt.userID || act["sub"] != claimsOf(t, tt.token)["sub"] || c["client_id"] != "cxm-impersonation" ||
				c["iss"] != f.svc.Issuer.URL() || c["token_use"] != "access" || c["jti"] == "" || c["auth_time"] != claimsOf(t, tt.token)["auth_time"] {
				t.Errorf("claims = %v", c)
			}
			if _, err := time.Parse(time.RFC3339, d["expiresAt"].(string)); err != nil {
				t.Errorf("expiresAt %v: %v", d["expiresAt"], err)
			}
		})
	}
	if res := f.do(t, "POST", "/auth/impersonation", adminToken, `{}`); res.status != 400 {
		t.Errorf("no user id: status %d, want 400 (%v)", res.status, res.body)
	}
}

func TestImpersonationLifetime(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tests := []struct {
		name      string
		actorLife time.Duration
		want      time.Duration
	}{
		{"capped at an hour", 3 * time.Hour, time.Hour},
		{"never beyond the actor's token", 10 * time.Minute, 10 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			actor := f.signIn(t, admin, tt.actorLife)
			c := claimsOf(t, f.impersonate(t, actor, sales))
			if got := time.Duration(c["exp"].(float64)-c["iat"].(float64)) * time.Second; got < tt.want-2*time.Second || got > tt.want {
				t.Errorf("lifetime = %v, want %v", got, tt.want)
			}
			if c["exp"].(float64) > claimsOf(t, actor)["exp"].(float64) {
				t.Errorf("impersonation expires after the actor's token")
			}
		})
	}
}

func TestCurrentUserUnderImpersonation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	adminToken := f.signIn(t, admin, time.Hour)
	tests := []struct {
		name      string
		token     string
		wantUser  string
		wantActor any
	}{
		{"own session", adminToken, admin, nil},
		{"impersonating", f.impersonate(t, adminToken, sales), sales, map[string]any{"UserId": admin, "Name": "Taylor Brooks"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.do(t, "GET", "/users/currentUser", tt.token, "")
			if res.status != 200 {
				t.Fatalf("status %d: %v", res.status, res.body)
			}
			d := res.data()
			if d["UserId"] != tt.wantUser || d["IsImpersonating"] != (tt.wantActor != nil) {
				t.Errorf("UserId %v, IsImpersonating %v", d["UserId"], d["IsImpersonating"])
			}
			// ImpersonatedBy is left out of the user's own session.
			if by, ok := d["ImpersonatedBy"]; ok != (tt.wantActor != nil) || !equalJSON(by, tt.wantActor) {
				t.Errorf("ImpersonatedBy = %v (present %v), want %v", by, ok, tt.wantActor)
			}
			if d["Permissions"] == nil || d["ViewAllowedStores"] == nil {
				t.Errorf("App user fields missing: %v", d)
			}
		})
	}
}

func equalJSON(got, want any) bool {
	if want == nil {
		return got == nil
	}
	g, ok := got.(map[string]any)
	w := want.(map[string]any)
	if !ok || len(g) != len(w) {
		return false
	}
	for k, v := range w {
		if g[k] != v {
			return false
		}
	}
	return true
}

// TestAuditUnderImpersonation checks that a write under impersonation is audited once with both
// identities, a read not at all, and the start and end of the impersonation too.
func TestAuditUnderImpersonation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	adminToken := f.signIn(t, admin, time.Hour)
	imp := f.impersonate(t, adminToken, sales)
	const setting = "/usersettings/key/lastViewedPage"

	if res := f.do(t, "PUT", setting, imp, `{"key":"lastViewedPage","value":"%2Fapp%2Fdefault"}`); res.status != 200 {
		t.Fatalf("PUT under impersonation = %d %v", res.status, res.body)
	}
	if res := f.do(t, "GET", setting, imp, ""); res.status != 200 {
		t.Fatalf("GET under impersonation = %d %v", res.status, res.body)
	}
	// The actor's own write is not an impersonated one.
	if res := f.do(t, "PUT", setting, adminToken, `{"key":"lastViewedPage","value":"%2Fapp%2Fdefault"}`); res.status != 200 {
		t.Fatalf("PUT as the admin = %d %v", res.status, res.body)
	}
	entries := f.audit(t, adminToken)
	if len(entries) != 2 {
		t.Fatalf("%d audit entries, want the start and one write: %v", len(entries), entries)
	}
	write, start := entries[0], entries[1]
	want := map[string]any{
		"event": "Write", "actorUserId": admin, "actorSubject": "sub-" + admin, "subjectUserId": sales, "subject": "sub-" + sales,
		"method": "PUT", "path": setting, "status": 200.0,
	}
	for k, v := range want {
		if write[k] != v {
			t.Errorf("write entry %s = %v, want %v (%v)", k, write[k], v, write)
		}
	}
	if write["requestId"] == "" || write["at"] == "" {
		t.Errorf("write entry without request id or time: %v", write)
	}
	if start["event"] != "ImpersonationStarted" || start["actorUserId"] != admin || start["subjectUserId"] != sales {
		t.Errorf("start entry = %v", start)
	}

	res := f.do(t, "POST", "/auth/impersonation/end", imp, "")
	if res.status != 200 || res.data()["ended"] != true {
		t.Fatalf("end = %d %v", res.status, res.body)
	}
	if res := f.do(t, "POST", "/auth/impersonation/end", adminToken, ""); res.status != 200 || res.data()["ended"] != false {
		t.Errorf("end without impersonation = %d %v, want 200 ended false", res.status, res.body)
	}
	entries = f.audit(t, adminToken)
	if len(entries) != 3 || entries[0]["event"] != "ImpersonationEnded" || entries[0]["actorUserId"] != admin || entries[0]["subjectUserId"] != sales {
		t.Errorf("entries after the end = %v, want the end first", entries)
	}

	readers := []struct {
		name   string
		token  string
		status int
	}{
		{"general manager holds the permission", f.signIn(t, gm, time.Hour), 200},
		{"sales person", f.signIn(t, sales, time.Hour), 403},
		{"other group's dealer admin sees only its own log", f.signIn(t, demo.OtherUserID, time.Hour), 200},
	}
	for _, tt := range readers {
		t.Run(tt.name, func(t *testing.T) {
			res := f.do(t, "GET", "/auth/audit", tt.token, "")
			if res.status != tt.status {
				t.Fatalf("status = %d, want %d: %v", res.status, tt.status, res.body)
			}
			if tt.token != "" && strings.Contains(tt.name, "other group") {
				if got := res.data()["entries"].([]any); len(got) != 0 {
					t.Errorf("other group sees %d entries", len(got))
				}
			}
		})
	}
}

func (f fixture) audit(t *testing.T, token string) []map[string]any {
	t.Helper()
	res := f.do(t, "GET", "/auth/audit?size=10", token, "")
	if res.status != 200 {
		t.Fatalf("audit = %d %v", res.status, res.body)
	}
	var out []map[string]any
	for _, e := range res.data()["entries"].([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

func TestLogout(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	token := f.signIn(t, sales, time.Hour)
	for i := range 2 {
		res := f.do(t, "POST", "/auth/logout", token, "")
		if res.status != 200 || res.data()["subject"] != "sub-"+sales || res.data()["authTime"] != claimsOf(t, token)["auth_time"] {
			t.Errorf("logout %d = %d %v", i+1, res.status, res.body)
		}
	}
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	part, err := tn.Partition("USER", sales)
	if err != nil {
		t.Fatal(err)
	}
	page, err := f.svc.Store.Query(t.Context(), store.Query{Partition: part, SortPrefix: "SIGNOUT#", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Subject  string
		AuthTime int64
	}
	if err := page.Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Subject != "sub-"+sales || float64(got[0].AuthTime) != claimsOf(t, token)["auth_time"] {
		t.Errorf("recorded sign-outs = %+v, want the session once", got)
	}
}
