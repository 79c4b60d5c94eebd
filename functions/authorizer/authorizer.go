// Package authorizer is the HTTP API's Lambda authorizer (REQUEST type, payload format 2.0,
// simple responses). API Gateway's own JWT authorizer trusts one issuer with a fixed audience
// list, but the API must accept two: Cognito access tokens of the web client, and the tokens
// CXM's token service (functions/auth) issues for impersonation and embedded partners. The
// authorizer checks the bearer token of the Authorization header with the same checks the
// local gateway makes (package shared/authorizer) and hands the verified claims, flattened to
// strings, to the area functions as the authorizer context (see lambdahttp.WithAuthorizerClaims).
//
// It is not an API area: it serves no routes and is not in the route table.
package authorizer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	jwtauth "github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/issuer"
)

// Names of the environment variables ConfigFromEnv reads.
const (
	EnvUserPoolRegion   = "USER_POOL_REGION"
	EnvUserPoolID       = "USER_POOL_ID"
	EnvUserPoolClientID = "USER_POOL_CLIENT_ID"
	EnvIssuerURL        = "ISSUER_URL"
)

// Config says which issuers the authorizer trusts.
type Config struct {
	// Region, UserPoolID and UserPoolClientID name the Cognito user pool and the web client
	// whose access tokens are accepted.
	Region           string
	UserPoolID       string
	UserPoolClientID string
	// IssuerURL is the iss of CXM's own tokens: the API's origin followed by /auth. Its keys
	// are published below it (issuer.JWKSPath).
	IssuerURL string
	// Client fetches the issuers' keys; nil uses the authorizer's default client.
	Client *http.Client
	// Log receives one line per denied token; nil discards them.
	Log *slog.Logger
	// Now is the clock tokens are checked against; nil uses the wall clock.
	Now func() time.Time
}

// ConfigFromEnv reads the configuration from environment variables (getenv is os.Getenv in
// the function). Every variable is required.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Region:           getenv(EnvUserPoolRegion),
		UserPoolID:       getenv(EnvUserPoolID),
		UserPoolClientID: getenv(EnvUserPoolClientID),
		IssuerURL:        getenv(EnvIssuerURL),
	}
	var missing []string
	for _, v := range []struct{ name, value string }{
		{EnvUserPoolRegion, c.Region}, {EnvUserPoolID, c.UserPoolID},
		{EnvUserPoolClientID, c.UserPoolClientID}, {EnvIssuerURL, c.IssuerURL},
	} {
		if v.value == "" {
			missing = append(missing, v.name)
		}
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("authorizer: %s not set", strings.Join(missing, ", "))
	}
	return c, nil
}

// CognitoIssuer returns the iss of the user pool's tokens.
func (c Config) CognitoIssuer() string {
	return fmt.Sprintf("https://cognito-idp.%s.amazonaws.com/%s", c.Region, c.UserPoolID)
}

// Handler answers API Gateway's authorization requests.
type Handler struct {
	trusted *jwtauth.Set
	log     *slog.Logger
}

// New returns the handler trusting the issuers of c: Cognito tokens of the web client, and CXM
// tokens of the clients the token service issues to (as the local gateway trusts them).
func New(c Config) (*Handler, error) {
	if c.Region == "" || c.UserPoolID == "" || c.UserPoolClientID == "" || c.IssuerURL == "" {
		return nil, errors.New("authorizer: region, user pool, client and issuer URL are required")
	}
	cognito := jwtauth.Config{
		Issuer:    c.CognitoIssuer(),
		Audiences: []string{c.UserPoolClientID},
		JWKSURL:   c.CognitoIssuer() + issuer.JWKSPath,
		Client:    c.Client,
		Now:       c.Now,
	}
	cxm := issuer.AuthorizerConfig(c.IssuerURL)
	cxm.Client, cxm.Now = c.Client, c.Now
	trusted, err := jwtauth.NewSet(jwtauth.New(cognito), jwtauth.New(cxm))
	if err != nil {
		return nil, fmt.Errorf("authorizer: %w", err)
	}
	log := c.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Handler{trusted: trusted, log: log}, nil
}

// Handle authorizes one request. A missing, malformed or rejected token is answered with
// isAuthorized false (API Gateway responds 403). When an issuer's keys cannot be fetched it
// returns an error instead (API Gateway responds 500), so that a good token is not denied and
// that denial cached. An allowed request carries the token's claims as the context.
func (h *Handler) Handle(ctx context.Context, req events.APIGatewayV2CustomAuthorizerV2Request) (events.APIGatewayV2CustomAuthorizerSimpleResponse, error) {
	token, err := jwtauth.ParseBearer(header(req.Headers, "authorization"))
	if err == nil {
		var claims map[string]string
		claims, err = h.trusted.Verify(ctx, token)
		if err == nil {
			out := make(map[string]any, len(claims))
			for k, v := range claims {
				out[k] = v
			}
			return events.APIGatewayV2CustomAuthorizerSimpleResponse{IsAuthorized: true, Context: out}, nil
		}
	}
	if errors.Is(err, jwtauth.ErrKeysUnavailable) {
		h.log.ErrorContext(ctx, "authorizer keys unavailable", "route", req.RouteKey, "request_id", req.RequestContext.RequestID, "err", err)
		return events.APIGatewayV2CustomAuthorizerSimpleResponse{}, fmt.Errorf("authorize %s: %w", req.RouteKey, err)
	}
	h.log.InfoContext(ctx, "denied", "route", req.RouteKey, "request_id", req.RequestContext.RequestID,
		"reason", strings.TrimPrefix(err.Error(), jwtauth.ErrDenied.Error()+": "))
	return events.APIGatewayV2CustomAuthorizerSimpleResponse{IsAuthorized: false}, nil
}

// header returns the value of the named header. HTTP API lowercases header names in payload
// format 2.0; other spellings are matched too, for events built by hand.
func header(headers map[string]string, name string) string {
	if v, ok := headers[name]; ok {
		return v
	}
	for k, v := range headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}
