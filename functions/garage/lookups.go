package garage

import (
	"context"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/cxm/cxm/shared/domain/lookup"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// CountryPath is the path of GET /crm/Lookup/countries/{id}/state_provinces.
type CountryPath struct {
	ID int `path:"id" minimum:"1" doc:"The country's id."`
}

// NoInput is the request of the calls without parameters.
type NoInput struct{}

// SoldByInput is the request of POST /crm/lookup/sold_by_name.
type SoldByInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformID int64  `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store; absent for the Scope header's stores."`
		Query             string `json:"query,omitempty" required:"false" maxLength:"80" doc:"Names holding this text."`
	}
}

// SoldBy is a user who may be named as having sold a vehicle.
type SoldBy struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
}

// TemplateLookups are the lists the template manager offers.
type TemplateLookups struct {
	Categories []lookup.Item `json:"categories" nullable:"false"`
	Channels   []lookup.Item `json:"channels" nullable:"false"`
	Types      []lookup.Item `json:"templateTypes" nullable:"false"`
}

// DealerBank is a lender the dealer's customers have contracts with.
type DealerBank struct {
	Name      string `json:"name"`
	Contracts int    `json:"contracts" doc:"The currently owned vehicles financed or leased through it."`
}

// BanksInput is the request of POST /api/bank/dealer_banks.
type BanksInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformID int64 `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store; absent for the Scope header's first store."`
	}
}

func (x *area) list(ctx context.Context, name string) ([]lookup.Item, error) {
	if _, err := x.session(ctx); err != nil {
		return nil, err
	}
	return x.lookups.List(ctx, name)
}

func (x *area) registerLookups(api *httpapi.API) {
	tags := []string{"lookups"}
	errs := []int{401}
	simple := []struct{ id, path, summary, name string }{
		{"getLookupContactCulture", "/crm/Lookup/contact_culture", "Contact cultures", lookup.ContactCultures},
		{"getLookupCountries", "/crm/Lookup/countries", "Countries", lookup.Countries},
		{"getLookupCallResults", "/crm/Lookup/action_results/log_call", "Results of a logged call", lookup.CallResults},
		{"getLookupNoteResults", "/crm/Lookup/action_results/log_note", "Results of a logged note", lookup.NoteResults},
		{"getLookupFilterTypes", "/crm/Lookup/filterType", "Opportunity filter types", lookup.FilterTypes},
		{"getLookupRuleGroupTypes", "/crm/Lookup/rulegrouptype", "Rule group types", lookup.RuleGroupTypes},
		{"getLookupRuleReseedStatuses", "/crm/Lookup/rulereseedstatus", "Rule reseed statuses", lookup.RuleReseedStatuses},
		{"getLookupTouchpointResults", "/crm/Lookup/touchpoint_result", "Touchpoint results", lookup.TouchpointResults},
		{"getLookupTouchpointResultReasons", "/crm/Lookup/touchpoint_result_reason", "Touchpoint result reasons (parentId: the result)", lookup.TouchpointReasons},
		{"getLookupTaskTypes", "/crm/Lookup/tasktypes", "Task types", lookup.TaskTypes},
	}
	for _, s := range simple {
		name := s.name
		httpapi.Register(api, huma.Operation{
			OperationID: s.id, Method: http.MethodGet, Path: s.path, Summary: s.summary,
			Description: "A reference list kept in the table (package lookup).", Tags: tags, Errors: errs,
		}, func(ctx context.Context, _ *NoInput) (*httpapi.Body[httpapi.Result[[]lookup.Item]], error) {
			items, err := x.list(ctx, name)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(items)), nil
		})
	}

	httpapi.Register(api, huma.Operation{
		OperationID: "getLookupEnums", Method: http.MethodGet, Path: "/crm/Lookup/enums", Summary: "Enumerations",
		Description: "The enumerations the web app shows (deal types, sale types, date ranges, time delays, garage statuses, contract types, activity categories), by name.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, _ *NoInput) (*httpapi.Body[httpapi.Result[map[string][]lookup.Item]], error) {
		out := map[string][]lookup.Item{}
		for name, list := range lookup.Enums {
			items, err := x.list(ctx, list)
			if err != nil {
				return nil, err
			}
			out[name] = items
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getLookupStateProvinces", Method: http.MethodGet, Path: "/crm/Lookup/countries/{id}/state_provinces",
		Summary: "A country's states or provinces", Description: "The US states with DC and Puerto Rico, or the Canadian provinces and territories; empty for other countries; 404 for an unknown country.",
		Tags: tags, Errors: []int{401, 404},
	}, func(ctx context.Context, in *CountryPath) (*httpapi.Body[httpapi.Result[[]lookup.Item]], error) {
		countries, err := x.list(ctx, lookup.Countries)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(countries, func(c lookup.Item) bool { return c.ID == in.ID }) {
			return nil, apperr.Errorf(apperr.NotFound, "The country %d does not exist.", in.ID)
		}
		all, err := x.lookups.List(ctx, lookup.StateProvinces)
		if err != nil {
			return nil, err
		}
		out := []lookup.Item{}
		for _, s := range all {
			if s.Parent == in.ID {
				out = append(out, s)
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getTemplateLookups", Method: http.MethodGet, Path: "/templatemanager/gettemplatelookups",
		Summary: "Template lookups", Description: "The template categories (1 to 14), channels (1 email, 3 SMS) and template types.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, _ *NoInput) (*httpapi.Body[httpapi.Result[TemplateLookups]], error) {
		cats, err := x.list(ctx, lookup.TemplateCategories)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(TemplateLookups{Categories: cats,
			Channels: []lookup.Item{{ID: 1, Code: "email", Name: "Email"}, {ID: 3, Code: "sms", Name: "SMS"}},
			Types:    []lookup.Item{{ID: 1, Code: "standard", Name: "Standard"}}})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getSoldByNames", Method: http.MethodPost, Path: "/crm/lookup/sold_by_name",
		Summary: "Who can be named as the seller", Description: "The users of the store (or the Scope header's stores) holding a sales role, by name.",
		Tags: tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SoldByInput) (*httpapi.Body[httpapi.Result[[]SoldBy]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		var q string
		if in.Body != nil {
			if in.Body.AccountPlatformID != 0 {
				ids = []int64{in.Body.AccountPlatformID}
			}
			q = strings.ToLower(strings.TrimSpace(in.Body.Query))
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		users, err := x.d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		sales := []string{role.SalesPerson, role.SalesManager, role.GeneralSalesManager, role.UsedCarManager, role.FIManager, role.GeneralManager}
		out := []SoldBy{}
		for _, u := range users {
			inStore := u.HasAllPlatformAccess || slices.ContainsFunc(u.AllowedStores, func(s int64) bool { return slices.Contains(stores, s) })
			seller := slices.ContainsFunc(u.Roles, func(r string) bool { return slices.Contains(sales, r) })
			if inStore && seller && matches(u.DisplayName(), q) {
				out = append(out, SoldBy{UserID: u.UserID, Name: u.DisplayName()})
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	catalogue := []struct{ id, path, summary string }{
		{"lookupVehicleMakes", "/crm/lookup/vehicle/makes", "Makes"},
		{"lookupVehicleModels", "/crm/lookup/vehicle/models", "Models of a make"},
		{"lookupVehicleTrims", "/crm/lookup/vehicle/trims", "Trims of a model"},
	}
	for _, c := range catalogue {
		kind := c.path[strings.LastIndexByte(c.path, '/')+1:]
		httpapi.Register(api, huma.Operation{
			OperationID: c.id, Method: http.MethodPost, Path: c.path, Summary: c.summary,
			Description: "The names of the catalogue's " + kind + " (as POST /vehicle/" + kind + "/search_names), for the web app's pickers.",
			Tags:        tags, Errors: []int{400, 401},
		}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]string]], error) {
			if _, err := x.session(ctx); err != nil {
				return nil, err
			}
			out := []string{}
			switch kind {
			case "makes":
				for _, m := range x.makes(in.Body) {
					out = append(out, m.Name)
				}
			case "models":
				ms, err := x.models(in.Body)
				if err != nil {
					return nil, err
				}
				for _, m := range ms {
					out = append(out, m.ModelName)
				}
			default:
				ts, err := x.trims(in.Body)
				if err != nil {
					return nil, err
				}
				for _, t := range ts {
					if !slices.Contains(out, t.TrimName) {
						out = append(out, t.TrimName)
					}
				}
			}
			return httpapi.Reply(httpapi.OK(out)), nil
		})
	}

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerBanks", Method: http.MethodPost, Path: "/api/bank/dealer_banks",
		Summary: "The dealer's banks", Description: "The lenders of the contracts of the store's currently owned garage vehicles (the body's store or the Scope header's first), most used first.",
		Tags: tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *BanksInput) (*httpapi.Body[httpapi.Result[[]DealerBank]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		if in.Body != nil && in.Body.AccountPlatformID != 0 {
			ids = []int64{in.Body.AccountPlatformID}
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		if len(stores) == 0 {
			return nil, apperr.Errorf(apperr.Forbidden, "You may not view any store.")
		}
		vs, err := x.garage.StoreVehicles(ctx, sess.Principal.Tenant, stores[0])
		if err != nil {
			return nil, err
		}
		counts := map[string]int{}
		names := map[string]string{}
		for _, v := range vs {
			if v.NoLongerOwns {
				continue
			}
			for _, c := range v.PaymentCalc.Contracts {
				if c.Lender != "" {
					k := strings.ToLower(c.Lender)
					counts[k]++
					if _, ok := names[k]; !ok {
						names[k] = c.Lender
					}
				}
			}
		}
		out := []DealerBank{}
		for k, n := range counts {
			out = append(out, DealerBank{Name: names[k], Contracts: n})
		}
		sort.Slice(out, func(i, j int) bool {
			if out[i].Contracts != out[j].Contracts {
				return out[i].Contracts > out[j].Contracts
			}
			return out[i].Name < out[j].Name
		})
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
