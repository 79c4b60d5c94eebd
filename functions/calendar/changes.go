package calendar

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// EventPath names one appointment.
type EventPath struct {
	ID string `path:"id" maxLength:"64" doc:"The appointment's id."`
}

// VersionBody is the version of the appointment a change was made from.
type VersionBody struct {
	Version int64 `json:"version" minimum:"1" doc:"The version the appointment was read at: an appointment changed since is refused with 409 and nothing changes."`
}

// ShowStatusInput is the request of PUT /pando/calendarevent/{id}/update_show_status/{statusId}.
type ShowStatusInput struct {
	EventPath
	StatusID int `path:"statusId" doc:"4 (NoShow): the customer did not come; 5 (Completed): the customer came."`
	Body     VersionBody
}

// ChangeInput is the request of PUT and POST /pando/calendarevent/{id}/{path}.
type ChangeInput struct {
	EventPath
	Path string `path:"path" enum:"reschedule,confirm,confirmation_sent,show,noshow,cancel" doc:"The change: reschedule, confirm (the customer confirmed), confirmation_sent (a confirmation was sent), show, noshow or cancel."`
	Body struct {
		VersionBody
		LocalStart      string `json:"localStart,omitempty" required:"false" maxLength:"16" doc:"reschedule: the new start as the store's clocks read it (YYYY-MM-DDTHH:MM), from now on."`
		DurationMinutes int    `json:"durationMinutes,omitempty" required:"false" minimum:"0" maximum:"720" doc:"reschedule: how long it lasts (5 to 720 minutes); the current length when absent."`
		AssignedUserID  string `json:"assignedUserId,omitempty" required:"false" maxLength:"64" doc:"reschedule: the user the customer meets instead; the same user when absent."`
		Confirm         bool   `json:"confirm,omitempty" required:"false" doc:"cancel: true, the user having confirmed the cancellation."`
	}
}

// DeleteInput is the request of DELETE /pando/calendarevent/{id}.
type DeleteInput struct {
	EventPath
	Version int64 `query:"version" minimum:"1" required:"true" doc:"The version the appointment was read at."`
	Confirm bool  `query:"confirm" doc:"true, the user having confirmed the cancellation."`
}

// EventResult is the answer of a change: the appointment as changed.
type EventResult = httpapi.Body[httpapi.Result[EventView]]

// msgConfirmCancel asks for the cancellation's confirmation.
const msgConfirmCancel = "Confirm that the appointment is to be cancelled."

func (x *area) registerChanges(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	rules := " Allowed to the user the appointment is with, the user who set it and managers of its store (403 otherwise). Only legal moves are made (a completed or cancelled appointment takes none; a confirmed one needs no confirmation; a no-show may be rescheduled or completed): any other, or a version other than the appointment's, is refused with 409 and nothing changes. Publishes AppointmentChanged and records the change in the customer's activity in the same write."

	httpapi.Register(api, huma.Operation{
		OperationID: "updateCalendarEventShowStatus",
		Method:      http.MethodPut,
		Path:        "/pando/calendarevent/{id}/update_show_status/{statusId}",
		Summary:     "Record whether the customer came",
		Description: "statusId 5 marks the appointment Completed (the customer came); 4 marks it a NoShow, which cannot be recorded before the appointment starts (400). Any other status id is refused (400)." + rules,
		Tags:        []string{"calendar"},
		Errors:      errs,
	}, func(ctx context.Context, in *ShowStatusInput) (*EventResult, error) {
		var act appointment.Action
		switch in.StatusID {
		case appointment.StatusID(appointment.StatusCompleted):
			act = appointment.Show
		case appointment.StatusID(appointment.StatusNoShow):
			act = appointment.NoShow
		default:
			return nil, apperr.InvalidFields("The show status is not valid.", map[string]string{"statusId": "Choose 5 (the customer came) or 4 (no-show)."})
		}
		return x.change(ctx, in.ID, appointment.Change{Action: act, Version: in.Body.Version}, nil)
	})

	for _, method := range []string{http.MethodPut, http.MethodPost} {
		id := "changeCalendarEvent"
		if method == http.MethodPost {
			id = "postCalendarEventChange"
		}
		httpapi.Register(api, huma.Operation{
			OperationID: id,
			Method:      method,
			Path:        "/pando/calendarevent/{id}/{path}",
			Summary:     "Reschedule, confirm or cancel an appointment",
			Description: "reschedule moves the appointment to localStart (read in the store's time zone: it must exist there and be from now on) for durationMinutes, with assignedUserId if given (an active user of the store with a role that works customers), 400 naming what is wrong otherwise; confirm records the customer's confirmation; confirmation_sent that a confirmation was sent; show and noshow as update_show_status does; cancel needs confirm true (400 otherwise) and keeps the appointment, Cancelled, in the history." + rules,
			Tags:        []string{"calendar"},
			Errors:      errs,
		}, func(ctx context.Context, in *ChangeInput) (*EventResult, error) {
			act := appointment.Action(in.Path)
			b := in.Body
			ch := appointment.Change{Action: act, Version: b.Version, AssignedUserID: b.AssignedUserID}
			return x.change(ctx, in.ID, ch, func(v *viewer, a appointment.Appointment, ch *appointment.Change) error {
				switch act {
				case appointment.Cancel:
					if !b.Confirm {
						return apperr.InvalidFields(msgConfirmCancel, map[string]string{"confirm": msgConfirmCancel})
					}
				case appointment.Reschedule:
					if b.LocalStart == "" {
						return apperr.InvalidFields("The new time is not valid.", map[string]string{"localStart": "Enter the new date and time."})
					}
					minutes := cmp.Or(time.Duration(b.DurationMinutes)*time.Minute, a.EndUTC.Sub(a.StartUTC))
					if minutes < minMinutes*time.Minute {
						return apperr.InvalidFields("The new time is not valid.", map[string]string{"durationMinutes": fmt.Sprintf("An appointment lasts %d minutes to %d hours.", minMinutes, int(appointment.MaxDuration.Hours()))})
					}
					start, err := startFromNow(b.LocalStart, location(v.sess, a.AccountPlatformID), v.x.now())
					if err != nil {
						return err
					}
					ch.Start, ch.End = start, start.Add(minutes)
					if ch.AssignedUserID != "" && ch.AssignedUserID != a.AssignedUserID {
						return x.mayHold(ctx, v.sess, ch.AssignedUserID, a.AccountPlatformID)
					}
				}
				return nil
			})
		})
	}

	httpapi.Register(api, huma.Operation{
		OperationID: "cancelCalendarEvent",
		Method:      http.MethodDelete,
		Path:        "/pando/calendarevent/{id}",
		Summary:     "Cancel an appointment",
		Description: "Cancels the appointment once the user confirmed it (confirm=true; 400 otherwise). The appointment stays in the calendar's and the customer's history as Cancelled." + rules,
		Tags:        []string{"calendar"},
		Errors:      errs,
	}, func(ctx context.Context, in *DeleteInput) (*EventResult, error) {
		return x.change(ctx, in.ID, appointment.Change{Action: appointment.Cancel, Version: in.Version}, func(*viewer, appointment.Appointment, *appointment.Change) error {
			if !in.Confirm {
				return apperr.InvalidFields(msgConfirmCancel, map[string]string{"confirm": msgConfirmCancel})
			}
			return nil
		})
	})
}

// change makes ch to appointment id, after prepare (if any) completed and checked ch against
// the appointment, and answers the appointment as changed.
func (x *area) change(ctx context.Context, id string, ch appointment.Change, prepare func(*viewer, appointment.Appointment, *appointment.Change) error) (*EventResult, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	a, err := x.find(ctx, sess, id)
	if err != nil {
		return nil, err
	}
	if !mayChange(sess, a) {
		return nil, apperr.Errorf(apperr.Forbidden, "Only the user the appointment is with, the user who set it and the store's managers may change it.")
	}
	// The appointment's state and version are checked before what the change brings, so a
	// final or stale appointment is refused as such whatever else the request holds.
	if err := appointment.Changeable(a, ch.Action, ch.Version); err != nil {
		return nil, err
	}
	v := x.viewer(sess)
	if prepare != nil {
		if err := prepare(v, a, &ch); err != nil {
			return nil, err
		}
	}
	assignee := cmp.Or(ch.AssignedUserID, a.AssignedUserID)
	saved, _, err := x.appointments.Apply(ctx, sess.Principal.Tenant, a, ch, x.writer(ctx, v, a.AccountPlatformID, assignee), x.now())
	if err != nil {
		return nil, err
	}
	views, err := v.views(ctx, []appointment.Appointment{saved})
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(views[0])), nil
}
