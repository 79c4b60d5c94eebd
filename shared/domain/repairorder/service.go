// Package repairorder keeps a customer's service history: the repair orders (ROs) of the dealer
// group's service departments, stored under the customer they were written for, and the
// summaries the profile shows of them (totals by who paid, vehicles with their visits).
//
// Access patterns:
//
//	pattern                     index  key condition
//	a contact's ROs             table  PK = A#{acct}#C#{contact}, begins_with(SK, "RO#")
//	a store's ROs by opening    GSI1   GSI1PK = A#{acct}#RS#{store}, GSI1SK BETWEEN {from} AND {to}
//
// The sort key is RO#{opened, RFC 3339 UTC}#{RO number}, so a contact's ROs read in date order;
// the store index's sort key is {opened, fixed width}#{contact}#{RO number}, so a store's ROs
// read by the time they were opened (the service lead counts of the dashboards).
package repairorder

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Pay types of an RO line.
const (
	PayCustomer = "customer"
	PayWarranty = "warranty"
	PayInternal = "internal"
)

// RepairOrder is one service visit: a repair order written for a contact's vehicle.
type RepairOrder struct {
	RONumber          string    `json:"roNumber"`
	ContactID         int64     `json:"contactId"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	VIN               string    `json:"vin"`
	Year              int       `json:"year"`
	Make              string    `json:"make"`
	Model             string    `json:"model"`
	OpenedAt          time.Time `json:"openedAt"`
	ClosedAt          time.Time `json:"closedAt,omitzero"`
	Mileage           int       `json:"mileage"`
	Advisor           string    `json:"advisor"`
	Lines             []Line    `json:"lines"`
}

// Line is one job of a repair order and who pays for it.
type Line struct {
	Description string  `json:"description"`
	PayType     string  `json:"payType" enum:"customer,warranty,internal"`
	Amount      float64 `json:"amount"`
}

// Total returns what the RO's lines of payType come to; "" sums every line.
func (ro RepairOrder) Total(payType string) float64 {
	var sum float64
	for _, l := range ro.Lines {
		if payType == "" || l.PayType == payType {
			sum += l.Amount
		}
	}
	return round(sum)
}

func round(v float64) float64 { return math.Round(v*100) / 100 }

// Totals is the service summary of a customer.
type Totals struct {
	ROCount           int     `json:"roCount"`
	CustomerPayTotal  float64 `json:"customerPayTotal"`
	WarrantyPayTotal  float64 `json:"warrantyPayTotal"`
	DealerPaidTotal   float64 `json:"dealerPaidTotal" doc:"What the dealer paid: internal lines."`
	TotalServiceValue float64 `json:"totalServiceValue"`
}

// Summarize returns the summary of ros.
func Summarize(ros []RepairOrder) Totals {
	s := Totals{ROCount: len(ros)}
	for _, ro := range ros {
		s.CustomerPayTotal += ro.Total(PayCustomer)
		s.WarrantyPayTotal += ro.Total(PayWarranty)
		s.DealerPaidTotal += ro.Total(PayInternal)
	}
	s.CustomerPayTotal, s.WarrantyPayTotal, s.DealerPaidTotal = round(s.CustomerPayTotal), round(s.WarrantyPayTotal), round(s.DealerPaidTotal)
	s.TotalServiceValue = round(s.CustomerPayTotal + s.WarrantyPayTotal + s.DealerPaidTotal)
	return s
}

// Visit is a repair order as a vehicle's service history lists it.
type Visit struct {
	RONumber          string    `json:"roNumber"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	OpenedAt          time.Time `json:"openedAt"`
	ClosedAt          time.Time `json:"closedAt,omitzero"`
	Mileage           int       `json:"mileage"`
	Advisor           string    `json:"advisor"`
	Description       string    `json:"description" doc:"The RO's jobs, separated by semicolons."`
	CustomerPay       float64   `json:"customerPay"`
	WarrantyPay       float64   `json:"warrantyPay"`
	DealerPaid        float64   `json:"dealerPaid"`
	Total             float64   `json:"total"`
}

// VehicleHistory is one of a customer's vehicles with its service visits, the latest first.
type VehicleHistory struct {
	VIN        string     `json:"vin"`
	Year       int        `json:"year"`
	Make       string     `json:"make"`
	Model      string     `json:"model"`
	VisitCount int        `json:"visitCount"`
	LastVisit  *time.Time `json:"lastVisit" nullable:"true"`
	TotalValue float64    `json:"totalValue"`
	Visits     []Visit    `json:"visits"`
}

// Owned is a vehicle the customer's profile lists, for vehicles never serviced.
type Owned struct {
	VIN   string
	Year  int
	Make  string
	Model string
}

// Vehicles returns the vehicles of owned and of ros, each with its visits (latest first): the
// vehicles with the latest visit first, then the owned vehicles never serviced.
func Vehicles(owned []Owned, ros []RepairOrder) []VehicleHistory {
	byVIN := map[string]*VehicleHistory{}
	var order []string
	add := func(vin string, year int, mk, model string) *VehicleHistory {
		k := strings.ToUpper(vin)
		if v, ok := byVIN[k]; ok {
			return v
		}
		v := &VehicleHistory{VIN: vin, Year: year, Make: mk, Model: model, Visits: []Visit{}}
		byVIN[k] = v
		order = append(order, k)
		return v
	}
	for _, o := range owned {
		add(o.VIN, o.Year, o.Make, o.Model)
	}
	for _, ro := range ros {
		v := add(ro.VIN, ro.Year, ro.Make, ro.Model)
		descs := make([]string, 0, len(ro.Lines))
		for _, l := range ro.Lines {
			descs = append(descs, l.Description)
		}
		v.Visits = append(v.Visits, Visit{
			RONumber: ro.RONumber, AccountPlatformID: ro.AccountPlatformID, OpenedAt: ro.OpenedAt, ClosedAt: ro.ClosedAt,
			Mileage: ro.Mileage, Advisor: ro.Advisor, Description: strings.Join(descs, "; "),
			CustomerPay: ro.Total(PayCustomer), WarrantyPay: ro.Total(PayWarranty), DealerPaid: ro.Total(PayInternal), Total: ro.Total(""),
		})
	}
	out := make([]VehicleHistory, 0, len(order))
	for _, k := range order {
		v := byVIN[k]
		slices.SortFunc(v.Visits, func(a, b Visit) int { return b.OpenedAt.Compare(a.OpenedAt) })
		v.VisitCount = len(v.Visits)
		for _, vis := range v.Visits {
			v.TotalValue += vis.Total
		}
		v.TotalValue = round(v.TotalValue)
		if len(v.Visits) > 0 {
			last := v.Visits[0].OpenedAt
			v.LastVisit = &last
		}
		out = append(out, *v)
	}
	slices.SortStableFunc(out, func(a, b VehicleHistory) int {
		switch {
		case a.LastVisit == nil && b.LastVisit == nil:
			return 0
		case a.LastVisit == nil:
			return 1
		case b.LastVisit == nil:
			return -1
		}
		return b.LastVisit.Compare(*a.LastVisit)
	})
	return out
}

// Repo reads and writes repair orders.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

func roKey(t store.Tenant, ro RepairOrder) (store.Key, error) {
	return contactkey.Key(t, ro.ContactID, "RO#"+ro.OpenedAt.UTC().Format(time.RFC3339)+"#"+ro.RONumber)
}

// Validate checks ro: an RO number, a contact, a store, a VIN, an opening date and lines with
// a known pay type and an amount that is not negative.
func Validate(ro RepairOrder) error {
	fields := map[string]string{}
	if ro.RONumber == "" || strings.ContainsAny(ro.RONumber, "#") || len(ro.RONumber) > 30 {
		fields["roNumber"] = "Enter the RO number (up to 30 characters, no #)."
	}
	if ro.ContactID < 1 {
		fields["contactId"] = "Enter the customer."
	}
	if ro.AccountPlatformID < 1 {
		fields["accountPlatformId"] = "Enter the store."
	}
	if ro.VIN == "" {
		fields["vin"] = "Enter the VIN."
	}
	if ro.OpenedAt.IsZero() {
		fields["openedAt"] = "Enter the date the RO was opened."
	}
	for i, l := range ro.Lines {
		if !slices.Contains([]string{PayCustomer, PayWarranty, PayInternal}, l.PayType) {
			fields[fmt.Sprintf("lines[%d].payType", i)] = "Choose customer, warranty or internal."
		}
		if l.Amount < 0 || math.IsNaN(l.Amount) || math.IsInf(l.Amount, 0) {
			fields[fmt.Sprintf("lines[%d].amount", i)] = "Enter an amount of 0 or more."
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The repair order is not valid.", fields)
	}
	return nil
}

// Create stores ro. An RO of the same contact, date and number exists already: a Conflict
// error. An invalid RO is an Invalid error and nothing is written.
func (r *Repo) Create(ctx context.Context, t store.Tenant, ro RepairOrder) error {
	if err := Validate(ro); err != nil {
		return err
	}
	k, err := roKey(t, ro)
	if err != nil {
		return err
	}
	idx, err := t.IndexKey("GSI1", storeSort(ro.OpenedAt)+"#"+strconv.FormatInt(ro.ContactID, 10)+"#"+ro.RONumber, "RS", strconv.FormatInt(ro.AccountPlatformID, 10))
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Indexes: []store.IndexKey{idx}, Type: "RepairOrder", Value: ro})
}

// openedLayout writes an opening time in the store index's sort key: fixed width, so keys
// sort as the times do.
const openedLayout = "2006-01-02T15:04:05.000Z"

func storeSort(t time.Time) string { return t.UTC().Format(openedLayout) }

// InStore returns the repair orders of store storeID opened in [from, to), the earliest first.
func (r *Repo) InStore(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time) ([]RepairOrder, error) {
	part, err := t.Partition("RS", strconv.FormatInt(storeID, 10))
	if err != nil {
		return nil, err
	}
	// Keys of ROs opened at to itself sort after "{to}" and are left out, as the range's end is.
	q := store.Query{Index: "GSI1", Partition: part, SortFrom: storeSort(from), SortTo: storeSort(to), Limit: 500}
	var out []RepairOrder
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("read repair orders of store %d: %w", storeID, err)
		}
		var ros []RepairOrder
		if err := page.Decode(&ros); err != nil {
			return nil, err
		}
		out = append(out, ros...)
		if page.Next == "" {
			return out, nil
		}
		q.Cursor = page.Next
	}
}

// ForContacts returns the repair orders of contacts ids (a contact and those merged into it),
// the latest first.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]RepairOrder, error) {
	var out []RepairOrder
	for _, id := range ids {
		p, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		ros, err := store.QueryAll[RepairOrder](ctx, r.s, store.Query{Partition: p, SortPrefix: "RO#", Limit: 500})
		if err != nil {
			return nil, fmt.Errorf("read repair orders of %d: %w", id, err)
		}
		out = append(out, ros...)
	}
	slices.SortStableFunc(out, func(a, b RepairOrder) int { return b.OpenedAt.Compare(a.OpenedAt) })
	return out, nil
}
