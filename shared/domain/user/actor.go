package user

import (
	"context"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
)

// Identify resolves a sign-in subject to its user's account and user id, from the directory
// alone (no profile read). A subject without a user is a NotFound error.
func (r *Repo) Identify(ctx context.Context, subject string) (accountID int64, userID string, err error) {
	id, err := r.identityOf(ctx, subject)
	if err != nil {
		return 0, "", err
	}
	return id.AccountID, id.UserID, nil
}

// actorOf returns the user id of the real actor of an impersonation token, or "" when the
// token has no actor. The actor must be an active user of the subject's dealer group other
// than the subject: a token that says otherwise is refused, whoever issued it, and an actor
// deactivated since the token was issued loses the impersonation at once.
func (r *Repo) actorOf(ctx context.Context, claims auth.Claims, subject identity) (string, error) {
	if claims.ActorSubject == "" {
		return "", nil
	}
	refused := func(cause error) error {
		return apperr.Wrap(apperr.Forbidden, cause, "This impersonation session is no longer valid. Dismiss the impersonation and sign in again.")
	}
	if claims.ActorSubject == claims.Subject {
		return "", refused(nil)
	}
	actor, err := r.identityOf(ctx, claims.ActorSubject)
	if apperr.CodeOf(err) == apperr.NotFound {
		return "", refused(err)
	}
	if err != nil {
		return "", err
	}
	if actor.AccountID != subject.AccountID {
		return "", refused(nil)
	}
	t, err := account.Tenant(actor.AccountID)
	if err != nil {
		return "", err
	}
	p, _, err := r.Profile(ctx, t, actor.UserID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return "", refused(err)
	}
	if err != nil {
		return "", err
	}
	if !p.Active() {
		return "", refused(nil)
	}
	return actor.UserID, nil
}
