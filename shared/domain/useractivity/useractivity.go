// Package useractivity is what an area needs to record what the signed-in user did with a
// customer in the customer's activity: the customer, when the user may log on it, the entry
// made by the user (and the real actor under impersonation), and a client's request id scoped
// so that a retry records once.
package useractivity

import (
	"context"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// MsgMayNotLog refuses a user who may see a customer but not log on it.
const MsgMayNotLog = "You may not log activity for this customer."

// Contact returns the caller's session and customer id when the caller may view and edit it:
// NotFound when they may not view it, Forbidden when they may not log on it.
func Contact(ctx context.Context, users *user.Repo, contacts *contact.Repo, id int64) (user.Session, contact.Contact, error) {
	sess, err := users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, p, err := contacts.ForSession(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	if !p.CanEdit {
		return user.Session{}, contact.Contact{}, apperr.Errorf(apperr.Forbidden, MsgMayNotLog)
	}
	return sess, c, nil
}

// Entry returns a new entry of c made by the session's user, recorded once per key ("" for
// none).
func Entry(sess user.Session, c contact.Contact, kind activity.Kind, key string) activity.New {
	return activity.New{
		ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, Kind: kind,
		UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID,
		Key: key,
	}
}

// ClientKey scopes a client's request id to the operation and the user; "" without one.
func ClientKey(op string, sess user.Session, requestID string) string {
	if requestID == "" {
		return ""
	}
	return op + ":" + sess.Principal.UserID + ":" + requestID
}
