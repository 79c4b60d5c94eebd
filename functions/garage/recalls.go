package garage

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/provider/recall"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
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

// recallBudget bounds the recall look-ups of one garage read: a vehicle whose recalls do not
// come back in time is scored without them.
const recallBudget = 3 * time.Second

// scored returns vs with the current vehicles scored again with their open recalls, looked up
// once per store, make, model and year, side by side. A vehicle whose recalls cannot be read
// keeps its score without them (the recalls factor says so).
func (x *area) scored(ctx context.Context, t store.Tenant, vs []garage.Vehicle) []garage.Vehicle {
	type key struct {
		store       int64
		make, model string
		year        int
	}
	keyOf := func(v garage.Vehicle) (key, bool) {
		cv := v.CurrentVehicle
		if v.Status != garage.StatusCurrent || cv.Make == "" || cv.Model == "" || cv.Year == 0 {
			return key{}, false
		}
		return key{v.AccountPlatformID, strings.ToUpper(cv.Make), strings.ToUpper(cv.Model), cv.Year}, true
	}
	counts := map[key]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	ctx, cancel := context.WithTimeout(ctx, recallBudget)
	defer cancel()
	seen := map[key]bool{}
	for _, v := range vs {
		k, ok := keyOf(v)
		if !ok || seen[k] {
			continue
		}
		seen[k] = true
		wg.Add(1)
		go func(k key, q recall.Query) {
			defer wg.Done()
			p, err := x.d.Providers.Recalls(ctx, t, k.store)
			if err != nil {
				return
			}
			res, err := p.ByVehicle(ctx, q)
			if err != nil {
				return
			}
			mu.Lock()
			counts[k] = len(res.Results)
			mu.Unlock()
		}(k, recall.Query{Make: v.CurrentVehicle.Make, Model: v.CurrentVehicle.Model, ModelYear: v.CurrentVehicle.Year})
	}
	wg.Wait()
	out := make([]garage.Vehicle, len(vs))
	for i, v := range vs {
		out[i] = v
		if k, ok := keyOf(v); ok {
			if n, ok := counts[k]; ok {
				out[i] = x.garage.WithRecalls(v, n)
			}
		}
	}
	return out
}
