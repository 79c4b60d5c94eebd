package contacts

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// ContactPath is the path of the calls about one contact.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The contact's id."`
}

// SaveContactInput is the request of POST /crm/contacts.
type SaveContactInput struct {
	Body contact.Contact
}

// MarkHotInput is the request of POST /crm/contacts/{id}/actions/mark_as_hot: the body is the
// text true or false.
type MarkHotInput struct {
	ContactPath
	RawBody []byte `contentType:"text/plain"`
}

// HotState is a contact's hot mark after a change.
type HotState struct {
	ContactID   int64 `json:"contactId"`
	IsMarkedHot bool  `json:"isMarkedHot"`
	Version     int64 `json:"version"`
}

// UserPermissionsPath is the path of GET /api/contacts/{id}/user_permissions/{userId}.
type UserPermissionsPath struct {
	ID     int64  `path:"id" minimum:"1" doc:"The contact's id."`
	UserID string `path:"userId" pattern:"^[A-Za-z0-9_.@-]{1,64}$" doc:"The user whose permission is asked, usually the signed-in user."`
}

func (a *area) registerProfile(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getContact",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{id}",
		Summary:     "A customer's profile",
		Description: "Sensitive fields (SSN, driver licence number, bank numbers) are masked for every caller; POST /crm/contacts/{id}/sensitive/reveal gives one whole value to the roles that may see it. Reading a customer records it among the caller's recently viewed customers. A customer of a store the caller may not view is 404.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[contact.Contact]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, _, err := a.load(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		a.recordView(ctx, sess, c)
		return httpapi.Reply(httpapi.OK(c)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveContact",
		Method:      http.MethodPost,
		Path:        "/crm/contacts",
		Summary:     "Save a customer",
		Description: "Without an id (or with 0) the customer is created; with an id it is replaced, and the body's version must be the version the customer was read at (409 otherwise, and nothing changes). " +
			"Validation follows the spec's section 5: phones are stripped of spaces, parentheses, dots, commas and hyphens and need 10 digits for the US or no country ('Invalid number'), 4 to 14 for other countries; extensions take an optional . x or * prefix, an optional space and up to 4 digits ('Invalid extension'); phones without a value are dropped; e-mail addresses need the standard shape. " +
			"A rejected save changes nothing and names every bad field in fieldErrors by its path (phones[1].phone). Masked sensitive values keep the stored ones; the saved customer is answered with its sensitive fields masked.",
		Tags:   []string{"contacts"},
		Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SaveContactInput) (*httpapi.Body[httpapi.Result[contact.Contact]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c := in.Body
		if c.AccountPlatformID > 0 {
			st, err := sess.Store(c.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			c.DealerID = st.DealerID
		}
		if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(contact.EditRoles(), r) }) {
			return nil, apperr.Errorf(apperr.Forbidden, "You may not edit customers.")
		}
		by := sess.Principal.UserID
		var saved contact.Contact
		if c.ID > 0 {
			saved, err = a.contacts.UpdateActing(ctx, sess.Principal.Tenant, c, by, sess.Principal.ActorUserID, func(old contact.Contact) error { return visible(sess, old) })
		} else {
			saved, err = a.contacts.CreateActing(ctx, sess.Principal.Tenant, c, by, sess.Principal.ActorUserID)
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(saved.Masked())), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markContactHot",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/actions/mark_as_hot",
		Summary:     "Mark a customer hot, or not",
		Description: "The body is the text true or false. A save made meanwhile by someone else is kept: the mark is applied to the latest version.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *MarkHotInput) (*httpapi.Body[httpapi.Result[HotState]], error) {
		hot, err := parseBool(in.RawBody)
		if err != nil {
			return nil, err
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, err := a.contacts.SetHot(ctx, sess.Principal.Tenant, in.ID, hot, sess.Principal.UserID, func(old contact.Contact) error {
			if err := visible(sess, old); err != nil {
				return err
			}
			if !permission(sess, old).CanEdit {
				return apperr.Errorf(apperr.Forbidden, "You may not edit this customer.")
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(HotState{ContactID: c.ID, IsMarkedHot: c.IsMarkedHot, Version: c.Version})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactUserPermissions",
		Method:      http.MethodGet,
		Path:        "/api/contacts/{id}/user_permissions/{userId}",
		Summary:     "What a user may do with a customer",
		Description: "The web app asks this before opening a profile and shows 'You do not have access to view this customer' when canView is false. canView: the customer's store is one the user may view; canEdit: the user also holds a role that edits customers (every role but marketing and parts managers); canReactivate: the user also holds a manager role. The customer and the user must be of the caller's dealer group (404 otherwise).",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *UserPermissionsPath) (*httpapi.Body[httpapi.Result[contact.Permission]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, err := a.contacts.Get(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		if in.UserID == sess.Principal.UserID {
			return httpapi.Reply(httpapi.OK(permission(sess, c))), nil
		}
		p, _, err := d.Users.Profile(ctx, sess.Principal.Tenant, in.UserID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", in.UserID)
		}
		if err != nil {
			return nil, err
		}
		out := contact.Permission{ContactID: c.ID, UserID: p.UserID}
		if p.Active() {
			out = contact.PermissionFor(c.ID, p.UserID, c.AccountPlatformID, viewStores(sess, p), p.Roles)
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

// viewStores returns the stores user p may view: every store of the account with all-platform
// access.
func viewStores(sess user.Session, p user.Profile) []int64 {
	if !p.HasAllPlatformAccess {
		return p.ViewStores
	}
	out := make([]int64, 0, len(sess.Stores))
	for _, s := range sess.Stores {
		out = append(out, s.AccountPlatformID)
	}
	return out
}

// recordView remembers the view of c among the user's recently viewed customers. A failure is
// logged: the profile was read.
func (a *area) recordView(ctx context.Context, sess user.Session, c contact.Contact) {
	if err := a.contacts.RecordView(ctx, sess.Principal.Tenant, sess.Principal.UserID, c); err != nil {
		a.d.Logger().WarnContext(ctx, "record contact view", "contact", c.ID, "err", err)
	}
}

// parseBool reads a body that is the text true or false (any case, optionally quoted).
func parseBool(body []byte) (bool, error) {
	s := strings.ToLower(strings.Trim(strings.TrimSpace(string(body)), `"`))
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, apperr.InvalidFields("The body must be true or false.", map[string]string{"body": "Send true or false."})
}
