package dealers

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// DealerSettingsListInput is the request of POST /pando/dealersettings/dealers_settings_list.
type DealerSettingsListInput struct {
	httpapi.ScopeHeader
	Body struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds,omitempty" maxItems:"500" doc:"Stores whose settings are listed; empty for the Scope header's stores."`
	}
}

// StoreSettingsPath is the path of the calls about one store's settings.
type StoreSettingsPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The store (account platform) id."`
}

// AccountPlatformSettingsInput is the request of POST
// /api/dealer_settings/get_account_platform_settings.
type AccountPlatformSettingsInput struct {
	Body struct {
		AccountPlatformID int64 `json:"AccountPlatformId" minimum:"1"`
	}
}

// DealerSettingsChange is the body of POST /api/dealer_settings/save_account_platform_settings:
// the whole settings of a store and the version they were read at (0 when never saved).
type DealerSettingsChange struct {
	AccountPlatformID int64                     `json:"AccountPlatformID" minimum:"1"`
	Version           int64                     `json:"Version" minimum:"0" doc:"The version the settings were read at; a stale version is refused with 409."`
	IsBdcEnabled      bool                      `json:"IsBdcEnabled"`
	PushToDms         bool                      `json:"PushToDms"`
	DmsProvider       string                    `json:"DmsProvider,omitempty" maxLength:"64"`
	PushToFinance     bool                      `json:"PushToFinance"`
	FinanceProvider   string                    `json:"FinanceProvider,omitempty" maxLength:"64"`
	NotificationRules []dealer.NotificationRule `json:"NotificationRules" maxItems:"50"`
	ReassignRules     []dealer.ReassignRule     `json:"ReassignRules" maxItems:"50"`
	LeadSettings      dealer.LeadFlags          `json:"LeadSettings"`
	ContactAssignment dealer.AssignmentRules    `json:"ContactAssignment"`
	BusinessHours     workhours.Hours           `json:"BusinessHours,omitempty" maxItems:"7" doc:"The store's working hours, one entry per day of the week, in its time zone; absent or empty for Monday to Saturday 9:00 to 19:00."`
}

// SaveDealerSettingsInput is the request of POST
// /api/dealer_settings/save_account_platform_settings.
type SaveDealerSettingsInput struct {
	Body DealerSettingsChange
}

// UIDealerSettingsInput is the request of POST /api/dealer_settings/UI_Dealer_settings/get.
type UIDealerSettingsInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds,omitempty" maxItems:"500" doc:"Stores considered; empty for the Scope header's stores."`
	}
}

// StoreLeadSettings are one store's lead settings.
type StoreLeadSettings struct {
	AccountPlatformID int64 `json:"AccountPlatformId"`
	dealer.LeadFlags
}

// UIDealerSettings is what the web app's menus and screens need to know about the selected
// stores: which have each feature, which have BDC, which can push to DMS and finance.
type UIDealerSettings struct {
	// AccountPlatformIDs are the stores considered.
	AccountPlatformIDs []int64 `json:"AccountPlatformIds"`
	// FeatureStores lists, per feature key (desking, cxm, calendar, ...), the stores having the
	// feature, sorted by store name: the product is Live and the feature active.
	FeatureStores map[string][]int64 `json:"FeatureStores"`
	// BdcStores have IsBdcEnabled.
	BdcStores []int64 `json:"BdcStores"`
	// AlertMinerProStores have CXM but not ILM.
	AlertMinerProStores []int64 `json:"AlertMinerProStores"`
	// PushCapabilities are those of the active stores considered.
	PushCapabilities []dealer.PushCapability `json:"PushCapabilities"`
	LeadSettings     []StoreLeadSettings     `json:"LeadSettings"`
}

// EnterpriseRelationship is the dealer group's enterprise relationship.
type EnterpriseRelationship struct {
	dealer.Relationship
	// IsEnterprise reports whether the relationship's account is the user's view account.
	IsEnterprise bool `json:"isEnterprise"`
}

// ContactAssignmentSettings are the settings of a store that editing a contact's user
// assignments follows.
type ContactAssignmentSettings struct {
	AccountPlatformID int64 `json:"AccountPlatformId"`
	IsBdcEnabled      bool  `json:"IsBdcEnabled"`
	dealer.AssignmentRules
}

func (a *area) registerSettings(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "listDealerSettings",
		Method:      http.MethodPost,
		Path:        "/pando/dealersettings/dealers_settings_list",
		Summary:     "The dealer settings of stores",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DealerSettingsListInput) (*httpapi.Body[httpapi.Legacy[[]dealer.StoreSettings]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		out, err := a.dealers.List(ctx, sess.Principal.Tenant, stores)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(out)), nil
	})

	one := func(ctx context.Context, id int64) (*httpapi.Body[httpapi.Result[dealer.StoreSettings]], error) {
		sess, _, err := d.Users.StoreSession(ctx, id)
		if err != nil {
			return nil, err
		}
		s, err := a.dealers.Get(ctx, sess.Principal.Tenant, id)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(s)), nil
	}
	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerSettingAll",
		Method:      http.MethodGet,
		Path:        "/api/dealer_settings/dealer_setting_all/{id}",
		Summary:     "Every dealer setting of a store",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoreSettingsPath) (*httpapi.Body[httpapi.Result[dealer.StoreSettings]], error) {
		return one(ctx, in.ID)
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getAccountPlatformSettings",
		Method:      http.MethodPost,
		Path:        "/api/dealer_settings/get_account_platform_settings",
		Summary:     "The dealer settings of a store, with their version",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AccountPlatformSettingsInput) (*httpapi.Body[httpapi.Result[dealer.StoreSettings]], error) {
		return one(ctx, in.Body.AccountPlatformID)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveAccountPlatformSettings",
		Method:      http.MethodPost,
		Path:        "/api/dealer_settings/save_account_platform_settings",
		Summary:     "Replace the dealer settings of a store",
		Description: "Only rules administrators (pando.cxm.rules.admin) and dealer admins may save. The body carries the version the settings were read at; a stale version is refused with 409 and nothing changes.",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SaveDealerSettingsInput) (*httpapi.Body[httpapi.Result[dealer.StoreSettings]], error) {
		b := in.Body
		sess, _, err := d.Users.StoreSession(ctx, b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		if !dealer.CanEdit(sess.Profile.Roles, sess.Principal.Permissions) {
			return nil, apperr.Errorf(apperr.Forbidden, "Only rules administrators and dealer admins may change dealer settings.")
		}
		s := dealer.Settings{
			AccountPlatformID: b.AccountPlatformID, IsBdcEnabled: b.IsBdcEnabled,
			PushToDms: b.PushToDms, DmsProvider: b.DmsProvider, PushToFinance: b.PushToFinance, FinanceProvider: b.FinanceProvider,
			NotificationRules: b.NotificationRules, ReassignRules: b.ReassignRules,
			LeadSettings: b.LeadSettings, ContactAssignment: b.ContactAssignment, BusinessHours: b.BusinessHours,
		}
		saved, err := a.dealers.Save(ctx, sess.Principal.Tenant, s, b.Version, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(saved)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getUIDealerSettings",
		Method:      http.MethodPost,
		Path:        "/api/dealer_settings/UI_Dealer_settings/get",
		Summary:     "Feature stores, BDC stores and push capabilities of the selected stores",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *UIDealerSettingsInput) (*httpapi.Body[httpapi.Result[UIDealerSettings]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		if in.Body != nil {
			ids = in.Body.AccountPlatformIDs
		}
		selected, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		stores := sess.StoresOf(selected)
		subs, err := a.products.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		settings, err := a.dealers.List(ctx, sess.Principal.Tenant, selected)
		if err != nil {
			return nil, err
		}
		out := UIDealerSettings{
			AccountPlatformIDs:  []int64{},
			FeatureStores:       map[string][]int64{},
			BdcStores:           []int64{},
			AlertMinerProStores: []int64{},
			PushCapabilities:    dealer.PushCapabilities(stores, settings, selected),
			LeadSettings:        []StoreLeadSettings{},
		}
		for _, st := range stores {
			out.AccountPlatformIDs = append(out.AccountPlatformIDs, st.AccountPlatformID)
			if product.AlertMinerPro(st.AccountPlatformID, subs) {
				out.AlertMinerProStores = append(out.AlertMinerProStores, st.AccountPlatformID)
			}
		}
		for _, fs := range product.StoresPerFeature(stores, subs) {
			ids := []int64{}
			for _, st := range fs.Stores {
				ids = append(ids, st.AccountPlatformID)
			}
			out.FeatureStores[fs.Feature.Key] = ids
		}
		for _, st := range stores {
			for _, s := range settings {
				if s.AccountPlatformID == st.AccountPlatformID {
					if s.IsBdcEnabled {
						out.BdcStores = append(out.BdcStores, st.AccountPlatformID)
					}
					out.LeadSettings = append(out.LeadSettings, StoreLeadSettings{AccountPlatformID: st.AccountPlatformID, LeadFlags: s.LeadSettings})
				}
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerRelationship",
		Method:      http.MethodGet,
		Path:        "/api/dealer_relationship",
		Summary:     "The dealer group's enterprise relationship",
		Tags:        []string{"dealers"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Result[EnterpriseRelationship]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		rel, err := a.dealers.Relationship(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(EnterpriseRelationship{Relationship: rel, IsEnterprise: rel.AccountID == sess.Profile.ViewAccountID})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactUserAssignmentDealerSettings",
		Method:      http.MethodGet,
		Path:        "/api/edit_contact_user_assignments/dealer_settings/{id}/get_contact_user_assignment_dealer_settings",
		Summary:     "The settings of a store that editing a contact's user assignments follows",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoreSettingsPath) (*httpapi.Body[httpapi.Result[ContactAssignmentSettings]], error) {
		res, err := one(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		s := res.Body.Data
		return httpapi.Reply(httpapi.OK(ContactAssignmentSettings{AccountPlatformID: s.AccountPlatformID, IsBdcEnabled: s.IsBdcEnabled, AssignmentRules: s.ContactAssignment})), nil
	})
}
