package lead

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// DisplayStatuses returns the statuses the Leads Log lists and counts, in its order.
func DisplayStatuses() []Status {
	return []Status{StatusUnclaimed, StatusNew, StatusActive, StatusSoldPending, StatusSoldDelivered, StatusLost, StatusBad, StatusDuplicate}
}

// DefaultDisplayStatuses are the statuses a search without any lists: the active leads (those
// waiting for a claim, those nobody worked yet, and those being worked).
func DefaultDisplayStatuses() []Status {
	return []Status{StatusUnclaimed, StatusNew, StatusActive}
}

// stored returns the stored status a lead of display status s has.
func (s Status) stored() Status {
	if s == StatusUnclaimed || s == StatusNew {
		return StatusActive
	}
	return s
}

// Filter selects leads of the Leads Log.
type Filter struct {
	// Stores are the stores searched; at least one.
	Stores []int64
	// Statuses are display statuses (DisplayStatuses); none means DefaultDisplayStatuses.
	Statuses []Status
	// TypeIDs and SourceIDs keep the leads of these types and sources; none keeps all.
	TypeIDs   []int
	SourceIDs []int64
	// AssignedTo keeps the leads this user holds (as sales person or BDC agent); "" keeps all.
	AssignedTo string
	// From and To bound when the leads were created (From included, To excluded); zero for
	// no bound.
	From, To time.Time
}

// MaxSearchStores bounds the stores one search reads.
const MaxSearchStores = 200

// Validate checks f and fills in the default statuses; a bad filter is an Invalid error
// naming the field.
func (f *Filter) Validate() error {
	fields := map[string]string{}
	if len(f.Stores) == 0 {
		fields["accountPlatformIds"] = "Choose at least one store."
	}
	if len(f.Stores) > MaxSearchStores {
		fields["accountPlatformIds"] = fmt.Sprintf("Choose at most %d stores.", MaxSearchStores)
	}
	if len(f.Statuses) == 0 {
		f.Statuses = DefaultDisplayStatuses()
	}
	for _, s := range f.Statuses {
		if !slices.Contains(DisplayStatuses(), s) {
			fields["selectedStatusTypes"] = fmt.Sprintf("%d is not a lead status.", int(s))
		}
	}
	for _, id := range f.TypeIDs {
		if !ValidType(id) {
			fields["leadTypeIds"] = fmt.Sprintf("%d is not a lead type.", id)
		}
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		fields["dateTo"] = "The end of the date range must be after its start."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The lead search is not valid.", fields)
	}
	return nil
}

// keep reports whether l passes f's filters besides the store and the stored status.
func (f Filter) keep(l Lead, statuses []Status) bool {
	if !slices.Contains(statuses, l.DisplayStatus()) {
		return false
	}
	if len(f.TypeIDs) > 0 && !slices.Contains(f.TypeIDs, l.LeadTypeID) {
		return false
	}
	if len(f.SourceIDs) > 0 && !slices.Contains(f.SourceIDs, l.LeadSourceID) {
		return false
	}
	if f.AssignedTo != "" && l.SalesPersonID != f.AssignedTo && l.BDCAgentID != f.AssignedTo {
		return false
	}
	return true
}

// storedOf returns the stored statuses display statuses come from, in id order.
func storedOf(statuses []Status) []Status {
	var out []Status
	for _, s := range Statuses() {
		if slices.ContainsFunc(statuses, func(d Status) bool { return d.stored() == s }) {
			out = append(out, s)
		}
	}
	return out
}

// each calls fn with every lead of the stores in the stored statuses that were created in f's
// date range, one index partition (store and status) at a time, newest first within each;
// fn returning false stops. It queries the per-store status index: the date range is its sort
// key condition, so only leads of the range are read.
func (r *Repo) each(ctx context.Context, t store.Tenant, f Filter, stored []Status, fn func(Lead) bool) error {
	from, to := "", ""
	if !f.From.IsZero() || !f.To.IsZero() {
		from = "0"
		if !f.From.IsZero() {
			from = f.From.UTC().Format("2006-01-02T15:04:05.000000000Z")
		}
		to = "9"
		if !f.To.IsZero() {
			// Sort keys start with the creation time; those of To itself sort after "{To}" and
			// are left out, as the range's end is.
			to = f.To.UTC().Format("2006-01-02T15:04:05.000000000Z")
		}
	}
	for _, storeID := range f.Stores {
		for _, s := range stored {
			part, err := t.Partition("LS", idPart(storeID), strconv.Itoa(int(s)))
			if err != nil {
				return err
			}
			q := store.Query{Index: "GSI1", Partition: part, Limit: 500, Descending: true, SortFrom: from, SortTo: to}
			for {
				page, err := r.s.Query(ctx, q)
				if err != nil {
					return fmt.Errorf("leads of store %d in status %d: %w", storeID, int(s), err)
				}
				var ls []Lead
				if err := page.Decode(&ls); err != nil {
					return err
				}
				for _, l := range ls {
					if l.Vehicles == nil {
						l.Vehicles = []VehicleOfInterest{}
					}
					if l.TradeIns == nil {
						l.TradeIns = []TradeIn{}
					}
					if !fn(l) {
						return nil
					}
				}
				if page.Next == "" {
					break
				}
				q.Cursor = page.Next
			}
		}
	}
	return nil
}

// SearchResult is one page of a search and the number of leads that match.
type SearchResult struct {
	Leads []Lead
	Total int
}

// Search returns page number (from 1) of size of the leads that match f, newest first. An
// invalid filter or page is an Invalid error naming the field.
func (r *Repo) Search(ctx context.Context, t store.Tenant, f Filter, number, size int) (SearchResult, error) {
	if err := f.Validate(); err != nil {
		return SearchResult{}, err
	}
	if number < 1 || size < 1 || size > 100 {
		return SearchResult{}, apperr.InvalidFields("The page is not valid.", map[string]string{"pagination": "The page number starts at 1 and the page size is 1 to 100."})
	}
	var all []Lead
	err := r.each(ctx, t, f, storedOf(f.Statuses), func(l Lead) bool {
		if f.keep(l, f.Statuses) {
			all = append(all, l)
		}
		return true
	})
	if err != nil {
		return SearchResult{}, err
	}
	slices.SortFunc(all, func(a, b Lead) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return int(b.ID - a.ID)
	})
	out := SearchResult{Total: len(all), Leads: []Lead{}}
	if start := (number - 1) * size; start < len(all) {
		out.Leads = all[start:min(start+size, len(all))]
	}
	return out, nil
}

// StatusCount is how many leads of a search are in one display status.
type StatusCount struct {
	Status Status `json:"leadStatusId"`
	Name   string `json:"name"`
	Count  int    `json:"count"`
}

// Counts returns, for every display status, how many leads match f apart from its statuses.
func (r *Repo) Counts(ctx context.Context, t store.Tenant, f Filter) ([]StatusCount, error) {
	f.Statuses = DisplayStatuses()
	if err := f.Validate(); err != nil {
		return nil, err
	}
	n := map[Status]int{}
	err := r.each(ctx, t, f, Statuses(), func(l Lead) bool {
		if f.keep(l, f.Statuses) {
			n[l.DisplayStatus()]++
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	out := make([]StatusCount, 0, len(DisplayStatuses()))
	for _, s := range DisplayStatuses() {
		out = append(out, StatusCount{Status: s, Name: s.String(), Count: n[s]})
	}
	return out, nil
}

// Each calls fn with every lead that matches f, one store and stored status at a time (newest
// first within each), without holding them all: the export streams. fn returning an error
// stops and returns it. An invalid filter is an Invalid error.
func (r *Repo) Each(ctx context.Context, t store.Tenant, f Filter, fn func(Lead) error) error {
	if err := f.Validate(); err != nil {
		return err
	}
	var ferr error
	err := r.each(ctx, t, f, storedOf(f.Statuses), func(l Lead) bool {
		if f.keep(l, f.Statuses) {
			ferr = fn(l)
		}
		return ferr == nil
	})
	if err != nil {
		return err
	}
	return ferr
}
