package dashboards

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// leads returns the leads of q's stores that arrived in the range, with each store's time
// zone: only those the query's users hold (or first answered) when it names users.
func (a *area) leads(ctx context.Context, q query) ([]dashboard.Lead, error) {
	var out []dashboard.Lead
	for _, st := range q.stores {
		r := q.ranges[st.AccountPlatformID]
		err := a.repo.Leads(ctx, q.sess.Principal.Tenant, st.AccountPlatformID, r.From, r.To, func(l dashboard.Lead) error {
			if len(q.users) == 0 || slices.Contains(q.users, l.UserID) || slices.Contains(q.users, l.FirstHumanBy) {
				out = append(out, l)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hours returns each store's working hours from its dealer settings (the default hours when
// they cannot be read), and the schedule of a lead's store: those hours in its time zone.
func (a *area) hours(ctx context.Context, q query) ([]StoreHours, func(dashboard.Lead) workhours.Schedule) {
	out := make([]StoreHours, 0, len(q.stores))
	sched := map[int64]workhours.Schedule{}
	for _, st := range q.stores {
		h := workhours.Default()
		if s, err := a.dealers.Get(ctx, q.sess.Principal.Tenant, st.AccountPlatformID); err == nil {
			h = workhours.Normalize(s.BusinessHours.Or())
		}
		loc := location(st)
		sched[st.AccountPlatformID] = workhours.New(h, loc)
		out = append(out, StoreHours{AccountPlatformID: st.AccountPlatformID, Name: st.Name, TimeZone: loc.String(), Hours: h})
	}
	return out, func(l dashboard.Lead) workhours.Schedule { return sched[l.AccountPlatformID] }
}

// SpeedToLead is the speed to lead of the leads that arrived in the range: for each lead, the
// business time (its store's working hours from the dealer settings, in the store's time zone) to its
// first automated reply, its first human response and its first two-way exchange, summed by
// person, lead source and store.
type SpeedToLead struct {
	BeginDate string                 `json:"beginDate"`
	EndDate   string                 `json:"endDate"`
	Leads     int                    `json:"leads"`
	Overall   []dashboard.ClockStats `json:"overall"`
	ByPerson  []SpeedGroup           `json:"byPerson" doc:"By the user who made the first human response (a lead nobody answered yet counts for the user holding it)."`
	BySource  []SpeedGroup           `json:"bySource" doc:"By lead source id."`
	ByStore   []SpeedGroup           `json:"byStore" doc:"By store id."`
	Hours     []StoreHours           `json:"hours" doc:"Each store's working hours the clocks count in."`
}

// StoreHours are a store's working hours, in its time zone.
type StoreHours struct {
	AccountPlatformID int64           `json:"accountPlatformId"`
	Name              string          `json:"name"`
	TimeZone          string          `json:"timeZone"`
	Hours             workhours.Hours `json:"hours"`
}

// SpeedGroup is the speed to lead of one person, source or store, with its name.
type SpeedGroup struct {
	dashboard.SpeedGroup
	Name string `json:"name"`
}

// FunnelAnswer is the BDC funnel of the leads that arrived in the range.
type FunnelAnswer struct {
	BeginDate string                 `json:"beginDate"`
	EndDate   string                 `json:"endDate"`
	Steps     []dashboard.FunnelStep `json:"steps" doc:"Leads, contacted, appointment set, shown and sold: how many leads reached each."`
}

// SampleInput is the request of POST /api/Activity/detail/sample.
type SampleInput struct {
	httpapi.ScopeHeader
	Body struct {
		RangeBody
		Stage      dashboard.Stage `json:"stage" enum:"leads,contacted,appointmentSet,shown,sold" doc:"The funnel stage whose leads to list."`
		PageNumber int             `json:"pageNumber,omitempty" required:"false" minimum:"0"`
		PageSize   int             `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100"`
	}
}

// FunnelLeadRow is a lead of a funnel stage with its clocks in business minutes (null while one runs).
type FunnelLeadRow struct {
	dashboard.Lead
	UserName                   string   `json:"userName"`
	ContactName                string   `json:"contactName" doc:"The customer's full name; empty when the customer no longer exists."`
	FirstAutomatedReplyMinutes *float64 `json:"firstAutomatedReplyMinutes"`
	FirstHumanResponseMinutes  *float64 `json:"firstHumanResponseMinutes"`
	FirstTwoWayMinutes         *float64 `json:"firstTwoWayExchangeMinutes"`
}

func minutes(l dashboard.Lead, c dashboard.Clock, s workhours.Schedule) *float64 {
	d, ok := l.Elapsed(c, s)
	if !ok {
		return nil
	}
	m := float64(int64(d.Minutes()*10+0.5)) / 10
	return &m
}

func (a *area) registerFunnel(api *httpapi.API) {
	const rules = " Date range widened to the start of the begin day and the end of the end day in each store's time zone; a caller without the manager or BDC dashboard permission gets only the leads they hold or answered first."
	httpapi.Register(api, huma.Operation{
		OperationID: "getSpeedToLead", Method: http.MethodPost, Path: "/api/Activity/summary/speed_to_lead",
		Summary:     "Speed to lead",
		Description: "For the leads that arrived in the range, the business minutes (median and average) to the first automated reply, the first human response and the first two-way exchange, overall and by person, lead source and store. Automated messages never count as a human response." + rules,
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *RangeInput) (*httpapi.Body[httpapi.Result[SpeedToLead]], error) {
		q, err := a.check(ctx, in.Scope, in.Body)
		if err != nil {
			return nil, err
		}
		leads, err := a.leads(ctx, q)
		if err != nil {
			return nil, err
		}
		// Each lead's clocks run in its own store's working hours and time zone.
		hours, of := a.hours(ctx, q)
		out := SpeedToLead{BeginDate: q.from, EndDate: q.to, Leads: len(leads), Hours: hours}
		names := a.names(ctx, q.sess)
		all := func(dashboard.Lead) string { return "all" }
		if g := dashboard.Speed(leads, all, of); len(g) > 0 {
			out.Overall = g[0].Clocks
		} else {
			for _, c := range dashboard.Clocks() {
				out.Overall = append(out.Overall, dashboard.ClockStats{Clock: c})
			}
		}
		person := func(l dashboard.Lead) string { return cmp.Or(l.FirstHumanBy, l.UserID, dashboard.NoUser) }
		for _, g := range dashboard.Speed(leads, person, of) {
			out.ByPerson = append(out.ByPerson, SpeedGroup{SpeedGroup: g, Name: cmp.Or(names[g.Key], g.Key)})
		}
		for _, g := range dashboard.Speed(leads, func(l dashboard.Lead) string { return itoa(l.LeadSourceID) }, of) {
			out.BySource = append(out.BySource, SpeedGroup{SpeedGroup: g, Name: "Source " + g.Key})
		}
		storeNames := map[string]string{}
		for _, st := range q.stores {
			storeNames[itoa(st.AccountPlatformID)] = st.Name
		}
		for _, st := range q.stores {
			var ls []dashboard.Lead
			for _, l := range leads {
				if l.AccountPlatformID == st.AccountPlatformID {
					ls = append(ls, l)
				}
			}
			for _, g := range dashboard.Speed(ls, func(l dashboard.Lead) string { return itoa(l.AccountPlatformID) }, of) {
				out.ByStore = append(out.ByStore, SpeedGroup{SpeedGroup: g, Name: storeNames[g.Key]})
			}
		}
		for _, p := range []*[]SpeedGroup{&out.ByPerson, &out.BySource, &out.ByStore} {
			if *p == nil {
				*p = []SpeedGroup{}
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadFunnel", Method: http.MethodPost, Path: "/api/Activity/summary/funnel",
		Summary:     "The BDC funnel",
		Description: "Of the leads that arrived in the range, how many were contacted (a call, e-mail or text by a user, or a conversation), had an appointment set, were shown (an appointment kept or a showroom visit) and sold. A later stage counts the earlier ones as reached." + rules,
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *RangeInput) (*httpapi.Body[httpapi.Result[FunnelAnswer]], error) {
		q, err := a.check(ctx, in.Scope, in.Body)
		if err != nil {
			return nil, err
		}
		leads, err := a.leads(ctx, q)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(FunnelAnswer{BeginDate: q.from, EndDate: q.to, Steps: dashboard.Funnel(leads)})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getActivityDetailSample", Method: http.MethodPost, Path: "/api/Activity/detail/sample",
		Summary:     "The leads behind a funnel stage",
		Description: "The leads that arrived in the range and reached the stage, newest first, a page at a time (page 1 and size 25 by default), each with its clocks in business minutes." + rules,
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SampleInput) (*httpapi.Body[httpapi.Result[[]FunnelLeadRow]], error) {
		q, err := a.check(ctx, in.Scope, in.Body.RangeBody)
		if err != nil {
			return nil, err
		}
		stage := cmp.Or(in.Body.Stage, dashboard.StageLead)
		if !slices.Contains(dashboard.Stages(), stage) {
			return nil, apperr.InvalidFields("Choose a funnel stage.", map[string]string{"stage": "Choose leads, contacted, appointmentSet, shown or sold."})
		}
		number, size := cmp.Or(in.Body.PageNumber, 1), cmp.Or(in.Body.PageSize, 25)
		leads, err := a.leads(ctx, q)
		if err != nil {
			return nil, err
		}
		_, of := a.hours(ctx, q)
		var reached []dashboard.Lead
		for _, l := range leads {
			if l.Reached(stage) {
				reached = append(reached, l)
			}
		}
		slices.SortFunc(reached, func(x, y dashboard.Lead) int { return y.ArrivedAt.Compare(x.ArrivedAt) })
		names := a.names(ctx, q.sess)
		from := len(reached)
		if number-1 < len(reached)/size+1 {
			from = min((number-1)*size, len(reached))
		}
		page := reached[from:min(from+size, len(reached))]
		ids := make([]int64, len(page))
		for i, l := range page {
			ids[i] = l.ContactID
		}
		customers, err := contactNames{repo: a.contacts, ctx: ctx, t: q.sess.Principal.Tenant}.of(ids)
		if err != nil {
			return nil, err
		}
		rows := []FunnelLeadRow{}
		for _, l := range page {
			hours := of(l)
			rows = append(rows, FunnelLeadRow{
				Lead: l, UserName: cmp.Or(names[l.UserID], strings.TrimSpace(l.UserID)), ContactName: customers[l.ContactID],
				FirstAutomatedReplyMinutes: minutes(l, dashboard.ClockAutomated, hours),
				FirstHumanResponseMinutes:  minutes(l, dashboard.ClockHuman, hours),
				FirstTwoWayMinutes:         minutes(l, dashboard.ClockTwoWay, hours),
			})
		}
		return httpapi.Reply(httpapi.Paged(rows, httpapi.NewPageData(number, size, len(reached)))), nil
	})
}
