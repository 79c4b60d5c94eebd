package enterprise

import (
	"context"
	"math"
	"strings"

	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Value is what one customer record brought its store: sales (sold deals) and service (repair
// orders), with how many of each the sums cover.
type Value struct {
	Sales        float64
	Service      float64
	Deals        int
	RepairOrders int
}

// Total returns the sales and service values together.
func (v Value) Total() float64 { return round(v.Sales + v.Service) }

// Add returns v and w summed: a customer's value over several records.
func (v Value) Add(w Value) Value {
	return Value{Sales: round(v.Sales + w.Sales), Service: round(v.Service + w.Service), Deals: v.Deals + w.Deals, RepairOrders: v.RepairOrders + w.RepairOrders}
}

func round(v float64) float64 { return math.Round(v*100) / 100 }

// ValueOf computes a customer record's value from its repair orders, leads and deal sheets.
//
//   - Service: every repair order's customer-pay and warranty lines (what the store was paid,
//     by the customer or the manufacturer); internal lines are the dealer paying itself.
//   - Sales: every sold or delivered deal sheet's price, and every sold lead (sold pending or
//     sold delivered) that no such deal sheet covers, at its chosen vehicle's price. A deal
//     sheet covers a lead when they name the same VIN, or the same stock number: the deal
//     sheet is what the deal came to, the lead's price only what was asked or offered.
func ValueOf(ros []repairorder.RepairOrder, leads []lead.Lead, deals []dealsheet.Dealsheet) Value {
	var v Value
	for _, ro := range ros {
		v.Service += ro.Total(repairorder.PayCustomer) + ro.Total(repairorder.PayWarranty)
		v.RepairOrders++
	}
	vins, stocks := map[string]bool{}, map[string]bool{}
	for _, d := range deals {
		if d.Status != dealsheet.StatusSold && d.Status != dealsheet.StatusDelivered {
			continue
		}
		v.Sales += d.Vehicle.Price
		v.Deals++
		if vin := strings.ToUpper(strings.TrimSpace(d.Vehicle.VIN)); vin != "" {
			vins[vin] = true
		}
		if stock := strings.ToUpper(strings.TrimSpace(d.Vehicle.StockNumber)); stock != "" {
			stocks[stock] = true
		}
	}
	for _, l := range leads {
		if l.Status != lead.StatusSoldPending && l.Status != lead.StatusSoldDelivered {
			continue
		}
		voi, ok := l.ChosenVehicle()
		if !ok {
			v.Deals++ // a sale of no named vehicle: counted, at no known price
			continue
		}
		vin, stock := strings.ToUpper(strings.TrimSpace(voi.VIN)), strings.ToUpper(strings.TrimSpace(voi.StockNumber))
		if (vin != "" && vins[vin]) || (stock != "" && stocks[stock]) {
			continue
		}
		v.Sales += voi.Price
		v.Deals++
	}
	v.Sales, v.Service = round(v.Sales), round(v.Service)
	return v
}

// Valuer computes customer records' lifetime values when they are read.
//
// Why at read time rather than an aggregate kept by a consumer: a record's value is three
// bounded queries, each of one partition (the record's repair orders and leads in its own
// partition, its deal sheets in its GSI2 partition), and a customer's enterprise value adds the
// same for each linked record (at most MaxLinks, and the links are read anyway to list them).
// Nothing is scanned, and the value is never stale nor in need of repair: a repair order, a
// lead's status change, a matched or re-priced deal sheet and a link or merge count as soon as
// they are written, with no event to miss and no aggregate to rebuild when a rule changes.
type Valuer struct {
	ros   *repairorder.Repo
	leads *lead.Repo
	deals *dealsheet.Repo
}

// NewValuer returns a valuer reading s.
func NewValuer(s *store.Store) *Valuer {
	return &Valuer{ros: repairorder.NewRepo(s), leads: lead.NewRepo(s, nil, nil), deals: dealsheet.NewRepo(s)}
}

// Value returns the value of the customer record whose ids are owners (a contact and the
// contacts merged into it).
func (v *Valuer) Value(ctx context.Context, t store.Tenant, owners []int64) (Value, error) {
	ros, err := v.ros.ForContacts(ctx, t, owners)
	if err != nil {
		return Value{}, err
	}
	leads, err := v.leads.ForContact(ctx, t, owners)
	if err != nil {
		return Value{}, err
	}
	deals, err := v.deals.ForContacts(ctx, t, owners)
	if err != nil {
		return Value{}, err
	}
	return ValueOf(ros, leads, deals), nil
}
