package touchpoints

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// SettingsGetInput is the request of POST /api/contact_touchpoint/settings/get.
type SettingsGetInput struct {
	httpapi.ScopeHeader
	Body struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" required:"false" maxItems:"100" doc:"The stores; the Scope header's stores the caller may view when absent."`
	}
}

// TouchpointSettings are a store's touchpoints with the store's name.
type TouchpointSettings struct {
	visit.Settings
	StoreName string `json:"storeName"`
}

// AdminSettingsInput is the request of GET /api/admin/get_touchpoint_item_setting_dealer/{id}.
type AdminSettingsInput struct {
	ID int64 `path:"id" minimum:"1" doc:"The store."`
}

// SettingsSaveInput is the request of POST /api/contact_touchpoint/settings/save.
type SettingsSaveInput struct {
	Body visit.Settings
}

// SettingsRoles are the dealer roles that set up a store's touchpoints.
func SettingsRoles() []string {
	return []string{role.DealerAdmin, role.GeneralManager, role.GeneralSalesManager, role.SalesManager}
}

func (x *area) registerSettings(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getTouchpointSettings",
		Method:      http.MethodPost,
		Path:        "/api/contact_touchpoint/settings/get",
		Summary:     "The stores' touchpoint settings",
		Description: "For each store, its showroom and delivery touchpoints: whether they are in use (isEnabled, touchpointId) and their steps in order. A store that saved none has the defaults (version 0): showroom Greet, Needs analysis, Test drive, Appraisal, Desk/Numbers, F&I; delivery Paperwork, Vehicle walkaround, Technology setup, Keys handed over. Every store named must be one the caller may view (403).",
		Tags:        []string{"touchpoints"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *SettingsGetInput) (*httpapi.Body[httpapi.Result[[]TouchpointSettings]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		ids, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		out := make([]TouchpointSettings, 0, len(ids))
		for _, id := range ids {
			st, err := sess.Store(id)
			if err != nil {
				return nil, err
			}
			s, err := x.visits.Settings(ctx, sess.Principal.Tenant, id)
			if err != nil {
				return nil, err
			}
			out = append(out, TouchpointSettings{Settings: s, StoreName: st.Name})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getTouchpointItemSettingDealer",
		Method:      http.MethodGet,
		Path:        "/api/admin/get_touchpoint_item_setting_dealer/{id}",
		Summary:     "A store's touchpoint steps, for the settings screen",
		Description: "The store's touchpoints and their steps as saved (or the defaults, version 0), with the version a save sends back. For the roles that set up touchpoints; the store must be one the caller may view (403).",
		Tags:        []string{"touchpoints"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AdminSettingsInput) (*httpapi.Body[httpapi.Result[TouchpointSettings]], error) {
		sess, st, err := x.d.Users.StoreSession(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		s, err := x.visits.Settings(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(TouchpointSettings{Settings: s, StoreName: st.Name})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveTouchpointSettings",
		Method:      http.MethodPost,
		Path:        "/api/contact_touchpoint/settings/save",
		Summary:     "Save a store's touchpoint settings",
		Description: "Saves the store's showroom and delivery touchpoints (each once): whether each is in use and its 1 to 20 steps, each with a name and an id unique in the touchpoint (made from the name when absent). Visits already started keep their steps; new visits take the enabled steps. version is the version read (0 for the defaults): a stale one is 409 and nothing changes. For the roles that set up touchpoints, at a store they may view (403).",
		Tags:        []string{"touchpoints"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SettingsSaveInput) (*httpapi.Body[httpapi.Result[TouchpointSettings]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(SettingsRoles(), r) }) {
			return nil, apperr.Errorf(apperr.Forbidden, "You may not set up touchpoints.")
		}
		st, err := sess.Store(in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		s, err := x.visits.SaveSettings(ctx, sess.Principal.Tenant, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(TouchpointSettings{Settings: s, StoreName: st.Name})), nil
	})
}
