// Package rule keeps the workflow rules of a dealer group's stores: trigger sets (rules) with
// their triggers and terminators (activity types), tasks (due unit and duration, automated or
// not, work schedule) with their notifications, rule-level notifications and filters; rule
// groups; the dealer group's action types and their pairing with activity types; and the
// change log of every rule field. The engine (events/workflows) reads the enabled rules of a
// store and starts workflow instances (Instance) for customers.
//
// Save and load follow the product's rule editor: ids below zero are new; triggers and
// terminators without an activity type are dropped; task notifications deleted before they
// were ever saved are dropped; on-event values are numbers; filter values are typed on load
// (bool, int, duration, float), stock lists are joined by commas, and a time-since-deal-end
// filter is stored signed (negative for before) and shown as before/after with an absolute
// value; tasks with a due unit above hours, a positive duration and not automated do not use
// the work schedule. A new rule is disabled.
//
// Access patterns:
//
//	pattern                            index  key condition
//	a rule by id                       table  PK = A#{acct}#RULE#{id}, SK = RULE
//	the rules of a store               GSI1   GSI1PK = A#{acct}#RULES#{store}, begins_with(GSI1SK, "R#")
//	the stamp of a store's rules       table  PK = A#{acct}#RULES#{store}, SK = STAMP
//	a rule's change log, newest first  table  PK = A#{acct}#RULE#{id}, begins_with(SK, "LOG#"), descending
//	the change log of a table          GSI1   GSI1PK = A#{acct}#RULELOG#{table}, descending
//	the rule groups                    table  PK = A#{acct}#RULEGROUP, begins_with(SK, "G#")
//	the action types                   table  PK = A#{acct}#RULEACTIONS, SK = ACTIONTYPES
//	a contact's workflow instances     table  PK = A#{acct}#C#{contact}, begins_with(SK, "WF#")
//	a contact's running workflows      table  PK = A#{acct}#C#{contact}, SK = WFRUN
//	running workflows kept for all     table  PK = SYS#upgrade#running-workflows, SK = SYS
//	a rule's workflow instances        GSI2   GSI2PK = A#{acct}#WFRULE#{rule}, begins_with(GSI2SK, {status}#)
//	a store's workflow instances       GSI1   GSI1PK = A#{acct}#WFSTORE#{store}, GSI1SK = {started}#{id}
package rule

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/danielgtaylor/huma/v2"
)

// Due units of a rule task.
const (
	UnitMinutes = 1
	UnitHours   = 2
	UnitDays    = 3
	UnitWeeks   = 4
	UnitMonths  = 5
)

// On-event values of a notification: when it is sent.
const (
	OnOverdue   = 1
	OnStart     = 2
	OnCompleted = 3
)

// Recipient types of a notification.
const (
	RecipientUser  = "user"
	RecipientGroup = "group"
	RecipientRole  = "role"
)

// Duration delay types of a time-since-deal-end filter.
const (
	DelayBefore = "before"
	DelayAfter  = "after"
)

// Trigger is an activity type that starts (trigger) or ends (terminator) a rule's workflow.
type Trigger struct {
	ActivityTypeID int64 `json:"activityTypeId" required:"false" doc:"The activity type; triggers and terminators without one are dropped on save."`
}

// FlexInt is a number the rule editor may send as a number or as digits in a string; it is
// always answered as a number.
type FlexInt int64

// UnmarshalJSON reads a number, a string of digits, an empty string or null (0).
func (f *FlexInt) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" || s == `""` {
		*f = 0
		return nil
	}
	s = strings.Trim(s, `"`)
	n, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || n != math.Trunc(n) {
		return fmt.Errorf("onEvent %s is not a whole number", string(b))
	}
	*f = FlexInt(n)
	return nil
}

// Notification tells users, a group or a role's users of a rule's or a task's events.
type Notification struct {
	TriggerSetNotificationID     int64    `json:"triggerSetNotificationId,omitempty" required:"false" doc:"The id of a rule notification; below zero for a new one."`
	TriggerSetTaskNotificationID int64    `json:"triggerSetTaskNotificationId,omitempty" required:"false" doc:"The id of a task notification; below zero for a new one."`
	UserIDs                      []string `json:"userIds" required:"false" maxItems:"50"`
	GroupID                      string   `json:"groupId,omitempty" required:"false" maxLength:"64"`
	RoleID                       string   `json:"roleId,omitempty" required:"false" maxLength:"64"`
	OnEvent                      FlexInt  `json:"onEvent" required:"false" doc:"1 overdue, 2 on start, 3 completed; digits in a string are read as the number."`
	RecipientType                string   `json:"recipientType" required:"false" enum:"user,group,role," doc:"user, group or role."`
	EnterpriseNotification       bool     `json:"enterpriseNotification" required:"false" doc:"Sent to the role's users of every store of the dealer group; enterprise notifications use role recipients."`
	Message                      string   `json:"message,omitempty" required:"false" maxLength:"500" text:"multiline" doc:"The text sent; tokens such as {CustomerName} are replaced (GET /pando/pandox/triggers/notification/tokens)."`
	Deleted                      bool     `json:"Deleted,omitempty" required:"false" doc:"Set to delete the notification on save; one never saved is dropped."`
}

// Task is one task a rule's workflow creates.
type Task struct {
	TriggerSetTaskID            int64          `json:"triggerSetTaskId" required:"false" doc:"Below zero for a new task."`
	TriggerSetID                int64          `json:"triggerSetId" required:"false" readOnly:"true"`
	Name                        string         `json:"name" required:"false" maxLength:"100"`
	Description                 string         `json:"description,omitempty" required:"false" maxLength:"1000" text:"multiline"`
	ActionTypeID                int64          `json:"actionTypeId" required:"false" doc:"What the task is (call, e-mail, text, ...): GET /pando/pandox/actiontypes."`
	DueUnit                     int            `json:"dueUnit" required:"false" doc:"1 minutes, 2 hours, 3 days, 4 weeks, 5 months; default 1."`
	DueDuration                 int            `json:"dueDuration" required:"false" minimum:"0" maximum:"100000"`
	AutomatedTask               bool           `json:"automatedTask" required:"false" doc:"Done by the system at its due time (an automated e-mail) and recorded in the customer's activity."`
	EmailTemplate               string         `json:"emailTemplate,omitempty" required:"false" maxLength:"100" doc:"The template an automated e-mail task sends."`
	UseWorkSchedule             bool           `json:"useWorkSchedule" required:"false" doc:"Due times falling outside the store's working hours move to the next working hour."`
	Terminators                 []Trigger      `json:"terminators" required:"false" maxItems:"20"`
	TriggerSetTaskNotifications []Notification `json:"triggerSetTaskNotifications" required:"false" maxItems:"20"`
}

// Filter narrows the events that start a rule. FilterValue is typed on load by the filter's
// type (see FilterTypes); it is stored as text.
type Filter struct {
	FilterID                  int64  `json:"filterId" doc:"The filter type: see GET /pando/pandox/actiontypes filterTypes."`
	FilterValue               any    `json:"filterValue" required:"false" doc:"A boolean, a number, or text (a stock list is comma separated)."`
	IsBoolType                bool   `json:"isBoolType" required:"false"`
	SelectedDurationDelayType string `json:"selectedDurationDelayType,omitempty" required:"false" enum:"before,after," doc:"For time since deal end: before (stored negative) or after."`
}

// Vehicle narrows a rule to leads about a make, model or trim.
type Vehicle struct {
	Make  string `json:"make" required:"false" maxLength:"50"`
	Model string `json:"model,omitempty" required:"false" maxLength:"50"`
	Trim  string `json:"trim,omitempty" required:"false" maxLength:"50"`
}

// TriggerSet is a rule.
type TriggerSet struct {
	ID                      int64          `json:"id" required:"false" doc:"Below zero (or 0) for a new rule."`
	AccountID               int64          `json:"accountId" required:"false" readOnly:"true"`
	AccountPlatformIDs      []int64        `json:"accountPlatformIds" minItems:"1" maxItems:"1" doc:"The rule's store."`
	RuleGroupID             int64          `json:"ruleGroupId" required:"false"`
	IsNewRule               bool           `json:"isNewRule" required:"false" readOnly:"true" doc:"True only for a rule the editor has not saved yet; every stored rule answers false."`
	LeadTypeID              int            `json:"leadTypeId" required:"false" doc:"Default 1."`
	Name                    string         `json:"name" maxLength:"100"`
	Description             string         `json:"description" required:"false" maxLength:"1000" text:"multiline"`
	Triggers                []Trigger      `json:"triggers" required:"false" maxItems:"20"`
	Terminators             []Trigger      `json:"terminators" required:"false" maxItems:"20"`
	Enabled                 bool           `json:"enabled" required:"false" readOnly:"true" doc:"Changed only by activate and deactivate; a new rule is disabled."`
	Rank                    int            `json:"rank" required:"false"`
	Deleted                 bool           `json:"deleted" required:"false"`
	TriggerSetTasks         []Task         `json:"triggerSetTasks" required:"false" maxItems:"30"`
	TriggerSetNotifications []Notification `json:"triggerSetNotifications" required:"false" maxItems:"20"`
	TriggerSetFilters       []Filter       `json:"triggerSetFilters" required:"false" maxItems:"20"`
	Vehicles                []Vehicle      `json:"vehicles" required:"false" maxItems:"50"`
	Version                 int64          `json:"version" required:"false" doc:"The version the rule was read at; a stale version is refused with 409."`
	Seeded                  string         `json:"seedKey,omitempty" required:"false" readOnly:"true" doc:"The seed template a seeded rule came from."`
	CreatedAt               *time.Time     `json:"createdt,omitempty" required:"false" readOnly:"true"`
	CreatedBy               string         `json:"createuser,omitempty" required:"false" readOnly:"true"`
	UpdatedAt               *time.Time     `json:"updatedt,omitempty" required:"false" readOnly:"true"`
	UpdatedBy               string         `json:"updateuser,omitempty" required:"false" readOnly:"true"`
}

// StoreID returns the rule's store.
func (r TriggerSet) StoreID() int64 {
	if len(r.AccountPlatformIDs) == 0 {
		return 0
	}
	return r.AccountPlatformIDs[0]
}

// keepTriggers drops triggers without an activity type.
func keepTriggers(ts []Trigger) []Trigger {
	out := []Trigger{}
	for _, t := range ts {
		if t.ActivityTypeID > 0 {
			out = append(out, t)
		}
	}
	return out
}

// PrepareSave applies the save rules to r as the editor sent it: new ids are those below zero
// (cleared to 0, the repository assigns them), triggers and terminators without an activity
// type are dropped, task notifications deleted before ever being saved are dropped, filter
// values are stored as text (stock lists as comma-separated text, time since deal end signed
// by its before/after). Validate checks the result.
func PrepareSave(r TriggerSet) TriggerSet {
	if r.ID < 0 {
		r.ID = 0
	}
	if r.LeadTypeID == 0 {
		r.LeadTypeID = 1
	}
	r.Name = strings.TrimSpace(r.Name)
	r.Triggers = keepTriggers(r.Triggers)
	r.Terminators = keepTriggers(r.Terminators)
	tasks := make([]Task, 0, len(r.TriggerSetTasks))
	for _, t := range r.TriggerSetTasks {
		if t.TriggerSetTaskID < 0 {
			t.TriggerSetTaskID = 0
		}
		if t.DueUnit == 0 {
			t.DueUnit = UnitMinutes
		}
		t.Name = strings.TrimSpace(t.Name)
		t.Terminators = keepTriggers(t.Terminators)
		notes := make([]Notification, 0, len(t.TriggerSetTaskNotifications))
		for _, n := range t.TriggerSetTaskNotifications {
			if n.TriggerSetTaskNotificationID <= 0 {
				if n.Deleted {
					continue
				}
				n.TriggerSetTaskNotificationID = 0
			}
			n.TriggerSetNotificationID = 0
			notes = append(notes, prepareNote(n))
		}
		t.TriggerSetTaskNotifications = notes
		tasks = append(tasks, t)
	}
	r.TriggerSetTasks = tasks
	notes := make([]Notification, 0, len(r.TriggerSetNotifications))
	for _, n := range r.TriggerSetNotifications {
		if n.TriggerSetNotificationID <= 0 {
			if n.Deleted {
				continue
			}
			n.TriggerSetNotificationID = 0
		}
		n.TriggerSetTaskNotificationID = 0
		notes = append(notes, prepareNote(n))
	}
	r.TriggerSetNotifications = notes
	filters := make([]Filter, 0, len(r.TriggerSetFilters))
	for _, f := range r.TriggerSetFilters {
		filters = append(filters, storeFilter(f))
	}
	r.TriggerSetFilters = filters
	if r.Vehicles == nil {
		r.Vehicles = []Vehicle{}
	}
	return r
}

func prepareNote(n Notification) Notification {
	if n.UserIDs == nil {
		n.UserIDs = []string{}
	}
	if n.RecipientType == "" {
		switch {
		case n.RoleID != "":
			n.RecipientType = RecipientRole
		case n.GroupID != "":
			n.RecipientType = RecipientGroup
		default:
			n.RecipientType = RecipientUser
		}
	}
	n.Message = strings.TrimSpace(n.Message)
	return n
}

// storeFilter returns f with its value as the text it is stored as.
func storeFilter(f Filter) Filter {
	ft, _ := FilterTypeOf(f.FilterID)
	text := valueText(f.FilterValue)
	switch ft.Kind {
	case KindBool:
		f.IsBoolType = true
		b, err := strconv.ParseBool(strings.ToLower(text))
		if err != nil {
			b = text == "1"
		}
		text = strconv.FormatBool(b)
	case KindStockList:
		parts := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == '\n' || r == ';' })
		clean := []string{}
		for _, p := range parts {
			if p = strings.ToUpper(strings.TrimSpace(p)); p != "" && !slices.Contains(clean, p) {
				clean = append(clean, p)
			}
		}
		text = strings.Join(clean, ",")
	case KindDealEnd:
		if n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64); err == nil {
			if n < 0 {
				n = -n
			}
			if f.SelectedDurationDelayType == DelayBefore {
				n = -n
			}
			text = strconv.FormatInt(n, 10)
		}
		f.SelectedDurationDelayType = ""
	}
	f.FilterValue = strings.TrimSpace(text)
	return f
}

// valueText returns a filter value the editor sent as text: a list is joined by commas.
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		return x.String()
	case []any:
		parts := make([]string, 0, len(x))
		for _, p := range x {
			parts = append(parts, valueText(p))
		}
		return strings.Join(parts, ",")
	case []string:
		return strings.Join(x, ",")
	default:
		return fmt.Sprint(x)
	}
}

// PrepareLoad applies the load rules to a stored rule: filter values typed by their filter
// type, stock lists joined by commas, time since deal end split into before/after and an
// absolute value, and useWorkSchedule false for tasks due in days or longer with a positive
// duration that are not automated.
func PrepareLoad(r TriggerSet) TriggerSet {
	filters := make([]Filter, 0, len(r.TriggerSetFilters))
	for _, f := range r.TriggerSetFilters {
		filters = append(filters, loadFilter(f))
	}
	r.TriggerSetFilters = filters
	tasks := make([]Task, 0, len(r.TriggerSetTasks))
	for _, t := range r.TriggerSetTasks {
		if t.DueUnit > UnitHours && t.DueDuration > 0 && !t.AutomatedTask {
			t.UseWorkSchedule = false
		}
		t.TriggerSetID = r.ID
		if t.Terminators == nil {
			t.Terminators = []Trigger{}
		}
		if t.TriggerSetTaskNotifications == nil {
			t.TriggerSetTaskNotifications = []Notification{}
		}
		tasks = append(tasks, t)
	}
	r.TriggerSetTasks = tasks
	for _, s := range []*[]Trigger{&r.Triggers, &r.Terminators} {
		if *s == nil {
			*s = []Trigger{}
		}
	}
	if r.TriggerSetNotifications == nil {
		r.TriggerSetNotifications = []Notification{}
	}
	if r.Vehicles == nil {
		r.Vehicles = []Vehicle{}
	}
	return r
}

// loadFilter returns f with its stored text typed by its filter type.
func loadFilter(f Filter) Filter {
	ft, _ := FilterTypeOf(f.FilterID)
	text := strings.TrimSpace(valueText(f.FilterValue))
	switch ft.Kind {
	case KindBool:
		f.IsBoolType = true
		b, _ := strconv.ParseBool(strings.ToLower(text))
		f.FilterValue = b
	case KindInt, KindDuration:
		n, _ := strconv.ParseInt(text, 10, 64)
		f.FilterValue = n
	case KindFloat:
		x, _ := strconv.ParseFloat(text, 64)
		f.FilterValue = x
	case KindStockList:
		f.FilterValue = valueText(f.FilterValue)
	case KindDealEnd:
		n, _ := strconv.ParseInt(text, 10, 64)
		f.SelectedDurationDelayType = DelayAfter
		if n < 0 {
			f.SelectedDurationDelayType = DelayBefore
			n = -n
		}
		f.FilterValue = n
	default:
		f.FilterValue = text
	}
	return f
}

// Validate checks a rule prepared for save (PrepareSave): a name, one store, known activity
// types, due units and filter types, whole-number filter values where numbers are expected, and
// recipients for every notification. Field errors name the fields as the editor does.
func Validate(r TriggerSet, actions []ActionType) error {
	fields := map[string]string{}
	if r.Name == "" {
		fields["name"] = "Enter the rule's name."
	}
	if len(r.AccountPlatformIDs) != 1 || r.AccountPlatformIDs[0] < 1 {
		fields["accountPlatformIds"] = "Choose the rule's store."
	}
	checkTriggers := func(path string, ts []Trigger) {
		for i, t := range ts {
			if _, ok := ActivityTypeOf(t.ActivityTypeID); !ok {
				fields[fmt.Sprintf("%s[%d].activityTypeId", path, i)] = "Choose a known activity type."
			}
		}
	}
	checkTriggers("triggers", r.Triggers)
	checkTriggers("terminators", r.Terminators)
	if len(r.Triggers) == 0 {
		fields["triggers"] = "Add at least one trigger."
	}
	checkNote := func(path string, n Notification) {
		if n.Deleted {
			return
		}
		switch n.RecipientType {
		case RecipientUser:
			if len(n.UserIDs) == 0 {
				fields[path+".userIds"] = "Choose the users to notify."
			}
		case RecipientGroup:
			if n.GroupID == "" {
				fields[path+".groupId"] = "Choose the group to notify."
			}
		case RecipientRole:
			if n.RoleID == "" {
				fields[path+".roleId"] = "Choose the role to notify."
			}
		default:
			fields[path+".recipientType"] = "Choose user, group or role."
		}
		if n.EnterpriseNotification && n.RecipientType != RecipientRole {
			fields[path+".recipientType"] = "Enterprise notifications go to a role."
		}
		if n.OnEvent < OnOverdue || n.OnEvent > OnCompleted {
			fields[path+".onEvent"] = "Choose when to notify."
		}
	}
	for i, t := range r.TriggerSetTasks {
		p := fmt.Sprintf("triggerSetTasks[%d]", i)
		if t.Name == "" {
			fields[p+".name"] = "Enter the task's name."
		}
		if t.DueUnit < UnitMinutes || t.DueUnit > UnitMonths {
			fields[p+".dueUnit"] = "Choose minutes, hours, days, weeks or months."
		}
		if t.DueDuration < 0 {
			fields[p+".dueDuration"] = "The due duration cannot be negative."
		}
		if !slices.ContainsFunc(actions, func(a ActionType) bool { return a.ID == t.ActionTypeID }) {
			fields[p+".actionTypeId"] = "Choose what the task is."
		}
		if t.AutomatedTask && t.EmailTemplate == "" {
			fields[p+".emailTemplate"] = "Choose the e-mail template the automated task sends."
		}
		checkTriggers(p+".terminators", t.Terminators)
		for j, n := range t.TriggerSetTaskNotifications {
			checkNote(fmt.Sprintf("%s.triggerSetTaskNotifications[%d]", p, j), n)
		}
	}
	for i, n := range r.TriggerSetNotifications {
		checkNote(fmt.Sprintf("triggerSetNotifications[%d]", i), n)
	}
	for i, f := range r.TriggerSetFilters {
		p := fmt.Sprintf("triggerSetFilters[%d]", i)
		ft, ok := FilterTypeOf(f.FilterID)
		if !ok {
			fields[p+".filterId"] = "Choose a known filter."
			continue
		}
		text := valueText(f.FilterValue)
		switch ft.Kind {
		case KindInt, KindDuration, KindDealEnd:
			if _, err := strconv.ParseInt(text, 10, 64); err != nil {
				fields[p+".filterValue"] = "Enter a whole number."
			}
		case KindFloat:
			if _, err := strconv.ParseFloat(text, 64); err != nil {
				fields[p+".filterValue"] = "Enter a number."
			}
		case KindStockList:
			if text == "" {
				fields[p+".filterValue"] = "Enter at least one stock number."
			}
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The rule is not valid.", fields)
	}
	return nil
}

// Schema describes FlexInt in the API contract: a whole number, or digits in a string.
func (FlexInt) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{OneOf: []*huma.Schema{{Type: "integer"}, {Type: "string", Pattern: `^-?[0-9]*$`}}}
}
