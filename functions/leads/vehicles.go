package leads

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

const vehicleTypes = "{type} is voi (also vehicleofinterest, vehicle_of_interest) for vehicles of interest or trade (also tradein, trade_in) for trade-ins, in any case."

// LeadVehiclesPath names a lead and a vehicle list.
type LeadVehiclesPath struct {
	LeadID int64  `path:"leadId" minimum:"1" doc:"The lead's id."`
	Type   string `path:"type" maxLength:"40" doc:"voi or trade."`
}

// AddVehicleInput is the request of POST /api/CrmLead/{leadId}/{type}: a vehicle of interest
// or a trade-in, by the path's type.
type AddVehicleInput struct {
	LeadVehiclesPath
	Body lead.TradeIn
}

// UpdateVOIInput is the request of PUT /api/CrmLead/{id}/voi/{voiId}.
type UpdateVOIInput struct {
	LeadPath
	VoiID int64 `path:"voiId" minimum:"1" doc:"The vehicle of interest's id (crmLeadVoiId)."`
	Body  lead.VehicleOfInterest
}

// UpdateTradeInput is the request of PUT /api/CrmLead/{id}/trade/{tradeId}.
type UpdateTradeInput struct {
	LeadPath
	TradeID int64 `path:"tradeId" minimum:"1" doc:"The trade-in's id (crmLeadTradeId)."`
	Body    lead.TradeIn
}

// RemoveVehiclePath is the path of DELETE /api/CrmLead/{type}/{id}.
type RemoveVehiclePath struct {
	Type string `path:"type" maxLength:"40" doc:"voi or trade."`
	ID   int64  `path:"id" minimum:"1" doc:"The vehicle's id: a crmLeadVoiId or a crmLeadTradeId."`
}

// LeadVehicles are a lead's vehicles of one kind; only the list of the kind asked is set.
type LeadVehicles struct {
	CrmLeadID          int64                    `json:"crmLeadId"`
	Version            int64                    `json:"version"`
	VehiclesOfInterest []lead.VehicleOfInterest `json:"vehiclesOfInterest,omitempty"`
	TradeIns           []lead.TradeIn           `json:"tradeIns,omitempty"`
	// AddedID is the id of the vehicle a POST added.
	AddedID int64 `json:"addedId,omitempty"`
}

func vehiclesOf(l lead.Lead, kind lead.VehicleKind) LeadVehicles {
	out := LeadVehicles{CrmLeadID: l.ID, Version: l.Version}
	if kind == lead.KindInterest {
		out.VehiclesOfInterest = l.Vehicles
	} else {
		out.TradeIns = l.TradeIns
	}
	return out
}

func (a *area) registerVehicles(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "listLeadVehicles",
		Method:      http.MethodGet,
		Path:        "/api/crmlead/{leadId}/{type}",
		Summary:     "A lead's vehicles of interest or trade-ins",
		Description: vehicleTypes,
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *LeadVehiclesPath) (*httpapi.Body[httpapi.Result[LeadVehicles]], error) {
		kind, err := lead.ParseKind(in.Type)
		if err != nil {
			return nil, err
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.load(ctx, sess, in.LeadID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(vehiclesOf(l, kind))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "addLeadVehicle",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/{leadId}/{type}",
		Summary:     "Add a vehicle of interest or a trade-in to a lead",
		Description: vehicleTypes + " A vehicle needs a VIN (17 characters), a stock number, or its year, make or model; amounts and the odometer cannot be negative. " +
			"payoff and appraisedValue apply to trade-ins only. A lead has at most 10 of each; a lead that is not active or sold pending is 409.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *AddVehicleInput) (*httpapi.Body[httpapi.Result[LeadVehicles]], error) {
		kind, err := lead.ParseKind(in.Type)
		if err != nil {
			return nil, err
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		t, by := sess.Principal.Tenant, sess.Principal.UserID
		var (
			l     lead.Lead
			added int64
		)
		if kind == lead.KindInterest {
			l, added, err = a.leads.AddVehicleOfInterest(ctx, t, in.LeadID, lead.VehicleOfInterest{Vehicle: in.Body.Vehicle}, by, visible(sess))
		} else {
			l, added, err = a.leads.AddTradeIn(ctx, t, in.LeadID, in.Body, by, visible(sess))
		}
		if err != nil {
			return nil, err
		}
		out := vehiclesOf(l, kind)
		out.AddedID = added
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "updateLeadVehicleOfInterest",
		Method:      http.MethodPut,
		Path:        "/api/CrmLead/{id}/voi/{voiId}",
		Summary:     "Change a lead's vehicle of interest",
		Description: "The body replaces the vehicle. isPrimary true makes it the customer's chosen vehicle and clears the others in the same write (choose VOI); " +
			"false leaves the choice as it is. A vehicle the lead does not have is 404.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *UpdateVOIInput) (*httpapi.Body[httpapi.Result[LeadVehicles]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.leads.UpdateVehicleOfInterest(ctx, sess.Principal.Tenant, in.ID, in.VoiID, in.Body, sess.Principal.UserID, visible(sess))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(vehiclesOf(l, lead.KindInterest))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "updateLeadTradeIn",
		Method:      http.MethodPut,
		Path:        "/api/CrmLead/{id}/trade/{tradeId}",
		Summary:     "Change a lead's trade-in",
		Description: "The body replaces the trade-in. A trade-in the lead does not have is 404.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *UpdateTradeInput) (*httpapi.Body[httpapi.Result[LeadVehicles]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.leads.UpdateTradeIn(ctx, sess.Principal.Tenant, in.ID, in.TradeID, in.Body, sess.Principal.UserID, visible(sess))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(vehiclesOf(l, lead.KindTrade))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "removeLeadVehicle",
		Method:      http.MethodDelete,
		Path:        "/api/CrmLead/{type}/{id}",
		Summary:     "Remove a vehicle of interest or a trade-in from its lead",
		Description: vehicleTypes + " {id} is the vehicle's own id, which names its lead. An unknown vehicle, or one of a lead the caller may not view, is 404.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *RemoveVehiclePath) (*httpapi.Body[httpapi.Result[LeadVehicles]], error) {
		kind, err := lead.ParseKind(in.Type)
		if err != nil {
			return nil, err
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.leads.RemoveVehicle(ctx, sess.Principal.Tenant, kind, in.ID, sess.Principal.UserID, visible(sess))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(vehiclesOf(l, kind))), nil
	})
}
