package auth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"github.com/cxm/cxm/functions/mount"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/local/gateway"
	"github.com/cxm/cxm/shared/local/localaws"
	"github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/golang-jwt/jwt/v5"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	cognitoIssuer = "http://127.0.0.1:1/local_test"
	cognitoClient = "web-client"
)

// The demo users the tests act as.
const (
	sales   = "100001" // sales person, no impersonation permission
	admin   = "100008" // dealer admin, may impersonate
	gm      = "100009" // general manager, may impersonate
	former  = "100099" // inactive
	noLogin = "100101" // active staff member without a sign-in
)

// fixture is the local gateway in front of every area, trusting a Cognito stand-in and CXM's
// own token service, over a table seeded with the demo group and a second group (the subject
// of user U is "sub-U").
type fixture struct {
	url        string
	cognitoKey *rsa.PrivateKey
	svc        wiring.Services
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	cognitoKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	jwks := httptest.NewServer(issuer.KeySet("k1", &cognitoKey.PublicKey))
	t.Cleanup(jwks.Close)

	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), log)
	subjects := func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }
	for _, g := range []demo.Group{demo.Build(), demo.OtherGroup()} {
		if err := demo.Seed(ctx, svc, g, subjects); err != nil {
			t.Fatal(err)
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	issuerKey, err := issuer.LoadOrCreateKey(filepath.Join(t.TempDir(), "keys", "issuer.pem"))
	if err != nil {
		t.Fatal(err)
	}
	svc.Issuer, err = issuer.New(url+"/auth", issuer.NewRSASigner(issuerKey))
	if err != nil {
		t.Fatal(err)
	}
	// Tokens are checked by the store's clock, the one the token service issues them by.
	cxmConfig := svc.Issuer.AuthorizerConfig()
	cxmConfig.Now = svc.Store.Now
	trusted, err := authorizer.NewSet(
		authorizer.New(authorizer.Config{Issuer: cognitoIssuer, Audiences: []string{cognitoClient}, JWKSURL: jwks.URL, Now: svc.Store.Now}),
		authorizer.New(cxmConfig),
	)
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: gateway.New(gateway.Config{Areas: mount.Handlers(), Services: svc, Authorizer: trusted, Log: log})}}
	srv.Start()
	t.Cleanup(srv.Close)
	return fixture{url: url, cognitoKey: cognitoKey, svc: svc}
}

// signIn returns a Cognito access token of userID that expires after lifetime.
func (f fixture) signIn(t *testing.T, userID string, lifetime time.Duration) string {
	t.Helper()
	now := f.svc.Store.Now()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"sub": "sub-" + userID, "iss": cognitoIssuer, "client_id": cognitoClient, "token_use": "access",
		"iat": now.Unix(), "exp": now.Add(lifetime).Unix(), "auth_time": now.Add(-time.Minute).Unix(),
	})
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(f.cognitoKey)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// response is a decoded JSON response.
type response struct {
	status int
	body   map[string]any
}

func (r response) data() map[string]any {
	for _, k := range []string{"data", "Data"} {
		if d, ok := r.body[k].(map[string]any); ok {
			return d
		}
	}
	return nil
}

func (r response) message() string {
	msgs, _ := r.body["errorMessages"].([]any)
	if len(msgs) == 0 {
		return ""
	}
	return msgs[0].(string)
}

func (f fixture) do(t *testing.T, method, path, token, body string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, f.url+path, rd)
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
	out := response{status: res.StatusCode}
	_ = json.NewDecoder(res.Body).Decode(&out.body)
	return out
}

// claimsOf decodes a token's claims without verifying it.
func claimsOf(t *testing.T, token string) map[string]any {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("token %q is not a JWT", token)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// dealerVaultKey is the demo partner's committed private key.
func dealerVaultKey(t *testing.T) *rsa.PrivateKey {
	t.Helper()
	root, err := localaws.Root()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, demo.PartnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	key, err := issuer.ParsePrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func TestPublicOperationsNeedNoToken(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	res := f.do(t, "GET", "/auth/.well-known/jwks.json", "", "")
	if res.status != 200 {
		t.Fatalf("jwks status = %d: %v", res.status, res.body)
	}
	keys, _ := res.body["keys"].([]any)
	if len(keys) != 1 || keys[0].(map[string]any)["kid"] != f.svc.Issuer.KeyID() {
		t.Errorf("jwks = %v, want the issuer's one key", res.body)
	}
	// The exchange is reached without a token: its own refusal, not the gateway's.
	if res := f.do(t, "POST", "/auth/partner/token", "", `{"assertion":"x"}`); res.status != 401 || res.message() == "Unauthorized" {
		t.Errorf("exchange without a token = %d %q, want the exchange's 401", res.status, res.message())
	}
	for _, path := range []string{"/auth/impersonation", "/auth/logout", "/auth/impersonation/end"} {
		if res := f.do(t, "POST", path, "", `{}`); res.status != 401 || res.message() != "Unauthorized" {
			t.Errorf("POST %s without a token = %d %q, want the gateway's 401", path, res.status, res.message())
		}
	}
}
