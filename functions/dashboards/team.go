package dashboards

import (
	"cmp"
	"context"
	"encoding/csv"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// TeamInput is the request of the team and customer engagement calls: a date range and a page.
type TeamInput struct {
	httpapi.ScopeHeader
	Body struct {
		RangeBody
		Text       string `json:"text,omitempty" required:"false" maxLength:"80" doc:"Only users whose name contains it."`
		PageNumber int    `json:"pageNumber,omitempty" required:"false" minimum:"0"`
		PageSize   int    `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"25 when absent."`
	}
}

// TeamMember is one user of the stores with their counts over the range.
type TeamMember struct {
	UserID   string           `json:"userId"`
	UserName string           `json:"userName"`
	Roles    []string         `json:"roles"`
	Counts   map[string]int64 `json:"counts"`
}

// teamCounters are the team's columns.
var teamCounters = []dashboard.Counter{dashboard.LeadsClaimed, dashboard.LeadsAssigned, dashboard.Calls, dashboard.CallsContacted,
	dashboard.Emails, dashboard.Texts, dashboard.Notes, dashboard.TasksCompleted, dashboard.AppointmentsSet, dashboard.AppointmentsShown,
	dashboard.ShowroomVisits, dashboard.LeadsSold}

// engagementReportCounters are the customer engagement report's columns.
var engagementReportCounters = []dashboard.Counter{dashboard.Calls, dashboard.CallsContacted, dashboard.Emails, dashboard.Texts,
	dashboard.Notes, dashboard.InboundMessages, dashboard.AppointmentsSet}

// team returns every employee of the query's stores (only the caller, for a caller who sees
// only their own counts) with their counts, the most counts first, then by name.
func (a *area) team(ctx context.Context, q query, text string, counters []dashboard.Counter) ([]TeamMember, error) {
	days, err := a.days(ctx, q)
	if err != nil {
		return nil, err
	}
	byUser := map[string]dashboard.Counts{}
	for _, d := range days {
		if byUser[d.UserID] == nil {
			byUser[d.UserID] = dashboard.Counts{}
		}
		byUser[d.UserID].Add(d.Counts)
	}
	var profiles []user.Profile
	if sees(q.sess) {
		ps, err := a.d.Users.List(ctx, q.sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		ids := make([]int64, 0, len(q.stores))
		for _, st := range q.stores {
			ids = append(ids, st.AccountPlatformID)
		}
		for _, p := range ps {
			if user.Employee(p) && p.BelongsToAny(ids) && (len(q.users) == 0 || slices.Contains(q.users, p.UserID)) {
				profiles = append(profiles, p)
			}
		}
	} else {
		profiles = []user.Profile{q.sess.Profile}
	}
	text = strings.ToLower(strings.TrimSpace(text))
	out := []TeamMember{}
	for _, p := range profiles {
		name := strings.TrimSpace(p.FirstName + " " + p.LastName)
		if text != "" && !strings.Contains(strings.ToLower(name), text) {
			continue
		}
		out = append(out, TeamMember{UserID: p.UserID, UserName: cmp.Or(name, p.UserID), Roles: append([]string{}, p.Roles...), Counts: pick(byUser[p.UserID], counters)})
	}
	// The busiest first, so the page a manager opens shows who did the work.
	slices.SortStableFunc(out, func(x, y TeamMember) int { return cmp.Compare(sum(y.Counts), sum(x.Counts)) })
	return out, nil
}

func page[T any](rows []T, number, size int) ([]T, httpapi.PageData) {
	number, size = cmp.Or(number, 1), cmp.Or(size, 25)
	lo, hi := min((number-1)*size, len(rows)), min(number*size, len(rows))
	return rows[lo:hi], httpapi.NewPageData(number, size, len(rows))
}

// csvFile streams rows as a CSV file named filename, header first.
func csvFile(filename string, header []string, rows [][]string) *huma.StreamResponse {
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		hc.SetHeader("Content-Type", "text/csv; charset=utf-8")
		hc.SetHeader("Content-Disposition", `attachment; filename="`+filename+`"`)
		hc.SetStatus(http.StatusOK)
		w := csv.NewWriter(hc.BodyWriter())
		_ = w.Write(header)
		for _, r := range rows {
			for i := range r {
				r[i] = csvCell(r[i])
			}
			_ = w.Write(r)
		}
		w.Flush()
	}}
}

// memberCSV returns the CSV header and rows of members with counters.
func memberCSV(members []TeamMember, counters []dashboard.Counter) ([]string, [][]string) {
	header := []string{"User ID", "User"}
	for _, c := range counters {
		header = append(header, string(c))
	}
	var rows [][]string
	for _, m := range members {
		r := []string{m.UserID, m.UserName}
		for _, c := range counters {
			r = append(r, itoa(m.Counts[string(c)]))
		}
		rows = append(rows, r)
	}
	return header, rows
}

var csvResponse = map[string]*huma.Response{"200": {Description: "The CSV file.", Content: map[string]*huma.MediaType{
	"text/csv": {Schema: &huma.Schema{Type: "string"}},
}}}

// EngagementReport is the customer engagement report's totals over the range.
type EngagementReport struct {
	BeginDate string           `json:"beginDate"`
	EndDate   string           `json:"endDate"`
	Counters  []string         `json:"counters"`
	Totals    map[string]int64 `json:"totals"`
	Users     int              `json:"users" doc:"How many users had any engagement."`
}

// teamPage answers a team call a page at a time: the members with counters, the most counts first.
func (a *area) teamPage(counters []dashboard.Counter) func(context.Context, *TeamInput) (*httpapi.Body[httpapi.Result[[]TeamMember]], error) {
	return func(ctx context.Context, in *TeamInput) (*httpapi.Body[httpapi.Result[[]TeamMember]], error) {
		q, err := a.check(ctx, in.Scope, in.Body.RangeBody)
		if err != nil {
			return nil, err
		}
		members, err := a.team(ctx, q, in.Body.Text, counters)
		if err != nil {
			return nil, err
		}
		rows, pd := page(members, in.Body.PageNumber, in.Body.PageSize)
		return httpapi.Reply(httpapi.Paged(rows, pd)), nil
	}
}

// teamCSV answers a team call with every member and their counters as the CSV file name.
func (a *area) teamCSV(counters []dashboard.Counter, name string) func(context.Context, *TeamInput) (*huma.StreamResponse, error) {
	return func(ctx context.Context, in *TeamInput) (*huma.StreamResponse, error) {
		q, err := a.check(ctx, in.Scope, in.Body.RangeBody)
		if err != nil {
			return nil, err
		}
		members, err := a.team(ctx, q, in.Body.Text, counters)
		if err != nil {
			return nil, err
		}
		header, rows := memberCSV(members, counters)
		return csvFile(name, header, rows), nil
	}
}

// teamOp is a team report call: a POST of the dashboards, refused as they are.
var teamOp = httpapi.Ops(http.MethodPost, []string{"dashboards"}, 400, 401, 403, 404)

// csvOp is op answering with a CSV file.
func csvOp(op huma.Operation) huma.Operation {
	op.Responses = csvResponse
	return op
}

func (a *area) registerTeam(api *httpapi.API) {
	const rules = " Date range widened to the start of the begin day and the end of the end day in each store's time zone; a caller without the manager or BDC dashboard permission gets only their own row."
	httpapi.Register(api, teamOp("getTeamFilteredPaged", "/api/Team/team/filtered/paged", "The team's activity, a page at a time",
		"The users of the stores, the most counts first and then by name (25 a page by default), each with their leads claimed and assigned, calls, e-mails, texts, notes, tasks completed, appointments and sales over the range."+rules), a.teamPage(teamCounters))

	httpapi.Register(api, csvOp(teamOp("exportTeamActivity", "/api/Team/team/activity/csv", "Export the team's activity as CSV",
		"Every user of the team call, one row each, as CSV (text/csv)."+rules)), a.teamCSV(teamCounters, "team-activity.csv"))

	httpapi.Register(api, teamOp("getCustomerEngagementReport", "/api/Report/report/customerEngagement", "Customer engagement totals",
		"The calls (and those that reached the customer), e-mails, texts, notes, customers' inbound messages and appointments set over the range, and how many users engaged."+rules,
	), func(ctx context.Context, in *RangeInput) (*httpapi.Body[httpapi.Result[EngagementReport]], error) {
		q, err := a.check(ctx, in.Scope, in.Body)
		if err != nil {
			return nil, err
		}
		s, err := a.summarize(ctx, q, engagementReportCounters)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(EngagementReport{BeginDate: s.BeginDate, EndDate: s.EndDate, Counters: s.Counters, Totals: s.Totals, Users: len(s.Users)})), nil
	})

	httpapi.Register(api, teamOp("getCustomerEngagementDetailPaged", "/api/Report/report/customerengagementdetail/paging", "Customer engagement by user, a page at a time",
		"The users of the stores, the most counts first and then by name (25 a page by default) with their customer engagement over the range."+rules), a.teamPage(engagementReportCounters))

	httpapi.Register(api, csvOp(teamOp("exportCustomerEngagement", "/api/Report/report/customerEngagementcsv", "Export customer engagement as CSV",
		"Every user of the customer engagement detail, one row each, as CSV (text/csv)."+rules)), a.teamCSV(engagementReportCounters, "customer-engagement.csv"))
}
