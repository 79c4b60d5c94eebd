package lambdahttp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/go-cmp/cmp"

	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

// seen is what the echo handler reports about the claims it was given.
type seen struct {
	Authenticated bool              `json:"authenticated"`
	Subject       string            `json:"sub"`
	ClientID      string            `json:"clientId"`
	Actor         string            `json:"actor"`
	Partner       string            `json:"partner"`
	ExpiresAt     int64             `json:"exp"`
	Raw           map[string]string `json:"raw"`
}

// echo answers with the claims in the request context.
func echo(w http.ResponseWriter, r *http.Request) {
	c, ok := auth.ClaimsFrom(r.Context())
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(seen{
		Authenticated: ok, Subject: c.Subject, ClientID: c.ClientID, Actor: c.ActorSubject,
		Partner: c.Partner, ExpiresAt: c.ExpiresAt, Raw: c.Raw,
	})
}

// TestWithAuthorizerClaims drives the adapter with HTTP API events as AWS sends them: the
// claims come from a JWT authorizer or from the Lambda authorizer's context.
func TestWithAuthorizerClaims(t *testing.T) {
	t.Parallel()
	adapter := lambdahttp.Adapter(http.HandlerFunc(echo))
	event := func(az *events.APIGatewayV2HTTPRequestContextAuthorizerDescription) events.APIGatewayV2HTTPRequest {
		return events.APIGatewayV2HTTPRequest{
			Version: "2.0", RawPath: "/users/currentUser",
			RequestContext: events.APIGatewayV2HTTPRequestContext{
				HTTP:       events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: "/users/currentUser"},
				Authorizer: az,
			},
		}
	}
	tests := []struct {
		name string
		az   *events.APIGatewayV2HTTPRequestContextAuthorizerDescription
		want seen
	}{
		{
			name: "no authorizer",
			az:   nil,
			want: seen{},
		},
		{
			name: "JWT authorizer",
			az: &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
				JWT: &events.APIGatewayV2HTTPRequestContextAuthorizerJWTDescription{
					Claims: map[string]string{"sub": "sub-1", "client_id": "web", "token_use": "access"},
				},
			},
			want: seen{Authenticated: true, Subject: "sub-1", ClientID: "web",
				Raw: map[string]string{"sub": "sub-1", "client_id": "web", "token_use": "access"}},
		},
		{
			name: "Lambda authorizer, impersonation",
			az: &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
				Lambda: map[string]any{
					"sub": "sub-2", "client_id": "cxm-impersonation", "token_use": "access",
					"act": `{"sub":"sub-admin"}`, "exp": "1700000600",
				},
			},
			want: seen{Authenticated: true, Subject: "sub-2", ClientID: "cxm-impersonation", Actor: "sub-admin", ExpiresAt: 1700000600,
				Raw: map[string]string{"sub": "sub-2", "client_id": "cxm-impersonation", "token_use": "access", "act": `{"sub":"sub-admin"}`, "exp": "1700000600"}},
		},
		{
			name: "Lambda authorizer, partner",
			az: &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
				Lambda: map[string]any{"sub": "sub-3", "client_id": "partner-dealervault", "partner": "partner-dealervault"},
			},
			want: seen{Authenticated: true, Subject: "sub-3", ClientID: "partner-dealervault", Partner: "partner-dealervault",
				Raw: map[string]string{"sub": "sub-3", "client_id": "partner-dealervault", "partner": "partner-dealervault"}},
		},
		{
			name: "Lambda context values that are not strings",
			az: &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
				Lambda: map[string]any{"sub": "sub-4", "exp": float64(1700000600), "admin": true, "act": map[string]any{"sub": "sub-admin"}},
			},
			want: seen{Authenticated: true, Subject: "sub-4", Actor: "sub-admin", ExpiresAt: 1700000600,
				Raw: map[string]string{"sub": "sub-4", "exp": "1700000600", "admin": "true", "act": `{"sub":"sub-admin"}`}},
		},
		{
			name: "JWT claims win over a Lambda context",
			az: &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
				JWT:    &events.APIGatewayV2HTTPRequestContextAuthorizerJWTDescription{Claims: map[string]string{"sub": "sub-jwt"}},
				Lambda: map[string]any{"sub": "sub-lambda"},
			},
			want: seen{Authenticated: true, Subject: "sub-jwt", Raw: map[string]string{"sub": "sub-jwt"}},
		},
		{
			name: "empty Lambda context",
			az:   &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{Lambda: map[string]any{}},
			want: seen{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := adapter.ProxyWithContext(context.Background(), event(tt.az))
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200: %s", res.StatusCode, res.Body)
			}
			var got seen
			if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
				t.Fatalf("body %q: %v", res.Body, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("claims (-want +got):\n%s", diff)
			}
		})
	}
}
