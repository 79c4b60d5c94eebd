// Package messages is the texting area: whether a customer may be texted now (C7.3-005, GET
// /crm/contacts/{id}/actions/sms/can_text, answered from the consent ledger), sending a text
// from the profile — by hand or from a template — (POST /crm/contacts/{id}/actions/sms/send:
// the spec has no call of its own for it, so it sits beside can_text in the contact's message
// calls), a bulk text (POST /api/sms/bulk), the customers' replies from AWS End User
// Messaging's SNS topic (POST /api/sms/inbound, no token: the store's webhook token and SNS's
// signature are checked), and, locally and for demo stores, a reply made as the customer
// through the SMS sandbox (POST /api/sms/sandbox/reply). Each store's texting settings — its
// quiet hours and its answer to HELP — are read and saved at /api/texting/settings/{store}
// (no call of the spec: the store settings screens' style). An internal link is verified and
// signed before the web app opens it (C7.17-021, POST /internalLinkVerification).
//
// Every send goes through texting.Service.Send, which asks the consent ledger first. The
// texts are the customer's activity entries (Kind text): the Messages tab reads them, with the
// e-mails, from the activity area's conversation and feed calls.
package messages

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/sms/endusermessaging"
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

type area struct {
	d        wiring.Services
	contacts *contact.Repo
	texts    *texting.Service
	verifier *endusermessaging.Verifier
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	contacts := contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log)
	acts := activity.NewRepo(d.Store, d.Events, d.Log).WithClock(d.Store.Now)
	a := &area{d: d, contacts: contacts, texts: texting.New(d.Store, contacts, acts, d.Accounts, d.Providers), verifier: endusermessaging.NewVerifier(nil)}
	a.register(api)
	a.registerSettings(api)
	a.registerLinks(api)
}

// ContactPath is the path of the calls about one customer.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The customer's id."`
}

// TextablePhone is one of the customer's mobile numbers and whether a text may go to it now.
type TextablePhone struct {
	ID           int64  `json:"id"`
	PhoneDisplay string `json:"phoneDisplay"`
	Label        string `json:"label"`
	IsPreferred  bool   `json:"isPreferred"`
	CanText      bool   `json:"canText"`
	ReasonCode   string `json:"reasonCode,omitempty" required:"false"`
	Reason       string `json:"reason,omitempty" required:"false"`
}

// CanText says whether a customer may be texted now, and if not, why.
type CanText struct {
	ContactID int64 `json:"contactId"`
	// CanText is true when a text to the customer's preferred mobile would be sent now.
	CanText bool `json:"canText"`
	// IsTextable is the customer's own rule: not do-not-text and not opted out of SMS.
	IsTextable bool `json:"isTextable"`
	// OptedOut reports that the consent ledger has the number opted out (a STOP, a request in
	// words, a form, an import, a person).
	OptedOut   bool            `json:"optedOut"`
	Phones     []TextablePhone `json:"phones"`
	ReasonCode string          `json:"reasonCode" doc:"Why the customer may not be texted now: DoNotText, ContactOptedOut, NotMobile, NumberOptedOut, OptedOut, NoCASLConsent, QuietHours; empty when they may."`
	Reason     string          `json:"reason" doc:"The reason in words for the sales person; empty when they may be texted."`
	// NotBefore is when the quiet hours end, for a text they hold back.
	NotBefore *time.Time `json:"notBefore,omitempty" required:"false"`
}

// SendTextInput is the request of POST /crm/contacts/{id}/actions/sms/send.
type SendTextInput struct {
	ContactPath
	Body struct {
		Text     string `json:"text" maxLength:"1600" doc:"The text; {FirstName}, {CustomerName}, {StoreName} and {SalesPersonName} are replaced."`
		PhoneID  int64  `json:"phoneId,omitempty" required:"false" doc:"The customer's phone to text; 0 for their preferred mobile."`
		Template string `json:"template,omitempty" required:"false" maxLength:"100" doc:"The name of the template the text came from."`
	}
}

// SentText is a text sent.
type SentText struct {
	ContactID int64          `json:"contactId"`
	MessageID string         `json:"messageId"`
	To        string         `json:"to"`
	Entry     activity.Entry `json:"entry"`
}

// BulkInput is the request of POST /api/sms/bulk.
type BulkInput struct {
	Body struct {
		ContactIDs []int64 `json:"contactIds" minItems:"1" maxItems:"1000" doc:"The customers to text, 1 to 1,000."`
		Text       string  `json:"text" maxLength:"1600"`
		Template   string  `json:"template,omitempty" required:"false" maxLength:"100"`
	}
}

// BulkOutcome is one customer's result of a bulk text.
type BulkOutcome struct {
	ContactID  int64  `json:"contactId"`
	Sent       bool   `json:"sent"`
	ReasonCode string `json:"reasonCode,omitempty" required:"false"`
	Reason     string `json:"reason,omitempty" required:"false"`
}

// BulkResult is what a bulk text did.
type BulkResult struct {
	Sent     int           `json:"sent"`
	NotSent  int           `json:"notSent"`
	Outcomes []BulkOutcome `json:"outcomes"`
}

// InboundInput is an SNS delivery to POST /api/sms/inbound.
type InboundInput struct {
	Account int64  `query:"account" minimum:"1" doc:"The store's dealer group."`
	Store   int64  `query:"store" minimum:"1" doc:"The store whose number the topic is of."`
	Token   string `query:"token" maxLength:"200" doc:"The store's webhook token, from its texting secret."`
	RawBody []byte `contentType:"text/plain"`
}

// Inbound is the answer to a delivery.
type Inbound struct {
	Received  bool   `json:"received"`
	ContactID int64  `json:"contactId,omitempty" required:"false"`
	Keyword   string `json:"keyword,omitempty" required:"false"`
}

// SandboxReplyInput is the request of POST /api/sms/sandbox/reply.
type SandboxReplyInput struct {
	Body struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1" doc:"The store the customer texts."`
		From              string `json:"from" maxLength:"30" doc:"The customer's number."`
		Text              string `json:"text" maxLength:"1600"`
	}
}

// Reply is a reply received as the customer's.
type Reply struct {
	ContactID int64          `json:"contactId"`
	Keyword   string         `json:"keyword"`
	State     string         `json:"state" doc:"The number's consent after the reply: OptedIn, OptedOut or empty."`
	Entry     activity.Entry `json:"entry"`
	Answer    string         `json:"answer,omitempty" required:"false" doc:"The text sent back: the opt-out confirmation, the re-subscription's or the help text."`
}

func (a *area) register(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "canTextContact",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{id}/actions/sms/can_text",
		Summary:     "Whether a customer may be texted now",
		Description: "Answered as a send would be: the customer's rule (not do-not-text, not opted out of SMS nor of everything, a mobile number not opted out), the number's consent ledger at the customer's store (a STOP, a request in words, a form, an import), CASL consent for Canadian stores and the quiet hours in the customer's time zone. reason says why in words.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[CanText]], error) {
		sess, c, err := a.view(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		out, err := a.canText(ctx, sess, c)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "sendText",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/actions/sms/send",
		Summary:     "Text a customer",
		Description: "Not in the spec's list of calls: the send of the send-text modal, beside can_text. The consent ledger decides first; a text it refuses is 409 with the reason (opted out, do not text, CASL, quiet hours) and nothing is sent. The text is recorded in the customer's activity (kind text, outbound) and the customer's replies are threaded onto them.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SendTextInput) (*httpapi.Body[httpapi.Result[SentText]], error) {
		sess, c, err := a.edit(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		number := ""
		if in.Body.PhoneID > 0 {
			i := slices.IndexFunc(c.Phones, func(p contact.Phone) bool { return p.ID == in.Body.PhoneID })
			if i < 0 {
				return nil, apperr.InvalidFields("The text is not valid.", map[string]string{"phoneId": "Choose one of the customer's phones."})
			}
			number = texting.Number(c.Phones[i])
		}
		path := texting.PathPerson
		if in.Body.Template != "" {
			path = texting.PathTemplate
		}
		res, err := a.texts.Send(ctx, sess.Principal.Tenant, texting.Message{ContactID: c.ID, Phone: number, Text: a.fill(ctx, sess, c, in.Body.Text),
			Path: path, Template: in.Body.Template, UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID})
		if err != nil {
			return nil, err
		}
		if !res.Sent {
			return nil, &apperr.Error{Code: apperr.Conflict, Message: res.Decision.Message, Fields: map[string]string{"reasonCode": string(res.Decision.Reason)}}
		}
		return httpapi.Reply(httpapi.OK(SentText{ContactID: c.ID, MessageID: res.MessageID, To: res.Decision.Phone, Entry: res.Entry})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "sendBulkText",
		Method:      http.MethodPost,
		Path:        "/api/sms/bulk",
		Summary:     "Text many customers",
		Description: "Each customer is checked against the consent ledger as a single text is; customers it refuses, and customers the caller may not view, get nothing and are listed with the reason.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *BulkInput) (*httpapi.Body[httpapi.Result[BulkResult]], error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(contact.EditRoles(), r) }) {
			return nil, apperr.Errorf(apperr.Forbidden, "You may not text customers.")
		}
		out := BulkResult{Outcomes: make([]BulkOutcome, len(in.Body.ContactIDs))}
		var msgs []texting.Message
		var at []int
		for i, id := range in.Body.ContactIDs {
			out.Outcomes[i] = BulkOutcome{ContactID: id}
			c, _, err := a.contacts.ForSession(ctx, sess, id)
			if err != nil {
				out.Outcomes[i].ReasonCode, out.Outcomes[i].Reason = "NotFound", contact.MsgNotFound
				continue
			}
			msgs = append(msgs, texting.Message{ContactID: id, Text: a.fill(ctx, sess, c, in.Body.Text), Template: in.Body.Template,
				UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID})
			at = append(at, i)
		}
		if len(msgs) > 0 {
			res, err := a.texts.Bulk(ctx, sess.Principal.Tenant, msgs)
			if err != nil {
				return nil, err
			}
			for j, r := range res {
				o := &out.Outcomes[at[j]]
				switch {
				case r.Err != nil:
					o.ReasonCode, o.Reason = "NotSent", errorMessage(r.Err)
				case !r.Result.Sent:
					o.ReasonCode, o.Reason = string(r.Result.Decision.Reason), r.Result.Decision.Message
				default:
					o.Sent = true
				}
			}
		}
		for _, o := range out.Outcomes {
			if o.Sent {
				out.Sent++
			} else {
				out.NotSent++
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "receiveTextNotification",
		Method:      http.MethodPost,
		Path:        "/api/sms/inbound",
		Summary:     "A customer's text, from AWS End User Messaging's SNS topic",
		Description: "The HTTPS subscription of the store's two-way SMS topic: account, store and the store's webhook token (from its texting secret) are in the query. The SNS signature is checked; a subscription confirmation is confirmed; a text is received once per message id, applied to the consent ledger at once (STOP, START, HELP, requests in words) and threaded onto the customer.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 404},
	}, func(ctx context.Context, in *InboundInput) (*httpapi.Body[httpapi.Result[Inbound]], error) {
		t, err := store.NewTenant(fmt.Sprint(in.Account))
		if err != nil {
			return nil, apperr.Errorf(apperr.Unauthorized, "Unknown webhook.")
		}
		if err := a.checkToken(ctx, t, in.Store, in.Token); err != nil {
			return nil, err
		}
		n, err := a.verifier.ParseNotification(ctx, in.RawBody)
		if err != nil {
			return nil, apperr.Wrap(apperr.Unauthorized, err, "The notification is not a signed SNS message.")
		}
		switch n.Type {
		case endusermessaging.TypeSubscriptionConfirmed:
			if err := a.verifier.Confirm(ctx, n); err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(Inbound{})), nil
		case endusermessaging.TypeNotification:
		default:
			return httpapi.Reply(httpapi.OK(Inbound{})), nil
		}
		text, err := endusermessaging.Inbound(n)
		if err != nil {
			return nil, apperr.Wrap(apperr.Invalid, err, "The notification is not an inbound text.")
		}
		got, err := a.texts.Receive(ctx, t, in.Store, text)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(Inbound{Received: true, ContactID: got.ContactID, Keyword: got.Keyword.String()})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "replyAsCustomerInSandbox",
		Method:      http.MethodPost,
		Path:        "/api/sms/sandbox/reply",
		Summary:     "Reply as the customer, through the SMS sandbox",
		Description: "Locally and for demo stores only (404 for a store texting through AWS): the sandbox delivers the text as the customer's reply to the store's number, and it is received as one from the provider would be.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SandboxReplyInput) (*httpapi.Body[httpapi.Result[Reply]], error) {
		sess, st, err := a.d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		sb := a.d.Providers.SMSSandbox()
		if sb == nil || !a.d.Providers.Local() && !st.Demo {
			return nil, apperr.Errorf(apperr.NotFound, "The SMS sandbox serves local runs and demo stores only.")
		}
		from, err := consent.E164(in.Body.From, st.Country)
		if err != nil {
			return nil, apperr.InvalidFields("The reply is not valid.", map[string]string{"from": "Enter the customer's mobile number."})
		}
		text, err := sb.Reply(sess.Principal.Tenant, st.AccountPlatformID, from, in.Body.Text)
		if err != nil {
			return nil, apperr.InvalidFields("The reply is not valid.", map[string]string{"text": "Enter the text the customer sends."})
		}
		got, err := a.texts.Receive(ctx, sess.Principal.Tenant, st.AccountPlatformID, text)
		if err != nil {
			return nil, err
		}
		out := Reply{ContactID: got.ContactID, Keyword: got.Keyword.String(), State: string(got.Status.State), Entry: got.Entry}
		if got.Reply != nil {
			out.Answer = got.Reply.Text
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

// checkToken refuses a delivery without the webhook token of the store's texting secret.
func (a *area) checkToken(ctx context.Context, t store.Tenant, storeID int64, token string) error {
	unknown := apperr.Errorf(apperr.Unauthorized, "Unknown webhook.")
	st, err := a.d.Accounts.Store(ctx, t, storeID)
	if err != nil || !st.Providers.SMS.Configured() || a.d.Providers.SMSSecrets() == nil {
		return unknown
	}
	var id endusermessaging.Identity
	if err := a.d.Providers.SMSSecrets().JSON(ctx, st.Providers.SMS.Secret, &id); err != nil || id.WebhookToken == "" {
		return unknown
	}
	if subtle.ConstantTimeCompare([]byte(id.WebhookToken), []byte(token)) != 1 {
		return unknown
	}
	return nil
}

// view returns the caller's session and customer id: NotFound when the caller may not view it.
func (a *area) view(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, _, err := a.contacts.ForSession(ctx, sess, id)
	return sess, c, err
}

// edit is view for a send: Forbidden when the caller may view the customer but not edit it.
func (a *area) edit(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, c, err := a.view(ctx, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	if !contact.PermissionFor(c.ID, sess.Principal.UserID, c.AccountPlatformID, sess.Principal.ViewStores, sess.Profile.Roles).CanEdit {
		return user.Session{}, contact.Contact{}, apperr.Errorf(apperr.Forbidden, "You may not text this customer.")
	}
	return sess, c, nil
}

// canText answers can_text for c.
func (a *area) canText(ctx context.Context, sess user.Session, c contact.Contact) (CanText, error) {
	out := CanText{ContactID: c.ID, IsTextable: c.Textable(), Phones: []TextablePhone{}}
	preferred, hasMobile := texting.PreferredPhone(c)
	for _, p := range c.Phones {
		if !p.IsMobile && p.PhoneTypeID != 1 {
			continue
		}
		d, _, err := a.texts.Check(ctx, sess.Principal.Tenant, c.ID, 0, texting.Number(p))
		if err != nil {
			return CanText{}, err
		}
		tp := TextablePhone{ID: p.ID, PhoneDisplay: p.PhoneDisplay, Label: p.Label, IsPreferred: p.ID == preferred.ID, CanText: d.Allowed,
			ReasonCode: string(d.Reason), Reason: d.Message}
		out.Phones = append(out.Phones, tp)
		out.OptedOut = out.OptedOut || d.Reason == consent.ReasonLedgerOptedOut
		if tp.IsPreferred {
			out.CanText, out.ReasonCode, out.Reason = d.Allowed, string(d.Reason), d.Message
			if !d.NotBefore.IsZero() {
				nb := d.NotBefore
				out.NotBefore = &nb
			}
		}
	}
	if !hasMobile {
		d, _, err := a.texts.Check(ctx, sess.Principal.Tenant, c.ID, 0, "")
		if err != nil {
			return CanText{}, err
		}
		out.ReasonCode, out.Reason = string(d.Reason), d.Message
		if r, m := contactReason(c); r != "" {
			out.ReasonCode, out.Reason = r, m
		}
	}
	return out, nil
}

// contactReason is the customer's own rule, for a customer without a mobile number.
func contactReason(c contact.Contact) (string, string) {
	switch {
	case c.IsDoNotText:
		return string(consent.ReasonDoNotText), "The customer is marked Do Not Text."
	case c.OptOutAll:
		return string(consent.ReasonContactOptedOut), "The customer has opted out of all messages."
	case c.SMSOptInStatusID == contact.SMSOptedOut:
		return string(consent.ReasonContactOptedOut), "The customer has opted out of texts."
	}
	return "", ""
}

// fill replaces the tokens of text with the customer's, the store's and the sender's data.
func (a *area) fill(ctx context.Context, sess user.Session, c contact.Contact, text string) string {
	storeName := ""
	if st, err := a.d.Accounts.Store(ctx, sess.Principal.Tenant, c.AccountPlatformID); err == nil {
		storeName = st.Name
	}
	return strings.NewReplacer("{FirstName}", c.FirstName, "{CustomerName}", c.FullName(), "{StoreName}", storeName,
		"{SalesPersonName}", sess.Profile.DisplayName()).Replace(text)
}

// errorMessage is the message of err safe for the caller.
func errorMessage(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "The text could not be sent."
}
