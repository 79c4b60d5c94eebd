package garage

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Actions, as events and the activity name them.
const (
	ActionAdded            = "added"
	ActionEdited           = "edited"
	ActionSold             = "sold"
	ActionDealerPurchased  = "dealerPurchased"
	ActionNotOwned         = "notOwned"
	ActionContactOwns      = "contactOwns"
	ActionReopened         = "reopened"
	ActionPayoff           = "payoffUpdated"
	ActionMileage          = "mileageUpdated"
	ActionTradeValueStored = "tradeValueStored"
	ActionTradeValueReset  = "tradeValueReset"
	ActionTradeValueLogged = "tradeValueLogged"
	ActionReplacementPrice = "replacementPriceChanged"
)

// Changed is the detail of the garage's events.
type Changed struct {
	EntityID          int64  `json:"entityId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Action            string `json:"action"`
	Status            Status `json:"status"`
	VIN               string `json:"vin,omitempty"`
	Version           int64  `json:"version"`
	UserID            string `json:"userId"`
}

// Edit is what a user sets on a vehicle when adding or editing it.
type Edit struct {
	CurrentVehicle     VehicleInput
	ReplacementVehicle ReplacementVehicle
	// Contracts are the vehicle's contracts; DefaultContract the index of the one the payment
	// calculation uses.
	Contracts       []ContractInput
	DefaultContract int
}

// Add adds vehicle e to the garage of contact contactID of store storeID, as currently owned.
// Its VIN, when given, is decoded to fill what e leaves empty; a VIN that is not one or fails
// its check digit is an Invalid error naming currentVehicle.vin.
func (r *Repo) Add(ctx context.Context, t store.Tenant, contactID, storeID int64, e Edit, by Actor) (Vehicle, error) {
	now := r.now().UTC()
	v := Vehicle{EntityID: newID(), ContactID: contactID, AccountPlatformID: storeID, Status: StatusCurrent,
		CreatedAt: now, CreatedBy: by.UserID, UpdatedAt: now, UpdatedBy: by.UserID}
	if err := r.apply(&v, e, nil, now); err != nil {
		return Vehicle{}, err
	}
	existing, err := r.List(ctx, t, []int64{contactID})
	if err != nil {
		return Vehicle{}, err
	}
	if len(existing) >= MaxVehicles {
		return Vehicle{}, apperr.Errorf(apperr.Invalid, MsgGarageFull)
	}
	for _, x := range existing {
		if v.CurrentVehicle.VIN != "" && x.CurrentVehicle.VIN == v.CurrentVehicle.VIN && x.Status == StatusCurrent {
			return Vehicle{}, apperr.InvalidFields(MsgDuplicateVIN, map[string]string{"currentVehicle.vin": MsgDuplicateVIN})
		}
	}
	changes := changelog.Diff(nil, jsonOf(loggable(v)), nil)
	v.LogSeq = 1
	vk, err := vehicleKey(t, contactID, v.EntityID)
	if err != nil {
		return Vehicle{}, err
	}
	pk, err := pointerKey(t, v.EntityID)
	if err != nil {
		return Vehicle{}, err
	}
	ik, err := storeIndexKey(t, storeID, v.EntityID)
	if err != nil {
		return Vehicle{}, err
	}
	it, err := toItem(v)
	if err != nil {
		return Vehicle{}, err
	}
	logOp, err := changelog.Op(t, changelog.Revision{ContactID: contactID, VehicleID: v.EntityID, Seq: 1, At: now,
		UserID: by.UserID, ActorUserID: by.ActorUserID, Kind: changelog.KindGarage, Changes: prefixed(v.EntityID, changes)})
	if err != nil {
		return Vehicle{}, err
	}
	v.Version = 1
	ev, err := event(t, EventChanged, v, ActionAdded, by)
	if err != nil {
		return Vehicle{}, err
	}
	evOp, err := eventbus.OutboxOp(t, ev)
	if err != nil {
		return Vehicle{}, err
	}
	if err := r.s.Transact(ctx,
		store.CreateOp(store.Record{Key: vk, Indexes: []store.IndexKey{ik}, Type: typeVehicle, Value: it}),
		store.CreateOp(store.Record{Key: pk, Type: typePointer, Value: pointerItem{ContactID: contactID}}),
		logOp, evOp); err != nil {
		return Vehicle{}, fmt.Errorf("add garage vehicle: %w", err)
	}
	r.record(ctx, t, v, ActionAdded, by, ev.ID)
	return decorate(v, now), nil
}

// Update edits vehicle id at version (the one the user saw) with e.
func (r *Repo) Update(ctx context.Context, t store.Tenant, id, version int64, e Edit, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.change(ctx, t, id, version, by, ActionEdited, allow, func(v *Vehicle, now time.Time) error {
		old := *v
		return r.apply(v, e, &old, now)
	})
}

// MarkSold marks vehicle id as sold by the customer on day soldDate ("" for today).
func (r *Repo) MarkSold(ctx context.Context, t store.Tenant, id, version int64, soldDate, note string, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.leave(ctx, t, id, version, StatusSold, ActionSold, soldDate, note, by, allow)
}

// DealerPurchased marks vehicle id as bought by the dealership.
func (r *Repo) DealerPurchased(ctx context.Context, t store.Tenant, id, version int64, date, note string, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.leave(ctx, t, id, version, StatusDealerPurchased, ActionDealerPurchased, date, note, by, allow)
}

// NotOwned marks vehicle id as not owned by the customer.
func (r *Repo) NotOwned(ctx context.Context, t store.Tenant, id, version int64, note string, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.leave(ctx, t, id, version, StatusNotOwned, ActionNotOwned, "", note, by, allow)
}

func (r *Repo) leave(ctx context.Context, t store.Tenant, id, version int64, to Status, action, date, note string, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	note = strings.TrimSpace(note)
	if len([]rune(note)) > 1000 {
		return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"note": "The note must be at most 1000 characters."})
	}
	if date != "" {
		if _, err := time.Parse(time.DateOnly, date); err != nil {
			return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"soldDate": "Enter the date as YYYY-MM-DD."})
		}
	}
	return r.change(ctx, t, id, version, by, action, allow, func(v *Vehicle, now time.Time) error {
		if v.Status != StatusCurrent {
			return apperr.Errorf(apperr.Conflict, MsgNotCurrent)
		}
		v.Status, v.StatusNote = to, note
		if to != StatusNotOwned {
			if date == "" {
				date = now.Format(time.DateOnly)
			}
			v.SoldDate = date
		}
		return nil
	})
}

// ContactOwns records that the customer owns vehicle id: a vehicle marked as not owned is
// current again, and a current one has its ownership confirmed. A sold vehicle or one the
// dealer bought is reopened instead (a Conflict error).
func (r *Repo) ContactOwns(ctx context.Context, t store.Tenant, id, version int64, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.change(ctx, t, id, version, by, ActionContactOwns, allow, func(v *Vehicle, _ time.Time) error {
		switch v.Status {
		case StatusCurrent, StatusNotOwned:
		default:
			return apperr.Errorf(apperr.Conflict, "The vehicle is marked %s: reopen it to make it currently owned.", strings.ToLower(v.Status.Label()))
		}
		v.Status, v.StatusNote, v.OwnershipConfirmed = StatusCurrent, "", true
		return nil
	})
}

// Reopen makes a previously owned vehicle current again.
func (r *Repo) Reopen(ctx context.Context, t store.Tenant, id, version int64, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.change(ctx, t, id, version, by, ActionReopened, allow, func(v *Vehicle, _ time.Time) error {
		if v.Status == StatusCurrent {
			return apperr.Errorf(apperr.Conflict, MsgAlreadyOpen)
		}
		v.Status, v.SoldDate, v.StatusNote = StatusCurrent, "", ""
		return nil
	})
}

// UpdatePayoff sets the payoff of vehicle id's default contract (a new finance contract when
// it has none), as of day asOf ("" for today).
func (r *Repo) UpdatePayoff(ctx context.Context, t store.Tenant, id, version int64, payoff float64, asOf string, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	if payoff < 0 || payoff > 10000000 || math.IsNaN(payoff) {
		return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"payoff": "The payoff must be between 0 and 10,000,000."})
	}
	if asOf != "" {
		if _, err := time.Parse(time.DateOnly, asOf); err != nil {
			return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"payoffAsOf": "Enter the date as YYYY-MM-DD."})
		}
	}
	return r.change(ctx, t, id, version, by, ActionPayoff, allow, func(v *Vehicle, now time.Time) error {
		if v.Status != StatusCurrent {
			return apperr.Errorf(apperr.Conflict, MsgNotCurrent)
		}
		if asOf == "" {
			asOf = now.Format(time.DateOnly)
		}
		if len(v.PaymentCalc.Contracts) == 0 {
			v.PaymentCalc = PaymentCalc{Contracts: []Contract{{ContractInput: ContractInput{ContractType: ContractFinance}}}}
		}
		i := v.PaymentCalc.DefaultContract
		if i < 0 || i >= len(v.PaymentCalc.Contracts) {
			i = 0
		}
		v.PaymentCalc.Contracts[i].Payoff = round2(payoff)
		v.PaymentCalc.Contracts[i].PayoffAsOf = asOf
		return nil
	})
}

// UpdateMileage records vehicle id's mileage; it never goes down.
func (r *Repo) UpdateMileage(ctx context.Context, t store.Tenant, id, version int64, mileage int, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	if mileage < 0 || mileage > 2000000 {
		return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"mileage": "The mileage must be between 0 and 2,000,000."})
	}
	return r.change(ctx, t, id, version, by, ActionMileage, allow, func(v *Vehicle, now time.Time) error {
		if v.Status != StatusCurrent {
			return apperr.Errorf(apperr.Conflict, MsgNotCurrent)
		}
		if mileage < v.CurrentVehicle.Mileage {
			return apperr.InvalidFields("The mileage cannot go down.", map[string]string{"mileage": fmt.Sprintf(MsgMileageLower, v.CurrentVehicle.Mileage)})
		}
		v.CurrentVehicle.Mileage = mileage
		v.CurrentVehicle.MileageAsOf = now.Format(time.DateOnly)
		return nil
	})
}

// StoreTradeValue sets vehicle id's trade value, from source (an appraisal, a guide), logging
// the change. logged true records a change made elsewhere (desking) as logged rather than
// stored.
func (r *Repo) StoreTradeValue(ctx context.Context, t store.Tenant, id, version int64, value float64, source string, logged bool, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	if value < 0 || value > 10000000 || math.IsNaN(value) {
		return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"tradeValue": "The trade value must be between 0 and 10,000,000."})
	}
	source = strings.TrimSpace(source)
	if len([]rune(source)) > 100 {
		return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"source": "The source must be at most 100 characters."})
	}
	if source == "" {
		source = "Manual"
	}
	action, logAction := ActionTradeValueStored, "stored"
	if logged {
		action, logAction = ActionTradeValueLogged, "logged"
	}
	return r.change(ctx, t, id, version, by, action, allow, func(v *Vehicle, now time.Time) error {
		var old *float64
		if v.TradeValue != nil {
			x := v.TradeValue.Value
			old = &x
		}
		nv := round2(value)
		v.TradeValue = &TradeValue{Value: nv, Source: source, At: now, UserID: by.UserID, UserName: by.UserName}
		v.logValue(ValueChange{Field: "tradeValue", Action: logAction, OldValue: old, NewValue: &nv, Source: source, At: now, UserID: by.UserID, UserName: by.UserName})
		return nil
	})
}

// ResetTradeValue clears vehicle id's trade value, logging the change.
func (r *Repo) ResetTradeValue(ctx context.Context, t store.Tenant, id, version int64, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	return r.change(ctx, t, id, version, by, ActionTradeValueReset, allow, func(v *Vehicle, now time.Time) error {
		if v.TradeValue == nil {
			return apperr.Errorf(apperr.Conflict, MsgNoTradeValue)
		}
		old := v.TradeValue.Value
		v.TradeValue = nil
		v.logValue(ValueChange{Field: "tradeValue", Action: "reset", OldValue: &old, At: now, UserID: by.UserID, UserName: by.UserName})
		return nil
	})
}

// ChangeReplacementPrice sets the price of vehicle id's replacement vehicle, logging the change.
func (r *Repo) ChangeReplacementPrice(ctx context.Context, t store.Tenant, id, version int64, price float64, by Actor, allow func(Vehicle) error) (Vehicle, error) {
	if price < 0 || price > 10000000 || math.IsNaN(price) {
		return Vehicle{}, apperr.InvalidFields("The request is not valid.", map[string]string{"price": "The price must be between 0 and 10,000,000."})
	}
	return r.change(ctx, t, id, version, by, ActionReplacementPrice, allow, func(v *Vehicle, now time.Time) error {
		if v.ReplacementVehicle.Model == "" && v.ReplacementVehicle.Make == "" {
			return apperr.Errorf(apperr.Conflict, MsgNoReplacement)
		}
		old := v.ReplacementVehicle.Price
		nv := round2(price)
		v.ReplacementVehicle.Price = nv
		v.logValue(ValueChange{Field: "replacementPrice", Action: "logged", OldValue: &old, NewValue: &nv, At: now, UserID: by.UserID, UserName: by.UserName})
		return nil
	})
}

func (v *Vehicle) logValue(c ValueChange) {
	v.ValueLog = append([]ValueChange{c}, v.ValueLog...)
	if len(v.ValueLog) > MaxTradeValueLog {
		v.ValueLog = v.ValueLog[:MaxTradeValueLog]
	}
}

// change applies mutate to vehicle id at version, as one versioned write with its change-log
// entry and its event, then records it in the customer's activity. allow (nil for none) may
// refuse the change for the vehicle's customer.
func (r *Repo) change(ctx context.Context, t store.Tenant, id, version int64, by Actor, action string, allow func(Vehicle) error, mutate func(*Vehicle, time.Time) error) (Vehicle, error) {
	if version < 1 {
		return Vehicle{}, apperr.InvalidFields(MsgVersion, map[string]string{"version": MsgVersion})
	}
	v, err := r.Get(ctx, t, id)
	if err != nil {
		return Vehicle{}, err
	}
	if allow != nil {
		if err := allow(v); err != nil {
			return Vehicle{}, err
		}
	}
	if v.Version != version {
		return Vehicle{}, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	before := jsonOf(loggable(v))
	now := r.now().UTC()
	v.UpdatedAt, v.UpdatedBy = now, by.UserID
	if err := mutate(&v, now); err != nil {
		return Vehicle{}, err
	}
	v = decorate(v, now)
	changes := changelog.Diff(before, jsonOf(loggable(v)), nil)
	ops := []store.Op{}
	if len(changes) > 0 {
		v.LogSeq++
		op, err := changelog.Op(t, changelog.Revision{ContactID: v.ContactID, VehicleID: v.EntityID, Seq: v.LogSeq, At: now,
			UserID: by.UserID, ActorUserID: by.ActorUserID, Kind: changelog.KindGarage, Changes: prefixed(v.EntityID, changes)})
		if err != nil {
			return Vehicle{}, err
		}
		ops = append(ops, op)
	}
	it, err := toItem(v)
	if err != nil {
		return Vehicle{}, err
	}
	vk, err := vehicleKey(t, v.ContactID, v.EntityID)
	if err != nil {
		return Vehicle{}, err
	}
	ik, err := storeIndexKey(t, v.AccountPlatformID, v.EntityID)
	if err != nil {
		return Vehicle{}, err
	}
	v.Version = version + 1
	typ := EventChanged
	if v.Status != StatusCurrent && (action == ActionSold || action == ActionDealerPurchased || action == ActionNotOwned) {
		typ = EventNoLongerOwned
	}
	ev, err := event(t, typ, v, action, by)
	if err != nil {
		return Vehicle{}, err
	}
	evOp, err := eventbus.OutboxOp(t, ev)
	if err != nil {
		return Vehicle{}, err
	}
	ops = append(ops, store.UpdateOp(store.Record{Key: vk, Indexes: []store.IndexKey{ik}, Type: typeVehicle, Value: it, Version: version}), evOp)
	if err := r.s.Transact(ctx, ops...); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return Vehicle{}, apperr.Wrap(apperr.Conflict, err, MsgStale)
		}
		return Vehicle{}, fmt.Errorf("change garage vehicle %d: %w", id, err)
	}
	r.record(ctx, t, v, action, by, ev.ID)
	return v, nil
}

// apply sets e on v (old is the vehicle before, nil for a new one), decoding the VIN.
func (r *Repo) apply(v *Vehicle, e Edit, old *Vehicle, now time.Time) error {
	fields := map[string]string{}
	cv := CurrentVehicle{VehicleInput: e.CurrentVehicle}
	cv.VIN = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(cv.VIN), " ", ""))
	cv.Make, cv.Model, cv.Trim, cv.Color, cv.BodyClass = clean(cv.Make), clean(cv.Model), clean(cv.Trim), clean(cv.Color), clean(cv.BodyClass)
	cv.MakeID, cv.ModelID, cv.CheckDigitValid, cv.MileageAsOf = 0, 0, false, ""
	if cv.VIN != "" {
		d, err := r.cat.Decode(cv.VIN, now)
		var notVIN vehicle.ErrNotVIN
		switch {
		case err != nil && asNotVIN(err, &notVIN):
			fields["currentVehicle.vin"] = notVIN.Reason
		case err != nil:
			return err
		case !d.CheckDigitValid:
			fields["currentVehicle.vin"] = fmt.Sprintf(MsgCheckDigit, d.ExpectedCheckDigit)
		default:
			cv.CheckDigitValid = true
			if cv.Year == 0 {
				cv.Year = d.Year
			}
			if cv.Make == "" {
				cv.Make = d.Make
			}
			if cv.Model == "" {
				cv.Model = d.Model
			}
			if cv.Trim == "" {
				cv.Trim = firstNonEmpty(d.Trim, d.Series)
			}
			if cv.BodyClass == "" {
				cv.BodyClass = d.BodyClass
			}
		}
	}
	maxYear := now.Year() + 1
	if cv.Year < 1981 || cv.Year > maxYear {
		fields["currentVehicle.year"] = fmt.Sprintf("Enter the model year (1981 to %d).", maxYear)
	}
	if cv.Make == "" {
		fields["currentVehicle.make"] = "Enter the make."
	}
	if cv.Model == "" {
		fields["currentVehicle.model"] = "Enter the model."
	}
	if cv.Mileage < 0 || cv.Mileage > 2000000 {
		fields["currentVehicle.mileage"] = "The mileage must be between 0 and 2,000,000."
	}
	if cv.PurchaseDate != "" {
		if _, err := time.Parse(time.DateOnly, cv.PurchaseDate); err != nil {
			fields["currentVehicle.purchaseDate"] = "Enter the date as YYYY-MM-DD."
		}
	}
	if m, ok := r.cat.MakeByName(cv.Make); ok {
		cv.MakeID, cv.Make = m.ID, m.Name
		if mo, ok := m.Model(cv.Model); ok {
			cv.ModelID, cv.Model = mo.ID, mo.Name
		}
	}
	if old != nil {
		cv.MileageAsOf = old.CurrentVehicle.MileageAsOf
		if old.CurrentVehicle.Mileage != cv.Mileage {
			cv.MileageAsOf = now.Format(time.DateOnly)
		}
	} else if cv.Mileage > 0 {
		cv.MileageAsOf = now.Format(time.DateOnly)
	}
	pc := PaymentCalc{DefaultContract: e.DefaultContract, Contracts: make([]Contract, len(e.Contracts))}
	for i, c := range e.Contracts {
		pc.Contracts[i] = Contract{ContractInput: c}
	}
	if len(pc.Contracts) > MaxContracts {
		fields["paymentCalc.contracts"] = fmt.Sprintf("At most %d contracts.", MaxContracts)
	}
	if len(pc.Contracts) > 0 && (pc.DefaultContract < 0 || pc.DefaultContract >= len(pc.Contracts)) {
		fields["paymentCalc.defaultContract"] = "Choose one of the vehicle's contracts."
	}
	for i := range pc.Contracts {
		c := &pc.Contracts[i]
		p := "paymentCalc.contracts[" + strconv.Itoa(i) + "]."
		c.Lender = clean(c.Lender)
		c.MaturityDate, c.PaymentsLeft = "", 0
		switch c.ContractType {
		case ContractCash:
			if c.Payment != 0 || c.Payoff != 0 || c.TermMonths != 0 {
				fields[p+"contractType"] = "A vehicle paid in cash has no payment, term or payoff."
			}
		case ContractFinance:
			if c.MoneyFactor != 0 {
				fields[p+"moneyFactor"] = "A finance contract has a rate, not a money factor."
			}
		case ContractLease:
			if c.Rate != 0 {
				fields[p+"rate"] = "A lease has a money factor, not a rate."
			}
		default:
			fields[p+"contractType"] = "Choose cash, finance or lease."
		}
		if c.TermMonths < 0 || c.TermMonths > 120 {
			fields[p+"termMonths"] = "The term must be 0 to 120 months."
		}
		if c.Rate < 0 || c.Rate > 40 {
			fields[p+"rate"] = "The rate must be 0 to 40 percent."
		}
		if c.MoneyFactor < 0 || c.MoneyFactor > 0.01 {
			fields[p+"moneyFactor"] = "The money factor must be 0 to 0.01 (an APR of 24%)."
		}
		if c.Payment < 0 || c.Payment > 100000 {
			fields[p+"payment"] = "The payment must be 0 to 100,000."
		}
		if c.Payoff < 0 || c.Payoff > 10000000 {
			fields[p+"payoff"] = "The payoff must be 0 to 10,000,000."
		}
		for name, d := range map[string]string{"startDate": c.StartDate, "payoffAsOf": c.PayoffAsOf} {
			if d != "" {
				if _, err := time.Parse(time.DateOnly, d); err != nil {
					fields[p+name] = "Enter the date as YYYY-MM-DD."
				}
			}
		}
		c.Payment, c.Payoff = round2(c.Payment), round2(c.Payoff)
	}
	rv := e.ReplacementVehicle
	rv.Make, rv.Model, rv.Trim = clean(rv.Make), clean(rv.Model), clean(rv.Trim)
	if rv.Year != 0 && (rv.Year < 1981 || rv.Year > maxYear+1) {
		fields["replacementVehicle.year"] = fmt.Sprintf("Enter the model year (1981 to %d).", maxYear+1)
	}
	if rv.Price < 0 || rv.Price > 10000000 {
		fields["replacementVehicle.price"] = "The price must be 0 to 10,000,000."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The vehicle is not valid.", fields)
	}
	if old != nil && old.ReplacementVehicle.Price != rv.Price {
		o, n := old.ReplacementVehicle.Price, round2(rv.Price)
		v.logValue(ValueChange{Field: "replacementPrice", Action: "stored", OldValue: &o, NewValue: &n, At: now, UserID: v.UpdatedBy})
	}
	rv.Price = round2(rv.Price)
	v.CurrentVehicle, v.ReplacementVehicle, v.PaymentCalc = cv, rv, pc
	return nil
}

func asNotVIN(err error, out *vehicle.ErrNotVIN) bool {
	e, ok := err.(vehicle.ErrNotVIN)
	if ok {
		*out = e
	}
	return ok
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// loggable is what the change log compares of a vehicle: what users set and its status, not
// the computed or bookkeeping fields.
func loggable(v Vehicle) map[string]any {
	m := map[string]any{
		"status":             v.Status.Label(),
		"soldDate":           v.SoldDate,
		"statusNote":         v.StatusNote,
		"ownershipConfirmed": v.OwnershipConfirmed,
		"currentVehicle":     v.CurrentVehicle,
		"replacementVehicle": v.ReplacementVehicle,
		"contracts":          v.PaymentCalc.Contracts,
	}
	if v.TradeValue != nil {
		m["tradeValue"] = v.TradeValue.Value
	}
	return m
}

// jsonOf returns x as decoded JSON (maps, lists, strings, numbers), the form changelog.Diff
// compares; computed contract fields are left out.
func jsonOf(x any) any {
	b, err := json.Marshal(x)
	if err != nil {
		return nil
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil
	}
	if m, ok := out.(map[string]any); ok {
		if cs, ok := m["contracts"].([]any); ok {
			for _, c := range cs {
				if cm, ok := c.(map[string]any); ok {
					delete(cm, "maturityDate")
					delete(cm, "paymentsLeft")
				}
			}
		}
		if cv, ok := m["currentVehicle"].(map[string]any); ok {
			delete(cv, "mileageAsOf")
			delete(cv, "makeId")
			delete(cv, "modelId")
			delete(cv, "checkDigitValid")
		}
	}
	return out
}

func prefixed(id int64, cs []changelog.Change) []changelog.Change {
	p := "garage[" + idPart(id) + "]."
	for i := range cs {
		cs[i].Field = p + cs[i].Field
	}
	return cs
}

func event(t store.Tenant, typ string, v Vehicle, action string, by Actor) (eventbus.Event, error) {
	body, err := json.Marshal(Changed{EntityID: v.EntityID, ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID,
		Action: action, Status: v.Status, VIN: v.CurrentVehicle.VIN, Version: v.Version, UserID: by.UserID})
	if err != nil {
		return eventbus.Event{}, fmt.Errorf("marshal garage event: %w", err)
	}
	return eventbus.Event{ID: fmt.Sprintf("garage-%d-v%d", v.EntityID, v.Version), Type: typ, Account: t.Account(), Time: v.UpdatedAt, Detail: body}, nil
}

// ActivityText returns what the customer's activity says of action on v.
func ActivityText(v Vehicle, action string) string {
	name := strings.TrimSpace(fmt.Sprintf("%d %s %s", v.CurrentVehicle.Year, v.CurrentVehicle.Make, v.CurrentVehicle.Model))
	money := func(f float64) string { return "$" + strconv.FormatFloat(f, 'f', 2, 64) }
	switch action {
	case ActionAdded:
		return "Garage: added " + name
	case ActionEdited:
		return "Garage: edited " + name
	case ActionSold:
		return "Garage: " + name + " marked as sold"
	case ActionDealerPurchased:
		return "Garage: " + name + " purchased by dealer"
	case ActionNotOwned:
		return "Garage: customer does not own " + name
	case ActionContactOwns:
		return "Garage: customer owns " + name
	case ActionReopened:
		return "Garage: " + name + " reopened"
	case ActionPayoff:
		if c, ok := v.DefaultContract(); ok {
			return "Garage: payoff of " + name + " updated to " + money(c.Payoff)
		}
	case ActionMileage:
		return fmt.Sprintf("Garage: mileage of %s updated to %d", name, v.CurrentVehicle.Mileage)
	case ActionTradeValueStored, ActionTradeValueLogged:
		if v.TradeValue != nil {
			return "Garage: trade value of " + name + " set to " + money(v.TradeValue.Value)
		}
	case ActionTradeValueReset:
		return "Garage: trade value of " + name + " reset"
	case ActionReplacementPrice:
		return "Garage: replacement vehicle price for " + name + " set to " + money(v.ReplacementVehicle.Price)
	}
	return "Garage: " + name + " changed"
}

// record records the committed change of v in its customer's activity, keyed by the change's
// event id. The change is saved already: a failure is logged with the event's id.
func (r *Repo) record(ctx context.Context, t store.Tenant, v Vehicle, action string, by Actor, eventID string) {
	if r.activity == nil {
		return
	}
	_, _, err := r.activity.Record(ctx, t, activity.New{
		ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID, Kind: activity.KindGarage,
		Text: ActivityText(v, action), Details: map[string]string{ActivityDetailEntry: idPart(v.EntityID), "action": action},
		UserID: by.UserID, UserName: by.UserName, ActorUserID: by.ActorUserID, Key: eventID,
	})
	if err != nil {
		r.log.ErrorContext(ctx, "record garage activity", "event", eventID, "err", err)
	}
}

// LogSegments returns the change logs of the garage vehicles of the customers owners with
// their entry counts.
func (r *Repo) LogSegments(ctx context.Context, t store.Tenant, owners []int64) ([]changelog.Segment, error) {
	vs, err := r.List(ctx, t, owners)
	if err != nil {
		return nil, err
	}
	var segs []changelog.Segment
	for _, v := range vs {
		if v.LogSeq > 0 {
			segs = append(segs, changelog.Segment{ContactID: v.ContactID, VehicleID: v.EntityID, Count: v.LogSeq})
		}
	}
	return segs, nil
}
