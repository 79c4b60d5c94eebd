package leads

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// LeadTaskFilter is the lead task list's filter.
type LeadTaskFilter struct {
	AccountPlatformIDs []int64  `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header (by default every store the caller may view). Every one must be a store the caller may view."`
	AssignedUserIDs    []string `json:"assignedUserIds" required:"false" maxItems:"200" doc:"Only the tasks assigned to these users; none keeps all."`
	TaskStatuses       []string `json:"taskStatuses" required:"false" maxItems:"10" doc:"Only tasks in these statuses as they stand now (a pending or in-progress task past its due time is Overdue); none keeps all."`
	TaskTypes          []string `json:"taskTypes" required:"false" maxItems:"50" doc:"Only tasks of these types (Call, Email, Appointment...); none keeps all."`
	DueDateFrom        string   `json:"dueDateFrom" required:"false" doc:"First day the tasks are due on (YYYY-MM-DD, UTC), included."`
	DueDateTo          string   `json:"dueDateTo" required:"false" doc:"Last day the tasks are due on (YYYY-MM-DD, UTC), included."`
	ContactName        string   `json:"contactName" required:"false" maxLength:"100" doc:"Only tasks about customers whose full name contains this text (any case)."`
}

// LeadTaskSearchInput is the request of POST /api/Lead/task/search/detail.
type LeadTaskSearchInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		LeadTaskFilter
		SortOrder  string `json:"sortOrder" required:"false" enum:"asc,desc" doc:"By due time: asc (earliest first, the default) or desc."`
		PageNumber int    `json:"pageNumber" required:"false" doc:"From 1; 1 when absent."`
		PageSize   int    `json:"pageSize" required:"false" doc:"1 to 100; 25 when absent."`
	}
}

// LeadTaskCountInput is the request of POST /api/Lead/task/search/count and of the export.
type LeadTaskCountInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  LeadTaskFilter
}

// LeadTaskRow is a task about a lead as the lead task list shows it: the sales task list's columns
// the data fills.
type LeadTaskRow struct {
	TaskID            string    `json:"taskId"`
	CrmLeadID         int64     `json:"crmLeadId" doc:"The lead the task is about (the task's entity id)."`
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	StoreName         string    `json:"storeName"`
	IsMarkedHot       bool      `json:"isMarkedHot"`
	FullName          string    `json:"fullName"`
	TaskName          string    `json:"taskName"`
	TaskDescription   string    `json:"taskDescription"`
	TaskType          string    `json:"taskType"`
	TaskStatus        string    `json:"taskStatus" doc:"As it stands now: a pending or in-progress task past its due time is Overdue."`
	TaskDueDt         time.Time `json:"taskDueDt"`
	AssignedUserID    string    `json:"assignedPandoUserId"`
	TaskOwner         string    `json:"taskOwner" doc:"The name of the user the task is assigned to."`
	// The lead's holders and vehicle; empty when the lead is gone or of a store the caller may
	// not view.
	Salesperson1UserID string      `json:"salesperson1UserId"`
	Salesperson1Name   string      `json:"salesperson1Name"`
	BDCUserID          string      `json:"bdcUserId"`
	BDCUserName        string      `json:"bdcUserName"`
	LeadStatusID       lead.Status `json:"leadDisplayStatusId" doc:"The lead's status as the lists show it (-2 unclaimed, -1 new...); 0 when the lead is not shown."`
	TargetedVehicle    string      `json:"targetedVehicle" doc:"The lead's first vehicle of interest."`
	// From the customer's activity summary.
	LastUserActivityDate     *time.Time `json:"lastUserActivityDate,omitempty" required:"false" doc:"The latest message or call to the customer."`
	LastCustomerActivityDate *time.Time `json:"lastCustomerActivityDate,omitempty" required:"false" doc:"The latest message or call from the customer."`
}

// taskFilter is a checked LeadTaskFilter.
type taskFilter struct {
	stores   []int64
	users    []string
	statuses []string
	types    []string
	from, to time.Time
	name     string
}

// maxTaskStores bounds the stores one task search reads.
const maxTaskStores = lead.MaxSearchStores

func parseTaskFilter(sess user.Session, in LeadTaskFilter, scope string) (taskFilter, error) {
	stores, err := sess.SelectStores(in.AccountPlatformIDs, scope)
	if err != nil {
		return taskFilter{}, err
	}
	f := taskFilter{stores: stores, name: strings.ToLower(strings.TrimSpace(in.ContactName))}
	fields := map[string]string{}
	if len(stores) == 0 {
		fields["accountPlatformIds"] = "Choose at least one store."
	}
	if len(stores) > maxTaskStores {
		fields["accountPlatformIds"] = fmt.Sprintf("Choose at most %d stores.", maxTaskStores)
	}
	for _, u := range in.AssignedUserIDs {
		if u = strings.TrimSpace(u); u != "" {
			f.users = append(f.users, u)
		}
	}
	for _, s := range in.TaskStatuses {
		i := slices.IndexFunc(task.Statuses(), func(known string) bool { return strings.EqualFold(known, strings.TrimSpace(s)) })
		if i < 0 {
			fields["taskStatuses"] = fmt.Sprintf("%q is not a task status. Choose from %s.", s, strings.Join(task.Statuses(), ", "))
			continue
		}
		f.statuses = append(f.statuses, task.Statuses()[i])
	}
	for _, t := range in.TaskTypes {
		if t = strings.TrimSpace(t); t != "" {
			f.types = append(f.types, strings.ToLower(t))
		}
	}
	if in.DueDateFrom != "" {
		if f.from, err = time.Parse(dayLayout, in.DueDateFrom); err != nil {
			fields["dueDateFrom"] = "Enter a date as YYYY-MM-DD."
		}
	}
	if in.DueDateTo != "" {
		if to, err := time.Parse(dayLayout, in.DueDateTo); err != nil {
			fields["dueDateTo"] = "Enter a date as YYYY-MM-DD."
		} else {
			f.to = to.AddDate(0, 0, 1)
		}
	}
	if !f.from.IsZero() && !f.to.IsZero() && !f.from.Before(f.to) {
		fields["dueDateTo"] = "The last due day cannot be before the first."
	}
	if len(fields) > 0 {
		return taskFilter{}, apperr.InvalidFields("The task search is not valid.", fields)
	}
	return f, nil
}

// taskRows reads what a task's row shows besides the task (the customer, the lead, the
// activity summary, users' names), each once.
type taskRows struct {
	*rows
	tasks     *task.Repo
	activity  *activity.Repo
	now       time.Time
	customers map[int64]*contact.Contact
	leadsByID map[int64]*lead.Lead
	summaries map[int64]*activity.Summary
}

func (a *area) taskRows(sess user.Session) *taskRows {
	return &taskRows{
		rows:      a.rows(sess),
		tasks:     task.NewRepo(a.d.Store),
		activity:  activity.NewRepo(a.d.Store, nil, a.d.Log),
		now:       a.d.Store.Now(),
		customers: map[int64]*contact.Contact{},
		leadsByID: map[int64]*lead.Lead{},
		summaries: map[int64]*activity.Summary{},
	}
}

// customer returns the task's customer, nil when it cannot be read (a customer merged away).
func (r *taskRows) customer(ctx context.Context, id int64) *contact.Contact {
	if c, ok := r.customers[id]; ok {
		return c
	}
	var out *contact.Contact
	if c, err := r.a.contacts.Get(ctx, r.sess.Principal.Tenant, id); err == nil {
		out = &c
	}
	r.customers[id] = out
	return out
}

// lead returns lead id when the caller may view it, else nil.
func (r *taskRows) lead(ctx context.Context, id int64) *lead.Lead {
	if l, ok := r.leadsByID[id]; ok {
		return l
	}
	var out *lead.Lead
	if l, err := r.a.leads.Get(ctx, r.sess.Principal.Tenant, id); err == nil && r.sess.Principal.CanView(l.AccountPlatformID) {
		out = &l
	}
	r.leadsByID[id] = out
	return out
}

func (r *taskRows) summary(ctx context.Context, c *contact.Contact) *activity.Summary {
	if s, ok := r.summaries[c.ID]; ok {
		return s
	}
	var out *activity.Summary
	if s, err := r.activity.Summarize(ctx, r.sess.Principal.Tenant, c.Owners()); err == nil {
		out = &s
	} else {
		r.a.d.Log.ErrorContext(ctx, "activity summary of a task's customer", "contact", c.ID, "err", err)
	}
	r.summaries[c.ID] = out
	return out
}

// each calls fn with every task about a lead in f's stores and due range that passes f's
// filters, as it stands now, store by store and the earliest due first within each. With
// byStatus unset f's statuses are not applied (the counts). fn returning an error stops.
func (r *taskRows) each(ctx context.Context, f taskFilter, byStatus bool, fn func(task.Task) error) error {
	for _, st := range f.stores {
		err := r.tasks.InStore(ctx, r.sess.Principal.Tenant, st, f.from, f.to, func(tk task.Task) error {
			if tk.EntityID == 0 {
				return nil
			}
			tk = tk.At(r.now)
			if len(f.users) > 0 && !slices.Contains(f.users, tk.AssignedUserID) {
				return nil
			}
			if len(f.types) > 0 && !slices.Contains(f.types, strings.ToLower(tk.TaskType)) {
				return nil
			}
			if byStatus && len(f.statuses) > 0 && !slices.Contains(f.statuses, tk.Status) {
				return nil
			}
			if f.name != "" {
				c := r.customer(ctx, tk.ContactID)
				if c == nil || !strings.Contains(strings.ToLower(c.FullName()), f.name) {
					return nil
				}
			}
			return fn(tk)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (r *taskRows) row(ctx context.Context, tk task.Task) LeadTaskRow {
	out := LeadTaskRow{
		TaskID: tk.ID, CrmLeadID: tk.EntityID, ContactID: tk.ContactID, AccountPlatformID: tk.AccountPlatformID,
		TaskName: tk.Name, TaskDescription: tk.Description, TaskType: tk.TaskType, TaskStatus: tk.Status, TaskDueDt: tk.DueAt,
		AssignedUserID: tk.AssignedUserID, TaskOwner: r.user(ctx, tk.AssignedUserID),
	}
	if st, err := r.sess.Store(tk.AccountPlatformID); err == nil {
		out.StoreName = st.Name
	}
	if c := r.customer(ctx, tk.ContactID); c != nil {
		out.FullName, out.IsMarkedHot = c.FullName(), c.IsMarkedHot
		if s := r.summary(ctx, c); s != nil {
			out.LastUserActivityDate, out.LastCustomerActivityDate = s.LastOutboundAt, s.LastInboundAt
		}
	}
	if l := r.lead(ctx, tk.EntityID); l != nil {
		out.Salesperson1UserID, out.Salesperson1Name = l.SalesPersonID, r.user(ctx, l.SalesPersonID)
		out.BDCUserID, out.BDCUserName = l.BDCAgentID, r.user(ctx, l.BDCAgentID)
		out.LeadStatusID, out.TargetedVehicle = l.DisplayStatus(), targetedVehicle(*l)
	}
	return out
}

// targetedVehicle names lead l's first vehicle of interest: year, make, model and trim, else its
// VIN or stock number.
func targetedVehicle(l lead.Lead) string {
	if len(l.Vehicles) == 0 {
		return ""
	}
	v := l.Vehicles[0]
	if s := strings.Join(strings.Fields(fmt.Sprintf("%s %s %s %s", yearText(v.Year), v.Make, v.Model, v.Trim)), " "); s != "" {
		return s
	}
	return cmp.Or(v.VIN, v.StockNumber)
}

// taskExportHeader names the task export's columns.
var taskExportHeader = []string{"Task Id", "Due", "Status", "Type", "Task", "Description", "Customer", "Customer Id", "Hot", "Store",
	"Task Owner", "Lead Id", "Sales Person", "BDC Agent", "Targeted Vehicle", "Last User Activity", "Last Customer Activity"}

func taskExportRecord(r LeadTaskRow) []string {
	day := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return []string{
		cell(r.TaskID), r.TaskDueDt.UTC().Format(time.RFC3339), r.TaskStatus, cell(r.TaskType), cell(r.TaskName), cell(r.TaskDescription),
		cell(r.FullName), fmt.Sprint(r.ContactID), yesNo(r.IsMarkedHot), cell(r.StoreName), cell(r.TaskOwner), fmt.Sprint(r.CrmLeadID),
		cell(r.Salesperson1Name), cell(r.BDCUserName), cell(r.TargetedVehicle), day(r.LastUserActivityDate), day(r.LastCustomerActivityDate),
	}
}

// LeadTaskStatusCount is how many tasks of the list are in one status.
type LeadTaskStatusCount struct {
	TaskStatus string `json:"taskStatus"`
	Count      int    `json:"count"`
}

func (a *area) registerTasks(api *httpapi.API) {
	d := a.d
	const reads = "Reads each store's tasks by due time over the due range; assignee, type, status and customer name filter what it reads. Only tasks about a lead are listed."
	httpapi.Register(api, huma.Operation{
		OperationID: "searchLeadTasks",
		Method:      http.MethodPost,
		Path:        "/api/Lead/task/search/detail",
		Summary:     "The lead task list",
		Description: "The tasks about leads in the stores that match the filter, by due time (earliest first unless sortOrder is desc), a page at a time (page 1 and size 25 by default); pageData.totalRecords counts every match. " +
			"Each row carries the customer, the task, its owner's name, the lead's sales person, BDC agent and first vehicle of interest, and the customer's last activity dates. " + reads,
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403},
	}, func(ctx context.Context, in *LeadTaskSearchInput) (*httpapi.Body[httpapi.Result[[]LeadTaskRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := parseTaskFilter(sess, in.Body.LeadTaskFilter, in.Scope)
		if err != nil {
			return nil, err
		}
		number, size := cmp.Or(in.Body.PageNumber, 1), cmp.Or(in.Body.PageSize, 25)
		if number < 1 || size < 1 || size > 100 {
			return nil, apperr.InvalidFields("The page is not valid.", map[string]string{"pagination": "The page number starts at 1 and the page size is 1 to 100."})
		}
		r := a.taskRows(sess)
		var all []task.Task
		if err := r.each(ctx, f, true, func(tk task.Task) error { all = append(all, tk); return nil }); err != nil {
			return nil, err
		}
		slices.SortFunc(all, func(x, y task.Task) int {
			return cmp.Or(x.DueAt.Compare(y.DueAt), cmp.Compare(x.ID, y.ID), cmp.Compare(x.ContactID, y.ContactID))
		})
		if in.Body.SortOrder == "desc" {
			slices.Reverse(all)
		}
		out := []LeadTaskRow{}
		if start := (number - 1) * size; start < len(all) {
			for _, tk := range all[start:min(start+size, len(all))] {
				out = append(out, r.row(ctx, tk))
			}
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, len(all)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "countLeadTasks",
		Method:      http.MethodPost,
		Path:        "/api/Lead/task/search/count",
		Summary:     "The lead task list's counts per status",
		Description: "For every task status, how many tasks about leads match the filter apart from its statuses, as they stand now (a pending or in-progress task past its due time counts as Overdue). " + reads,
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *LeadTaskCountInput) (*httpapi.Body[httpapi.Result[[]LeadTaskStatusCount]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := parseTaskFilter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		n := map[string]int{}
		if err := a.taskRows(sess).each(ctx, f, false, func(tk task.Task) error { n[tk.Status]++; return nil }); err != nil {
			return nil, err
		}
		out := make([]LeadTaskStatusCount, 0, len(task.Statuses()))
		for _, s := range task.Statuses() {
			out = append(out, LeadTaskStatusCount{TaskStatus: s, Count: n[s]})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "exportLeadTasks",
		Method:      http.MethodPost,
		Path:        "/api/Lead/task/search/export",
		Summary:     "Export the lead task list as CSV",
		Description: "Every task about a lead that matches the filter, as CSV (text/csv), one store at a time, earliest due first within each. Booleans read Yes and No. " +
			"The rows are written as they are read, so a large export streams; a bad filter is a 400 before any row.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403},
		Responses: map[string]*huma.Response{"200": {Description: "The CSV file.", Content: map[string]*huma.MediaType{
			"text/csv": {Schema: &huma.Schema{Type: "string"}},
		}}},
	}, func(ctx context.Context, in *LeadTaskCountInput) (*huma.StreamResponse, error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		// The filter is checked before the status line is sent: a bad one is still a clear 400.
		f, err := parseTaskFilter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		r := a.taskRows(sess)
		return csvFile(ctx, d.Log, "export lead tasks", "lead-tasks.csv", taskExportHeader, func(write func([]string) error) error {
			return r.each(ctx, f, true, func(tk task.Task) error {
				return write(taskExportRecord(r.row(ctx, tk)))
			})
		}), nil
	})
}
