package garage

import (
	"context"
	"math"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// Garage is a customer's garage.
type Garage struct {
	CurrentVehicles    []garage.Vehicle  `json:"currentVehicles" nullable:"false"`
	PreviousVehicles   []garage.Vehicle  `json:"previousVehicles" nullable:"false"`
	VehiclesOfInterest []InterestVehicle `json:"vehiclesOfInterest" nullable:"false"`
}

// Owned is a customer's owned vehicles, split by noLongerOwns.
type Owned struct {
	Current  []garage.Vehicle `json:"current" nullable:"false"`
	Previous []garage.Vehicle `json:"previous" nullable:"false"`
}

// InterestVehicle is a vehicle of interest of one of the customer's leads.
type InterestVehicle struct {
	CrmLeadID    int64  `json:"crmLeadId"`
	CrmLeadVoiID int64  `json:"crmLeadVoiId"`
	LeadStatus   string `json:"leadStatus"`
	IsPrimary    bool   `json:"isPrimary"`
	lead.Vehicle
}

// EnterpriseVehicle is a vehicle of the same customer at another store of the dealer group.
type EnterpriseVehicle struct {
	ContactID         int64          `json:"contactId"`
	AccountPlatformID int64          `json:"accountPlatformId"`
	StoreName         string         `json:"storeName"`
	Vehicle           garage.Vehicle `json:"vehicle"`
}

// AverageVehicle is the average of a store's currently owned vehicles.
type AverageVehicle struct {
	AccountPlatformID int64    `json:"accountPlatformId"`
	Count             int      `json:"count" doc:"The currently owned vehicles averaged."`
	Year              float64  `json:"year"`
	Mileage           float64  `json:"mileage"`
	Payment           *float64 `json:"payment" doc:"Over the vehicles with a payment."`
	Payoff            *float64 `json:"payoff" doc:"Over the vehicles with a payoff."`
	TradeValue        *float64 `json:"tradeValue" doc:"Over the vehicles with a trade value."`
	Equity            *float64 `json:"equity" doc:"Over the vehicles with a trade value."`
	TopMake           string   `json:"topMake" doc:"The make most of the vehicles are."`
}

// SaveVehicleInput is the request of POST /crm/contacts/{id}/vehicles/current_vehicles.
type SaveVehicleInput struct {
	ContactPath
	Body struct {
		EntityID           int64                     `json:"entityId,omitempty" required:"false" minimum:"0" doc:"The vehicle to edit; absent or 0 to add one."`
		Version            int64                     `json:"version,omitempty" required:"false" minimum:"0" doc:"The version of the vehicle you saw (editing): a stale one is a 409 and changes nothing."`
		CurrentVehicle     garage.VehicleInput       `json:"currentVehicle"`
		ReplacementVehicle garage.ReplacementVehicle `json:"replacementVehicle,omitempty" required:"false"`
		PaymentCalc        PaymentCalcInput          `json:"paymentCalc,omitempty" required:"false"`
	}
}

// PaymentCalcInput is the vehicle's contracts as a user sets them.
type PaymentCalcInput struct {
	DefaultContract int                    `json:"defaultContract" required:"false" minimum:"0" doc:"The index of the contract the payment calculation uses."`
	Contracts       []garage.ContractInput `json:"contracts" required:"false" maxItems:"3"`
}

// ContactBody is a body naming a contact.
type ContactBody struct {
	Body struct {
		ContactID int64 `json:"contactId" minimum:"1"`
	}
}

// AverageInput is the request of POST /api/vehicle/garage/average_vehicle.
type AverageInput struct {
	httpapi.ScopeHeader
	Body *struct {
		ContactID         int64 `json:"contactId,omitempty" required:"false" minimum:"0" doc:"Average the vehicles of this customer's store."`
		AccountPlatformID int64 `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"Average the vehicles of this store; absent for the Scope header's first store."`
	}
}

// VehicleRef names a vehicle at the version the user saw.
type VehicleRef struct {
	EntityID int64 `json:"entityId" minimum:"1" doc:"The garage vehicle."`
	Version  int64 `json:"version" minimum:"1" doc:"The version of the vehicle you saw: a stale one is a 409 and changes nothing."`
}

// ActionInput is the request of the status actions.
type ActionInput struct {
	Body struct {
		VehicleRef
		Reason   string `json:"reason,omitempty" required:"false" enum:"sold,notOwned" doc:"customer_does_not_own_vehicle: sold (the customer sold it: mark as sold) or notOwned (default)."`
		SoldDate string `json:"soldDate,omitempty" required:"false" doc:"When it was sold (YYYY-MM-DD); default today."`
		Note     string `json:"note,omitempty" required:"false" maxLength:"1000" text:"multiline"`
	}
}

// PayoffInput is the request of POST /api/vehicle/current/update_payoff.
type PayoffInput struct {
	Body struct {
		VehicleRef
		Payoff     float64 `json:"payoff" minimum:"0" maximum:"10000000"`
		PayoffAsOf string  `json:"payoffAsOf,omitempty" required:"false" doc:"The day of the payoff quote (YYYY-MM-DD); default today."`
	}
}

// MileageInput is the request of POST /api/vehicle/current/update_mileage.
type MileageInput struct {
	Body struct {
		VehicleRef
		Mileage int `json:"mileage" minimum:"0" maximum:"2000000"`
	}
}

// TradeValueInput is the request of storing or logging a trade value.
type TradeValueInput struct {
	Body struct {
		VehicleRef
		TradeValue float64 `json:"tradeValue" minimum:"0" maximum:"10000000"`
		Source     string  `json:"source,omitempty" required:"false" maxLength:"100" doc:"Where the value comes from (an appraisal, a guide); default Manual."`
	}
}

// RefInput is the request of the calls that name only a vehicle.
type RefInput struct {
	Body VehicleRef
}

// PriceInput is the request of POST /api/vehicle/replacement/log_price_change.
type PriceInput struct {
	Body struct {
		VehicleRef
		Price float64 `json:"price" minimum:"0" maximum:"10000000"`
	}
}

// TradeValuePath is the path of POST /api/vehicle/garage/get_vehicle_trade_value/{id}.
type TradeValuePath struct {
	ID int64 `path:"id" minimum:"1" doc:"The garage vehicle."`
}

// TradeValueInfo is a vehicle's trade value with its history.
type TradeValueInfo struct {
	EntityID   int64                `json:"entityId"`
	Version    int64                `json:"version"`
	TradeValue *garage.TradeValue   `json:"tradeValue"`
	Payoff     float64              `json:"payoff"`
	Equity     *float64             `json:"equity"`
	History    []garage.ValueChange `json:"history" nullable:"false"`
}

func split(vs []garage.Vehicle) Owned {
	o := Owned{Current: []garage.Vehicle{}, Previous: []garage.Vehicle{}}
	for _, v := range vs {
		if v.NoLongerOwns {
			o.Previous = append(o.Previous, v)
		} else {
			o.Current = append(o.Current, v)
		}
	}
	return o
}

func (x *area) owned(ctx context.Context, id int64) (Owned, error) {
	sess, c, err := x.contact(ctx, id, false)
	if err != nil {
		return Owned{}, err
	}
	vs, err := x.garage.List(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return Owned{}, err
	}
	return split(x.scored(ctx, sess.Principal.Tenant, vs)), nil
}

func (x *area) interest(ctx context.Context, id int64) ([]InterestVehicle, error) {
	sess, c, err := x.contact(ctx, id, false)
	if err != nil {
		return nil, err
	}
	ls, err := x.leads.ForContact(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return nil, err
	}
	out := []InterestVehicle{}
	for _, l := range ls {
		for _, v := range l.Vehicles {
			out = append(out, InterestVehicle{CrmLeadID: l.ID, CrmLeadVoiID: v.CrmLeadVoiID, LeadStatus: l.Status.String(), IsPrimary: v.IsPrimary, Vehicle: v.Vehicle})
		}
	}
	return out, nil
}

func (x *area) garageOf(ctx context.Context, id int64) (Garage, error) {
	o, err := x.owned(ctx, id)
	if err != nil {
		return Garage{}, err
	}
	voi, err := x.interest(ctx, id)
	if err != nil {
		return Garage{}, err
	}
	return Garage{CurrentVehicles: o.Current, PreviousVehicles: o.Previous, VehiclesOfInterest: voi}, nil
}

// allow returns the check that the caller may change the garage of a vehicle's customer.
func (x *area) allow(ctx context.Context) func(garage.Vehicle) error {
	return func(v garage.Vehicle) error {
		_, _, err := x.contact(ctx, v.ContactID, true)
		if apperr.CodeOf(err) == apperr.NotFound {
			return apperr.Errorf(apperr.NotFound, garage.MsgNotFound)
		}
		return err
	}
}

func (x *area) registerGarage(api *httpapi.API) {
	tags := []string{"garage"}
	read := []int{400, 401, 403, 404}
	write := []int{400, 401, 403, 404, 409}

	httpapi.Register(api, huma.Operation{
		OperationID: "saveCurrentVehicle", Method: http.MethodPost, Path: "/crm/contacts/{id}/vehicles/current_vehicles",
		Summary:     "Add or edit a current vehicle",
		Description: "Adds a currently owned vehicle to the customer's garage (no entityId) or edits one (entityId and the version you saw; a stale version is a 409 and changes nothing). A VIN is decoded to fill the year, make, model, trim and body left empty; a VIN failing its check digit is refused (400 on currentVehicle.vin). The contract: cash, finance (rate) or lease (money factor), lender, term, payment, payoff. Recorded in the customer's activity and change log. Needs a role that edits customers.",
		Tags:        tags, Errors: write,
	}, func(ctx context.Context, in *SaveVehicleInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, c, err := x.contact(ctx, in.ID, true)
		if err != nil {
			return nil, err
		}
		e := garage.Edit{CurrentVehicle: in.Body.CurrentVehicle, ReplacementVehicle: in.Body.ReplacementVehicle,
			Contracts: in.Body.PaymentCalc.Contracts, DefaultContract: in.Body.PaymentCalc.DefaultContract}
		var v garage.Vehicle
		if in.Body.EntityID == 0 {
			v, err = x.garage.Add(ctx, sess.Principal.Tenant, c.ID, c.AccountPlatformID, e, actor(sess))
		} else {
			v, err = x.garage.Update(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, e, actor(sess), func(v garage.Vehicle) error {
				if !slices.Contains(c.Owners(), v.ContactID) {
					return apperr.Errorf(apperr.NotFound, garage.MsgNotFound)
				}
				return nil
			})
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(v)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listCurrentVehicles", Method: http.MethodGet, Path: "/crm/contacts/{id}/vehicles/current_vehicles",
		Summary: "A customer's current vehicles", Description: "The vehicles the customer owns now (noLongerOwns false), newest first.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[[]garage.Vehicle]], error) {
		o, err := x.owned(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(o.Current)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactVehicles", Method: http.MethodGet, Path: "/crm/contacts/{id}/vehicles",
		Summary: "A customer's garage", Description: "The customer's current and previously owned vehicles and the vehicles of interest of their leads.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[Garage]], error) {
		g, err := x.garageOf(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(g)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getOwnedVehicles", Method: http.MethodGet, Path: "/crm/contacts/{id}/vehicles/owned",
		Summary: "A customer's owned vehicles", Description: "The customer's vehicles split by noLongerOwns into current and previously owned.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[Owned]], error) {
		o, err := x.owned(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(o)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getVehiclesOfInterest", Method: http.MethodGet, Path: "/crm/contacts/{id}/vehicles/vehicles_of_interest",
		Summary: "A customer's vehicles of interest", Description: "The vehicles of interest of the customer's leads, newest lead first.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *ContactPath) (*httpapi.Body[httpapi.Result[[]InterestVehicle]], error) {
		v, err := x.interest(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(v)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getGarageVehicles", Method: http.MethodPost, Path: "/api/vehicle/garage/garage_vehicles",
		Summary: "A customer's garage", Description: "As GET /crm/contacts/{id}/vehicles, for the customer of the body.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *ContactBody) (*httpapi.Body[httpapi.Result[Garage]], error) {
		g, err := x.garageOf(ctx, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(g)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getEnterpriseGarageVehicles", Method: http.MethodPost, Path: "/api/vehicle/garage/enterprise_garage_vehicles",
		Summary: "The customer's vehicles at the group's other stores", Description: "The garage vehicles of the contacts linked to the customer across the dealer group's stores (enterprise links), of the stores the caller may view.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *ContactBody) (*httpapi.Body[httpapi.Result[[]EnterpriseVehicle]], error) {
		sess, c, err := x.contact(ctx, in.Body.ContactID, false)
		if err != nil {
			return nil, err
		}
		links, err := x.enterprise.Linked(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		out := []EnterpriseVehicle{}
		for _, l := range links {
			other, _, err := x.contacts.ForSession(ctx, sess, l.LinkedID)
			if apperr.CodeOf(err) == apperr.NotFound {
				continue
			}
			if err != nil {
				return nil, err
			}
			vs, err := x.garage.List(ctx, sess.Principal.Tenant, []int64{other.ID})
			if err != nil {
				return nil, err
			}
			name := ""
			if st, err := sess.Store(other.AccountPlatformID); err == nil {
				name = st.Name
			}
			for _, v := range vs {
				out = append(out, EnterpriseVehicle{ContactID: other.ID, AccountPlatformID: other.AccountPlatformID, StoreName: name, Vehicle: v})
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getAverageVehicle", Method: http.MethodPost, Path: "/api/vehicle/garage/average_vehicle",
		Summary: "A store's average vehicle", Description: "The average of the currently owned vehicles of a store's customers (the customer's store, the body's store, or the Scope header's first store): model year, mileage, payment, payoff, trade value and equity, and the most common make.",
		Tags: tags, Errors: read,
	}, func(ctx context.Context, in *AverageInput) (*httpapi.Body[httpapi.Result[AverageVehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		var storeID int64
		switch {
		case in.Body != nil && in.Body.ContactID != 0:
			_, c, err := x.contact(ctx, in.Body.ContactID, false)
			if err != nil {
				return nil, err
			}
			storeID = c.AccountPlatformID
		case in.Body != nil && in.Body.AccountPlatformID != 0:
			if _, err := sess.Store(in.Body.AccountPlatformID); err != nil {
				return nil, err
			}
			storeID = in.Body.AccountPlatformID
		default:
			ids, err := sess.SelectStores(nil, in.Scope)
			if err != nil {
				return nil, err
			}
			if len(ids) == 0 {
				return nil, apperr.Errorf(apperr.Forbidden, "You may not view any store.")
			}
			storeID = ids[0]
		}
		vs, err := x.garage.StoreVehicles(ctx, sess.Principal.Tenant, storeID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(average(storeID, vs))), nil
	})

	x.registerActions(api, tags, write)
	x.registerRecalls(api)
}

func average(storeID int64, vs []garage.Vehicle) AverageVehicle {
	a := AverageVehicle{AccountPlatformID: storeID}
	var years, miles float64
	var pay, payoff, trade, equity []float64
	makes := map[string]int{}
	for _, v := range vs {
		if v.NoLongerOwns {
			continue
		}
		a.Count++
		years += float64(v.CurrentVehicle.Year)
		miles += float64(v.CurrentVehicle.Mileage)
		makes[v.CurrentVehicle.Make]++
		if c, ok := v.DefaultContract(); ok {
			if c.Payment > 0 {
				pay = append(pay, c.Payment)
			}
			if c.Payoff > 0 {
				payoff = append(payoff, c.Payoff)
			}
		}
		if v.TradeValue != nil {
			trade = append(trade, v.TradeValue.Value)
			if v.Equity != nil {
				equity = append(equity, *v.Equity)
			}
		}
	}
	if a.Count == 0 {
		return a
	}
	a.Year = math.Round(years/float64(a.Count)*10) / 10
	a.Mileage = math.Round(miles / float64(a.Count))
	mean := func(xs []float64) *float64 {
		if len(xs) == 0 {
			return nil
		}
		s := 0.0
		for _, x := range xs {
			s += x
		}
		m := math.Round(s/float64(len(xs))*100) / 100
		return &m
	}
	a.Payment, a.Payoff, a.TradeValue, a.Equity = mean(pay), mean(payoff), mean(trade), mean(equity)
	best := 0
	for m, n := range makes {
		if n > best || (n == best && m < a.TopMake) {
			a.TopMake, best = m, n
		}
	}
	return a
}

func (x *area) registerActions(api *httpapi.API, tags []string, write []int) {
	reply := func(v garage.Vehicle, err error) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(v)), nil
	}
	const versioned = " Send the version of the vehicle you saw: a stale one is a 409 and changes nothing. Recorded in the customer's activity and change log. Needs a role that edits the customer."

	httpapi.Register(api, huma.Operation{
		OperationID: "reopenGarageVehicle", Method: http.MethodPost, Path: "/api/vehicle/garage/reopen",
		Summary: "Reopen a vehicle", Description: "Makes a previously owned vehicle (sold, purchased by dealer, not owned) currently owned again; 409 when it is current." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *RefInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.Reopen(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markGarageVehicleDealerPurchased", Method: http.MethodPost, Path: "/api/vehicle/garage/dealer_purchased",
		Summary: "Purchased by dealer", Description: "Marks a current vehicle as bought by the dealership: it moves to the previously owned vehicles and announces GarageVehicleNoLongerOwned." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *ActionInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.DealerPurchased(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.SoldDate, in.Body.Note, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markGarageVehicleNotOwned", Method: http.MethodPost, Path: "/api/vehicle/garage/customer_does_not_own_vehicle",
		Summary: "Customer does not own / mark as sold", Description: "Marks a current vehicle as no longer owned: reason sold (mark as sold, with its sold date) or notOwned. It moves to the previously owned vehicles and announces GarageVehicleNoLongerOwned, on which the rules engine stops all the vehicle's processes and tasks." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *ActionInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if in.Body.Reason == "sold" {
			return reply(x.garage.MarkSold(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.SoldDate, in.Body.Note, actor(sess), x.allow(ctx)))
		}
		return reply(x.garage.NotOwned(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.Note, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markGarageVehicleContactOwns", Method: http.MethodPost, Path: "/api/vehicle/garage/contact_owns_vehicle",
		Summary: "Contact owns the vehicle", Description: "The customer confirms they own the vehicle: a vehicle marked not owned is current again, a current one has its ownership confirmed; a sold or dealer-purchased one is reopened instead (409)." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *RefInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.ContactOwns(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getVehicleTradeValue", Method: http.MethodPost, Path: "/api/vehicle/garage/get_vehicle_trade_value/{id}",
		Summary: "A vehicle's trade value", Description: "The vehicle's trade value (who stored it, when, from what source), its payoff, its equity and every change of the trade value and replacement price, newest first.",
		Tags: tags, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TradeValuePath) (*httpapi.Body[httpapi.Result[TradeValueInfo]], error) {
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
		info := TradeValueInfo{EntityID: v.EntityID, Version: v.Version, TradeValue: v.TradeValue, Equity: v.Equity, History: v.ValueLog}
		if c, ok := v.DefaultContract(); ok {
			info.Payoff = c.Payoff
		}
		return httpapi.Reply(httpapi.OK(info)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "storeVehicleTradeValue", Method: http.MethodPost, Path: "/api/vehicle/garage/store_vehicle_trade_value",
		Summary: "Store a trade value", Description: "Sets the vehicle's trade value; the change is logged with who and when." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *TradeValueInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.StoreTradeValue(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.TradeValue, in.Body.Source, false, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "resetVehicleTradeValue", Method: http.MethodPost, Path: "/api/vehicle/garage/reset_vehicle_trade_value",
		Summary: "Reset a trade value", Description: "Clears the vehicle's trade value (409 when it has none); the change is logged with who and when." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *RefInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.ResetTradeValue(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "updateVehiclePayoff", Method: http.MethodPost, Path: "/api/vehicle/current/update_payoff",
		Summary: "Update the payoff", Description: "Sets the payoff of the vehicle's default contract (a finance contract is started when it has none), as of a day. Only for a current vehicle (409 otherwise)." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *PayoffInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.UpdatePayoff(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.Payoff, in.Body.PayoffAsOf, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "updateVehicleMileage", Method: http.MethodPost, Path: "/api/vehicle/current/update_mileage",
		Summary: "Update the mileage", Description: "Records the vehicle's mileage, which never goes down (400 on mileage). Only for a current vehicle (409 otherwise)." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *MileageInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.UpdateMileage(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.Mileage, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "logVehicleTradeValueChange", Method: http.MethodPost, Path: "/api/vehicle/current/log_trade_value_change",
		Summary: "Log a trade value change", Description: "Records a trade value set elsewhere (an appraisal, desking) as the vehicle's trade value, logged as such with who and when." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *TradeValueInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.StoreTradeValue(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.TradeValue, in.Body.Source, true, actor(sess), x.allow(ctx)))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "logReplacementPriceChange", Method: http.MethodPost, Path: "/api/vehicle/replacement/log_price_change",
		Summary: "Change the replacement vehicle's price", Description: "Sets the price of the vehicle's replacement vehicle (409 when it has none), logged with who and when." + versioned,
		Tags: tags, Errors: write,
	}, func(ctx context.Context, in *PriceInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.garage.ChangeReplacementPrice(ctx, sess.Principal.Tenant, in.Body.EntityID, in.Body.Version, in.Body.Price, actor(sess), x.allow(ctx)))
	})
}
