package rule

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Group is a rule group: a store's named folder of rules of one type.
type Group struct {
	ID                int64  `json:"id" required:"false" readOnly:"true"`
	Name              string `json:"name" maxLength:"100"`
	RuleGroupTypeID   int    `json:"ruleGroupTypeId" minimum:"1" maximum:"4" doc:"1 general, 2 sold follow-up, 3 lease follow-up, 4 service."`
	RuleGroupTypeName string `json:"ruleGroupTypeName" required:"false" readOnly:"true"`
	AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
	SeedStatus        int    `json:"seedStatus" required:"false" readOnly:"true" doc:"0 not seeded, 1 seeded, 2 reseeded."`
	CreatedBy         string `json:"createuser,omitempty" required:"false" readOnly:"true"`
}

// Seed statuses of a rule group.
const (
	SeedNone     = 0
	SeedSeeded   = 1
	SeedReseeded = 2
)

func groupKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("G#"+strconv.FormatInt(id, 10), "RULEGROUP")
}

// Groups returns the rule groups of stores (nil for every store), by store and name.
func (r *Repo) Groups(ctx context.Context, t store.Tenant, stores []int64) ([]Group, error) {
	part, err := t.Partition("RULEGROUP")
	if err != nil {
		return nil, err
	}
	all, err := store.QueryAll[Group](ctx, r.s, store.Query{Partition: part, SortPrefix: "G#", Limit: 500})
	if err != nil {
		return nil, fmt.Errorf("rule groups: %w", err)
	}
	out := []Group{}
	for _, g := range all {
		if stores == nil || slices.Contains(stores, g.AccountPlatformID) {
			g.RuleGroupTypeName = GroupTypeName(g.RuleGroupTypeID)
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b Group) int {
		if a.AccountPlatformID != b.AccountPlatformID {
			return int(a.AccountPlatformID - b.AccountPlatformID)
		}
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out, nil
}

// Group returns rule group id; a NotFound error when there is none.
func (r *Repo) Group(ctx context.Context, t store.Tenant, id int64) (Group, error) {
	k, err := groupKey(t, id)
	if err != nil {
		return Group{}, err
	}
	var g Group
	if _, err := r.s.Get(ctx, k, &g); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Group{}, apperr.Errorf(apperr.NotFound, "The rule group does not exist.")
		}
		return Group{}, err
	}
	g.RuleGroupTypeName = GroupTypeName(g.RuleGroupTypeID)
	return g, nil
}

// CreateGroup creates rule group g for userID. A name the store's groups have already is a
// Conflict error.
func (r *Repo) CreateGroup(ctx context.Context, t store.Tenant, g Group, userID string) (Group, error) {
	g.Name = strings.TrimSpace(g.Name)
	fields := map[string]string{}
	if g.Name == "" {
		fields["name"] = "Enter the rule group's name."
	}
	if GroupTypeName(g.RuleGroupTypeID) == "" {
		fields["ruleGroupTypeId"] = "Choose the rule group's type."
	}
	if len(fields) == 0 {
		existing, err := r.Groups(ctx, t, []int64{g.AccountPlatformID})
		if err != nil {
			return Group{}, err
		}
		if slices.ContainsFunc(existing, func(x Group) bool { return strings.EqualFold(x.Name, g.Name) }) {
			return Group{}, &apperr.Error{Code: apperr.Conflict, Message: "The store has a rule group of that name already.", Fields: map[string]string{"name": "The store has a rule group of that name already."}}
		}
	}
	if len(fields) > 0 {
		return Group{}, apperr.InvalidFields("The rule group is not valid.", fields)
	}
	g.ID, g.SeedStatus, g.CreatedBy = NewID(), SeedNone, userID
	g.RuleGroupTypeName = GroupTypeName(g.RuleGroupTypeID)
	k, err := groupKey(t, g.ID)
	if err != nil {
		return Group{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: "RuleGroup", Value: g}); err != nil {
		return Group{}, err
	}
	return g, nil
}

// DeleteGroup deletes rule group id of stores. A group that still holds rules that are not
// archived is a Conflict error.
func (r *Repo) DeleteGroup(ctx context.Context, t store.Tenant, id int64, stores []int64) error {
	g, err := r.Group(ctx, t, id)
	if err != nil {
		return err
	}
	if stores != nil && !slices.Contains(stores, g.AccountPlatformID) {
		return apperr.Errorf(apperr.NotFound, "The rule group does not exist.")
	}
	rules, err := r.ForStore(ctx, t, g.AccountPlatformID, false)
	if err != nil {
		return err
	}
	for _, ts := range rules {
		if ts.RuleGroupID == id {
			return apperr.Errorf(apperr.Conflict, "The rule group still holds rules. Move or archive them first.")
		}
	}
	k, err := groupKey(t, id)
	if err != nil {
		return err
	}
	return r.s.Transact(ctx, store.RemoveOp(k))
}

// setSeedStatus stores g with seed status st.
func (r *Repo) setSeedStatus(ctx context.Context, t store.Tenant, g Group, st int) error {
	g.SeedStatus = st
	k, err := groupKey(t, g.ID)
	if err != nil {
		return err
	}
	_, err = r.s.Put(ctx, store.Record{Key: k, Type: "RuleGroup", Value: g})
	return err
}

// SeedRule is one rule a sold or lease follow-up group is seeded with.
type SeedRule struct {
	Key     string
	Name    string
	Trigger int64
	Tasks   []Task
}

// Seeds returns the rules a group of type groupType is seeded with; none for types other than
// sold and lease follow-up.
func Seeds(groupType int) []SeedRule {
	call := func(name string, unit, n int) Task {
		return Task{Name: name, ActionTypeID: 1, DueUnit: unit, DueDuration: n, Terminators: []Trigger{}, TriggerSetTaskNotifications: []Notification{}}
	}
	switch groupType {
	case GroupSoldFollowUp:
		return []SeedRule{
			{"sold-thanks", "Sold: thank-you call", ActivityLeadSoldDelivered, []Task{call("Thank-you call", UnitDays, 1)}},
			{"sold-checkin", "Sold: 30-day check-in", ActivityLeadSoldDelivered, []Task{call("30-day check-in call", UnitDays, 30)}},
		}
	case GroupLeaseFollowUp:
		return []SeedRule{
			{"lease-welcome", "Lease: welcome call", ActivityLeadSoldDelivered, []Task{call("Lease welcome call", UnitDays, 2)}},
			{"lease-endterm", "Lease: end-of-term review", ActivityLeadSoldDelivered, []Task{call("End-of-term review call", UnitMonths, 33)}},
		}
	}
	return nil
}

// SeedStatus returns the store's rule group of type groupType and its seed status; a NotFound
// error when the store has none.
func (r *Repo) SeedStatus(ctx context.Context, t store.Tenant, storeID int64, groupType int) (Group, error) {
	groups, err := r.Groups(ctx, t, []int64{storeID})
	if err != nil {
		return Group{}, err
	}
	for _, g := range groups {
		if g.RuleGroupTypeID == groupType {
			return g, nil
		}
	}
	return Group{AccountPlatformID: storeID, RuleGroupTypeID: groupType, RuleGroupTypeName: GroupTypeName(groupType), SeedStatus: SeedNone}, nil
}

// Reseed seeds the store's rule group of type groupType (sold or lease follow-up only; any other
// type is an Invalid error), creating the group when the store has none: the group's seeded
// rules are archived and the seed rules created afresh, disabled. It returns the group.
func (r *Repo) Reseed(ctx context.Context, t store.Tenant, storeID int64, groupType int, userID string) (Group, error) {
	seeds := Seeds(groupType)
	if len(seeds) == 0 {
		return Group{}, apperr.Errorf(apperr.Invalid, "Only sold follow-up and lease follow-up rule groups can be reseeded.")
	}
	g, err := r.SeedStatus(ctx, t, storeID, groupType)
	if err != nil {
		return Group{}, err
	}
	if g.ID == 0 {
		if g, err = r.CreateGroup(ctx, t, Group{Name: GroupTypeName(groupType), RuleGroupTypeID: groupType, AccountPlatformID: storeID}, userID); err != nil {
			return Group{}, err
		}
	}
	rules, err := r.ForStore(ctx, t, storeID, false)
	if err != nil {
		return Group{}, err
	}
	for _, ts := range rules {
		if ts.RuleGroupID == g.ID && ts.Seeded != "" {
			if _, err := r.change(ctx, t, ts.ID, nil, userID, func(x *TriggerSet) error { x.Deleted, x.Enabled = true, false; return nil }); err != nil {
				return Group{}, err
			}
		}
	}
	now := r.Now()
	for _, sd := range seeds {
		ts := TriggerSet{
			ID: NewID(), AccountPlatformIDs: []int64{storeID}, RuleGroupID: g.ID, LeadTypeID: 1, Name: sd.Name,
			Triggers: []Trigger{{ActivityTypeID: sd.Trigger}}, Terminators: []Trigger{}, TriggerSetTasks: slices.Clone(sd.Tasks),
			TriggerSetNotifications: []Notification{}, TriggerSetFilters: []Filter{}, Vehicles: []Vehicle{}, Seeded: sd.Key,
			CreatedAt: &now, CreatedBy: userID, UpdatedAt: &now, UpdatedBy: userID,
		}
		ts.AccountID, _ = strconv.ParseInt(t.Account(), 10, 64)
		assignIDs(&ts, TriggerSet{})
		ops, err := r.writeOps(t, ts, TriggerSet{}, true, userID, now)
		if err != nil {
			return Group{}, err
		}
		if err := r.s.Transact(ctx, ops...); err != nil {
			return Group{}, fmt.Errorf("seed rule %s: %w", sd.Key, err)
		}
	}
	st := SeedSeeded
	if g.SeedStatus != SeedNone {
		st = SeedReseeded
	}
	if err := r.setSeedStatus(ctx, t, g, st); err != nil {
		return Group{}, err
	}
	g.SeedStatus = st
	return g, nil
}

type actionTypes struct {
	Types []ActionType
}

func actionsKey(t store.Tenant) (store.Key, error) { return t.Key("ACTIONTYPES", "RULEACTIONS") }

// ActionTypes returns the dealer group's action types (DefaultActionTypes until it saves its
// own).
func (r *Repo) ActionTypes(ctx context.Context, t store.Tenant) ([]ActionType, error) {
	k, err := actionsKey(t)
	if err != nil {
		return nil, err
	}
	var a actionTypes
	if _, err := r.s.Get(ctx, k, &a); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return DefaultActionTypes(), nil
		}
		return nil, err
	}
	return a.Types, nil
}

// ActionTypesRead returns the read of the dealer group's action types, for a caller that
// batches it with other reads (store.BatchGet), and what ActionTypes answers once it was read.
func (r *Repo) ActionTypesRead(t store.Tenant) (*store.Read, func() []ActionType, error) {
	k, err := actionsKey(t)
	if err != nil {
		return nil, nil, err
	}
	var a actionTypes
	rd := &store.Read{Key: k, Out: &a}
	return rd, func() []ActionType {
		if !rd.Found {
			return DefaultActionTypes()
		}
		return a.Types
	}, nil
}

// MsgSaveFailed is the message of an action type save that failed.
const MsgSaveFailed = "There was a problem with the save"

// SaveActionTypes replaces the dealer group's action types. Each needs a name and a known
// activity type (or none); ids are unique; the action types rules' tasks use cannot be removed.
// Any failure is an Invalid error with MsgSaveFailed and nothing changes.
func (r *Repo) SaveActionTypes(ctx context.Context, t store.Tenant, types []ActionType, inUse []int64) ([]ActionType, error) {
	fields := map[string]string{}
	seen := map[int64]bool{}
	for i, a := range types {
		a.Name = strings.TrimSpace(a.Name)
		types[i] = a
		if a.Name == "" {
			fields[fmt.Sprintf("[%d].name", i)] = "Enter the action type's name."
		}
		if a.ID < 1 || seen[a.ID] {
			fields[fmt.Sprintf("[%d].id", i)] = "Each action type needs its own id."
		}
		seen[a.ID] = true
		if a.ActivityTypeID != 0 {
			if _, ok := ActivityTypeOf(a.ActivityTypeID); !ok {
				fields[fmt.Sprintf("[%d].activityTypeId", i)] = "Choose a known activity type."
			}
		}
	}
	for _, id := range inUse {
		if !seen[id] {
			fields["actionTypes"] = "An action type that rules' tasks use cannot be removed."
		}
	}
	if len(types) == 0 {
		fields["actionTypes"] = "Keep at least one action type."
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(MsgSaveFailed, fields)
	}
	k, err := actionsKey(t)
	if err != nil {
		return nil, err
	}
	if _, err := r.s.Put(ctx, store.Record{Key: k, Type: "RuleActionTypes", Value: actionTypes{Types: types}}); err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, MsgSaveFailed)
	}
	return types, nil
}
