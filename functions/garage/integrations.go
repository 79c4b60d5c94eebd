package garage

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/appraisal"
	"github.com/cxm/cxm/shared/provider/mfrtag"
	"github.com/cxm/cxm/shared/provider/vehiclehistory"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// Messages of the integrations' calls.
const (
	MsgNeedsVIN           = "The vehicle needs a VIN for this."
	MsgAppraisalFailed    = "The appraisal could not be made: %s"
	MsgHistoryNoRecords   = "The vehicle history provider has no records of this VIN."
	MsgHistoryFailed      = "The vehicle history report could not be read: %s"
	MsgTagFailed          = "There was an error processing your request. Please try again later."
	MsgTagNotSupported    = "The manufacturer tag service covers Ford and Lincoln vehicles only."
	AppraisalSourcePrefix = "vAuto appraisal "
	VinCueSourcePrefix    = "VinCue appraisal "
)

// StoreBody names a store.
type StoreBody struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1" doc:"The store."`
	}
}

// AppraisalStatus says whether a store may use an integration.
type AppraisalStatus struct {
	AccountPlatformID int64  `json:"accountPlatformId"`
	Enabled           bool   `json:"enabled"`
	Message           string `json:"message,omitempty" required:"false" doc:"Why it is not enabled."`
}

// AppraisersInput is the request of GET /api/VAuto/appraisal/GetUsers.
type AppraisersInput struct {
	DealerID int64 `query:"dealerId" minimum:"1" required:"true" doc:"The store (account platform) whose appraisers to list."`
}

// VehicleBody names a garage vehicle.
type VehicleBody struct {
	Body struct {
		EntityID int64 `json:"entityId" minimum:"1" doc:"The garage vehicle."`
	}
}

// LatestAppraisal is a garage vehicle's newest appraisal at its store.
type LatestAppraisal struct {
	EntityID  int64                `json:"entityId"`
	VIN       string               `json:"vin"`
	Appraisal *appraisal.Appraisal `json:"appraisal" doc:"null when the store has not appraised the VIN."`
}

// AppraisalInput is the request of POST /api/VAuto/appraisal/create.
type AppraisalInput struct {
	Body struct {
		VehicleRef
		Odometer    int    `json:"odometer" minimum:"1" maximum:"999999" doc:"The odometer reading at the appraisal."`
		Condition   string `json:"condition" enum:"excellent,good,fair,poor"`
		AppraiserID string `json:"appraiserId" minLength:"1" maxLength:"100" doc:"The store's appraiser (GET /api/VAuto/appraisal/GetUsers)."`
		Notes       string `json:"notes,omitempty" required:"false" maxLength:"1000" text:"multiline"`
	}
}

// AppraisalResult is a new appraisal with the vehicle it set the trade value of.
type AppraisalResult struct {
	Appraisal appraisal.Appraisal `json:"appraisal"`
	Vehicle   garage.Vehicle      `json:"vehicle"`
}

// VehicleHistoryReport is a garage vehicle's history report.
type VehicleHistoryReport struct {
	EntityID int64                        `json:"entityId"`
	VIN      string                       `json:"vin"`
	Report   vehiclehistory.HistoryReport `json:"report"`
}

// ManufacturerTagDetails are a garage vehicle's manufacturer tag details.
type ManufacturerTagDetails struct {
	EntityID int64                `json:"entityId"`
	VIN      string               `json:"vin"`
	OasisURL string               `json:"oasisUrl" doc:"The vehicle's report in the manufacturer's application."`
	Details  mfrtag.VehicleReport `json:"details"`
}

// viewVehicle returns vehicle id for a caller who may view its customer (edit: change it).
func (x *area) viewVehicle(ctx context.Context, id int64, edit bool) (user.Session, garage.Vehicle, error) {
	sess, err := x.session(ctx)
	if err != nil {
		return user.Session{}, garage.Vehicle{}, err
	}
	v, err := x.garage.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return user.Session{}, garage.Vehicle{}, err
	}
	if _, _, err := x.contact(ctx, v.ContactID, edit); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return user.Session{}, garage.Vehicle{}, apperr.Errorf(apperr.NotFound, garage.MsgNotFound)
		}
		return user.Session{}, garage.Vehicle{}, err
	}
	if v.CurrentVehicle.VIN == "" {
		return user.Session{}, garage.Vehicle{}, apperr.Errorf(apperr.Conflict, MsgNeedsVIN)
	}
	return sess, v, nil
}

// appraisalError maps the provider's refusal to the API's: a refused field is a 400 naming it,
// anything else a 409 with the provider's message.
func appraisalError(err error) error {
	var e *appraisal.Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Invalid && e.Field != "" {
		return apperr.InvalidFields(e.Message, map[string]string{e.Field: e.Message})
	}
	return apperr.Wrap(apperr.Conflict, err, fmt.Sprintf(MsgAppraisalFailed, e.Message))
}

func (x *area) registerIntegrations(api *httpapi.API) {
	tags := []string{"garage"}
	read := []int{400, 401, 403, 404, 409}

	type appraiserOf func(context.Context, store.Tenant, int64) (appraisal.Provider, error)
	enabled := func(pick appraiserOf) func(context.Context, *StoreBody) (*httpapi.Body[httpapi.Result[AppraisalStatus]], error) {
		return func(ctx context.Context, in *StoreBody) (*httpapi.Body[httpapi.Result[AppraisalStatus]], error) {
			sess, err := x.session(ctx)
			if err != nil {
				return nil, err
			}
			if _, err := sess.Store(in.Body.AccountPlatformID); err != nil {
				return nil, err
			}
			out := AppraisalStatus{AccountPlatformID: in.Body.AccountPlatformID, Enabled: true}
			if _, err := pick(ctx, sess.Principal.Tenant, in.Body.AccountPlatformID); err != nil {
				if apperr.CodeOf(err) != apperr.Conflict {
					return nil, err
				}
				e, _ := apperr.As(err)
				out.Enabled, out.Message = false, e.Message
			}
			return httpapi.Reply(httpapi.OK(out)), nil
		}
	}
	httpapi.Register(api, huma.Operation{
		OperationID: "isVAutoEnabled", Method: http.MethodPost, Path: "/api/VAuto/is_enabled",
		Summary:     "Whether a store may appraise",
		Description: "Whether the store has an appraisal provider: vAuto when configured, the sandbox locally and for a demo store; otherwise enabled is false with the reason.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, enabled(x.d.Providers.Appraiser))
	httpapi.Register(api, huma.Operation{
		OperationID: "isVinCueEnabled", Method: http.MethodPost, Path: "/api/vincue/VinCue_is_enabled",
		Summary:     "Whether a store may appraise with VinCue",
		Description: "Whether the store may appraise with VinCue (POST /api/VAuto/appraisal/createVinCue): the sandbox locally and for a demo store; in AWS no VinCue adapter exists, so enabled is false with the reason for any other store.",
		Tags:        tags, Errors: []int{400, 401, 403, 404},
	}, enabled(x.d.Providers.VinCueAppraiser))

	httpapi.Register(api, huma.Operation{
		OperationID: "getAppraisers", Method: http.MethodGet, Path: "/api/VAuto/appraisal/GetUsers",
		Summary:     "A store's appraisers",
		Description: "The store's appraisers at its appraisal provider, to choose who owns an appraisal. 409 when the store has no appraisal provider or the provider does not answer.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *AppraisersInput) (*httpapi.Body[httpapi.Result[[]appraisal.Appraiser]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := sess.Store(in.DealerID); err != nil {
			return nil, err
		}
		p, err := x.d.Providers.Appraiser(ctx, sess.Principal.Tenant, in.DealerID)
		if err != nil {
			return nil, err
		}
		us, err := p.Users(ctx)
		if err != nil {
			return nil, appraisalError(err)
		}
		return httpapi.Reply(httpapi.OK(us)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getLatestAppraisalByVin", Method: http.MethodPost, Path: "/api/VAuto/appraisal/get_latest_by_vin",
		Summary:     "A garage vehicle's latest appraisal",
		Description: "The newest appraisal of the vehicle's VIN at its store's appraisal provider, or null. 409 when the vehicle has no VIN, the store has no appraisal provider or the provider does not answer.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *VehicleBody) (*httpapi.Body[httpapi.Result[LatestAppraisal]], error) {
		sess, v, err := x.viewVehicle(ctx, in.Body.EntityID, false)
		if err != nil {
			return nil, err
		}
		p, err := x.d.Providers.Appraiser(ctx, sess.Principal.Tenant, v.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		a, err := p.LatestByVIN(ctx, v.CurrentVehicle.VIN)
		if err != nil {
			return nil, appraisalError(err)
		}
		return httpapi.Reply(httpapi.OK(LatestAppraisal{EntityID: v.EntityID, VIN: v.CurrentVehicle.VIN, Appraisal: a})), nil
	})

	create := func(pick appraiserOf, source string) func(context.Context, *AppraisalInput) (*httpapi.Body[httpapi.Result[AppraisalResult]], error) {
		return func(ctx context.Context, in *AppraisalInput) (*httpapi.Body[httpapi.Result[AppraisalResult]], error) {
			sess, v, err := x.viewVehicle(ctx, in.Body.EntityID, true)
			if err != nil {
				return nil, err
			}
			// A stale version is refused before the provider records anything.
			if v.Version != in.Body.Version {
				return nil, apperr.Errorf(apperr.Conflict, garage.MsgStale)
			}
			if v.Status != garage.StatusCurrent {
				return nil, apperr.Errorf(apperr.Conflict, garage.MsgNotCurrent)
			}
			p, err := pick(ctx, sess.Principal.Tenant, v.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			_, c, err := x.contact(ctx, v.ContactID, true)
			if err != nil {
				return nil, err
			}
			cv := v.CurrentVehicle
			a, err := p.Create(ctx, appraisal.Request{VIN: cv.VIN, Odometer: in.Body.Odometer, Year: cv.Year, Make: cv.Make, Model: cv.Model, Trim: cv.Trim, Color: cv.Color,
				Condition: in.Body.Condition, AppraiserID: in.Body.AppraiserID, Customer: c.FullName(), Notes: in.Body.Notes})
			if err != nil {
				return nil, appraisalError(err)
			}
			nv, err := x.garage.StoreTradeValue(ctx, sess.Principal.Tenant, v.EntityID, in.Body.Version, a.Value, source+a.ID, false, actor(sess), x.allow(ctx))
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(AppraisalResult{Appraisal: a, Vehicle: nv})), nil
		}
	}
	const createDoc = "Appraises the garage vehicle at its store's appraisal provider (vAuto; the sandbox locally and for a demo store) with its odometer reading, condition and appraiser, and stores the appraised value as the vehicle's trade value (source \"vAuto appraisal {id}\"), logged with who and when. Send the version of the vehicle you saw: a stale one is a 409 and nothing is appraised. A field the provider refuses is a 400 naming it; a store without a provider, or a provider that does not answer, a 409. Needs a role that edits the customer."
	httpapi.Register(api, huma.Operation{
		OperationID: "createAppraisal", Method: http.MethodPost, Path: "/api/VAuto/appraisal/create",
		Summary: "Appraise a garage vehicle", Description: createDoc, Tags: tags, Errors: read,
	}, create(x.d.Providers.Appraiser, AppraisalSourcePrefix))
	httpapi.Register(api, huma.Operation{
		OperationID: "createAppraisalV2", Method: http.MethodPost, Path: "/api/VAuto/appraisal/createV2",
		Summary: "Appraise a garage vehicle (v2)", Description: "As POST /api/VAuto/appraisal/create. " + createDoc, Tags: tags, Errors: read,
	}, create(x.d.Providers.Appraiser, AppraisalSourcePrefix))
	httpapi.Register(api, huma.Operation{
		OperationID: "createVinCueAppraisal", Method: http.MethodPost, Path: "/api/VAuto/appraisal/createVinCue",
		Summary:     "Appraise a garage vehicle with VinCue",
		Description: "As POST /api/VAuto/appraisal/create, at the store's VinCue account instead of vAuto (POST /api/vincue/VinCue_is_enabled says whether the store has one; 409 otherwise): the trade value's source is \"VinCue appraisal {id}\". The appraiser is one of the store's (GET /api/VAuto/appraisal/GetUsers). Send the version of the vehicle you saw: a stale one is a 409 and nothing is appraised. Needs a role that edits the customer.",
		Tags:        tags, Errors: read,
	}, create(x.d.Providers.VinCueAppraiser, VinCueSourcePrefix))

	httpapi.Register(api, huma.Operation{
		OperationID: "getVehicleHistoryReport", Method: http.MethodPost, Path: "/api/dealsheet/integrations/CarProof",
		Summary:     "A garage vehicle's history report",
		Description: "The vehicle history report of the vehicle's VIN from its store's provider (CARFAX Canada, formerly CarProof; the sandbox locally and for a demo store): damage, registrations, liens, odometer readings, brands. 409 when the vehicle has no VIN, the provider has no records of it, the store has no provider or the provider does not answer.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *VehicleBody) (*httpapi.Body[httpapi.Result[VehicleHistoryReport]], error) {
		sess, v, err := x.viewVehicle(ctx, in.Body.EntityID, false)
		if err != nil {
			return nil, err
		}
		p, err := x.d.Providers.History(ctx, sess.Principal.Tenant, v.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		r, err := p.Report(ctx, v.CurrentVehicle.VIN)
		var e *vehiclehistory.Error
		switch {
		case errors.As(err, &e) && e.Code == vehiclehistory.CodeNotFound:
			return nil, apperr.Wrap(apperr.Conflict, err, MsgHistoryNoRecords)
		case errors.As(err, &e):
			return nil, apperr.Wrap(apperr.Conflict, err, fmt.Sprintf(MsgHistoryFailed, e.Message))
		case err != nil:
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(VehicleHistoryReport{EntityID: v.EntityID, VIN: v.CurrentVehicle.VIN, Report: r})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "submitOasis", Method: http.MethodPost, Path: "/api/dealsheet/integrations/submit_oasis",
		Summary:     "A garage vehicle's manufacturer tag details",
		Description: "Submits the vehicle's VIN and mileage to its store's manufacturer tag service (Ford OASIS; the sandbox locally and for a demo store): warranty coverages, field service actions, service visits, and the oasisUrl of the report in OASIS. 409 when the vehicle has no VIN or is not a Ford or Lincoln, the store has no service, or the service fails.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *VehicleBody) (*httpapi.Body[httpapi.Result[ManufacturerTagDetails]], error) {
		sess, v, err := x.viewVehicle(ctx, in.Body.EntityID, false)
		if err != nil {
			return nil, err
		}
		p, err := x.d.Providers.Tags(ctx, sess.Principal.Tenant, v.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		d, err := p.Submit(ctx, mfrtag.Request{VIN: v.CurrentVehicle.VIN, Odometer: v.CurrentVehicle.Mileage})
		var e *mfrtag.Error
		switch {
		case errors.As(err, &e) && e.Code == mfrtag.CodeNotSupported:
			return nil, apperr.Wrap(apperr.Conflict, err, MsgTagNotSupported)
		case err != nil:
			return nil, apperr.Wrap(apperr.Conflict, err, MsgTagFailed)
		}
		return httpapi.Reply(httpapi.OK(ManufacturerTagDetails{EntityID: v.EntityID, VIN: v.CurrentVehicle.VIN, OasisURL: d.OasisURL, Details: d})), nil
	})
}
