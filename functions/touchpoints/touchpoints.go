// Package touchpoints is the touchpoints area: a store's showroom and delivery visits and what
// users do with them — start, update (mark sold, change the sales person, restart), complete and
// cancel a visit, start, complete and cancel its steps — the stores' touchpoint settings, and
// the Showroom and Delivery Logs' reads: who is in the store now, each visit's steps, the
// summary by touchpoint and sales person (also as CSV) and the results by touchpoint. It serves
// /api/contact_touchpoint, /api/touchpoint and /api/admin/get_touchpoint_item_setting_dealer.
//
// A customer of a store the caller may not view, or of another dealer group, does not exist
// for the caller (404), and neither do its visits; a store the caller may not view is 403.
// Changing a visit needs a role that works customers (the matrix) and a customer the caller may
// edit. Only the legal moves of the visit package are made: any other is 409 naming the visit's
// state, and so is a change sent with a version other than the visit's. Each change is written
// with its activity entry and its event in one transaction (visit package).
package touchpoints

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/domain/visit"
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
	log := d.Logger()
	x := &area{d: d, log: log, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		visits: visit.NewRepo(d.Store, activity.NewRepo(d.Store, d.Events, d.Log).WithClock(d.Store.Now))}
	x.registerChanges(api)
	x.registerSettings(api)
	x.registerReads(api)
}

// area holds what the touchpoint calls use.
type area struct {
	d        wiring.Services
	log      *slog.Logger
	contacts *contact.Repo
	visits   *visit.Repo
}

func (x *area) now() time.Time { return x.d.Store.Now() }

// SlugPath names a touchpoint.
type SlugPath struct {
	Slug string `path:"slug" enum:"showroom,delivery" doc:"The touchpoint: showroom or delivery."`
}

// VisitRef names a customer's visit and the version it was read at.
type VisitRef struct {
	ContactID int64  `json:"contactId" minimum:"1" doc:"The customer whose visit it is."`
	VisitID   string `json:"touchpointInstanceId,omitempty" required:"false" maxLength:"64" doc:"The visit; absent for the customer's visit of the touchpoint that is in progress."`
	Version   int64  `json:"version" minimum:"1" doc:"The version the visit was read at: a visit changed since is refused with 409 and nothing changes."`
}

// StartInput is the request of POST /api/contact_touchpoint/{slug}/start.
type StartInput struct {
	SlugPath
	Body struct {
		ContactID         int64  `json:"contactId" minimum:"1" doc:"The customer who arrived."`
		AccountPlatformID int64  `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store visited; the customer's store when absent."`
		UserID            string `json:"userId,omitempty" required:"false" maxLength:"64" doc:"The sales person who looks after the customer; the caller when absent."`
		VisitID           string `json:"touchpointInstanceId,omitempty" required:"false" maxLength:"64" doc:"A planned (New) visit of the customer to start; absent starts a new visit."`
		Version           int64  `json:"version,omitempty" required:"false" minimum:"0" doc:"The planned visit's version, with touchpointInstanceId."`
	}
}

// EndInput is the request of POST /api/contact_touchpoint/{slug}/complete and /cancel.
type EndInput struct {
	SlugPath
	Body struct {
		VisitRef
		Sold   *bool  `json:"sold,omitempty" required:"false" doc:"Whether the customer bought (complete only); unchanged when absent."`
		Result string `json:"result,omitempty" required:"false" maxLength:"200" doc:"A touchpoint result code (sold, not_sold, be_back); from sold when absent."`
		Reason string `json:"reason,omitempty" required:"false" maxLength:"200" doc:"A touchpoint result reason code, or why the visit was canceled."`
		Notes  string `json:"notes,omitempty" required:"false" maxLength:"2000" text:"multiline"`
	}
}

// UpdateInput is the request of PUT /api/contact_touchpoint/{slug}.
type UpdateInput struct {
	SlugPath
	Body struct {
		VisitRef
		UserID  *string `json:"userId,omitempty" required:"false" maxLength:"64" doc:"The new sales person: an active user of the store with a role that works customers."`
		Sold    *bool   `json:"sold,omitempty" required:"false" doc:"Mark sold (true) or not sold (false)."`
		Result  *string `json:"result,omitempty" required:"false" maxLength:"200"`
		Reason  *string `json:"reason,omitempty" required:"false" maxLength:"200"`
		Notes   *string `json:"notes,omitempty" required:"false" maxLength:"2000" text:"multiline"`
		Restart bool    `json:"restart,omitempty" required:"false" doc:"Restart a completed visit (the customer came back to it)."`
	}
}

// ItemPath names a step of a touchpoint.
type ItemPath struct {
	Slug     string `path:"touchpointSlug" enum:"showroom,delivery" doc:"The touchpoint."`
	ItemSlug string `path:"itemSlug" maxLength:"40" doc:"The step."`
}

// ItemCancelInput is the request of POST /api/contact_touchpoint/{touchpointSlug}/items/{itemSlug}/cancel.
type ItemCancelInput struct {
	ItemPath
	Body VisitRef
}

// ItemRequestInput is the request of POST /api/contact_touchpoint/{touchpointSlug}/items/{itemSlug}/{requestType}.
type ItemRequestInput struct {
	ItemPath
	RequestType string `path:"requestType" enum:"start,complete" doc:"start or complete the step."`
	Body        VisitRef
}

// VisitView is a visit as the logs and the profile show it.
type VisitView struct {
	visit.Visit
	ContactName     string `json:"contactName" doc:"The customer's name; empty when unknown."`
	UserName        string `json:"userName" doc:"The sales person's name; empty when unknown."`
	StoreName       string `json:"storeName"`
	TimeZone        string `json:"timeZone" doc:"The store's IANA time zone: times are shown in it."`
	DurationSeconds int64  `json:"durationSeconds" doc:"How long the visit lasted, or has lasted so far while in progress."`
	StatusName      string `json:"statusName"`
	StepsDone       int    `json:"stepsDone" doc:"How many of the steps are completed."`
}

func (x *area) registerChanges(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "startTouchpoint",
		Method:      http.MethodPost,
		Path:        "/api/contact_touchpoint/{slug}/start",
		Summary:     "Start a showroom or delivery visit",
		Description: "Starts a visit of the customer at the store (the customer's store when absent) with the steps the store's touchpoint settings list, looked after by userId (the caller when absent; an active user of the store with a role that works customers, 400 otherwise), or starts the customer's planned visit touchpointInstanceId. A customer with a visit of the touchpoint in progress at the store is refused with 409, and so is a touchpoint the store does not use (400). Needs a customer the caller may edit. Publishes VisitStarted and records it in the customer's activity, in one transaction.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *StartInput) (*httpapi.Body[httpapi.Result[VisitView]], error) {
		sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		if in.Body.VisitID != "" {
			v, err := x.find(ctx, sess, c, in.Slug, in.Body.VisitID)
			if err != nil {
				return nil, err
			}
			return x.apply(ctx, sess, c, v, visit.Change{Action: visit.Start, Version: in.Body.Version})
		}
		v, err := x.Start(ctx, sess, c, in.Slug, in.Body.AccountPlatformID, in.Body.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(x.view(ctx, sess, v, names{}))), nil
	})

	endOp := httpapi.Ops(http.MethodPost, []string{"touchpoints"}, errs...)
	end := func(a visit.Action, id, path, summary, desc string) {
		httpapi.Register(api, endOp(id, path, summary,
			desc+" Needs a customer the caller may edit; a version other than the visit's is 409 and nothing changes. Records the change in the customer's activity with its event, in one transaction."), func(ctx context.Context, in *EndInput) (*httpapi.Body[httpapi.Result[VisitView]], error) {
			b := in.Body
			ch := visit.Change{Action: a, Version: b.Version, Sold: b.Sold}
			if b.Result != "" {
				ch.Result = &b.Result
			}
			if b.Reason != "" {
				ch.Reason = &b.Reason
			}
			if b.Notes != "" {
				notes := strings.TrimSpace(b.Notes)
				ch.Notes = &notes
			}
			if a == visit.Complete && ch.Result == nil && ch.Sold != nil {
				r := "not_sold"
				if *ch.Sold {
					r = "sold"
				}
				ch.Result = &r
			}
			if a == visit.Cancel && b.Sold != nil {
				return nil, apperr.InvalidFields("The visit is not valid.", map[string]string{"sold": "A canceled visit is not sold: complete it instead."})
			}
			return x.change(ctx, in.Slug, b.VisitRef, ch)
		})
	}
	end(visit.Complete, "completeTouchpoint", "/api/contact_touchpoint/{slug}/complete", "End a visit",
		"Completes the visit in progress (started or restarted; 409 otherwise), sold or not, with its result, reason and notes. Publishes VisitCompleted.")
	end(visit.Cancel, "cancelTouchpoint", "/api/contact_touchpoint/{slug}/cancel", "Cancel a visit",
		"Cancels a visit that is new or in progress (409 otherwise), with why (reason). Publishes VisitCanceled.")

	update := func(ctx context.Context, in *UpdateInput) (*httpapi.Body[httpapi.Result[VisitView]], error) {
		b := in.Body
		ch := visit.Change{Action: visit.Update, Version: b.Version, UserID: b.UserID, Sold: b.Sold, Result: b.Result, Reason: b.Reason, Notes: b.Notes}
		if b.Restart {
			ch.Action = visit.Restart
		}
		if b.UserID == nil && b.Sold == nil && b.Result == nil && b.Reason == nil && b.Notes == nil && !b.Restart {
			return nil, apperr.InvalidFields("The change is empty.", map[string]string{"userId": "Send what changes: userId, sold, result, reason, notes or restart."})
		}
		return x.change(ctx, in.Slug, b.VisitRef, ch)
	}
	const updateDesc = "Changes what the request sends of a visit that is not canceled (409 otherwise): the sales person (an active user of the store with a role that works customers, 400 otherwise), sold, result, reason and notes; restart true restarts a completed visit (409 unless completed). Needs a customer the caller may edit; a version other than the visit's is 409. Publishes VisitUpdated and records it in the customer's activity, in one transaction."
	httpapi.Register(api, huma.Operation{
		OperationID: "updateTouchpoint",
		Method:      http.MethodPut,
		Path:        "/api/contact_touchpoint/{slug}",
		Summary:     "Change a visit: mark sold, sales person, notes, restart",
		Description: updateDesc + " The same as PUT /api/contact_touchpoint/{slug}/update.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, update)
	httpapi.Register(api, huma.Operation{
		OperationID: "updateTouchpointAtUpdate",
		Method:      http.MethodPut,
		Path:        "/api/contact_touchpoint/{slug}/update",
		Summary:     "Change a visit (the spec's .../update path)",
		Description: updateDesc + " The same as PUT /api/contact_touchpoint/{slug}.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, update)

	httpapi.Register(api, huma.Operation{
		OperationID: "cancelTouchpointItem",
		Method:      http.MethodPost,
		Path:        "/api/contact_touchpoint/{touchpointSlug}/items/{itemSlug}/cancel",
		Summary:     "Cancel a step of a visit",
		Description: "Cancels a step that is new or started, of a visit in progress (409 otherwise). Needs a customer the caller may edit; a version other than the visit's is 409. Publishes VisitItemChanged and records it in the customer's activity, in one transaction.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *ItemCancelInput) (*httpapi.Body[httpapi.Result[VisitView]], error) {
		return x.change(ctx, in.Slug, in.Body, visit.Change{ItemSlug: in.ItemSlug, ItemAction: visit.ItemCancel, Version: in.Body.Version})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "requestTouchpointItem",
		Method:      http.MethodPost,
		Path:        "/api/contact_touchpoint/{touchpointSlug}/items/{itemSlug}/{requestType}",
		Summary:     "Start or complete a step of a visit",
		Description: "start starts a new step; complete completes a new or started step; of a visit in progress (409 otherwise, naming the state). Needs a customer the caller may edit; a version other than the visit's is 409. Publishes VisitItemChanged and records it in the customer's activity, in one transaction.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *ItemRequestInput) (*httpapi.Body[httpapi.Result[VisitView]], error) {
		return x.change(ctx, in.Slug, in.Body, visit.Change{ItemSlug: in.ItemSlug, ItemAction: visit.ItemAction(in.RequestType), Version: in.Body.Version})
	})
}

// Start starts a visit of kind for customer c at store storeID (c's store when 0) looked after
// by userID (the caller when ""), as the session's user. A customer with a visit of the kind in
// progress at the store is a Conflict error.
func (x *area) Start(ctx context.Context, sess user.Session, c contact.Contact, kind string, storeID int64, userID string) (visit.Visit, error) {
	storeID = cmp.Or(storeID, c.AccountPlatformID)
	if _, err := sess.Store(storeID); err != nil {
		return visit.Visit{}, err
	}
	userID = cmp.Or(userID, sess.Principal.UserID)
	if err := x.mayHold(ctx, sess, userID, storeID); err != nil {
		return visit.Visit{}, err
	}
	t := sess.Principal.Tenant
	settings, err := x.visits.Settings(ctx, t, storeID)
	if err != nil {
		return visit.Visit{}, err
	}
	now := x.now()
	v, err := visit.NewVisit(settings, visit.NewID(), c.ID, kind, userID, now)
	if err != nil {
		return visit.Visit{}, err
	}
	mine, err := x.visits.ForContacts(ctx, t, c.Owners())
	if err != nil {
		return visit.Visit{}, err
	}
	if slices.ContainsFunc(mine, func(o visit.Visit) bool { return o.Open() && o.Kind == kind && o.AccountPlatformID == storeID }) {
		return visit.Visit{}, apperr.Errorf(apperr.Conflict, "%s has a %s visit in progress already: end it first.", cmp.Or(c.FullName(), "The customer"), strings.ToLower(visit.KindName(kind)))
	}
	saved, _, err := x.visits.Begin(ctx, t, v, true, author(sess), now)
	return saved, err
}

// StartVisit starts a showroom visit of customer c, just added as a walk-in, looked after by the
// session's user: the add-prospect call does it when asked to.
func StartVisit(ctx context.Context, d wiring.Services, sess user.Session, c contact.Contact) (visit.Visit, error) {
	x := &area{d: d, log: d.Log, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		visits: visit.NewRepo(d.Store, activity.NewRepo(d.Store, d.Events, d.Log).WithClock(d.Store.Now))}
	return x.Start(ctx, sess, c, visit.KindShowroom, c.AccountPlatformID, "")
}

func author(sess user.Session) visit.Author {
	return visit.Author{UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID}
}

// mayHold checks that userID may look after a customer of store storeID: an Invalid error
// naming why not.
func (x *area) mayHold(ctx context.Context, sess user.Session, userID string, storeID int64) error {
	return task.CheckHolder(ctx, x.d.Users, sess.Principal.Tenant, userID, storeID, func(why string) error {
		return apperr.InvalidFields("The sales person is not valid.", map[string]string{"userId": why})
	})
}

// find returns visit id of kind of customer c (or of a customer merged into it), or, for id "",
// its visit of kind in progress: NotFound when there is none the caller may see.
func (x *area) find(ctx context.Context, sess user.Session, c contact.Contact, kind, id string) (visit.Visit, error) {
	vs, err := x.visits.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return visit.Visit{}, err
	}
	for _, v := range vs {
		if v.Kind != kind || !sess.Principal.CanView(v.AccountPlatformID) {
			continue
		}
		if v.ID == id || (id == "" && v.Active()) {
			return v, nil
		}
	}
	if id == "" {
		return visit.Visit{}, apperr.Errorf(apperr.NotFound, "%s has no %s visit in progress.", cmp.Or(c.FullName(), "The customer"), strings.ToLower(visit.KindName(kind)))
	}
	return visit.Visit{}, apperr.Errorf(apperr.NotFound, visit.MsgNotFound)
}

// change makes ch to the visit ref names.
func (x *area) change(ctx context.Context, kind string, ref VisitRef, ch visit.Change) (*httpapi.Body[httpapi.Result[VisitView]], error) {
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, ref.ContactID)
	if err != nil {
		return nil, err
	}
	v, err := x.find(ctx, sess, c, kind, ref.VisitID)
	if err != nil {
		return nil, err
	}
	if ch.UserID != nil {
		if ch.Version != v.Version {
			return nil, apperr.Errorf(apperr.Conflict, visit.MsgStale)
		}
		if err := x.mayHold(ctx, sess, *ch.UserID, v.AccountPlatformID); err != nil {
			return nil, err
		}
	}
	return x.apply(ctx, sess, c, v, ch)
}

func (x *area) apply(ctx context.Context, sess user.Session, c contact.Contact, v visit.Visit, ch visit.Change) (*httpapi.Body[httpapi.Result[VisitView]], error) {
	ch.By, ch.Actor = sess.Principal.UserID, sess.Principal.ActorUserID
	saved, _, err := x.visits.Apply(ctx, sess.Principal.Tenant, v, ch, author(sess), x.now())
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(x.view(ctx, sess, saved, names{contacts: map[int64]string{c.ID: c.FullName()}}))), nil
}

// names remembers the names of customers and users read for one answer.
type names struct {
	contacts map[int64]string
	users    map[string]string
}

// view returns v as the logs show it.
func (x *area) view(ctx context.Context, sess user.Session, v visit.Visit, n names) VisitView {
	out := VisitView{Visit: v, DurationSeconds: int64(v.Duration(x.now()) / time.Second), StatusName: v.Status.String()}
	for _, it := range v.Items {
		if it.Status == visit.StatusCompleted {
			out.StepsDone++
		}
	}
	if st, err := sess.Store(v.AccountPlatformID); err == nil {
		out.StoreName, out.TimeZone = st.Name, st.TimeZone
	}
	if name, ok := n.contacts[v.ContactID]; ok {
		out.ContactName = name
	} else if c, err := x.contacts.Get(ctx, sess.Principal.Tenant, v.ContactID); err == nil {
		out.ContactName = c.FullName()
		if n.contacts != nil {
			n.contacts[v.ContactID] = out.ContactName
		}
	}
	out.UserName = x.userName(ctx, sess, n, v.UserID)
	return out
}

// userName returns the name of user id ("" when unknown), read once per answer.
func (x *area) userName(ctx context.Context, sess user.Session, n names, id string) string {
	if name, ok := n.users[id]; ok {
		return name
	}
	name := ""
	if p, _, err := x.d.Users.Profile(ctx, sess.Principal.Tenant, id); err == nil {
		name = p.DisplayName()
	}
	if n.users != nil {
		n.users[id] = name
	}
	return name
}

// storeName returns the name of store id of the caller's dealer group.
func storeName(sess user.Session, id int64) string {
	if st, err := sess.Store(id); err == nil {
		return st.Name
	}
	return ""
}
