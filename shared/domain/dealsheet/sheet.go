package dealsheet

// The working deal sheet of a garage vehicle (Sheet) is what a sales person builds to put the
// customer in a replacement vehicle: the deal's structure (deal type, price, rate, residual,
// fees, trade, term and down payment), the replacement vehicle, the offer made and where the
// deal stands. It sits beside the garage vehicle it is about and carries its id.
//
// Access pattern:
//
//	pattern                          index  key condition
//	deal sheet of a garage vehicle   table  PK = A#{acct}#DSE#{entity}, SK = DEALSHEET
//	a store's sales, newest first    table  PK = A#{acct}#DSSOLD#{store}, SK = {sold at}#{entity} (turn.go)
//
// States. An open deal sheet may be changed, offered and marked sold; a sold one refuses every
// change but an unwind, which opens it again with the reason recorded. An offer is Pending until
// the customer accepts or declines it or the sales person withdraws it; marking the deal sold
// accepts a pending offer, and unwinding a sale puts the offer it accepted back to Pending.
//
// Every change is one versioned write of the sheet (a stale version is a Conflict error and
// changes nothing) in one transaction with its entry in the customer's activity and its
// DealsheetChanged event in the outbox.

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/reuse"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Sheet states.
const (
	SheetOpen = "open"
	SheetSold = "sold"
)

// Offer statuses.
const (
	OfferPending   = "Pending"
	OfferAccepted  = "Accepted"
	OfferDeclined  = "Declined"
	OfferWithdrawn = "Withdrawn"
)

// OfferStatuses lists the offer statuses in the order the screen shows them.
func OfferStatuses() []string {
	return []string{OfferPending, OfferAccepted, OfferDeclined, OfferWithdrawn}
}

// UnwindReasons are the reasons the unwind modal offers.
func UnwindReasons() []string {
	return []string{"Financing not approved", "Customer changed their mind", "Vehicle not available", "Entered in error", "Other"}
}

// DiscrepancyFields are what a reported discrepancy may be about.
func DiscrepancyFields() []string {
	return []string{"currentVehicle", "contract", "payoff", "mileage", "replacementVehicle", "price", "other"}
}

// EventChanged is the type of the event of every change of a sheet.
const EventChanged = "DealsheetChanged"

// Actions, as the events and the activity name them.
const (
	ActionCreated      = "created"
	ActionStructured   = "structured"
	ActionReplacement  = "replacementChosen"
	ActionOffered      = "offered"
	ActionOfferStatus  = "offerStatusChanged"
	ActionSold         = "sold"
	ActionUnwound      = "unwound"
	ActionDiscrepancy  = "discrepancyReported"
	ActionRequested    = "requested"
	ActionPushedToCRM  = "pushedToCrm"
	ActionConverted    = "converted"
	ActionProposalSent = "proposalEmailed"
)

// Limits.
const (
	MaxNotes   = 1000
	MaxHistory = 50
)

// Messages of the sheet's errors.
const (
	MsgSheetNotFound = "The deal sheet does not exist."
	MsgStale         = "The deal sheet was changed by someone else. Reload it and try again."
	MsgSold          = "The deal is marked sold: unwind it before changing it."
	MsgNotSold       = "Only a deal marked sold can be unwound."
	MsgNoReplacement = "Choose a replacement vehicle with a price first."
	MsgNoOffer       = "Make an offer first."
	MsgOfferClosed   = "The offer is %s: make a new offer to change it."
	MsgNoPayment     = "The deal type %s computes no payment: choose Lease, Retail, Balloon, Cash or One-pay lease."
)

// DealReplacement is the vehicle proposed to the customer.
type DealReplacement struct {
	Year     int           `json:"year"`
	Make     string        `json:"make"`
	Model    string        `json:"model"`
	Trim     string        `json:"trim" required:"false"`
	MSRP     payment.Money `json:"msrp" required:"false" doc:"In cents."`
	OffBrand bool          `json:"offBrand" required:"false" doc:"A make other than the current vehicle's."`
}

// Chosen reports whether a replacement vehicle is chosen.
func (r DealReplacement) Chosen() bool { return r.Make != "" && r.Model != "" && r.Year > 0 }

// Label is the replacement as a line of text ("2026 Toyota Camry LE").
func (r DealReplacement) Label() string {
	return strings.TrimSpace(fmt.Sprintf("%d %s %s %s", r.Year, r.Make, r.Model, r.Trim))
}

// DealStructure is the deal a sales person builds: what the payment is computed from. Amounts are
// cents; rates are percent strings in JSON ("5.9").
type DealStructure struct {
	DealType        payment.DealType `json:"dealType" enum:"Lease,Retail,Balloon,Cash,One-pay lease,Wholesale,Incomplete,Conquest,Converted"`
	Price           payment.Money    `json:"price" required:"false" doc:"The selling price, in cents."`
	Rate            payment.Rate     `json:"rate" required:"false" doc:"The APR, or a lease's rate (its money factor times 2400), in percent."`
	ResidualPercent payment.Rate     `json:"residualPercent" required:"false" doc:"A lease's residual, or a balloon's final payment, as a percentage of the MSRP."`
	Fees            payment.Money    `json:"fees" required:"false" doc:"The dealer and government fees, taxable, in cents."`
	Rebates         payment.Money    `json:"rebates" required:"false" doc:"In cents."`
	TradeAllowance  payment.Money    `json:"tradeAllowance" required:"false" doc:"What the dealer gives for the current vehicle, in cents."`
	Payoff          payment.Money    `json:"payoff" required:"false" doc:"What the customer still owes on it, in cents."`
	Term            int              `json:"term" required:"false" doc:"Months."`
	Down            payment.Money    `json:"down" required:"false" doc:"The cash down payment, in cents."`
	SalesTax        payment.Rate     `json:"salesTax" required:"false" doc:"A US store's sales tax in percent; a Canadian store charges its province's taxes."`
}

// DealOffer is an offer made to the customer: the deal and its payment as they stood.
type DealOffer struct {
	ID          int64           `json:"id"`
	Status      string          `json:"status" enum:"Pending,Accepted,Declined,Withdrawn"`
	Structure   DealStructure   `json:"structure"`
	Replacement DealReplacement `json:"replacement"`
	Payment     payment.Money   `json:"payment" doc:"The monthly payment (a one-pay lease's single payment, a cash deal's balance), in cents."`
	SaleType    string          `json:"saleType"`
	RateDisplay string          `json:"rateDisplay"`
	Notes       string          `json:"notes"`
	At          time.Time       `json:"at"`
	By          string          `json:"by"`
	ByName      string          `json:"byName"`
	StatusAt    time.Time       `json:"statusAt"`
	StatusBy    string          `json:"statusBy"`
}

// DealSale is a deal marked sold.
type DealSale struct {
	At       time.Time     `json:"at"`
	By       string        `json:"by"`
	ByName   string        `json:"byName"`
	DealType string        `json:"dealType"`
	SaleType string        `json:"saleType"`
	Payment  payment.Money `json:"payment"`
	OfferID  int64         `json:"offerId"`
}

// DealUnwind is a sale taken back.
type DealUnwind struct {
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	ByName string    `json:"byName"`
	Reason string    `json:"reason"`
	Notes  string    `json:"notes"`
	Sale   DealSale  `json:"sale"`
}

// DealNote is a discrepancy reported or a deal sheet request: who, when, about what.
type DealNote struct {
	Kind   string    `json:"kind" enum:"discrepancy,request"`
	Field  string    `json:"field,omitempty"`
	Text   string    `json:"text"`
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	ByName string    `json:"byName"`
}

// DealConversion records the customer converting from one way of paying to another.
type DealConversion struct {
	From   string    `json:"from" doc:"The current contract's sale type symbol (B, P, L or C)."`
	To     string    `json:"to" doc:"The new deal's sale type symbol."`
	Notes  string    `json:"notes"`
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	ByName string    `json:"byName"`
}

// Sheet is the working deal sheet of a garage vehicle.
type Sheet struct {
	EntityID          int64           `json:"entityId" readOnly:"true"`
	ContactID         int64           `json:"contactId" readOnly:"true"`
	AccountPlatformID int64           `json:"accountPlatformId" readOnly:"true"`
	State             string          `json:"state" readOnly:"true" enum:"open,sold"`
	Structure         DealStructure   `json:"structure" readOnly:"true"`
	Replacement       DealReplacement `json:"replacement" readOnly:"true"`
	Offer             *DealOffer      `json:"offer" readOnly:"true"`
	Sale              *DealSale       `json:"sale" readOnly:"true"`
	Unwinds           []DealUnwind    `json:"unwinds" readOnly:"true" nullable:"false"`
	Notes             []DealNote      `json:"notes" readOnly:"true" nullable:"false"`
	Conversion        *DealConversion `json:"conversion" readOnly:"true"`
	PushedToCRM       *time.Time      `json:"pushedToCrm" readOnly:"true"`
	CRMDealsheetID    int64           `json:"crmDealsheetId" readOnly:"true" doc:"The deal sheet record pushing to the CRM created in the customer's deal history."`
	CreatedAt         time.Time       `json:"createdAt" readOnly:"true"`
	UpdatedAt         time.Time       `json:"updatedAt" readOnly:"true"`
	UpdatedBy         string          `json:"updatedBy" readOnly:"true"`
	Version           int64           `json:"version" readOnly:"true"`
}

// Changed is the detail of the DealsheetChanged event.
type Changed struct {
	EntityID          int64  `json:"entityId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Action            string `json:"action"`
	State             string `json:"state"`
	OfferStatus       string `json:"offerStatus,omitempty"`
	Version           int64  `json:"version"`
	UserID            string `json:"userId"`
}

// Actor is who makes a change.
type Actor struct {
	UserID      string
	UserName    string
	ActorUserID string
}

// ActivityOps gives the writes that record an activity entry; *activity.Repo is one.
type ActivityOps interface {
	Ops(ctx context.Context, t store.Tenant, n activity.New) (activity.Entry, []store.Op, error)
}

var _ ActivityOps = (*activity.Repo)(nil)

// Sheets reads and writes working deal sheets.
type Sheets struct {
	s   *store.Store
	act ActivityOps
	now func() time.Time
	// stores keeps the store of the sheets StoreOf read (see StoreReuse).
	stores *reuse.Cache[int64]
}

// StoreReuse is how long a process reuses the store of a deal sheet it read: a sheet is
// opened for its garage vehicle's store and never moves nor goes away, so the store read once
// stays the sheet's.
const StoreReuse = 10 * time.Minute

// NewSheets returns the sheets kept in s, whose changes are recorded through act.
func NewSheets(s *store.Store, act ActivityOps) *Sheets {
	return &Sheets{s: s, act: act, now: s.Now, stores: &reuse.Cache[int64]{For: StoreReuse, Now: s.Now}}
}

type sheetItem struct {
	EntityID  int64
	ContactID int64
	Store     int64
	Body      string
	Version   int64 `dynamodbav:",omitempty"`
}

func sheetKey(t store.Tenant, entityID int64) (store.Key, error) {
	return t.Key("DEALSHEET", "DSE", strconv.FormatInt(entityID, 10))
}

func sheetRecord(t store.Tenant, sh Sheet) (store.Record, error) {
	k, err := sheetKey(t, sh.EntityID)
	if err != nil {
		return store.Record{}, err
	}
	body, err := json.Marshal(sh)
	if err != nil {
		return store.Record{}, fmt.Errorf("marshal deal sheet %d: %w", sh.EntityID, err)
	}
	return store.Record{Key: k, Type: "DealsheetWorking", Version: sh.Version,
		Value: sheetItem{EntityID: sh.EntityID, ContactID: sh.ContactID, Store: sh.AccountPlatformID, Body: string(body)}}, nil
}

// Get returns the sheet of garage vehicle entityID with the version it was read at; a vehicle
// without one is a NotFound error.
func (r *Sheets) Get(ctx context.Context, t store.Tenant, entityID int64) (Sheet, error) {
	k, err := sheetKey(t, entityID)
	if err != nil {
		return Sheet{}, err
	}
	var it sheetItem
	v, err := r.s.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Sheet{}, apperr.Errorf(apperr.NotFound, MsgSheetNotFound)
	}
	if err != nil {
		return Sheet{}, fmt.Errorf("get deal sheet of %d: %w", entityID, err)
	}
	var sh Sheet
	if err := json.Unmarshal([]byte(it.Body), &sh); err != nil {
		return Sheet{}, fmt.Errorf("unmarshal deal sheet of %d: %w", entityID, err)
	}
	sh.Version = v
	return fill(sh), nil
}

// StoreOf returns the store of garage vehicle entityID's deal sheet, reading nothing else of
// it (and nothing when this process read it within StoreReuse); a NotFound error when it has
// none.
func (r *Sheets) StoreOf(ctx context.Context, t store.Tenant, entityID int64) (int64, error) {
	k, err := sheetKey(t, entityID)
	if err != nil {
		return 0, err
	}
	kept := k.String()
	if id, ok := r.stores.Get(kept); ok {
		return id, nil
	}
	var it struct{ Store int64 }
	err = r.s.GetAttrs(ctx, k, &it, "Store")
	if apperr.CodeOf(err) == apperr.NotFound {
		return 0, apperr.Errorf(apperr.NotFound, MsgSheetNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("get the store of the deal sheet of %d: %w", entityID, err)
	}
	r.stores.Put(kept, it.Store)
	return it.Store, nil
}

func fill(sh Sheet) Sheet {
	if sh.Unwinds == nil {
		sh.Unwinds = []DealUnwind{}
	}
	if sh.Notes == nil {
		sh.Notes = []DealNote{}
	}
	return sh
}

// Open returns the sheet of garage vehicle entityID, creating it from start when it has none
// (start names the vehicle, its customer and store, and the deal it opens with). Two users
// opening it at once create it once.
func (r *Sheets) Open(ctx context.Context, t store.Tenant, start Sheet) (Sheet, error) {
	sh, err := r.Get(ctx, t, start.EntityID)
	if apperr.CodeOf(err) != apperr.NotFound {
		return sh, err
	}
	now := r.now().UTC()
	start.State, start.CreatedAt, start.UpdatedAt, start.Version = SheetOpen, now, now, 0
	rec, err := sheetRecord(t, fill(start))
	if err != nil {
		return Sheet{}, err
	}
	if err := r.s.Create(ctx, rec); err != nil && apperr.CodeOf(err) != apperr.Conflict {
		return Sheet{}, fmt.Errorf("create deal sheet of %d: %w", start.EntityID, err)
	}
	return r.Get(ctx, t, start.EntityID)
}

// Change is one change of a sheet: what it does to the sheet, the activity text recording it,
// and writes of its own to make in the same transaction.
type Change struct {
	Action string
	// Apply changes the sheet read at the caller's version; an error refuses the change.
	Apply func(sh *Sheet, now time.Time) error
	// Text is the activity entry's text, from the changed sheet.
	Text func(sh Sheet) string
	// Extra are writes made in the same transaction (a deal history record).
	Extra func(sh Sheet, now time.Time) ([]store.Op, error)
}

// Apply makes change c to the sheet of entityID at version (the one the user saw), by by. A
// sheet changed since is a Conflict error and nothing is written.
func (r *Sheets) Apply(ctx context.Context, t store.Tenant, entityID, version int64, by Actor, c Change) (Sheet, error) {
	if version < 1 {
		return Sheet{}, apperr.InvalidFields("The request is not valid.", map[string]string{"version": "Send the version of the deal sheet you saw."})
	}
	for attempt := 0; ; attempt++ {
		sh, err := r.Get(ctx, t, entityID)
		if err != nil {
			return Sheet{}, err
		}
		if sh.Version != version {
			return Sheet{}, apperr.Errorf(apperr.Conflict, MsgStale)
		}
		now := r.now().UTC()
		before := sh
		if sh.Sale != nil {
			sale := *sh.Sale
			before.Sale = &sale
		}
		if err := c.Apply(&sh, now); err != nil {
			return Sheet{}, err
		}
		sh.UpdatedAt, sh.UpdatedBy = now, by.UserID
		rec, err := sheetRecord(t, sh)
		if err != nil {
			return Sheet{}, err
		}
		sh.Version++
		ops := []store.Op{store.UpdateOp(rec)}
		ev, err := changedEvent(t, sh, c.Action, by, now)
		if err != nil {
			return Sheet{}, err
		}
		evOp, err := eventbus.OutboxOp(t, ev)
		if err != nil {
			return Sheet{}, err
		}
		ops = append(ops, evOp)
		ledger, err := saleLedgerOps(t, before, sh)
		if err != nil {
			return Sheet{}, err
		}
		ops = append(ops, ledger...)
		_, actOps, err := r.act.Ops(ctx, t, activity.New{
			ContactID: sh.ContactID, AccountPlatformID: sh.AccountPlatformID, Kind: activity.KindDealsheet,
			Text: c.Text(sh), UserID: by.UserID, UserName: by.UserName, ActorUserID: by.ActorUserID,
			Details: map[string]string{"entityId": strconv.FormatInt(sh.EntityID, 10), "action": c.Action},
		})
		if err != nil {
			return Sheet{}, err
		}
		ops = append(ops, actOps...)
		if c.Extra != nil {
			more, err := c.Extra(sh, now)
			if err != nil {
				return Sheet{}, err
			}
			ops = append(ops, more...)
		}
		err = r.s.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 5 {
			// The sheet or the customer's activity summary changed in between: a changed sheet
			// is refused on the next read, a busy summary is read again.
			continue
		}
		if err != nil {
			return Sheet{}, fmt.Errorf("change deal sheet of %d: %w", entityID, err)
		}
		return sh, nil
	}
}

func changedEvent(t store.Tenant, sh Sheet, action string, by Actor, now time.Time) (eventbus.Event, error) {
	d := Changed{EntityID: sh.EntityID, ContactID: sh.ContactID, AccountPlatformID: sh.AccountPlatformID,
		Action: action, State: sh.State, Version: sh.Version, UserID: by.UserID}
	if sh.Offer != nil {
		d.OfferStatus = sh.Offer.Status
	}
	body, err := json.Marshal(d)
	if err != nil {
		return eventbus.Event{}, err
	}
	return eventbus.Event{ID: fmt.Sprintf("dealsheet-%d-v%d", sh.EntityID, sh.Version), Type: EventChanged,
		Account: t.Account(), Time: now, Detail: body}, nil
}

// RequireOpen refuses a change of a sold deal.
func RequireOpen(sh Sheet) error {
	if sh.State == SheetSold {
		return apperr.Errorf(apperr.Conflict, MsgSold)
	}
	return nil
}

// MarkSold marks an open deal sold with the payment q computed now: a pending offer is
// accepted.
func MarkSold(sh *Sheet, q payment.Quote, by Actor, now time.Time) error {
	if err := RequireOpen(*sh); err != nil {
		return err
	}
	if !sh.Replacement.Chosen() || sh.Structure.Price <= 0 {
		return apperr.Errorf(apperr.Conflict, MsgNoReplacement)
	}
	sale := DealSale{At: now, By: by.UserID, ByName: by.UserName, DealType: string(sh.Structure.DealType),
		SaleType: string(q.SaleType), Payment: PaymentOf(q)}
	if sh.Offer != nil && (sh.Offer.Status == OfferPending || sh.Offer.Status == OfferAccepted) {
		sale.OfferID = sh.Offer.ID
		if sh.Offer.Status == OfferPending {
			sh.Offer.Status, sh.Offer.StatusAt, sh.Offer.StatusBy = OfferAccepted, now, by.UserID
		}
	}
	sh.State, sh.Sale = SheetSold, &sale
	return nil
}

// SoldChange is the change that marks an open deal sold by by at the payment quote computes of
// it (a pending offer is accepted): a deal sold already, or without a replacement vehicle and
// price, is a Conflict error, and quote's error refuses the change. The sale enters the store's
// sales ledger in the change's transaction.
func SoldChange(quote func(Sheet) (payment.Quote, error), by Actor) Change {
	return Change{Action: ActionSold,
		Apply: func(sh *Sheet, now time.Time) error {
			if err := RequireOpen(*sh); err != nil {
				return err
			}
			if !sh.Replacement.Chosen() || sh.Structure.Price <= 0 {
				return apperr.Errorf(apperr.Conflict, MsgNoReplacement)
			}
			q, err := quote(*sh)
			if err != nil {
				return err
			}
			return MarkSold(sh, q, by, now)
		},
		Text: func(sh Sheet) string {
			return fmt.Sprintf("Deal marked sold: %s %s, %s", sh.Replacement.Label(), sh.Structure.DealType, PaymentText(sh.Sale.Payment, sh.Sale.SaleType, sh.Structure.Term))
		}}
}

// PaymentText is a payment as the activity writes it: "$412.35 a month for 60 months", or a
// cash deal's "$30,120.00 due".
func PaymentText(p payment.Money, saleType string, term int) string {
	if payment.SaleType(saleType) == payment.SaleCash {
		return p.String() + " due"
	}
	return fmt.Sprintf("%s a month for %d months", p, term)
}

// UnwindSale opens a sold deal again for reason: the sale is kept in the unwinds, and the offer
// the sale accepted is pending again.
func UnwindSale(sh *Sheet, reason, notes string, by Actor, now time.Time) error {
	if sh.State != SheetSold || sh.Sale == nil {
		return apperr.Errorf(apperr.Conflict, MsgNotSold)
	}
	u := DealUnwind{At: now, By: by.UserID, ByName: by.UserName, Reason: reason, Notes: notes, Sale: *sh.Sale}
	sh.Unwinds = append(sh.Unwinds, u)
	if len(sh.Unwinds) > MaxHistory {
		sh.Unwinds = sh.Unwinds[len(sh.Unwinds)-MaxHistory:]
	}
	if sh.Offer != nil && sh.Offer.ID == sh.Sale.OfferID && sh.Offer.Status == OfferAccepted {
		sh.Offer.Status, sh.Offer.StatusAt, sh.Offer.StatusBy = OfferPending, now, by.UserID
	}
	sh.State, sh.Sale = SheetOpen, nil
	return nil
}

// SetOfferStatus moves the offer from Pending to status; an offer already answered is a
// Conflict error.
func SetOfferStatus(sh *Sheet, status string, by Actor, now time.Time) error {
	if err := RequireOpen(*sh); err != nil {
		return err
	}
	if sh.Offer == nil {
		return apperr.Errorf(apperr.Conflict, MsgNoOffer)
	}
	if sh.Offer.Status != OfferPending {
		return apperr.Errorf(apperr.Conflict, MsgOfferClosed, strings.ToLower(sh.Offer.Status))
	}
	if status == OfferPending {
		return apperr.InvalidFields("The request is not valid.", map[string]string{"status": "Choose Accepted, Declined or Withdrawn."})
	}
	sh.Offer.Status, sh.Offer.StatusAt, sh.Offer.StatusBy = status, now, by.UserID
	return nil
}

// AddNote keeps a discrepancy or request on the sheet, the latest MaxHistory of them.
func AddNote(sh *Sheet, n DealNote) {
	sh.Notes = append(sh.Notes, n)
	if len(sh.Notes) > MaxHistory {
		sh.Notes = sh.Notes[len(sh.Notes)-MaxHistory:]
	}
}

// PaymentOf is the amount a quote's customer pays: a cash deal's balance, else the payment.
func PaymentOf(q payment.Quote) payment.Money {
	if q.SaleType == payment.SaleCash {
		return q.CashDue
	}
	return q.Payment
}

// CreateOp returns the write that creates deal sheet record d in its customer's deal history,
// for a caller that makes it with writes of its own.
func (r *Repo) CreateOp(t store.Tenant, d Dealsheet) (store.Op, error) {
	if d.ID < 1 || d.AccountPlatformID < 1 {
		return store.Op{}, apperr.Errorf(apperr.Invalid, "A deal sheet needs an id and a store.")
	}
	if d.CreatedAt.IsZero() {
		d.CreatedAt = r.now().UTC()
	}
	rec, err := record(t, d)
	if err != nil {
		return store.Op{}, err
	}
	return store.CreateOp(rec), nil
}
