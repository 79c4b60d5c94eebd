package touchpoints

import (
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/lookup"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// maxDays is the longest date range the logs read.
const maxDays = 366

// ActivityFilter narrows the visits the logs read.
type ActivityFilter struct {
	AccountPlatformIDs []int64  `json:"accountPlatformIds,omitempty" required:"false" maxItems:"100" doc:"The stores; the Scope header's stores the caller may view when absent."`
	StartDate          string   `json:"startDate,omitempty" required:"false" maxLength:"10" doc:"The first day (YYYY-MM-DD), from its start in each store's time zone; today when absent."`
	EndDate            string   `json:"endDate,omitempty" required:"false" maxLength:"10" doc:"The last day (YYYY-MM-DD), to its end in each store's time zone; the start date when absent. At most 366 days."`
	TouchpointSlug     string   `json:"touchpointSlug,omitempty" required:"false" enum:"showroom,delivery," doc:"Only this touchpoint's visits."`
	UserIDs            []string `json:"userIds,omitempty" required:"false" maxItems:"100" doc:"Only the visits these sales people look after."`
	Statuses           []int    `json:"statuses,omitempty" required:"false" maxItems:"5" doc:"Only visits in these statuses (New 0, Started 1, Restarted 2, Completed 3, Canceled 4)."`
	ItemSlug           string   `json:"itemSlug,omitempty" required:"false" maxLength:"40" doc:"Only visits with this step, in itemStatus when given."`
	ItemStatus         *int     `json:"itemStatus,omitempty" required:"false" doc:"With itemSlug: the step's status (New 0, Started 1, Completed 3, Canceled 4)."`
	Sold               *bool    `json:"sold,omitempty" required:"false" doc:"Only sold (true) or not sold (false) visits."`
	PageNumber         int      `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"The page of a list, from 1 (1 when absent)."`
	PageSize           int      `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"Visits per page of a list (25 when absent)."`
}

// FilterInput is the request of the touchpoint activity reads.
type FilterInput struct {
	httpapi.ScopeHeader
	Body ActivityFilter
}

// ResultsInput is the request of POST /api/touchpoint/activity/{slug}/results.
type ResultsInput struct {
	httpapi.ScopeHeader
	SlugPath
	Body ActivityFilter
}

// InShowroomInput is the request of POST /api/touchpoint/activity/detail/in_showroom.
type InShowroomInput struct {
	httpapi.ScopeHeader
	Body struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" required:"false" maxItems:"100" doc:"The stores; the Scope header's stores the caller may view when absent."`
		TouchpointSlug     string  `json:"touchpointSlug,omitempty" required:"false" enum:"showroom,delivery," doc:"Only this touchpoint's visits; both when absent."`
	}
}

// TouchpointSummary counts one touchpoint's visits in the range.
type TouchpointSummary struct {
	TouchpointSlug string  `json:"touchpointSlug"`
	Name           string  `json:"name"`
	Total          int     `json:"total"`
	InProgress     int     `json:"inProgress" doc:"Visits new, started or restarted."`
	Completed      int     `json:"completed"`
	Canceled       int     `json:"canceled"`
	Sold           int     `json:"sold"`
	SoldPercent    float64 `json:"soldPercent" doc:"Sold of the completed visits, in percent (one decimal)."`
	AverageMinutes float64 `json:"averageMinutes" doc:"The completed visits' average length in minutes (one decimal)."`
}

// PersonSummary counts one sales person's visits of one touchpoint at one store in the range.
type PersonSummary struct {
	AccountPlatformID int64  `json:"accountPlatformId"`
	StoreName         string `json:"storeName"`
	UserID            string `json:"userId"`
	UserName          string `json:"userName"`
	TouchpointSummary
}

// TouchpointActivitySummary is the touchpoint activity summary of the stores in the range.
type TouchpointActivitySummary struct {
	From        time.Time           `json:"from" doc:"The range read: the first day's start in the earliest store time zone."`
	To          time.Time           `json:"to" doc:"The range's end: the day after the last day, at its start."`
	Touchpoints []TouchpointSummary `json:"touchpoints"`
	People      []PersonSummary     `json:"people" doc:"By store, touchpoint and sales person name."`
}

// TouchpointItemFilters are the choices of the logs' filters.
type TouchpointItemFilters struct {
	Touchpoints []FilterTouchpoint `json:"touchpoints"`
	Statuses    []lookup.Item      `json:"statuses" doc:"The visit statuses (id: New 0, Started 1, Restarted 2, Completed 3, Canceled 4)."`
	ItemStatus  []lookup.Item      `json:"itemStatuses" doc:"The step statuses."`
	Users       []FilterUser       `json:"users" doc:"The sales people who may look after the stores' customers."`
	Results     []lookup.Item      `json:"results" doc:"The touchpoint results a visit ends with."`
}

// FilterTouchpoint is a touchpoint and the steps any of the stores has for it.
type FilterTouchpoint struct {
	Slug  string              `json:"slug"`
	Name  string              `json:"name"`
	Items []visit.ItemSetting `json:"items"`
}

// FilterUser is a user to filter by.
type FilterUser struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
}

// StepResult counts what became of one step in the range's visits.
type StepResult struct {
	ItemSlug         string  `json:"itemSlug"`
	Name             string  `json:"name"`
	Completed        int     `json:"completed"`
	Started          int     `json:"started"`
	Canceled         int     `json:"canceled"`
	NotStarted       int     `json:"notStarted"`
	CompletedPercent float64 `json:"completedPercent" doc:"Completed of the visits that had the step, in percent (one decimal)."`
}

// ResultCount counts the visits that ended with one result.
type ResultCount struct {
	Result string `json:"result" doc:"The result code; empty for visits that ended without one."`
	Name   string `json:"name"`
	Count  int    `json:"count"`
}

// TouchpointResults are one touchpoint's results in the range: per step and per ending.
type TouchpointResults struct {
	TouchpointSlug string        `json:"touchpointSlug"`
	Visits         int           `json:"visits"`
	Sold           int           `json:"sold"`
	Steps          []StepResult  `json:"steps"`
	Results        []ResultCount `json:"results" doc:"The completed visits by result, then the canceled ones (result canceled)."`
}

func (x *area) registerReads(api *httpapi.API) {
	errs := []int{400, 401, 403}
	httpapi.Register(api, huma.Operation{
		OperationID: "touchpointActivitySummary",
		Method:      http.MethodPost,
		Path:        "/api/touchpoint/activity/summary",
		Summary:     "The showroom and delivery summary",
		Description: "The stores' visits that started in the date range (widened to the start of the first day and the end of the last, in each store's time zone) and match the filter, counted by touchpoint and by store, touchpoint and sales person: total, in progress, completed, canceled, sold, sold percent, average length.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *FilterInput) (*httpapi.Body[httpapi.Result[TouchpointActivitySummary]], error) {
		sess, vs, from, to, err := x.read(ctx, in.Body, in.Scope, "")
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(x.summarize(ctx, sess, vs, from, to))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "touchpointItemFilters",
		Method:      http.MethodPost,
		Path:        "/api/touchpoint/activity/touchpoint_item_filters",
		Summary:     "The Showroom and Delivery Logs' filter choices",
		Description: "The touchpoints and the steps any of the stores has for them, the visit and step statuses, the sales people of the stores (active users with a role that works customers) and the touchpoint results.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *FilterInput) (*httpapi.Body[httpapi.Result[TouchpointItemFilters]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		ids, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		return x.filters(ctx, sess, ids)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "touchpointInShowroom",
		Method:      http.MethodPost,
		Path:        "/api/touchpoint/activity/detail/in_showroom",
		Summary:     "Who is in the store now",
		Description: "The stores' visits in progress (new, started or restarted), the earliest started first, each with its customer, sales person, steps and how long it has lasted so far.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *InShowroomInput) (*httpapi.Body[httpapi.Result[[]VisitView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		ids, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		var vs []visit.Visit
		for _, id := range ids {
			open, err := x.visits.InProgress(ctx, sess.Principal.Tenant, id)
			if err != nil {
				return nil, err
			}
			for _, v := range open {
				if in.Body.TouchpointSlug == "" || v.Kind == in.Body.TouchpointSlug {
					vs = append(vs, v)
				}
			}
		}
		slices.SortStableFunc(vs, func(a, b visit.Visit) int { return startOf(a).Compare(startOf(b)) })
		return httpapi.Reply(httpapi.OK(x.views(ctx, sess, vs))), nil
	})

	itemOp := httpapi.Ops(http.MethodPost, []string{"touchpoints"}, errs...)
	itemActivity := func(kind, id, path string) {
		httpapi.Register(api, itemOp(id, path, "The "+strings.ToLower(visit.KindName(kind))+" visits with their steps",
			"One page (pageNumber from 1, pageSize up to 100, 25 by default) of the stores' "+kind+" visits that started in the date range (widened to whole days in each store's time zone) and match the filter, the latest first, each with its customer, sales person, steps, status and length."), func(ctx context.Context, in *FilterInput) (*httpapi.Body[httpapi.Result[[]VisitView]], error) {
			sess, vs, _, _, err := x.read(ctx, in.Body, in.Scope, kind)
			if err != nil {
				return nil, err
			}
			slices.SortStableFunc(vs, func(a, b visit.Visit) int { return startOf(b).Compare(startOf(a)) })
			number, size := max(in.Body.PageNumber, 1), cmp.Or(in.Body.PageSize, 25)
			lo, hi := min((number-1)*size, len(vs)), min(number*size, len(vs))
			return httpapi.Reply(httpapi.Paged(x.views(ctx, sess, vs[lo:hi]), httpapi.NewPageData(number, size, len(vs)))), nil
		})
	}
	itemActivity(visit.KindShowroom, "showroomTouchpointItemActivity", "/api/touchpoint/activity/get_showroom_touchpoint_item_activity")
	itemActivity(visit.KindDelivery, "deliveryTouchpointItemActivity", "/api/touchpoint/activity/get_delivery_touchpoint_item_activity")

	httpapi.Register(api, huma.Operation{
		OperationID: "exportTouchpointSummary",
		Method:      http.MethodPost,
		Path:        "/api/touchpoint/activity/export/summary",
		Summary:     "Export the showroom and delivery summary as CSV",
		Description: "The summary's rows (by store, touchpoint and sales person) as CSV (text/csv), then one total row per touchpoint. A text a spreadsheet would read as a formula starts with an apostrophe. A bad filter is a 400 before any row.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
		Responses: map[string]*huma.Response{"200": {Description: "The CSV file.", Content: map[string]*huma.MediaType{
			"text/csv": {Schema: &huma.Schema{Type: "string"}},
		}}},
	}, func(ctx context.Context, in *FilterInput) (*huma.StreamResponse, error) {
		sess, vs, from, to, err := x.read(ctx, in.Body, in.Scope, "")
		if err != nil {
			return nil, err
		}
		sum := x.summarize(ctx, sess, vs, from, to)
		return &huma.StreamResponse{Body: func(hc huma.Context) {
			hc.SetHeader("Content-Type", "text/csv; charset=utf-8")
			hc.SetHeader("Content-Disposition", `attachment; filename="touchpoint-summary.csv"`)
			hc.SetStatus(http.StatusOK)
			w := csv.NewWriter(hc.BodyWriter())
			for _, rec := range exportRecords(sum) {
				_ = w.Write(rec)
			}
			w.Flush()
		}}, nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "touchpointResults",
		Method:      http.MethodPost,
		Path:        "/api/touchpoint/activity/{slug}/results",
		Summary:     "A touchpoint's results",
		Description: "For the touchpoint's visits that started in the date range and match the filter: per step how many completed, started, canceled or never started it, and the visits by result (sold, not sold, be-back ...; canceled ones as canceled). The calls' path without a leading slash is this one.",
		Tags:        []string{"touchpoints"},
		Errors:      errs,
	}, func(ctx context.Context, in *ResultsInput) (*httpapi.Body[httpapi.Result[TouchpointResults]], error) {
		_, vs, _, _, err := x.read(ctx, in.Body, in.Scope, in.Slug)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(x.results(ctx, in.Slug, vs))), nil
	})
}

func startOf(v visit.Visit) time.Time {
	if v.StartedAt != nil {
		return *v.StartedAt
	}
	return v.CreatedAt
}

// read returns the visits of f's stores (of kind, when not "") that started in f's range and
// match f, and the range's widest bounds.
func (x *area) read(ctx context.Context, f ActivityFilter, scope, kind string) (user.Session, []visit.Visit, time.Time, time.Time, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, nil, time.Time{}, time.Time{}, err
	}
	ids, err := sess.SelectStores(f.AccountPlatformIDs, scope)
	if err != nil {
		return user.Session{}, nil, time.Time{}, time.Time{}, err
	}
	fields := map[string]string{}
	for _, s := range f.Statuses {
		if !slices.Contains(visit.Statuses(), visit.Status(s)) {
			fields["statuses"] = "Choose visit statuses: New 0, Started 1, Restarted 2, Completed 3, Canceled 4."
		}
	}
	if f.ItemStatus != nil && !slices.Contains(visit.ItemStatuses(), visit.Status(*f.ItemStatus)) {
		fields["itemStatus"] = "Choose a step status: New 0, Started 1, Completed 3, Canceled 4."
	}
	kind = cmp.Or(kind, f.TouchpointSlug)
	now := x.now()
	var all []visit.Visit
	var lo, hi time.Time
	for _, id := range ids {
		st, err := sess.Store(id)
		if err != nil {
			return user.Session{}, nil, time.Time{}, time.Time{}, err
		}
		from, to, bad := dayRange(f.StartDate, f.EndDate, st.TimeZone, now)
		for k, v := range bad {
			fields[k] = v
		}
		if len(fields) > 0 {
			return user.Session{}, nil, time.Time{}, time.Time{}, apperr.InvalidFields("The filter is not valid.", fields)
		}
		if lo.IsZero() || from.Before(lo) {
			lo = from
		}
		if to.After(hi) {
			hi = to
		}
		err = x.visits.InStore(ctx, sess.Principal.Tenant, id, from, to, func(v visit.Visit) error {
			if matches(v, f, kind) {
				all = append(all, v)
			}
			return nil
		})
		if err != nil {
			return user.Session{}, nil, time.Time{}, time.Time{}, err
		}
	}
	if len(fields) > 0 {
		return user.Session{}, nil, time.Time{}, time.Time{}, apperr.InvalidFields("The filter is not valid.", fields)
	}
	return sess, all, lo, hi, nil
}

// matches reports whether v is of kind ("" any) and passes f.
func matches(v visit.Visit, f ActivityFilter, kind string) bool {
	if kind != "" && v.Kind != kind {
		return false
	}
	if len(f.UserIDs) > 0 && !slices.Contains(f.UserIDs, v.UserID) {
		return false
	}
	if len(f.Statuses) > 0 && !slices.Contains(f.Statuses, int(v.Status)) {
		return false
	}
	if f.Sold != nil && v.Sold != *f.Sold {
		return false
	}
	if f.ItemSlug != "" {
		it, i := v.Item(f.ItemSlug)
		if i < 0 || (f.ItemStatus != nil && int(it.Status) != *f.ItemStatus) {
			return false
		}
	}
	return true
}

// dayRange returns [start of the first day, start of the day after the last day) in time zone
// tz; the days default to today there. Field errors name the bad dates.
func dayRange(start, end, tz string, now time.Time) (time.Time, time.Time, map[string]string) {
	loc, err := time.LoadLocation(tz)
	if err != nil || tz == "" {
		loc = time.UTC
	}
	today := now.In(loc).Format(time.DateOnly)
	start = cmp.Or(start, today)
	end = cmp.Or(end, start)
	bad := map[string]string{}
	from, err := time.ParseInLocation(time.DateOnly, start, loc)
	if err != nil {
		bad["startDate"] = "Enter the first day as YYYY-MM-DD."
	}
	last, err := time.ParseInLocation(time.DateOnly, end, loc)
	if err != nil {
		bad["endDate"] = "Enter the last day as YYYY-MM-DD."
	}
	if len(bad) > 0 {
		return time.Time{}, time.Time{}, bad
	}
	to := last.AddDate(0, 0, 1)
	switch {
	case to.Before(from) || to.Equal(from):
		bad["endDate"] = "The last day is before the first day."
	case to.Sub(from) > maxDays*24*time.Hour+time.Hour:
		bad["endDate"] = fmt.Sprintf("Choose at most %d days.", maxDays)
	}
	return from, to, bad
}

// views returns vs as the logs show them, naming each customer and user once.
func (x *area) views(ctx context.Context, sess user.Session, vs []visit.Visit) []VisitView {
	n := names{contacts: map[int64]string{}, users: map[string]string{}}
	out := make([]VisitView, 0, len(vs))
	for _, v := range vs {
		out = append(out, x.view(ctx, sess, v, n))
	}
	return out
}

// tally adds v to s.
func tally(s *TouchpointSummary, v visit.Visit, minutes *float64) {
	s.Total++
	switch {
	case v.Active():
		s.InProgress++
	case v.Status == visit.StatusCompleted:
		s.Completed++
		*minutes += v.Duration(time.Time{}).Minutes()
	case v.Status == visit.StatusCanceled:
		s.Canceled++
	}
	if v.Sold && v.Status != visit.StatusCanceled {
		s.Sold++
	}
}

func finish(s *TouchpointSummary, minutes float64) {
	if s.Completed > 0 {
		s.SoldPercent = round1(100 * float64(s.Sold) / float64(s.Completed))
		s.AverageMinutes = round1(minutes / float64(s.Completed))
	}
}

func round1(f float64) float64 { return float64(int64(f*10+0.5)) / 10 }

// summarize counts vs by touchpoint and by store, touchpoint and sales person.
func (x *area) summarize(ctx context.Context, sess user.Session, vs []visit.Visit, from, to time.Time) TouchpointActivitySummary {
	out := TouchpointActivitySummary{From: from, To: to, Touchpoints: []TouchpointSummary{}, People: []PersonSummary{}}
	type key struct {
		store      int64
		kind, user string
	}
	mins := map[string]float64{}
	pmins := map[key]float64{}
	people := map[key]*PersonSummary{}
	kinds := map[string]*TouchpointSummary{}
	for _, k := range visit.Kinds() {
		kinds[k] = &TouchpointSummary{TouchpointSlug: k, Name: visit.KindName(k)}
	}
	n := names{contacts: map[int64]string{}, users: map[string]string{}}
	for _, v := range vs {
		m := mins[v.Kind]
		tally(kinds[v.Kind], v, &m)
		mins[v.Kind] = m
		k := key{v.AccountPlatformID, v.Kind, v.UserID}
		p, ok := people[k]
		if !ok {
			p = &PersonSummary{AccountPlatformID: v.AccountPlatformID, StoreName: storeName(sess, v.AccountPlatformID), UserID: v.UserID, UserName: x.userName(ctx, sess, n, v.UserID),
				TouchpointSummary: TouchpointSummary{TouchpointSlug: v.Kind, Name: visit.KindName(v.Kind)}}
			people[k] = p
		}
		pm := pmins[k]
		tally(&p.TouchpointSummary, v, &pm)
		pmins[k] = pm
	}
	for _, k := range visit.Kinds() {
		finish(kinds[k], mins[k])
		out.Touchpoints = append(out.Touchpoints, *kinds[k])
	}
	for k, p := range people {
		finish(&p.TouchpointSummary, pmins[k])
		out.People = append(out.People, *p)
	}
	slices.SortFunc(out.People, func(a, b PersonSummary) int {
		return cmp.Or(strings.Compare(a.StoreName, b.StoreName), cmp.Compare(visit.TouchpointID(a.TouchpointSlug), visit.TouchpointID(b.TouchpointSlug)),
			strings.Compare(a.UserName, b.UserName), strings.Compare(a.UserID, b.UserID))
	})
	return out
}

// exportHeader is the CSV export's header.
var exportHeader = []string{"Store", "Touchpoint", "Sales person", "Visits", "In progress", "Completed", "Canceled", "Sold", "Sold %", "Average minutes"}

// exportRecords returns the CSV export of sum, header first.
func exportRecords(sum TouchpointActivitySummary) [][]string {
	num := func(n int) string { return strconv.Itoa(n) }
	dec := func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
	row := func(storeName, who string, s TouchpointSummary) []string {
		return []string{cell(storeName), s.Name, cell(who), num(s.Total), num(s.InProgress), num(s.Completed), num(s.Canceled), num(s.Sold), dec(s.SoldPercent), dec(s.AverageMinutes)}
	}
	out := [][]string{exportHeader}
	for _, p := range sum.People {
		out = append(out, row(p.StoreName, cmp.Or(p.UserName, p.UserID), p.TouchpointSummary))
	}
	for _, t := range sum.Touchpoints {
		out = append(out, row("All stores", "All sales people", t))
	}
	return out
}

// cell keeps a text a spreadsheet would read as a formula as text, by a leading apostrophe: a
// cell whose first character, blanks aside, starts a formula (= + - @) or is a tab or a line
// break (as the Leads Log export does).
func cell(s string) string {
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@\t\r\n", rune(t[0])) {
		return "'" + s
	}
	return s
}

// filters returns the logs' filter choices for stores ids.
func (x *area) filters(ctx context.Context, sess user.Session, ids []int64) (*httpapi.Body[httpapi.Result[TouchpointItemFilters]], error) {
	out := TouchpointItemFilters{Touchpoints: []FilterTouchpoint{}, Users: []FilterUser{}}
	for _, k := range visit.Kinds() {
		out.Touchpoints = append(out.Touchpoints, FilterTouchpoint{Slug: k, Name: visit.KindName(k), Items: []visit.ItemSetting{}})
	}
	for _, id := range ids {
		s, err := x.visits.Settings(ctx, sess.Principal.Tenant, id)
		if err != nil {
			return nil, err
		}
		for i, ft := range out.Touchpoints {
			tp, _ := s.Touchpoint(ft.Slug)
			for _, it := range tp.Items {
				if !slices.ContainsFunc(ft.Items, func(o visit.ItemSetting) bool { return o.Slug == it.Slug }) {
					out.Touchpoints[i].Items = append(out.Touchpoints[i].Items, it)
				}
			}
		}
	}
	for _, s := range visit.Statuses() {
		out.Statuses = append(out.Statuses, lookup.Item{ID: int(s), Code: strconv.Itoa(int(s)), Name: s.String()})
	}
	for _, s := range visit.ItemStatuses() {
		out.ItemStatus = append(out.ItemStatus, lookup.Item{ID: int(s), Code: strconv.Itoa(int(s)), Name: s.String()})
	}
	all, err := x.d.Users.List(ctx, sess.Principal.Tenant)
	if err != nil {
		return nil, err
	}
	for _, p := range all {
		if !user.Employee(p) {
			continue
		}
		if slices.ContainsFunc(ids, func(id int64) bool { return task.Holds(p, id) == "" }) {
			out.Users = append(out.Users, FilterUser{UserID: p.UserID, Name: p.DisplayName()})
		}
	}
	slices.SortFunc(out.Users, func(a, b FilterUser) int { return strings.Compare(a.Name, b.Name) })
	results, err := lookup.NewRepo(x.d.Store).List(ctx, lookup.TouchpointResults)
	if err != nil {
		return nil, err
	}
	out.Results = results
	return httpapi.Reply(httpapi.OK(out)), nil
}

// results counts what became of the steps and how the visits vs of touchpoint kind ended.
func (x *area) results(ctx context.Context, kind string, vs []visit.Visit) TouchpointResults {
	out := TouchpointResults{TouchpointSlug: kind, Steps: []StepResult{}, Results: []ResultCount{}}
	named := map[string]string{}
	if items, err := lookup.NewRepo(x.d.Store).List(ctx, lookup.TouchpointResults); err == nil {
		for _, it := range items {
			named[it.Code] = it.Name
		}
	}
	steps := map[string]*StepResult{}
	var order []string
	ends := map[string]int{}
	for _, v := range vs {
		out.Visits++
		if v.Sold && v.Status != visit.StatusCanceled {
			out.Sold++
		}
		for _, it := range v.Items {
			s, ok := steps[it.Slug]
			if !ok {
				s = &StepResult{ItemSlug: it.Slug, Name: it.Name}
				steps[it.Slug] = s
				order = append(order, it.Slug)
			}
			switch it.Status {
			case visit.StatusCompleted:
				s.Completed++
			case visit.StatusStarted:
				s.Started++
			case visit.StatusCanceled:
				s.Canceled++
			default:
				s.NotStarted++
			}
		}
		switch v.Status {
		case visit.StatusCompleted:
			r := v.Result
			if r == "" && v.Sold {
				r = "sold"
			}
			ends[r]++
		case visit.StatusCanceled:
			ends["canceled"]++
		}
	}
	for _, slug := range order {
		s := steps[slug]
		if n := s.Completed + s.Started + s.Canceled + s.NotStarted; n > 0 {
			s.CompletedPercent = round1(100 * float64(s.Completed) / float64(n))
		}
		out.Steps = append(out.Steps, *s)
	}
	for r, n := range ends {
		name := named[r]
		switch {
		case r == "canceled":
			name = "Canceled"
		case r == "":
			name = "No result"
		case name == "":
			name = r
		}
		out.Results = append(out.Results, ResultCount{Result: r, Name: name, Count: n})
	}
	slices.SortFunc(out.Results, func(a, b ResultCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Result, b.Result))
	})
	return out
}
