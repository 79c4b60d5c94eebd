package leads

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// VehicleStatusInput is the request of POST /api/CrmLead/get_leadvoistatus_by_stockno_vin.
type VehicleStatusInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  VehicleKeys
}

// VehicleKeys name inventory vehicles of stores by VIN and stock number.
type VehicleKeys struct {
	AccountPlatformIDs []int64  `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
	VINs               []string `json:"vins" required:"false" maxItems:"200" doc:"17-character VINs (spaces and case do not matter)."`
	StockNumbers       []string `json:"stockNumbers" required:"false" maxItems:"200" doc:"Stock numbers (case and surrounding spaces do not matter)."`
}

// Pagination is a page of a list: pageNumber from 1, pageSize up to the call's page size.
type Pagination struct {
	PageNumber int `json:"pageNumber" required:"false" minimum:"0" doc:"From 1; 1 when absent."`
	PageSize   int `json:"pageSize" required:"false" minimum:"0" doc:"1 to 100; 100 when absent."`
}

// SortDescriptor orders a list by one field.
type SortDescriptor struct {
	Field     string `json:"field" required:"false" maxLength:"40" doc:"createdAt (the default), statusChangedAt, leadStatusId, vin or stockNumber."`
	Direction string `json:"direction" required:"false" maxLength:"4" doc:"asc or desc (the default)."`
}

// InventoryLeadsInput is the request of POST /api/CrmLead/inventory/leads.
type InventoryLeadsInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		VehicleKeys
		CountOnly      bool           `json:"countOnly" required:"false" doc:"Only the counts, without the leads."`
		SalesPersonIDs []string       `json:"salesPersonIds" required:"false" maxItems:"200" doc:"Only the leads these sales people hold; none keeps all."`
		Pagination     Pagination     `json:"pagination" required:"false"`
		SortDescriptor SortDescriptor `json:"sortDescriptor" required:"false"`
	}
}

// InventoryLeadRow is a lead that wants one of the vehicles asked about, with that vehicle.
type InventoryLeadRow struct {
	LogRow
	CrmLeadVoiID int64  `json:"crmLeadVoiId" doc:"The lead's vehicle of interest that matched."`
	VIN          string `json:"vin"`
	StockNumber  string `json:"stockNumber"`
}

// InventoryLeads are the lead counts of inventory vehicles and, unless only counts were
// asked, one page of the leads behind them.
type InventoryLeads struct {
	Counts []lead.InventoryCount `json:"counts" nullable:"false"`
	Leads  []InventoryLeadRow    `json:"leads" nullable:"false"`
}

// StatsInput is the request of the lead statistics calls.
type StatsInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  StatsFilter
}

// StatsFilter selects the leads of a statistic.
type StatsFilter struct {
	AccountPlatformIDs []int64  `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
	DateFrom           string   `json:"dateFrom" required:"false" doc:"First day (YYYY-MM-DD, UTC) included, or an RFC 3339 time."`
	DateTo             string   `json:"dateTo" required:"false" doc:"Last day (YYYY-MM-DD, UTC) included, or an RFC 3339 time (left out)."`
	SalesPersonIDs     []string `json:"salesPersonIds" required:"false" maxItems:"200" doc:"Only the leads these sales people hold; none keeps all."`
}

// ManagerLeadsInput is the request of POST /api/CrmLead/manager_dashboard/leads.
type ManagerLeadsInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		LogFilter
		LeadStatusID *int `json:"leadStatusId" required:"false" doc:"The display status of the count whose leads to list: -2 unclaimed, -1 new, 1 active, 2 lost, 3 bad, 4 duplicate, 5 sold, 6 sold pending. Required."`
		PageNumber   int  `json:"pageNumber" required:"false" doc:"From 1; 1 when absent."`
		PageSize     int  `json:"pageSize" required:"false" doc:"1 to 100; 25 when absent."`
	}
}

// ManagerCounts are the manager dashboard's lead counts.
type ManagerCounts struct {
	Counts []lead.StatusCount `json:"counts" nullable:"false" doc:"For every display status, how many leads of the stores match the filter."`
	// ClaimLeadsEnabled says whether any of the stores leaves unassigned leads open to claims.
	ClaimLeadsEnabled bool          `json:"claimLeadsEnabled"`
	Stores            []StoreClaims `json:"stores" nullable:"false"`
}

// StoreClaims says whether one store's unassigned leads are open to claims.
type StoreClaims struct {
	AccountPlatformID int64 `json:"accountPlatformId"`
	ClaimLeadsEnabled bool  `json:"claimLeadsEnabled"`
}

// ShowroomLeadsInput is the request of the showroom log's additional lead calls.
type ShowroomLeadsInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores whose leads count; none means the stores of the Scope header. Every one must be a store the caller may view."`
		ContactIDs         []int64 `json:"contactIds" maxItems:"100" doc:"The customers on the showroom log (1 to 100)."`
		ExcludeCrmLeadIDs  []int64 `json:"excludeCrmLeadIds" required:"false" maxItems:"100" doc:"The visits' own leads, left out of the counts."`
	}
}

// AdditionalLeadCount is how many other open leads one showroom customer has.
type AdditionalLeadCount struct {
	ContactID           int64 `json:"contactId"`
	AdditionalLeadCount int   `json:"additionalLeadCount"`
}

// statsQuery turns a statistics filter into the repository's query, checking every store.
func statsQuery(sess user.Session, in StatsFilter, scope string) (lead.StatsQuery, error) {
	stores, err := sess.SelectStores(in.AccountPlatformIDs, scope)
	if err != nil {
		return lead.StatsQuery{}, err
	}
	q := lead.StatsQuery{Stores: stores, SalesPeople: trimmed(in.SalesPersonIDs)}
	fields := map[string]string{}
	if in.DateFrom != "" {
		if q.From, err = parseWhen(in.DateFrom, false); err != nil {
			fields["dateFrom"] = "Enter a date as YYYY-MM-DD or a time as RFC 3339."
		}
	}
	if in.DateTo != "" {
		if q.To, err = parseWhen(in.DateTo, true); err != nil {
			fields["dateTo"] = "Enter a date as YYYY-MM-DD or a time as RFC 3339."
		}
	}
	if len(fields) > 0 {
		return lead.StatsQuery{}, apperr.InvalidFields("The lead statistics request is not valid.", fields)
	}
	return q, q.Validate()
}

// parseWhen reads a day (the start of the next day when it ends a range) or an RFC 3339 time.
func parseWhen(s string, end bool) (time.Time, error) {
	if d, err := time.Parse(dayLayout, s); err == nil {
		if end {
			d = d.AddDate(0, 0, 1)
		}
		return d, nil
	}
	return time.Parse(time.RFC3339, s)
}

func trimmed(ids []string) []string {
	var out []string
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// vehicleQuery turns the request's vehicles into the repository's query, checking every store.
func vehicleQuery(sess user.Session, in VehicleKeys, scope string) (lead.VehicleQuery, error) {
	stores, err := sess.SelectStores(in.AccountPlatformIDs, scope)
	if err != nil {
		return lead.VehicleQuery{}, err
	}
	q := lead.VehicleQuery{Stores: stores, VINs: in.VINs, StockNumbers: in.StockNumbers}
	return q, q.Validate()
}

// inventorySorts are the fields the inventory leads sort by.
var inventorySorts = map[string]func(a, b lead.VehicleLead) int{
	"createdat":       func(a, b lead.VehicleLead) int { return a.CreatedAt.Compare(b.CreatedAt) },
	"statuschangedat": func(a, b lead.VehicleLead) int { return a.StatusChangedAt.Compare(b.StatusChangedAt) },
	"leadstatusid":    func(a, b lead.VehicleLead) int { return cmp.Compare(a.DisplayStatus, b.DisplayStatus) },
	"vin":             func(a, b lead.VehicleLead) int { return cmp.Compare(a.VIN, b.VIN) },
	"stocknumber":     func(a, b lead.VehicleLead) int { return cmp.Compare(a.StockNumber, b.StockNumber) },
}

// sortInventory orders vls by sd, the lead id breaking ties, or returns an Invalid error.
func sortInventory(vls []lead.VehicleLead, sd SortDescriptor) error {
	field := strings.ToLower(strings.TrimSpace(sd.Field))
	if field == "" {
		field = "createdat"
	}
	by, ok := inventorySorts[field]
	dir := strings.ToLower(strings.TrimSpace(sd.Direction))
	fields := map[string]string{}
	if !ok {
		fields["sortDescriptor.field"] = "Sort by createdAt, statusChangedAt, leadStatusId, vin or stockNumber."
	}
	if dir != "" && dir != "asc" && dir != "desc" {
		fields["sortDescriptor.direction"] = "Sort asc or desc."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The sort is not valid.", fields)
	}
	slices.SortStableFunc(vls, func(a, b lead.VehicleLead) int {
		c := cmp.Or(by(a, b), cmp.Compare(a.CrmLeadID, b.CrmLeadID), cmp.Compare(a.CrmLeadVoiID, b.CrmLeadVoiID))
		if dir != "asc" {
			return -c
		}
		return c
	})
	return nil
}

// page returns page number (from 1) of size over n items as the bounds of a slice.
func page(number, size, n int) (int, int) {
	start := min((number-1)*size, n)
	return start, min(start+size, n)
}

// checkPage fills in page 1 and size def for absent values, or returns an Invalid error.
func checkPage(number, size, def, maxSize int) (int, int, error) {
	if number == 0 {
		number = 1
	}
	if size == 0 {
		size = def
	}
	if number < 1 || size < 1 || size > maxSize {
		return 0, 0, apperr.InvalidFields("The page is not valid.", map[string]string{"pagination": "The page number starts at 1 and the page size is 1 to " + strconv.Itoa(maxSize) + "."})
	}
	return number, size, nil
}

// salesPeopleStats answers a lead statistics call: the statistics of the filter's stores and
// range, with name filling in the names of the sales people they list.
func salesPeopleStats[T any](a *area, get func(context.Context, store.Tenant, lead.StatsQuery) (T, error), name func(out T, user func(id string) string)) func(context.Context, *StatsInput) (*httpapi.Body[httpapi.Result[T]], error) {
	return func(ctx context.Context, in *StatsInput) (*httpapi.Body[httpapi.Result[T]], error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		q, err := statsQuery(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		out, err := get(ctx, sess.Principal.Tenant, q)
		if err != nil {
			return nil, err
		}
		names := a.rows(sess)
		name(out, func(id string) string { return names.user(ctx, id) })
		return httpapi.Reply(httpapi.OK(out)), nil
	}
}

func (a *area) registerStats(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadVehicleStatus",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/get_leadvoistatus_by_stockno_vin",
		Summary:     "The leads that want vehicles, by stock number or VIN",
		Description: "For the stores and every VIN and stock number named (at least one; at most 200 together, and 1000 times the stores), the leads whose vehicles of interest name it, in every status, with where they stand: " +
			"by store, VIN, stock number and newest lead first; a vehicle matched by both its VIN and stock number is listed once. A bad VIN is 400; a store the caller may not view is 403. " +
			"Reads the vehicle-of-interest indexes by VIN and by stock number per store.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *VehicleStatusInput) (*httpapi.Body[httpapi.Result[[]lead.VehicleLead]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		q, err := vehicleQuery(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		vls, err := a.leads.VehicleLeads(ctx, sess.Principal.Tenant, q)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(vls)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getInventoryLeads",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/inventory/leads",
		Summary:     "Lead counts per inventory vehicle",
		Description: "For every store and every VIN and stock number named, how many open leads want the vehicle: active ones (unclaimed, new or being worked) and pending sales, each lead once; " +
			"lost, bad, duplicate and delivered leads do not count. salesPersonIds keeps the leads those sales people hold. " +
			"Unless countOnly, data.leads is one page (pagination, size 100 by default and at most) of the matching vehicles of interest with their leads, sorted by sortDescriptor " +
			"(createdAt of the lead, the default, statusChangedAt, leadStatusId, vin or stockNumber; desc by default); pageData counts them.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *InventoryLeadsInput) (*httpapi.Body[httpapi.Result[InventoryLeads]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		number, size, err := checkPage(b.Pagination.PageNumber, b.Pagination.PageSize, 100, 100)
		if err != nil {
			return nil, err
		}
		q, err := vehicleQuery(sess, b.VehicleKeys, in.Scope)
		if err != nil {
			return nil, err
		}
		vls, err := a.leads.VehicleLeads(ctx, sess.Principal.Tenant, q)
		if err != nil {
			return nil, err
		}
		people := trimmed(b.SalesPersonIDs)
		out := InventoryLeads{Counts: lead.CountInventory(q, vls, people), Leads: []InventoryLeadRow{}}
		if b.CountOnly {
			return httpapi.Reply(httpapi.OK(out)), nil
		}
		open := slices.DeleteFunc(vls, func(vl lead.VehicleLead) bool {
			return !lead.Open(vl.Status) || (len(people) > 0 && !slices.Contains(people, vl.SalesPersonID))
		})
		if err := sortInventory(open, b.SortDescriptor); err != nil {
			return nil, err
		}
		names := a.rows(sess)
		from, to := page(number, size, len(open))
		for _, vl := range open[from:to] {
			l, err := a.leads.GetOf(ctx, sess.Principal.Tenant, vl.ContactID, vl.CrmLeadID)
			if err != nil {
				return nil, err
			}
			out.Leads = append(out.Leads, InventoryLeadRow{LogRow: names.row(ctx, l), CrmLeadVoiID: vl.CrmLeadVoiID, VIN: vl.VIN, StockNumber: vl.StockNumber})
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, len(open)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadSaleCounts",
		Method:      http.MethodPost,
		Path:        "/api/crmLead/sale/counts",
		Summary:     "Sold pending and sold delivered counts",
		Description: "Per store, per sales person and in all, the leads that are sold pending and sold delivered, by the date they entered that status (the sale, or the delivery), within dateFrom to dateTo (both days included; open ends when absent). " +
			"A lead counts in the status it is in now. Reads the index of sales by date over the range only.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, salesPeopleStats(a, a.leads.SaleCounts, func(out lead.SaleCounts, name func(string) string) {
		for i, p := range out.SalesPeople {
			out.SalesPeople[i].SalesPersonName = name(p.SalesPersonID)
		}
	}))

	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadAverageResponseTime",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/leadstats/lead_average_response_time",
		Summary:     "Average time to the first response to new leads",
		Description: "Over the leads that arrived (were created) from dateFrom to dateTo, bad and duplicate ones left out: per store, per sales person holding them and in all, " +
			"how many arrived, how many had an outbound contact (a logged outbound phone call or a started call with the customer) and how many still have none, " +
			"and the mean time from arrival to that first contact of those answered, in seconds and minutes.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, salesPeopleStats(a, a.leads.ResponseTimes, func(out lead.ResponseTimes, name func(string) string) {
		for i, p := range out.SalesPeople {
			out.SalesPeople[i].SalesPersonName = name(p.SalesPersonID)
		}
	}))

	a.registerManagerDashboard(api)
	a.registerShowroom(api)
}

func (a *area) registerManagerDashboard(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getManagerDashboardLeadCount",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/manager_dashboard/lead_count",
		Summary:     "The manager dashboard's lead counts",
		Description: "For every display status, how many leads of the stores (the Leads Log's filter apart from its statuses) there are, and whether the stores leave unassigned leads open to claims " +
			"(claimLeadsEnabled: any of them does; stores: each one, from its lead settings).",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *LogCountInput) (*httpapi.Body[httpapi.Result[ManagerCounts]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := filter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		counts, err := a.leads.Counts(ctx, sess.Principal.Tenant, f)
		if err != nil {
			return nil, err
		}
		settings, err := a.dealers.List(ctx, sess.Principal.Tenant, f.Stores)
		if err != nil {
			return nil, err
		}
		out := ManagerCounts{Counts: counts, Stores: []StoreClaims{}}
		for _, s := range settings {
			if !slices.Contains(f.Stores, s.AccountPlatformID) {
				continue
			}
			claims := !s.LeadSettings.AutoAssign
			out.Stores = append(out.Stores, StoreClaims{AccountPlatformID: s.AccountPlatformID, ClaimLeadsEnabled: claims})
			out.ClaimLeadsEnabled = out.ClaimLeadsEnabled || claims
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getManagerDashboardLeads",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/manager_dashboard/leads",
		Summary:     "The leads behind one manager dashboard count",
		Description: "The leads of the stores in one display status (leadStatusId) that match the Leads Log's filter, newest first, a page at a time (page 1 and size 25 by default), in the Leads Log's row shape.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ManagerLeadsInput) (*httpapi.Body[httpapi.Result[[]LogRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if in.Body.LeadStatusID == nil {
			return nil, apperr.InvalidFields("Choose a lead status.", map[string]string{"leadStatusId": "Choose the status whose leads to list."})
		}
		lf := in.Body.LogFilter
		lf.SelectedStatusTypes = []int{*in.Body.LeadStatusID}
		f, err := filter(sess, lf, in.Scope)
		if err != nil {
			return nil, err
		}
		number, size, err := checkPage(in.Body.PageNumber, in.Body.PageSize, 25, 100)
		if err != nil {
			return nil, err
		}
		res, err := a.leads.Search(ctx, sess.Principal.Tenant, f, number, size)
		if err != nil {
			return nil, err
		}
		names := a.rows(sess)
		out := make([]LogRow, 0, len(res.Leads))
		for _, l := range res.Leads {
			out = append(out, names.row(ctx, l))
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, res.Total))), nil
	})
}

// additionalLeads returns the caller's session and, for each customer of the request, its
// open leads at the request's stores other than the visits' own, in the order of the request.
// A customer that does not exist for the caller has none.
func (a *area) additionalLeads(ctx context.Context, in *ShowroomLeadsInput) (user.Session, []int64, map[int64][]lead.Lead, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, nil, nil, err
	}
	b := in.Body
	fields := map[string]string{}
	if len(b.ContactIDs) == 0 {
		fields["contactIds"] = "Name at least one customer."
	}
	for _, id := range b.ContactIDs {
		if id < 1 {
			fields["contactIds"] = "A customer id is a positive number."
		}
	}
	if len(fields) > 0 {
		return user.Session{}, nil, nil, apperr.InvalidFields("The showroom customers are not valid.", fields)
	}
	stores, err := sess.SelectStores(b.AccountPlatformIDs, in.Scope)
	if err != nil {
		return user.Session{}, nil, nil, err
	}
	var ids []int64
	out := map[int64][]lead.Lead{}
	for _, id := range b.ContactIDs {
		if slices.Contains(ids, id) {
			continue
		}
		ids = append(ids, id)
		c, err := a.contacts.Get(ctx, sess.Principal.Tenant, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return user.Session{}, nil, nil, err
		}
		ls, err := a.leads.ForContact(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return user.Session{}, nil, nil, err
		}
		for _, l := range ls {
			if lead.Open(l.Status) && slices.Contains(stores, l.AccountPlatformID) && !slices.Contains(b.ExcludeCrmLeadIDs, l.ID) {
				out[id] = append(out[id], l)
			}
		}
	}
	return sess, ids, out, nil
}

// showroomOp is a showroom log call about the visiting customers' other leads.
var showroomOp = httpapi.Ops(http.MethodPost, []string{"leads"}, 400, 401, 403, 404)

func (a *area) registerShowroom(api *httpapi.API) {
	const rules = "A customer's open leads (active, or sold pending) at the stores (the body's, else the Scope header's: stores the caller may view), the customers merged into it included, " +
		"apart from the leads excludeCrmLeadIds names (each visit's own). A customer that does not exist for the caller has none."
	httpapi.Register(api, showroomOp("getShowroomAdditionalLeadCount", "/api/CrmLead/showroom_log/additional_lead_count",
		"How many other open leads each showroom customer has", rules+" One count per customer named, in the order named."), func(ctx context.Context, in *ShowroomLeadsInput) (*httpapi.Body[httpapi.Result[[]AdditionalLeadCount]], error) {
		_, ids, leads, err := a.additionalLeads(ctx, in)
		if err != nil {
			return nil, err
		}
		out := make([]AdditionalLeadCount, 0, len(ids))
		for _, id := range ids {
			out = append(out, AdditionalLeadCount{ContactID: id, AdditionalLeadCount: len(leads[id])})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, showroomOp("getShowroomAdditionalLeadDetail", "/api/CrmLead/showroom_log/additional_lead_detail",
		"The other open leads of showroom customers", rules+" The leads in the Leads Log's row shape, by customer in the order named, newest first within each."), func(ctx context.Context, in *ShowroomLeadsInput) (*httpapi.Body[httpapi.Result[[]LogRow]], error) {
		sess, ids, leads, err := a.additionalLeads(ctx, in)
		if err != nil {
			return nil, err
		}
		names := a.rows(sess)
		out := []LogRow{}
		for _, id := range ids {
			for _, l := range leads[id] {
				out = append(out, names.row(ctx, l))
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
