// Package activity is the activity area: logging calls and notes on a customer, the
// customer's activity feed and counts, its logged notes, its conversation overview, and the
// views of a customer's profile sections and deal sheets the web app records. Its calls sit
// below /crm/contacts/{id}/ (activity, actions/log_phone_call, actions/log_note,
// log_customer_note) and under /api/notes, /api/Activity and /user_activity_submission.
//
// A contact of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404); logging needs a role that edits customers (403).
package activity

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/useractivity"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler { return NewWith(s, Options{}) }

// NewWith is New with opts.
func NewWith(s wiring.Services, opts Options) http.Handler {
	api := s.NewAPI()
	RegisterWith(api, s, opts)
	return api
}

// Options change how the area is built; the zero value is the production area.
type Options struct {
	// Now is the clock of the hourly view records; nil for the wall clock.
	Now func() time.Time
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) { RegisterWith(api, d, Options{}) }

// RegisterWith is Register with opts.
func RegisterWith(api *httpapi.API, d wiring.Services, opts Options) {
	x := &area{d: d, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		log: activity.NewRepo(d.Store, d.Events, d.Log), leads: lead.NewRepo(d.Store, nil, d.Log), now: opts.Now}
	if x.now == nil {
		x.now = d.Store.Now
	}
	x.registerLogging(api)
	x.registerReading(api)
}

// ContactPath is the path of the calls about one contact.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The contact's id."`
}

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

// OutcomeLabel names a call outcome as the Log call form offers it.
func OutcomeLabel(outcome string) string {
	switch outcome {
	case OutcomeContacted:
		return "Contacted"
	case OutcomeLeftMessage:
		return "Left message"
	case OutcomeNoAnswer:
		return "No answer"
	case OutcomeBusy:
		return "Busy"
	case OutcomeWrongNumber:
		return "Wrong number"
	case OutcomeBadNumber:
		return "Bad number"
	}
	return outcome
}

// MsgOutcome refuses a logged call without one of the outcomes, named by their labels (a test
// checks it names every one).
const MsgOutcome = "Choose the call's outcome: Contacted, Left message, No answer, Busy, Wrong number or Bad number."

// ProfileSections returns the profile's sections (its tabs) whose views are recorded.
func ProfileSections() []string {
	return []string{"Snapshot", "Profile", "Garage", "Leads", "Service", "Messages", "Activity", "Resolution"}
}

// MaxCallSeconds is the longest call that can be logged: a day.
const MaxCallSeconds = 24 * 60 * 60

// LogCallInput is the request of POST /crm/contacts/{id}/actions/log_phone_call.
type LogCallInput struct {
	ContactPath
	Body struct {
		Direction       string `json:"direction" required:"false" doc:"Required: inbound or outbound."`
		Outcome         string `json:"outcome" required:"false" doc:"Required: contacted, left_message, no_answer, busy, wrong_number or bad_number."`
		Notes           string `json:"notes,omitempty" required:"false" text:"multiline" doc:"What was said; at most 4000 characters."`
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
		Text      string `json:"text" required:"false" text:"multiline" doc:"The note, 1 to 4000 characters (required)."`
		RequestID string `json:"requestId,omitempty" required:"false" maxLength:"64" doc:"The client's id of this request: a retry with the same id records nothing more and answers the first result."`
	}
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

// area holds what the activity calls use.
type area struct {
	d        wiring.Services
	contacts *contact.Repo
	log      *activity.Repo
	leads    LeadResponses
	// now is the clock of the hourly view records.
	now func() time.Time
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

// viewContact returns the caller's session and contact id: NotFound when the caller may not
// view it.
func (x *area) viewContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, _, err := x.contacts.ForSession(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}

func (x *area) registerLogging(api *httpapi.API) {
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
			fields["outcome"] = MsgOutcome
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
		sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, in.ID)
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
		n := useractivity.Entry(sess, c, activity.KindPhoneCall, useractivity.ClientKey("log_phone_call", sess, b.RequestID))
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

	logNoteOp := httpapi.Ops(http.MethodPost, []string{"contacts", "activity"}, errs...)
	noteOp := func(id, path, summary, op string, kind activity.Kind) {
		httpapi.Register(api, logNoteOp(id, path, summary,
			"Adds the note to the customer's notes and activity (text 1 to 4000 characters). Logged notes are never edited. Needs a role that edits customers."), func(ctx context.Context, in *LogNoteInput) (*httpapi.Body[httpapi.Result[activity.Entry]], error) {
			text := strings.TrimSpace(in.Body.Text)
			switch {
			case text == "":
				return nil, apperr.InvalidFields("The note is not valid.", map[string]string{"text": "Enter the note's text."})
			case len([]rune(text)) > activity.MaxTextLength:
				return nil, apperr.InvalidFields("The note is not valid.", map[string]string{"text": fmt.Sprintf("The note must be at most %d characters.", activity.MaxTextLength)})
			}
			sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, in.ID)
			if err != nil {
				return nil, err
			}
			n := useractivity.Entry(sess, c, kind, useractivity.ClientKey(op, sess, in.Body.RequestID))
			n.Text = text
			return x.record(ctx, sess, n, "text")
		})
	}
	noteOp("logContactNote", "/crm/contacts/{id}/actions/log_note", "Log a note about a customer", "log_note", activity.KindNote)
	noteOp("logCustomerNote", "/crm/contacts/{id}/log_customer_note", "Log a note of what the customer said", "log_customer_note", activity.KindCustomerNote)
}

func phoneOf(c contact.Contact, id int64) (contact.Phone, bool) {
	for _, p := range c.Phones {
		if p.ID == id {
			return p, true
		}
	}
	return contact.Phone{}, false
}

// record writes n and answers the entry. The entry's text field errors are reported under
// textField, the request's name for it.
func (x *area) record(ctx context.Context, sess user.Session, n activity.New, textField string) (*httpapi.Body[httpapi.Result[activity.Entry]], error) {
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

func (x *area) registerReading(api *httpapi.API) {
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
		if _, _, err := x.contacts.ForSession(ctx, sess, e.ContactID); err != nil {
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
func (x *area) view(ctx context.Context, id int64, kind activity.Kind, text string, details map[string]string) (*httpapi.Body[httpapi.Result[ActivityView]], error) {
	sess, c, err := x.viewContact(ctx, id)
	if err != nil {
		return nil, err
	}
	what := details["section"] + details["entityId"]
	key := fmt.Sprintf("%s:%s:%s:%s", kind, sess.Principal.UserID, what, x.now().UTC().Format("2006010215"))
	n := useractivity.Entry(sess, c, kind, key)
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
