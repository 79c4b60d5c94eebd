package rule_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

var epoch = time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)

func newRepo(t *testing.T) (*rule.Repo, store.Tenant) {
	t.Helper()
	s := dynamotest.Store(t).WithClock(func() time.Time { return epoch })
	tn, err := store.NewTenant("100")
	if err != nil {
		t.Fatal(err)
	}
	return rule.NewRepo(s), tn
}

func callRule(storeID int64) rule.TriggerSet {
	return rule.TriggerSet{
		ID: -1, Name: "New internet lead", AccountPlatformIDs: []int64{storeID},
		Triggers:    []rule.Trigger{{ActivityTypeID: rule.ActivityNewLead}, {ActivityTypeID: 0}},
		Terminators: []rule.Trigger{{ActivityTypeID: rule.ActivityLeadLost}},
		TriggerSetTasks: []rule.Task{{TriggerSetTaskID: -1, Name: "Call the customer", ActionTypeID: 1, DueUnit: 1, DueDuration: 15,
			TriggerSetTaskNotifications: []rule.Notification{
				{TriggerSetTaskNotificationID: -1, UserIDs: []string{"u1"}, OnEvent: 1, RecipientType: "user"},
				{TriggerSetTaskNotificationID: -2, UserIDs: []string{"u1"}, OnEvent: 2, RecipientType: "user", Deleted: true},
			}}},
		TriggerSetFilters: []rule.Filter{{FilterID: rule.FilterLeadType, FilterValue: float64(1)}},
	}
}

func TestSaveAndLoad(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, tn := newRepo(t)
	saved, err := r.Save(ctx, tn, callRule(2001), []int64{2001}, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if saved.ID <= 0 || saved.Enabled || saved.Version != 1 || saved.CreatedBy != "admin" {
		t.Fatalf("new rule = id %d enabled %v version %d by %q; want a new disabled rule at version 1", saved.ID, saved.Enabled, saved.Version, saved.CreatedBy)
	}
	if len(saved.Triggers) != 1 || saved.TriggerSetTasks[0].TriggerSetTaskID <= 0 || len(saved.TriggerSetTasks[0].TriggerSetTaskNotifications) != 1 {
		t.Fatalf("saved = %+v; want the empty trigger and the unsaved deleted notification dropped, ids assigned", saved)
	}
	got, err := r.Get(ctx, tn, saved.ID, []int64{2001})
	if err != nil {
		t.Fatal(err)
	}
	if got.TriggerSetFilters[0].FilterValue != int64(1) {
		t.Errorf("loaded filter value = %#v, want int64 1", got.TriggerSetFilters[0].FilterValue)
	}
	if _, err := r.Get(ctx, tn, saved.ID, []int64{2002}); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Get from another store = %v, want NotFound", err)
	}
	other, _ := store.NewTenant("200")
	if _, err := r.Get(ctx, other, saved.ID, nil); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Get from another dealer group = %v, want NotFound", err)
	}

	// An update at the read version; then the same stale version is refused.
	got.Name = "New internet lead: call"
	got.TriggerSetTasks[0].TriggerSetTaskNotifications[0].Deleted = true
	upd, err := r.Save(ctx, tn, got, []int64{2001}, "editor")
	if err != nil {
		t.Fatal(err)
	}
	if upd.Version != 2 || upd.UpdatedBy != "editor" || upd.CreatedBy != "admin" || len(upd.TriggerSetTasks[0].TriggerSetTaskNotifications) != 0 {
		t.Errorf("updated = version %d by %q created by %q notes %d", upd.Version, upd.UpdatedBy, upd.CreatedBy, len(upd.TriggerSetTasks[0].TriggerSetTaskNotifications))
	}
	if upd.TriggerSetTasks[0].TriggerSetTaskID != saved.TriggerSetTasks[0].TriggerSetTaskID {
		t.Errorf("task id changed on update")
	}
	if _, err := r.Save(ctx, tn, got, []int64{2001}, "late"); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("stale save = %v, want Conflict", err)
	}
	moved := upd
	moved.AccountPlatformIDs = []int64{2002}
	if _, err := r.Save(ctx, tn, moved, []int64{2001, 2002}, "x"); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("moving a rule to another store = %v, want Invalid", err)
	}
	if _, err := r.Save(ctx, tn, callRule(2002), []int64{2001}, "x"); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("saving in a store not viewable = %v, want Invalid", err)
	}

	// The change log names who changed which field.
	log, total, err := r.ChangeLog(ctx, tn, rule.TableTriggerSet, saved.ID, []int64{2001}, 1, 25)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range log {
		if e.FieldName == "name" && e.OldValue == "New internet lead" && e.NewValue == "New internet lead: call" && e.ChangedBy == "editor" {
			found = true
		}
	}
	if !found || total < 2 {
		t.Errorf("change log = %+v (total %d), want the name change by editor", log, total)
	}
	if _, _, err := r.ChangeLog(ctx, tn, rule.TableTriggerSet, saved.ID, []int64{2002}, 1, 25); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("change log of a rule of another store = %v, want NotFound", err)
	}
	all, _, err := r.ChangeLog(ctx, tn, rule.TableTriggerSet, 0, []int64{2002}, 1, 25)
	if err != nil || len(all) != 0 {
		t.Errorf("table change log for store 2002 = %d entries, %v; want none", len(all), err)
	}
}

func TestStates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, tn := newRepo(t)
	saved, err := r.Save(ctx, tn, callRule(2001), nil, "admin")
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		name    string
		do      func() (rule.TriggerSet, error)
		code    apperr.Code
		enabled bool
		deleted bool
	}
	archive := func() (rule.TriggerSet, error) {
		cur, err := r.Get(ctx, tn, saved.ID, nil)
		if err != nil {
			return cur, err
		}
		cur.Deleted = true
		return r.Save(ctx, tn, cur, nil, "admin")
	}
	steps := []step{
		{"activate", func() (rule.TriggerSet, error) { return r.SetEnabled(ctx, tn, saved.ID, true, nil, "admin") }, "", true, false},
		{"save keeps enabled", func() (rule.TriggerSet, error) {
			cur, _ := r.Get(ctx, tn, saved.ID, nil)
			return r.Save(ctx, tn, cur, nil, "admin")
		}, "", true, false},
		{"deactivate", func() (rule.TriggerSet, error) { return r.SetEnabled(ctx, tn, saved.ID, false, nil, "admin") }, "", false, false},
		{"unarchive a live rule", func() (rule.TriggerSet, error) { return r.Unarchive(ctx, tn, saved.ID, nil, "admin") }, apperr.Conflict, false, false},
		{"archive", archive, "", false, true},
		{"activate archived", func() (rule.TriggerSet, error) { return r.SetEnabled(ctx, tn, saved.ID, true, nil, "admin") }, apperr.Conflict, false, true},
		{"unarchive", func() (rule.TriggerSet, error) { return r.Unarchive(ctx, tn, saved.ID, nil, "admin") }, "", false, false},
		{"other store", func() (rule.TriggerSet, error) { return r.SetEnabled(ctx, tn, saved.ID, true, []int64{9}, "admin") }, apperr.NotFound, false, false},
	}
	for _, s := range steps {
		_, err := s.do()
		if apperr.CodeOf(err) != s.code && !(s.code == "" && err == nil) {
			t.Fatalf("%s: err = %v, want %q", s.name, err, s.code)
		}
		cur, err := r.Get(ctx, tn, saved.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if cur.Enabled != s.enabled || cur.Deleted != s.deleted {
			t.Errorf("%s: enabled %v deleted %v, want %v %v", s.name, cur.Enabled, cur.Deleted, s.enabled, s.deleted)
		}
	}
}

func TestGroupsAndReseed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, tn := newRepo(t)
	g, err := r.CreateGroup(ctx, tn, rule.Group{Name: "Internet", RuleGroupTypeID: rule.GroupGeneral, AccountPlatformID: 2001}, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.CreateGroup(ctx, tn, rule.Group{Name: "internet", RuleGroupTypeID: rule.GroupGeneral, AccountPlatformID: 2001}, "admin"); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("duplicate group name = %v, want Conflict", err)
	}
	if _, err := r.Reseed(ctx, tn, 2001, rule.GroupGeneral, "admin"); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("reseed of a general group = %v, want Invalid", err)
	}
	rl := callRule(2001)
	rl.RuleGroupID = g.ID
	if _, err := r.Save(ctx, tn, rl, nil, "admin"); err != nil {
		t.Fatal(err)
	}
	if err := r.DeleteGroup(ctx, tn, g.ID, nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("delete of a group with rules = %v, want Conflict", err)
	}
	sold, err := r.Reseed(ctx, tn, 2001, rule.GroupSoldFollowUp, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if sold.SeedStatus != rule.SeedSeeded {
		t.Errorf("seed status = %d, want seeded", sold.SeedStatus)
	}
	again, err := r.Reseed(ctx, tn, 2001, rule.GroupSoldFollowUp, "admin")
	if err != nil || again.SeedStatus != rule.SeedReseeded || again.ID != sold.ID {
		t.Fatalf("reseed = %+v, %v", again, err)
	}
	rules, err := r.ForStore(ctx, tn, 2001, false)
	if err != nil {
		t.Fatal(err)
	}
	seeded := 0
	for _, x := range rules {
		if x.RuleGroupID == sold.ID {
			seeded++
			if x.Enabled {
				t.Errorf("seeded rule %q is enabled", x.Name)
			}
		}
	}
	if seeded != len(rule.Seeds(rule.GroupSoldFollowUp)) {
		t.Errorf("live seeded rules = %d, want %d (the first seeding archived)", seeded, len(rule.Seeds(rule.GroupSoldFollowUp)))
	}
	empty, _ := r.CreateGroup(ctx, tn, rule.Group{Name: "Spare", RuleGroupTypeID: rule.GroupService, AccountPlatformID: 2001}, "admin")
	if err := r.DeleteGroup(ctx, tn, empty.ID, []int64{2002}); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("delete from another store = %v, want NotFound", err)
	}
	if err := r.DeleteGroup(ctx, tn, empty.ID, []int64{2001}); err != nil {
		t.Errorf("delete = %v", err)
	}
}

func TestSaveActionTypes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, tn := newRepo(t)
	tests := []struct {
		name  string
		types []rule.ActionType
		inUse []int64
		ok    bool
	}{
		{"pairing saved", []rule.ActionType{{1, "Call", rule.ActivityPhoneCall}, {2, "Email", 0}, {9, "Video", rule.ActivityNote}}, nil, true},
		{"no name", []rule.ActionType{{1, " ", 0}}, nil, false},
		{"unknown activity", []rule.ActionType{{1, "Call", 999}}, nil, false},
		{"duplicate id", []rule.ActionType{{1, "Call", 0}, {1, "Again", 0}}, nil, false},
		{"removing one in use", []rule.ActionType{{2, "Email", 0}}, []int64{1}, false},
	}
	for _, tt := range tests {
		_, err := r.SaveActionTypes(ctx, tn, tt.types, tt.inUse)
		if tt.ok != (err == nil) {
			t.Errorf("%s: err = %v", tt.name, err)
		}
		if err != nil {
			if e, ok := apperr.As(err); !ok || e.Message != rule.MsgSaveFailed {
				t.Errorf("%s: message = %v, want %q", tt.name, err, rule.MsgSaveFailed)
			}
		}
	}
	got, err := r.ActionTypes(ctx, tn)
	if err != nil || len(got) != 3 || got[2].Name != "Video" {
		t.Errorf("ActionTypes = %+v, %v; want the saved three", got, err)
	}
}
