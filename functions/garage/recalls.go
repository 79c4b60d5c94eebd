package garage

import (
	"context"
	"errors"
	"net/http"

	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/provider/recall"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// Messages of the recall call.
const (
	MsgRecallNoVehicle   = "The vehicle needs a make, a model and a model year to look up its recalls."
	MsgRecallUnavailable = "The recall service did not answer; try again in a moment."
)

// VehicleRecalls are the safety recalls of a garage vehicle, as the recall provider answers.
type VehicleRecalls struct {
	EntityID int64           `json:"entityId"`
	VIN      string          `json:"vin"`
	Recalls  recall.Response `json:"recalls"`
}

func (x *area) registerRecalls(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getGarageVehicleRecalls", Method: http.MethodPost, Path: "/api/vehicle/garage/recalls/{id}",
		Summary:     "A garage vehicle's recalls",
		Description: "The safety recalls of the vehicle's make, model and model year from the store's recall provider (NHTSA's recalls API; its sandbox locally and for demo stores), in NHTSA's shape. 409 when the vehicle lacks a make, model or year, or when the provider does not answer.",
		Tags:        []string{"garage"}, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *TradeValuePath) (*httpapi.Body[httpapi.Result[VehicleRecalls]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		v, err := x.garage.Get(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		if _, _, err := x.contact(ctx, v.ContactID, false); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.Errorf(apperr.NotFound, garage.MsgNotFound)
			}
			return nil, err
		}
		p, err := x.d.Providers.Recalls(ctx, sess.Principal.Tenant, v.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		res, err := p.ByVehicle(ctx, recall.Query{Make: v.CurrentVehicle.Make, Model: v.CurrentVehicle.Model, ModelYear: v.CurrentVehicle.Year})
		var re *recall.Error
		switch {
		case errors.As(err, &re) && re.Invalid:
			return nil, apperr.Wrap(apperr.Conflict, err, MsgRecallNoVehicle)
		case err != nil:
			return nil, apperr.Wrap(apperr.Conflict, err, MsgRecallUnavailable)
		}
		return httpapi.Reply(httpapi.OK(VehicleRecalls{EntityID: v.EntityID, VIN: v.CurrentVehicle.VIN, Recalls: res})), nil
	})
}
