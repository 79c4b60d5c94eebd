package gateway_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/local/gateway"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/route"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// verifier accepts the token "good" as user sub-1 and denies every other.
type verifier struct{}

func (verifier) Verify(_ context.Context, token string) (map[string]string, error) {
	if token != "good" {
		return nil, fmt.Errorf("%w: bad token", authorizer.ErrDenied)
	}
	return map[string]string{"sub": "sub-1", "token_use": "access"}, nil
}

var _ gateway.Verifier = verifier{}

// echoAreas returns a handler for every area of the route table that answers its own name
// and the subject it was called for.
func echoAreas() map[string]func(wiring.Services) http.Handler {
	areas := map[string]func(wiring.Services) http.Handler{}
	for _, a := range route.Table() {
		areas[a.Name] = func(wiring.Services) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				c, _ := auth.ClaimsFrom(r.Context())
				fmt.Fprintf(w, "%s %s", a.Name, c.Subject)
			})
		}
	}
	return areas
}

// TestDispatch checks that the gateway hands each call to the area of the route API Gateway
// would pick (the most specific one), behind the authorizer except for public operations.
func TestDispatch(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(gateway.New(gateway.Config{
		Areas:      echoAreas(),
		Authorizer: verifier{},
		Log:        slog.New(slog.NewJSONHandler(io.Discard, nil)),
	}))
	t.Cleanup(srv.Close)
	tests := []struct {
		name         string
		method, path string
		token        string
		status       int
		body         string
	}{
		{"contacts", "GET", "/crm/contacts/42", "good", 200, "contacts sub-1"},
		{"below a variable segment", "POST", "/crm/contacts/42/activity/feed/paged", "good", 200, "activity sub-1"},
		{"other spelling", "POST", "/CRM/Contacts/42/Activity/Counts", "good", 200, "activity sub-1"},
		{"literal over variable", "POST", "/crm/contacts/actions/is_desking_enabled", "good", 200, "desking sub-1"},
		{"click-to-call", "POST", "/crm/contacts/42/actions/start_outbound_call", "good", 200, "calltracking sub-1"},
		{"relations", "DELETE", "/crm/contacts/42/household/43", "good", 200, "relations sub-1"},
		{"relations literal", "PUT", "/api/contacts/bulk/assignments", "good", 200, "relations sub-1"},
		{"no token", "POST", "/crm/contacts/42/activity/counts", "", 401, "Unauthorized"},
		{"bad token", "GET", "/crm/contacts/42", "bad", 401, "Unauthorized"},
		{"public operation", "GET", "/auth/.well-known/jwks.json", "", 200, "auth "},
		{"public operation, other method", "POST", "/auth/.well-known/jwks.json", "", 401, "Unauthorized"},
		{"public operation, other spelling", "POST", "/api/crmlead/intake/ADF", "", 200, "leads "},
		{"no area", "GET", "/crm/contactsx", "good", 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.token != "" {
				req.Header.Set("Authorization", "Bearer "+tt.token)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status || !strings.Contains(string(b), tt.body) {
				t.Errorf("%s %s = %d %q, want %d containing %q", tt.method, tt.path, res.StatusCode, b, tt.status, tt.body)
			}
		})
	}
}
