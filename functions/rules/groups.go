package rules

import (
	"context"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// GroupPath names one rule group.
type GroupPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The rule group's id."`
}

// GroupSearchInput is the request of POST /api/RuleGroup/search.
type GroupSearchInput struct {
	Body struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" required:"false" maxItems:"500" doc:"Stores whose groups are listed; absent for every store the caller may view."`
		Name               string  `json:"name,omitempty" required:"false" maxLength:"100" doc:"Keeps the groups whose name contains it."`
		RuleGroupTypeID    int     `json:"ruleGroupTypeId,omitempty" required:"false" minimum:"0" maximum:"4"`
	}
}

// CreateGroupInput is the request of POST /api/RuleGroup.
type CreateGroupInput struct {
	Body rule.Group
}

// SeedPath names a store and a rule group type.
type SeedPath struct {
	PlatformID int64 `path:"platformId" minimum:"1" doc:"The store."`
	Type       int   `path:"type" minimum:"1" maximum:"4" doc:"The rule group type: 1 general, 2 sold follow-up, 3 lease follow-up, 4 service."`
}

// ReseedPath names a store.
type ReseedPath struct {
	PlatformID int64 `path:"platformId" minimum:"1" doc:"The store."`
}

// AccountReseedPath names an account and a store.
type AccountReseedPath struct {
	AccountID  int64 `path:"accountId" minimum:"1"`
	PlatformID int64 `path:"platformId" minimum:"1" doc:"The store."`
}

// ReseedStatus is a store's sold or lease follow-up rule group and its seed status.
type ReseedStatus struct {
	rule.Group
	CanReseed bool `json:"canReseed" doc:"Sold and lease follow-up groups can be reseeded."`
}

func (x *area) registerGroups(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	tags := []string{"rules"}
	httpapi.Register(api, huma.Operation{
		OperationID: "searchRuleGroups", Method: http.MethodPost, Path: "/api/RuleGroup/search",
		Summary: "Search rule groups", Description: "The rule groups of the stores named (or every store the caller may view), by store and name.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *GroupSearchInput) (*httpapi.Body[httpapi.Result[[]rule.Group]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		stores := views
		if len(in.Body.AccountPlatformIDs) > 0 {
			stores = nil
			for _, st := range in.Body.AccountPlatformIDs {
				if err := viewStore(views, st); err != nil {
					return nil, err
				}
				stores = append(stores, st)
			}
		}
		gs, err := x.rules.Groups(ctx, t, stores)
		if err != nil {
			return nil, err
		}
		out := []rule.Group{}
		for _, g := range gs {
			if in.Body.Name != "" && !strings.Contains(trimmed(g.Name), trimmed(in.Body.Name)) {
				continue
			}
			if in.Body.RuleGroupTypeID != 0 && g.RuleGroupTypeID != in.Body.RuleGroupTypeID {
				continue
			}
			out = append(out, g)
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "createRuleGroup", Method: http.MethodPost, Path: "/api/RuleGroup",
		Summary: "Create a rule group", Description: "A named group of one type in one store; names are unique within a store.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *CreateGroupInput) (*httpapi.Body[httpapi.Result[rule.Group]], error) {
		sess, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if err := viewStore(views, in.Body.AccountPlatformID); err != nil {
			return nil, err
		}
		g, err := x.rules.CreateGroup(ctx, t, in.Body, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(g)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "deleteRuleGroup", Method: http.MethodDelete, Path: "/api/RuleGroup/{id}",
		Summary: "Delete a rule group", Description: "A group still holding rules that are not archived is refused with 409.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *GroupPath) (*httpapi.Body[httpapi.Result[bool]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if err := x.rules.DeleteGroup(ctx, t, in.ID, views); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(true)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getRuleGroup", Method: http.MethodGet, Path: "/api/ruleGroup/{id}",
		Summary: "Read a rule group", Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *GroupPath) (*httpapi.Body[httpapi.Result[rule.Group]], error) {
		_, t, views, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		g, err := x.rules.Group(ctx, t, in.ID)
		if err != nil {
			return nil, err
		}
		if viewStore(views, g.AccountPlatformID) != nil {
			return nil, apperr.Errorf(apperr.NotFound, "The rule group does not exist.")
		}
		return httpapi.Reply(httpapi.OK(g)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getRuleGroupSeedStatus", Method: http.MethodGet, Path: "/api/rulegroup/accountplatform/{platformId}/{type}",
		Summary: "Read a store's rule group of a type and its seed status", Description: "seedStatus 0 when the store has no such group or it was never seeded.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *SeedPath) (*httpapi.Body[httpapi.Result[ReseedStatus]], error) {
		return x.seedStatus(ctx, in.PlatformID, in.Type)
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "seedRuleGroup", Method: http.MethodPut, Path: "/api/rulegroup/accountplatform/{platformId}/{type}",
		Summary: "Seed a store's rule group of a type", Description: "Sold and lease follow-up groups only (others: 400): creates the group when missing, archives its seeded rules and creates the seed rules afresh, disabled.",
		Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *SeedPath) (*httpapi.Body[httpapi.Result[ReseedStatus]], error) {
		return x.reseed(ctx, in.PlatformID, in.Type)
	})
	for _, kind := range []struct {
		name      string
		groupType int
	}{{"reseedSoldRules", rule.GroupSoldFollowUp}, {"reseedLeaseRules", rule.GroupLeaseFollowUp}} {
		httpapi.Register(api, huma.Operation{
			OperationID: "get" + strings.ToUpper(kind.name[:1]) + kind.name[1:] + "Status", Method: http.MethodGet,
			Path:    "/api/rulegroup/account_platform/{platformId}/" + kind.name,
			Summary: "Read the reseed status of a store's " + rule.GroupTypeName(kind.groupType) + " rules", Tags: tags, Errors: errs,
		}, func(ctx context.Context, in *ReseedPath) (*httpapi.Body[httpapi.Result[ReseedStatus]], error) {
			return x.seedStatus(ctx, in.PlatformID, kind.groupType)
		})
		httpapi.Register(api, huma.Operation{
			OperationID: kind.name, Method: http.MethodPut,
			Path:        "/api/rulegroup/account/{accountId}/account_platform/{platformId}/" + kind.name,
			Summary:     "Reseed a store's " + rule.GroupTypeName(kind.groupType) + " rules",
			Description: "Archives the group's seeded rules and creates the seed rules afresh, disabled; creates the group when missing.",
			Tags:        tags, Errors: errs,
		}, func(ctx context.Context, in *AccountReseedPath) (*httpapi.Body[httpapi.Result[ReseedStatus]], error) {
			sess, err := x.d.Users.Session(ctx)
			if err != nil {
				return nil, err
			}
			if err := sess.RequireAccount(in.AccountID); err != nil {
				return nil, err
			}
			return x.reseed(ctx, in.PlatformID, kind.groupType)
		})
	}
}

func (x *area) seedStatus(ctx context.Context, storeID int64, groupType int) (*httpapi.Body[httpapi.Result[ReseedStatus]], error) {
	_, t, views, err := x.session(ctx)
	if err != nil {
		return nil, err
	}
	if err := viewStore(views, storeID); err != nil {
		return nil, err
	}
	g, err := x.rules.SeedStatus(ctx, t, storeID, groupType)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(ReseedStatus{Group: g, CanReseed: len(rule.Seeds(groupType)) > 0})), nil
}

func (x *area) reseed(ctx context.Context, storeID int64, groupType int) (*httpapi.Body[httpapi.Result[ReseedStatus]], error) {
	sess, t, views, err := x.session(ctx)
	if err != nil {
		return nil, err
	}
	if err := viewStore(views, storeID); err != nil {
		return nil, err
	}
	g, err := x.rules.Reseed(ctx, t, storeID, groupType, sess.Profile.UserID)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(ReseedStatus{Group: g, CanReseed: true})), nil
}
