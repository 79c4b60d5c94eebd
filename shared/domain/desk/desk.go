// Package desk keeps a store's desks: a customer's deal being worked by the sales desk, made
// from a deal sheet (a garage vehicle's) or a lead, with the vehicle being sold, the trades,
// the deal's terms, the payment computed by package payment and the payment scan around it
// (the dealer's three terms by three down payments), whose chosen cell is pinned.
//
// A desk is created once per request key: the desk, the customer's "sent to desking" activity
// entry and the DeskCreated event are one transaction, so a retry with the same key answers
// the first desk and records nothing more. Changes are versioned writes (a stale version is a
// Conflict error and changes nothing) with their event in the same transaction.
//
// Access patterns:
//
//	pattern                     index  key condition
//	a desk by id                table  PK = A#{acct}#DESK#{id}, SK = DESK
//	a desk by request key       table  PK = A#{acct}#DESKKEY#{sha256(key)}, SK = DESKKEY
//	a store's desks, newest     GSI1   GSI1PK = A#{acct}#DESKS#{store}, GSI1SK = {created}#{id}, descending
//	  (created in a range)      GSI1   the same, GSI1SK BETWEEN {from} AND {to}
//	a store's default terms     table  PK = A#{acct}#DTERMS#{store}, SK = DTERMS (terms.go)
package desk

import (
	"crypto/rand"
	"encoding/binary"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/payment"
)

// Statuses of a desk.
const (
	StatusNew     = "New"
	StatusWorking = "Working"
	StatusSold    = "Sold"
	StatusLost    = "Lost"
)

// Statuses lists the desk statuses in the order the desk log groups them.
func Statuses() []string { return []string{StatusNew, StatusWorking, StatusSold, StatusLost} }

// Sources of a desk.
const (
	SourceDealSheet = "dealsheet"
	SourceLead      = "lead"
	SourceProfile   = "profile"
)

// Event types.
const (
	EventCreated = "DeskCreated"
	EventChanged = "DeskChanged"
)

// Limits.
const (
	MaxTrades     = 3
	MaxNotes      = 4000
	MaxSearchPage = 200
)

// Messages.
const (
	MsgNotFound = "The desk does not exist."
	MsgStale    = "The desk was changed by someone else. Reload it and try again."
	MsgVersion  = "Send the version of the desk you saw."
)

// Vehicle is the vehicle a desk sells.
type Vehicle struct {
	VIN         string        `json:"vin" required:"false" maxLength:"17"`
	StockNumber string        `json:"stockNumber" required:"false" maxLength:"20"`
	Year        int           `json:"year" required:"false" minimum:"0" maximum:"2100"`
	Make        string        `json:"make" required:"false" maxLength:"50"`
	Model       string        `json:"model" required:"false" maxLength:"50"`
	Trim        string        `json:"trim" required:"false" maxLength:"80"`
	IsNew       bool          `json:"isNew" required:"false"`
	Price       payment.Money `json:"price" required:"false" minimum:"0" doc:"The selling price, in cents."`
	MSRP        payment.Money `json:"msrp" required:"false" minimum:"0" doc:"The sticker price, in cents; the price when 0."`
}

// Name is the vehicle as a list shows it: "2026 Toyota Camry LE".
func (v Vehicle) Name() string {
	parts := []string{}
	if v.Year > 0 {
		parts = append(parts, strconv.Itoa(v.Year))
	}
	for _, s := range []string{v.Make, v.Model, v.Trim} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// Trade is a vehicle the customer trades in on the desk's deal.
type Trade struct {
	DealID    int64         `json:"dealId" readOnly:"true" doc:"The desk's deal the trade belongs to."`
	VIN       string        `json:"vin" required:"false" maxLength:"17"`
	Year      int           `json:"year" required:"false" minimum:"0" maximum:"2100"`
	Make      string        `json:"make" required:"false" maxLength:"50"`
	Model     string        `json:"model" required:"false" maxLength:"50"`
	Mileage   int           `json:"mileage" required:"false" minimum:"0"`
	Allowance payment.Money `json:"allowance" required:"false" minimum:"0" doc:"What the dealer gives for it, in cents."`
	Payoff    payment.Money `json:"payoff" required:"false" minimum:"0" doc:"What the customer still owes on it, in cents."`
}

// Terms are the deal's terms the desk starts from.
type Terms struct {
	DealType payment.DealType `json:"dealType" enum:"Lease,Retail,Balloon,Cash,One-pay lease"`
	Term     int              `json:"term" required:"false" minimum:"0" maximum:"120" doc:"Months; 0 for a cash deal."`
	Rate     payment.Rate     `json:"rate" required:"false" doc:"The APR, or a lease's rate (money factor × 2400), in percent: \"7.5\"."`
	Down     payment.Money    `json:"down" required:"false" minimum:"0" doc:"The cash down, in cents."`
	// ResidualPercent is a lease's or balloon's residual as a percentage of the MSRP.
	ResidualPercent payment.Rate `json:"residualPercent" required:"false" doc:"A lease's or balloon's residual, in percent of the MSRP: \"58\"."`
}

// Scan is one cell of a desk's payment scan: the deal at one term and one down payment.
type Scan struct {
	ScanID  int64         `json:"scanId"`
	Term    int           `json:"term"`
	Down    payment.Money `json:"down"`
	Payment payment.Money `json:"payment"`
	CashDue payment.Money `json:"cashDue"`
	Pinned  bool          `json:"pinned" doc:"The cell the desk chose: the desk's own term and down payment."`
}

// Desk is one desk.
type Desk struct {
	DeskID            int64         `json:"deskId" readOnly:"true"`
	DealID            int64         `json:"dealId" readOnly:"true" doc:"The desk's deal, which its trades name."`
	AccountPlatformID int64         `json:"accountPlatformId" readOnly:"true"`
	ContactID         int64         `json:"contactId" readOnly:"true"`
	CustomerName      string        `json:"customerName" readOnly:"true"`
	Source            string        `json:"source" readOnly:"true" enum:"dealsheet,lead,profile"`
	SourceID          int64         `json:"sourceId" readOnly:"true" doc:"The garage vehicle (deal sheet) or lead the desk was made from; 0 for the profile."`
	Status            string        `json:"status" readOnly:"true" enum:"New,Working,Sold,Lost"`
	SalesPersonID     string        `json:"salesPersonId" readOnly:"true"`
	SalesPersonName   string        `json:"salesPersonName" readOnly:"true"`
	Provider          string        `json:"deskingProvider" readOnly:"true" doc:"The product the store desks with."`
	Vehicle           Vehicle       `json:"vehicle" readOnly:"true"`
	Trades            []Trade       `json:"trades" readOnly:"true" nullable:"false"`
	Terms             Terms         `json:"terms" readOnly:"true"`
	Quote             payment.Quote `json:"quote" readOnly:"true" doc:"The deal computed at the desk's terms; zero when the vehicle has no price."`
	Scans             []Scan        `json:"scans" readOnly:"true" nullable:"false" doc:"The payment scan over the dealer's terms and down payments; empty when the vehicle has no price."`
	Notes             string        `json:"notes" readOnly:"true"`
	Version           int64         `json:"version" readOnly:"true"`
	CreatedAt         time.Time     `json:"createdAt" readOnly:"true"`
	CreatedBy         string        `json:"createdBy" readOnly:"true"`
	UpdatedAt         time.Time     `json:"updatedAt" readOnly:"true"`
}

// PinnedScans are the pinned cells of a desk's payment scan.
type PinnedScans struct {
	DeskID       int64            `json:"deskId"`
	DealID       int64            `json:"dealId"`
	DealType     payment.DealType `json:"dealType"`
	SaleType     payment.SaleType `json:"saleType"`
	VehicleName  string           `json:"vehicleName"`
	CustomerName string           `json:"customerName"`
	Scans        []Scan           `json:"scans" nullable:"false"`
}

// Pinned returns d's pinned scan cells.
func (d Desk) Pinned() PinnedScans {
	out := PinnedScans{DeskID: d.DeskID, DealID: d.DealID, DealType: d.Terms.DealType, SaleType: d.Quote.SaleType,
		VehicleName: d.Vehicle.Name(), CustomerName: d.CustomerName, Scans: []Scan{}}
	for _, s := range d.Scans {
		if s.Pinned {
			out.Scans = append(out.Scans, s)
		}
	}
	return out
}

// newID returns a random id in [1, 2^53): unique in practice, and exact in JavaScript numbers.
func newID() int64 {
	for {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}
