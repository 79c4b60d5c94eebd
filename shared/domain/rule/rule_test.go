package rule_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/google/go-cmp/cmp"
)

func TestPrepareSave(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    rule.TriggerSet
		check func(t *testing.T, got rule.TriggerSet)
	}{
		{"an id below zero is new", rule.TriggerSet{ID: -3}, func(t *testing.T, got rule.TriggerSet) {
			if got.ID != 0 {
				t.Errorf("ID = %d, want 0", got.ID)
			}
		}},
		{"a positive id is kept", rule.TriggerSet{ID: 42}, func(t *testing.T, got rule.TriggerSet) {
			if got.ID != 42 {
				t.Errorf("ID = %d, want 42", got.ID)
			}
		}},
		{"lead type defaults to 1", rule.TriggerSet{}, func(t *testing.T, got rule.TriggerSet) {
			if got.LeadTypeID != 1 {
				t.Errorf("LeadTypeID = %d, want 1", got.LeadTypeID)
			}
		}},
		{"triggers and terminators without activity type are dropped", rule.TriggerSet{
			Triggers:        []rule.Trigger{{ActivityTypeID: 0}, {ActivityTypeID: 1}, {ActivityTypeID: 0}},
			Terminators:     []rule.Trigger{{ActivityTypeID: 0}, {ActivityTypeID: 13}},
			TriggerSetTasks: []rule.Task{{Terminators: []rule.Trigger{{ActivityTypeID: 0}, {ActivityTypeID: 4}}}},
		}, func(t *testing.T, got rule.TriggerSet) {
			if d := cmp.Diff([]rule.Trigger{{ActivityTypeID: 1}}, got.Triggers); d != "" {
				t.Errorf("Triggers (-want +got):\n%s", d)
			}
			if d := cmp.Diff([]rule.Trigger{{ActivityTypeID: 13}}, got.Terminators); d != "" {
				t.Errorf("Terminators (-want +got):\n%s", d)
			}
			if d := cmp.Diff([]rule.Trigger{{ActivityTypeID: 4}}, got.TriggerSetTasks[0].Terminators); d != "" {
				t.Errorf("task Terminators (-want +got):\n%s", d)
			}
		}},
		{"unsaved deleted task notifications are dropped, saved deleted ones kept for removal", rule.TriggerSet{
			TriggerSetTasks: []rule.Task{{TriggerSetTaskID: -1, TriggerSetTaskNotifications: []rule.Notification{
				{TriggerSetTaskNotificationID: -5, Deleted: true, UserIDs: []string{"u"}},
				{TriggerSetTaskNotificationID: 77, Deleted: true, UserIDs: []string{"u"}},
				{TriggerSetTaskNotificationID: -6, UserIDs: []string{"u"}, OnEvent: 2},
			}}},
		}, func(t *testing.T, got rule.TriggerSet) {
			ns := got.TriggerSetTasks[0].TriggerSetTaskNotifications
			if len(ns) != 2 || ns[0].TriggerSetTaskNotificationID != 77 || ns[1].TriggerSetTaskNotificationID != 0 {
				t.Errorf("notifications = %+v, want the saved deleted one and the new one", ns)
			}
			if got.TriggerSetTasks[0].TriggerSetTaskID != 0 {
				t.Errorf("task id = %d, want 0 (new)", got.TriggerSetTasks[0].TriggerSetTaskID)
			}
			if got.TriggerSetTasks[0].DueUnit != rule.UnitMinutes {
				t.Errorf("due unit = %d, want the default 1", got.TriggerSetTasks[0].DueUnit)
			}
		}},
		{"stock list stored comma separated", rule.TriggerSet{TriggerSetFilters: []rule.Filter{{FilterID: rule.FilterStockNumbers, FilterValue: []any{"a1", " B2 ", "a1"}}}},
			func(t *testing.T, got rule.TriggerSet) {
				if got.TriggerSetFilters[0].FilterValue != "A1,B2" {
					t.Errorf("stock list = %v, want A1,B2", got.TriggerSetFilters[0].FilterValue)
				}
			}},
		{"time since deal end before is stored negative", rule.TriggerSet{TriggerSetFilters: []rule.Filter{{FilterID: rule.FilterDealEnd, FilterValue: float64(30), SelectedDurationDelayType: "before"}}},
			func(t *testing.T, got rule.TriggerSet) {
				if got.TriggerSetFilters[0].FilterValue != "-30" {
					t.Errorf("deal end = %v, want -30", got.TriggerSetFilters[0].FilterValue)
				}
			}},
		{"time since deal end after is stored positive", rule.TriggerSet{TriggerSetFilters: []rule.Filter{{FilterID: rule.FilterDealEnd, FilterValue: "-12", SelectedDurationDelayType: "after"}}},
			func(t *testing.T, got rule.TriggerSet) {
				if got.TriggerSetFilters[0].FilterValue != "12" {
					t.Errorf("deal end = %v, want 12", got.TriggerSetFilters[0].FilterValue)
				}
			}},
		{"bool filter stored as text", rule.TriggerSet{TriggerSetFilters: []rule.Filter{{FilterID: rule.FilterNewVehicle, FilterValue: true}}},
			func(t *testing.T, got rule.TriggerSet) {
				if got.TriggerSetFilters[0].FilterValue != "true" || !got.TriggerSetFilters[0].IsBoolType {
					t.Errorf("bool filter = %+v", got.TriggerSetFilters[0])
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.check(t, rule.PrepareSave(tt.in))
		})
	}
}

func TestOnEventBecomesNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		body string
		want rule.FlexInt
		bad  bool
	}{
		{`{"onEvent":2}`, 2, false},
		{`{"onEvent":"3"}`, 3, false},
		{`{"onEvent":""}`, 0, false},
		{`{"onEvent":null}`, 0, false},
		{`{"onEvent":"x"}`, 0, true},
		{`{"onEvent":1.5}`, 0, true},
	}
	for _, tt := range tests {
		var n rule.Notification
		err := json.Unmarshal([]byte(tt.body), &n)
		if (err != nil) != tt.bad {
			t.Errorf("%s: err = %v, want error %v", tt.body, err, tt.bad)
			continue
		}
		if !tt.bad && n.OnEvent != tt.want {
			t.Errorf("%s: onEvent = %d, want %d", tt.body, n.OnEvent, tt.want)
		}
		if !tt.bad {
			out, _ := json.Marshal(n)
			var m map[string]any
			_ = json.Unmarshal(out, &m)
			if _, ok := m["onEvent"].(float64); !ok {
				t.Errorf("%s: answered onEvent %v is not a number", tt.body, m["onEvent"])
			}
		}
	}
}

func TestPrepareLoad(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		filter rule.Filter
		want   rule.Filter
	}{
		{"bool true", rule.Filter{FilterID: rule.FilterNewVehicle, FilterValue: "true"}, rule.Filter{FilterID: rule.FilterNewVehicle, FilterValue: true, IsBoolType: true}},
		{"bool false", rule.Filter{FilterID: rule.FilterHasSalesOwner, FilterValue: "false"}, rule.Filter{FilterID: rule.FilterHasSalesOwner, FilterValue: false, IsBoolType: true}},
		{"int", rule.Filter{FilterID: rule.FilterLeadType, FilterValue: "2"}, rule.Filter{FilterID: rule.FilterLeadType, FilterValue: int64(2)}},
		{"duration", rule.Filter{FilterID: rule.FilterLeadAgeDays, FilterValue: "14"}, rule.Filter{FilterID: rule.FilterLeadAgeDays, FilterValue: int64(14)}},
		{"float", rule.Filter{FilterID: rule.FilterMinPrice, FilterValue: "25000.5"}, rule.Filter{FilterID: rule.FilterMinPrice, FilterValue: 25000.5}},
		{"stock list joined", rule.Filter{FilterID: rule.FilterStockNumbers, FilterValue: []any{"A1", "B2"}}, rule.Filter{FilterID: rule.FilterStockNumbers, FilterValue: "A1,B2"}},
		{"deal end before", rule.Filter{FilterID: rule.FilterDealEnd, FilterValue: "-30"}, rule.Filter{FilterID: rule.FilterDealEnd, FilterValue: int64(30), SelectedDurationDelayType: "before"}},
		{"deal end after", rule.Filter{FilterID: rule.FilterDealEnd, FilterValue: "45"}, rule.Filter{FilterID: rule.FilterDealEnd, FilterValue: int64(45), SelectedDurationDelayType: "after"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := rule.PrepareLoad(rule.TriggerSet{TriggerSetFilters: []rule.Filter{tt.filter}})
			if d := cmp.Diff(tt.want, got.TriggerSetFilters[0]); d != "" {
				t.Errorf("filter (-want +got):\n%s", d)
			}
		})
	}
}

func TestLoadWorkSchedule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		task rule.Task
		want bool
	}{
		{"days, positive, manual: off", rule.Task{DueUnit: rule.UnitDays, DueDuration: 2, UseWorkSchedule: true}, false},
		{"weeks, positive, manual: off", rule.Task{DueUnit: rule.UnitWeeks, DueDuration: 1, UseWorkSchedule: true}, false},
		{"hours: kept", rule.Task{DueUnit: rule.UnitHours, DueDuration: 2, UseWorkSchedule: true}, true},
		{"days, zero duration: kept", rule.Task{DueUnit: rule.UnitDays, DueDuration: 0, UseWorkSchedule: true}, true},
		{"days, automated: kept", rule.Task{DueUnit: rule.UnitDays, DueDuration: 3, AutomatedTask: true, UseWorkSchedule: true}, true},
	}
	for _, tt := range tests {
		got := rule.PrepareLoad(rule.TriggerSet{TriggerSetTasks: []rule.Task{tt.task}})
		if got.TriggerSetTasks[0].UseWorkSchedule != tt.want {
			t.Errorf("%s: useWorkSchedule = %v, want %v", tt.name, got.TriggerSetTasks[0].UseWorkSchedule, tt.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	in := rule.TriggerSet{TriggerSetFilters: []rule.Filter{
		{FilterID: rule.FilterDealEnd, FilterValue: float64(30), SelectedDurationDelayType: "before"},
		{FilterID: rule.FilterStockNumbers, FilterValue: "x1, x2"},
		{FilterID: rule.FilterMinPrice, FilterValue: "100.25"},
	}}
	got := rule.PrepareLoad(rule.PrepareSave(in)).TriggerSetFilters
	want := []rule.Filter{
		{FilterID: rule.FilterDealEnd, FilterValue: int64(30), SelectedDurationDelayType: "before"},
		{FilterID: rule.FilterStockNumbers, FilterValue: "X1,X2"},
		{FilterID: rule.FilterMinPrice, FilterValue: 100.25},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("round trip (-want +got):\n%s", d)
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	valid := func() rule.TriggerSet {
		return rule.PrepareSave(rule.TriggerSet{
			Name: "New internet lead", AccountPlatformIDs: []int64{7},
			Triggers:                []rule.Trigger{{ActivityTypeID: rule.ActivityNewLead}},
			TriggerSetTasks:         []rule.Task{{Name: "Call", ActionTypeID: 1, DueUnit: 1, DueDuration: 15}},
			TriggerSetNotifications: []rule.Notification{{RecipientType: "user", UserIDs: []string{"u1"}, OnEvent: 2}},
			TriggerSetFilters:       []rule.Filter{{FilterID: rule.FilterLeadType, FilterValue: "1"}},
		})
	}
	tests := []struct {
		name  string
		edit  func(*rule.TriggerSet)
		field string
	}{
		{"valid", func(*rule.TriggerSet) {}, ""},
		{"no name", func(r *rule.TriggerSet) { r.Name = "" }, "name"},
		{"no store", func(r *rule.TriggerSet) { r.AccountPlatformIDs = nil }, "accountPlatformIds"},
		{"two stores", func(r *rule.TriggerSet) { r.AccountPlatformIDs = []int64{7, 8} }, "accountPlatformIds"},
		{"no trigger", func(r *rule.TriggerSet) { r.Triggers = nil }, "triggers"},
		{"unknown trigger", func(r *rule.TriggerSet) { r.Triggers[0].ActivityTypeID = 999 }, "triggers[0].activityTypeId"},
		{"task without name", func(r *rule.TriggerSet) { r.TriggerSetTasks[0].Name = "" }, "triggerSetTasks[0].name"},
		{"bad due unit", func(r *rule.TriggerSet) { r.TriggerSetTasks[0].DueUnit = 9 }, "triggerSetTasks[0].dueUnit"},
		{"unknown action", func(r *rule.TriggerSet) { r.TriggerSetTasks[0].ActionTypeID = 99 }, "triggerSetTasks[0].actionTypeId"},
		{"automated without template", func(r *rule.TriggerSet) { r.TriggerSetTasks[0].AutomatedTask = true }, "triggerSetTasks[0].emailTemplate"},
		{"user recipient without users", func(r *rule.TriggerSet) { r.TriggerSetNotifications[0].UserIDs = nil }, "triggerSetNotifications[0].userIds"},
		{"enterprise to users", func(r *rule.TriggerSet) { r.TriggerSetNotifications[0].EnterpriseNotification = true }, "triggerSetNotifications[0].recipientType"},
		{"unknown on-event", func(r *rule.TriggerSet) { r.TriggerSetNotifications[0].OnEvent = 7 }, "triggerSetNotifications[0].onEvent"},
		{"int filter not a number", func(r *rule.TriggerSet) { r.TriggerSetFilters[0].FilterValue = "abc" }, "triggerSetFilters[0].filterValue"},
		{"unknown filter", func(r *rule.TriggerSet) { r.TriggerSetFilters[0].FilterID = 99 }, "triggerSetFilters[0].filterId"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := valid()
			tt.edit(&r)
			err := rule.Validate(r, rule.DefaultActionTypes())
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate = %v, want nil", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid || e.Fields[tt.field] == "" {
				t.Errorf("Validate = %v, want invalid naming %s", err, tt.field)
			}
		})
	}
}

func TestDueAt(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	def := workhours.New(nil, ny)
	// A store open 8:00 to 17:00 on weekdays and 10:00 to 14:00 on Sundays, closed on Saturdays.
	own := workhours.Hours{
		{Day: "Sunday", Open: "10:00", Close: "14:00"}, {Day: "Monday", Open: "08:00", Close: "17:00"},
		{Day: "Tuesday", Open: "08:00", Close: "17:00"}, {Day: "Wednesday", Open: "08:00", Close: "17:00"},
		{Day: "Thursday", Open: "08:00", Close: "17:00"}, {Day: "Friday", Open: "08:00", Close: "17:00"},
		{Day: "Saturday", Closed: true},
	}
	store := workhours.New(own, ny)
	// Friday 2026-11-20 16:00 UTC is 11:00 in New York.
	start := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	local := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, ny).UTC() }
	tests := []struct {
		name  string
		task  rule.Task
		sched workhours.Schedule
		start time.Time
		want  time.Time
	}{
		{"15 minutes", rule.Task{DueUnit: rule.UnitMinutes, DueDuration: 15}, def, start, start.Add(15 * time.Minute)},
		{"2 hours", rule.Task{DueUnit: rule.UnitHours, DueDuration: 2}, def, start, start.Add(2 * time.Hour)},
		{"1 day", rule.Task{DueUnit: rule.UnitDays, DueDuration: 1}, def, start, start.AddDate(0, 0, 1)},
		{"1 week", rule.Task{DueUnit: rule.UnitWeeks, DueDuration: 1}, def, start, start.AddDate(0, 0, 7)},
		{"10 hours past closing moves to next working morning", rule.Task{DueUnit: rule.UnitHours, DueDuration: 10, UseWorkSchedule: true}, def, start,
			local(2026, 11, 21, 9, 0)},
		{"within hours stays", rule.Task{DueUnit: rule.UnitHours, DueDuration: 2, UseWorkSchedule: true}, def, start, start.Add(2 * time.Hour)},
		{"saturday evening moves past sunday", rule.Task{DueUnit: rule.UnitDays, DueDuration: 1, UseWorkSchedule: true}, def, start,
			local(2026, 11, 21, 11, 0)},
		{"sunday moves to monday", rule.Task{DueUnit: rule.UnitDays, DueDuration: 2, UseWorkSchedule: true}, def, start,
			local(2026, 11, 23, 9, 0)},
		{"the store's own hours: past closing moves to its Sunday opening", rule.Task{DueUnit: rule.UnitHours, DueDuration: 7, UseWorkSchedule: true}, store, start,
			local(2026, 11, 22, 10, 0)},
		{"the store's own hours: its closed Saturday", rule.Task{DueUnit: rule.UnitDays, DueDuration: 1, UseWorkSchedule: true}, store, start,
			local(2026, 11, 22, 10, 0)},
		{"the store's own hours: its open Sunday stays", rule.Task{DueUnit: rule.UnitDays, DueDuration: 2, UseWorkSchedule: true}, store, start,
			local(2026, 11, 22, 11, 0)},
		{"without the work schedule the hours do not matter", rule.Task{DueUnit: rule.UnitDays, DueDuration: 1}, store, start, local(2026, 11, 21, 11, 0)},
		// The clocks go back on Sunday 2026-11-01: a day later is 11:00 by the clocks, 25 hours on.
		{"a day over the fall-back night keeps the clock time", rule.Task{DueUnit: rule.UnitDays, DueDuration: 1, UseWorkSchedule: true}, def,
			local(2026, 10, 30, 11, 0), local(2026, 10, 31, 11, 0)},
		{"hours over the fall-back weekend", rule.Task{DueUnit: rule.UnitHours, DueDuration: 12, UseWorkSchedule: true}, def,
			local(2026, 10, 31, 18, 0), local(2026, 11, 2, 9, 0)},
		// The clocks go forward on Sunday 2026-03-08.
		{"a week over spring forward keeps the clock time", rule.Task{DueUnit: rule.UnitWeeks, DueDuration: 1, UseWorkSchedule: true}, def,
			local(2026, 3, 3, 10, 0), local(2026, 3, 10, 10, 0)},
		{"spring-forward sunday open at the store", rule.Task{DueUnit: rule.UnitHours, DueDuration: 4, UseWorkSchedule: true}, store,
			local(2026, 3, 7, 22, 0), local(2026, 3, 8, 10, 0)},
	}
	for _, tt := range tests {
		if got := rule.DueAt(tt.task, tt.start, tt.sched); !got.Equal(tt.want) {
			t.Errorf("%s: DueAt = %v, want %v", tt.name, got.In(ny), tt.want.In(ny))
		}
	}
}
