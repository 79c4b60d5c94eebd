package core

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/group"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// GroupMember is a member of a group.
type GroupMember struct {
	UserID string `json:"UserId"`
	Name   string `json:"Name"`
	Active bool   `json:"Active"`
}

// UserGroup is a group as the group filters list it.
type UserGroup struct {
	group.Group
	GroupTypeName string        `json:"GroupTypeName"`
	Members       []GroupMember `json:"Members"`
}

// OrgGroup is an organisation group at its depth in the dealer group's structure.
type OrgGroup struct {
	UserGroup
	Depth int `json:"Depth"`
}

// FilterGroupsInput is the request of POST /core/groups/filtergroup.
type FilterGroupsInput struct {
	httpapi.ScopeHeader
	Body struct {
		AccountID    int64   `json:"AccountId" minimum:"1"`
		PlatformIDs  []int64 `json:"PlatformIds,omitempty" maxItems:"500" doc:"Stores whose groups are listed; empty for the Scope header's stores."`
		GroupTypeIDs []int   `json:"GroupTypeIds,omitempty" maxItems:"20" doc:"Group types to list (2, 4 and 9 are sales groups); empty for every type."`
		Status       *bool   `json:"Status,omitempty" doc:"true lists active groups, false inactive ones; absent lists both."`
		Filter       string  `json:"filter,omitempty" maxLength:"100" doc:"Text the group's name contains."`
	}
}

// OrgGroupsInput is the request of GET /core/groups/org.
type OrgGroupsInput struct {
	httpapi.ScopeHeader
}

func (a *area) registerGroups(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "filterGroups",
		Method:      http.MethodPost,
		Path:        "/core/groups/filtergroup",
		Summary:     "The groups of stores, by type, status and name",
		Tags:        []string{"core"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *FilterGroupsInput) (*httpapi.Body[httpapi.Legacy[[]UserGroup]], error) {
		types := make([]group.Type, 0, len(in.Body.GroupTypeIDs))
		for i, t := range in.Body.GroupTypeIDs {
			if group.TypeName(group.Type(t)) == "" {
				return nil, apperr.InvalidFields("The group filter is not valid.", map[string]string{
					fmt.Sprintf("GroupTypeIds[%d]", i): fmt.Sprintf("%d is not a group type.", t),
				})
			}
			types = append(types, group.Type(t))
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := sess.RequireAccount(in.Body.AccountID); err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.PlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := a.groups.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		users, err := d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		selected := group.Select(all, group.Filter{Stores: stores, Types: types, Active: in.Body.Status, Text: in.Body.Filter})
		out := make([]UserGroup, 0, len(selected))
		for _, g := range selected {
			out = append(out, newUserGroup(g, users))
		}
		return httpapi.Reply(httpapi.LegacyOK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listOrgGroups",
		Method:      http.MethodGet,
		Path:        "/core/groups/org",
		Summary:     "The dealer group's organisation, parents before children",
		Description: "Active organisation groups of the request's stores; each has its depth and its parent's id.",
		Tags:        []string{"core"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *OrgGroupsInput) (*httpapi.Body[httpapi.Legacy[[]OrgGroup]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := p.ScopeStores(in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := a.groups.List(ctx, p.Tenant)
		if err != nil {
			return nil, err
		}
		users, err := d.Users.List(ctx, p.Tenant)
		if err != nil {
			return nil, err
		}
		nodes := group.Organization(all, stores)
		out := make([]OrgGroup, 0, len(nodes))
		for _, n := range nodes {
			out = append(out, OrgGroup{UserGroup: newUserGroup(n.Group, users), Depth: n.Depth})
		}
		return httpapi.Reply(httpapi.LegacyOK(out)), nil
	})
}

// newUserGroup names g's members; members who are not employees of the account are left out.
func newUserGroup(g group.Group, users []user.Profile) UserGroup {
	out := UserGroup{Group: g, GroupTypeName: group.TypeName(g.GroupTypeID), Members: []GroupMember{}}
	out.AccountPlatformIDs = nonNil(g.AccountPlatformIDs)
	out.MemberUserIDs = []string{}
	for _, u := range users {
		if user.Employee(u) && slices.Contains(g.MemberUserIDs, u.UserID) {
			out.Members = append(out.Members, GroupMember{UserID: u.UserID, Name: u.DisplayName(), Active: u.Active()})
			out.MemberUserIDs = append(out.MemberUserIDs, u.UserID)
		}
	}
	return out
}
