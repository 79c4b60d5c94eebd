package auth

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/user"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	identity "github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// signOutRetention is how long a sign-out is kept.
const signOutRetention = 30 * 24 * time.Hour

// SignOut is a recorded sign-out.
type SignOut struct {
	// Subject and AuthTime name the session that ended: the token's sub and auth_time.
	Subject  string `json:"subject"`
	AuthTime int64  `json:"authTime"`
	// SignedOutAt is when the notification arrived.
	SignedOutAt time.Time `json:"signedOutAt"`
}

// signOutItem is the stored sign-out; its key is the user's partition and the session's auth
// time, so notifying twice records it once.
type signOutItem struct {
	UserID       string
	Subject      string
	ActorSubject string
	AuthTime     int64
	SignedOutAt  time.Time
}

// signOutKey is the key of a sign-out, in the user's partition (package user):
//
//	pattern                    index  key condition
//	a user's sign-out          table  PK = A#{acct}#USER#{user}, SK = SIGNOUT#{auth time}
func signOutKey(t store.Tenant, userID string, authTime int64) (store.Key, error) {
	return user.Key(t, userID, "SIGNOUT#"+strconv.FormatInt(authTime, 10))
}

func registerLogout(api *httpapi.API, a *area) {
	httpapi.Register(api, huma.Operation{
		OperationID: "notifyLogout",
		Method:      http.MethodPost,
		Path:        "/auth/logout",
		Summary:     "Record that the signed-in user signed out",
		Description: "The logout notification the web app sends on sign-out (spec C7.1-023; the spec does not " +
			"give its path). Records the session's subject and auth_time. The web app signs out whatever " +
			"the answer.",
		Tags:   []string{"auth"},
		Errors: []int{401},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Result[SignOut]], error) {
		out, err := a.logout(ctx)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

func (a *area) logout(ctx context.Context) (SignOut, error) {
	claims, ok := identity.ClaimsFrom(ctx)
	if !ok {
		return SignOut{}, apperr.Errorf(apperr.Unauthorized, "Sign in to continue.")
	}
	out := SignOut{Subject: claims.Subject, AuthTime: claims.AuthTime, SignedOutAt: a.now().UTC().Truncate(time.Second)}
	// The directory alone says whose session it is, so a user deactivated meanwhile can still
	// sign out; a subject without a user has nothing to record.
	acct, userID, err := a.svc.Users.Identify(ctx, claims.Subject)
	if apperr.CodeOf(err) == apperr.NotFound {
		return out, nil
	}
	if err != nil {
		return SignOut{}, err
	}
	t, err := account.Tenant(acct)
	if err != nil {
		return SignOut{}, err
	}
	k, err := signOutKey(t, userID, claims.AuthTime)
	if err != nil {
		return SignOut{}, err
	}
	_, err = a.svc.Store.Put(ctx, store.Record{
		Key:  k,
		Type: "SignOut",
		Value: signOutItem{
			UserID: userID, Subject: claims.Subject, ActorSubject: claims.ActorSubject,
			AuthTime: claims.AuthTime, SignedOutAt: out.SignedOutAt,
		},
		ExpiresAt: out.SignedOutAt.Add(signOutRetention).Unix(),
	})
	if err != nil {
		return SignOut{}, err
	}
	return out, nil
}
