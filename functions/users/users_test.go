package users_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/cxm/cxm/functions/users"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestLambdaEvents drives the area through the Lambda adapter with HTTP API events, as AWS
// invokes it: the claims come from the JWT authorizer's context.
func TestLambdaEvents(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err := demo.Seed(ctx, svc, demo.Build(), func(_ context.Context, l demo.Login) (string, error) {
		return "sub-" + l.Profile.UserID, nil
	}); err != nil {
		t.Fatal(err)
	}
	adapter := lambdahttp.Adapter(users.New(svc))
	event := func(method, path, sub, body string) events.APIGatewayV2HTTPRequest {
		e := events.APIGatewayV2HTTPRequest{
			Version: "2.0", RawPath: path, Body: body,
			Headers: map[string]string{"content-type": "application/json"},
			RequestContext: events.APIGatewayV2HTTPRequestContext{
				HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: method, Path: path},
			},
		}
		if sub != "" {
			e.RequestContext.Authorizer = &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
				JWT: &events.APIGatewayV2HTTPRequestContextAuthorizerJWTDescription{
					Claims: map[string]string{"sub": sub, "token_use": "access", "client_id": "web"},
				},
			}
		}
		return e
	}
	tests := []struct {
		name   string
		event  events.APIGatewayV2HTTPRequest
		status int
		check  func(t *testing.T, body map[string]any)
	}{
		{"current user", event("GET", "/users/currentUser", "sub-100002", ""), 200, func(t *testing.T, b map[string]any) {
			if got := b["Data"].(map[string]any)["Name"]; got != "Morgan Reyes" {
				t.Errorf("Name = %v, want Morgan Reyes", got)
			}
		}},
		{"no authorizer claims", event("GET", "/users/currentUser", "", ""), 401, nil},
		{"save a setting", event("PUT", "/usersettings/key/horizontalMenu", "sub-100002", `{"key":"horizontalMenu","value":"true"}`), 200, nil},
		{"read it back in other casing", event("GET", "/UserSettings/key/horizontalMenu", "sub-100002", ""), 200, func(t *testing.T, b map[string]any) {
			if got := b["data"].(map[string]any)["value"]; got != "true" {
				t.Errorf("value = %v, want true", got)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := adapter.ProxyWithContext(ctx, tt.event)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != tt.status {
				t.Fatalf("status = %d, want %d: %s", res.StatusCode, tt.status, res.Body)
			}
			var body map[string]any
			if err := json.Unmarshal([]byte(res.Body), &body); err != nil {
				t.Fatalf("body %q: %v", res.Body, err)
			}
			if tt.check != nil {
				tt.check(t, body)
			}
		})
	}
}
