package contacts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// Call outcomes a logged call may have.
const (
	OutcomeContacted   = "contacted"
	OutcomeLeftMessage = "left_message"
	OutcomeNoAnswer    = "no_answer"
	OutcomeBusy        = "busy"
	OutcomeWrongNumber = "wrong_number"
	OutcomeBadNumber   = "bad_number"
)

// CallOutcomes returns the outcomes a logged call may have.
func CallOutcomes() []string {
	return []string{OutcomeContacted, OutcomeLeftMessage, OutcomeNoAnswer, OutcomeBusy, OutcomeWrongNumber, OutcomeBadNumber}
}

// ProfileSections returns the profile's sections (its tabs) whose views are recorded.
func ProfileSections() []string {
	return []string{"Snapshot", "Profile", "Garage", "Leads", "Service", "Messages", "Activity", "Resolution"}
}

// MaxCallSeconds is the longest call that can be logged: a day.
const MaxCallSeconds = 24 * 60 * 60

// Messages of the activity calls.
const (
	msgDoNotCall         = "The customer is marked do not call: calls to the customer cannot be started."
	msgNoCallablePhone   = "The customer has no phone number that can be called."
	msgCallTrackingOff   = "Call tracking is not enabled for the customer's store."
	msgDeskingOff        = "Desking is not enabled for the customer's store."
	msgMayNotLog         = "You may not log activity for this customer."
	msgCallTrackingRetry = "The call could not be started: the call-tracking service is unavailable. Please try again."
)

// LogCallInput is the request of POST /crm/contacts/{id}/actions/log_phone_call.
type LogCallInput struct {
	ContactPath
	Body struct {
		Direction       string `json:"direction" required:"false" doc:"Required: inbound or outbound."`
		Outcome         string `json:"outcome" required:"false" doc:"Required: contacted, left_message, no_answer, busy, wrong_number or bad_number."`
		Notes           string `json:"notes,omitempty" required:"false" doc:"What was said; at most 4000 characters."`
		DurationSeconds int    `json:"durationSeconds,omitempty" required:"false" doc:"How long the call lasted, 0 to 86400 seconds."`
		PhoneID         int64  `json:"phoneId,omitempty" required:"false" doc:"The customer's phone (its id within the contact) the call was on."`
		RequestID       string `json:"requestId,omitempty" required:"false" maxLength:"64" doc:"The client's id of this request: a retry with the same id records nothing more and answers the first result."`
	}
}

// LogNoteInput is the request of POST /crm/contacts/{id}/actions/log_note and
// /crm/contacts/{id}/log_customer_note.
type LogNoteInput struct {
	ContactPath
	Body struct {
		Text      string `json:"text" required:"false" doc:"The note, 1 to 4000 characters (required)."`
		RequestID string `json:"requestId,omitempty" required:"false" maxLength:"64" doc:"The client's id of this request: a retry with the same id records nothing more and answers the first result."`
	}
}

// SendToDeskingInput is the request of POST /crm/contacts/{id}/actions/send_to_desking.
type SendToDeskingInput struct {
	ContactPath
	Body *struct {
		Notes     string `json:"notes,omitempty" required:"false" doc:"What the desk should know; at most 4000 characters."`
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

// FeedInput is the request of POST /crm/contacts/{id}/activity/feed/paged.
type FeedInput struct {
	ContactPath
	Body *struct {
		Category   string `json:"category,omitempty" required:"false" doc:"One category (phone, note, text, email, task, lead, visit, desking, view, system); absent for every entry."`
		PageSize   int    `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"Entries per page; 25 when absent."`
		PageNumber int    `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"The number of the page the cursor leads to, from 1, echoed in pageData."`
		Cursor     string `json:"cursor,omitempty" required:"false" maxLength:"8192" doc:"The nextCursor of the previous page; absent for the first page."`
	}
}

// ActivityFeed is one page of a contact's activity, newest first.
type ActivityFeed struct {
	Entries []activity.Entry `json:"entries"`
	// NextCursor continues the feed; empty on the last page.
	NextCursor string `json:"nextCursor"`
}

// NotesInput is the request of POST /api/notes/get.
type NotesInput struct {
	Body struct {
		ContactID  int64  `json:"contactId" minimum:"1" doc:"The contact whose notes are listed."`
		PageSize   int    `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"Notes per page; 25 when absent."`
		PageNumber int    `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"The number of the page the cursor leads to, from 1, echoed in pageData."`
		Cursor     string `json:"cursor,omitempty" required:"false" maxLength:"8192" doc:"The nextCursor of the previous page; absent for the first page."`
	}
}

// NotePath is the path of GET /api/notes/{id}.
type NotePath struct {
	ID int64 `path:"id" minimum:"1" doc:"The note's id."`
}

// LoggedNote is a logged note of a contact.
type LoggedNote struct {
	NoteID    int64     `json:"noteId"`
	ContactID int64     `json:"contactId"`
	Kind      string    `json:"kind" doc:"note or customer_note."`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"createdAt"`
	CreatedBy string    `json:"createdBy"`
	// CreatedByName is the name of the user who logged the note.
	CreatedByName string `json:"createdByName"`
}

// LoggedNotes is one page of a contact's notes, newest first.
type LoggedNotes struct {
	Notes      []LoggedNote `json:"notes"`
	NextCursor string       `json:"nextCursor"`
}

// OverviewInput is the request of POST /api/Activity/conversation/overview/.
type OverviewInput struct {
	Body struct {
		ContactID int64 `json:"contactId" minimum:"1" doc:"The contact."`
	}
}

// ConversationOverview is a contact's conversation: the latest inbound and outbound contact and the counts
// per channel.
type ConversationOverview struct {
	ContactID      int64                   `json:"contactId"`
	Channels       []activity.ChannelStats `json:"channels"`
	LastInboundAt  *time.Time              `json:"lastInboundAt,omitempty" required:"false"`
	LastOutboundAt *time.Time              `json:"lastOutboundAt,omitempty" required:"false"`
	LastActivityAt *time.Time              `json:"lastActivityAt,omitempty" required:"false"`
}

// ViewDealsheetInput is the request of POST /user_activity_submission/view_dealsheet.
type ViewDealsheetInput struct {
	Body struct {
		ContactID int64 `json:"ContactId" minimum:"1" doc:"The contact whose deal sheet was viewed."`
		EntityID  int64 `json:"EntityId" minimum:"1" doc:"The deal sheet (entity) viewed."`
	}
}

// ViewSectionInput is the request of POST /user_activity_submission/view_profile_section.
type ViewSectionInput struct {
	Body struct {
		ContactID int64  `json:"ContactId" minimum:"1" doc:"The contact whose profile was viewed."`
		Section   string `json:"Section" required:"false" doc:"Required. The section (tab) viewed: Snapshot, Profile, Garage, Leads, Service, Messages, Activity or Resolution."`
	}
}

// ActivityView is the answer of the view submissions.
type ActivityView struct {
	// Recorded is false when the same view by the same user was recorded within the hour.
	Recorded bool           `json:"recorded"`
	Entry    activity.Entry `json:"entry"`
}

// activityArea holds what the activity calls use.
type activityArea struct {
	*area
	log      *activity.Repo
	products *product.Repo
	calls    calltrack.Tracker
	leads    LeadResponses
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
func (x *activityArea) responded(ctx context.Context, sess user.Session, c contact.Contact, e activity.Entry) error {
	if e.Direction != activity.Outbound {
		return nil
	}
	if _, err := x.leads.MarkResponded(ctx, sess.Principal.Tenant, c.Owners(), e.At); err != nil {
		return fmt.Errorf("mark the leads of contact %d answered: %w", c.ID, err)
	}
	return nil
}

// registerActivity adds the activity calls, with each store's call-tracking provider as the
// services' Providers choose it.
func (a *area) registerActivity(api *httpapi.API) {
	a.registerActivityWith(api, calltrack.PerStore(a.d.Providers))
}

func (a *area) registerActivityWith(api *httpapi.API, calls calltrack.Tracker) {
	x := &activityArea{area: a, log: activity.NewRepo(a.d.Store, a.d.Events, a.d.Log), products: product.NewRepo(a.d.Store), calls: calls,
		leads: lead.NewRepo(a.d.Store, nil, a.d.Log)}
	x.registerLogging(api)
	x.registerReading(api)
}

// logContact returns the caller's session and contact id when the caller may view and edit
// it: NotFound when they may not view it, Forbidden when they may not log on it.
func (x *activityArea) logContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, p, err := x.load(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	if !p.CanEdit {
		return user.Session{}, contact.Contact{}, apperr.Errorf(apperr.Forbidden, msgMayNotLog)
	}
	return sess, c, nil
}

// entryFor returns a new entry of c made by the session's user.
func entryFor(sess user.Session, c contact.Contact, kind activity.Kind, key string) activity.New {
	return activity.New{
		ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, Kind: kind,
		UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID,
		Key: key,
	}
}

// clientKey scopes a client's request id to the operation and the user.
func clientKey(op string, sess user.Session, requestID string) string {
	if requestID == "" {
		return ""
	}
	return op + ":" + sess.Principal.UserID + ":" + requestID
}

func (x *activityArea) registerLogging(api *httpapi.API) {
	d := x.d
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "logContactPhoneCall",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/actions/log_phone_call",
		Summary:     "Log a phone call with a customer",
		Description: "Records a call that happened (inbound or outbound) with its outcome, notes and duration in the customer's activity. A call with a do-not-call customer may still be logged: it records what happened. Needs a role that edits customers.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *LogCallInput) (*httpapi.Body[httpapi.Result[activity.Entry]], error) {
		b := in.Body
		fields := map[string]string{}
		if b.Direction != string(activity.Inbound) && b.Direction != string(activity.Outbound) {
			fields["direction"] = "Choose inbound or outbound."
		}
		if !slices.Contains(CallOutcomes(), b.Outcome) {
			fields["outcome"] = "Choose the call's outcome: " + strings.Join(CallOutcomes(), ", ") + "."
		}
		if b.DurationSeconds < 0 || b.DurationSeconds > MaxCallSeconds {
			fields["durationSeconds"] = fmt.Sprintf("The duration must be 0 to %d seconds.", MaxCallSeconds)
		}
		if len([]rune(b.Notes)) > activity.MaxTextLength {
			fields["notes"] = fmt.Sprintf("The notes must be at most %d characters.", activity.MaxTextLength)
		}
		if len(fields) > 0 {
			return nil, apperr.InvalidFields("The call is not valid.", fields)
		}
		sess, c, err := x.logContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		details := map[string]string{"outcome": b.Outcome}
		if b.DurationSeconds > 0 {
			details["durationSeconds"] = strconv.Itoa(b.DurationSeconds)
		}
		if b.PhoneID != 0 {
			ph, ok := phoneOf(c, b.PhoneID)
			if !ok {
				return nil, apperr.InvalidFields("The call is not valid.", map[string]string{"phoneId": "The customer has no such phone."})
			}
			details["phone"] = ph.PhoneDisplay
		}
		n := entryFor(sess, c, activity.KindPhoneCall, clientKey("log_phone_call", sess, b.RequestID))
		n.Direction, n.Text, n.Details = activity.Direction(b.Direction), strings.TrimSpace(b.Notes), details
		out, err := x.record(ctx, sess, n, "notes")
		if err != nil {
			return nil, err
		}
		if err := x.responded(ctx, sess, c, out.Body.Data); err != nil {
			return nil, err
		}
		return out, nil
	})

	noteOp := func(id, path, summary, op string, kind activity.Kind) {
		httpapi.Register(api, huma.Operation{
			OperationID: id,
			Method:      http.MethodPost,
			Path:        path,
			Summary:     summary,
			Description: "Adds the note to the customer's notes and activity (text 1 to 4000 characters). Logged notes are never edited. Needs a role that edits customers.",
			Tags:        []string{"contacts", "activity"},
			Errors:      errs,
		}, func(ctx context.Context, in *LogNoteInput) (*httpapi.Body[httpapi.Result[activity.Entry]], error) {
			text := strings.TrimSpace(in.Body.Text)
			switch {
			case text == "":
				return nil, apperr.InvalidFields("The note is not valid.", map[string]string{"text": "Enter the note's text."})
			case len([]rune(text)) > activity.MaxTextLength:
				return nil, apperr.InvalidFields("The note is not valid.", map[string]string{"text": fmt.Sprintf("The note must be at most %d characters.", activity.MaxTextLength)})
			}
			sess, c, err := x.logContact(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			n := entryFor(sess, c, kind, clientKey(op, sess, in.Body.RequestID))
			n.Text = text
			return x.record(ctx, sess, n, "text")
		})
	}
	noteOp("logContactNote", "/crm/contacts/{id}/actions/log_note", "Log a note about a customer", "log_note", activity.KindNote)
	noteOp("logCustomerNote", "/crm/contacts/{id}/log_customer_note", "Log a note of what the customer said", "log_customer_note", activity.KindCustomerNote)

	httpapi.Register(api, huma.Operation{
		OperationID: "sendContactToDesking",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/actions/send_to_desking",
		Summary:     "Send a customer to desking",
		Description: "Records in the customer's activity that the customer was sent to the desk. The customer's store must have desking (the Pando product Live with its Desking feature active): 409 'Desking is not enabled for the customer's store.' otherwise. Needs a role that edits customers.",
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
		sess, c, err := x.logContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		on, err := x.hasFeature(ctx, sess, c.AccountPlatformID, product.FeatureDesking)
		if err != nil {
			return nil, err
		}
		if !on {
			return nil, apperr.Errorf(apperr.Conflict, msgDeskingOff)
		}
		n := entryFor(sess, c, activity.KindSentToDesking, clientKey("send_to_desking", sess, requestID))
		n.Text = notes
		if entityID > 0 {
			n.Details = map[string]string{"entityId": strconv.FormatInt(entityID, 10)}
		}
		return x.record(ctx, sess, n, "notes")
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
		sess, c, err := x.logContact(ctx, in.ContactID)
		if err != nil {
			return nil, err
		}
		return x.startCall(ctx, sess, c, from, in.Body.PhoneID, in.Body.RequestID)
	})
}

// startCall starts the call from the user's phone to c's phone and records it.
func (x *activityArea) startCall(ctx context.Context, sess user.Session, c contact.Contact, from string, phoneID int64, requestID string) (*httpapi.Body[httpapi.Result[OutboundCall]], error) {
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
	n := entryFor(sess, c, activity.KindOutboundCall, clientKey("start_outbound_call", sess, requestID))
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
func (x *activityArea) hasFeature(ctx context.Context, sess user.Session, store int64, f product.FeatureID) (bool, error) {
	subs, err := x.products.List(ctx, sess.Principal.Tenant)
	if err != nil {
		return false, err
	}
	return product.HasFeature(store, f, subs), nil
}

// record writes n and answers the entry. The entry's text field errors are reported under
// textField, the request's name for it.
func (x *activityArea) record(ctx context.Context, sess user.Session, n activity.New, textField string) (*httpapi.Body[httpapi.Result[activity.Entry]], error) {
	e, _, err := x.log.Record(ctx, sess.Principal.Tenant, n)
	if ae, ok := apperr.As(err); ok && ae.Code == apperr.Invalid && ae.Fields["text"] != "" && textField != "text" {
		ae.Fields[textField] = ae.Fields["text"]
		delete(ae.Fields, "text")
	}
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(e)), nil
}

func (x *activityArea) registerReading(api *httpapi.API) {
	d := x.d
	errs := []int{400, 401, 403, 404}
	httpapi.Register(api, huma.Operation{
		OperationID: "getContactActivityFeed",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/activity/feed/paged",
		Summary:     "A customer's activity, newest first",
		Description: "Pages of 25 by default (at most 100), all entries or one category; the activity of customers merged into this one is included. Follow data.nextCursor for the next page; pageData.totalRecords is the number of entries of the category (or all).",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *FeedInput) (*httpapi.Body[httpapi.Result[ActivityFeed]], error) {
		var q activity.FeedQuery
		number := 1
		if b := in.Body; b != nil {
			q = activity.FeedQuery{Category: activity.Category(b.Category), PageSize: b.PageSize, Cursor: b.Cursor}
			number = max(b.PageNumber, 1)
		}
		sess, c, err := x.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		page, err := x.log.Feed(ctx, sess.Principal.Tenant, c.Owners(), q)
		if err != nil {
			return nil, err
		}
		sum, err := x.log.Summarize(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		total := sum.Total
		if q.Category != "" {
			total = sum.Count(q.Category)
		}
		entries := page.Entries
		if entries == nil {
			entries = []activity.Entry{}
		}
		return httpapi.Reply(httpapi.Paged(ActivityFeed{Entries: entries, NextCursor: page.Next}, httpapi.NewPageData(number, sizeOr(q.PageSize), total))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactActivityCounts",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/activity/counts",
		Summary:     "A customer's activity counts per category",
		Description: "Every category with its count (zero included), the total, and the conversation per channel; the activity of customers merged into this one is included.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[activity.Summary]], error) {
		sess, c, err := x.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		sum, err := x.log.Summarize(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(sum)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listContactNotes",
		Method:      http.MethodPost,
		Path:        "/api/notes/get",
		Summary:     "A customer's logged notes, newest first",
		Description: "The notes and customer notes logged on the customer (and on customers merged into it), 25 per page by default. The standing notes edited with the profile are the contact's notes list.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *NotesInput) (*httpapi.Body[httpapi.Result[LoggedNotes]], error) {
		b := in.Body
		sess, c, err := x.viewContact(ctx, b.ContactID)
		if err != nil {
			return nil, err
		}
		page, err := x.log.Feed(ctx, sess.Principal.Tenant, c.Owners(), activity.FeedQuery{Category: activity.CategoryNote, PageSize: b.PageSize, Cursor: b.Cursor})
		if err != nil {
			return nil, err
		}
		sum, err := x.log.Summarize(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		out := LoggedNotes{Notes: make([]LoggedNote, 0, len(page.Entries)), NextCursor: page.Next}
		for _, e := range page.Entries {
			out.Notes = append(out.Notes, noteOf(e))
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(max(b.PageNumber, 1), sizeOr(b.PageSize), sum.Count(activity.CategoryNote)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactNote",
		Method:      http.MethodGet,
		Path:        "/api/notes/{id}",
		Summary:     "One logged note",
		Description: "A note of another dealer group, or of a customer of a store the caller may not view, is 404.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *NotePath) (*httpapi.Body[httpapi.Result[LoggedNote]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		e, err := x.log.Note(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		if _, _, err := x.load(ctx, sess, e.ContactID); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.Errorf(apperr.NotFound, activity.MsgNoteNotFound)
			}
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(noteOf(e))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getConversationOverview",
		Method:      http.MethodPost,
		Path:        "/api/Activity/conversation/overview/",
		Summary:     "A customer's conversation overview",
		Description: "The latest inbound and outbound contact and the inbound and outbound counts per channel (phone, text, e-mail), over the customer and the customers merged into it.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *OverviewInput) (*httpapi.Body[httpapi.Result[ConversationOverview]], error) {
		sess, c, err := x.viewContact(ctx, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		sum, err := x.log.Summarize(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(ConversationOverview{ContactID: c.ID, Channels: sum.Channels, LastInboundAt: sum.LastInboundAt, LastOutboundAt: sum.LastOutboundAt, LastActivityAt: sum.LastActivityAt})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "submitDealsheetView",
		Method:      http.MethodPost,
		Path:        "/user_activity_submission/view_dealsheet",
		Summary:     "Record that the user viewed a customer's deal sheet",
		Description: "Recorded in the customer's activity once per user, deal sheet and hour: repeated views within the hour record nothing more.",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *ViewDealsheetInput) (*httpapi.Body[httpapi.Result[ActivityView]], error) {
		entity := strconv.FormatInt(in.Body.EntityID, 10)
		return x.view(ctx, in.Body.ContactID, activity.KindDealsheetViewed, "ActivityView deal sheet "+entity, map[string]string{"entityId": entity})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "submitProfileSectionView",
		Method:      http.MethodPost,
		Path:        "/user_activity_submission/view_profile_section",
		Summary:     "Record that the user viewed a section of a customer's profile",
		Description: "Recorded in the customer's activity once per user, section and hour. Sections: " + strings.Join(ProfileSections(), ", ") + " (any case).",
		Tags:        []string{"contacts", "activity"},
		Errors:      errs,
	}, func(ctx context.Context, in *ViewSectionInput) (*httpapi.Body[httpapi.Result[ActivityView]], error) {
		i := slices.IndexFunc(ProfileSections(), func(s string) bool { return strings.EqualFold(s, strings.TrimSpace(in.Body.Section)) })
		if i < 0 {
			return nil, apperr.InvalidFields("The section is not valid.", map[string]string{"Section": "Choose one of " + strings.Join(ProfileSections(), ", ") + "."})
		}
		section := ProfileSections()[i]
		return x.view(ctx, in.Body.ContactID, activity.KindProfileViewed, "ActivityView the "+section+" section", map[string]string{"section": section})
	})
}

// view records the session user's view of what details name on contact id, once an hour.
func (x *activityArea) view(ctx context.Context, id int64, kind activity.Kind, text string, details map[string]string) (*httpapi.Body[httpapi.Result[ActivityView]], error) {
	sess, c, err := x.viewContact(ctx, id)
	if err != nil {
		return nil, err
	}
	what := details["section"] + details["entityId"]
	key := fmt.Sprintf("%s:%s:%s:%s", kind, sess.Principal.UserID, what, time.Now().UTC().Format("2006010215"))
	n := entryFor(sess, c, kind, key)
	n.Text, n.Details = text, details
	e, created, err := x.log.Record(ctx, sess.Principal.Tenant, n)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(ActivityView{Recorded: created, Entry: e})), nil
}

func noteOf(e activity.Entry) LoggedNote {
	return LoggedNote{NoteID: e.ID, ContactID: e.ContactID, Kind: string(e.Kind), Text: e.Text, CreatedAt: e.At, CreatedBy: e.UserID, CreatedByName: e.UserName}
}

func sizeOr(n int) int {
	if n == 0 {
		return activity.DefaultPageSize
	}
	return n
}
