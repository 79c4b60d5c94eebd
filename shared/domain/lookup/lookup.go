// Package lookup keeps the reference lists the web app reads instead of its own copies:
// countries with the US states (and DC, Puerto Rico) and the Canadian provinces and territories,
// contact cultures, call and note results, opportunity filter types, rule group types, reseed
// statuses, touchpoint results and reasons, task types, template categories and enums (deal
// types, sale types, date ranges, time delays, garage statuses, contract types).
//
// The lists are stored in the table, one item per list, in a global partition: Seed writes the
// reference lists (the demo seed and `go run ./scripts/lookups` call it; writing them again
// replaces them), and List reads one. A list that was never written reads as empty.
//
// Access patterns:
//
//	pattern             index  key condition
//	a reference list    table  PK = G#LOOKUP, SK = {list name}
package lookup

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Item is one entry of a reference list.
type Item struct {
	ID   int    `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
	// Parent is the entry of another list this one belongs to: a state's country, a touchpoint
	// result reason's result; 0 for none.
	Parent int `json:"parentId,omitempty" required:"false"`
}

// The lists' names.
const (
	Countries           = "countries"
	StateProvinces      = "state_provinces"
	ContactCultures     = "contact_culture"
	CallResults         = "action_results_log_call"
	NoteResults         = "action_results_log_note"
	FilterTypes         = "filter_type"
	RuleGroupTypes      = "rule_group_type"
	RuleReseedStatuses  = "rule_reseed_status"
	TouchpointResults   = "touchpoint_result"
	TouchpointReasons   = "touchpoint_result_reason"
	TaskTypes           = "task_types"
	TemplateCategories  = "template_categories"
	EnumDealTypes       = "enum_deal_types"
	EnumSaleTypes       = "enum_sale_types"
	EnumDateRanges      = "enum_date_ranges"
	EnumTimeDelays      = "enum_time_delays"
	EnumGarageStatuses  = "enum_garage_statuses"
	EnumContractTypes   = "enum_contract_types"
	EnumActivityFilters = "enum_activity_categories"
)

// Enums are the lists GET /crm/Lookup/enums answers, by the name it gives each.
var Enums = map[string]string{
	"dealTypes":          EnumDealTypes,
	"saleTypes":          EnumSaleTypes,
	"dateRanges":         EnumDateRanges,
	"timeDelays":         EnumTimeDelays,
	"garageStatuses":     EnumGarageStatuses,
	"contractTypes":      EnumContractTypes,
	"activityCategories": EnumActivityFilters,
}

// Repo reads and writes the reference lists.
type Repo struct{ s *store.Store }

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

type listItem struct {
	Items []Item
}

func key(name string) (store.Key, error) { return store.GlobalKey(name, "LOOKUP") }

// List returns list name; a list never written is empty.
func (r *Repo) List(ctx context.Context, name string) ([]Item, error) {
	k, err := key(name)
	if err != nil {
		return nil, err
	}
	var it listItem
	if _, err := r.s.Get(ctx, k, &it); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return []Item{}, nil
		}
		return nil, fmt.Errorf("lookup %s: %w", name, err)
	}
	if it.Items == nil {
		it.Items = []Item{}
	}
	return it.Items, nil
}

// Seed writes the reference lists, replacing what they held.
func Seed(ctx context.Context, s *store.Store) error {
	var recs []store.Record
	for name, items := range Reference() {
		k, err := key(name)
		if err != nil {
			return err
		}
		recs = append(recs, store.Record{Key: k, Type: "LookupList", Value: listItem{Items: items}})
	}
	if err := s.BatchPut(ctx, recs); err != nil {
		return fmt.Errorf("seed lookups: %w", err)
	}
	return nil
}
