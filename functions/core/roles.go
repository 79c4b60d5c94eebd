package core

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// RulesAdminRolesInput is the path of GET /rolepermissions/getalertminerrolesforrulesadmin/{platformId}.
type RulesAdminRolesInput struct {
	PlatformID int64 `path:"platformId" minimum:"1" doc:"The store whose rules the roles are for."`
}

func (a *area) registerRoles(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "listAlertMinerRoles",
		Method:      http.MethodGet,
		Path:        "/RolePermissions/GetAlertMinerRoles",
		Summary:     "The dealer group's alert-miner roles",
		Tags:        []string{"core"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[[]role.AlertMinerRole]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		roles, err := a.roles.List(ctx, p.Tenant)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(roles)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listRulesAdminRoles",
		Method:      http.MethodGet,
		Path:        "/rolepermissions/getalertminerrolesforrulesadmin/{platformId}",
		Summary:     "The roles rules of one store may address, with their user counts",
		Tags:        []string{"core"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *RulesAdminRolesInput) (*httpapi.Body[httpapi.Legacy[[]role.RulesAdminRole]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.PlatformID)
		if err != nil {
			return nil, err
		}
		roles, err := a.roles.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		users, err := d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		holders := make([]role.Holder, 0, len(users))
		for _, u := range users {
			holders = append(holders, role.Holder{Roles: u.Roles, Stores: u.AllowedStores, Active: u.Active() && user.Employee(u)})
		}
		return httpapi.Reply(httpapi.LegacyOK(role.ForRulesAdmin(roles, holders, in.PlatformID))), nil
	})
}
