package contact

import (
	"context"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// ForSession returns contact id as the session's user may see it, with what they may do with
// it: its sensitive fields masked (whatever the user's roles: a whole value is only given by
// Reveal), with the dealer id of its store. Every area that serves
// calls about one customer loads it through here, so a customer the user may not view is the
// same NotFound error (MsgNotFound) everywhere. It returns the store's errors otherwise.
func (r *Repo) ForSession(ctx context.Context, sess user.Session, id int64) (Contact, Permission, error) {
	c, err := r.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return Contact{}, Permission{}, err
	}
	if !sess.Principal.CanView(c.AccountPlatformID) {
		return Contact{}, Permission{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	p := PermissionFor(c.ID, sess.Principal.UserID, c.AccountPlatformID, sess.Principal.ViewStores, sess.Profile.Roles)
	c = c.Masked()
	for _, st := range sess.Stores {
		if st.AccountPlatformID == c.AccountPlatformID {
			c.DealerID = st.DealerID
		}
	}
	return c, p, nil
}
