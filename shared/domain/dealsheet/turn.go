package dealsheet

// The store's sales ledger and the vehicle turn predictor.
//
// Each deal marked sold writes a sale entry in its store's ledger in the sale's own transaction
// (an unwind removes it in the unwind's): the vehicle sold, when the deal sheet was opened and
// when it was sold.
//
//	pattern                          index  key condition
//	a store's sales, newest first    table  PK = A#{acct}#DSSOLD#{store}, SK = {sold at}#{entity}, descending
//
// The turn predictor estimates how many days a vehicle takes to turn (from being put in front
// of a customer on a deal sheet to being sold) from the store's own sales of the last
// TurnWindowDays days, and nothing else:
//
//  1. The sales it looks at are those of the same make and model as the vehicle asked about,
//     within one model year of it; with fewer than MinTurnSales of them, the same make and
//     model in any year; then the same make; then every sale of the store. The basis says
//     which was used.
//  2. Each sale's days to turn is the whole days from the deal sheet's opening to the sale.
//  3. The estimate is the median of those days; the range is their 25th to 75th percentile
//     (nearest rank); the pace is the sales of that basis per 30 days of the window.
//  4. With fewer than MinTurnSales sales in the whole store there is no estimate: the answer
//     says so and gives what history there is.

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Bounds of the turn predictor.
const (
	TurnWindowDays = 180
	MinTurnSales   = 3
)

// Bases of a turn prediction, from the closest match to the widest.
const (
	TurnBasisModelYear = "modelYear"
	TurnBasisModel     = "model"
	TurnBasisMake      = "make"
	TurnBasisStore     = "store"
	TurnBasisNone      = "none"
)

// SaleEntry is one sale of the store's ledger.
type SaleEntry struct {
	EntityID  int64     `json:"entityId"`
	ContactID int64     `json:"contactId"`
	Year      int       `json:"year"`
	Make      string    `json:"make"`
	Model     string    `json:"model"`
	Trim      string    `json:"trim"`
	DealType  string    `json:"dealType"`
	OpenedAt  time.Time `json:"openedAt" doc:"When the deal sheet was opened."`
	SoldAt    time.Time `json:"soldAt"`
	Days      int       `json:"days" doc:"Whole days from the opening to the sale."`
}

func saleKey(t store.Tenant, storeID int64, soldAt time.Time, entityID int64) (store.Key, error) {
	return t.Key(soldAt.UTC().Format(time.RFC3339Nano)+"#"+strconv.FormatInt(entityID, 10), "DSSOLD", strconv.FormatInt(storeID, 10))
}

// saleLedgerOps are the ledger writes of a change from before to after: a sale entry when the
// deal is sold, its removal when a sale is unwound.
func saleLedgerOps(t store.Tenant, before, after Sheet) ([]store.Op, error) {
	switch {
	case before.State != SheetSold && after.State == SheetSold && after.Sale != nil:
		k, err := saleKey(t, after.AccountPlatformID, after.Sale.At, after.EntityID)
		if err != nil {
			return nil, err
		}
		r := after.Replacement
		e := SaleEntry{EntityID: after.EntityID, ContactID: after.ContactID, Year: r.Year, Make: r.Make, Model: r.Model, Trim: r.Trim,
			DealType: after.Sale.DealType, OpenedAt: after.CreatedAt.UTC(), SoldAt: after.Sale.At.UTC(), Days: daysBetween(after.CreatedAt, after.Sale.At)}
		return []store.Op{store.PutOp(store.Record{Key: k, Type: "DealsheetSale", Value: e})}, nil
	case before.State == SheetSold && after.State != SheetSold && before.Sale != nil:
		k, err := saleKey(t, before.AccountPlatformID, before.Sale.At, before.EntityID)
		if err != nil {
			return nil, err
		}
		return []store.Op{store.RemoveOp(k)}, nil
	}
	return nil, nil
}

func daysBetween(from, to time.Time) int {
	d := int(to.Sub(from).Hours() / 24)
	if d < 0 {
		return 0
	}
	return d
}

// Sales returns store storeID's sales sold at or after since, the newest first (at most 5,000).
func (r *Sheets) Sales(ctx context.Context, t store.Tenant, storeID int64, since time.Time) ([]SaleEntry, error) {
	p, err := t.Partition("DSSOLD", strconv.FormatInt(storeID, 10))
	if err != nil {
		return nil, err
	}
	var out []SaleEntry
	cursor := ""
	for len(out) < 5000 {
		page, err := r.s.Query(ctx, store.Query{Partition: p, Limit: 1000, Descending: true, Cursor: cursor})
		if err != nil {
			return nil, fmt.Errorf("read the sales of %d: %w", storeID, err)
		}
		var es []SaleEntry
		if err := page.Decode(&es); err != nil {
			return nil, err
		}
		for _, e := range es {
			if e.SoldAt.Before(since) {
				return out, nil
			}
			out = append(out, e)
		}
		if page.Next == "" {
			break
		}
		cursor = page.Next
	}
	return out, nil
}

// TurnPrediction is the turn predictor's answer for one vehicle.
type TurnPrediction struct {
	Year        int         `json:"year"`
	Make        string      `json:"make"`
	Model       string      `json:"model"`
	Trim        string      `json:"trim"`
	Basis       string      `json:"basis" enum:"modelYear,model,make,store,none" doc:"Which of the store's sales the estimate is from: the same model within a model year, the same model, the same make, every sale; none when there are too few."`
	BasisLabel  string      `json:"basisLabel" doc:"The basis as a sentence."`
	Sales       int         `json:"sales" doc:"The sales the estimate is from."`
	StoreSales  int         `json:"storeSales" doc:"Every sale of the store in the window."`
	WindowDays  int         `json:"windowDays"`
	Estimate    *int        `json:"estimate" doc:"The estimated days to turn (the median); null without enough sales."`
	Low         *int        `json:"low" doc:"The 25th percentile of the days to turn."`
	High        *int        `json:"high" doc:"The 75th percentile."`
	Fastest     *int        `json:"fastest"`
	Slowest     *int        `json:"slowest"`
	PerMonth    float64     `json:"perMonth" doc:"Sales of the basis per 30 days of the window."`
	Method      string      `json:"method" doc:"How the estimate is computed, as the screen explains it."`
	RecentSales []SaleEntry `json:"recentSales" nullable:"false" doc:"The basis's newest sales (at most 10)."`
}

// TurnMethod explains the estimate to the user.
const TurnMethod = "Days from the deal sheet's opening to the sale, over the store's own sales of the last 180 days: the median is the estimate and the middle half of the sales the range. The closest match with at least 3 sales is used: the same model within a model year, the same model, the same make, then every sale of the store."

// PredictTurn estimates the days to turn of the vehicle year/make/model from the store's sales
// (see the package's turn predictor method).
func PredictTurn(year int, mk, model, trim string, sales []SaleEntry) TurnPrediction {
	out := TurnPrediction{Year: year, Make: mk, Model: model, Trim: trim, Basis: TurnBasisNone, StoreSales: len(sales),
		WindowDays: TurnWindowDays, Method: TurnMethod, RecentSales: []SaleEntry{}}
	sameMake := func(e SaleEntry) bool { return strings.EqualFold(e.Make, mk) }
	sameModel := func(e SaleEntry) bool { return sameMake(e) && strings.EqualFold(e.Model, model) }
	name := strings.TrimSpace(mk + " " + model)
	tries := []struct {
		basis, label string
		keep         func(SaleEntry) bool
	}{
		{TurnBasisModelYear, fmt.Sprintf("%s sold of model years %d to %d", name, year-1, year+1), func(e SaleEntry) bool {
			return sameModel(e) && year > 0 && e.Year >= year-1 && e.Year <= year+1
		}},
		{TurnBasisModel, name + " sold, every model year", sameModel},
		{TurnBasisMake, strings.TrimSpace(mk) + " vehicles sold", sameMake},
		{TurnBasisStore, "Every vehicle the store sold", func(SaleEntry) bool { return true }},
	}
	for _, try := range tries {
		var days []int
		var kept []SaleEntry
		for _, e := range sales {
			if try.keep(e) {
				days, kept = append(days, e.Days), append(kept, e)
			}
		}
		if len(days) < MinTurnSales {
			continue
		}
		slices.Sort(days)
		pick := func(p float64) *int {
			i := int(math.Ceil(p*float64(len(days)))) - 1
			i = max(0, min(i, len(days)-1))
			v := days[i]
			return &v
		}
		out.Basis, out.BasisLabel, out.Sales = try.basis, try.label, len(days)
		out.Estimate, out.Low, out.High = median(days), pick(0.25), pick(0.75)
		out.Fastest, out.Slowest = &days[0], &days[len(days)-1]
		out.PerMonth = math.Round(float64(len(days))*30/float64(TurnWindowDays)*10) / 10
		out.RecentSales = kept[:min(10, len(kept))]
		return out
	}
	out.BasisLabel = fmt.Sprintf("Not enough sales history: the store sold %d vehicles in the last %d days; an estimate needs %d.", len(sales), TurnWindowDays, MinTurnSales)
	out.RecentSales = sales[:min(10, len(sales))]
	return out
}

// median of sorted days, rounded to whole days.
func median(days []int) *int {
	n := len(days)
	v := days[n/2]
	if n%2 == 0 {
		v = int(math.Round(float64(days[n/2-1]+days[n/2]) / 2))
	}
	return &v
}
