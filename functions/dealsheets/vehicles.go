package dealsheets

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// ReplacementOption is a vehicle the customer could be put in, with the deal's payment on it.
type ReplacementOption struct {
	dealsheet.DealReplacement
	ImageURL string        `json:"imageUrl"`
	Payment  payment.Money `json:"payment" doc:"The deal's payment on this vehicle at its MSRP; 0 when it does not compute."`
}

// ReplacementsInput is the request of the replacement vehicle calls.
type ReplacementsInput struct {
	EntityIDPath
	Body *struct {
		Make  string `json:"make,omitempty" required:"false" maxLength:"50" doc:"Only this make (off-brand replacements)."`
		Model string `json:"model,omitempty" required:"false" maxLength:"50" doc:"Only this model."`
	}
}

func (x *area) registerVehicles(api *httpapi.API) {
	errs := []int{400, 401, 403, 404}
	for _, offBrand := range []bool{false, true} {
		op := huma.Operation{
			OperationID: "dealsheetVehicleReplacements", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{entityId}/vehicle_replacements",
			Summary:     "Replacement vehicles of the current vehicle's make",
			Description: "The trims of the dealer group's catalogue feed of the current vehicle's make, the newest model year first, each with its MSRP and the deal's payment on it at that price. Empty when the group has no feed.",
			Tags:        []string{"dealsheets"}, Errors: errs,
		}
		if offBrand {
			op.OperationID, op.Path = "dealsheetOffBrandReplacements", "/api/Dealsheet/entity/{entityId}/ondemand_offbrand_vehicle_replacements"
			op.Summary = "Replacement vehicles of other makes"
			op.Description = "On demand: the trims of the dealer group's catalogue feed of the makes other than the current vehicle's (or of the make asked for), each with its MSRP and the deal's payment on it."
		}
		httpapi.Register(api, op, func(ctx context.Context, in *ReplacementsInput) (*httpapi.Body[httpapi.Result[[]ReplacementOption]], error) {
			o, err := x.openEntity(ctx, in.EntityID, false)
			if err != nil {
				return nil, err
			}
			sess, v, sh := o.sess, o.v, o.sh
			trims, err := x.feeds.Trims(ctx, sess.Principal.Tenant)
			if err != nil {
				return nil, err
			}
			var mk, model string
			if in.Body != nil {
				mk, model = strings.TrimSpace(in.Body.Make), strings.TrimSpace(in.Body.Model)
			}
			st := storeOf(sess, v.AccountPlatformID)
			out := []ReplacementOption{}
			for _, t := range trims {
				same := strings.EqualFold(t.Make, v.CurrentVehicle.Make)
				if same == offBrand || (mk != "" && !strings.EqualFold(t.Make, mk)) || (model != "" && !strings.EqualFold(t.Model, model)) {
					continue
				}
				r := dealsheet.DealReplacement{Year: t.Year, Make: t.Make, Model: t.Model, Trim: t.Trim, MSRP: money(t.MSRP), OffBrand: !same}
				o := ReplacementOption{DealReplacement: r, ImageURL: t.ImageURL}
				s := sh.Structure
				s.Price = r.MSRP
				if q, err := payment.Compute(dealOf(st, s, r)); err == nil {
					o.Payment = dealsheet.PaymentOf(q)
				}
				out = append(out, o)
			}
			slices.SortStableFunc(out, func(a, b ReplacementOption) int {
				if a.Year != b.Year {
					return b.Year - a.Year
				}
				return strings.Compare(a.Label(), b.Label())
			})
			return reply(out, nil)
		})
	}
}

// TurnInput is the request of POST /api/Dealsheet/entity/{entityId}/turn_predictor.
type TurnInput struct {
	EntityIDPath
	Body *struct {
		Year  int    `json:"year,omitempty" required:"false" minimum:"0" maximum:"2100" doc:"The vehicle asked about; the deal sheet's replacement vehicle when absent."`
		Make  string `json:"make,omitempty" required:"false" maxLength:"50"`
		Model string `json:"model,omitempty" required:"false" maxLength:"50"`
		Trim  string `json:"trim,omitempty" required:"false" maxLength:"50"`
	}
}

func (x *area) registerTurn(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "dealsheetTurnPredictor", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{entityId}/turn_predictor",
		Summary:     "The vehicle turn predictor",
		Description: "Estimates how many days the deal sheet's replacement vehicle (or the vehicle named) takes to turn at the deal sheet's store, from the store's own sales of the last 180 days: the days from each sold deal sheet's opening to its sale, for the same model within a model year, else the same model, make, or every sale, whichever first has 3 sales. Answers the median (the estimate), the middle half's range, the fastest and slowest, the pace per 30 days and the newest sales it is based on; no estimate with fewer than 3 sales.",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TurnInput) (*httpapi.Body[httpapi.Result[dealsheet.TurnPrediction]], error) {
		o, err := x.openEntity(ctx, in.EntityID, false)
		if err != nil {
			return nil, err
		}
		r := o.sh.Replacement
		if b := in.Body; b != nil && strings.TrimSpace(b.Make) != "" {
			r = dealsheet.DealReplacement{Year: b.Year, Make: strings.TrimSpace(b.Make), Model: strings.TrimSpace(b.Model), Trim: strings.TrimSpace(b.Trim)}
		}
		if r.Make == "" {
			return nil, invalid("make", dealsheet.MsgNoReplacement)
		}
		since := x.d.Store.Now().UTC().AddDate(0, 0, -dealsheet.TurnWindowDays)
		sales, err := x.sheets.Sales(ctx, o.sess.Principal.Tenant, o.v.AccountPlatformID, since)
		if err != nil {
			return nil, err
		}
		return reply(dealsheet.PredictTurn(r.Year, r.Make, r.Model, r.Trim, sales), nil)
	})
}
