package rules

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// VehicleCatalogue lists the vehicles a store deals in (make, model, trim), for the rule
// editor's vehicle filters.
type VehicleCatalogue interface {
	// Vehicles returns the distinct make, model and trim combinations of storeID.
	Vehicles(ctx context.Context, t store.Tenant, storeID int64) ([]rule.Vehicle, error)
}

// LeadVehicles is the catalogue read from the vehicles of interest of a store's leads.
type LeadVehicles struct {
	Leads *lead.Repo
}

var _ VehicleCatalogue = LeadVehicles{}

// Vehicles returns the makes, models and trims of the store's leads' vehicles of interest.
func (c LeadVehicles) Vehicles(ctx context.Context, t store.Tenant, storeID int64) ([]rule.Vehicle, error) {
	seen := map[rule.Vehicle]bool{}
	out := []rule.Vehicle{}
	f := lead.Filter{Stores: []int64{storeID}, Statuses: lead.DisplayStatuses()}
	err := c.Leads.Each(ctx, t, f, func(l lead.Lead) error {
		for _, v := range l.Vehicles {
			k := rule.Vehicle{Make: strings.TrimSpace(v.Make), Model: strings.TrimSpace(v.Model), Trim: strings.TrimSpace(v.Trim)}
			if k.Make != "" && !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
		return nil
	})
	return out, err
}

// FilterValuesInput is the request of PUT /api/TriggerSet/filterValues.
type FilterValuesInput struct {
	Body struct {
		FilterID          int64 `json:"filterId" minimum:"1"`
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1"`
	}
}

// FilterValue is one value a filter may take.
type FilterValue struct {
	Value any    `json:"value"`
	Name  string `json:"name"`
}

// FilterValues are a filter's type and the values it may take (none for free values).
type FilterValues struct {
	Filter rule.FilterType `json:"filter"`
	Values []FilterValue   `json:"values"`
}

// VehicleValuesInput is the request of the vehicle filter value calls.
type VehicleValuesInput struct {
	ModelID string `query:"modelId" doc:"The model whose trims are listed (trims only)."`
	Body    struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
		Make              string `json:"make,omitempty" required:"false" maxLength:"50" doc:"The make whose models (or trims) are listed."`
	}
}

// ActionTypesResult is the rule editor's lookups: action types with their activity types,
// activity types, filter types and rule group types.
type ActionTypesResult struct {
	ActionTypes   []rule.ActionType   `json:"actionTypes"`
	ActivityTypes []rule.ActivityType `json:"activityTypes"`
	FilterTypes   []rule.FilterType   `json:"filterTypes"`
	GroupTypes    []FilterValue       `json:"ruleGroupTypes"`
}

// SaveActionTypesInput is the request of POST /pando/pandox/saveactiontypes.
type SaveActionTypesInput struct {
	Body struct {
		ActionTypes []rule.ActionType `json:"actionTypes" maxItems:"100"`
	}
}

// EmptyInput is a request with no parameters.
type EmptyInput struct{}

func (x *area) registerLookups(api *httpapi.API) {
	errs := []int{400, 401, 403, 404}
	tags := []string{"rules"}
	httpapi.Register(api, huma.Operation{
		OperationID: "ruleFilterValues", Method: http.MethodPut, Path: "/api/TriggerSet/filterValues",
		Summary: "List the values of a rule filter", Description: "Lead types, the store's lead sources, true and false for yes/no filters; none for filters of free values.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *FilterValuesInput) (*httpapi.Body[httpapi.Result[FilterValues]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if err := viewStore(views, in.Body.AccountPlatformID); err != nil {
			return nil, err
		}
		ft, ok := rule.FilterTypeOf(in.Body.FilterID)
		if !ok {
			return nil, invalid("filterId", "Choose a known filter.")
		}
		out := FilterValues{Filter: ft, Values: []FilterValue{}}
		switch {
		case ft.ID == rule.FilterLeadType:
			for _, lt := range lead.Types() {
				out.Values = append(out.Values, FilterValue{Value: lt.LeadTypeID, Name: lt.Name})
			}
		case ft.ID == rule.FilterLeadSource:
			srcs, err := lead.NewRepo(x.d.Store, nil, x.d.Log).Sources(ctx, t, in.Body.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			for _, s := range srcs {
				out.Values = append(out.Values, FilterValue{Value: s.LeadSourceID, Name: s.Name})
			}
		case ft.Kind == rule.KindBool:
			out.Values = []FilterValue{{true, "Yes"}, {false, "No"}}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	valuesOp := httpapi.Ops(http.MethodPut, tags, errs...)
	vehicleOp := func(id, path, summary string, pick func(in *VehicleValuesInput, v rule.Vehicle) string) {
		httpapi.Register(api, valuesOp(id, path, summary, "From the vehicles the store's leads are about."), func(ctx context.Context, in *VehicleValuesInput) (*httpapi.Body[httpapi.Result[[]string]], error) {
			_, t, views, err := x.session(ctx)
			if err != nil {
				return nil, err
			}
			if err := viewStore(views, in.Body.AccountPlatformID); err != nil {
				return nil, err
			}
			vs, err := x.vehicles.Vehicles(ctx, t, in.Body.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			out := []string{}
			for _, v := range vs {
				if s := pick(in, v); s != "" && !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, s) }) {
					out = append(out, s)
				}
			}
			slices.SortFunc(out, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
			return httpapi.Reply(httpapi.OK(out)), nil
		})
	}
	sameMake := func(in *VehicleValuesInput, v rule.Vehicle) bool {
		return in.Body.Make == "" || strings.EqualFold(in.Body.Make, v.Make)
	}
	vehicleOp("ruleFilterMakes", "/api/TriggerSet/filterValues/vehicle", "List the makes a rule may filter on",
		func(_ *VehicleValuesInput, v rule.Vehicle) string { return v.Make })
	vehicleOp("ruleFilterModels", "/api/TriggerSet/filterValues/vehicle/models", "List the models of a make a rule may filter on",
		func(in *VehicleValuesInput, v rule.Vehicle) string {
			if sameMake(in, v) {
				return v.Model
			}
			return ""
		})
	vehicleOp("ruleFilterTrims", "/api/TriggerSet/filterValues/vehicle/trims", "List the trims of a model a rule may filter on",
		func(in *VehicleValuesInput, v rule.Vehicle) string {
			if sameMake(in, v) && strings.EqualFold(in.ModelID, v.Model) {
				return v.Trim
			}
			return ""
		})
	httpapi.Register(api, huma.Operation{
		OperationID: "ruleNotificationTokens", Method: http.MethodGet, Path: "/pando/pandox/triggers/notification/tokens",
		Summary: "List the tokens of notification messages", Tags: tags, Errors: errs,
	}, func(ctx context.Context, _ *EmptyInput) (*httpapi.Body[httpapi.Result[[]rule.Token]], error) {
		return httpapi.Reply(httpapi.OK(rule.Tokens())), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "ruleActionTypes", Method: http.MethodGet, Path: "/pando/pandox/actiontypes",
		Summary: "List the rule editor's lookups", Description: "The dealer group's action types and the activity type each is paired with, the activity types, filter types and rule group types.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, _ *EmptyInput) (*httpapi.Body[httpapi.Result[ActionTypesResult]], error) {
		_, t, _, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		acts, err := x.rules.ActionTypes(ctx, t)
		if err != nil {
			return nil, err
		}
		out := ActionTypesResult{ActionTypes: acts, ActivityTypes: rule.ActivityTypes(), FilterTypes: rule.FilterTypes()}
		for id := rule.GroupGeneral; id <= rule.GroupService; id++ {
			out.GroupTypes = append(out.GroupTypes, FilterValue{Value: id, Name: rule.GroupTypeName(id)})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "saveRuleActionTypes", Method: http.MethodPost, Path: "/pando/pandox/saveactiontypes",
		Summary: "Save the action types and their pairing with activity types", Description: "Replaces the dealer group's action types. Any failure answers 'There was a problem with the save' and changes nothing; action types that rules' tasks use cannot be removed.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *SaveActionTypesInput) (*httpapi.Body[httpapi.Result[[]rule.ActionType]], error) {
		sess, t, _, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		var inUse []int64
		for _, st := range sess.Stores {
			rs, err := x.rules.ForStore(ctx, t, st.AccountPlatformID, true)
			if err != nil {
				return nil, err
			}
			for _, r := range rs {
				for _, tk := range r.TriggerSetTasks {
					if !slices.Contains(inUse, tk.ActionTypeID) {
						inUse = append(inUse, tk.ActionTypeID)
					}
				}
			}
		}
		out, err := x.rules.SaveActionTypes(ctx, t, in.Body.ActionTypes, inUse)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "listActivityTypes", Method: http.MethodPost, Path: "/api/Activity/activitytypes",
		Summary: "List activity types", Description: "What happens to customers that rules start and end on.", Tags: tags, Errors: errs,
	}, func(ctx context.Context, _ *EmptyInput) (*httpapi.Body[httpapi.Result[[]rule.ActivityType]], error) {
		return httpapi.Reply(httpapi.OK(rule.ActivityTypes())), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "listActionTypes", Method: http.MethodPost, Path: "/api/Activity/actiontypes",
		Summary: "List action types", Description: "The dealer group's action types, each with the activity type it is paired with.", Tags: tags, Errors: errs,
	}, func(ctx context.Context, _ *EmptyInput) (*httpapi.Body[httpapi.Result[[]rule.ActionType]], error) {
		_, t, _, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		acts, err := x.rules.ActionTypes(ctx, t)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(acts)), nil
	})
	x.registerLookupsAudit(api)
}

func invalid(field, msg string) error {
	return apperr.InvalidFields("The request is not valid.", map[string]string{field: msg})
}
