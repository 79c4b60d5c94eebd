package relations

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/apperr"
	"github.com/cxm/cxm/shared/contact"
	"github.com/cxm/cxm/shared/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// RemoveTagInput is the request of POST /crm/RemoveContactTag.
type RemoveTagInput struct {
	ContactID int64 `query:"contactId" minimum:"1" required:"true" doc:"The customer."`
	TagID     int64 `query:"tagId" minimum:"1" required:"true" doc:"The tag to take off the customer."`
}

func (a *area) registerTags(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "removeContactTag",
		Method:      http.MethodPost,
		Path:        "/crm/RemoveContactTag",
		Summary:     "Take a tag off a customer",
		Description: "Saves the customer without the tag, re-reading it when another save got in between (no update is lost). A tag the customer does not have changes nothing and succeeds, so a retried call has one effect. Returns the customer's remaining tags.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *RemoveTagInput) (*httpapi.Body[httpapi.Result[[]contact.Tag]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := requireEditor(sess); err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		allow := func(old contact.Contact) error {
			if !sess.Principal.CanView(old.AccountPlatformID) {
				return apperr.Errorf(apperr.NotFound, contact.MsgNotFound)
			}
			return nil
		}
		for attempt := 0; ; attempt++ {
			c, err := a.visibleContact(ctx, sess, in.ContactID)
			if err != nil {
				return nil, err
			}
			kept := slices.DeleteFunc(slices.Clone(c.Tags), func(tg contact.Tag) bool { return tg.TagID == in.TagID })
			if len(kept) == len(c.Tags) {
				return httpapi.Reply(httpapi.OK(nonNil(kept))), nil
			}
			c.Tags = kept
			saved, err := a.contacts.Update(ctx, t, c, sess.Principal.UserID, allow)
			if apperr.CodeOf(err) == apperr.Conflict && attempt < 4 {
				continue
			}
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(nonNil(saved.Tags))), nil
		}
	})
}

func nonNil(tags []contact.Tag) []contact.Tag {
	if tags == nil {
		return []contact.Tag{}
	}
	return tags
}
