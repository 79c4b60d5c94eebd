package mount_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"github.com/cxm/cxm/functions/mount"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/local/gateway"
	"github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/golang-jwt/jwt/v5"
)

const (
	testIssuer = "http://127.0.0.1:1/local_test"
	testClient = "web-client"
)

type fixture struct {
	srv *httptest.Server
	key *rsa.PrivateKey
	svc wiring.Services
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	jwks := httptest.NewServer(issuer.KeySet("k1", &key.PublicKey))
	t.Cleanup(jwks.Close)
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), log)
	err = demo.Seed(context.Background(), svc, demo.Build(), func(_ context.Context, l demo.Login) (string, error) {
		return "sub-" + l.Profile.UserID, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gateway.New(gateway.Config{Areas: mount.Handlers(),
		Services:   svc,
		Authorizer: authorizer.New(authorizer.Config{Issuer: testIssuer, Audiences: []string{testClient}, JWKSURL: jwks.URL, Now: svc.Store.Now}),
		Log:        log,
	}))
	t.Cleanup(srv.Close)
	return fixture{srv: srv, key: key, svc: svc}
}

func (f fixture) token(t *testing.T, sub string) string {
	t.Helper()
	now := f.svc.Store.Now()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"sub": sub, "iss": testIssuer, "client_id": testClient, "token_use": "access",
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
	})
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(f.key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (f fixture) do(t *testing.T, method, path, token, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, f.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

func TestCurrentUser(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sales := f.token(t, "sub-100001")

	tests := []struct {
		name     string
		path     string
		token    string
		status   int
		wantName string
		wantMsg  string
	}{
		{"signed in", "/users/currentUser", sales, 200, "Sam Ortega", ""},
		{"path in other casing", "/USERS/currentuser", sales, 200, "Sam Ortega", ""},
		{"no token", "/users/currentUser", "", 401, "", "Unauthorized"},
		{"subject without a profile", "/users/currentUser", f.token(t, "sub-unknown"), 404, "", "We're sorry, we couldn't find your user profile"},
		{"unknown operation of the area", "/users/nothing", sales, 404, "", "No operation serves"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := f.do(t, http.MethodGet, tt.path, tt.token, "")
			if status != tt.status {
				t.Fatalf("status = %d, want %d (%v)", status, tt.status, body)
			}
			if tt.wantName != "" {
				data := body["Data"].(map[string]any)
				if got := data["Name"]; got != tt.wantName {
					t.Errorf("Name = %v, want %s", got, tt.wantName)
				}
				if data["Id"] != data["UserId"] {
					t.Errorf("Id %v != UserId %v", data["Id"], data["UserId"])
				}
				if body["Success"] != true {
					t.Errorf("Success = %v, want true", body["Success"])
				}
				return
			}
			msgs, _ := body["errorMessages"].([]any)
			if len(msgs) == 0 || !strings.HasPrefix(msgs[0].(string), tt.wantMsg) {
				t.Errorf("errorMessages = %v, want one starting %q", msgs, tt.wantMsg)
			}
			if body["successful"] != false {
				t.Errorf("successful = %v, want false", body["successful"])
			}
		})
	}
}

func TestAllPlatformAccessSeesEveryStore(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	status, body := f.do(t, http.MethodGet, "/users/currentUser", f.token(t, "sub-100008"), "")
	if status != 200 {
		t.Fatalf("status %d: %v", status, body)
	}
	stores := body["Data"].(map[string]any)["ViewAllowedStores"].([]any)
	var names []string
	for _, s := range stores {
		names = append(names, s.(map[string]any)["Name"].(string))
	}
	if got, want := strings.Join(names, ", "), "Northwind Honda, Northwind Hyundai Vancouver, Northwind Toyota"; got != want {
		t.Errorf("view stores = %s, want %s (sorted by name)", got, want)
	}
}

func TestUserSettings(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sales, manager := f.token(t, "sub-100001"), f.token(t, "sub-100002")
	const path = "/usersettings/key/lastViewedPage"

	if status, _ := f.do(t, http.MethodGet, path, sales, ""); status != 404 {
		t.Fatalf("unsaved setting status = %d, want 404", status)
	}
	if status, body := f.do(t, http.MethodPut, path, sales, `{"key":"lastViewedPage","value":"%2Fapp%2Fcontactsearch"}`); status != 200 {
		t.Fatalf("save status = %d: %v", status, body)
	}
	bad := []struct {
		name string
		path string
		body string
	}{
		{"key differs from the path", path, `{"key":"other","value":"x"}`},
		{"value too long", path, `{"key":"lastViewedPage","value":"` + strings.Repeat("x", 4097) + `"}`},
		{"bad key", "/usersettings/key/bad%20key", `{"key":"bad key","value":"x"}`},
		{"not json", path, `{"key":`},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			status, body := f.do(t, http.MethodPut, tt.path, sales, tt.body)
			if status != 400 {
				t.Fatalf("status = %d, want 400 (%v)", status, body)
			}
			if msgs, _ := body["errorMessages"].([]any); len(msgs) == 0 {
				t.Errorf("no errorMessages in %v", body)
			}
		})
	}
	status, body := f.do(t, http.MethodGet, "/UserSettings/Key/lastViewedPage", sales, "")
	if status != 200 {
		t.Fatalf("read status = %d: %v", status, body)
	}
	if got := body["data"].(map[string]any)["value"]; got != "%2Fapp%2Fcontactsearch" {
		t.Errorf("value after rejected saves = %v, want the saved one", got)
	}
	// Settings are per user: another user does not see it.
	if status, _ := f.do(t, http.MethodGet, path, manager, ""); status != 404 {
		t.Errorf("other user's read status = %d, want 404", status)
	}
}

func TestInactiveUserIsForbidden(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, p := range demo.Build().Others {
		if p.UserStatus != user.StatusInactive {
			continue
		}
		p.Subject = "sub-inactive"
		if err := f.svc.Users.LinkSubject(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	status, body := f.do(t, http.MethodGet, "/users/currentUser", f.token(t, "sub-inactive"), "")
	if status != 403 {
		t.Errorf("status = %d, want 403 (%v)", status, body)
	}
}
