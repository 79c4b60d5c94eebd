// Package calendar is the calendar area: the appointments of a dealer group's stores and
// customers. It serves the calendar event calls below /pando/calendarevent (search and create,
// the show status, reschedule, confirm, confirmation sent and cancel, the start-visit summary
// search) and the dashboards' appointment counts and details below /api/calendarevent and
// /api/CalendarEvent.
//
// An appointment of a store the caller may not view, or of another dealer group, does not
// exist for the caller (404). Setting an appointment needs a role that works customers (the
// matrix) and a customer the caller may edit; changing one, to be the user it is with, the
// user who set it or a manager of its store (403 otherwise). Only the moves of the
// appointment package are legal, and a change sent with a version other than the
// appointment's is refused with 409; nothing changes then. Times travel as the store's clocks
// read them (YYYY-MM-DDTHH:MM) and are kept in UTC.
package calendar

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/task"
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

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	log := d.Logger()
	x := &area{
		d: d, log: log,
		contacts:     contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		appointments: appointment.NewRepo(d.Store, activity.NewRepo(d.Store, d.Events, d.Log)),
	}
	x.registerEvents(api)
	x.registerChanges(api)
	x.registerDashboards(api)
}

// area holds what the calendar calls use.
type area struct {
	d            wiring.Services
	log          *slog.Logger
	contacts     *contact.Repo
	appointments *appointment.Repo
}

func (x *area) now() time.Time { return x.d.Store.Now() }

// EventView is an appointment as the calendar and the profile show it.
type EventView struct {
	appointment.Appointment
	StatusID         int      `json:"statusId" doc:"The status's id: 1 Scheduled, 2 Rescheduled, 3 Confirmed, 4 NoShow, 5 Completed, 6 ConfirmationSent, 7 Cancelled."`
	ContactName      string   `json:"contactName" doc:"The customer's name; empty when the customer cannot be read."`
	AssignedUserName string   `json:"assignedUserName" doc:"The name of the user the appointment is with; empty when the user is unknown."`
	StoreName        string   `json:"storeName"`
	TimeZone         string   `json:"timeZone" doc:"The IANA time zone of the appointment's store: its times are shown and chosen in it."`
	LocalStart       string   `json:"localStart" doc:"The start as the store's clocks read it (YYYY-MM-DDTHH:MM)."`
	LocalEnd         string   `json:"localEnd" doc:"The end as the store's clocks read it (YYYY-MM-DDTHH:MM)."`
	CanChange        bool     `json:"canChange" doc:"Whether the caller may change the appointment: the user it is with, the user who set it or a manager of its store."`
	Moves            []string `json:"moves" doc:"The statuses the appointment may move to now; empty for a completed or cancelled one."`
}

// mayChange reports whether the caller may change a: the user it is with, the user who set it,
// or a manager of a store the caller may view.
func mayChange(sess user.Session, a appointment.Appointment) bool {
	if !sess.Principal.CanView(a.AccountPlatformID) {
		return false
	}
	if a.AssignedUserID == sess.Principal.UserID || a.CreatedBy == sess.Principal.UserID {
		return true
	}
	return slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(task.ManagerRoles(), r) })
}

// storeOf returns store id of the caller's dealer group.
func storeOf(sess user.Session, id int64) (account.Store, bool) {
	for _, st := range sess.Stores {
		if st.AccountPlatformID == id {
			return st, true
		}
	}
	return account.Store{}, false
}

// location returns the time zone of store id of the caller's dealer group (UTC when unknown).
func location(sess user.Session, id int64) *time.Location {
	if st, ok := storeOf(sess, id); ok {
		if loc, err := appointment.Location(st.TimeZone); err == nil {
			return loc
		}
	}
	return time.UTC
}

// viewer turns appointments into views for one request, reading each name once.
type viewer struct {
	x        *area
	sess     user.Session
	users    map[string]string
	contacts map[int64]string
}

func (x *area) viewer(sess user.Session) *viewer {
	return &viewer{x: x, sess: sess, users: map[string]string{}, contacts: map[int64]string{}}
}

func (v *viewer) userName(ctx context.Context, id string) string {
	if n, ok := v.users[id]; ok || id == "" {
		return n
	}
	n := ""
	if p, _, err := v.x.d.Users.Profile(ctx, v.sess.Principal.Tenant, id); err == nil {
		n = p.DisplayName()
	}
	v.users[id] = n
	return n
}

func (v *viewer) contactName(ctx context.Context, id int64) string {
	if n, ok := v.contacts[id]; ok {
		return n
	}
	n := ""
	if c, err := v.x.contacts.Get(ctx, v.sess.Principal.Tenant, id); err == nil {
		n = c.FullName()
	}
	v.contacts[id] = n
	return n
}

// views returns as as the caller sees them, their overlaps flagged.
func (v *viewer) views(ctx context.Context, as []appointment.Appointment) ([]EventView, error) {
	if err := v.x.appointments.Flag(ctx, v.sess.Principal.Tenant, as); err != nil {
		return nil, err
	}
	out := make([]EventView, 0, len(as))
	for _, a := range as {
		out = append(out, v.view(ctx, a))
	}
	return out, nil
}

func (v *viewer) view(ctx context.Context, a appointment.Appointment) EventView {
	loc := location(v.sess, a.AccountPlatformID)
	ev := EventView{
		Appointment: a, StatusID: appointment.StatusID(a.Status), ContactName: v.contactName(ctx, a.ContactID),
		AssignedUserName: v.userName(ctx, a.AssignedUserID), TimeZone: loc.String(),
		LocalStart: appointment.Local(a.StartUTC, loc), LocalEnd: appointment.Local(a.EndUTC, loc),
		CanChange: mayChange(v.sess, a), Moves: []string{},
	}
	if st, ok := storeOf(v.sess, a.AccountPlatformID); ok {
		ev.StoreName = st.Name
	}
	if ev.CanChange {
		ev.Moves = append(ev.Moves, appointment.Moves(a.Status)...)
	}
	return ev
}

// mayHold checks that userID may have appointments at store storeID: an Invalid error naming
// why not.
func (x *area) mayHold(ctx context.Context, sess user.Session, userID string, storeID int64) error {
	return task.CheckHolder(ctx, x.d.Users, sess.Principal.Tenant, userID, storeID, func(why string) error {
		return apperr.InvalidFields("The appointment cannot be with this user.", map[string]string{"assignedUserId": strings.Replace(why, "the task's store", "the appointment's store", 1)})
	})
}

// find returns appointment id as the caller may see it: NotFound when it does not exist or is
// of a store the caller may not view.
func (x *area) find(ctx context.Context, sess user.Session, id string) (appointment.Appointment, error) {
	a, err := x.appointments.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return appointment.Appointment{}, err
	}
	if !sess.Principal.CanView(a.AccountPlatformID) {
		return appointment.Appointment{}, apperr.Errorf(apperr.NotFound, appointment.MsgNotFound)
	}
	return a, nil
}

// writer returns who the caller is for a write about store storeID, with the user the
// appointment is with after it.
func (x *area) writer(ctx context.Context, v *viewer, storeID int64, assignee string) appointment.Writer {
	s := v.sess
	return appointment.Writer{UserID: s.Principal.UserID, ActorUserID: s.Principal.ActorUserID, UserName: s.Profile.DisplayName(),
		Loc: location(s, storeID), AssigneeName: cmp.Or(v.userName(ctx, assignee), assignee)}
}
