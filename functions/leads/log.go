package leads

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// LogFilter is the Leads Log's filter.
type LogFilter struct {
	AccountPlatformIDs  []int64 `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
	SelectedStatusTypes []int   `json:"selectedStatusTypes" required:"false" maxItems:"8" doc:"Display statuses: -2 unclaimed, -1 new, 1 active, 2 lost, 3 bad, 4 duplicate, 5 sold, 6 sold pending. None means the active ones (-2, -1, 1)."`
	LeadTypeIDs         []int   `json:"leadTypeIds" required:"false" maxItems:"20"`
	LeadSourceIDs       []int64 `json:"leadSourceIds" required:"false" maxItems:"200"`
	AssignedUserID      string  `json:"assignedUserId" required:"false" maxLength:"64" doc:"Only the leads this user holds, as sales person or BDC agent."`
	DateFrom            string  `json:"dateFrom" required:"false" doc:"First day the leads were created on (YYYY-MM-DD, UTC), included."`
	DateTo              string  `json:"dateTo" required:"false" doc:"Last day the leads were created on (YYYY-MM-DD, UTC), included."`
	Text                string  `json:"text" required:"false" maxLength:"100" doc:"Keeps the leads whose customer (name, phone, e-mail), vehicle (name, VIN, stock number), store, source, holder or lead id contains it, in any case; a phone matches by its digits."`
}

// LogSearchInput is the request of POST /api/CrmLead/dashboard/search.
type LogSearchInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		LogFilter
		PageNumber int `json:"pageNumber" required:"false" doc:"From 1; 1 when absent."`
		PageSize   int `json:"pageSize" required:"false" doc:"1 to 100; 25 when absent."`
	}
}

// LogCountInput is the request of POST /api/CrmLead/dashboard/count and of the export.
type LogCountInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  LogFilter
}

// LogRow is a lead as the Leads Log lists it.
type LogRow struct {
	View
	StoreName       string `json:"storeName"`
	ContactName     string `json:"contactName"`
	ContactPhone    string `json:"contactPhone" doc:"The customer's preferred phone (else the first one), as displayed; empty when none."`
	ContactEmail    string `json:"contactEmail" doc:"The customer's preferred e-mail address (else the first one); empty when none."`
	LeadTypeName    string `json:"leadTypeName"`
	SalesPersonName string `json:"salesPersonName"`
	BDCAgentName    string `json:"bdcAgentName"`
	// FirstResponseSeconds is how long the customer waited for the first outbound contact after
	// the lead arrived (a logged outbound call or a click-to-call: lead.Repo.MarkResponded),
	// counting only the store's working hours.
	FirstResponseSeconds  *int64 `json:"firstResponseSeconds,omitempty" doc:"Seconds of the store's working hours from the lead's arrival to its first response; absent while nobody answered it."`
	ResponseTargetMinutes int    `json:"responseTargetMinutes" doc:"The store's first-response target (its dealer settings, 15 minutes by default), counted in its working hours."`
	// ResponseDueAt is when the target runs out: the target's minutes of the store's working
	// hours after the lead arrived.
	ResponseDueAt time.Time `json:"responseDueAt" doc:"When the first response is due: the target counted in the store's working hours (its dealer settings' BusinessHours, in its time zone) from the lead's arrival."`
	// phoneDigits are the digits of every phone of the customer, for the text filter.
	phoneDigits []string
	// emails are every address of the customer, for the text filter.
	emails []string
}

// AdhocInput is the request of POST /api/Lead/adhoc/create.
type AdhocInput struct {
	Body struct {
		ContactID         int64  `json:"contactId" minimum:"1" doc:"The customer."`
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1" doc:"The lead's store: one the caller may view."`
		LeadTypeID        int    `json:"leadTypeId" required:"false" doc:"0 means the default type, 1."`
		LeadSourceID      int64  `json:"leadSourceId" required:"false" doc:"A source of the store; 0 for none."`
		Comments          string `json:"comments" required:"false" maxLength:"4000" text:"multiline"`
		IsCanadianStore   bool   `json:"isCanadianStore" required:"false" doc:"Sent by the add-lead modal; the store's own country decides."`
	}
}

const dayLayout = "2006-01-02"

// filter turns the request's filter into the repository's, checking every store.
func filter(sess user.Session, in LogFilter, scope string) (lead.Filter, error) {
	stores, err := sess.SelectStores(in.AccountPlatformIDs, scope)
	if err != nil {
		return lead.Filter{}, err
	}
	f := lead.Filter{Stores: stores, TypeIDs: in.LeadTypeIDs, SourceIDs: in.LeadSourceIDs, AssignedTo: strings.TrimSpace(in.AssignedUserID)}
	for _, s := range in.SelectedStatusTypes {
		f.Statuses = append(f.Statuses, lead.Status(s))
	}
	fields := map[string]string{}
	if in.DateFrom != "" {
		if f.From, err = time.Parse(dayLayout, in.DateFrom); err != nil {
			fields["dateFrom"] = "Enter a date as YYYY-MM-DD."
		}
	}
	if in.DateTo != "" {
		if to, err := time.Parse(dayLayout, in.DateTo); err != nil {
			fields["dateTo"] = "Enter a date as YYYY-MM-DD."
		} else {
			f.To = to.AddDate(0, 0, 1)
		}
	}
	if len(fields) > 0 {
		return lead.Filter{}, apperr.InvalidFields("The lead search is not valid.", fields)
	}
	return f, nil
}

// rows names what leads refer to by id, asking for each name once.
type rows struct {
	a        *area
	sess     user.Session
	users    map[string]string
	contacts map[int64]customer
	types    map[int]string
	// targets are the stores' first-response targets and working hours.
	targets map[int64]target
}

// target is a store's first-response target in minutes and its working hours.
type target struct {
	minutes int
	hours   workhours.Schedule
}

// customer is what a row shows of a lead's customer.
type customer struct {
	name, phone, email string
	phoneDigits        []string
	emails             []string
}

func customerOf(c contact.Contact) customer {
	c = c.Decorate()
	out := customer{name: c.FullName()}
	preferredPhone, preferredEmail := false, false
	for _, p := range c.Phones {
		out.phoneDigits = append(out.phoneDigits, p.Phone)
		if out.phone == "" || p.IsPreferred && !preferredPhone {
			out.phone, preferredPhone = p.PhoneDisplay, p.IsPreferred
		}
	}
	for _, e := range c.Emails {
		out.emails = append(out.emails, e.Email)
		if out.email == "" || e.IsPreferred && !preferredEmail {
			out.email, preferredEmail = e.Email, e.IsPreferred
		}
	}
	return out
}

func (a *area) rows(sess user.Session) *rows {
	r := &rows{a: a, sess: sess, users: map[string]string{}, contacts: map[int64]customer{}, types: map[int]string{}, targets: map[int64]target{}}
	for _, t := range lead.Types() {
		r.types[t.LeadTypeID] = t.Name
	}
	return r
}

func (r *rows) user(ctx context.Context, id string) string {
	if id == "" {
		return ""
	}
	if n, ok := r.users[id]; ok {
		return n
	}
	n := ""
	if id == IntakeUser {
		n = "Lead intake"
	} else if p, _, err := r.a.d.Users.Profile(ctx, r.sess.Principal.Tenant, id); err == nil {
		n = p.DisplayName()
	}
	r.users[id] = n
	return n
}

// target returns the first-response target of store and its working hours in its time zone;
// the defaults when its settings cannot be read.
func (r *rows) target(ctx context.Context, storeID int64) target {
	if m, ok := r.targets[storeID]; ok {
		return m
	}
	tz := ""
	if st, err := r.sess.Store(storeID); err == nil {
		tz = st.TimeZone
	}
	m := target{minutes: dealer.DefaultResponseMinutes, hours: workhours.In(nil, tz)}
	if s, err := r.a.dealers.Get(ctx, r.sess.Principal.Tenant, storeID); err == nil {
		m = target{minutes: s.LeadSettings.ResponseTarget(), hours: s.Schedule(tz)}
	}
	r.targets[storeID] = m
	return m
}

func (r *rows) row(ctx context.Context, l lead.Lead) LogRow {
	tg := r.target(ctx, l.AccountPlatformID)
	out := LogRow{View: view(l), LeadTypeName: r.types[l.LeadTypeID], FirstResponseSeconds: firstResponse(l, tg.hours), ResponseTargetMinutes: tg.minutes,
		ResponseDueAt: ResponseDue(l.CreatedAt, tg.minutes, tg.hours)}
	if st, err := r.sess.Store(l.AccountPlatformID); err == nil {
		out.StoreName = st.Name
	}
	c, ok := r.contacts[l.ContactID]
	if !ok {
		if got, err := r.a.contacts.Get(ctx, r.sess.Principal.Tenant, l.ContactID); err == nil {
			c = customerOf(got)
		}
		r.contacts[l.ContactID] = c
	}
	out.ContactName, out.ContactPhone, out.ContactEmail, out.phoneDigits, out.emails = c.name, c.phone, c.email, c.phoneDigits, c.emails
	out.SalesPersonName, out.BDCAgentName = r.user(ctx, l.SalesPersonID), r.user(ctx, l.BDCAgentID)
	return out
}

// firstResponse returns the seconds of working hours h from l's arrival to its first response,
// nil while it has none. A response recorded before the arrival (clocks apart) counts as
// immediate, and so does one before the store opened for a lead that arrived while closed.
func firstResponse(l lead.Lead, h workhours.Schedule) *int64 {
	if l.FirstRespondedAt == nil {
		return nil
	}
	s := int64(h.OpenBetween(l.CreatedAt, *l.FirstRespondedAt) / time.Second)
	return &s
}

// ResponseDue returns when the first response to a lead that arrived at arrived is due: minutes
// of working hours h after it.
func ResponseDue(arrived time.Time, minutes int, h workhours.Schedule) time.Time {
	return h.AddOpen(arrived, time.Duration(minutes)*time.Minute).UTC()
}

// matches reports whether the text filter q (lower case, trimmed; "" keeps every row) finds
// row: in the customer's name, phones (by digits, from 3 digits), e-mail addresses, the
// vehicles, the store, the source, the holders or the lead id.
func (row LogRow) matches(q string) bool {
	if q == "" {
		return true
	}
	texts := []string{row.ContactName, row.StoreName, row.LeadSourceName, row.SalesPersonName, row.BDCAgentName, row.LeadTypeName, strconv.FormatInt(row.ID, 10)}
	texts = append(texts, row.emails...)
	for _, v := range row.Vehicles {
		texts = append(texts, fmt.Sprintf("%s %s %s %s", yearText(v.Year), v.Make, v.Model, v.Trim), v.VIN, v.StockNumber)
	}
	for _, t := range texts {
		if strings.Contains(strings.ToLower(t), q) {
			return true
		}
	}
	if digits := onlyDigits(q); len(digits) >= 3 && len(digits) == len(strings.Map(dropPhoneSeparators, q)) {
		for _, p := range row.phoneDigits {
			if strings.Contains(p, digits) {
				return true
			}
		}
	}
	return false
}

func onlyDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// dropPhoneSeparators drops what people type between a phone's digits.
func dropPhoneSeparators(r rune) rune {
	switch r {
	case ' ', '(', ')', '.', '-', '+':
		return -1
	}
	return r
}

// textQuery is the text filter as rows are matched against it.
func textQuery(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// yesNo is how the export writes a boolean (the spec: False reads No, True reads Yes).
func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// exportHeader names the export's columns.
var exportHeader = []string{"Lead Id", "Customer Id", "Created", "Store", "Customer", "Phone", "E-mail", "Status", "Type", "Source", "Sales Person", "BDC Agent",
	"Claimable", "Worked", "Has Trade-In", "Vehicle Of Interest", "Reason", "First Response", "Minutes To First Response"}

func exportRecord(r LogRow) []string {
	voi := ""
	if v, ok := r.ChosenVehicle(); ok {
		voi = strings.Join(strings.Fields(fmt.Sprintf("%s %s %s", yearText(v.Year), v.Make, v.Model)), " ")
		if voi == "" {
			voi = v.VIN + v.StockNumber
		}
	}
	responded, minutes := "", ""
	if r.FirstRespondedAt != nil && r.FirstResponseSeconds != nil {
		responded = r.FirstRespondedAt.UTC().Format(time.RFC3339)
		minutes = strconv.FormatFloat(float64(*r.FirstResponseSeconds)/60, 'f', 1, 64)
	}
	return []string{
		textCell(strconv.FormatInt(r.ID, 10)), textCell(strconv.FormatInt(r.ContactID, 10)), r.CreatedAt.UTC().Format(time.RFC3339),
		cell(r.StoreName), cell(r.ContactName), textCell(r.ContactPhone), cell(r.ContactEmail),
		r.DisplayStatus().String(), r.LeadTypeName, cell(r.LeadSourceName), cell(r.SalesPersonName), cell(r.BDCAgentName),
		yesNo(r.Claimable), yesNo(r.Worked), yesNo(len(r.TradeIns) > 0), cell(voi), cell(r.Reason), responded, minutes,
	}
}

// cell keeps a text a spreadsheet would read as a formula (a customer's name from a lead
// provider's document is anyone's text) as text, by a leading apostrophe: a cell whose first
// character, blanks aside, starts a formula (= + - @) or is a tab or a line break.
func cell(s string) string {
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@\t\r\n", rune(t[0])) {
		return "'" + s
	}
	return s
}

// textCell writes s, text the export itself made of digits and separators (an id, a phone),
// as the formula ="s", which Excel, LibreOffice and Google Sheets all show as the text s: a
// 16-digit id stays whole instead of becoming 1.23457E+15, and a phone keeps its leading +
// and zeros. An empty s stays empty. Quotes in s are doubled, so s cannot end the formula's
// string.
func textCell(s string) string {
	if s == "" {
		return ""
	}
	return `="` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

func yearText(y int) string {
	if y == 0 {
		return ""
	}
	return strconv.Itoa(y)
}

// searchText returns page number of size of the rows of the leads that match f and the text
// filter q, newest first, and how many match: the text is matched against the rows (the
// customer's name and phones are not on the lead), so every lead of f is read and named.
func (a *area) searchText(ctx context.Context, sess user.Session, names *rows, f lead.Filter, q string, number, size int) ([]LogRow, int, error) {
	if number < 1 || size < 1 || size > 100 {
		return nil, 0, apperr.InvalidFields("The page is not valid.", map[string]string{"pagination": "The page number starts at 1 and the page size is 1 to 100."})
	}
	var all []LogRow
	err := a.leads.Each(ctx, sess.Principal.Tenant, f, func(l lead.Lead) error {
		if row := names.row(ctx, l); row.matches(q) {
			all = append(all, row)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.SortFunc(all, func(x, y LogRow) int {
		if c := y.CreatedAt.Compare(x.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(y.ID, x.ID)
	})
	out := []LogRow{}
	if start := (number - 1) * size; start < len(all) {
		out = all[start:min(start+size, len(all))]
	}
	return out, len(all), nil
}

// countText counts, for every display status, the leads that match f apart from its statuses
// and the text filter q.
func (a *area) countText(ctx context.Context, sess user.Session, f lead.Filter, q string) ([]lead.StatusCount, error) {
	names := a.rows(sess)
	f.Statuses = lead.DisplayStatuses()
	n := map[lead.Status]int{}
	err := a.leads.Each(ctx, sess.Principal.Tenant, f, func(l lead.Lead) error {
		if row := names.row(ctx, l); row.matches(q) {
			n[row.DisplayStatusID]++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]lead.StatusCount, 0, len(f.Statuses))
	for _, s := range f.Statuses {
		out = append(out, lead.StatusCount{Status: s, Name: s.String(), Count: n[s]})
	}
	return out, nil
}

func (a *area) registerLog(api *httpapi.API) {
	d := a.d
	search := func(ctx context.Context, in *LogSearchInput) (*httpapi.Body[httpapi.Result[[]LogRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := filter(sess, in.Body.LogFilter, in.Scope)
		if err != nil {
			return nil, err
		}
		number, size := in.Body.PageNumber, in.Body.PageSize
		if number == 0 {
			number = 1
		}
		if size == 0 {
			size = 25
		}
		names := a.rows(sess)
		if q := textQuery(in.Body.Text); q != "" {
			out, total, err := a.searchText(ctx, sess, names, f, q, number, size)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, total))), nil
		}
		res, err := a.leads.Search(ctx, sess.Principal.Tenant, f, number, size)
		if err != nil {
			return nil, err
		}
		out := make([]LogRow, 0, len(res.Leads))
		for _, l := range res.Leads {
			out = append(out, names.row(ctx, l))
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, res.Total))), nil
	}
	const searchRules = "The leads of the stores that match the filter, newest first, a page at a time (page 1 and size 25 by default); pageData.totalRecords counts every match. " +
		"Each row has the customer's phone and e-mail, the seconds to the first response once the lead was answered and the store's response target. " +
		"Reads the per-store status index over the date range; type, source, assignee and text filter what it reads."
	for _, op := range []struct{ id, path, summary, note string }{
		{"searchLeadsLog", "/api/CrmLead/dashboard/search", "Search the Leads Log", ""},
		{"searchLeads", "/api/CrmLead/Search", "Search leads", "The spec gives no body for this call: it takes the Leads Log's filter and page. "},
		{"searchLeadsPaged", "/api/Lead/lead/search", "Search leads (filter plus pagination)", "The spec gives the body only as 'filter plus pagination': it takes the Leads Log's filter and page. "},
	} {
		httpapi.Register(api, huma.Operation{
			OperationID: op.id,
			Method:      http.MethodPost,
			Path:        op.path,
			Summary:     op.summary,
			Description: op.note + searchRules,
			Tags:        []string{"leads"},
			Errors:      []int{400, 401, 403},
		}, search)
	}

	httpapi.Register(api, huma.Operation{
		OperationID: "countLeadsLog",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/dashboard/count",
		Summary:     "The Leads Log's counts per status",
		Description: "For every status the log shows (unclaimed, new, active, sold pending, sold, lost, bad, duplicate), how many leads match the filter apart from its statuses.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *LogCountInput) (*httpapi.Body[httpapi.Result[[]lead.StatusCount]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := filter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		if q := textQuery(in.Body.Text); q != "" {
			counts, err := a.countText(ctx, sess, f, q)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(counts)), nil
		}
		counts, err := a.leads.Counts(ctx, sess.Principal.Tenant, f)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(counts)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "exportLeadsLog",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/dashboard/export",
		Summary:     "Export the Leads Log as CSV",
		Description: "Every lead that matches the filter, as CSV (text/csv), one store and status at a time, newest first within each. Booleans read Yes and No. " +
			"The rows are written as they are read, so a large export streams; a bad filter is a 400 before any row.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403},
		Responses: map[string]*huma.Response{"200": {Description: "The CSV file.", Content: map[string]*huma.MediaType{
			"text/csv": {Schema: &huma.Schema{Type: "string"}},
		}}},
	}, func(ctx context.Context, in *LogCountInput) (*huma.StreamResponse, error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := filter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		// Check the filter before the status line is sent: a bad one is still a clear 400.
		if err := f.Validate(); err != nil {
			return nil, err
		}
		names, q := a.rows(sess), textQuery(in.Body.Text)
		return csvFile(ctx, d.Log, "export leads", "leads.csv", exportHeader, func(write func([]string) error) error {
			return a.leads.Each(ctx, sess.Principal.Tenant, f, func(l lead.Lead) error {
				row := names.row(ctx, l)
				if !row.matches(q) {
					return nil
				}
				return write(exportRecord(row))
			})
		}), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createAdhocLead",
		Method:      http.MethodPost,
		Path:        "/api/Lead/adhoc/create",
		Summary:     "Add a lead for a customer",
		Description: "Creates an active lead of the customer at a store the caller may view, held by the caller (as BDC agent for a BDC user without a sales role, else as sales person). " +
			"A customer the caller may not view is 404; a bad type or source is 400 naming the field. Publishes LeadCreated and records it in the customer's activity.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AdhocInput) (*httpapi.Body[httpapi.Result[View]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		l, err := a.create(ctx, sess, lead.Lead{AccountPlatformID: b.AccountPlatformID, ContactID: b.ContactID, LeadTypeID: b.LeadTypeID, LeadSourceID: b.LeadSourceID, Comments: b.Comments})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(view(l))), nil
	})
}
