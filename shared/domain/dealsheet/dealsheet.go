// Package dealsheet keeps deal sheets: a store's record of a deal with a buyer and a vehicle.
// A deal sheet that came in without a customer (from a desking or DMS system) is unmatched
// until a user assigns it to a customer, or creates the customer from its buyer; a matched
// deal sheet is part of that customer's deal history.
//
// Access patterns:
//
//	pattern                          index  key condition
//	deal sheet by id                 table  PK = A#{acct}#DS#{id}, SK = DEALSHEET
//	a store's unmatched deal sheets  GSI1   GSI1PK = A#{acct}#DSU#{store}, GSI1SK = {created}#{id}, descending
//	a contact's deal sheets          GSI2   GSI2PK = A#{acct}#DSC#{contact}, GSI2SK = {created}#{id}, descending
//
// The working deal sheet of a garage vehicle (Sheet, in sheet.go) is what a sales person
// builds to put the customer in a replacement vehicle: its own item, PK = A#{acct}#DSE#{entity},
// SK = DEALSHEET; pushing it to the CRM creates a matched deal sheet record here.
//
// A deal sheet carries the GSI1 keys only while unmatched and the GSI2 keys only once matched,
// so matching it moves it from one list to the other in the same versioned write.
package dealsheet

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Deal sheet statuses.
const (
	StatusPending   = "Pending"
	StatusSold      = "Sold"
	StatusDelivered = "Delivered"
	StatusLost      = "Lost"
)

// How a deal sheet was matched to its contact.
const (
	MatchedAssigned = "assigned"
	MatchedCreated  = "created"
)

// Messages of refused matches.
const (
	MsgNotFound       = "The deal sheet does not exist."
	MsgMatchedAlready = "The deal sheet is matched to a customer already."
	MsgOtherStore     = "The deal sheet and the customer belong to different stores."
)

// Dealsheet is one deal sheet.
type Dealsheet struct {
	ID                int64       `json:"entityId"`
	AccountPlatformID int64       `json:"accountPlatformId"`
	DealNumber        string      `json:"dealNumber"`
	BuyerFirstName    string      `json:"buyerFirstName"`
	BuyerLastName     string      `json:"buyerLastName"`
	BuyerEmail        string      `json:"buyerEmail"`
	BuyerPhone        string      `json:"buyerPhone"`
	Vehicle           DealVehicle `json:"vehicle"`
	DealType          string      `json:"dealType" doc:"Retail, Lease or Finance."`
	SalesPerson       string      `json:"salesPerson"`
	Status            string      `json:"status" enum:"Pending,Sold,Delivered,Lost"`
	ContactID         int64       `json:"contactId" doc:"The customer the deal sheet is matched to; 0 while unmatched."`
	MatchedHow        string      `json:"matchedHow,omitempty" doc:"assigned or created."`
	MatchedAt         *time.Time  `json:"matchedAt,omitempty"`
	MatchedBy         string      `json:"matchedBy,omitempty"`
	CreatedAt         time.Time   `json:"createdAt"`
	Version           int64       `json:"version"`
}

// DealVehicle is the vehicle of a deal.
type DealVehicle struct {
	VIN         string  `json:"vin"`
	StockNumber string  `json:"stockNumber"`
	Year        int     `json:"year"`
	Make        string  `json:"make"`
	Model       string  `json:"model"`
	Trim        string  `json:"trim"`
	Price       float64 `json:"price"`
}

// Matched reports whether d is matched to a contact.
func (d Dealsheet) Matched() bool { return d.ContactID > 0 }

// Repo reads and writes deal sheets.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

func key(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("DEALSHEET", "DS", strconv.FormatInt(id, 10))
}

func indexSort(d Dealsheet) string {
	return d.CreatedAt.UTC().Format(time.RFC3339) + "#" + fmt.Sprintf("%016d", d.ID)
}

func record(t store.Tenant, d Dealsheet) (store.Record, error) {
	k, err := key(t, d.ID)
	if err != nil {
		return store.Record{}, err
	}
	var ik store.IndexKey
	if d.Matched() {
		ik, err = t.IndexKey("GSI2", indexSort(d), "DSC", strconv.FormatInt(d.ContactID, 10))
	} else {
		ik, err = t.IndexKey("GSI1", indexSort(d), "DSU", strconv.FormatInt(d.AccountPlatformID, 10))
	}
	if err != nil {
		return store.Record{}, err
	}
	return store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: "Dealsheet", Value: d, Version: d.Version}, nil
}

// Create stores d, unmatched unless it names a contact. A deal sheet with its id exists
// already: a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, d Dealsheet) error {
	if d.ID < 1 || d.AccountPlatformID < 1 {
		return apperr.Errorf(apperr.Invalid, "A deal sheet needs an id and a store.")
	}
	if d.CreatedAt.IsZero() {
		d.CreatedAt = r.now().UTC()
	}
	rec, err := record(t, d)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, rec)
}

// Get returns deal sheet id with the version it was read at. A missing one is NotFound.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id int64) (Dealsheet, error) {
	if id < 1 {
		return Dealsheet{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	k, err := key(t, id)
	if err != nil {
		return Dealsheet{}, err
	}
	var d Dealsheet
	v, err := r.s.Get(ctx, k, &d)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Dealsheet{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Dealsheet{}, fmt.Errorf("get deal sheet %d: %w", id, err)
	}
	d.Version = v
	return d, nil
}

// Match returns d matched to contactID by user by (how is MatchedAssigned or MatchedCreated),
// and the versioned write that stores it: the write fails with a Conflict when d changed since
// it was read, so a deal sheet is never matched twice. A deal sheet matched already is a
// Conflict error.
func (r *Repo) Match(t store.Tenant, d Dealsheet, contactID int64, how, by string) (Dealsheet, store.Op, error) {
	if d.Matched() {
		return Dealsheet{}, store.Op{}, apperr.Errorf(apperr.Conflict, MsgMatchedAlready)
	}
	now := r.now().UTC()
	d.ContactID, d.MatchedHow, d.MatchedAt, d.MatchedBy = contactID, how, &now, by
	rec, err := record(t, d)
	if err != nil {
		return Dealsheet{}, store.Op{}, err
	}
	d.Version++
	return d, store.UpdateOp(rec), nil
}

// Apply runs the write of a Match on its own.
func (r *Repo) Apply(ctx context.Context, op store.Op) error {
	err := r.s.Transact(ctx, op)
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.Conflict, err, "The deal sheet was changed by someone else. Reload it and try again.")
	}
	return err
}

// Unmatched returns the newest limit (1 to 1000) unmatched deal sheets of stores, the newest
// first.
func (r *Repo) Unmatched(ctx context.Context, t store.Tenant, stores []int64, limit int) ([]Dealsheet, error) {
	var out []Dealsheet
	for _, st := range stores {
		p, err := t.Partition("DSU", strconv.FormatInt(st, 10))
		if err != nil {
			return nil, err
		}
		page, err := r.s.Query(ctx, store.Query{Index: "GSI1", Partition: p, Limit: limit, Descending: true})
		if err != nil {
			return nil, fmt.Errorf("read unmatched deal sheets of %d: %w", st, err)
		}
		var ds []Dealsheet
		if err := page.Decode(&ds); err != nil {
			return nil, err
		}
		out = append(out, ds...)
	}
	slices.SortStableFunc(out, func(a, b Dealsheet) int { return b.CreatedAt.Compare(a.CreatedAt) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// ForContacts returns the deal sheets matched to contacts ids (a contact and those merged into
// it), the newest first.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]Dealsheet, error) {
	var out []Dealsheet
	for _, id := range ids {
		p, err := t.Partition("DSC", strconv.FormatInt(id, 10))
		if err != nil {
			return nil, err
		}
		ds, err := store.QueryAll[Dealsheet](ctx, r.s, store.Query{Index: "GSI2", Partition: p, Limit: 500, Descending: true})
		if err != nil {
			return nil, fmt.Errorf("read deal sheets of %d: %w", id, err)
		}
		out = append(out, ds...)
	}
	slices.SortStableFunc(out, func(a, b Dealsheet) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}
