package contact

import (
	"context"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// CreateWith is Create for a contact made together with other records: with returns the
// writes that go in the same transaction, given the new contact (with its id), so the contact
// exists if and only if those writes succeed. A failed condition of any write is a Conflict
// error and nothing is written; the contact's id is not retried then, since the condition that
// failed is most likely one of with's.
func (r *Repo) CreateWith(ctx context.Context, t store.Tenant, in Contact, by string, with func(Contact) ([]store.Op, error)) (Contact, error) {
	c, err := Normalize(in)
	if err != nil {
		return Contact{}, err
	}
	if fields := maskedFields(c); len(fields) > 0 {
		return Contact{}, apperr.InvalidFields(NotValid, fields)
	}
	if err := r.defineTags(ctx, t, &c, nil); err != nil {
		return Contact{}, err
	}
	if c, err = stampNew(t, c, r.now().UTC(), by); err != nil {
		return Contact{}, err
	}
	c.ID = newID()
	extra, err := with(c)
	if err != nil {
		return Contact{}, err
	}
	if err := r.write(ctx, t, c, 0, nil, save{by: by, kind: changelog.KindCreated, changes: logChanges(Contact{}, c), event: EventCreated, fields: changedFields(Contact{}, c)}, extra...); err != nil {
		return Contact{}, err
	}
	c.Version = 1
	return c.Decorate(), nil
}
