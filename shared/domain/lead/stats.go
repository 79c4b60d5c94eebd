package lead

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// soldIndex returns the key of a sold lead (pending or delivered) in the index of sales by
// date: GSI2PK = A#{acct}#LSOLD#{store}#{status}, GSI2SK = {status changed}#{id}. The time
// the lead entered its status is the date of the sale (of the delivery, for a delivered one).
// GSI2 holds the claimable leads too, which are active, so a lead is in one or the other.
func soldIndex(t store.Tenant, l Lead) (store.IndexKey, bool, error) {
	if l.Status != StatusSoldPending && l.Status != StatusSoldDelivered {
		return store.IndexKey{}, false, nil
	}
	k, err := t.IndexKey("GSI2", sortTime(l.StatusChangedAt, l.ID), "LSOLD", idPart(l.AccountPlatformID), strconv.Itoa(int(l.Status)))
	return k, err == nil, err
}

// timeRange returns the sort key bounds of [from, to) over keys that start with a time: ""
// for both when the range is open on both ends. A key at exactly to sorts after "{to}" (it
// goes on with "#{id}"), so to is left out.
func timeRange(from, to time.Time) (string, string) {
	if from.IsZero() && to.IsZero() {
		return "", ""
	}
	lo, hi := "0", "9"
	if !from.IsZero() {
		lo = from.UTC().Format("2006-01-02T15:04:05.000000000Z")
	}
	if !to.IsZero() {
		hi = to.UTC().Format("2006-01-02T15:04:05.000000000Z")
	}
	return lo, hi
}

// StatsQuery selects the leads of a statistic: stores, a date range (From included, To left
// out; zero for no bound) and optionally the sales people whose leads count.
type StatsQuery struct {
	Stores      []int64
	From, To    time.Time
	SalesPeople []string
}

// Validate checks q; a bad query is an Invalid error naming the field.
func (q StatsQuery) Validate() error {
	fields := map[string]string{}
	if len(q.Stores) == 0 {
		fields["accountPlatformIds"] = "Choose at least one store."
	}
	if len(q.Stores) > MaxSearchStores {
		fields["accountPlatformIds"] = fmt.Sprintf("Choose at most %d stores.", MaxSearchStores)
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		fields["dateTo"] = "The end of the date range must be after its start."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The lead statistics request is not valid.", fields)
	}
	return nil
}

func (q StatsQuery) keeps(salesPerson string) bool {
	return len(q.SalesPeople) == 0 || slices.Contains(q.SalesPeople, salesPerson)
}

// SaleCount is how many sales one store, one sales person, or all of them made.
type SaleCount struct {
	AccountPlatformID  int64  `json:"accountPlatformId,omitempty"`
	SalesPersonID      string `json:"salesPersonId,omitempty"`
	SalesPersonName    string `json:"salesPersonName,omitempty" doc:"Filled in by the API."`
	SoldPendingCount   int    `json:"soldPendingCount"`
	SoldDeliveredCount int    `json:"soldDeliveredCount"`
}

// SaleCounts are the sales of a date range per store, per sales person and in all.
type SaleCounts struct {
	Stores      []SaleCount `json:"stores" nullable:"false" doc:"One per store asked, in the order asked."`
	SalesPeople []SaleCount `json:"salesPeople" nullable:"false" doc:"One per sales person with a sale (across the stores), by id; sales nobody held count in the stores and the total only."`
	Total       SaleCount   `json:"total"`
}

// SaleCounts counts the leads of q's stores that are sold pending and sold delivered, by the
// date they entered that status (the sale, or the delivery), within q's range. A lead counts
// in the status it is in now: a pending sale that was delivered counts as delivered on its
// delivery date. It reads the index of sales by date (GSI2, LSOLD) over the range only.
func (r *Repo) SaleCounts(ctx context.Context, t store.Tenant, q StatsQuery) (SaleCounts, error) {
	if err := q.Validate(); err != nil {
		return SaleCounts{}, err
	}
	lo, hi := timeRange(q.From, q.To)
	out := SaleCounts{Stores: []SaleCount{}, SalesPeople: []SaleCount{}}
	people := map[string]*SaleCount{}
	for _, st := range q.Stores {
		sc := SaleCount{AccountPlatformID: st}
		for _, status := range []Status{StatusSoldPending, StatusSoldDelivered} {
			part, err := t.Partition("LSOLD", idPart(st), strconv.Itoa(int(status)))
			if err != nil {
				return SaleCounts{}, err
			}
			ls, err := store.QueryAll[Lead](ctx, r.s, store.Query{Index: "GSI2", Partition: part, SortFrom: lo, SortTo: hi})
			if err != nil {
				return SaleCounts{}, fmt.Errorf("sales of store %d: %w", st, err)
			}
			for _, l := range ls {
				if !q.keeps(l.SalesPersonID) {
					continue
				}
				counts := []*SaleCount{&sc, &out.Total}
				if l.SalesPersonID != "" {
					p := people[l.SalesPersonID]
					if p == nil {
						p = &SaleCount{SalesPersonID: l.SalesPersonID}
						people[l.SalesPersonID] = p
					}
					counts = append(counts, p)
				}
				for _, c := range counts {
					if status == StatusSoldPending {
						c.SoldPendingCount++
					} else {
						c.SoldDeliveredCount++
					}
				}
			}
		}
		out.Stores = append(out.Stores, sc)
	}
	for _, p := range people {
		out.SalesPeople = append(out.SalesPeople, *p)
	}
	slices.SortFunc(out.SalesPeople, func(a, b SaleCount) int { return cmp.Compare(a.SalesPersonID, b.SalesPersonID) })
	return out, nil
}

// ResponseTime is how fast one store, one sales person, or everyone answered new leads.
type ResponseTime struct {
	AccountPlatformID int64  `json:"accountPlatformId,omitempty"`
	SalesPersonID     string `json:"salesPersonId,omitempty"`
	SalesPersonName   string `json:"salesPersonName,omitempty" doc:"Filled in by the API."`
	// LeadCount counts the leads that arrived in the range; RespondedCount those that had an
	// outbound contact and NoResponseCount those still without one.
	LeadCount       int `json:"leadCount"`
	RespondedCount  int `json:"respondedCount"`
	NoResponseCount int `json:"noResponseCount"`
	// AverageResponseSeconds is the mean time from arrival to first response of the responded
	// leads; 0 when none was.
	AverageResponseSeconds int64   `json:"averageResponseSeconds"`
	AverageResponseMinutes float64 `json:"averageResponseMinutes" doc:"The same, in minutes, to two decimals."`
	totalSeconds           int64
}

func (rt *ResponseTime) add(l Lead) {
	rt.LeadCount++
	if l.FirstRespondedAt == nil {
		rt.NoResponseCount++
		return
	}
	rt.RespondedCount++
	rt.totalSeconds += int64(max(0, l.FirstRespondedAt.Sub(l.CreatedAt)) / time.Second)
}

func (rt *ResponseTime) finish() {
	if rt.RespondedCount > 0 {
		rt.AverageResponseSeconds = rt.totalSeconds / int64(rt.RespondedCount)
		rt.AverageResponseMinutes = float64(rt.totalSeconds*100/int64(rt.RespondedCount)/60) / 100
	}
}

// ResponseTimes are the response times of a date range per store, per sales person and in all.
type ResponseTimes struct {
	Stores      []ResponseTime `json:"stores" nullable:"false" doc:"One per store asked, in the order asked."`
	SalesPeople []ResponseTime `json:"salesPeople" nullable:"false" doc:"One per sales person holding a lead of the range, by id; leads nobody holds count in the stores and the total only."`
	Total       ResponseTime   `json:"total"`
}

// respondable are the statuses whose leads the response time counts: bad and duplicate leads
// were never customers to answer.
var respondable = []Status{StatusActive, StatusLost, StatusSoldDelivered, StatusSoldPending}

// ResponseTimes measures, over the leads of q's stores created in q's range (not bad nor
// duplicate), the mean time from a lead's arrival to the first outbound contact with its
// customer, and counts the leads still without one. It reads the per-store status index over
// the range.
func (r *Repo) ResponseTimes(ctx context.Context, t store.Tenant, q StatsQuery) (ResponseTimes, error) {
	if err := q.Validate(); err != nil {
		return ResponseTimes{}, err
	}
	stores := map[int64]*ResponseTime{}
	for _, st := range q.Stores {
		stores[st] = &ResponseTime{AccountPlatformID: st}
	}
	people := map[string]*ResponseTime{}
	var total ResponseTime
	err := r.each(ctx, t, Filter{Stores: q.Stores, From: q.From, To: q.To}, respondable, func(l Lead) bool {
		if !q.keeps(l.SalesPersonID) {
			return true
		}
		stores[l.AccountPlatformID].add(l)
		total.add(l)
		if l.SalesPersonID != "" {
			p := people[l.SalesPersonID]
			if p == nil {
				p = &ResponseTime{SalesPersonID: l.SalesPersonID}
				people[l.SalesPersonID] = p
			}
			p.add(l)
		}
		return true
	})
	if err != nil {
		return ResponseTimes{}, err
	}
	out := ResponseTimes{Stores: []ResponseTime{}, SalesPeople: []ResponseTime{}}
	for _, st := range q.Stores {
		s := stores[st]
		s.finish()
		out.Stores = append(out.Stores, *s)
	}
	for _, p := range people {
		p.finish()
		out.SalesPeople = append(out.SalesPeople, *p)
	}
	slices.SortFunc(out.SalesPeople, func(a, b ResponseTime) int { return cmp.Compare(a.SalesPersonID, b.SalesPersonID) })
	total.finish()
	out.Total = total
	return out, nil
}

// MarkResponded records at as the first response on every open lead of the contacts owners (a
// contact's Owners()) that arrived before at and has none yet, and returns how many it marked.
// Each is a versioned write that re-reads a lead changed meanwhile, so a lead answered by
// someone else first keeps that first response, and calling it again changes nothing. It
// publishes no event: a response is not a change of the lead.
func (r *Repo) MarkResponded(ctx context.Context, t store.Tenant, owners []int64, at time.Time) (int, error) {
	at = at.UTC()
	ls, err := r.ForContact(ctx, t, owners)
	if err != nil {
		return 0, err
	}
	needs := func(l Lead) bool { return Open(l.Status) && l.FirstRespondedAt == nil && !l.CreatedAt.After(at) }
	marked := 0
	for _, l := range ls {
		if !needs(l) {
			continue
		}
		for attempt := 1; ; attempt++ {
			cur, v, err := r.readAt(ctx, t, l.ContactID, l.ID)
			if err != nil {
				return marked, err
			}
			if !needs(cur) {
				break
			}
			before := cur
			cur.FirstRespondedAt = &at
			// An answered lead no longer waits on its reassign rule.
			cancel, err := reassignCancelOps(t, before, &cur)
			if err != nil {
				return marked, err
			}
			rec, err := record(t, cur, v)
			if err != nil {
				return marked, err
			}
			err = r.s.Transact(ctx, append([]store.Op{store.UpdateOp(rec)}, cancel...)...)
			if (apperr.CodeOf(err) == apperr.Conflict || transactionConflict(err)) && attempt < maxAttempts {
				continue
			}
			if err != nil {
				return marked, fmt.Errorf("mark lead %d responded: %w", l.ID, err)
			}
			marked++
			break
		}
	}
	return marked, nil
}
