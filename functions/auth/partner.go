package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/danielgtaylor/huma/v2"
)

// PartnerTokenInput is the body of POST /auth/partner/token.
type PartnerTokenInput struct {
	Body struct {
		Assertion string `json:"assertion" maxLength:"8192" doc:"An RS256 JWT signed with the partner's registered key: iss the partner id, sub the CXM user id, aud \"cxm\", iat, exp at most 5 minutes after iat, and a jti used once."`
	}
}

func registerPartner(api *httpapi.API, a *area) {
	httpapi.Register(api, huma.Operation{
		OperationID: "exchangePartnerAssertion",
		Method:      http.MethodPost,
		Path:        "/auth/partner/token",
		Summary:     "Exchange an embedded partner's signed assertion for a short-lived access token",
		Description: "Public: the assertion is the credential. The partner must be registered and active for " +
			"the user's dealer group, and the user active with a sign-in. Each assertion is accepted once. " +
			"The token acts for the user for 10 minutes and carries the partner claim. Every failure is a 401.",
		Tags:     []string{"auth"},
		Security: public(),
		Errors:   []int{400, 401},
	}, func(ctx context.Context, in *PartnerTokenInput) (*httpapi.Body[httpapi.Result[AccessToken]], error) {
		tok, err := a.exchange(ctx, in.Body.Assertion)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(tok)), nil
	})
}

func (a *area) exchange(ctx context.Context, assertion string) (AccessToken, error) {
	partnerID, err := partner.IssuerOf(assertion)
	if err != nil {
		return AccessToken{}, err
	}
	p, _, err := a.partners.Get(ctx, partnerID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return AccessToken{}, apperr.Wrap(apperr.Unauthorized, err, "The partner is not registered.")
	}
	if err != nil {
		return AccessToken{}, err
	}
	if !p.Active {
		return AccessToken{}, apperr.Errorf(apperr.Unauthorized, "The partner is not active.")
	}
	now := a.now()
	as, err := partner.Verify(assertion, p, now)
	if err != nil {
		return AccessToken{}, err
	}
	target, err := a.partnerUser(ctx, p, as.UserID)
	if err != nil {
		return AccessToken{}, err
	}
	iss, err := a.issuer()
	if err != nil {
		return AccessToken{}, err
	}
	if err := a.partners.UseAssertion(ctx, p, as); err != nil {
		return AccessToken{}, err
	}
	now = now.Truncate(time.Second)
	token, issued, err := iss.Issue(ctx, issuer.Grant{
		Subject: target.Subject, ClientID: p.ID, Partner: p.ID, AuthTime: now,
		IssuedAt: now, ExpiresAt: now.Add(PartnerTokenLifetime),
	})
	if err != nil {
		return AccessToken{}, err
	}
	a.svc.Log.InfoContext(ctx, "partner token issued", "partner", p.ID, "user", target.UserID, "assertion", as.ID, "token", issued.ID)
	return AccessToken{AccessToken: token, ExpiresAt: time.Unix(issued.ExpiresAt, 0).UTC()}, nil
}

// partnerUser returns the user a partner asks a token for: an active user with a sign-in of
// the partner's own dealer group.
func (a *area) partnerUser(ctx context.Context, p partner.Partner, userID string) (user.Profile, error) {
	notOurs := apperr.Errorf(apperr.Unauthorized, "The user %s is not a user of the partner's dealer group.", userID)
	if !user.ValidUserID(userID) {
		return user.Profile{}, notOurs
	}
	t, err := account.Tenant(p.AccountID)
	if err != nil {
		return user.Profile{}, err
	}
	target, _, err := a.svc.Users.Profile(ctx, t, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return user.Profile{}, notOurs
	}
	if err != nil {
		return user.Profile{}, err
	}
	if !target.Active() {
		return user.Profile{}, apperr.Errorf(apperr.Unauthorized, "The user %s is not active.", userID)
	}
	if target.Subject == "" {
		return user.Profile{}, apperr.Errorf(apperr.Unauthorized, "The user %s has no sign-in.", userID)
	}
	return target, nil
}
