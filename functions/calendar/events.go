package calendar

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// Durations of an appointment, in minutes.
const (
	defaultMinutes = 60
	minMinutes     = 5
)

// NewEvent is an appointment to set.
type NewEvent struct {
	ContactID         int64  `json:"contactId" minimum:"1" doc:"The customer the appointment is with."`
	AccountPlatformID int64  `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store the appointment is at: one the caller may view; the customer's store when absent."`
	AppointmentType   string `json:"appointmentType" maxLength:"40" doc:"Sales, Delivery, Service, Test Drive, Appraisal, Finance or Other."`
	LocalStart        string `json:"localStart" required:"false" maxLength:"16" doc:"Required. The start as the store's clocks read it (YYYY-MM-DDTHH:MM): from now on, and a time that exists there."`
	DurationMinutes   int    `json:"durationMinutes,omitempty" required:"false" minimum:"0" maximum:"720" doc:"How long the appointment lasts: 5 to 720 minutes; 60 when absent."`
	AssignedUserID    string `json:"assignedUserId,omitempty" required:"false" maxLength:"64" doc:"The user the customer meets: an active user of the store with a role that works customers; the caller when absent."`
	Note              string `json:"note,omitempty" required:"false" maxLength:"2000" text:"multiline"`
}

// SearchInput is the request of POST /pando/calendarevent: a search, or with event, the
// creation of an appointment.
type SearchInput struct {
	httpapi.ScopeHeader
	Body struct {
		AccountID   int64     `json:"AccountId,omitempty" required:"false" minimum:"0" doc:"The caller's dealer group; another one does not exist (404)."`
		PlatformIDs []int64   `json:"PlatformIds,omitempty" required:"false" maxItems:"500" doc:"The stores searched, each one the caller may view; the Scope header's stores when absent."`
		ContactID   int64     `json:"ContactId,omitempty" required:"false" minimum:"0" doc:"Only the appointments of this customer (and the customers merged into it)."`
		UserID      string    `json:"UserId,omitempty" required:"false" maxLength:"64" doc:"Only the appointments with this user."`
		Start       string    `json:"Start,omitempty" required:"false" maxLength:"40" doc:"The day the window starts (YYYY-MM-DD, or a time whose day at the store is meant); today at the store when absent. The window runs from the start of that day to one year later."`
		End         string    `json:"End,omitempty" required:"false" maxLength:"40" doc:"The last day searched (YYYY-MM-DD), within the window; the window's end when absent."`
		From        int       `json:"From,omitempty" required:"false" minimum:"0" maximum:"10000" doc:"How many appointments of the window to skip."`
		Size        int       `json:"Size,omitempty" required:"false" minimum:"0" maximum:"100" doc:"How many appointments to return: at most 100, and 100 when absent."`
		Event       *NewEvent `json:"event,omitempty" required:"false" doc:"An appointment to set: the call creates it, writes it in the customer's activity and answers it; the search fields are ignored then."`
	}
}

// SearchResult is the answer of POST /pando/calendarevent.
type SearchResult struct {
	Events []EventView `json:"events" doc:"The appointments of the window, the earliest first; for a creation, the new appointment."`
	// WindowStartUTC and WindowEndUTC bound the starts searched.
	WindowStartUTC time.Time `json:"windowStartUtc"`
	WindowEndUTC   time.Time `json:"windowEndUtc"`
	From           int       `json:"from"`
	Size           int       `json:"size"`
	HasMore        bool      `json:"hasMore" doc:"Whether the window holds more appointments after these."`
}

// StartVisitInput is the request of POST /pando/calendarevent/startvisit_summarysearch.
type StartVisitInput struct {
	httpapi.ScopeHeader
	Body *struct {
		PlatformIDs []int64 `json:"PlatformIds,omitempty" required:"false" maxItems:"500" doc:"The stores searched, each one the caller may view; the Scope header's stores when absent."`
		ContactID   int64   `json:"ContactId,omitempty" required:"false" minimum:"0" doc:"Only this customer's appointments."`
		Name        string  `json:"Name,omitempty" required:"false" maxLength:"100" doc:"Only customers whose name holds every word of it."`
		Day         string  `json:"Day,omitempty" required:"false" maxLength:"40" doc:"The day (YYYY-MM-DD); today at the store when absent."`
	}
}

func (x *area) registerEvents(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "searchCalendarEvents",
		Method:      http.MethodPost,
		Path:        "/pando/calendarevent",
		Summary:     "Search the calendar, or set an appointment",
		Description: "Without event: the appointments starting in the window, from the start of the Start day (today when absent) at the store to one year later, or to the end of the End day when that is sooner, of the stores searched (the time zone of the first of them); ContactId and UserId narrow it; From and Size page it, 100 at most. Each comes with its store's time zone, its local times, and whether it overlaps another appointment of its user (allowed, and flagged). " +
			"With event: sets a Scheduled appointment for the customer, who must be one the caller may edit (a role that works customers). The start is read in the store's time zone and must exist there and be from now on; the user must be an active user of the store with a role that works customers (400 naming why not). Publishes AppointmentSet and records the appointment in the customer's activity in the same write.",
		Tags:   []string{"calendar"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SearchInput) (*httpapi.Body[httpapi.Result[SearchResult]], error) {
		if in.Body.Event != nil {
			return x.create(ctx, *in.Body.Event)
		}
		return x.search(ctx, in)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "startVisitSummarySearch",
		Method:      http.MethodPost,
		Path:        "/pando/calendarevent/startvisit_summarysearch",
		Summary:     "The appointments a visit can start from",
		Description: "The day's appointments (today at the store when Day is absent) that are still to happen (scheduled, rescheduled, confirmation sent or confirmed) of the stores searched, the earliest first, narrowed to a customer (ContactId) or to customers whose name holds every word of Name: what the start-visit flow offers to start a showroom visit from.",
		Tags:        []string{"calendar"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StartVisitInput) (*httpapi.Body[httpapi.Result[[]EventView]], error) {
		return x.startVisitSearch(ctx, in)
	})
}

// dayOf returns the day s names at loc: a day (YYYY-MM-DD) as it is, a time's day there.
func dayOf(s string, loc *time.Location) string {
	if len(s) > len(appointment.DayLayout) {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t.In(loc).Format(appointment.DayLayout)
		}
	}
	return s
}

func (x *area) search(ctx context.Context, in *SearchInput) (*httpapi.Body[httpapi.Result[SearchResult]], error) {
	b := in.Body
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	if b.AccountID != 0 {
		if err := sess.RequireAccount(b.AccountID); err != nil {
			return nil, err
		}
	}
	stores, err := sess.SelectStores(b.PlatformIDs, in.Scope)
	if err != nil {
		return nil, err
	}
	var owners []int64
	loc := time.UTC
	if len(stores) > 0 {
		loc = location(sess, stores[0])
	}
	if b.ContactID > 0 {
		c, _, err := x.contacts.ForSession(ctx, sess, b.ContactID)
		if err != nil {
			return nil, err
		}
		owners = c.Owners()
		loc = location(sess, c.AccountPlatformID)
	}
	from, to, err := appointment.Window(dayOf(b.Start, loc), x.now(), loc, "Start")
	if err != nil {
		return nil, err
	}
	if b.End != "" {
		endDay, _, err := appointment.Window(dayOf(b.End, loc), x.now(), loc, "End")
		if err != nil {
			return nil, err
		}
		end := endDay.In(loc).AddDate(0, 0, 1).UTC()
		if end.Before(from) {
			return nil, apperr.InvalidFields("The search is not valid.", map[string]string{"End": "Choose an end on or after the start."})
		}
		if end.Before(to) {
			to = end
		}
	}
	size := cmp.Or(b.Size, appointment.WindowSize)
	keep := func(a appointment.Appointment) bool {
		return slices.Contains(stores, a.AccountPlatformID) && (b.UserID == "" || a.AssignedUserID == b.UserID)
	}
	var found []appointment.Appointment
	more := false
	if owners != nil {
		all, err := x.appointments.ForContacts(ctx, sess.Principal.Tenant, owners)
		if err != nil {
			return nil, err
		}
		for _, a := range all {
			if keep(a) && !a.StartUTC.Before(from) && a.StartUTC.Before(to) {
				found = append(found, a)
			}
		}
	} else {
		// Each store gives at most the page's end; the merge of them is cut there.
		need := b.From + size
		for _, st := range stores {
			n := 0
			err := x.appointments.InStore(ctx, sess.Principal.Tenant, st, from, to, func(a appointment.Appointment) error {
				if !keep(a) {
					return nil
				}
				if n == need {
					more = true
					return appointment.Stop
				}
				n++
				found = append(found, a)
				return nil
			})
			if err != nil {
				return nil, err
			}
		}
		slices.SortStableFunc(found, func(a, b appointment.Appointment) int {
			return cmp.Or(a.StartUTC.Compare(b.StartUTC), cmp.Compare(a.ID, b.ID))
		})
	}
	start := min(b.From, len(found))
	end := min(start+size, len(found))
	more = more || end < len(found)
	views, err := x.viewer(sess).views(ctx, slices.Clone(found[start:end]))
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(SearchResult{Events: views, WindowStartUTC: from, WindowEndUTC: to, From: b.From, Size: size, HasMore: more})), nil
}

func (x *area) create(ctx context.Context, e NewEvent) (*httpapi.Body[httpapi.Result[SearchResult]], error) {
	fields := map[string]string{}
	if !slices.Contains(appointment.Types(), e.AppointmentType) {
		fields["appointmentType"] = "Choose the appointment type: " + strings.Join(appointment.Types(), ", ") + "."
	}
	minutes := cmp.Or(e.DurationMinutes, defaultMinutes)
	if minutes < minMinutes || time.Duration(minutes)*time.Minute > appointment.MaxDuration {
		fields["durationMinutes"] = fmt.Sprintf("An appointment lasts %d minutes to %d hours.", minMinutes, int(appointment.MaxDuration.Hours()))
	}
	note := strings.TrimSpace(e.Note)
	if utf8.RuneCountInString(note) > appointment.MaxNoteLength {
		fields["note"] = fmt.Sprintf("The note must be at most %d characters.", appointment.MaxNoteLength)
	}
	if strings.TrimSpace(e.LocalStart) == "" {
		fields["localStart"] = "Enter the date and time of the appointment."
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields("The appointment is not valid.", fields)
	}
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, e.ContactID)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(task.HolderRoles(), r) }) {
		return nil, apperr.Errorf(apperr.Forbidden, "Setting an appointment needs a role that works customers.")
	}
	storeID := cmp.Or(e.AccountPlatformID, c.AccountPlatformID)
	if _, err := sess.Store(storeID); err != nil {
		return nil, apperr.InvalidFields("The appointment is not valid.", map[string]string{"accountPlatformId": "Choose a store you may view."})
	}
	loc := location(sess, storeID)
	now := x.now()
	start, err := startFromNow(e.LocalStart, loc, now)
	if err != nil {
		return nil, err
	}
	assignee := cmp.Or(e.AssignedUserID, sess.Principal.UserID)
	if err := x.mayHold(ctx, sess, assignee, storeID); err != nil {
		return nil, err
	}
	a := appointment.Appointment{
		ID: appointment.NewID(c.ID), ContactID: c.ID, AccountPlatformID: storeID, AssignedUserID: assignee,
		AppointmentType: e.AppointmentType, Note: note, StartUTC: start, EndUTC: start.Add(time.Duration(minutes) * time.Minute),
	}
	v := x.viewer(sess)
	saved, _, err := x.appointments.Create(ctx, sess.Principal.Tenant, a, x.writer(ctx, v, storeID, assignee), now)
	if err != nil {
		return nil, err
	}
	views, err := v.views(ctx, []appointment.Appointment{saved})
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(SearchResult{Events: views, WindowStartUTC: saved.StartUTC, WindowEndUTC: saved.EndUTC, Size: 1})), nil
}

// startFromNow reads wall-clock time s at loc (field localStart), which must not be before now
// to the minute.
func startFromNow(s string, loc *time.Location, now time.Time) (time.Time, error) {
	start, err := appointment.ParseLocal(s, loc, "localStart")
	if err != nil {
		return time.Time{}, err
	}
	if start.Before(now.Truncate(time.Minute)) {
		return time.Time{}, apperr.InvalidFields("The time is not valid.", map[string]string{
			"localStart": fmt.Sprintf("Choose a time from now on: it is %s at the store.", now.In(loc).Format("Jan 2, 2006 3:04 PM")),
		})
	}
	return start, nil
}

// visitStatuses are the statuses of appointments a visit can start from.
var visitStatuses = []string{appointment.StatusScheduled, appointment.StatusRescheduled, appointment.StatusConfirmationSent, appointment.StatusConfirmed}

func (x *area) startVisitSearch(ctx context.Context, in *StartVisitInput) (*httpapi.Body[httpapi.Result[[]EventView]], error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	var ids []int64
	var contactID int64
	var name, day string
	if in.Body != nil {
		ids, contactID, name, day = in.Body.PlatformIDs, in.Body.ContactID, in.Body.Name, in.Body.Day
	}
	stores, err := sess.SelectStores(ids, in.Scope)
	if err != nil {
		return nil, err
	}
	v := x.viewer(sess)
	words := strings.Fields(strings.ToLower(name))
	var found []appointment.Appointment
	for _, st := range stores {
		loc := location(sess, st)
		from, _, err := appointment.Window(dayOf(day, loc), x.now(), loc, "Day")
		if err != nil {
			return nil, err
		}
		to := from.In(loc).AddDate(0, 0, 1).UTC()
		err = x.appointments.InStore(ctx, sess.Principal.Tenant, st, from, to, func(a appointment.Appointment) error {
			if !slices.Contains(visitStatuses, a.Status) || (contactID > 0 && a.ContactID != contactID) {
				return nil
			}
			n := strings.ToLower(v.contactName(ctx, a.ContactID))
			for _, w := range words {
				if !strings.Contains(n, w) {
					return nil
				}
			}
			found = append(found, a)
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(found) >= appointment.WindowSize {
			break
		}
	}
	slices.SortStableFunc(found, func(a, b appointment.Appointment) int { return a.StartUTC.Compare(b.StartUTC) })
	found = found[:min(len(found), appointment.WindowSize)]
	views, err := v.views(ctx, found)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(views)), nil
}
