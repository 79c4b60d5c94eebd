package garage

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// TrimRef names one trim of one model year.
type TrimRef struct {
	MakeName  string `json:"makeName" maxLength:"80"`
	ModelName string `json:"modelName" maxLength:"80"`
	Year      int    `json:"year" minimum:"1981" maximum:"2100"`
	TrimName  string `json:"trimName" maxLength:"80"`
}

// TrimInput is the request of the calls about one trim.
type TrimInput struct {
	Body TrimRef
}

// CompareInput is the request of the comparisons.
type CompareInput struct {
	Body struct {
		Trims []TrimRef `json:"trims" minItems:"1" maxItems:"6" doc:"The trims to compare."`
	}
}

// TrimColors is a trim's colours.
type TrimColors struct {
	TrimRef
	Colors []vehicle.Color `json:"colors" nullable:"false"`
}

// TrimPrices is a trim's MSRP and dealer plan prices.
type TrimPrices struct {
	TrimRef
	MSRP       float64             `json:"msrp"`
	PlanPrices []vehicle.PlanPrice `json:"planPrices" nullable:"false"`
}

// TrimImage is a trim's picture.
type TrimImage struct {
	TrimRef
	ImageURL string `json:"imageUrl"`
}

// TrimFeatures is one column of a feature comparison.
type TrimFeatures struct {
	TrimRef
	Features map[string]string `json:"features"`
}

// TrimFuelEconomy is one column of a fuel economy comparison.
type TrimFuelEconomy struct {
	TrimRef
	FuelEconomy *vehicle.FuelEconomy `json:"fuelEconomy"`
}

func (x *area) feedTrim(ctx context.Context, ref TrimRef) (vehicle.FeedTrim, error) {
	sess, err := x.session(ctx)
	if err != nil {
		return vehicle.FeedTrim{}, err
	}
	return x.feeds.Trim(ctx, sess.Principal.Tenant, ref.MakeName, ref.ModelName, ref.Year, ref.TrimName)
}

func (x *area) registerFeed(api *httpapi.API) {
	tags := []string{"vehicles"}
	errs := []int{400, 401, 404}
	const from = " From the dealer group's catalogue feed (a trim the feed lacks is a 404)."
	httpapi.Register(api, huma.Operation{
		OperationID: "getTrimColors", Method: http.MethodPost, Path: "/vehicle/trims/color",
		Summary: "A trim's colours", Description: "The exterior and interior colours of one trim." + from, Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *TrimInput) (*httpapi.Body[httpapi.Result[TrimColors]], error) {
		t, err := x.feedTrim(ctx, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(TrimColors{TrimRef: in.Body, Colors: t.Colors})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getTrimDealerPlanPrice", Method: http.MethodPost, Path: "/vehicle/trims/dealer_plan_price",
		Summary: "A trim's dealer plan prices", Description: "The MSRP and the dealer plan prices (employee, supplier...) of one trim." + from, Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *TrimInput) (*httpapi.Body[httpapi.Result[TrimPrices]], error) {
		t, err := x.feedTrim(ctx, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(TrimPrices{TrimRef: in.Body, MSRP: t.MSRP, PlanPrices: t.PlanPrices})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getTrimVehicleImage", Method: http.MethodPost, Path: "/vehicle/trims/vehicle_image",
		Summary: "A trim's picture", Description: "The address of one trim's picture." + from, Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *TrimInput) (*httpapi.Body[httpapi.Result[TrimImage]], error) {
		t, err := x.feedTrim(ctx, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(TrimImage{TrimRef: in.Body, ImageURL: t.ImageURL})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "compareTrimFeatures", Method: http.MethodPost, Path: "/vehicle/trims/feature_comparison",
		Summary: "Compare trims' features", Description: "The features of each trim, in the order given." + from, Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *CompareInput) (*httpapi.Body[httpapi.Result[[]TrimFeatures]], error) {
		out := make([]TrimFeatures, 0, len(in.Body.Trims))
		for _, ref := range in.Body.Trims {
			t, err := x.feedTrim(ctx, ref)
			if err != nil {
				return nil, err
			}
			out = append(out, TrimFeatures{TrimRef: ref, Features: t.Features})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "compareTrimFuelEconomy", Method: http.MethodPost, Path: "/vehicle/trims/fuel_economy_comparison",
		Summary: "Compare trims' fuel economy", Description: "The rated fuel economy of each trim, in the order given." + from, Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *CompareInput) (*httpapi.Body[httpapi.Result[[]TrimFuelEconomy]], error) {
		out := make([]TrimFuelEconomy, 0, len(in.Body.Trims))
		for _, ref := range in.Body.Trims {
			t, err := x.feedTrim(ctx, ref)
			if err != nil {
				return nil, err
			}
			out = append(out, TrimFuelEconomy{TrimRef: ref, FuelEconomy: t.FuelEconomy})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
