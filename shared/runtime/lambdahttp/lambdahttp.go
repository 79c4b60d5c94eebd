// Package lambdahttp runs an API area's handler on Lambda behind the HTTP API: it builds the
// services once per cold start and passes the authorizer's verified claims to the handler the
// way the local gateway does, behind the same audit of writes under impersonation. Serve starts
// the other functions built on the services (the WebSocket routes, the timers) the same way.
package lambdahttp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Option changes how Main builds an area.
type Option func(*options)

type options struct {
	setup []func(context.Context, *wiring.Services) error
}

// WithSetup runs f on the services before the area is built, for an area that needs a client
// the others do not (the token service's signing key). An error from f stops the function.
func WithSetup(f func(context.Context, *wiring.Services) error) Option {
	return func(o *options) { o.setup = append(o.setup, f) }
}

// Main reads the configuration from the environment, builds the area's handler with newArea
// and serves it until Lambda stops the process. It exits when the configuration is incomplete.
func Main(newArea func(wiring.Services) http.Handler, opts ...Option) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	err := start(context.Background(), o.setup, func(svc wiring.Services) any {
		return Adapter(Audited(svc, newArea(svc))).ProxyWithContext
	})
	if err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
}

// Serve reads the configuration from the environment, builds the function's Lambda handler with
// newHandler and serves it until Lambda stops the process, for a function that is not an API
// area. It exits, naming the function, when the configuration is incomplete or the services
// cannot be built.
func Serve(name string, newHandler func(wiring.Services) any) {
	if err := start(context.Background(), nil, newHandler); err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}

// start builds the services from the environment, runs setup on them and serves the handler
// newHandler builds.
func start(ctx context.Context, setup []func(context.Context, *wiring.Services) error, newHandler func(wiring.Services) any) error {
	cfg, err := wiring.ConfigFromEnv(ctx)
	if err != nil {
		return err
	}
	svc, err := wiring.Connect(ctx, cfg)
	if err != nil {
		return err
	}
	for _, f := range setup {
		if err := f(ctx, &svc); err != nil {
			return err
		}
	}
	lambda.Start(newHandler(svc))
	return nil
}

// Adapter wraps an area's handler for HTTP API (payload 2.0) events.
func Adapter(h http.Handler) *httpadapter.HandlerAdapterV2 {
	return httpadapter.NewV2(WithAuthorizerClaims(h))
}

// Audited records the writes made under impersonation (see package audit), naming each by the
// HTTP API's request id.
func Audited(svc wiring.Services, h http.Handler) http.Handler {
	return audit.Middleware(audit.NewLog(svc.Store), svc.Users, RequestID, svc.Log)(h)
}

// RequestID returns the HTTP API's id of the request.
func RequestID(r *http.Request) string {
	if req, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok {
		return req.RequestID
	}
	return ""
}

// WithAuthorizerClaims puts the claims the HTTP API's authorizer verified into the request
// context: a JWT authorizer's claims, or else the context of the Lambda authorizer
// (functions/authorizer), which carries the verified claims as strings. A request without
// either reaches the handler unauthenticated.
func WithAuthorizerClaims(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if claims, ok := authorizerClaims(r); ok {
			r = r.WithContext(auth.WithClaims(r.Context(), auth.ClaimsFromMap(claims)))
		}
		next.ServeHTTP(w, r)
	})
}

// authorizerClaims returns the claims of the request's authorizer; false when it has none.
func authorizerClaims(r *http.Request) (map[string]string, bool) {
	req, ok := core.GetAPIGatewayV2ContextFromContext(r.Context())
	if !ok || req.Authorizer == nil {
		return nil, false
	}
	if jwt := req.Authorizer.JWT; jwt != nil && len(jwt.Claims) > 0 {
		return jwt.Claims, true
	}
	if len(req.Authorizer.Lambda) == 0 {
		return nil, false
	}
	claims := make(map[string]string, len(req.Authorizer.Lambda))
	for k, v := range req.Authorizer.Lambda {
		claims[k] = contextString(v)
	}
	return claims, true
}

// contextString renders a Lambda authorizer context value as a JWT authorizer renders a claim:
// strings as they are, numbers in decimal, booleans as true or false, anything else as JSON.
// The CXM authorizer only sends strings; the rest keeps other values readable.
func contextString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return ""
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Sprint(v)
		}
		return string(b)
	}
}
