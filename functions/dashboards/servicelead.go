package dashboards

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// The kinds of service lead activity (SlmActivityType).
const (
	SLMAppointments = "Appointments"
	SLMCompleted    = "Completed"
	SLMWorking      = "Working"
)

// maxServiceLeads is the most service leads of one kind a details call lists.
const maxServiceLeads = 500

// ServiceLeadBody is the request body of the service lead calls.
type ServiceLeadBody struct {
	AccountPlatformIDs []int64 `json:"AccountPlatformIDs,omitempty" required:"false" maxItems:"200" doc:"The stores; absent means the Scope header's."`
	StartReportDate    string  `json:"StartReportDate,omitempty" required:"false" maxLength:"40" doc:"The first day (YYYY-MM-DD; a date and time counts as its day), widened to the start of the day in each store's time zone. Required unless Range is given."`
	EndReportDate      string  `json:"EndReportDate,omitempty" required:"false" maxLength:"40" doc:"The last day, widened to the end of the day in each store's time zone. Required unless Range is given."`
	Range              string  `json:"Range,omitempty" required:"false" enum:"today,yesterday,7,14,30,60,90,180,365" doc:"One of the dashboards' date ranges, read on each store's calendar; it replaces the report dates."`
	PreApproval        bool    `json:"PreApproval,omitempty" required:"false" doc:"The service lane's pre-approval offers: the product makes none, so the flag changes nothing."`
	PrivateOffer       bool    `json:"PrivateOffer,omitempty" required:"false" doc:"The service lane's private offers: the product makes none, so the flag changes nothing."`
	ForceRefresh       bool    `json:"ForceRefresh,omitempty" required:"false" doc:"Every call reads the appointments and repair orders as they are now; the flag changes nothing."`
	SlmActivityType    string  `json:"SlmActivityType,omitempty" required:"false" enum:"Appointments,Completed,Working" doc:"Only this kind's details; absent for every kind."`
}

// ServiceLeadInput is the request of the service lead calls.
type ServiceLeadInput struct {
	httpapi.ScopeHeader
	Body ServiceLeadBody
}

// ServiceLeadCounts are the service lead counts of the stores over the range.
type ServiceLeadCounts struct {
	StartReportDate    string  `json:"StartReportDate" doc:"The first day of the widened range."`
	EndReportDate      string  `json:"EndReportDate" doc:"The last day of the widened range."`
	AccountPlatformIDs []int64 `json:"AccountPlatformIDs"`
	Appointments       int     `json:"Appointments" doc:"Service appointments starting in the range, not cancelled."`
	Completed          int     `json:"Completed" doc:"Repair orders opened in the range and closed."`
	Working            int     `json:"Working" doc:"Repair orders opened in the range and still open."`
}

// ServiceLead is one customer's service lane activity: a service appointment or a repair order.
type ServiceLead struct {
	Kind              string     `json:"Kind" enum:"Appointments,Completed,Working"`
	ContactID         int64      `json:"ContactId"`
	ContactName       string     `json:"ContactName"`
	AccountPlatformID int64      `json:"AccountPlatformId"`
	StoreName         string     `json:"StoreName"`
	At                time.Time  `json:"At" doc:"The appointment's start, or when the repair order was opened."`
	ClosedAt          *time.Time `json:"ClosedAt" nullable:"true" doc:"When the repair order was closed; null while it is open and for an appointment."`
	AppointmentID     string     `json:"AppointmentId,omitempty" required:"false"`
	AppointmentStatus string     `json:"AppointmentStatus,omitempty" required:"false"`
	RONumber          string     `json:"RONumber,omitempty" required:"false"`
	Vehicle           string     `json:"Vehicle" doc:"Year, make and model of a repair order's vehicle; empty for an appointment."`
	VIN               string     `json:"VIN,omitempty" required:"false"`
	Advisor           string     `json:"Advisor" doc:"The repair order's service advisor, or the user the appointment is with."`
	Total             float64    `json:"Total" doc:"What the repair order's lines come to; 0 for an appointment."`
}

// ServiceLeadDetails are the service leads of the stores over the range by kind, the latest
// first, at most 500 of each.
type ServiceLeadDetails struct {
	StartReportDate    string        `json:"StartReportDate"`
	EndReportDate      string        `json:"EndReportDate"`
	AccountPlatformIDs []int64       `json:"AccountPlatformIDs"`
	Appointments       []ServiceLead `json:"Appointments"`
	Completed          []ServiceLead `json:"Completed"`
	Working            []ServiceLead `json:"Working"`
}

// ClassifyRepairOrder returns the kind of service lead ro is at now: Completed once closed,
// Working while open.
func ClassifyRepairOrder(ro repairorder.RepairOrder, now time.Time) string {
	if !ro.ClosedAt.IsZero() && !ro.ClosedAt.After(now) {
		return SLMCompleted
	}
	return SLMWorking
}

// IsServiceLeadAppointment reports whether a counts as a service lead: a service appointment
// that is not cancelled.
func IsServiceLeadAppointment(a appointment.Appointment) bool {
	return strings.EqualFold(a.AppointmentType, "Service") && a.Status != appointment.StatusCancelled
}

// serviceLeads reads the service leads of the request's stores and range.
func (a *area) serviceLeads(ctx context.Context, scope string, b ServiceLeadBody) (ServiceLeadDetails, error) {
	if b.Range == "" && (strings.TrimSpace(b.StartReportDate) == "" || strings.TrimSpace(b.EndReportDate) == "") {
		fields := map[string]string{}
		if strings.TrimSpace(b.StartReportDate) == "" {
			fields["StartReportDate"] = "Enter the first day of the range (YYYY-MM-DD)."
		}
		if strings.TrimSpace(b.EndReportDate) == "" {
			fields["EndReportDate"] = "Enter the last day of the range (YYYY-MM-DD)."
		}
		return ServiceLeadDetails{}, apperr.InvalidFields("Service leads need stores and dates.", fields)
	}
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return ServiceLeadDetails{}, err
	}
	ids, err := sess.SelectStores(b.AccountPlatformIDs, scope)
	if err != nil {
		return ServiceLeadDetails{}, err
	}
	stores := sess.StoresOf(ids)
	if len(stores) == 0 {
		return ServiceLeadDetails{}, apperr.InvalidFields("Service leads need stores and dates.", map[string]string{"AccountPlatformIDs": "Choose at least one store you may view."})
	}
	now := a.d.Store.Now()
	ranges := make(map[int64]dashboard.Range, len(stores))
	for _, st := range stores {
		begin, end := b.StartReportDate, b.EndReportDate
		if b.Range != "" {
			begin, end = relative(b.Range, now, location(st))
		}
		r, err := dashboard.Widen(begin, end, location(st), "StartReportDate", "EndReportDate")
		if err != nil {
			return ServiceLeadDetails{}, err
		}
		ranges[st.AccountPlatformID] = r
	}
	first := ranges[stores[0].AccountPlatformID]
	out := ServiceLeadDetails{StartReportDate: first.From, EndReportDate: first.To, Appointments: []ServiceLead{}, Completed: []ServiceLead{}, Working: []ServiceLead{}}
	t := sess.Principal.Tenant
	names := contactNames{repo: a.contacts, ctx: ctx, t: sess.Principal.Tenant}
	users := a.names(ctx, sess)
	appts := appointment.NewRepo(a.d.Store, nil)
	ros := repairorder.NewRepo(a.d.Store)
	for _, st := range stores {
		out.AccountPlatformIDs = append(out.AccountPlatformIDs, st.AccountPlatformID)
		r := ranges[st.AccountPlatformID]
		end := r.End.Add(time.Nanosecond)
		err := appts.InStore(ctx, t, st.AccountPlatformID, r.Start, end, func(ap appointment.Appointment) error {
			if IsServiceLeadAppointment(ap) {
				out.Appointments = append(out.Appointments, ServiceLead{Kind: SLMAppointments, ContactID: ap.ContactID, AccountPlatformID: st.AccountPlatformID,
					StoreName: st.Name, At: ap.StartUTC, AppointmentID: ap.ID, AppointmentStatus: ap.Status, Advisor: cmp.Or(users[ap.AssignedUserID], ap.AssignedUserID)})
			}
			return nil
		})
		if err != nil {
			return ServiceLeadDetails{}, err
		}
		list, err := ros.InStore(ctx, t, st.AccountPlatformID, r.Start, end)
		if err != nil {
			return ServiceLeadDetails{}, err
		}
		for _, ro := range list {
			l := ServiceLead{Kind: ClassifyRepairOrder(ro, now), ContactID: ro.ContactID, AccountPlatformID: st.AccountPlatformID, StoreName: st.Name,
				At: ro.OpenedAt, RONumber: ro.RONumber, Vehicle: strings.TrimSpace(strings.Join([]string{yearOf(ro.Year), ro.Make, ro.Model}, " ")),
				VIN: ro.VIN, Advisor: ro.Advisor, Total: ro.Total("")}
			if l.Kind == SLMCompleted {
				closed := ro.ClosedAt
				l.ClosedAt = &closed
				out.Completed = append(out.Completed, l)
			} else {
				out.Working = append(out.Working, l)
			}
		}
	}
	for _, list := range []*[]ServiceLead{&out.Appointments, &out.Completed, &out.Working} {
		slices.SortStableFunc(*list, func(x, y ServiceLead) int { return y.At.Compare(x.At) })
	}
	return out, names.fill(&out)
}

func yearOf(y int) string {
	if y < 1 {
		return ""
	}
	return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).Format("2006")
}

// contactNames names the customers of dashboard rows, reading each customer once.
type contactNames struct {
	repo *contact.Repo
	ctx  context.Context
	t    store.Tenant
}

// of returns the full names of the customers ids, read together; a customer that no longer
// exists has none.
func (n contactNames) of(ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		errs []error
	)
	for _, id := range ids {
		if _, ok := out[id]; ok {
			continue
		}
		out[id] = ""
		wg.Go(func() {
			c, err := n.repo.Get(n.ctx, n.t, id)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				out[id] = c.FullName()
			case apperr.CodeOf(err) != apperr.NotFound:
				errs = append(errs, err)
			}
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// fill sets the ContactName of every lead of d.
func (n contactNames) fill(d *ServiceLeadDetails) error {
	lists := [][]ServiceLead{d.Appointments, d.Completed, d.Working}
	var ids []int64
	for _, list := range lists {
		for _, l := range list {
			ids = append(ids, l.ContactID)
		}
	}
	names, err := n.of(ids)
	if err != nil {
		return err
	}
	for _, list := range lists {
		for i := range list {
			list[i].ContactName = names[list[i].ContactID]
		}
	}
	return nil
}

func (a *area) registerServiceLeads(api *httpapi.API) {
	const rules = " The stores are AccountPlatformIDs (each one the caller may view; 404 otherwise) or the Scope header's, the range StartReportDate to EndReportDate (or Range), widened to the start of the first day and the end of the last in each store's time zone: the call needs both (400 naming the missing field). Service leads come from the service lane: service appointments (type Service, not cancelled) starting in the range are Appointments; repair orders opened in the range (from the dealer management system) are Completed once closed and Working while open."
	httpapi.Register(api, huma.Operation{
		OperationID: "getServiceLeadActivityCount", Method: http.MethodPost, Path: "/pando/pandoalertreporting/activitycount",
		Summary:     "Service lead counts",
		Description: "The counts of the Service Lead Management widget: Appointments, Completed and Working." + rules,
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ServiceLeadInput) (*httpapi.Body[httpapi.Result[ServiceLeadCounts]], error) {
		in.Body.SlmActivityType = ""
		d, err := a.serviceLeads(ctx, in.Scope, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(ServiceLeadCounts{StartReportDate: d.StartReportDate, EndReportDate: d.EndReportDate, AccountPlatformIDs: d.AccountPlatformIDs,
			Appointments: len(d.Appointments), Completed: len(d.Completed), Working: len(d.Working)})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getServiceLeadActivityDetails", Method: http.MethodPost, Path: "/pando/pandoalertreporting/activitydetails",
		Summary:     "Service lead details",
		Description: "The service leads behind the counts, by kind (SlmActivityType narrows to one; the others are then empty), the latest first, at most 500 of each, with the customer, the store, the vehicle and advisor of a repair order and its total." + rules,
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ServiceLeadInput) (*httpapi.Body[httpapi.Result[ServiceLeadDetails]], error) {
		d, err := a.serviceLeads(ctx, in.Scope, in.Body)
		if err != nil {
			return nil, err
		}
		keep := func(kind string, l []ServiceLead) []ServiceLead {
			if in.Body.SlmActivityType != "" && in.Body.SlmActivityType != kind {
				return []ServiceLead{}
			}
			return l[:min(len(l), maxServiceLeads)]
		}
		d.Appointments, d.Completed, d.Working = keep(SLMAppointments, d.Appointments), keep(SLMCompleted, d.Completed), keep(SLMWorking, d.Working)
		return httpapi.Reply(httpapi.OK(d)), nil
	})
}
