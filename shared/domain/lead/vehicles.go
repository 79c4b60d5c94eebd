package lead

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// VehicleKind says which list of a lead a vehicle is on.
type VehicleKind string

// The kinds of a lead's vehicles.
const (
	KindInterest VehicleKind = "voi"
	KindTrade    VehicleKind = "trade"
)

// ParseKind reads the {type} of the lead-vehicle calls: vehicle of interest (voi,
// vehicleofinterest, vehicle_of_interest, vehicles-of-interest ...) or trade-in (trade,
// tradein, trade_in, trades ...), in any case. Anything else is an Invalid error.
func ParseKind(s string) (VehicleKind, error) {
	norm := strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(s))
	switch norm {
	case "voi", "vois", "vehicleofinterest", "vehiclesofinterest", "interest":
		return KindInterest, nil
	case "trade", "trades", "tradein", "tradeins":
		return KindTrade, nil
	}
	return "", apperr.InvalidFields("The vehicle type is not valid.", map[string]string{"type": "Use voi for a vehicle of interest or trade for a trade-in."})
}

// writable refuses changes to the vehicles of a closed lead.
func writable(l Lead) error {
	if l.Status != StatusActive && l.Status != StatusSoldPending {
		return apperr.Errorf(apperr.Conflict, "The vehicles of a %s lead cannot be changed. Reactivate it first.", l.Status.label())
	}
	return nil
}

// AddVehicleOfInterest adds v to lead id, if allow accepts the lead, and returns the lead and
// the new vehicle's id. An invalid vehicle is an Invalid error, a full list a Conflict.
func (r *Repo) AddVehicleOfInterest(ctx context.Context, t store.Tenant, id int64, v VehicleOfInterest, by string, allow func(Lead) error) (Lead, int64, error) {
	v, err := ValidateVehicleOfInterest(v)
	if err != nil {
		return Lead{}, 0, err
	}
	var added int64
	l, err := r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		v.CrmLeadVoiID = newID()
		added = v.CrmLeadVoiID
		return addVehicle(l, v)
	})
	return l, added, err
}

// addVehicle adds valid vehicle v, with its id, to l.
func addVehicle(l *Lead, v VehicleOfInterest) (string, Changed, error) {
	if err := writable(*l); err != nil {
		return "", Changed{}, err
	}
	if len(l.Vehicles) >= MaxVehicles {
		return "", Changed{}, apperr.Errorf(apperr.Conflict, "A lead has at most %d vehicles of interest.", MaxVehicles)
	}
	l.Vehicles = append(l.Vehicles, v)
	if v.IsPrimary {
		choose(l.Vehicles, len(l.Vehicles)-1)
	} else {
		choose(l.Vehicles, -1)
	}
	return EventUpdated, Changed{Fields: []string{"vehiclesOfInterest"}}, nil
}

// AddTradeIn adds v to lead id, if allow accepts the lead, and returns the lead and the new
// trade-in's id.
func (r *Repo) AddTradeIn(ctx context.Context, t store.Tenant, id int64, v TradeIn, by string, allow func(Lead) error) (Lead, int64, error) {
	v, err := ValidateTradeIn(v)
	if err != nil {
		return Lead{}, 0, err
	}
	var added int64
	l, err := r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		if err := writable(*l); err != nil {
			return "", Changed{}, err
		}
		if len(l.TradeIns) >= MaxVehicles {
			return "", Changed{}, apperr.Errorf(apperr.Conflict, "A lead has at most %d trade-ins.", MaxVehicles)
		}
		v.CrmLeadTradeID = newID()
		added = v.CrmLeadTradeID
		l.TradeIns = append(l.TradeIns, v)
		return EventUpdated, Changed{Fields: []string{"tradeIns"}}, nil
	})
	return l, added, err
}

// UpdateVehicleOfInterest replaces vehicle voiID of lead id with v. A vehicle the lead does not
// have is a NotFound error. v.IsPrimary chooses the vehicle and clears the others in the same
// write; false leaves the choice as it was (a lead's chosen vehicle changes by choosing another).
func (r *Repo) UpdateVehicleOfInterest(ctx context.Context, t store.Tenant, id, voiID int64, v VehicleOfInterest, by string, allow func(Lead) error) (Lead, error) {
	v, err := ValidateVehicleOfInterest(v)
	if err != nil {
		return Lead{}, err
	}
	return r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		if err := writable(*l); err != nil {
			return "", Changed{}, err
		}
		i := slices.IndexFunc(l.Vehicles, func(x VehicleOfInterest) bool { return x.CrmLeadVoiID == voiID })
		if i < 0 {
			return "", Changed{}, apperr.Errorf(apperr.NotFound, "The lead has no vehicle of interest %d.", voiID)
		}
		v.CrmLeadVoiID = voiID
		chosen := v.IsPrimary
		v.IsPrimary = l.Vehicles[i].IsPrimary
		l.Vehicles[i] = v
		if chosen {
			choose(l.Vehicles, i)
		} else {
			choose(l.Vehicles, -1)
		}
		return EventUpdated, Changed{Fields: []string{"vehiclesOfInterest"}}, nil
	})
}

// UpdateTradeIn replaces trade-in tradeID of lead id with v. A trade-in the lead does not have
// is a NotFound error.
func (r *Repo) UpdateTradeIn(ctx context.Context, t store.Tenant, id, tradeID int64, v TradeIn, by string, allow func(Lead) error) (Lead, error) {
	v, err := ValidateTradeIn(v)
	if err != nil {
		return Lead{}, err
	}
	return r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		if err := writable(*l); err != nil {
			return "", Changed{}, err
		}
		i := slices.IndexFunc(l.TradeIns, func(x TradeIn) bool { return x.CrmLeadTradeID == tradeID })
		if i < 0 {
			return "", Changed{}, apperr.Errorf(apperr.NotFound, "The lead has no trade-in %d.", tradeID)
		}
		v.CrmLeadTradeID = tradeID
		l.TradeIns[i] = v
		return EventUpdated, Changed{Fields: []string{"tradeIns"}}, nil
	})
}

// RemoveVehicle removes the vehicle of interest or trade-in vehicleID (of kind) from its lead,
// if allow accepts the lead, and returns the lead. Removing a vehicle removed before changes
// nothing and succeeds; an id that never named a vehicle of kind is a NotFound error.
func (r *Repo) RemoveVehicle(ctx context.Context, t store.Tenant, kind VehicleKind, vehicleID int64, by string, allow func(Lead) error) (Lead, error) {
	notFound := apperr.Errorf(apperr.NotFound, "The vehicle does not exist.")
	if vehicleID < 1 {
		return Lead{}, notFound
	}
	if kind != KindInterest && kind != KindTrade {
		return Lead{}, apperr.Errorf(apperr.Invalid, "%q is not a vehicle type.", kind)
	}
	k, err := vehicleKey(t, kind, vehicleID)
	if err != nil {
		return Lead{}, err
	}
	var p pointer
	if _, err := r.s.Get(ctx, k, &p); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Lead{}, notFound
		}
		return Lead{}, fmt.Errorf("get lead vehicle %d: %w", vehicleID, err)
	}
	for {
		l, _, err := r.readAt(ctx, t, p.ContactID, p.LeadID)
		if err != nil {
			return Lead{}, err
		}
		if allow != nil {
			if err := allow(l); err != nil {
				return Lead{}, err
			}
		}
		has := slices.ContainsFunc(l.Vehicles, func(x VehicleOfInterest) bool { return x.CrmLeadVoiID == vehicleID })
		if kind == KindTrade {
			has = slices.ContainsFunc(l.TradeIns, func(x TradeIn) bool { return x.CrmLeadTradeID == vehicleID })
		}
		if !has {
			// Removed before: the pointer outlives the vehicle.
			return l, nil
		}
		saved, err := r.mutate(ctx, t, p.LeadID, by, allow, func(l *Lead) (string, Changed, error) {
			if err := writable(*l); err != nil {
				return "", Changed{}, err
			}
			if kind == KindInterest {
				i := slices.IndexFunc(l.Vehicles, func(x VehicleOfInterest) bool { return x.CrmLeadVoiID == vehicleID })
				if i < 0 {
					return "", Changed{}, errGone
				}
				l.Vehicles = slices.Delete(l.Vehicles, i, i+1)
				// Removing the chosen vehicle chooses the first one left.
				choose(l.Vehicles, -1)
				return EventUpdated, Changed{Fields: []string{"vehiclesOfInterest"}}, nil
			}
			i := slices.IndexFunc(l.TradeIns, func(x TradeIn) bool { return x.CrmLeadTradeID == vehicleID })
			if i < 0 {
				return "", Changed{}, errGone
			}
			l.TradeIns = slices.Delete(l.TradeIns, i, i+1)
			return EventUpdated, Changed{Fields: []string{"tradeIns"}}, nil
		})
		if errors.Is(err, errGone) {
			// Someone removed it meanwhile: read the lead again and answer as a repeat.
			continue
		}
		return saved, err
	}
}

// errGone stops a removal whose vehicle someone else removed first.
var errGone = errors.New("vehicle removed meanwhile")
