package contacts

import (
	"context"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// MsgMayNotReveal refuses a reveal to a user whose roles do not need sensitive values.
const MsgMayNotReveal = "Only F&I managers, sales managers, general managers and dealer admins may reveal a customer's SSN, driver licence or bank numbers. Ask one of them if you need it."

// RevealInput is the request of POST /crm/contacts/{id}/sensitive/reveal.
type RevealInput struct {
	ContactPath
	Body struct {
		Field string `json:"field" minLength:"1" maxLength:"40" doc:"The field to reveal: ssn, driverLicense.number, banks[n].accountNumber or banks[n].routingNumber (n counts from 0, as in the profile's banks)."`
	}
}

// Revealed is the whole value of one sensitive field.
type Revealed struct {
	ContactID int64  `json:"contactId"`
	Field     string `json:"field"`
	Value     string `json:"value" doc:"The whole value; empty when the customer has none."`
}

// RevealOutput is the response of a reveal: never stored by the browser or any cache.
type RevealOutput struct {
	CacheControl string `header:"Cache-Control"`
	Pragma       string `header:"Pragma"`
	Body         httpapi.Result[Revealed]
}

func (a *area) registerSensitive(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "revealContactSensitive",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/sensitive/reveal",
		Summary:     "Reveal the whole value of a customer's sensitive field",
		Description: "Every read of a customer gives the SSN, driver licence number and bank numbers masked; this call gives one field's whole value. " +
			"Only F&I managers, sales managers, general managers and dealer admins who may view the customer may call it (403 with a message saying so otherwise). " +
			"Each reveal is written to the dealer group's audit log (GET /auth/audit, event SensitiveRevealed) with the user (and the real actor under impersonation), the customer and the field before the value is sent; " +
			"when it cannot be written nothing is revealed. The response carries Cache-Control: no-store.",
		Tags:   []string{"contacts"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *RevealInput) (*RevealOutput, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, err := a.contacts.Get(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		if err := visible(sess, c); err != nil {
			return nil, err
		}
		if !permission(sess, c).CanRevealSensitive {
			return nil, apperr.Errorf(apperr.Forbidden, MsgMayNotReveal)
		}
		field := strings.TrimSpace(in.Body.Field)
		value, err := contact.SensitiveValue(c, field)
		if err != nil {
			return nil, err
		}
		// No value leaves without its audit record.
		if err := a.recordReveal(ctx, sess, c.ID, field, http.MethodPost, "/crm/contacts/{id}/sensitive/reveal"); err != nil {
			return nil, err
		}
		return &RevealOutput{
			CacheControl: "no-store",
			Pragma:       "no-cache",
			Body:         httpapi.OK(Revealed{ContactID: c.ID, Field: field, Value: value}),
		}, nil
	})
}

// recordReveal writes to the dealer group's audit log that the session's user (and the real
// actor under impersonation) was given the whole value of field of customer contactID by the
// call method path.
func (a *area) recordReveal(ctx context.Context, sess user.Session, contactID int64, field, method, path string) error {
	claims, _ := auth.ClaimsFrom(ctx)
	p := sess.Principal
	e := audit.Entry{
		Event: audit.EventSensitiveRevealed, AccountID: p.AccountID,
		ActorUserID: p.UserID, ActorSubject: claims.Subject, SubjectUserID: p.UserID, Subject: claims.Subject,
		Method: method, Path: path, Status: http.StatusOK, At: a.d.Store.Now(),
		ContactID: contactID, Field: field,
	}
	if p.Impersonating() {
		e.ActorUserID, e.ActorSubject = p.ActorUserID, p.ActorSubject
	}
	return a.audit.Record(ctx, e)
}
