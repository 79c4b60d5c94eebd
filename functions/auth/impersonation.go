package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	identity "github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/danielgtaylor/huma/v2"
)

// StartImpersonationInput is the body of POST /auth/impersonation.
type StartImpersonationInput struct {
	Body struct {
		UserID string `json:"userId" maxLength:"64" doc:"The user to impersonate: an active user of the caller's dealer group with a sign-in."`
	}
}

// Impersonation is a started impersonation: the token that acts as the subject on behalf of
// the actor.
type Impersonation struct {
	AccessToken string `json:"accessToken"`
	// ExpiresAt is when the token expires (RFC 3339): at most an hour after it was issued and
	// never after the actor's own token.
	ExpiresAt time.Time         `json:"expiresAt"`
	Subject   ImpersonationUser `json:"subject"`
	Actor     ImpersonationUser `json:"actor"`
}

// EndedImpersonation says whether the request's token was an impersonation that has now ended.
type EndedImpersonation struct {
	Ended bool `json:"ended"`
}

func registerImpersonation(api *httpapi.API, a *area) {
	httpapi.Register(api, huma.Operation{
		OperationID: "startImpersonation",
		Method:      http.MethodPost,
		Path:        "/auth/impersonation",
		Summary:     "Start impersonating a user of one's dealer group",
		Description: "Needs the permission pando.cxm.impersonate. Returns an access token whose sub is the " +
			"user's and whose act claim (RFC 8693) names the caller; it lasts at most an hour and never " +
			"beyond the caller's own token. An impersonation token cannot start another impersonation. " +
			"The start and every write made with the token are audited with both identities.",
		Tags:   []string{"auth"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StartImpersonationInput) (*httpapi.Body[httpapi.Result[Impersonation]], error) {
		imp, err := a.startImpersonation(ctx, in.Body.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(imp)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "endImpersonation",
		Method:      http.MethodPost,
		Path:        "/auth/impersonation/end",
		Summary:     "End the impersonation of the request's token",
		Description: "Called with the impersonation token; records the end in the audit log. With any other " +
			"token it changes nothing and says so (ended false).",
		Tags:   []string{"auth"},
		Errors: []int{401, 403},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Result[EndedImpersonation]], error) {
		ended, err := a.endImpersonation(ctx)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(EndedImpersonation{Ended: ended})), nil
	})
}

func (a *area) startImpersonation(ctx context.Context, userID string) (Impersonation, error) {
	iss, err := a.issuer()
	if err != nil {
		return Impersonation{}, err
	}
	claims, ok := identity.ClaimsFrom(ctx)
	if !ok {
		return Impersonation{}, apperr.Errorf(apperr.Unauthorized, "Sign in to continue.")
	}
	if claims.ActorSubject != "" {
		return Impersonation{}, apperr.Errorf(apperr.Forbidden, "You are impersonating a user already, and an impersonation cannot start another. End this impersonation first.")
	}
	if claims.Partner != "" {
		return Impersonation{}, apperr.Errorf(apperr.Forbidden, "An embedded partner session cannot start an impersonation.")
	}
	sess, err := a.svc.Users.Session(ctx)
	if err != nil {
		return Impersonation{}, err
	}
	if !sess.Principal.Can(PermImpersonate) {
		return Impersonation{}, apperr.Errorf(apperr.Forbidden, "You do not have permission to impersonate users.")
	}
	notFound := apperr.Errorf(apperr.NotFound, "The user %s does not exist.", userID)
	if !user.ValidUserID(userID) {
		return Impersonation{}, notFound
	}
	if userID == sess.Profile.UserID {
		return Impersonation{}, apperr.InvalidFields("You cannot impersonate yourself.", map[string]string{"userId": "Choose another user."})
	}
	// The profile is read in the actor's own dealer group: a user of another group is not
	// found, so impersonation cannot leave the group.
	target, _, err := a.svc.Users.Profile(ctx, sess.Principal.Tenant, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Impersonation{}, notFound
	}
	if err != nil {
		return Impersonation{}, err
	}
	if !target.Active() {
		return Impersonation{}, apperr.InvalidFields("The user is not active and cannot be impersonated.", map[string]string{"userId": "The user is not active."})
	}
	if target.Subject == "" {
		return Impersonation{}, apperr.InvalidFields("The user has no sign-in and cannot be impersonated.", map[string]string{"userId": "The user has no sign-in."})
	}
	if reason := widerThan(target, sess); reason != "" {
		return Impersonation{}, apperr.Errorf(apperr.Forbidden, "You cannot impersonate %s: they %s.", target.DisplayName(), reason)
	}

	now := a.now().Truncate(time.Second)
	expires := now.Add(MaxImpersonationLifetime)
	if claims.ExpiresAt > 0 {
		if own := time.Unix(claims.ExpiresAt, 0); own.Before(expires) {
			expires = own
		}
	}
	if !expires.After(now) {
		return Impersonation{}, apperr.Errorf(apperr.Unauthorized, "Your session has expired. Sign in again.")
	}
	authTime := now
	if claims.AuthTime > 0 {
		authTime = time.Unix(claims.AuthTime, 0)
	}
	token, issued, err := iss.Issue(ctx, issuer.Grant{
		Subject: target.Subject, ClientID: issuer.ImpersonationClient, AuthTime: authTime,
		IssuedAt: now, ExpiresAt: expires, ActorSubject: claims.Subject,
	})
	if err != nil {
		return Impersonation{}, err
	}
	// No token leaves without its audit record.
	err = a.audit.Record(ctx, audit.Entry{
		Event: audit.EventImpersonationStarted, AccountID: sess.Principal.AccountID,
		ActorUserID: sess.Profile.UserID, ActorSubject: claims.Subject,
		SubjectUserID: target.UserID, Subject: target.Subject,
		Method: http.MethodPost, Path: "/auth/impersonation", Status: http.StatusOK, At: now, RequestID: issued.ID,
	})
	if err != nil {
		return Impersonation{}, err
	}
	return Impersonation{
		AccessToken: token,
		ExpiresAt:   time.Unix(issued.ExpiresAt, 0).UTC(),
		Subject:     ImpersonationUser{UserID: target.UserID, Name: target.DisplayName()},
		Actor:       ImpersonationUser{UserID: sess.Profile.UserID, Name: sess.Profile.DisplayName()},
	}, nil
}

func (a *area) endImpersonation(ctx context.Context) (bool, error) {
	claims, ok := identity.ClaimsFrom(ctx)
	if !ok {
		return false, apperr.Errorf(apperr.Unauthorized, "Sign in to continue.")
	}
	if claims.ActorSubject == "" {
		return false, nil
	}
	sess, err := a.svc.Users.Session(ctx)
	if err != nil {
		return false, err
	}
	// The audit middleware records this request; it only needs to know what it is.
	if audit.SetEvent(ctx, audit.EventImpersonationEnded) {
		return true, nil
	}
	err = a.audit.Record(ctx, audit.Entry{
		Event: audit.EventImpersonationEnded, AccountID: sess.Principal.AccountID,
		ActorUserID: sess.Principal.ActorUserID, ActorSubject: claims.ActorSubject,
		SubjectUserID: sess.Principal.UserID, Subject: claims.Subject,
		Method: http.MethodPost, Path: "/auth/impersonation/end", Status: http.StatusOK, At: a.now(),
	})
	return err == nil, err
}

// widerThan says why target may do more than the actor of sess (a permission or a store the
// actor lacks), or returns "" when the actor may do everything target may. Impersonation never
// widens what the actor can do.
func widerThan(target user.Profile, sess user.Session) string {
	for _, p := range target.Permissions {
		if !sess.Principal.Can(p) {
			return "hold the permission " + p + ", which you do not"
		}
	}
	stores := target.ViewStores
	if target.HasAllPlatformAccess {
		stores = nil
		for _, st := range sess.Stores {
			stores = append(stores, st.AccountPlatformID)
		}
	}
	for _, id := range stores {
		if !sess.Principal.CanView(id) {
			return "may view a store you may not view"
		}
	}
	return ""
}
