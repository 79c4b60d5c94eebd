package contacts

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// summaries serves the profile's summaries (snapshot, service), the licence images,
// prospects and deal sheet matching.
type summaries struct {
	*area
	repairOrders *repairorder.Repo
	tasks        *task.Repo
	processes    *process.Repo
	dealsheets   *dealsheet.Repo
	activity     *activity.Repo
	now          func() time.Time
}

func (a *area) registerSummary(api *httpapi.API) {
	s := &summaries{
		area:         a,
		repairOrders: repairorder.NewRepo(a.d.Store),
		tasks:        task.NewRepo(a.d.Store),
		processes:    process.NewRepo(a.d.Store),
		dealsheets:   dealsheet.NewRepo(a.d.Store),
		activity:     activity.NewRepo(a.d.Store, a.d.Events, a.d.Log),
		now:          a.d.Store.Now,
	}
	s.registerSnapshot(api)
	s.registerImages(api)
	s.registerProspect(api)
	s.registerDealsheets(api)
}

// SnapshotInput is the request of POST /crm/contacts/{id}/snapshot.
type SnapshotInput struct {
	ContactPath
	Body *struct {
		EntityIDs []int64 `json:"entityIds,omitempty" maxItems:"200" doc:"The leads (entities) whose open tasks activeLeadTasks counts; absent or empty counts the tasks of every lead."`
	}
}

// Snapshot is the summary at the top of a customer's profile. Each part is read from the
// records kept about the customer and those merged into it; a part with no record is null
// (or 0 for counts), never a made-up value.
type Snapshot struct {
	ActiveLeadTasks int `json:"activeLeadTasks" doc:"Open tasks (pending, in progress, overdue, on hold) about the customer's leads."`
	ActiveProcesses int `json:"activeProcesses" doc:"Processes (workflow templates started for the customer or a deal) in progress or overdue, of the stores the caller may view."`
	// LastContact and LastCustomerEngagement come from the customer's logged activity.
	LastContact            *Touch         `json:"lastContact"  doc:"The last call, e-mail, text or visit logged with the customer; null when none is recorded."`
	NextScheduledActivity  *ScheduledTask `json:"nextScheduledActivity"  doc:"The open task due next (not yet past due); null when none."`
	LastServiceVisit       *ServiceVisit  `json:"lastServiceVisit"  doc:"The latest repair order; null when the customer has none."`
	LastCustomerEngagement *Touch         `json:"lastCustomerEngagement"  doc:"The last time the customer reached out (inbound call, e-mail, text, web lead); null when none is recorded."`
}

// Touch is a contact with the customer.
type Touch struct {
	_ struct{} `nullable:"true"`

	Date        time.Time `json:"date"`
	Type        string    `json:"type"`
	Description string    `json:"description"`
	UserID      string    `json:"userId"`
}

// ScheduledTask is an open task as the snapshot shows it.
type ScheduledTask struct {
	_ struct{} `nullable:"true"`

	TaskID         string    `json:"taskId"`
	EntityID       int64     `json:"entityId"`
	TaskType       string    `json:"taskType"`
	Name           string    `json:"taskName"`
	DueAt          time.Time `json:"taskDueDt"`
	AssignedUserID string    `json:"assignedPandoUserId"`
}

// ServiceVisit is a repair order as the snapshot shows it.
type ServiceVisit struct {
	_ struct{} `nullable:"true"`

	RONumber          string    `json:"roNumber"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	Date              time.Time `json:"date"`
	Vehicle           string    `json:"vehicle" doc:"Year, make and model."`
	VIN               string    `json:"vin"`
	Advisor           string    `json:"advisor"`
	Total             float64   `json:"total"`
}

// ServiceVehicles is the body of GET /crm/contacts/{id}/service/vehicle's data: the web app
// reads data.data.
type ServiceVehicles struct {
	Data []repairorder.VehicleHistory `json:"data"`
}

// visibleROs returns the repair orders of c (and the contacts merged into it) of stores the
// session's user may view.
func (s *summaries) visibleROs(ctx context.Context, sess user.Session, c contact.Contact) ([]repairorder.RepairOrder, error) {
	ros, err := s.repairOrders.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ros, func(ro repairorder.RepairOrder) bool { return !sess.Principal.CanView(ro.AccountPlatformID) }), nil
}

// visibleTasks returns the tasks of c (and the contacts merged into it) of stores the session's
// user may view, as they stand now.
func (s *summaries) visibleTasks(ctx context.Context, sess user.Session, c contact.Contact) ([]task.Task, error) {
	ts, err := s.tasks.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]task.Task, 0, len(ts))
	for _, t := range ts {
		if sess.Principal.CanView(t.AccountPlatformID) {
			out = append(out, t.At(now))
		}
	}
	return out, nil
}

// snapshotOf computes the snapshot from c's tasks and repair orders.
func snapshotOf(ts []task.Task, ros []repairorder.RepairOrder, entityIDs []int64, now time.Time) Snapshot {
	var out Snapshot
	for _, t := range ts {
		if !t.Open() {
			continue
		}
		if t.EntityID > 0 && (len(entityIDs) == 0 || slices.Contains(entityIDs, t.EntityID)) {
			out.ActiveLeadTasks++
		}
		if !t.DueAt.Before(now) && (out.NextScheduledActivity == nil || t.DueAt.Before(out.NextScheduledActivity.DueAt)) {
			out.NextScheduledActivity = &ScheduledTask{TaskID: t.ID, EntityID: t.EntityID, TaskType: t.TaskType, Name: t.Name, DueAt: t.DueAt, AssignedUserID: t.AssignedUserID}
		}
	}
	if len(ros) > 0 {
		ro := ros[0]
		out.LastServiceVisit = &ServiceVisit{
			RONumber: ro.RONumber, AccountPlatformID: ro.AccountPlatformID, Date: ro.OpenedAt,
			Vehicle: fmt.Sprintf("%d %s %s", ro.Year, ro.Make, ro.Model), VIN: ro.VIN, Advisor: ro.Advisor, Total: ro.Total(""),
		}
	}
	return out
}

// touchesOf returns the last conversation with the customer on any channel, either way, and
// the last time the customer reached out, from the customer's activity summary.
func touchesOf(sum activity.Summary) (last, engaged *Touch) {
	for _, ch := range sum.Channels {
		for _, t := range []struct {
			at  *time.Time
			dir activity.Direction
		}{{ch.LastOutboundAt, activity.Outbound}, {ch.LastInboundAt, activity.Inbound}} {
			if t.at == nil {
				continue
			}
			touch := &Touch{Date: *t.at, Type: string(ch.Channel), Description: fmt.Sprintf("%s %s", t.dir, ch.Channel)}
			if last == nil || touch.Date.After(last.Date) {
				last = touch
			}
			if t.dir == activity.Inbound && (engaged == nil || touch.Date.After(engaged.Date)) {
				engaged = touch
			}
		}
	}
	return last, engaged
}

func (s *summaries) registerSnapshot(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getContactSnapshot",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/snapshot",
		Summary:     "A customer's snapshot",
		Description: "The summary at the top of the profile, read from the records of the customer and of the customers merged into it, of the stores the caller may view: open tasks about the given leads, the next open task not yet due, the latest repair order, the last conversation on any channel (lastContact) and the last one the customer started (lastCustomerEngagement). Parts with no record are null, counts 0.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SnapshotInput) (*httpapi.Body[httpapi.Result[Snapshot]], error) {
		sess, c, err := s.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		ts, err := s.visibleTasks(ctx, sess, c)
		if err != nil {
			return nil, err
		}
		ros, err := s.visibleROs(ctx, sess, c)
		if err != nil {
			return nil, err
		}
		var entities []int64
		if in.Body != nil {
			entities = in.Body.EntityIDs
		}
		talk, err := s.activity.Summarize(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		out := snapshotOf(ts, ros, entities, s.now())
		ps, err := s.processes.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			if p.Open() && sess.Principal.CanView(p.AccountPlatformID) {
				out.ActiveProcesses++
			}
		}
		out.LastContact, out.LastCustomerEngagement = touchesOf(talk)
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactServiceSummary",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{id}/service",
		Summary:     "A customer's service summary",
		Description: "The count of the customer's repair orders and what they came to by who paid: the customer, the manufacturer's warranty or the dealer (internal lines). Repair orders of the customers merged into this one count; those of stores the caller may not view do not.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[repairorder.Totals]], error) {
		sess, c, err := s.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		ros, err := s.visibleROs(ctx, sess, c)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(repairorder.Summarize(ros))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactServiceVehicles",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{id}/service/vehicle",
		Summary:     "A customer's vehicles with their service visits",
		Description: "The vehicles on the profile and those of the customer's repair orders, each with its visits (latest first); the vehicle visited last comes first, vehicles never serviced last. The list is data.data.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[ServiceVehicles]], error) {
		sess, c, err := s.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		ros, err := s.visibleROs(ctx, sess, c)
		if err != nil {
			return nil, err
		}
		owned := make([]repairorder.Owned, 0, len(c.Vehicles))
		for _, v := range c.Vehicles {
			if v.VIN != "" {
				owned = append(owned, repairorder.Owned{VIN: v.VIN, Year: v.Year, Make: v.Make, Model: v.Model})
			}
		}
		return httpapi.Reply(httpapi.OK(ServiceVehicles{Data: repairorder.Vehicles(owned, ros)})), nil
	})
}
