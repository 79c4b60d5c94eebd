// Package auth carries who is calling: the token claims the authorizer checked, and the
// principal (user, tenant, permissions, stores) the claims resolve to.
package auth

import (
	"context"
	"encoding/json"
	"strconv"
)

// Claims are the claims of a verified access token, as the API Gateway JWT authorizer passes
// them on (every value a string).
type Claims struct {
	Subject  string
	Username string
	ClientID string
	TokenUse string
	Issuer   string
	AuthTime int64
	// ExpiresAt is the token's exp (seconds since the epoch).
	ExpiresAt int64
	// ActorSubject is the subject of the real actor (RFC 8693 "act") when the token was issued
	// for impersonation; empty otherwise.
	ActorSubject string
	// Partner is the embedded partner a partner token was issued to; empty otherwise.
	Partner string
	// Raw holds every claim as the authorizer passed it.
	Raw map[string]string
}

// ClaimsFromMap builds Claims from the authorizer's string map.
func ClaimsFromMap(m map[string]string) Claims {
	authTime, _ := strconv.ParseInt(m["auth_time"], 10, 64)
	exp, _ := strconv.ParseInt(m["exp"], 10, 64)
	return Claims{
		Subject:      m["sub"],
		Username:     firstNonEmpty(m["username"], m["cognito:username"]),
		ClientID:     firstNonEmpty(m["client_id"], m["aud"]),
		TokenUse:     m["token_use"],
		Issuer:       m["iss"],
		AuthTime:     authTime,
		ExpiresAt:    exp,
		ActorSubject: actorSubject(m["act"]),
		Partner:      m["partner"],
		Raw:          m,
	}
}

type claimsKey struct{}

// WithClaims returns a context carrying verified claims.
func WithClaims(ctx context.Context, c Claims) context.Context {
	return context.WithValue(ctx, claimsKey{}, c)
}

// ClaimsFrom returns the verified claims in ctx; false when the request was not authenticated.
func ClaimsFrom(ctx context.Context) (Claims, bool) {
	c, ok := ctx.Value(claimsKey{}).(Claims)
	return c, ok && c.Subject != ""
}

// actorSubject reads the subject of an RFC 8693 "act" claim, passed on as a JSON object.
func actorSubject(act string) string {
	var a struct {
		Sub string `json:"sub"`
	}
	if act == "" || json.Unmarshal([]byte(act), &a) != nil {
		return ""
	}
	return a.Sub
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
