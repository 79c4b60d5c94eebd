// Package dashboards is the dashboards area: the counts managers, BDC managers and sales people
// run their stores from. Every call reads the counters events/dashboardcounts keeps per store,
// calendar day and user (package dashboard), never the leads, calls and tasks themselves, so a
// dashboard of a year costs one query per store.
//
// It serves below the activity area's /api/Activity the dashboard calls (/api/Activity/summary,
// /engagement, /workplan, /grouped, /detail), the activity groups (/api/activitygroup,
// /api/activitygroups), the team (/api/Team), the customer engagement report (/api/Report) and
// the survey campaigns (/api/Campaign), and the service lead counts and details of the Service
// Lead Management widget (/pando/pandoalertreporting/activitycount and /activitydetails), read
// from the stores' service appointments and repair orders; the most specific route wins.
//
// Date ranges name the stores' calendar days and are widened to the start of the first day and
// the end of the last day in each store's time zone. The stores are the body's
// accountPlatformIds (each one the caller may view) or else the Scope header's. A caller who
// holds neither the manager nor the BDC dashboard permission sees only their own counts,
// whatever users the request names.
package dashboards

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// Permissions that show every user's counts.
const (
	PermManager = "pando.cxm.dashboard.manager"
	PermBDC     = "pando.cxm.dashboard.bdc"
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
	a := &area{d: d, log: log, repo: dashboard.NewRepo(d.Store), dealers: dealer.NewRepo(d.Store), contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log), namesCache: map[string]cachedNames{}}
	a.registerSummaries(api)
	a.registerFunnel(api)
	a.registerGroups(api)
	a.registerTeam(api)
	a.registerSurveys(api)
	a.registerServiceLeads(api)
}

// area holds what the dashboard calls use.
type area struct {
	d       wiring.Services
	log     *slog.Logger
	repo    *dashboard.Repo
	dealers *dealer.Repo
	// contacts names the customers of service leads.
	contacts *contact.Repo
	// namesCache keeps each dealer group's user names for namesFor (see groupNames).
	namesMu    sync.Mutex
	namesCache map[string]cachedNames
}

// RangeBody is the request body of the dashboard calls: stores, a date range and users.
type RangeBody struct {
	AccountPlatformIDs []int64  `json:"accountPlatformIds,omitempty" required:"false" doc:"The stores; absent means the Scope header's."`
	BeginDate          string   `json:"beginDate,omitempty" required:"false" maxLength:"40" doc:"The first day (YYYY-MM-DD; a date and time counts as its day), widened to the start of the day in each store's time zone. Required unless range is given."`
	EndDate            string   `json:"endDate,omitempty" required:"false" maxLength:"40" doc:"The last day, widened to the end of the day in each store's time zone. Required unless range is given."`
	Range              string   `json:"range,omitempty" required:"false" enum:"today,yesterday,7,14,30,60,90,180,365" doc:"One of the spec's date ranges (Today, Yesterday, the last 7 to 365 days including today), read on each store's calendar by the server's clock; it replaces beginDate and endDate."`
	UserIDs            []string `json:"userIds,omitempty" required:"false" maxItems:"200" doc:"Only these users' counts. A caller without the manager or BDC dashboard permission always gets only their own."`
}

// RangeInput is the request of the dashboard calls.
type RangeInput struct {
	httpapi.ScopeHeader
	Body RangeBody
}

// UserCounts are one user's counts over the range.
type UserCounts struct {
	UserID   string           `json:"userId"`
	UserName string           `json:"userName" doc:"The user's name; \"Unassigned\" for what no user did, the id for an unknown user."`
	Counts   map[string]int64 `json:"counts"`
}

// DayCounts are the counts of one calendar day over the stores and users.
type DayCounts struct {
	Day    string           `json:"day"`
	Counts map[string]int64 `json:"counts"`
}

// DashboardSummary is a dashboard's counts over a date range: the totals, one entry per day of the
// range (a day without counts has zeros) and one per user with counts.
type DashboardSummary struct {
	BeginDate          string           `json:"beginDate" doc:"The first day of the widened range."`
	EndDate            string           `json:"endDate" doc:"The last day of the widened range."`
	AccountPlatformIDs []int64          `json:"accountPlatformIds"`
	Counters           []string         `json:"counters" doc:"The counts the answer holds, in display order."`
	Totals             map[string]int64 `json:"totals"`
	Days               []DayCounts      `json:"days"`
	Users              []UserCounts     `json:"users"`
}

// query is a checked dashboard request: the stores with their widened ranges and the users.
type query struct {
	sess   user.Session
	stores []account.Store
	ranges map[int64]dashboard.Range
	// users limits the counts to these users; empty is everyone's.
	users []string
	// from and to are the range's days at the first store (the same at every store unless
	// the range is relative and the stores' calendars differ).
	from, to string
}

// sees reports whether the caller sees every user's counts.
func sees(sess user.Session) bool {
	return sess.Principal.Can(PermManager) || sess.Principal.Can(PermBDC)
}

func (a *area) check(ctx context.Context, scope string, b RangeBody) (query, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return query{}, err
	}
	ids, err := sess.SelectStores(b.AccountPlatformIDs, scope)
	if err != nil {
		return query{}, err
	}
	q := query{sess: sess, stores: sess.StoresOf(ids), ranges: map[int64]dashboard.Range{}}
	if len(q.stores) == 0 {
		return query{}, apperr.InvalidFields("Choose a store.", map[string]string{"accountPlatformIds": "Choose at least one store you may view."})
	}
	for _, st := range q.stores {
		begin, end := b.BeginDate, b.EndDate
		if b.Range != "" {
			begin, end = relative(b.Range, a.d.Store.Now(), location(st))
		}
		r, err := dashboard.Widen(begin, end, location(st), "beginDate", "endDate")
		if err != nil {
			return query{}, err
		}
		q.ranges[st.AccountPlatformID] = r
		if q.from == "" {
			q.from, q.to = r.From, r.To
		}
	}
	for _, u := range b.UserIDs {
		if u = strings.TrimSpace(u); u != "" && !slices.Contains(q.users, u) {
			q.users = append(q.users, u)
		}
	}
	if !sees(sess) {
		q.users = []string{sess.Principal.UserID}
	}
	return q, nil
}

// relative returns the first and last day of range (today, yesterday or the last N days
// including today) on the calendar of loc at now.
func relative(r string, now time.Time, loc *time.Location) (string, string) {
	today := now.In(loc)
	day := func(back int) string {
		return time.Date(today.Year(), today.Month(), today.Day()-back, 12, 0, 0, 0, loc).Format(dashboard.DayLayout)
	}
	switch r {
	case "today":
		return day(0), day(0)
	case "yesterday":
		return day(1), day(1)
	}
	n, err := strconv.Atoi(r)
	if err != nil || n < 1 {
		return "", ""
	}
	return day(n - 1), day(0)
}

// location returns a store's time zone (UTC when it names none or an unknown one).
func location(st account.Store) *time.Location {
	if st.TimeZone != "" {
		if loc, err := time.LoadLocation(st.TimeZone); err == nil {
			return loc
		}
	}
	return time.UTC
}

// days reads the counters of the query's stores and users.
func (a *area) days(ctx context.Context, q query) ([]dashboard.Day, error) {
	var out []dashboard.Day
	for _, st := range q.stores {
		r := q.ranges[st.AccountPlatformID]
		if len(q.users) == 0 {
			ds, err := a.repo.Days(ctx, q.sess.Principal.Tenant, st.AccountPlatformID, r.From, r.To, "")
			if err != nil {
				return nil, err
			}
			out = append(out, ds...)
			continue
		}
		for _, u := range q.users {
			ds, err := a.repo.Days(ctx, q.sess.Principal.Tenant, st.AccountPlatformID, r.From, r.To, u)
			if err != nil {
				return nil, err
			}
			out = append(out, ds...)
		}
	}
	return out, nil
}

// names returns the names of the dealer group's users by id.
func (a *area) names(ctx context.Context, sess user.Session) map[string]string {
	out := map[string]string{dashboard.NoUser: "Unassigned", sess.Principal.UserID: strings.TrimSpace(sess.Profile.FirstName + " " + sess.Profile.LastName)}
	if !sees(sess) {
		return out
	}
	for id, name := range a.groupNames(ctx, sess.Principal.Tenant) {
		out[id] = name
	}
	return out
}

// namesFor is how long the dealer group's user names are reused: a renamed user shows under the
// new name on the dashboards within it, and a dashboard's calls read the names once between.
const namesFor = 30 * time.Second

// groupNames returns the names of tenant t's users by id, read at most once per namesFor.
func (a *area) groupNames(ctx context.Context, t store.Tenant) map[string]string {
	now := a.d.Store.Now()
	a.namesMu.Lock()
	c, ok := a.namesCache[t.Account()]
	a.namesMu.Unlock()
	if ok && now.Sub(c.at) < namesFor && !now.Before(c.at) {
		return c.names
	}
	ps, err := a.d.Users.List(ctx, t)
	if err != nil {
		a.log.ErrorContext(ctx, "dashboard user names", "err", err)
		return nil
	}
	names := make(map[string]string, len(ps))
	for _, p := range ps {
		names[p.UserID] = strings.TrimSpace(p.FirstName + " " + p.LastName)
	}
	a.namesMu.Lock()
	a.namesCache[t.Account()] = cachedNames{names: names, at: now}
	a.namesMu.Unlock()
	return names
}

// cachedNames are a dealer group's user names as read at at.
type cachedNames struct {
	names map[string]string
	at    time.Time
}

func pick(c dashboard.Counts, counters []dashboard.Counter) map[string]int64 {
	out := make(map[string]int64, len(counters))
	for _, k := range counters {
		out[string(k)] = c[k]
	}
	return out
}

// summarize returns the summary of counters over q.
func (a *area) summarize(ctx context.Context, q query, counters []dashboard.Counter) (DashboardSummary, error) {
	// The users' names are read beside the counters, so the answer waits for one read, not two.
	named := make(chan map[string]string, 1)
	go func() { named <- a.names(ctx, q.sess) }()
	days, err := a.days(ctx, q)
	names := <-named
	if err != nil {
		return DashboardSummary{}, err
	}
	total, byDay, byUser := dashboard.Counts{}, map[string]dashboard.Counts{}, map[string]dashboard.Counts{}
	for _, d := range days {
		total.Add(d.Counts)
		if byDay[d.Day] == nil {
			byDay[d.Day] = dashboard.Counts{}
		}
		byDay[d.Day].Add(d.Counts)
		if byUser[d.UserID] == nil {
			byUser[d.UserID] = dashboard.Counts{}
		}
		byUser[d.UserID].Add(d.Counts)
	}
	s := DashboardSummary{BeginDate: q.from, EndDate: q.to, Totals: pick(total, counters), Days: []DayCounts{}, Users: []UserCounts{}}
	for _, st := range q.stores {
		s.AccountPlatformIDs = append(s.AccountPlatformIDs, st.AccountPlatformID)
	}
	for _, c := range counters {
		s.Counters = append(s.Counters, string(c))
	}
	for _, day := range q.ranges[q.stores[0].AccountPlatformID].Days() {
		s.Days = append(s.Days, DayCounts{Day: day, Counts: pick(byDay[day], counters)})
	}
	for u, c := range byUser {
		uc := UserCounts{UserID: u, UserName: cmp.Or(names[u], u), Counts: pick(c, counters)}
		if sum(uc.Counts) > 0 {
			s.Users = append(s.Users, uc)
		}
	}
	slices.SortFunc(s.Users, func(x, y UserCounts) int {
		if d := cmp.Compare(sum(y.Counts), sum(x.Counts)); d != 0 {
			return d
		}
		return strings.Compare(x.UserName, y.UserName)
	})
	return s, nil
}

func sum(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

// The counters each summary call answers with.
var (
	engagementCounters  = []dashboard.Counter{dashboard.Calls, dashboard.CallsContacted, dashboard.Emails, dashboard.Texts, dashboard.Notes, dashboard.InboundMessages, dashboard.AutomatedMessages}
	showroomCounters    = []dashboard.Counter{dashboard.ShowroomVisits, dashboard.VisitsSold, dashboard.VisitsCanceled}
	deliveryCounters    = []dashboard.Counter{dashboard.Deliveries, dashboard.VisitsSold}
	appointmentCounters = []dashboard.Counter{dashboard.AppointmentsSet, dashboard.AppointmentsConfirmed, dashboard.AppointmentsShown, dashboard.AppointmentsNoShow, dashboard.AppointmentsCancelled}
	workplanCounters    = []dashboard.Counter{dashboard.TasksCompleted, dashboard.Calls, dashboard.Emails, dashboard.Texts, dashboard.AppointmentsSet}
)

// summaryOp is one summary call: its path, its words and its counters.
type summaryOp struct {
	id, path, summary, what string
	counters                []dashboard.Counter
}

func (a *area) registerSummaries(api *httpapi.API) {
	const rules = " Date range widened to the start of the begin day and the end of the end day in each store's time zone; a caller without the manager or BDC dashboard permission gets only their own counts."
	ops := []summaryOp{
		{"getActivitySummary", "/api/Activity/summary", "The dashboard's counts", "Every count of the stores over the range: leads created, claimed, assigned, sold and lost; calls, e-mails, texts and notes; tasks completed; appointments; showroom visits and deliveries. Totals, one entry per day (the trend) and one per user.", dashboard.Counters()},
		{"getActivitySummaryEngaged", "/api/Activity/summary/engaged", "Customers engaged", "Calls (and those that reached the customer), e-mails, texts and notes by users, with the customers' inbound messages and the automated ones, which never count as a user's.", engagementCounters},
		{"getActivitySummaryShowroom", "/api/Activity/summary/showroom_activity", "Showroom activity", "Showroom visits started, sold and canceled.", showroomCounters},
		{"getActivitySummaryDelivery", "/api/Activity/summary/delivery_activity", "Delivery activity", "Deliveries started and visits sold.", deliveryCounters},
		{"getActivitySummaryDeliveryAppointments", "/api/Activity/summary/delivery_appointments", "Appointments", "Appointments set, confirmed, shown, no-shows and cancelled.", appointmentCounters},
		{"getActivitySummaryInShowroom", "/api/Activity/summary/in_showroom", "Customers in the showroom", "Showroom visits started.", []dashboard.Counter{dashboard.ShowroomVisits}},
		{"getActivitySummaryDeliveries", "/api/Activity/summary/delivery", "Deliveries", "Delivery visits started.", []dashboard.Counter{dashboard.Deliveries}},
		{"getActivityAppointmentDetails", "/api/Activity/summary/touchpoint_appointments/appointments_details", "Appointments by user", "Appointments set, confirmed, shown, no-shows and cancelled, per user and day.", appointmentCounters},
		{"getActivityEngagement", "/api/Activity/engagement", "Engagement by user", "Calls, e-mails, texts and notes per user and day.", engagementCounters},
		{"getActivityWorkplan", "/api/Activity/workplan", "Work plan", "Tasks completed with the calls, e-mails, texts and appointments set, per user and day.", workplanCounters},
	}
	for _, op := range ops {
		httpapi.Register(api, huma.Operation{
			OperationID: op.id, Method: http.MethodPost, Path: op.path, Summary: op.summary,
			Description: op.what + rules, Tags: []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
		}, func(ctx context.Context, in *RangeInput) (*httpapi.Body[httpapi.Result[DashboardSummary]], error) {
			q, err := a.check(ctx, in.Scope, in.Body)
			if err != nil {
				return nil, err
			}
			s, err := a.summarize(ctx, q, op.counters)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(s)), nil
		})
	}
}

// GroupedInput is the request of POST /api/Activity/grouped/detail.
type GroupedInput struct {
	httpapi.ScopeHeader
	Body struct {
		RangeBody
		ActivityGroupIDs []int64 `json:"activityGroupIds,omitempty" required:"false" maxItems:"50" doc:"The activity groups to add up; absent means every group of the stores."`
	}
}

// GroupCounts is one user's total of each activity group.
type GroupCounts struct {
	UserID   string           `json:"userId"`
	UserName string           `json:"userName"`
	Groups   map[string]int64 `json:"groups" doc:"By activity group id (as text), the sum of the group's counters."`
}

// Grouped is the grouped detail: the groups and, per user, each group's sum.
type Grouped struct {
	BeginDate string                    `json:"beginDate"`
	EndDate   string                    `json:"endDate"`
	Groups    []dashboard.ActivityGroup `json:"groups"`
	Users     []GroupCounts             `json:"users"`
}

func (a *area) grouped(ctx context.Context, in *GroupedInput) (Grouped, error) {
	q, err := a.check(ctx, in.Scope, in.Body.RangeBody)
	if err != nil {
		return Grouped{}, err
	}
	out := Grouped{BeginDate: q.from, EndDate: q.to, Groups: []dashboard.ActivityGroup{}, Users: []GroupCounts{}}
	for _, st := range q.stores {
		gs, err := a.repo.Groups(ctx, q.sess.Principal.Tenant, st.AccountPlatformID)
		if err != nil {
			return Grouped{}, err
		}
		for _, g := range gs {
			if len(in.Body.ActivityGroupIDs) == 0 || slices.Contains(in.Body.ActivityGroupIDs, g.ID) {
				out.Groups = append(out.Groups, g)
			}
		}
	}
	days, err := a.days(ctx, q)
	if err != nil {
		return Grouped{}, err
	}
	byUser := map[string]map[string]int64{}
	for _, d := range days {
		for _, g := range out.Groups {
			if g.AccountPlatformID != d.AccountPlatformID {
				continue
			}
			if byUser[d.UserID] == nil {
				byUser[d.UserID] = map[string]int64{}
			}
			for _, c := range g.Counters {
				byUser[d.UserID][itoa(g.ID)] += d.Counts[c]
			}
		}
	}
	names := a.names(ctx, q.sess)
	for u, groups := range byUser {
		out.Users = append(out.Users, GroupCounts{UserID: u, UserName: cmp.Or(names[u], u), Groups: groups})
	}
	slices.SortFunc(out.Users, func(x, y GroupCounts) int { return strings.Compare(x.UserName, y.UserName) })
	return out, nil
}

func (a *area) registerGroups(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getActivityGroupedDetail", Method: http.MethodPost, Path: "/api/Activity/grouped/detail",
		Summary:     "Counts by activity group",
		Description: "Per user, the sum of each activity group's counters over the range (widened to whole days in each store's time zone). A caller without the manager or BDC dashboard permission gets only their own.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *GroupedInput) (*httpapi.Body[httpapi.Result[Grouped]], error) {
		g, err := a.grouped(ctx, in)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(g)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createActivityGroup", Method: http.MethodPost, Path: "/api/activitygroup",
		Summary:     "Create an activity group",
		Description: "A named set of counters of a store the caller may view, read together by the grouped detail. An empty name or an unknown counter is 400 naming the field; a name another group of the store has is 409.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *struct{ Body dashboard.ActivityGroup }) (*httpapi.Body[httpapi.Result[dashboard.ActivityGroup]], error) {
		sess, _, err := a.d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		g, err := a.repo.CreateGroup(ctx, sess.Principal.Tenant, in.Body, sess.Principal.UserID, a.d.Store.Now())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(g)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchActivityGroups", Method: http.MethodPost, Path: "/api/activitygroups",
		Summary:     "The activity groups of stores",
		Description: "The activity groups of the stores (the body's, else the Scope header's), by store and name; text narrows them to names containing it.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *struct {
		httpapi.ScopeHeader
		Body struct {
			AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" required:"false"`
			Text               string  `json:"text,omitempty" required:"false" maxLength:"80"`
		}
	}) (*httpapi.Body[httpapi.Result[[]dashboard.ActivityGroup]], error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		ids, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		text := strings.ToLower(strings.TrimSpace(in.Body.Text))
		out := []dashboard.ActivityGroup{}
		for _, id := range ids {
			gs, err := a.repo.Groups(ctx, sess.Principal.Tenant, id)
			if err != nil {
				return nil, err
			}
			for _, g := range gs {
				if text == "" || strings.Contains(strings.ToLower(g.Name), text) {
					out = append(out, g)
				}
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "deleteActivityGroup", Method: http.MethodDelete, Path: "/api/activitygroup/{id}",
		Summary:     "Delete an activity group",
		Description: "Deletes the store's activity group. A group that does not exist (any more) changes nothing and succeeds, so a retried delete has one effect; a store the caller may not view is 404.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *struct {
		ID                int64 `path:"id" minimum:"1"`
		AccountPlatformID int64 `query:"accountPlatformId" minimum:"1" required:"true" doc:"The group's store."`
	}) (*httpapi.Body[httpapi.Result[bool]], error) {
		sess, _, err := a.d.Users.StoreSession(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		if err := a.repo.DeleteGroup(ctx, sess.Principal.Tenant, in.AccountPlatformID, in.ID); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(true)), nil
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// csvCell keeps a cell a spreadsheet would read as a formula as text.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r\n", rune(s[0])) {
		return "'" + s
	}
	return s
}
