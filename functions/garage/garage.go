// Package garage is the area of the vehicle catalogue, the customers' garages and the lookups:
// makes, models, years and trims from NHTSA's vPIC data (package vehicle), VIN decoding, the
// garage's vehicles and their actions (package garage), and the reference lists the web app
// reads (package lookup). It serves /vehicle, /api/vehicle, /crm/contacts/{id}/vehicles,
// /crm/Lookup, /templatemanager/gettemplatelookups and /api/bank, and the garage's outside
// services: appraisals (/api/VAuto), vehicle history reports and manufacturer tag details
// (/api/dealsheet/integrations/CarProof and submit_oasis).
//
// A customer of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404); changing a garage needs a role that edits customers (403).
package garage

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/enterprise"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/lookup"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/vehicle"
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

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	cat := vehicle.MustLoad()
	x := &area{d: d, cat: cat,
		contacts:   contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		garage:     garage.NewRepo(d.Store, activity.NewRepo(d.Store, d.Events, d.Log), cat, d.Log),
		leads:      lead.NewRepo(d.Store, d.Events, d.Log),
		enterprise: enterprise.NewRepo(d.Store),
		feeds:      vehicle.NewFeeds(d.Store),
		lookups:    lookup.NewRepo(d.Store),
	}
	x.registerCatalogue(api)
	x.registerGarage(api)
	x.registerLookups(api)
	x.registerIntegrations(api)
	x.registerDealsheetIntegrations(api)
}

// area holds what the area's calls use.
type area struct {
	d          wiring.Services
	cat        *vehicle.Catalogue
	contacts   *contact.Repo
	garage     *garage.Repo
	leads      *lead.Repo
	enterprise *enterprise.Repo
	feeds      *vehicle.Feeds
	lookups    *lookup.Repo
}

// ContactPath is the path of the calls about one contact.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The contact's id."`
}

// session returns the caller's session.
func (x *area) session(ctx context.Context) (user.Session, error) { return x.d.Users.Session(ctx) }

// contact returns contact id as the caller may see it; edit requires a role that edits it.
func (x *area) contact(ctx context.Context, id int64, edit bool) (user.Session, contact.Contact, error) {
	sess, err := x.session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, p, err := x.contacts.ForSession(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	if edit && !p.CanEdit {
		return user.Session{}, contact.Contact{}, apperr.Errorf(apperr.Forbidden, MsgMayNotEdit)
	}
	return sess, c, nil
}

// Messages of the area.
const (
	MsgMayNotEdit = "You may not change this customer's garage."
)

func actor(sess user.Session) garage.Actor {
	return garage.Actor{UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID}
}
