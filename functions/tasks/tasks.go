// Package tasks is the tasks area: a customer's tasks as the profile lists them, and what users
// do with them: add a task, complete, cancel, reschedule or reassign one. It serves the
// customer's task list below /crm/contacts ({id}/task/search) and the task actions below
// /pando/pandox/task; the most specific route wins over the contacts and rules areas.
//
// A customer of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404), and neither do its tasks. Changing a task needs a role that works customers
// (the matrix) and, for the task itself, to be the user it is assigned to or a manager of its
// store (403 otherwise). A task changes only while it is open: a completed or cancelled task
// refuses every change with 409, and so does a change sent with a version other than the
// task's. Each change publishes its event (task package) and is recorded in the customer's
// activity with who made it.
package tasks

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
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
	x := &area{
		d: d, log: log,
		contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		tasks:    task.NewRepo(d.Store),
		leads:    lead.NewRepo(d.Store, d.Events, d.Log),
		activity: activity.NewRepo(d.Store, d.Events, d.Log),
	}
	x.registerList(api)
	x.registerChanges(api)
}

// area holds what the task calls use.
type area struct {
	d        wiring.Services
	log      *slog.Logger
	contacts *contact.Repo
	tasks    *task.Repo
	leads    *lead.Repo
	activity *activity.Repo
}

func (x *area) now() time.Time { return x.d.Store.Now() }

// Types are the kinds of task a user may add.
func Types() []string { return []string{"Call", "Email", "Text", "Appointment", "Follow-up", "Other"} }

// Limits of what a user writes on a task.
const (
	maxName        = 200
	maxDescription = 2000
)

// ContactPath is the path of the calls about one contact.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The customer's id."`
}

// TaskSearchInput is the request of POST /crm/contacts/{id}/task/search.
type TaskSearchInput struct {
	ContactPath
	Body *struct {
		EntityID       int64  `json:"entityId,omitempty" minimum:"0" doc:"Only the tasks about this lead (entity)."`
		ContactID      int64  `json:"contactId,omitempty" minimum:"0" doc:"Only the tasks kept under this contact: the path's contact or one merged into it."`
		AssignedUserID string `json:"assignedPandoUserId,omitempty" maxLength:"64" doc:"Only the tasks assigned to this user."`
		OpenOnly       bool   `json:"openOnly,omitempty" required:"false" doc:"Only open tasks (pending, in progress, overdue, on hold); absent or false lists completed and cancelled ones too."`
	}
}

// TaskView is a task as the profile lists it: the task with what it shows beside it.
type TaskView struct {
	task.Task
	AssignedUserName string   `json:"assignedUserName" doc:"The assigned user's name; empty when the user is unknown."`
	StoreName        string   `json:"storeName"`
	TimeZone         string   `json:"timeZone" doc:"The IANA time zone of the task's store: due times are shown and chosen in it."`
	Lead             *LeadRef `json:"lead" doc:"The lead the task is about; null for a task about no lead."`
	CanChange        bool     `json:"canChange" doc:"Whether the caller may complete, cancel, reschedule and reassign the task: it is open and the caller is the user it is assigned to or a manager of its store."`
}

// LeadRef is the lead a task is about.
type LeadRef struct {
	_ struct{} `nullable:"true"`

	CrmLeadID    int64  `json:"crmLeadId"`
	LeadStatusID int    `json:"leadStatusId"`
	Vehicle      string `json:"vehicle" doc:"The lead's chosen vehicle of interest (year, make, model, trim, or its VIN or stock number); empty when it has none."`
}

// Assignee is a user who may hold the tasks of a store.
type Assignee struct {
	UserID string   `json:"userId"`
	Name   string   `json:"name"`
	Roles  []string `json:"roles"`
}

// StoreAssignees are the users who may hold a store's tasks, with the store's time zone, in
// which a new task's due time is chosen.
type StoreAssignees struct {
	AccountPlatformID int64      `json:"accountPlatformId"`
	StoreName         string     `json:"storeName"`
	TimeZone          string     `json:"timeZone" doc:"The store's IANA time zone; due times are chosen in it."`
	Users             []Assignee `json:"users"`
}

// AssigneesInput is the request of GET /pando/pandox/task/assignees.
type AssigneesInput struct {
	AccountPlatformID int64 `query:"accountPlatformId" minimum:"1" required:"true" doc:"The store whose users are asked for."`
}

// TaskRef names a task and the version it was read at.
type TaskRef struct {
	ContactID int64  `json:"contactId" minimum:"1" doc:"The customer whose profile lists the task (a task of a customer merged into this one is found too)."`
	TaskID    string `json:"taskId" minLength:"1" maxLength:"64"`
	Version   int64  `json:"version" minimum:"1" doc:"The version the task was read at: a task changed since is refused with 409 and nothing changes."`
}

// ActionInput is the request of POST /pando/pandox/task/complete and /cancel.
type ActionInput struct {
	Body TaskRef
}

// RescheduleInput is the request of POST /pando/pandox/task/reschedule.
type RescheduleInput struct {
	Body struct {
		TaskRef
		LocalDueDt string `json:"localDueDt" maxLength:"16" doc:"The new due time as the store's clocks read it (YYYY-MM-DDTHH:MM, the store's time zone): from now on, and a time that exists there."`
	}
}

// ReassignInput is the request of POST /pando/pandox/task/reassign.
type ReassignInput struct {
	Body struct {
		TaskRef
		AssignedUserID string `json:"assignedPandoUserId" minLength:"1" maxLength:"64" doc:"The user to assign the task to: an active user of the task's store with a role that works customers."`
	}
}

// CreateInput is the request of POST /pando/pandox/task.
type CreateInput struct {
	Body struct {
		ContactID      int64  `json:"contactId" minimum:"1" doc:"The customer the task is about."`
		EntityID       int64  `json:"entityId,omitempty" required:"false" minimum:"0" doc:"The customer's lead the task is about; absent or 0 for none. The task belongs to the lead's store, otherwise to the customer's."`
		TaskType       string `json:"taskType" doc:"Call, Email, Text, Appointment, Follow-up or Other."`
		Name           string `json:"taskName,omitempty" required:"false" maxLength:"200" doc:"What to do, in a few words; the task type when absent."`
		Description    string `json:"taskDescription,omitempty" required:"false" maxLength:"2000" text:"multiline"`
		LocalDueDt     string `json:"localDueDt" required:"false" maxLength:"16" doc:"Required. When the task is due, as the store's clocks read it (YYYY-MM-DDTHH:MM, the store's time zone): from now on, and a time that exists there."`
		AssignedUserID string `json:"assignedPandoUserId,omitempty" required:"false" maxLength:"64" doc:"The user who is to do it: an active user of the task's store with a role that works customers; the caller when absent."`
	}
}

func (x *area) registerList(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "searchContactTasks",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/task/search",
		Summary:     "A customer's tasks",
		Description: "The tasks about the customer and the customers merged into it, of the stores the caller may view, the earliest due first; open tasks past due read as Overdue. Each comes with its assigned user's name, its store's time zone, the lead it is about and whether the caller may change it. entityId, contactId, assignedPandoUserId and openOnly narrow the list.",
		Tags:        []string{"tasks"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TaskSearchInput) (*httpapi.Body[httpapi.Result[[]TaskView]], error) {
		sess, c, err := x.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if in.Body != nil && in.Body.ContactID > 0 && !slices.Contains(c.Owners(), in.Body.ContactID) {
			return nil, apperr.InvalidFields("The task search is not valid.", map[string]string{"contactId": "Choose this customer or one merged into it."})
		}
		ts, err := x.tasks.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		now := x.now()
		ts = slices.DeleteFunc(ts, func(t task.Task) bool {
			if !sess.Principal.CanView(t.AccountPlatformID) {
				return true
			}
			f := in.Body
			return f != nil && ((f.EntityID > 0 && t.EntityID != f.EntityID) ||
				(f.ContactID > 0 && t.ContactID != f.ContactID) ||
				(f.AssignedUserID != "" && t.AssignedUserID != f.AssignedUserID) ||
				(f.OpenOnly && !t.Open()))
		})
		var leads []lead.Lead
		if slices.ContainsFunc(ts, func(t task.Task) bool { return t.EntityID > 0 }) {
			if leads, err = x.leads.ForContact(ctx, sess.Principal.Tenant, c.Owners()); err != nil {
				return nil, err
			}
		}
		names := x.namer(sess)
		out := make([]TaskView, 0, len(ts))
		for _, t := range ts {
			out = append(out, x.view(ctx, sess, t.At(now), leads, names))
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listTaskAssignees",
		Method:      http.MethodGet,
		Path:        "/pando/pandox/task/assignees",
		Summary:     "Who may hold a store's tasks",
		Description: "The active users of the store with a role that works customers, by last and first name: the users a task of the store may be assigned to; with the store's time zone, in which due times are chosen. The store must be one the caller may view (403).",
		Tags:        []string{"tasks"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *AssigneesInput) (*httpapi.Body[httpapi.Result[StoreAssignees]], error) {
		sess, st, err := x.d.Users.StoreSession(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		all, err := x.d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := StoreAssignees{AccountPlatformID: st.AccountPlatformID, StoreName: st.Name, TimeZone: st.TimeZone, Users: []Assignee{}}
		for _, p := range all {
			if user.Employee(p) && task.Holds(p, in.AccountPlatformID) == "" {
				out.Users = append(out.Users, Assignee{UserID: p.UserID, Name: p.DisplayName(), Roles: p.Roles})
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

// viewContact returns the caller's session and customer id: NotFound when the caller may not
// view it.
func (x *area) viewContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, _, err := x.contacts.ForSession(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}

// namer returns a function naming the users of the caller's dealer group, reading each once.
func (x *area) namer(sess user.Session) func(ctx context.Context, id string) string {
	known := map[string]string{}
	return func(ctx context.Context, id string) string {
		if id == "" {
			return ""
		}
		if n, ok := known[id]; ok {
			return n
		}
		n := ""
		if p, _, err := x.d.Users.Profile(ctx, sess.Principal.Tenant, id); err == nil {
			n = p.DisplayName()
		}
		known[id] = n
		return n
	}
}

// view returns t as the caller sees it in the list.
func (x *area) view(ctx context.Context, sess user.Session, t task.Task, leads []lead.Lead, names func(context.Context, string) string) TaskView {
	v := TaskView{Task: t, AssignedUserName: names(ctx, t.AssignedUserID),
		CanChange: t.Open() && task.MayChange(t, sess.Principal.UserID, sess.Profile.Roles, sess.Principal.ViewStores)}
	if st, ok := storeOf(sess, t.AccountPlatformID); ok {
		v.StoreName, v.TimeZone = st.Name, st.TimeZone
	}
	if t.EntityID > 0 {
		if i := slices.IndexFunc(leads, func(l lead.Lead) bool { return l.ID == t.EntityID }); i >= 0 {
			l := leads[i]
			v.Lead = &LeadRef{CrmLeadID: l.ID, LeadStatusID: int(l.DisplayStatus()), Vehicle: chosenVehicle(l)}
		}
	}
	return v
}

// storeOf returns the caller's dealer group's store id.
func storeOf(sess user.Session, id int64) (struct{ Name, TimeZone string }, bool) {
	for _, st := range sess.Stores {
		if st.AccountPlatformID == id {
			return struct{ Name, TimeZone string }{st.Name, st.TimeZone}, true
		}
	}
	return struct{ Name, TimeZone string }{}, false
}

// chosenVehicle describes the lead's chosen vehicle of interest.
func chosenVehicle(l lead.Lead) string {
	if len(l.Vehicles) == 0 {
		return ""
	}
	v := l.Vehicles[0]
	for _, c := range l.Vehicles {
		if c.IsPrimary {
			v = c
		}
	}
	year := ""
	if v.Year > 0 {
		year = strconv.Itoa(v.Year)
	}
	if s := strings.Join(strings.Fields(strings.Join([]string{year, v.Make, v.Model, v.Trim}, " ")), " "); s != "" {
		return s
	}
	return cmp.Or(v.VIN, v.StockNumber)
}

func (x *area) registerChanges(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	actionOp := httpapi.Ops(http.MethodPost, []string{"tasks"}, errs...)
	action := func(a task.Action, id, summary, desc string) {
		httpapi.Register(api, actionOp(id, "/pando/pandox/task/"+string(a), summary,
			desc+" Allowed to the user the task is assigned to and to managers of its store (403 otherwise), while the task is open: a completed or cancelled task, or a version other than the task's, is refused with 409 and nothing changes. Publishes the change's event and records it in the customer's activity."), func(ctx context.Context, in *ActionInput) (*httpapi.Body[httpapi.Result[TaskView]], error) {
			return x.change(ctx, in.Body, task.Change{Action: a}, nil)
		})
	}
	action(task.Complete, "completeTask", "Complete a task", "Marks the task completed, by the caller, now.")
	action(task.Cancel, "cancelTask", "Cancel a task", "Marks the task cancelled, by the caller, now.")

	httpapi.Register(api, huma.Operation{
		OperationID: "rescheduleTask",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/task/reschedule",
		Summary:     "Reschedule a task",
		Description: "Moves the task's due time to localDueDt, read in the time zone of the task's store: it must exist there (not in the hour skipped when clocks go forward; of a repeated hour, the first) and be from now on, to the minute (400 otherwise). An overdue task is pending again. Allowed to the user the task is assigned to and to managers of its store (403 otherwise), while the task is open: a completed or cancelled task, or a version other than the task's, is refused with 409 and nothing changes. Publishes TaskRescheduled and records it in the customer's activity.",
		Tags:        []string{"tasks"},
		Errors:      errs,
	}, func(ctx context.Context, in *RescheduleInput) (*httpapi.Body[httpapi.Result[TaskView]], error) {
		return x.change(ctx, in.Body.TaskRef, task.Change{Action: task.Reschedule}, func(sess user.Session, t task.Task, ch *task.Change) error {
			tz := ""
			if st, ok := storeOf(sess, t.AccountPlatformID); ok {
				tz = st.TimeZone
			}
			due, err := task.ParseLocalDue(in.Body.LocalDueDt, tz, x.now(), "localDueDt")
			ch.DueAt = due
			return err
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "reassignTask",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/task/reassign",
		Summary:     "Reassign a task",
		Description: "Assigns the task to another user, who must be an active user of the task's store with a role that works customers (400 naming why not). Allowed to the user the task is assigned to and to managers of its store (403 otherwise), while the task is open: a completed or cancelled task, or a version other than the task's, is refused with 409 and nothing changes. Publishes TaskReassigned and records it in the customer's activity.",
		Tags:        []string{"tasks"},
		Errors:      errs,
	}, func(ctx context.Context, in *ReassignInput) (*httpapi.Body[httpapi.Result[TaskView]], error) {
		return x.change(ctx, in.Body.TaskRef, task.Change{Action: task.Reassign, AssignedUserID: in.Body.AssignedUserID}, func(sess user.Session, t task.Task, ch *task.Change) error {
			return x.mayHold(ctx, sess, ch.AssignedUserID, t.AccountPlatformID)
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createTask",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/task",
		Summary:     "Add a task",
		Description: "Adds a pending task about the customer (and one of its leads, if entityId names one) to the customer's store, or to the lead's. The due time is read in the store's time zone and must exist there and be from now on (400 otherwise); the assigned user must be an active user of the store with a role that works customers (400 naming why not). Needs a role that works customers and a customer the caller may edit. Publishes TaskCreated and records it in the customer's activity.",
		Tags:        []string{"tasks"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *CreateInput) (*httpapi.Body[httpapi.Result[TaskView]], error) {
		return x.create(ctx, in)
	})
}

// mayHold checks that userID may hold a task of store storeID: an Invalid error naming why not.
func (x *area) mayHold(ctx context.Context, sess user.Session, userID string, storeID int64) error {
	return task.CheckHolder(ctx, x.d.Users, sess.Principal.Tenant, userID, storeID, func(why string) error {
		return apperr.InvalidFields("The user cannot hold this task.", map[string]string{"assignedPandoUserId": why})
	})
}

// find returns task id of customer c (or of a customer merged into it), as the caller may see
// it: NotFound when it does not exist or is of a store the caller may not view.
func (x *area) find(ctx context.Context, sess user.Session, c contact.Contact, id string) (task.Task, error) {
	for _, owner := range c.Owners() {
		t, err := x.tasks.Get(ctx, sess.Principal.Tenant, owner, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return task.Task{}, err
		}
		if !sess.Principal.CanView(t.AccountPlatformID) {
			break
		}
		return t, nil
	}
	return task.Task{}, apperr.Errorf(apperr.NotFound, task.MsgNotFound)
}

// change makes ch to the task ref names, after prepare (if any) completed and checked ch
// against the task, and answers the task as changed.
func (x *area) change(ctx context.Context, ref TaskRef, ch task.Change, prepare func(user.Session, task.Task, *task.Change) error) (*httpapi.Body[httpapi.Result[TaskView]], error) {
	sess, c, err := x.viewContact(ctx, ref.ContactID)
	if err != nil {
		return nil, err
	}
	t, err := x.find(ctx, sess, c, ref.TaskID)
	if err != nil {
		return nil, err
	}
	ch.Version, ch.By, ch.Actor = ref.Version, sess.Principal.UserID, sess.Principal.ActorUserID
	now := x.now()
	// The task's state and version are checked first, so a closed or stale task is refused as
	// such whatever else the request holds: a change made on a view that another change (a
	// reassignment, say) has overtaken is a 409, not a judgement on the task as it is now.
	if err := task.Changeable(t, ch.Action, ch.Version); err != nil {
		return nil, err
	}
	if !task.MayChange(t, sess.Principal.UserID, sess.Profile.Roles, sess.Principal.ViewStores) {
		return nil, apperr.Errorf(apperr.Forbidden, "Only the user the task is assigned to and the store's managers may change it.")
	}
	if prepare != nil {
		if err := prepare(sess, t, &ch); err != nil {
			return nil, err
		}
	}
	saved, e, err := x.tasks.Apply(ctx, sess.Principal.Tenant, t, ch, now)
	if err != nil {
		return nil, err
	}
	names := x.namer(sess)
	x.record(ctx, sess, t, saved, e, names)
	return x.reply(ctx, sess, c, saved, names)
}

// reply answers the task as the list shows it.
func (x *area) reply(ctx context.Context, sess user.Session, c contact.Contact, t task.Task, names func(context.Context, string) string) (*httpapi.Body[httpapi.Result[TaskView]], error) {
	var leads []lead.Lead
	if t.EntityID > 0 {
		var err error
		if leads, err = x.leads.ForContact(ctx, sess.Principal.Tenant, c.Owners()); err != nil {
			return nil, err
		}
	}
	return httpapi.Reply(httpapi.OK(x.view(ctx, sess, t.At(x.now()), leads, names))), nil
}

func (x *area) create(ctx context.Context, in *CreateInput) (*httpapi.Body[httpapi.Result[TaskView]], error) {
	b := in.Body
	fields := map[string]string{}
	if !slices.Contains(Types(), b.TaskType) {
		fields["taskType"] = "Choose the task type: " + strings.Join(Types(), ", ") + "."
	}
	name := strings.TrimSpace(b.Name)
	if utf8.RuneCountInString(name) > maxName {
		fields["taskName"] = fmt.Sprintf("The task must be at most %d characters.", maxName)
	}
	desc := strings.TrimSpace(b.Description)
	if utf8.RuneCountInString(desc) > maxDescription {
		fields["taskDescription"] = fmt.Sprintf("The description must be at most %d characters.", maxDescription)
	}
	if strings.TrimSpace(b.LocalDueDt) == "" {
		fields["localDueDt"] = "Enter the due date and time."
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields("The task is not valid.", fields)
	}
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, b.ContactID)
	if err != nil {
		return nil, err
	}
	storeID := c.AccountPlatformID
	var leads []lead.Lead
	if b.EntityID > 0 {
		if leads, err = x.leads.ForContact(ctx, sess.Principal.Tenant, c.Owners()); err != nil {
			return nil, err
		}
		i := slices.IndexFunc(leads, func(l lead.Lead) bool { return l.ID == b.EntityID })
		if i < 0 || !sess.Principal.CanView(leads[i].AccountPlatformID) {
			return nil, apperr.InvalidFields("The task is not valid.", map[string]string{"entityId": "Choose one of the customer's leads."})
		}
		storeID = leads[i].AccountPlatformID
	}
	tz := ""
	if st, ok := storeOf(sess, storeID); ok {
		tz = st.TimeZone
	}
	now := x.now()
	due, err := task.ParseLocalDue(b.LocalDueDt, tz, now, "localDueDt")
	if err != nil {
		return nil, err
	}
	assignee := cmp.Or(b.AssignedUserID, sess.Principal.UserID)
	if err := x.mayHold(ctx, sess, assignee, storeID); err != nil {
		return nil, err
	}
	t := task.Task{
		ID: newID(), ContactID: c.ID, EntityID: b.EntityID, AccountPlatformID: storeID, AssignedUserID: assignee,
		TaskType: b.TaskType, Name: cmp.Or(name, b.TaskType), Description: desc, DueAt: due, Status: task.StatusPending,
		CreatedAt: now.UTC(), CreatedBy: sess.Principal.UserID,
	}
	saved, e, err := x.tasks.Add(ctx, sess.Principal.Tenant, t, sess.Principal.UserID, sess.Principal.ActorUserID)
	if err != nil {
		return nil, err
	}
	names := x.namer(sess)
	x.record(ctx, sess, task.Task{}, saved, e, names)
	return httpapi.Reply(httpapi.OK(x.view(ctx, sess, saved.At(now), leads, names))), nil
}

// newID returns a new task id.
func newID() string {
	var b [10]byte
	rand.Read(b[:])
	return "T-" + hex.EncodeToString(b[:])
}

// record records event e, the change of task before into after, in the customer's activity,
// keyed by the event's id. The task is saved already: a failure is logged with the event's id,
// for the event to be replayed (its key makes the replay record once).
func (x *area) record(ctx context.Context, sess user.Session, before, after task.Task, e eventbus.Event, names func(context.Context, string) string) {
	tz := ""
	if st, ok := storeOf(sess, after.AccountPlatformID); ok {
		tz = st.TimeZone
	}
	when := func(t time.Time) string {
		loc, err := time.LoadLocation(tz)
		if err != nil {
			loc = time.UTC
		}
		return t.In(loc).Format("Jan 2, 2006 3:04 PM MST")
	}
	var text string
	details := map[string]string{"taskId": after.ID, "taskType": after.TaskType, "taskStatus": after.Status, "assignedPandoUserId": after.AssignedUserID, "event": e.Type}
	if after.EntityID > 0 {
		details["entityId"] = strconv.FormatInt(after.EntityID, 10)
	}
	switch e.Type {
	case task.EventCreated:
		text = fmt.Sprintf("Task added: %s (%s, due %s), assigned to %s", after.Name, after.TaskType, when(after.DueAt), cmp.Or(names(ctx, after.AssignedUserID), after.AssignedUserID))
	case task.EventCompleted:
		text = "Task completed: " + after.Name
	case task.EventCancelled:
		text = "Task cancelled: " + after.Name
	case task.EventRescheduled:
		text = fmt.Sprintf("Task rescheduled: %s, due %s (was %s)", after.Name, when(after.DueAt), when(before.DueAt))
		details["fromDueAt"] = before.DueAt.UTC().Format(time.RFC3339)
	case task.EventReassigned:
		text = fmt.Sprintf("Task reassigned: %s, to %s (was %s)", after.Name, cmp.Or(names(ctx, after.AssignedUserID), after.AssignedUserID), cmp.Or(names(ctx, before.AssignedUserID), before.AssignedUserID))
		details["fromAssignedPandoUserId"] = before.AssignedUserID
	}
	details["dueAt"] = after.DueAt.UTC().Format(time.RFC3339)
	_, _, err := x.activity.Record(ctx, sess.Principal.Tenant, activity.New{
		ContactID: after.ContactID, AccountPlatformID: after.AccountPlatformID, Kind: activity.KindTask, Text: text, Details: details,
		UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID, Key: e.ID,
	})
	if err != nil {
		x.log.ErrorContext(ctx, "record task activity", "event", e.ID, "type", e.Type, "err", err)
	}
}
