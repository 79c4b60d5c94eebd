package garage

import (
	"context"
	"errors"
	"net/http"

	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/smartvincent"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// The deal sheet's integrations, by id.
const (
	IntegrationAppraisal       = "vauto"
	IntegrationVehicleHistory  = "carproof"
	IntegrationManufacturerTag = "oasis"
	IntegrationSmartVincent    = "smartvincent"
)

// Integration describes one of the deal sheet's integrations.
type Integration struct {
	ID          string `json:"id" enum:"vauto,carproof,oasis,smartvincent"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Path        string `json:"path" doc:"The call that uses it."`
}

// integrations are the deal sheet's integrations, in the order the deal sheet shows them.
var integrations = []Integration{
	{ID: IntegrationAppraisal, Name: "vAuto", Description: "Appraises the trade-in and stores its value.", Path: "/api/VAuto/appraisal/create"},
	{ID: IntegrationVehicleHistory, Name: "CARFAX Canada (CarProof)", Description: "The vehicle history report: damage, registrations, liens, odometer readings.", Path: "/api/dealsheet/integrations/CarProof"},
	{ID: IntegrationManufacturerTag, Name: "Ford OASIS", Description: "The manufacturer's warranty coverages, field service actions and service visits of a Ford or Lincoln.", Path: "/api/dealsheet/integrations/submit_oasis"},
	{ID: IntegrationSmartVincent, Name: "Smart Vincent", Description: "The vehicle's trade-in and retail values, the customer's equity and the incentives a replacement earns.", Path: "/api/dealsheet/integrations/submit_smart_vincent"},
}

// IntegrationStatus is whether a store may use an integration.
type IntegrationStatus struct {
	Integration
	Enabled bool   `json:"enabled"`
	Message string `json:"message,omitempty" required:"false" doc:"Why it is not enabled."`
}

// DealerIntegrations are a store's integrations.
type DealerIntegrations struct {
	AccountPlatformID int64               `json:"accountPlatformId"`
	Integrations      []IntegrationStatus `json:"integrations" nullable:"false"`
}

// StoreIntegration is one integration's status at one store.
type StoreIntegration struct {
	AccountPlatformID int64  `json:"accountPlatformId"`
	StoreName         string `json:"storeName"`
	Enabled           bool   `json:"enabled"`
	Message           string `json:"message,omitempty" required:"false"`
}

// IntegrationView is an integration with its status at each store.
type IntegrationView struct {
	Integration
	Stores []StoreIntegration `json:"stores" nullable:"false"`
}

// PlatformPath is the path of GET /api/dealsheet/integrations/dealer_enabled_integrations/{platformId}.
type PlatformPath struct {
	PlatformID int64 `path:"platformId" minimum:"1" doc:"The store (account platform)."`
}

// IntegrationPath is the path of GET /api/dealsheet/integrations/{id}.
type IntegrationPath struct {
	httpapi.ScopeHeader
	ID string `path:"id" maxLength:"40" doc:"vauto, carproof, oasis or smartvincent."`
}

// SmartVincentInput is the request of POST /api/dealsheet/integrations/submit_smart_vincent.
type SmartVincentInput struct {
	Body struct {
		EntityID int64 `json:"entityId" minimum:"1" doc:"The garage vehicle."`
	}
}

// SmartVincentReport is a garage vehicle's Smart Vincent report.
type SmartVincentReport struct {
	EntityID int64               `json:"entityId"`
	VIN      string              `json:"vin"`
	Report   smartvincent.Report `json:"report"`
}

// status returns whether store storeID of t may use integration id, with the reason when not.
func (x *area) status(ctx context.Context, t store.Tenant, storeID int64, id string) (bool, string, error) {
	var err error
	switch id {
	case IntegrationAppraisal:
		_, err = x.d.Providers.Appraiser(ctx, t, storeID)
	case IntegrationVehicleHistory:
		_, err = x.d.Providers.History(ctx, t, storeID)
	case IntegrationManufacturerTag:
		_, err = x.d.Providers.Tags(ctx, t, storeID)
	case IntegrationSmartVincent:
		_, err = x.d.Providers.SmartVincent(ctx, t, storeID)
	}
	if err == nil {
		return true, "", nil
	}
	if e, ok := apperr.As(err); ok && e.Code == apperr.Conflict {
		return false, e.Message, nil
	}
	return false, "", err
}

func (x *area) registerDealsheetIntegrations(api *httpapi.API) {
	tags := []string{"garage"}
	read := []int{400, 401, 403, 404}

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerEnabledIntegrations", Method: http.MethodGet, Path: "/api/dealsheet/integrations/dealer_enabled_integrations/{platformId}",
		Summary:     "A store's deal sheet integrations",
		Description: "Each integration of the deal sheet (vAuto, CARFAX Canada, Ford OASIS, Smart Vincent) with whether the store may use it: its provider configured, or the sandbox locally and for a demo store; otherwise the reason.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *PlatformPath) (*httpapi.Body[httpapi.Result[DealerIntegrations]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := sess.Store(in.PlatformID); err != nil {
			return nil, err
		}
		out := DealerIntegrations{AccountPlatformID: in.PlatformID, Integrations: []IntegrationStatus{}}
		for _, it := range integrations {
			on, msg, err := x.status(ctx, sess.Principal.Tenant, in.PlatformID, it.ID)
			if err != nil {
				return nil, err
			}
			out.Integrations = append(out.Integrations, IntegrationStatus{Integration: it, Enabled: on, Message: msg})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetIntegration", Method: http.MethodGet, Path: "/api/dealsheet/integrations/{id}",
		Summary:     "A deal sheet integration",
		Description: "One integration (vauto, carproof, oasis or smartvincent) with whether each store of the Scope header the caller may view may use it. An unknown id is a 404.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *IntegrationPath) (*httpapi.Body[httpapi.Result[IntegrationView]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		var it *Integration
		for i := range integrations {
			if integrations[i].ID == in.ID {
				it = &integrations[i]
			}
		}
		if it == nil {
			return nil, apperr.Errorf(apperr.NotFound, "The integration %q does not exist.", in.ID)
		}
		stores, err := sess.SelectStores(nil, in.Scope)
		if err != nil {
			return nil, err
		}
		out := IntegrationView{Integration: *it, Stores: []StoreIntegration{}}
		for _, st := range sess.StoresOf(stores) {
			on, msg, err := x.status(ctx, sess.Principal.Tenant, st.AccountPlatformID, it.ID)
			if err != nil {
				return nil, err
			}
			out.Stores = append(out.Stores, StoreIntegration{AccountPlatformID: st.AccountPlatformID, StoreName: st.Name, Enabled: on, Message: msg})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "submitSmartVincent", Method: http.MethodPost, Path: "/api/dealsheet/integrations/submit_smart_vincent",
		Summary:     "A garage vehicle's Smart Vincent report",
		Description: "Submits the vehicle's VIN, mileage and payoff to its store's Smart Vincent (the sandbox locally and for a demo store): its trade-in and retail values, the customer's equity, the incentives a replacement earns and the report's link. 409 when the vehicle has no VIN or the store has no Smart Vincent; when the service fails, 409 'There was an error processing your request. Please try again later.'",
		Tags:        tags, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SmartVincentInput) (*httpapi.Body[httpapi.Result[SmartVincentReport]], error) {
		sess, v, err := x.viewVehicle(ctx, in.Body.EntityID, false)
		if err != nil {
			return nil, err
		}
		return x.smartVincent(ctx, sess, v)
	})
}

func (x *area) smartVincent(ctx context.Context, sess user.Session, v garage.Vehicle) (*httpapi.Body[httpapi.Result[SmartVincentReport]], error) {
	p, err := x.d.Providers.SmartVincent(ctx, sess.Principal.Tenant, v.AccountPlatformID)
	if err != nil {
		return nil, err
	}
	var payoff int64
	if c, ok := v.DefaultContract(); ok {
		payoff = int64(c.Payoff*100 + 0.5)
	}
	r, err := p.Submit(ctx, smartvincent.Request{VIN: v.CurrentVehicle.VIN, Odometer: v.CurrentVehicle.Mileage, Payoff: payoff})
	var e *smartvincent.Error
	switch {
	case errors.As(err, &e) && e.Code == smartvincent.CodeNotFound:
		return nil, apperr.Wrap(apperr.Conflict, err, e.Message)
	case err != nil:
		return nil, apperr.Wrap(apperr.Conflict, err, MsgTagFailed)
	}
	if r.Make == "" {
		r.Year, r.Make, r.Model = v.CurrentVehicle.Year, v.CurrentVehicle.Make, v.CurrentVehicle.Model
	}
	return httpapi.Reply(httpapi.OK(SmartVincentReport{EntityID: v.EntityID, VIN: v.CurrentVehicle.VIN, Report: r})), nil
}
