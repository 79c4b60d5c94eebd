// Package calltracking is the call-tracking area: the Call Log (the calls the call-tracking
// provider's post-call webhook delivers, matched to customers by phone or by a manager, with
// counts, search, CSV export, hide or show, logged-by users and auto-archive settings), the
// users' provider phones, the stores' call-tracking settings, and the customer profile's
// click-to-call: the call-tracking provider (behind shared/provider/calltrack; the sandbox
// locally and for demo stores) rings the user's phone and then connects the customer's, and
// the call is recorded in the customer's activity and answers the customer's open leads. The
// click-to-call sits below /crm/contacts (actions/start_outbound_call).
//
// A contact of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404); calling needs a role that edits customers (403).
package calltracking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/useractivity"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/calllog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api, with each store's click-to-call provider as the
// services' Providers choose it (the sandbox locally and for demo stores, the configured
// provider in AWS, else a "not configured for this store" error).
func Register(api *httpapi.API, d wiring.Services) {
	RegisterWith(api, d, calltrack.PerStore(d.Providers))
}

// RegisterWith is Register with the call-tracking provider calls.
func RegisterWith(api *httpapi.API, d wiring.Services, calls calltrack.Tracker) {
	x := &area{d: d, contacts: newContacts(d),
		log: activity.NewRepo(d.Store, d.Events, d.Log), products: product.NewRepo(d.Store), calls: calls,
		leads: lead.NewRepo(d.Store, nil, d.Log), callLog: calllog.NewRepo(d.Store, d.Log)}
	x.register(api)
}

// Messages of the click-to-call.
const (
	msgDoNotCall         = "The customer is marked do not call: calls to the customer cannot be started."
	msgNoCallablePhone   = "The customer has no phone number that can be called."
	msgCallTrackingOff   = "Call tracking is not enabled for the customer's store."
	msgCallTrackingRetry = "The call could not be started: the call-tracking service is unavailable. Please try again."
)

// OutboundCallInput is the request of POST /crm/contacts/{contactId}/actions/start_outbound_call.
type OutboundCallInput struct {
	ContactID int64 `path:"contactId" minimum:"1" doc:"The contact's id."`
	Body      struct {
		UserPhone string `json:"userPhone" required:"false" maxLength:"32" doc:"Required. The caller's own phone, rung first: 10 digits for North America or + and the country code."`
		PhoneID   int64  `json:"phoneId,omitempty" required:"false" doc:"The customer's phone to call (its id within the contact); absent for the preferred phone that may be called."`
		RequestID string `json:"requestId,omitempty" required:"false" maxLength:"64" pattern:"^[A-Za-z0-9._-]*$" doc:"The client's id of this request: a retry with the same id starts no second call and answers the first result."`
	}
}

// OutboundCall is a started click-to-call.
type OutboundCall struct {
	CallID string         `json:"callId"`
	Status string         `json:"status"`
	Entry  activity.Entry `json:"entry"`
}

// area holds what the call-tracking calls use.
type area struct {
	d        wiring.Services
	contacts *contact.Repo
	log      *activity.Repo
	products *product.Repo
	calls    calltrack.Tracker
	leads    LeadResponses
	callLog  *calllog.Repo
}

// LeadResponses records outbound contact with a customer on the customer's leads, for the
// lead response time (lead.Repo implements it).
type LeadResponses interface {
	// MarkResponded records at as the first response of the open leads of the contacts owners
	// that arrived before at and have none yet, and returns how many it marked; a repeat
	// changes nothing. It returns the store's errors.
	MarkResponded(ctx context.Context, t store.Tenant, owners []int64, at time.Time) (int, error)
}

var _ LeadResponses = (*lead.Repo)(nil)

// responded marks c's leads answered by outbound entry e. The entry is saved by then: a
// failure is returned so that the client retries (with its request id, the entry is not
// recorded twice) and the lead gets its first response.
func (x *area) responded(ctx context.Context, sess user.Session, c contact.Contact, e activity.Entry) error {
	if e.Direction != activity.Outbound {
		return nil
	}
	if _, err := x.leads.MarkResponded(ctx, sess.Principal.Tenant, c.Owners(), e.At); err != nil {
		return fmt.Errorf("mark the leads of contact %d answered: %w", c.ID, err)
	}
	return nil
}

func (x *area) register(api *httpapi.API) {
	x.registerLog(api)
	x.registerWebhook(api)
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "startOutboundCall",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{contactId}/actions/start_outbound_call",
		Summary:     "Start a click-to-call to a customer",
		Description: "The call-tracking provider rings the caller's phone (userPhone) and then connects the customer's phone (phoneId, or the preferred phone that is not opted out). The call is recorded in the customer's activity with the provider's call id. " +
			"Refused with 409 for a do-not-call customer ('" + msgDoNotCall + "'), a customer without a phone that may be called, or a store without call tracking; bad numbers are 400 with the field named; an unavailable provider 409 (try again). Needs a role that edits customers.",
		Tags:   []string{"contacts", "activity"},
		Errors: errs,
	}, func(ctx context.Context, in *OutboundCallInput) (*httpapi.Body[httpapi.Result[OutboundCall]], error) {
		from, ok := calltrack.E164(in.Body.UserPhone, "")
		if !ok {
			return nil, apperr.InvalidFields("The call is not valid.", map[string]string{"userPhone": "Enter your phone number: 10 digits, or + and the country code."})
		}
		sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, in.ContactID)
		if err != nil {
			return nil, err
		}
		return x.startCall(ctx, sess, c, from, in.Body.PhoneID, in.Body.RequestID)
	})
}

// startCall starts the call from the user's phone to c's phone and records it.
func (x *area) startCall(ctx context.Context, sess user.Session, c contact.Contact, from string, phoneID int64, requestID string) (*httpapi.Body[httpapi.Result[OutboundCall]], error) {
	if c.IsDoNotCall || c.OptOutAll {
		return nil, apperr.Errorf(apperr.Conflict, msgDoNotCall)
	}
	to, display, err := callablePhone(c, phoneID)
	if err != nil {
		return nil, err
	}
	on, err := x.hasFeature(ctx, sess, c.AccountPlatformID, product.FeatureCallTracking)
	if err != nil {
		return nil, err
	}
	if !on {
		return nil, apperr.Errorf(apperr.Conflict, msgCallTrackingOff)
	}
	n := useractivity.Entry(sess, c, activity.KindOutboundCall, useractivity.ClientKey("start_outbound_call", sess, requestID))
	n.Direction = activity.Outbound
	if requestID != "" {
		// A retry answers the call already started, without asking the provider again.
		prev, err := x.log.ByKey(ctx, sess.Principal.Tenant, c.ID, n.Key)
		if err == nil {
			if err := x.responded(ctx, sess, c, prev); err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(OutboundCall{CallID: prev.Details["callId"], Status: prev.Details["status"], Entry: prev})), nil
		}
		if apperr.CodeOf(err) != apperr.NotFound {
			return nil, err
		}
	}
	call, err := x.calls.StartOutbound(ctx, calltrack.Request{From: from, To: to, Tenant: sess.Principal.Tenant, AccountPlatformID: c.AccountPlatformID, Reference: reference(n.Key)})
	var ce *calltrack.Error
	switch {
	case errors.As(err, &ce) && ce.Invalid:
		field := "phoneId"
		if ce.Field == "from" {
			field = "userPhone"
		}
		return nil, apperr.InvalidFields("The call could not be started.", map[string]string{field: ce.Message})
	case errors.As(err, &ce) && ce.Retryable:
		return nil, apperr.Wrap(apperr.Conflict, err, msgCallTrackingRetry)
	case errors.As(err, &ce):
		return nil, apperr.Wrap(apperr.Conflict, err, "The call could not be started: "+ce.Message)
	case err != nil:
		return nil, fmt.Errorf("start call to contact %d: %w", c.ID, err)
	}
	n.Text = "Call to " + display
	n.Details = map[string]string{"callId": call.CallID, "status": call.Status, "phone": display}
	e, _, err := x.log.Record(ctx, sess.Principal.Tenant, n)
	if err != nil {
		return nil, err
	}
	if err := x.responded(ctx, sess, c, e); err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(OutboundCall{CallID: e.Details["callId"], Status: e.Details["status"], Entry: e})), nil
}

// callablePhone returns the E.164 number and display of c's phone id, or of its preferred
// phone not opted out (else the first such phone) when id is 0.
func callablePhone(c contact.Contact, id int64) (string, string, error) {
	var pick *contact.Phone
	if id != 0 {
		p, ok := phoneOf(c, id)
		if !ok {
			return "", "", apperr.InvalidFields("The call is not valid.", map[string]string{"phoneId": "The customer has no such phone."})
		}
		if p.OptOut {
			return "", "", apperr.InvalidFields("The call is not valid.", map[string]string{"phoneId": "The customer opted out of calls at this phone."})
		}
		pick = &p
	} else {
		for i := range c.Phones {
			p := c.Phones[i]
			if p.OptOut || p.Phone == "" {
				continue
			}
			if pick == nil || (p.IsPreferred && !pick.IsPreferred) {
				pick = &p
			}
		}
	}
	if pick == nil {
		return "", "", apperr.Errorf(apperr.Conflict, msgNoCallablePhone)
	}
	cc := ""
	if pick.CC != nil {
		cc = pick.CC.Code
	}
	to, ok := calltrack.E164(pick.Phone, cc)
	if !ok {
		return "", "", apperr.InvalidFields("The call is not valid.", map[string]string{"phoneId": "The customer's phone number cannot be dialled."})
	}
	return to, pick.PhoneDisplay, nil
}

// reference returns the provider's reference of a call with idempotency key key: the same key
// is the same call at the provider too.
func reference(key string) string {
	if key == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

func phoneOf(c contact.Contact, id int64) (contact.Phone, bool) {
	for _, p := range c.Phones {
		if p.ID == id {
			return p, true
		}
	}
	return contact.Phone{}, false
}

// hasFeature reports whether store has feature.
func (x *area) hasFeature(ctx context.Context, sess user.Session, store int64, f product.FeatureID) (bool, error) {
	subs, err := x.products.List(ctx, sess.Principal.Tenant)
	if err != nil {
		return false, err
	}
	return product.HasFeature(store, f, subs), nil
}

func newContacts(d wiring.Services) *contact.Repo {
	return contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log)
}
