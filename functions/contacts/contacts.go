// Package contacts is the contacts API area: a customer's profile (read, save, mark hot), the
// per-contact permission check the web app makes before opening a profile, the quick and
// advanced customer searches, the recently viewed customers, a customer's change log,
// snapshot, service summary, licence images and deal sheets, and prospects. A customer's
// relations, activity, tasks, desking, click-to-call and texts are areas of their own
// (functions/relations, activity, tasks, desking, calltracking and messages), routed by the more
// specific paths they serve below /crm/contacts.
//
// A contact of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404). Sensitive fields are returned masked to every caller, and never appear in
// search results; their whole values are only given by the audited reveal
// (POST /crm/contacts/{id}/sensitive/reveal) to the roles of contact.RevealRoles.
package contacts

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// area holds what the area's handlers use.
type area struct {
	d        wiring.Services
	contacts *contact.Repo
	audit    *audit.Log
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	a := &area{d: d, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log), audit: audit.NewLog(d.Store)}
	a.registerProfile(api)
	a.registerSensitive(api)
	a.registerSearch(api)
	a.registerSummary(api)
	a.registerChangeLog(api)
}

// visible returns the NotFound error of a contact the session's user may not view.
func visible(sess user.Session, c contact.Contact) error {
	if !sess.Principal.CanView(c.AccountPlatformID) {
		return apperr.Errorf(apperr.NotFound, contact.MsgNotFound)
	}
	return nil
}

// permission returns what the session's user may do with c.
func permission(sess user.Session, c contact.Contact) contact.Permission {
	return contact.PermissionFor(c.ID, sess.Principal.UserID, c.AccountPlatformID, sess.Principal.ViewStores, sess.Profile.Roles)
}

// load returns contact id when the session's user may view it, its sensitive fields masked.
func (a *area) load(ctx context.Context, sess user.Session, id int64) (contact.Contact, contact.Permission, error) {
	return a.contacts.ForSession(ctx, sess, id)
}

// viewContact returns the caller's session and contact id as load gives it: NotFound when the
// caller may not view it.
func (a *area) viewContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, _, err := a.load(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}

// editContact is viewContact for a change: Forbidden when the caller may view the contact but
// not edit it.
func (a *area) editContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, c, err := a.viewContact(ctx, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	if err := mayEdit(sess, c); err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}
