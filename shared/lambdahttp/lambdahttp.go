// Package lambdahttp runs an API area's handler on Lambda behind the HTTP API: it builds the
// services once per cold start and passes the JWT authorizer's claims to the handler the way
// the local gateway does.
package lambdahttp

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
	"github.com/cxm/cxm/shared/auth"
	"github.com/cxm/cxm/shared/platform"
)

// Main reads the configuration from the environment, builds the area's handler with newArea
// and serves it until Lambda stops the process. It exits when the configuration is incomplete.
func Main(newArea func(platform.Services) http.Handler) {
	if err := run(context.Background(), newArea); err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, newArea func(platform.Services) http.Handler) error {
	cfg, err := platform.ConfigFromEnv(ctx)
	if err != nil {
		return err
	}
	svc, err := platform.Connect(ctx, cfg)
	if err != nil {
		return err
	}
	lambda.Start(Adapter(newArea(svc)).ProxyWithContext)
	return nil
}

// Adapter wraps an area's handler for HTTP API (payload 2.0) events.
func Adapter(h http.Handler) *httpadapter.HandlerAdapterV2 {
	return httpadapter.NewV2(WithAuthorizerClaims(h))
}

// WithAuthorizerClaims puts the claims the HTTP API's JWT authorizer verified into the request
// context.
func WithAuthorizerClaims(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if req, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok && req.Authorizer != nil && req.Authorizer.JWT != nil {
			r = r.WithContext(auth.WithClaims(r.Context(), auth.ClaimsFromMap(req.Authorizer.JWT.Claims)))
		}
		next.ServeHTTP(w, r)
	})
}
