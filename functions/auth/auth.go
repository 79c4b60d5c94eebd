// Package auth is the token service API area: CXM's own access tokens for impersonation and
// embedded partner sessions, the public keys that verify them, the sign-out notification, and
// the audit log of what is done under impersonation.
//
// Tokens are RS256 JWTs issued by wiring.Services.Issuer, shaped like the identity provider's
// access tokens so the authorizer and the session resolution accept them unchanged:
//
//	iss        the token service ({gateway origin}/auth locally)
//	sub        the user's identity-provider subject
//	client_id  "cxm-impersonation", or the partner id
//	token_use  "access"
//	iat nbf exp jti auth_time
//	act        {"sub": actor's subject} on impersonation tokens (RFC 8693)
//	partner    the partner id on partner tokens
package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// Token lifetimes.
const (
	// MaxImpersonationLifetime bounds an impersonation token; it never outlives the actor's
	// own token either.
	MaxImpersonationLifetime = time.Hour
	// PartnerTokenLifetime is the lifetime of a token exchanged for a partner assertion.
	PartnerTokenLifetime = 10 * time.Minute
)

// PermImpersonate is the permission to start impersonating a user of one's dealer group.
const PermImpersonate = role.PermImpersonate

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// area holds what the handlers use.
type area struct {
	svc      wiring.Services
	audit    *audit.Log
	partners *partner.Repo
	now      func() time.Time
}

func (a *area) issuer() (*issuer.Issuer, error) {
	if a.svc.Issuer == nil {
		return nil, apperr.Errorf(apperr.Internal, "the token service has no signing key")
	}
	return a.svc.Issuer, nil
}

// public is the security of an operation that needs no bearer token.
func public() []map[string][]string { return []map[string][]string{{}} }

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	partners := d.Partners
	if partners == nil {
		partners = partner.NewRepo(d.Store)
	}
	a := &area{svc: d, audit: audit.NewLog(d.Store), partners: partners, now: d.Store.Now}

	httpapi.Register(api, huma.Operation{
		OperationID: "getTokenServiceKeys",
		Method:      http.MethodGet,
		Path:        "/auth/.well-known/jwks.json",
		Summary:     "The public keys of CXM's token service (JWKS)",
		Description: "The keys that verify the access tokens the token service issues. Public: no token needed.",
		Tags:        []string{"auth"},
		Security:    public(),
	}, func(ctx context.Context, _ *struct{}) (*jwksOutput, error) {
		out := &jwksOutput{CacheControl: "public, max-age=300", Body: issuer.JWKS{Keys: []issuer.JWK{}}}
		if d.Issuer != nil {
			out.Body = d.Issuer.JWKS()
		}
		return out, nil
	})

	registerImpersonation(api, a)
	registerPartner(api, a)
	registerLogout(api, a)
	registerAudit(api, a)
}

type jwksOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         issuer.JWKS
}

// ImpersonationUser names a user.
type ImpersonationUser struct {
	UserID string `json:"UserId"`
	Name   string `json:"Name"`
}

// AccessToken is an issued access token.
type AccessToken struct {
	AccessToken string `json:"accessToken"`
	// ExpiresAt is when the token expires (RFC 3339).
	ExpiresAt time.Time `json:"expiresAt"`
}
