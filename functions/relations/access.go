package relations

import (
	"context"

	"github.com/cxm/cxm/shared/contact"
	"github.com/cxm/cxm/shared/user"
)

// viewContact returns the caller's session and contact id when the caller may view it;
// otherwise the session's error or NotFound.
func (a *area) viewContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, err := a.visibleContact(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}

// editContact is viewContact for a change: a caller whose roles may not edit customers is
// refused (Forbidden) before the contact is read.
func (a *area) editContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	if err := requireEditor(sess); err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, err := a.visibleContact(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}
