package relations

import (
	"context"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
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

// registerRead registers op, a read about one contact the caller may view: read answers it
// from the session and the contact.
func registerRead[T any](a *area, api *httpapi.API, op huma.Operation, read func(context.Context, user.Session, contact.Contact) (T, error)) {
	httpapi.Register(api, op, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[T]], error) {
		sess, c, err := a.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		out, err := read(ctx, sess, c)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
