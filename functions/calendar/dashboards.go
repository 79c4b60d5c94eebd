package calendar

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// maxRangeDays is the longest date range of the dashboards' appointment calls.
const maxRangeDays = 366

// RangeBody is the stores and dates of a dashboard's appointment call.
type RangeBody struct {
	AccountPlatformIDs []int64 `json:"AccountPlatformIds,omitempty" required:"false" maxItems:"500" doc:"The stores counted, each one the caller may view; the Scope header's stores when absent."`
	StartDate          string  `json:"StartDate" maxLength:"40" doc:"The first day (YYYY-MM-DD, or a time whose day at the store is meant), from its start."`
	EndDate            string  `json:"EndDate" maxLength:"40" doc:"The last day, to its end; at most 366 days after StartDate."`
	UserID             string  `json:"UserId,omitempty" required:"false" maxLength:"64" doc:"Only the appointments with this user."`
	AppointmentType    string  `json:"AppointmentType,omitempty" required:"false" maxLength:"40" doc:"Only appointments of this type."`
}

// CountsInput is the request of POST /api/calendarevent/appointment/counts.
type CountsInput struct {
	httpapi.ScopeHeader
	Body RangeBody
}

// StatusCount is the number of appointments of one status.
type StatusCount struct {
	Status   string `json:"status"`
	StatusID int    `json:"statusId"`
	Count    int    `json:"count"`
}

// TypeCount is the number of appointments of one type.
type TypeCount struct {
	AppointmentType string `json:"appointmentType"`
	Count           int    `json:"count"`
}

// Counts are the appointments of a date range counted.
type Counts struct {
	Total     int           `json:"total" doc:"Every appointment of the range, cancelled ones included."`
	Scheduled int           `json:"scheduled" doc:"The appointments still to happen: scheduled, rescheduled, confirmation sent or confirmed."`
	Confirmed int           `json:"confirmed"`
	Shown     int           `json:"shown" doc:"Completed: the customer came."`
	NoShow    int           `json:"noShow"`
	Cancelled int           `json:"cancelled"`
	ShowRate  float64       `json:"showRate" doc:"Shown over shown and no-shows, 0 to 1; 0 when neither."`
	ByStatus  []StatusCount `json:"byStatus" doc:"Every status, in the order of their ids."`
	ByType    []TypeCount   `json:"byType" doc:"Every appointment type, in the order of the types."`
}

// DetailInput is the request of POST /api/calendarevent/appointment/detail.
type DetailInput struct {
	httpapi.ScopeHeader
	Body struct {
		RangeBody
		Status string `json:"Status,omitempty" required:"false" enum:"Scheduled,Rescheduled,Confirmed,NoShow,Completed,ConfirmationSent,Cancelled" doc:"Only appointments of this status."`
		From   int    `json:"From,omitempty" required:"false" minimum:"0" maximum:"10000"`
		Size   int    `json:"Size,omitempty" required:"false" minimum:"0" maximum:"100" doc:"At most 100; 25 when absent."`
	}
}

// WorkplanInput is the request of POST /api/CalendarEvent/appointment/workplan/detail.
type WorkplanInput struct {
	httpapi.ScopeHeader
	Body RangeBody
}

func (x *area) registerDashboards(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "countAppointments",
		Method:      http.MethodPost,
		Path:        "/api/calendarevent/appointment/counts",
		Summary:     "Appointments counted for a dashboard",
		Description: "The appointments starting in the date range (from the start of the first day to the end of the last at the store, in the time zone of the first store) of the stores counted, by status and by type, with the shown and no-show counts and the show rate.",
		Tags:        []string{"calendar"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *CountsInput) (*httpapi.Body[httpapi.Result[Counts]], error) {
		_, as, err := x.inRange(ctx, in.Scope, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(count(as))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "appointmentDetail",
		Method:      http.MethodPost,
		Path:        "/api/calendarevent/appointment/detail",
		Summary:     "The appointments behind a dashboard count",
		Description: "The appointments the counts count (the same range and stores), narrowed to Status, the earliest first, paged by From and Size; pageData holds the total.",
		Tags:        []string{"calendar"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DetailInput) (*httpapi.Body[httpapi.Result[[]EventView]], error) {
		sess, as, err := x.inRange(ctx, in.Scope, in.Body.RangeBody)
		if err != nil {
			return nil, err
		}
		if in.Body.Status != "" {
			as = slices.DeleteFunc(as, func(a appointment.Appointment) bool { return a.Status != in.Body.Status })
		}
		size := cmp.Or(in.Body.Size, 25)
		start := min(in.Body.From, len(as))
		end := min(start+size, len(as))
		views, err := x.viewer(sess).views(ctx, slices.Clone(as[start:end]))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.Paged(views, httpapi.NewPageData(start/size+1, size, len(as)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "appointmentWorkplanDetail",
		Method:      http.MethodPost,
		Path:        "/api/CalendarEvent/appointment/workplan/detail",
		Summary:     "A user's appointments for the workplan",
		Description: "The appointments still to happen (scheduled, rescheduled, confirmation sent or confirmed) of a user (UserId; the caller when absent) in the date range at the stores counted, the earliest first. Users read their own; managers (pando.cxm.dashboard.manager) those of users of a store they may view (404 otherwise).",
		Tags:        []string{"calendar"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *WorkplanInput) (*httpapi.Body[httpapi.Result[[]EventView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		b.UserID = cmp.Or(b.UserID, sess.Principal.UserID)
		if b.UserID != sess.Principal.UserID {
			p, err := x.d.Users.Colleague(ctx, sess, b.UserID)
			if err != nil {
				return nil, err
			}
			if !sess.Principal.Can(role.PermManagerDashboard) || !p.BelongsToAny(sess.Principal.ViewStores) {
				return nil, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", b.UserID)
			}
		}
		stores, from, to, err := x.rangeOf(sess, in.Scope, b)
		if err != nil {
			return nil, err
		}
		all, err := x.appointments.OfUser(ctx, sess.Principal.Tenant, b.UserID, from, to)
		if err != nil {
			return nil, err
		}
		var as []appointment.Appointment
		for _, a := range all {
			if slices.Contains(stores, a.AccountPlatformID) && slices.Contains(visitStatuses, a.Status) && (b.AppointmentType == "" || a.AppointmentType == b.AppointmentType) {
				as = append(as, a)
			}
		}
		views, err := x.viewer(sess).views(ctx, as)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(views)), nil
	})
}

// rangeOf returns the stores and the instants of a dashboard call's range: from the start of
// the first day to the end of the last, at the first store.
func (x *area) rangeOf(sess user.Session, scope string, b RangeBody) ([]int64, time.Time, time.Time, error) {
	stores, err := sess.SelectStores(b.AccountPlatformIDs, scope)
	if err != nil {
		return nil, time.Time{}, time.Time{}, err
	}
	loc := time.UTC
	if len(stores) > 0 {
		loc = location(sess, stores[0])
	}
	fields := map[string]string{}
	if b.StartDate == "" {
		fields["StartDate"] = "Enter the first day."
	}
	if b.EndDate == "" {
		fields["EndDate"] = "Enter the last day."
	}
	if len(fields) > 0 {
		return nil, time.Time{}, time.Time{}, apperr.InvalidFields("The date range is not valid.", fields)
	}
	from, _, err := appointment.Window(dayOf(b.StartDate, loc), x.now(), loc, "StartDate")
	if err != nil {
		return nil, time.Time{}, time.Time{}, err
	}
	last, _, err := appointment.Window(dayOf(b.EndDate, loc), x.now(), loc, "EndDate")
	if err != nil {
		return nil, time.Time{}, time.Time{}, err
	}
	to := last.In(loc).AddDate(0, 0, 1).UTC()
	switch {
	case !to.After(from):
		return nil, time.Time{}, time.Time{}, apperr.InvalidFields("The date range is not valid.", map[string]string{"EndDate": "Choose a last day on or after the first."})
	case to.Sub(from) > maxRangeDays*24*time.Hour+time.Hour:
		return nil, time.Time{}, time.Time{}, apperr.InvalidFields("The date range is not valid.", map[string]string{"EndDate": "Choose at most 366 days."})
	}
	return stores, from, to, nil
}

// inRange returns the appointments of a dashboard call's stores and range, the earliest first.
func (x *area) inRange(ctx context.Context, scope string, b RangeBody) (user.Session, []appointment.Appointment, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, nil, err
	}
	stores, from, to, err := x.rangeOf(sess, scope, b)
	if err != nil {
		return user.Session{}, nil, err
	}
	var as []appointment.Appointment
	for _, st := range stores {
		err := x.appointments.InStore(ctx, sess.Principal.Tenant, st, from, to, func(a appointment.Appointment) error {
			if (b.UserID == "" || a.AssignedUserID == b.UserID) && (b.AppointmentType == "" || a.AppointmentType == b.AppointmentType) {
				as = append(as, a)
			}
			return nil
		})
		if err != nil {
			return user.Session{}, nil, err
		}
	}
	slices.SortStableFunc(as, func(a, b appointment.Appointment) int {
		return cmp.Or(a.StartUTC.Compare(b.StartUTC), cmp.Compare(a.ID, b.ID))
	})
	return sess, as, nil
}

// count counts as.
func count(as []appointment.Appointment) Counts {
	c := Counts{Total: len(as)}
	byStatus := map[string]int{}
	byType := map[string]int{}
	for _, a := range as {
		byStatus[a.Status]++
		byType[a.AppointmentType]++
		if slices.Contains(visitStatuses, a.Status) {
			c.Scheduled++
		}
	}
	c.Confirmed, c.Shown, c.NoShow, c.Cancelled = byStatus[appointment.StatusConfirmed], byStatus[appointment.StatusCompleted], byStatus[appointment.StatusNoShow], byStatus[appointment.StatusCancelled]
	if n := c.Shown + c.NoShow; n > 0 {
		c.ShowRate = float64(c.Shown) / float64(n)
	}
	for _, s := range appointment.Statuses() {
		c.ByStatus = append(c.ByStatus, StatusCount{Status: s, StatusID: appointment.StatusID(s), Count: byStatus[s]})
	}
	for _, t := range appointment.Types() {
		c.ByType = append(c.ByType, TypeCount{AppointmentType: t, Count: byType[t]})
	}
	return c
}
