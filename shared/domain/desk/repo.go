package desk

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ActivityOps returns the writes recording an activity entry in a caller's transaction;
// *activity.Repo is one.
type ActivityOps interface {
	Ops(ctx context.Context, t store.Tenant, n activity.New) (activity.Entry, []store.Op, error)
	ByKey(ctx context.Context, t store.Tenant, contactID int64, key string) (activity.Entry, error)
}

var _ ActivityOps = (*activity.Repo)(nil)

// Repo reads and writes desks.
type Repo struct {
	s        *store.Store
	activity ActivityOps
	log      *slog.Logger
	now      func() time.Time
}

// NewRepo returns a repository over s that records each new desk in the customer's activity
// through act.
func NewRepo(s *store.Store, act ActivityOps, log *slog.Logger) *Repo {
	if log == nil {
		log = slog.Default()
	}
	return &Repo{s: s, activity: act, log: log, now: s.Now}
}

const (
	typeDesk = "Desk"
	typeKey  = "DeskKey"
	skDesk   = "DESK"
)

func idPart(id int64) string { return strconv.FormatInt(id, 10) }

func deskKey(t store.Tenant, id int64) (store.Key, error) { return t.Key(skDesk, "DESK", idPart(id)) }

func requestKey(t store.Tenant, key string) (store.Key, error) {
	sum := sha256.Sum256([]byte(key))
	return t.Key("DESKKEY", "DESKKEY", hex.EncodeToString(sum[:16]))
}

func storeIndexKey(t store.Tenant, d Desk) (store.IndexKey, error) {
	return t.IndexKey("GSI1", d.CreatedAt.UTC().Format(time.RFC3339Nano)+"#"+idPart(d.DeskID), "DESKS", idPart(d.AccountPlatformID))
}

// item is a desk as stored: its JSON, so the domain type carries no storage tags.
type item struct {
	DeskID  int64
	Store   int64
	Body    string
	Version int64 `dynamodbav:",omitempty"`
}

type keyItem struct {
	DeskID int64
}

func toItem(d Desk) (item, error) {
	b, err := json.Marshal(d)
	if err != nil {
		return item{}, fmt.Errorf("marshal desk %d: %w", d.DeskID, err)
	}
	return item{DeskID: d.DeskID, Store: d.AccountPlatformID, Body: string(b)}, nil
}

func fromItem(it item, version int64) (Desk, error) {
	var d Desk
	if err := json.Unmarshal([]byte(it.Body), &d); err != nil {
		return Desk{}, fmt.Errorf("unmarshal desk %d: %w", it.DeskID, err)
	}
	d.Version = version
	return d, nil
}

// New is a desk to create.
type New struct {
	AccountPlatformID int64
	ContactID         int64
	CustomerName      string
	Source            string
	SourceID          int64
	SalesPersonID     string
	SalesPersonName   string
	Provider          string
	Vehicle           Vehicle
	Trades            []Trade
	Terms             Terms
	Notes             string
	// Tax is how the store taxes the deal.
	Tax payment.Tax
	// Scan is the store's default terms: the payment scan's terms and down payments (the
	// standard ones when zero).
	Scan DealerTerms
	// Key makes the creation idempotent: a second Create with the same key answers the first
	// desk and writes nothing. Empty for none.
	Key string
}

// Validate checks n; field errors name the request's fields.
func (n New) Validate() error {
	fields := map[string]string{}
	if utf8.RuneCountInString(n.Notes) > MaxNotes {
		fields["notes"] = fmt.Sprintf("The notes must be at most %d characters.", MaxNotes)
	}
	if len(n.Trades) > MaxTrades {
		fields["trades"] = fmt.Sprintf("A desk has at most %d trades.", MaxTrades)
	}
	if st, ok := n.Terms.DealType.SaleType(); !ok {
		fields["terms.dealType"] = "Choose Lease, Retail, Balloon, Cash or One-pay lease."
	} else if st != payment.SaleCash && (n.Terms.Term < 1 || n.Terms.Term > payment.MaxTerm) {
		fields["terms.term"] = fmt.Sprintf("Enter a term from 1 to %d months.", payment.MaxTerm)
	}
	if n.Terms.Rate < 0 || n.Terms.Rate > payment.MaxRate {
		fields["terms.rate"] = "Enter a rate from 0 to 100%."
	}
	if n.Terms.Down < 0 || n.Terms.Down > payment.MaxAmount {
		fields["terms.down"] = "Enter an amount from $0 to " + payment.MaxAmount.String() + "."
	}
	if !slices.Contains([]string{SourceDealSheet, SourceLead, SourceProfile}, n.Source) {
		fields["source"] = "Choose dealsheet, lead or profile."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The desk is not valid.", fields)
	}
	return nil
}

// deal returns the payment engine's deal of a desk.
func deal(v Vehicle, trades []Trade, t Terms, tax payment.Tax) payment.Deal {
	d := payment.Deal{Type: t.DealType, Price: v.Price, MSRP: v.MSRP, Down: t.Down, Rate: t.Rate, Term: t.Term,
		Residual: payment.Residual{Percent: t.ResidualPercent}, Tax: tax}
	if d.MSRP == 0 {
		d.MSRP = d.Price
	}
	for _, tr := range trades {
		d.Trade.Allowance += tr.Allowance
		d.Trade.Payoff += tr.Payoff
	}
	return d
}

// fieldNames maps the payment engine's field names to the desk request's.
var fieldNames = map[string]string{
	"dealType": "terms.dealType", "term": "terms.term", "rate": "terms.rate", "down": "terms.down",
	"residual.percent": "terms.residualPercent", "price": "vehicle.price", "msrp": "vehicle.msrp",
	"trade.allowance": "trades", "trade.payoff": "trades",
}

func renamed(err error) error {
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) == 0 {
		return err
	}
	fields := map[string]string{}
	for k, v := range e.Fields {
		if n, ok := fieldNames[k]; ok {
			k = n
		}
		fields[k] = v
	}
	return apperr.InvalidFields(e.Message, fields)
}

// Price computes the desk's quote and payment scan: nothing when the vehicle has no price.
// The scan is the store's default terms by down payments for the sale type (scan; the standard
// terms when zero); the cell at the desk's own term and down payment is pinned, added to the
// scan when it is not one of them.
func Price(v Vehicle, trades []Trade, t Terms, tax payment.Tax, scan DealerTerms) (payment.Quote, []Scan, error) {
	if v.Price == 0 {
		return payment.Quote{}, []Scan{}, nil
	}
	d := deal(v, trades, t, tax)
	q, err := payment.Compute(d)
	if err != nil {
		return payment.Quote{}, nil, renamed(err)
	}
	scans := []Scan{}
	if q.SaleType == payment.SaleCash {
		return q, append(scans, Scan{ScanID: 1, Down: q.Down, Payment: q.Payment, CashDue: q.CashDue, Pinned: true}), nil
	}
	grid := payment.StandardTerms(q.SaleType)
	if scan.Version > 0 {
		grid = scan.For(t.DealType)
	}
	g, err := payment.ComputeGrid(d, grid)
	if err != nil {
		return payment.Quote{}, nil, renamed(err)
	}
	pinned := false
	for i := range g.Terms {
		for j := range g.Downs {
			c := g.Cells[i][j]
			own := c.Term == t.Term && c.Down == t.Down
			pinned = pinned || own
			scans = append(scans, Scan{ScanID: int64(len(scans) + 1), Term: c.Term, Down: c.Down, Payment: c.Payment, CashDue: c.CashDue, Pinned: own})
		}
	}
	if !pinned {
		scans = append(scans, Scan{ScanID: int64(len(scans) + 1), Term: q.Term, Down: q.Down, Payment: q.Payment, CashDue: q.CashDue, Pinned: true})
	}
	return q, scans, nil
}

// Create creates desk n with entry, the customer's "sent to desking" activity entry, in one
// transaction with the DeskCreated event, and returns both. The entry's details name the desk.
// created is false when n.Key was used already: the desk and entry returned are the key's
// first. entry.Key is set to n.Key.
func (r *Repo) Create(ctx context.Context, t store.Tenant, n New, entry activity.New) (d Desk, e activity.Entry, created bool, err error) {
	n.Notes = strings.TrimSpace(n.Notes)
	entry.Key = n.Key
	if err := n.Validate(); err != nil {
		return Desk{}, activity.Entry{}, false, err
	}
	if n.Key != "" {
		if d, e, err := r.first(ctx, t, n); err == nil {
			return d, e, false, nil
		} else if apperr.CodeOf(err) != apperr.NotFound {
			return Desk{}, activity.Entry{}, false, err
		}
	}
	q, scans, err := Price(n.Vehicle, n.Trades, n.Terms, n.Tax, n.Scan)
	if err != nil {
		return Desk{}, activity.Entry{}, false, err
	}
	now := r.now().UTC()
	d = Desk{DeskID: newID(), DealID: newID(), AccountPlatformID: n.AccountPlatformID, ContactID: n.ContactID, CustomerName: n.CustomerName,
		Source: n.Source, SourceID: n.SourceID, Status: StatusNew, SalesPersonID: n.SalesPersonID, SalesPersonName: n.SalesPersonName,
		Provider: n.Provider, Vehicle: n.Vehicle, Trades: []Trade{}, Terms: n.Terms, Quote: q, Scans: scans, Notes: n.Notes,
		Version: 1, CreatedAt: now, CreatedBy: entry.UserID, UpdatedAt: now}
	for _, tr := range n.Trades {
		tr.DealID = d.DealID
		d.Trades = append(d.Trades, tr)
	}
	if entry.Details == nil {
		entry.Details = map[string]string{}
	}
	entry.Details["deskId"] = idPart(d.DeskID)
	if entry.Text == "" {
		entry.Text = "Sent to desking"
		if name := d.Vehicle.Name(); name != "" {
			entry.Text += ": " + name
		}
	}
	for attempt := 0; ; attempt++ {
		e, err = r.write(ctx, t, d, n.Key, entry)
		if apperr.CodeOf(err) == apperr.Conflict {
			if n.Key != "" {
				if fd, fe, kerr := r.first(ctx, t, n); kerr == nil {
					return fd, fe, false, nil
				}
			}
			// Another entry of the customer's activity was recorded in between.
			if attempt < 5 {
				continue
			}
		}
		if err != nil {
			return Desk{}, activity.Entry{}, false, err
		}
		return d, e, true, nil
	}
}

// first returns the desk and entry of n's key's first Create.
func (r *Repo) first(ctx context.Context, t store.Tenant, n New) (Desk, activity.Entry, error) {
	d, err := r.byKey(ctx, t, n.Key)
	if err != nil {
		return Desk{}, activity.Entry{}, err
	}
	var e activity.Entry
	if r.activity != nil {
		if e, err = r.activity.ByKey(ctx, t, n.ContactID, n.Key); err != nil {
			return Desk{}, activity.Entry{}, err
		}
	}
	return d, e, nil
}

func (r *Repo) write(ctx context.Context, t store.Tenant, d Desk, key string, entry activity.New) (activity.Entry, error) {
	dk, err := deskKey(t, d.DeskID)
	if err != nil {
		return activity.Entry{}, err
	}
	ik, err := storeIndexKey(t, d)
	if err != nil {
		return activity.Entry{}, err
	}
	it, err := toItem(d)
	if err != nil {
		return activity.Entry{}, err
	}
	ev, err := event(t, EventCreated, d, entry.UserID)
	if err != nil {
		return activity.Entry{}, err
	}
	evOp, err := eventbus.OutboxOp(t, ev)
	if err != nil {
		return activity.Entry{}, err
	}
	ops := []store.Op{store.CreateOp(store.Record{Key: dk, Indexes: []store.IndexKey{ik}, Type: typeDesk, Value: it}), evOp}
	if key != "" {
		kk, err := requestKey(t, key)
		if err != nil {
			return activity.Entry{}, err
		}
		ops = append(ops, store.CreateOp(store.Record{Key: kk, Type: typeKey, Value: keyItem{DeskID: d.DeskID}}))
	}
	var e activity.Entry
	if r.activity != nil {
		var aops []store.Op
		e, aops, err = r.activity.Ops(ctx, t, entry)
		if err != nil {
			return activity.Entry{}, err
		}
		ops = append(ops, aops...)
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		return activity.Entry{}, fmt.Errorf("create desk: %w", err)
	}
	return e, nil
}

func (r *Repo) byKey(ctx context.Context, t store.Tenant, key string) (Desk, error) {
	kk, err := requestKey(t, key)
	if err != nil {
		return Desk{}, err
	}
	var k keyItem
	if _, err := r.s.Get(ctx, kk, &k); err != nil {
		return Desk{}, err
	}
	return r.Get(ctx, t, k.DeskID)
}

// Changed is the detail of the desk events.
type Changed struct {
	DeskID            int64  `json:"deskId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Source            string `json:"source"`
	SourceID          int64  `json:"sourceId"`
	Status            string `json:"status"`
	Version           int64  `json:"version"`
	UserID            string `json:"userId"`
}

func event(t store.Tenant, typ string, d Desk, userID string) (eventbus.Event, error) {
	body, err := json.Marshal(Changed{DeskID: d.DeskID, ContactID: d.ContactID, AccountPlatformID: d.AccountPlatformID,
		Source: d.Source, SourceID: d.SourceID, Status: d.Status, Version: d.Version, UserID: userID})
	if err != nil {
		return eventbus.Event{}, fmt.Errorf("marshal desk event: %w", err)
	}
	return eventbus.Event{ID: fmt.Sprintf("desk-%d-v%d", d.DeskID, d.Version), Type: typ, Account: t.Account(), Time: d.UpdatedAt, Detail: body}, nil
}

// Get returns desk id of tenant t. A desk of another dealer group is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id int64) (Desk, error) {
	k, err := deskKey(t, id)
	if err != nil {
		return Desk{}, err
	}
	var it item
	v, err := r.s.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Desk{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Desk{}, err
	}
	return fromItem(it, v)
}

// SetStatus moves desk id at version (the one the user saw) to status. A stale version is a
// Conflict error and changes nothing.
func (r *Repo) SetStatus(ctx context.Context, t store.Tenant, id, version int64, status, userID string) (Desk, error) {
	if version < 1 {
		return Desk{}, apperr.InvalidFields(MsgVersion, map[string]string{"version": MsgVersion})
	}
	if !slices.Contains(Statuses(), status) {
		return Desk{}, apperr.InvalidFields("The status is not valid.", map[string]string{"status": "Choose " + strings.Join(Statuses(), ", ") + "."})
	}
	d, err := r.Get(ctx, t, id)
	if err != nil {
		return Desk{}, err
	}
	if d.Version != version {
		return Desk{}, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	d.Status, d.UpdatedAt = status, r.now().UTC()
	it, err := toItem(d)
	if err != nil {
		return Desk{}, err
	}
	dk, err := deskKey(t, id)
	if err != nil {
		return Desk{}, err
	}
	ik, err := storeIndexKey(t, d)
	if err != nil {
		return Desk{}, err
	}
	d.Version = version + 1
	ev, err := event(t, EventChanged, d, userID)
	if err != nil {
		return Desk{}, err
	}
	evOp, err := eventbus.OutboxOp(t, ev)
	if err != nil {
		return Desk{}, err
	}
	if err := r.s.Transact(ctx, store.UpdateOp(store.Record{Key: dk, Indexes: []store.IndexKey{ik}, Type: typeDesk, Value: it, Version: version}), evOp); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return Desk{}, apperr.Errorf(apperr.Conflict, MsgStale)
		}
		return Desk{}, fmt.Errorf("change desk %d: %w", id, err)
	}
	return d, nil
}

// Query narrows a store's desks.
type Query struct {
	From, To time.Time // created in [From, To); zero for no bound
	Statuses []string  // empty for every status
	Text     string    // in the customer's name, the vehicle or the stock number
	Limit    int       // at most MaxSearchPage
}

// Search returns the desks of store storeID matching q, newest first.
func (r *Repo) Search(ctx context.Context, t store.Tenant, storeID int64, q Query) ([]Desk, error) {
	part, err := t.Partition("DESKS", idPart(storeID))
	if err != nil {
		return nil, err
	}
	sq := store.Query{Index: "GSI1", Partition: part, Descending: true, Limit: 200}
	if !q.From.IsZero() || !q.To.IsZero() {
		to := q.To
		if to.IsZero() {
			to = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
		}
		sq.SortFrom, sq.SortTo = q.From.UTC().Format(time.RFC3339Nano), to.UTC().Format(time.RFC3339Nano)
	}
	limit := q.Limit
	if limit < 1 || limit > MaxSearchPage {
		limit = MaxSearchPage
	}
	text := strings.ToLower(strings.TrimSpace(q.Text))
	out := []Desk{}
	for {
		page, err := r.s.Query(ctx, sq)
		if err != nil {
			return nil, fmt.Errorf("search desks of store %d: %w", storeID, err)
		}
		var its []item
		if err := page.Decode(&its); err != nil {
			return nil, err
		}
		for _, it := range its {
			d, err := fromItem(it, it.Version)
			if err != nil {
				return nil, err
			}
			if len(q.Statuses) > 0 && !slices.Contains(q.Statuses, d.Status) {
				continue
			}
			if text != "" && !strings.Contains(strings.ToLower(d.CustomerName+" "+d.Vehicle.Name()+" "+d.Vehicle.StockNumber), text) {
				continue
			}
			if out = append(out, d); len(out) == limit {
				return out, nil
			}
		}
		if page.Next == "" {
			return out, nil
		}
		sq.Cursor = page.Next
	}
}
