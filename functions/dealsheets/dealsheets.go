// Package dealsheets is the deal sheets area: the working deal sheet of a customer's garage
// vehicle (its entity id) and what a sales person does with it. It serves the deal sheet as
// the profile opens it from a garage vehicle, a lead, a task or the customer (below
// /api/Dealsheet), the replacement vehicles, offers and their statuses, mark as sold and
// unwind, customer does not own, convert info, discrepancy reports, deal sheet requests, push
// to CRM, the PDF proposal and its e-mail copy, and the payment grid recalculated as the user
// types (/api/opportunities/payment_recalc). Every payment comes from package payment.
//
// A deal sheet of a customer of a store the caller may not view, or of another dealer group,
// does not exist for the caller (404); changing one needs a role that works customers (the
// matrix) and the right to edit the customer (403). Each change is sent with the version of
// the deal sheet the user saw: a stale version is refused with 409 and changes nothing. A sold
// deal refuses every change but an unwind (409). Each change is recorded in the customer's
// activity and published as DealsheetChanged in the same transaction; each opening of a deal
// sheet is recorded as a dealsheet_viewed entry of the user, once a day per user and sheet.
package dealsheets

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	cat := vehicle.MustLoad()
	act := activity.NewRepo(d.Store, d.Events, d.Log)
	x := &area{d: d, activity: act,
		contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		garage:   garage.NewRepo(d.Store, act, cat, d.Log),
		leads:    lead.NewRepo(d.Store, d.Events, d.Log),
		tasks:    task.NewRepo(d.Store),
		sheets:   dealsheet.NewSheets(d.Store, act),
		records:  dealsheet.NewRepo(d.Store),
		feeds:    vehicle.NewFeeds(d.Store),
		terms:    desk.NewTermsRepo(d.Store),
	}
	x.registerReads(api)
	x.registerChanges(api)
	x.registerVehicles(api)
	x.registerProposal(api)
	x.registerRecalc(api)
	x.registerSettings(api)
	x.registerTurn(api)
}

// area holds what the deal sheet calls use.
type area struct {
	d        wiring.Services
	activity *activity.Repo
	contacts *contact.Repo
	garage   *garage.Repo
	leads    *lead.Repo
	tasks    *task.Repo
	sheets   *dealsheet.Sheets
	records  *dealsheet.Repo
	feeds    *vehicle.Feeds
	terms    *desk.TermsRepo
}

// Messages of the area.
const (
	MsgMayNotEdit   = "You may not change this customer's deal sheets."
	MsgPushFailed   = "There was an error processing your request. Please try again later."
	MsgPushCRMError = "There was an error sending the information to Crm. Please try again later."
	MsgNoEmail      = "The customer has no e-mail address to send the proposal to."
)

// DealsheetView is a deal sheet as the screen shows it: the garage vehicle with its contract, the deal
// being built, its payment and payment grid, and what the caller may do.
type DealsheetView struct {
	Vehicle      garage.Vehicle            `json:"vehicle"`
	Sheet        dealsheet.Sheet           `json:"sheet"`
	CustomerName string                    `json:"customerName"`
	StoreName    string                    `json:"storeName"`
	Country      string                    `json:"country" doc:"US or CA: a Canadian store shows a lease rate times 2400."`
	Terms        payment.DefaultTerms      `json:"terms" doc:"The dealer's default terms and down payments: the payment grid's rows and columns."`
	Quote        *payment.Quote            `json:"quote" doc:"The deal's payment; null when it cannot be computed (no replacement vehicle, or a deal type that is no way of paying)."`
	QuoteError   string                    `json:"quoteError" doc:"Why there is no quote."`
	Grid         *payment.Grid             `json:"grid"`
	RateDisplay  string                    `json:"rateDisplay" doc:"The deal's rate as the product shows it."`
	Current      CurrentContract           `json:"current"`
	DealTypes    []string                  `json:"dealTypes"`
	OfferStatus  []string                  `json:"offerStatuses"`
	Unwind       []string                  `json:"unwindReasons"`
	Discrepancy  []string                  `json:"discrepancyFields"`
	CanEdit      bool                      `json:"canEdit"`
	Conversion   *dealsheet.DealConversion `json:"conversion"`
	TaxLevies    []payment.Levy            `json:"taxLevies" nullable:"false"`
}

// CurrentContract is the current vehicle's contract as the deal sheet compares it.
type CurrentContract struct {
	SaleType     string        `json:"saleType" doc:"B, P, L or C; empty without a contract."`
	Lender       string        `json:"lender"`
	Payment      payment.Money `json:"payment"`
	Payoff       payment.Money `json:"payoff"`
	PaymentsLeft int           `json:"paymentsLeft"`
	RateDisplay  string        `json:"rateDisplay"`
	TradeValue   payment.Money `json:"tradeValue"`
	Equity       payment.Money `json:"equity"`
}

// DealsheetList is the deal sheets of a customer: one per currently owned garage vehicle.
type DealsheetList struct {
	ContactID int64           `json:"contactId"`
	LeadID    int64           `json:"leadId,omitempty"`
	TaskID    string          `json:"taskId,omitempty"`
	Items     []DealsheetView `json:"items" nullable:"false"`
}

func actor(sess user.Session) dealsheet.Actor {
	return dealsheet.Actor{UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID}
}

// contact returns contact id as the caller may see it; edit requires the right to edit it.
func (x *area) contact(ctx context.Context, sess user.Session, id int64, edit bool) (contact.Contact, bool, error) {
	c, p, err := x.contacts.ForSession(ctx, sess, id)
	if err != nil {
		return contact.Contact{}, false, err
	}
	if edit && !p.CanEdit {
		return contact.Contact{}, false, apperr.Errorf(apperr.Forbidden, MsgMayNotEdit)
	}
	return c, p.CanEdit, nil
}

// vehicleOf returns garage vehicle id of a customer the caller may view (edit: may edit).
func (x *area) vehicleOf(ctx context.Context, sess user.Session, id int64, edit bool) (garage.Vehicle, contact.Contact, bool, error) {
	v, err := x.garage.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return garage.Vehicle{}, contact.Contact{}, false, err
	}
	c, canEdit, err := x.contact(ctx, sess, v.ContactID, edit)
	if apperr.CodeOf(err) == apperr.NotFound {
		return garage.Vehicle{}, contact.Contact{}, false, apperr.Errorf(apperr.NotFound, garage.MsgNotFound)
	}
	if err != nil {
		return garage.Vehicle{}, contact.Contact{}, false, err
	}
	return v, c, canEdit, nil
}

// storeOf returns the session's store id.
func storeOf(sess user.Session, id int64) account.Store {
	for _, st := range sess.Stores {
		if st.AccountPlatformID == id {
			return st
		}
	}
	return account.Store{AccountPlatformID: id, Country: "US"}
}

// money converts a garage amount in dollars to cents.
func money(f float64) payment.Money { return payment.Money(int64(f*100 + 0.5)) }

// saleTypeOf is the sale type symbol of a garage contract type.
func saleTypeOf(contractType string) payment.SaleType {
	switch contractType {
	case garage.ContractLease:
		return payment.SaleLease
	case garage.ContractFinance:
		return payment.SalePurchase
	case garage.ContractCash:
		return payment.SaleCash
	}
	return ""
}

// start is the deal a new sheet opens with: the replacement the garage proposes, the trade at
// its value and payoff, and the store's default terms' middle term and middle down payment
// (dt, the lease's for a vehicle on a lease, else the purchase's).
func start(v garage.Vehicle, dt desk.DealerTerms) dealsheet.Sheet {
	s := dealsheet.DealStructure{DealType: payment.Retail, Rate: payment.BasisPoints(599), ResidualPercent: payment.BasisPoints(5500)}
	if c, ok := v.DefaultContract(); ok {
		s.Payoff = money(c.Payoff)
		if c.ContractType == garage.ContractLease {
			s.DealType = payment.Lease
			s.Rate = payment.BasisPoints(480)
		}
	}
	terms := dt.For(s.DealType)
	s.Term, s.Down = terms.Terms[1], terms.Downs[1]
	if v.TradeValue != nil {
		s.TradeAllowance = money(v.TradeValue.Value)
	}
	sh := dealsheet.Sheet{EntityID: v.EntityID, ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID, Structure: s}
	if r := v.ReplacementVehicle; r.Model != "" && r.Year > 0 {
		sh.Replacement = dealsheet.DealReplacement{Year: r.Year, Make: r.Make, Model: r.Model, Trim: r.Trim, MSRP: money(r.Price)}
		sh.Structure.Price = money(r.Price)
	}
	return sh
}

// sheetOf returns the sheet of garage vehicle v, creating it the first time at its store's
// default terms.
func (x *area) sheetOf(ctx context.Context, t store.Tenant, v garage.Vehicle) (dealsheet.Sheet, error) {
	if sh, err := x.sheets.Get(ctx, t, v.EntityID); apperr.CodeOf(err) != apperr.NotFound {
		return sh, err
	}
	dt, err := x.terms.Get(ctx, t, v.AccountPlatformID)
	if err != nil {
		return dealsheet.Sheet{}, err
	}
	return x.sheets.Open(ctx, t, start(v, dt))
}

// opened is a deal sheet as a call reads it: the caller's session, the garage vehicle, its
// customer, whether the caller may edit the customer, and the sheet.
type opened struct {
	sess    user.Session
	v       garage.Vehicle
	c       contact.Contact
	canEdit bool
	sh      dealsheet.Sheet
}

// openEntity returns the deal sheet of garage vehicle entity of a customer the caller may view
// (edit: may edit), creating it the first time.
func (x *area) openEntity(ctx context.Context, entity int64, edit bool) (opened, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return opened{}, err
	}
	v, c, canEdit, err := x.vehicleOf(ctx, sess, entity, edit)
	if err != nil {
		return opened{}, err
	}
	sh, err := x.sheetOf(ctx, sess.Principal.Tenant, v)
	if err != nil {
		return opened{}, err
	}
	return opened{sess: sess, v: v, c: c, canEdit: canEdit, sh: sh}, nil
}

// taxOf is how a deal of store st is taxed: the province's taxes in Canada, the deal's sales
// tax in the US.
func taxOf(st account.Store, s dealsheet.DealStructure) payment.Tax {
	if st.Country == "CA" {
		if t, ok := payment.CanadaTax(payment.Province(st.Province)); ok {
			return t
		}
	}
	if s.SalesTax > 0 {
		t := payment.SalesTax(s.SalesTax)
		t.TradeCredit = true
		return t
	}
	return payment.Tax{}
}

// dealOf is the payment engine's deal of structure s on replacement r at store st.
func dealOf(st account.Store, s dealsheet.DealStructure, r dealsheet.DealReplacement) payment.Deal {
	d := payment.Deal{Type: s.DealType, Price: s.Price, MSRP: r.MSRP, Rebates: s.Rebates, Down: s.Down,
		Trade: payment.Trade{Allowance: s.TradeAllowance, Payoff: s.Payoff}, Rate: s.Rate, Term: s.Term,
		Residual: payment.Residual{Percent: s.ResidualPercent}, Tax: taxOf(st, s)}
	if d.MSRP == 0 {
		d.MSRP = s.Price
	}
	if s.Fees > 0 {
		d.Fees = []payment.Fee{{Name: "Dealer and government fees", Amount: s.Fees, Taxable: true}}
	}
	return d
}

// rateDisplay shows the structure's rate as the product does at store st.
func rateDisplay(st account.Store, s dealsheet.DealStructure) string {
	sale, _ := s.DealType.SaleType()
	return payment.DisplayRate(rateFloat(s.Rate, sale), sale, st.Country == "CA")
}

// rateFloat is the number a rate is kept as: a lease's money factor, else the APR.
func rateFloat(r payment.Rate, sale payment.SaleType) float64 {
	s := r.String()
	if sale == payment.SaleLease {
		s = r.MoneyFactorString()
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// view builds the screen's view of v and its sheet.
func (x *area) view(ctx context.Context, sess user.Session, v garage.Vehicle, c contact.Contact, sh dealsheet.Sheet, canEdit bool) (DealsheetView, error) {
	st := storeOf(sess, v.AccountPlatformID)
	dt, err := x.terms.Get(ctx, sess.Principal.Tenant, v.AccountPlatformID)
	if err != nil {
		return DealsheetView{}, err
	}
	out := DealsheetView{Vehicle: v, Sheet: sh, CustomerName: c.FullName(), StoreName: st.Name,
		Country: st.Country, Terms: dt.For(sh.Structure.DealType), RateDisplay: rateDisplay(st, sh.Structure),
		DealTypes: dealTypeNames(), OfferStatus: dealsheet.OfferStatuses(), Unwind: dealsheet.UnwindReasons(),
		Discrepancy: dealsheet.DiscrepancyFields(), CanEdit: canEdit, Conversion: sh.Conversion,
		TaxLevies: taxOf(st, sh.Structure).Levies}
	if out.Country == "" {
		out.Country = "US"
	}
	if out.TaxLevies == nil {
		out.TaxLevies = []payment.Levy{}
	}
	out.Current = currentOf(st, v)
	if !sh.Replacement.Chosen() || sh.Structure.Price <= 0 {
		out.QuoteError = dealsheet.MsgNoReplacement
		return out, nil
	}
	d := dealOf(st, sh.Structure, sh.Replacement)
	q, err := payment.Compute(d)
	if err != nil {
		out.QuoteError = messageOf(err)
		return out, nil
	}
	out.Quote = &q
	if g, err := payment.ComputeGrid(d, out.Terms); err == nil {
		out.Grid = &g
	}
	return out, nil
}

// currentOf is v's contract as the sheet compares it.
func currentOf(st account.Store, v garage.Vehicle) CurrentContract {
	var out CurrentContract
	if c, ok := v.DefaultContract(); ok {
		sale := saleTypeOf(c.ContractType)
		out.SaleType, out.Lender, out.Payment, out.Payoff, out.PaymentsLeft = string(sale), c.Lender, money(c.Payment), money(c.Payoff), c.PaymentsLeft
		rate := c.Rate
		if sale == payment.SaleLease {
			rate = c.MoneyFactor
		}
		out.RateDisplay = payment.DisplayRate(rate, sale, st.Country == "CA")
	}
	if v.TradeValue != nil {
		out.TradeValue = money(v.TradeValue.Value)
	}
	out.Equity = out.TradeValue - out.Payoff
	return out
}

func dealTypeNames() []string {
	var out []string
	for _, t := range payment.DealTypes() {
		out = append(out, string(t))
	}
	return out
}

// messageOf is an error's message with its first field error, for a screen line.
func messageOf(err error) string {
	e, ok := apperr.As(err)
	if !ok {
		return err.Error()
	}
	for _, v := range e.Fields {
		return v
	}
	return e.Message
}

// viewedKey records a user's view of a sheet once a day.
func viewedKey(sess user.Session, entityID int64, now time.Time) string {
	return "view_dealsheet:" + sess.Principal.UserID + ":" + strconv.FormatInt(entityID, 10) + ":" + now.UTC().Format(time.DateOnly)
}
