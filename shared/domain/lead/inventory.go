package lead

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/vin"
)

// VehicleLead is a lead that names a vehicle of interest: which lead wants the car and where
// it stands. It is read from the index of vehicles of interest without reading the lead.
type VehicleLead struct {
	AccountPlatformID int64     `json:"accountPlatformId"`
	VIN               string    `json:"vin"`
	StockNumber       string    `json:"stockNumber"`
	CrmLeadVoiID      int64     `json:"crmLeadVoiId"`
	CrmLeadID         int64     `json:"crmLeadId"`
	ContactID         int64     `json:"contactId"`
	Status            Status    `json:"leadStatusId"`
	DisplayStatus     Status    `json:"displayStatusId" doc:"The status the lists show: -2 unclaimed, -1 new, else the lead's status."`
	StatusName        string    `json:"leadStatusName"`
	SalesPersonID     string    `json:"salesPersonId"`
	BDCAgentID        string    `json:"bdcAgentId"`
	CreatedAt         time.Time `json:"createdAt"`
	StatusChangedAt   time.Time `json:"statusChangedAt"`
}

// voiItem is the pointer item of a vehicle of interest. Its first two fields are the pointer
// every vehicle has (RemoveVehicle reads them); the rest is a copy of what the VOI status and
// the inventory counts read, rewritten in the lead's own transaction whenever it changes.
type voiItem struct {
	LeadID            int64
	ContactID         int64
	VoiID             int64
	AccountPlatformID int64
	VIN               string
	StockNumber       string
	Status            Status
	DisplayStatus     Status
	SalesPersonID     string
	BDCAgentID        string
	CreatedAt         time.Time
	StatusChangedAt   time.Time
}

func voiItemOf(l Lead, v VehicleOfInterest) voiItem {
	return voiItem{
		LeadID: l.ID, ContactID: l.ContactID, VoiID: v.CrmLeadVoiID, AccountPlatformID: l.AccountPlatformID,
		VIN: v.VIN, StockNumber: v.StockNumber, Status: l.Status, DisplayStatus: l.DisplayStatus(),
		SalesPersonID: l.SalesPersonID, BDCAgentID: l.BDCAgentID, CreatedAt: l.CreatedAt.UTC(), StatusChangedAt: l.StatusChangedAt.UTC(),
	}
}

func (it voiItem) view() VehicleLead {
	return VehicleLead{
		AccountPlatformID: it.AccountPlatformID, VIN: it.VIN, StockNumber: it.StockNumber, CrmLeadVoiID: it.VoiID,
		CrmLeadID: it.LeadID, ContactID: it.ContactID, Status: it.Status, DisplayStatus: it.DisplayStatus,
		StatusName: it.Status.String(), SalesPersonID: it.SalesPersonID, BDCAgentID: it.BDCAgentID,
		CreatedAt: it.CreatedAt, StatusChangedAt: it.StatusChangedAt,
	}
}

// keyPart makes a stock number usable as a key part: key parts cannot hold '#'.
func keyPart(s string) string {
	return strings.NewReplacer("%", "%25", "#", "%23").Replace(s)
}

// voiRecord returns the pointer item of it, in the VIN and stock number indexes when indexed.
func voiRecord(t store.Tenant, it voiItem, indexed bool) (store.Record, error) {
	k, err := vehicleKey(t, KindInterest, it.VoiID)
	if err != nil {
		return store.Record{}, err
	}
	rec := store.Record{Key: k, Type: "LeadVehicle", Value: it}
	if !indexed {
		return rec, nil
	}
	sk := sortTime(it.CreatedAt, it.VoiID)
	if it.VIN != "" {
		ik, err := t.IndexKey("GSI1", sk, "LVIN", idPart(it.AccountPlatformID), it.VIN)
		if err != nil {
			return store.Record{}, err
		}
		rec.Indexes = append(rec.Indexes, ik)
	}
	if it.StockNumber != "" {
		ik, err := t.IndexKey("GSI2", sk, "LSTK", idPart(it.AccountPlatformID), keyPart(it.StockNumber))
		if err != nil {
			return store.Record{}, err
		}
		rec.Indexes = append(rec.Indexes, ik)
	}
	return rec, nil
}

// voiOps returns the writes that keep the pointer items of l's vehicles of interest right
// when l replaces old (nil for a new lead): a new vehicle's pointer is created in the indexes;
// a vehicle whose VIN, stock number, or lead (store, status, holders) changed is rewritten; a
// removed vehicle's pointer stays (a repeated removal finds its lead) but leaves the indexes.
func voiOps(t store.Tenant, old *Lead, l Lead) ([]store.Op, error) {
	before := map[int64]voiItem{}
	if old != nil {
		for _, v := range old.Vehicles {
			before[v.CrmLeadVoiID] = voiItemOf(*old, v)
		}
	}
	var ops []store.Op
	for _, v := range l.Vehicles {
		it := voiItemOf(l, v)
		prev, had := before[v.CrmLeadVoiID]
		delete(before, v.CrmLeadVoiID)
		if had && prev == it {
			continue
		}
		rec, err := voiRecord(t, it, true)
		if err != nil {
			return nil, err
		}
		if had {
			ops = append(ops, store.PutOp(rec))
		} else {
			ops = append(ops, store.CreateOp(rec))
		}
	}
	for _, it := range before {
		rec, err := voiRecord(t, it, false)
		if err != nil {
			return nil, err
		}
		ops = append(ops, store.PutOp(rec))
	}
	return ops, nil
}

// VehicleQuery names vehicles of interest by store and VIN or stock number.
type VehicleQuery struct {
	Stores       []int64
	VINs         []string
	StockNumbers []string
}

// Bounds of a vehicle query: the stores times the VINs and stock numbers are the index
// partitions it reads.
const (
	MaxVehicleKeys       = 200
	MaxVehiclePartitions = 1000
)

// Validate cleans q's VINs (as VINs are cleaned everywhere) and stock numbers (trimmed, upper
// case), dropping repeats; a bad query is an Invalid error naming the field.
func (q *VehicleQuery) Validate() error {
	fields := map[string]string{}
	if len(q.Stores) == 0 {
		fields["accountPlatformIds"] = "Choose at least one store."
	}
	var vins, stocks []string
	for _, raw := range q.VINs {
		c := vin.Clean(raw)
		if c == "" {
			fields["vins"] = fmt.Sprintf("%q is not a VIN of 17 letters and digits.", raw)
			continue
		}
		if !slices.Contains(vins, c) {
			vins = append(vins, c)
		}
	}
	for _, raw := range q.StockNumbers {
		s := strings.ToUpper(strings.TrimSpace(raw))
		if s == "" || len(s) > 50 {
			fields["stockNumbers"] = "A stock number has 1 to 50 characters."
			continue
		}
		if !slices.Contains(stocks, s) {
			stocks = append(stocks, s)
		}
	}
	q.VINs, q.StockNumbers = vins, stocks
	switch n := len(vins) + len(stocks); {
	case n == 0 && len(fields) == 0:
		fields["vins"] = "Name at least one VIN or stock number."
	case n > MaxVehicleKeys:
		fields["vins"] = fmt.Sprintf("Name at most %d VINs and stock numbers together.", MaxVehicleKeys)
	case n*len(q.Stores) > MaxVehiclePartitions:
		fields["accountPlatformIds"] = fmt.Sprintf("Ask for at most %d vehicles across all stores (stores times VINs and stock numbers).", MaxVehiclePartitions)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The vehicle query is not valid.", fields)
	}
	return nil
}

// VehicleLeads returns the leads whose vehicles of interest have one of q's VINs or stock
// numbers at one of q's stores, in every status, by store, VIN, stock number, and newest lead
// first. A vehicle matched by both its VIN and its stock number is returned once. It queries
// the VIN index (GSI1) and the stock number index (GSI2) once per store and key, a few at a
// time. A bad query is an Invalid error.
func (r *Repo) VehicleLeads(ctx context.Context, t store.Tenant, q VehicleQuery) ([]VehicleLead, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	type part struct {
		index string
		p     store.Partition
	}
	var parts []part
	for _, st := range q.Stores {
		for _, v := range q.VINs {
			p, err := t.Partition("LVIN", idPart(st), v)
			if err != nil {
				return nil, err
			}
			parts = append(parts, part{"GSI1", p})
		}
		for _, s := range q.StockNumbers {
			p, err := t.Partition("LSTK", idPart(st), keyPart(s))
			if err != nil {
				return nil, err
			}
			parts = append(parts, part{"GSI2", p})
		}
	}
	results := make([][]voiItem, len(parts))
	errs := make([]error, len(parts))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, p := range parts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i], errs[i] = store.QueryAll[voiItem](ctx, r.s, store.Query{Index: p.index, Partition: p.p, Descending: true})
		}()
	}
	wg.Wait()
	seen := map[int64]bool{}
	var out []VehicleLead
	for i := range parts {
		if errs[i] != nil {
			return nil, fmt.Errorf("vehicles of interest: %w", errs[i])
		}
		for _, it := range results[i] {
			if !seen[it.VoiID] {
				seen[it.VoiID] = true
				out = append(out, it.view())
			}
		}
	}
	slices.SortStableFunc(out, func(a, b VehicleLead) int {
		return cmp.Or(cmp.Compare(a.AccountPlatformID, b.AccountPlatformID), cmp.Compare(a.VIN, b.VIN),
			cmp.Compare(a.StockNumber, b.StockNumber), b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(a.CrmLeadID, b.CrmLeadID))
	})
	if out == nil {
		out = []VehicleLead{}
	}
	return out, nil
}

// Open reports whether a lead in status s still wants its vehicles: an active lead (new,
// unclaimed or being worked) or a sale not yet delivered. The inventory counts and the
// showroom's other leads count these.
func Open(s Status) bool { return s == StatusActive || s == StatusSoldPending }

// InventoryCount is how many open leads want one inventory vehicle of one store.
type InventoryCount struct {
	AccountPlatformID int64  `json:"accountPlatformId"`
	VIN               string `json:"vin,omitempty" doc:"Set when the count is for a VIN the request named."`
	StockNumber       string `json:"stockNumber,omitempty" doc:"Set when the count is for a stock number the request named."`
	LeadCount         int    `json:"leadCount" doc:"Open leads: active ones (unclaimed, new or being worked) and pending sales."`
	ActiveLeadCount   int    `json:"activeLeadCount"`
	SoldPendingCount  int    `json:"soldPendingLeadCount"`
}

// CountInventory counts, for every store of q and every VIN and stock number of q, the
// distinct open leads of vls (VehicleLeads of q) that want it, held by one of salesPeople as
// sales person (none keeps all). Vehicles without leads count 0.
func CountInventory(q VehicleQuery, vls []VehicleLead, salesPeople []string) []InventoryCount {
	type key struct {
		store      int64
		vin, stock string
	}
	leads := map[key]map[int64]Status{}
	add := func(k key, vl VehicleLead) {
		if leads[k] == nil {
			leads[k] = map[int64]Status{}
		}
		leads[k][vl.CrmLeadID] = vl.Status
	}
	for _, vl := range vls {
		if !Open(vl.Status) || (len(salesPeople) > 0 && !slices.Contains(salesPeople, vl.SalesPersonID)) {
			continue
		}
		if vl.VIN != "" {
			add(key{vl.AccountPlatformID, vl.VIN, ""}, vl)
		}
		if vl.StockNumber != "" {
			add(key{vl.AccountPlatformID, "", vl.StockNumber}, vl)
		}
	}
	var out []InventoryCount
	count := func(k key) {
		c := InventoryCount{AccountPlatformID: k.store, VIN: k.vin, StockNumber: k.stock}
		for _, s := range leads[k] {
			c.LeadCount++
			if s == StatusSoldPending {
				c.SoldPendingCount++
			} else {
				c.ActiveLeadCount++
			}
		}
		out = append(out, c)
	}
	for _, st := range q.Stores {
		for _, v := range q.VINs {
			count(key{st, v, ""})
		}
		for _, s := range q.StockNumbers {
			count(key{st, "", s})
		}
	}
	return out
}

// GetOf returns lead id of contact contactID (as an index entry names it) without reading its
// pointer. A missing lead is a NotFound error.
func (r *Repo) GetOf(ctx context.Context, t store.Tenant, contactID, id int64) (Lead, error) {
	l, _, err := r.readAt(ctx, t, contactID, id)
	return l, err
}
