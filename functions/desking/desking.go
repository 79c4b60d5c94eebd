// Package desking is the desking area. Its calls so far are the customer profile's: sending a
// customer to the desk, recorded in the customer's activity, and whether stores have desking
// (the Pando product Live with its Desking feature active). They sit below /crm/contacts
// (actions/send_to_desking and actions/is_desking_enabled).
//
// A contact of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404); sending needs a role that edits customers (403).
package desking

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/printform"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	log := activity.NewRepo(d.Store, d.Events, d.Log)
	cat := vehicle.MustLoad()
	x := &area{d: d, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		log: log, products: product.NewRepo(d.Store), desks: desk.NewRepo(d.Store, log, d.Log),
		garage: garage.NewRepo(d.Store, log, cat, d.Log), leads: lead.NewRepo(d.Store, nil, d.Log), cat: cat, forms: printform.NewRepo(d.Store),
		terms: desk.NewTermsRepo(d.Store)}
	x.register(api)
	x.registerDesks(api)
	x.registerPrinting(api)
}

// ContactPath is the path of the calls about one contact.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The contact's id."`
}

// Messages of the desking calls.
const (
	msgDeskingOff = "Desking is not enabled for the customer's store."
)

// SendToDeskingInput is the request of POST /crm/contacts/{id}/actions/send_to_desking.
type SendToDeskingInput struct {
	ContactPath
	Body *struct {
		Notes     string `json:"notes,omitempty" required:"false" text:"multiline" doc:"What the desk should know; at most 4000 characters."`
		EntityID  int64  `json:"entityId,omitempty" required:"false" minimum:"0" doc:"The vehicle or deal sheet the customer is desked on, if any."`
		RequestID string `json:"requestId,omitempty" required:"false" maxLength:"64" doc:"The client's id of this request: a retry with the same id records nothing more and answers the first result."`
	}
}

// DeskingEnabledInput is the request of POST /crm/contacts/actions/is_desking_enabled.
type DeskingEnabledInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" maxItems:"500" doc:"Stores asked about; absent for the Scope header's stores."`
	}
}

// DeskingStatus is whether one store has desking.
type DeskingStatus struct {
	AccountPlatformID int64  `json:"accountPlatformId"`
	IsDeskingEnabled  bool   `json:"isDeskingEnabled"`
	DeskingProvider   string `json:"deskingProvider" doc:"The product providing desking; empty when desking is not enabled."`
}

// area holds what the desking calls use.
type area struct {
	d        wiring.Services
	contacts *contact.Repo
	log      *activity.Repo
	products *product.Repo
	desks    *desk.Repo
	garage   *garage.Repo
	leads    *lead.Repo
	cat      *vehicle.Catalogue
	forms    *printform.Repo
	terms    *desk.TermsRepo
}

func (x *area) register(api *httpapi.API) {
	d := x.d
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "sendContactToDesking",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/actions/send_to_desking",
		Summary:     "Send a customer to desking",
		Description: "Creates a desk of the customer (of the garage vehicle's deal sheet when entityId names one of the customer's vehicles) and records in the customer's activity, in the same transaction, that the customer was sent to the desk; the entry's details name the desk (deskId). A retry with the same requestId creates nothing more. The customer's store must have desking (the Pando product Live with its Desking feature active): 409 'Desking is not enabled for the customer's store.' otherwise. Needs a role that edits customers.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *SendToDeskingInput) (*httpapi.Body[httpapi.Result[activity.Entry]], error) {
		var notes, requestID string
		var entityID int64
		if in.Body != nil {
			notes, requestID, entityID = strings.TrimSpace(in.Body.Notes), in.Body.RequestID, in.Body.EntityID
		}
		if len([]rune(notes)) > activity.MaxTextLength {
			return nil, apperr.InvalidFields("The request is not valid.", map[string]string{"notes": fmt.Sprintf("The notes must be at most %d characters.", activity.MaxTextLength)})
		}
		n := desk.New{Source: desk.SourceProfile, Notes: notes}
		if entityID > 0 {
			sess, err := x.d.Users.Session(ctx)
			if err != nil {
				return nil, err
			}
			v, err := x.garage.Get(ctx, sess.Principal.Tenant, entityID)
			if err != nil || v.ContactID != in.ID {
				return nil, apperr.InvalidFields("The vehicle is not one of the customer's.", map[string]string{"entityId": "Choose one of the customer's garage vehicles."})
			}
			n.Source, n.SourceID = desk.SourceDealSheet, v.EntityID
			n.Vehicle, n.Trades = fromVehicle(v)
		}
		_, e, err := x.createDesk(ctx, in.ID, n, requestID, "send_to_desking")
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(e)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "isDeskingEnabled",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/actions/is_desking_enabled",
		Summary:     "Whether stores have desking",
		Description: "One entry per store asked about (the body's stores, each of which the caller must be able to view, or the Scope header's stores the caller may view): desking is enabled while the store's Pando product is Live and its Desking feature active.",
		Tags:        []string{"contacts", "activity"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DeskingEnabledInput) (*httpapi.Body[httpapi.Result[[]DeskingStatus]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		if in.Body != nil {
			ids = in.Body.AccountPlatformIDs
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		subs, err := x.products.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := make([]DeskingStatus, 0, len(stores))
		for _, st := range sess.StoresOf(stores) {
			s := DeskingStatus{AccountPlatformID: st.AccountPlatformID, IsDeskingEnabled: product.HasFeature(st.AccountPlatformID, product.FeatureDesking, subs)}
			if s.IsDeskingEnabled {
				p, _ := product.Lookup(product.Pando)
				s.DeskingProvider = p.Name
			}
			out = append(out, s)
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

// hasFeature reports whether store has feature.
func (x *area) hasFeature(ctx context.Context, sess user.Session, store int64, f product.FeatureID) (bool, error) {
	subs, err := x.products.List(ctx, sess.Principal.Tenant)
	if err != nil {
		return false, err
	}
	return product.HasFeature(store, f, subs), nil
}
