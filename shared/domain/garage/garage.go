// Package garage keeps a customer's garage: the vehicles they own or owned, each with its
// contract (lender, term, rate or money factor, payment, payoff), its mileage, its trade value
// and the replacement vehicle the dealership would put them in.
//
// A vehicle is current until it is marked as sold, purchased by the dealer, or not owned by the
// customer (noLongerOwns, the previously owned vehicles); reopening makes it current again.
// Every change is one versioned write of the vehicle (a stale version is a Conflict error and
// changes nothing) in one transaction with its change-log entry and its event: every change
// announces GarageVehicleChanged, and a vehicle leaving the customer's garage announces
// GarageVehicleNoLongerOwned, on which the rules engine stops the vehicle's processes and tasks.
// The customer's activity records each committed change, keyed by its event's id (a replay of
// the event records nothing more).
//
// Access patterns:
//
//	pattern                      index  key condition
//	a customer's vehicles        table  PK = A#{acct}#C#{contact}, begins_with(SK, "GV#")
//	a vehicle by id (its owner)  table  PK = A#{acct}#GV#{id}, SK = GV
//	a store's vehicles           GSI1   GSI1PK = A#{acct}#GVS#{store}, begins_with(GSI1SK, "GV#")
package garage

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Status is where a vehicle stands in the customer's garage.
type Status string

// The statuses. Current is the only one whose vehicle the customer still owns.
const (
	StatusCurrent         Status = "current"
	StatusSold            Status = "sold"
	StatusDealerPurchased Status = "dealerPurchased"
	StatusNotOwned        Status = "notOwned"
)

// Label returns the status as the garage shows it.
func (s Status) Label() string {
	switch s {
	case StatusCurrent:
		return "Currently owned"
	case StatusSold:
		return "Sold"
	case StatusDealerPurchased:
		return "Purchased by dealer"
	case StatusNotOwned:
		return "Customer does not own"
	}
	return string(s)
}

// Contract types.
const (
	ContractCash    = "cash"
	ContractFinance = "finance"
	ContractLease   = "lease"
)

// Events.
const (
	EventChanged        = "GarageVehicleChanged"
	EventNoLongerOwned  = "GarageVehicleNoLongerOwned"
	MaxVehicles         = 50
	MaxTradeValueLog    = 50
	MaxContracts        = 3
	ActivityDetailEntry = "garageVehicleId"
)

// Messages of the package's errors.
const (
	MsgNotFound      = "The vehicle does not exist."
	MsgStale         = "The vehicle was changed by someone else; reload it and try again."
	MsgNotCurrent    = "The vehicle is not currently owned: reopen it first."
	MsgAlreadyOpen   = "The vehicle is already currently owned."
	MsgDuplicateVIN  = "This VIN is already in the customer's garage."
	MsgGarageFull    = "A customer's garage holds at most 50 vehicles."
	MsgMileageLower  = "The mileage is lower than the last one recorded (%d)."
	MsgNoTradeValue  = "The vehicle has no trade value to reset."
	MsgVersion       = "Send the version of the vehicle you saw."
	MsgCheckDigit    = "This VIN fails its check digit (position 9 should be %s): check it against the vehicle."
	MsgNoReplacement = "The vehicle has no replacement vehicle to price."
)

// ContractInput is what a user sets of a contract: how the customer pays for the vehicle.
type ContractInput struct {
	ContractType string  `json:"contractType" enum:"cash,finance,lease" doc:"cash, finance or lease."`
	Lender       string  `json:"lender" required:"false" maxLength:"100" doc:"The bank or captive lender."`
	TermMonths   int     `json:"termMonths" required:"false" minimum:"0" maximum:"120" doc:"The contract's term in months."`
	Rate         float64 `json:"rate" required:"false" minimum:"0" maximum:"40" doc:"The finance APR in percent (finance contracts)."`
	MoneyFactor  float64 `json:"moneyFactor" required:"false" minimum:"0" maximum:"0.01" doc:"The lease money factor (lease contracts): the APR divided by 2400."`
	Payment      float64 `json:"payment" required:"false" minimum:"0" maximum:"100000" doc:"The monthly payment."`
	Payoff       float64 `json:"payoff" required:"false" minimum:"0" maximum:"10000000" doc:"What the customer still owes."`
	PayoffAsOf   string  `json:"payoffAsOf" required:"false" doc:"The day the payoff was given (YYYY-MM-DD)."`
	StartDate    string  `json:"startDate" required:"false" doc:"The contract's first day (YYYY-MM-DD)."`
}

// Contract is a vehicle's contract with what is computed of it.
type Contract struct {
	ContractInput
	MaturityDate string `json:"maturityDate" required:"false" doc:"The start date plus the term: when the customer is free of the contract."`
	PaymentsLeft int    `json:"paymentsLeft" required:"false" doc:"The payments left at the time of reading."`
}

// PaymentCalc is the vehicle's contracts and which one the payment calculation uses.
type PaymentCalc struct {
	DefaultContract int        `json:"defaultContract" required:"false" minimum:"0" doc:"The index of the contract the payment calculation uses."`
	Contracts       []Contract `json:"contracts" required:"false" maxItems:"3" nullable:"false"`
}

// VehicleInput is what a user sets of the vehicle itself.
type VehicleInput struct {
	VIN           string `json:"vin" required:"false" maxLength:"20" doc:"17 characters; decoded to fill the year, make, model and trim left empty. A VIN failing its check digit is refused."`
	Year          int    `json:"year" required:"false" doc:"The model year (1981 to next year)."`
	Make          string `json:"make" required:"false" maxLength:"50"`
	Model         string `json:"model" required:"false" maxLength:"50"`
	Trim          string `json:"trim" required:"false" maxLength:"80"`
	BodyClass     string `json:"bodyClass" required:"false" maxLength:"80"`
	Color         string `json:"color" required:"false" maxLength:"50"`
	Mileage       int    `json:"mileage" required:"false" minimum:"0" maximum:"2000000"`
	PurchaseDate  string `json:"purchaseDate" required:"false" doc:"When the customer got the vehicle (YYYY-MM-DD)."`
	PurchasedHere bool   `json:"purchasedHere" required:"false" doc:"Whether the customer bought it from the dealership."`
}

// CurrentVehicle is the vehicle itself, with what the catalogue gives of it.
type CurrentVehicle struct {
	VehicleInput
	MakeID          int64  `json:"makeId" doc:"The make's id in the catalogue (vPIC); 0 for a make it lacks."`
	ModelID         int64  `json:"modelId" doc:"The model's id in the catalogue (vPIC); 0 for a model it lacks."`
	MileageAsOf     string `json:"mileageAsOf" doc:"When the mileage was last recorded."`
	CheckDigitValid bool   `json:"checkDigitValid" doc:"Whether the VIN passes its check digit."`
}

// ReplacementVehicle is the vehicle the dealership proposes in exchange.
type ReplacementVehicle struct {
	Year  int     `json:"year" required:"false"`
	Make  string  `json:"make" required:"false" maxLength:"50"`
	Model string  `json:"model" required:"false" maxLength:"50"`
	Trim  string  `json:"trim" required:"false" maxLength:"80"`
	Price float64 `json:"price" required:"false" minimum:"0" maximum:"10000000"`
}

// TradeValue is what the dealership would give for the vehicle.
type TradeValue struct {
	Value    float64   `json:"value"`
	Source   string    `json:"source"`
	At       time.Time `json:"at"`
	UserID   string    `json:"userId"`
	UserName string    `json:"userName"`
}

// ValueChange is one change of the trade value or of the replacement vehicle's price: who made
// it, when, from what to what.
type ValueChange struct {
	Field    string    `json:"field" enum:"tradeValue,replacementPrice"`
	Action   string    `json:"action" enum:"stored,reset,logged"`
	OldValue *float64  `json:"oldValue"`
	NewValue *float64  `json:"newValue"`
	Source   string    `json:"source"`
	At       time.Time `json:"at"`
	UserID   string    `json:"userId"`
	UserName string    `json:"userName"`
}

// Vehicle is one vehicle of a customer's garage.
type Vehicle struct {
	EntityID           int64              `json:"entityId" readOnly:"true"`
	ContactID          int64              `json:"contactId" readOnly:"true"`
	AccountPlatformID  int64              `json:"accountPlatformId" readOnly:"true"`
	Status             Status             `json:"status" readOnly:"true" enum:"current,sold,dealerPurchased,notOwned"`
	NoLongerOwns       bool               `json:"noLongerOwns" readOnly:"true"`
	OwnershipConfirmed bool               `json:"ownershipConfirmed" readOnly:"true" doc:"The customer confirmed they own the vehicle."`
	SoldDate           string             `json:"soldDate,omitempty" required:"false" readOnly:"true"`
	StatusNote         string             `json:"statusNote,omitempty" required:"false" readOnly:"true"`
	CurrentVehicle     CurrentVehicle     `json:"currentVehicle"`
	ReplacementVehicle ReplacementVehicle `json:"replacementVehicle"`
	PaymentCalc        PaymentCalc        `json:"paymentCalc"`
	HasOffer           bool               `json:"hasOffer" readOnly:"true" doc:"A replacement vehicle with a price is proposed."`
	TradeValue         *TradeValue        `json:"tradeValue" readOnly:"true"`
	Equity             *float64           `json:"equity" readOnly:"true" doc:"The trade value less the payoff, when both are known."`
	ValueLog           []ValueChange      `json:"valueLog" readOnly:"true" nullable:"false"`
	Score              *Score             `json:"score" readOnly:"true" doc:"The opportunity score of a currently owned vehicle with its factors (see ComputeScore); null for a vehicle no longer owned."`
	Version            int64              `json:"version" readOnly:"true"`
	CreatedAt          time.Time          `json:"createdAt" readOnly:"true"`
	CreatedBy          string             `json:"createdBy" readOnly:"true"`
	UpdatedAt          time.Time          `json:"updatedAt" readOnly:"true"`
	UpdatedBy          string             `json:"updatedBy" readOnly:"true"`
	LogSeq             int64              `json:"-"`
}

// Actor is who makes a change.
type Actor struct {
	UserID      string
	UserName    string
	ActorUserID string
}

// ActivityLog records entries in a customer's activity; *activity.Repo is one.
type ActivityLog interface {
	Record(ctx context.Context, t store.Tenant, n activity.New) (activity.Entry, bool, error)
}

var _ ActivityLog = (*activity.Repo)(nil)

// Repo reads and writes garages.
type Repo struct {
	s        *store.Store
	activity ActivityLog
	cat      *vehicle.Catalogue
	log      *slog.Logger
	now      func() time.Time
}

// NewRepo returns a repository over s that records changes in log (nil for none) and decodes
// VINs with cat.
func NewRepo(s *store.Store, act ActivityLog, cat *vehicle.Catalogue, log *slog.Logger) *Repo {
	if log == nil {
		log = slog.Default()
	}
	return &Repo{s: s, activity: act, cat: cat, log: log, now: s.Now}
}

const (
	typeVehicle = "GarageVehicle"
	typePointer = "GarageVehiclePointer"
	skPrefix    = "GV#"
)

func idPart(id int64) string { return strconv.FormatInt(id, 10) }

func vehicleKey(t store.Tenant, contactID, id int64) (store.Key, error) {
	return contactkey.Key(t, contactID, skPrefix+idPart(id))
}

func pointerKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("GV", "GV", idPart(id))
}

func storeIndexKey(t store.Tenant, storeID, id int64) (store.IndexKey, error) {
	return t.IndexKey("GSI1", skPrefix+idPart(id), "GVS", idPart(storeID))
}

type pointerItem struct {
	ContactID int64
}

// item is a vehicle as stored: its JSON, so the domain type carries no storage tags.
type item struct {
	EntityID  int64
	ContactID int64
	Store     int64
	Body      string
	// Version is the store's version attribute, read back with the item.
	Version int64 `dynamodbav:",omitempty"`
}

func toItem(v Vehicle) (item, error) {
	b, err := json.Marshal(stored(v))
	if err != nil {
		return item{}, fmt.Errorf("marshal vehicle %d: %w", v.EntityID, err)
	}
	return item{EntityID: v.EntityID, ContactID: v.ContactID, Store: v.AccountPlatformID, Body: string(b)}, nil
}

// storedVehicle is Vehicle with its log counter, which the API does not show.
type storedVehicle struct {
	Vehicle
	LogSeq int64 `json:"logSeq"`
}

func stored(v Vehicle) storedVehicle { return storedVehicle{Vehicle: v, LogSeq: v.LogSeq} }

func fromItem(it item, version int64) (Vehicle, error) {
	var s storedVehicle
	if err := json.Unmarshal([]byte(it.Body), &s); err != nil {
		return Vehicle{}, fmt.Errorf("unmarshal vehicle %d: %w", it.EntityID, err)
	}
	v := s.Vehicle
	v.LogSeq = s.LogSeq
	v.Version = version
	return v, nil
}

func newID() int64 {
	var b [8]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		if id := int64(binary.BigEndian.Uint64(b[:]) & (1<<53 - 1)); id > 0 {
			return id
		}
	}
}

// List returns the vehicles of the customers owners (a contact and those merged into it),
// newest first.
func (r *Repo) List(ctx context.Context, t store.Tenant, owners []int64) ([]Vehicle, error) {
	var out []Vehicle
	for _, id := range owners {
		part, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: skPrefix, Limit: MaxVehicles * 2})
		if err != nil {
			return nil, fmt.Errorf("list garage of %d: %w", id, err)
		}
		var its []item
		if err := page.Decode(&its); err != nil {
			return nil, err
		}
		for _, it := range its {
			v, err := fromItem(it, it.Version)
			if err != nil {
				return nil, err
			}
			out = append(out, decorate(v, r.now()))
		}
	}
	sortNewest(out)
	return out, nil
}

// StoreVehicles returns the vehicles of the customers of store storeID.
func (r *Repo) StoreVehicles(ctx context.Context, t store.Tenant, storeID int64) ([]Vehicle, error) {
	part, err := t.Partition("GVS", idPart(storeID))
	if err != nil {
		return nil, err
	}
	its, err := store.QueryAll[item](ctx, r.s, store.Query{Index: "GSI1", Partition: part, SortPrefix: skPrefix, Limit: 1000})
	if err != nil {
		return nil, fmt.Errorf("list garage vehicles of store %d: %w", storeID, err)
	}
	out := make([]Vehicle, 0, len(its))
	for _, it := range its {
		v, err := fromItem(it, it.Version)
		if err != nil {
			return nil, err
		}
		out = append(out, decorate(v, r.now()))
	}
	return out, nil
}

// Get returns vehicle id of tenant t. A vehicle of another dealer group is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id int64) (Vehicle, error) {
	pk, err := pointerKey(t, id)
	if err != nil {
		return Vehicle{}, err
	}
	var p pointerItem
	if _, err := r.s.Get(ctx, pk, &p); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Vehicle{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
		}
		return Vehicle{}, err
	}
	k, err := vehicleKey(t, p.ContactID, id)
	if err != nil {
		return Vehicle{}, err
	}
	var it item
	v, err := r.s.Get(ctx, k, &it)
	if err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Vehicle{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
		}
		return Vehicle{}, err
	}
	out, err := fromItem(it, v)
	if err != nil {
		return Vehicle{}, err
	}
	return decorate(out, r.now()), nil
}

// decorate fills the fields computed on reading: the contracts' maturity and payments left,
// the equity and whether there is an offer.
func decorate(v Vehicle, now time.Time) Vehicle {
	v.NoLongerOwns = v.Status != StatusCurrent
	v.HasOffer = v.ReplacementVehicle.Price > 0 && v.ReplacementVehicle.Model != ""
	if v.ValueLog == nil {
		v.ValueLog = []ValueChange{}
	}
	if v.PaymentCalc.Contracts == nil {
		v.PaymentCalc.Contracts = []Contract{}
	}
	for i, c := range v.PaymentCalc.Contracts {
		c.MaturityDate, c.PaymentsLeft = "", 0
		if start, err := time.Parse(time.DateOnly, c.StartDate); err == nil && c.TermMonths > 0 {
			end := start.AddDate(0, c.TermMonths, 0)
			c.MaturityDate = end.Format(time.DateOnly)
			if left := monthsBetween(now, end); left > 0 {
				c.PaymentsLeft = min(left, c.TermMonths)
			}
		}
		v.PaymentCalc.Contracts[i] = c
	}
	v.Equity = nil
	if v.TradeValue != nil {
		payoff := 0.0
		if c, ok := v.DefaultContract(); ok {
			payoff = c.Payoff
		}
		e := math.Round((v.TradeValue.Value-payoff)*100) / 100
		v.Equity = &e
	}
	v.Score = ComputeScore(v, now, nil)
	return v
}

// WithRecalls returns v scored again with its open recalls counted.
func (r *Repo) WithRecalls(v Vehicle, openRecalls int) Vehicle {
	v.Score = ComputeScore(v, r.now(), &openRecalls)
	return v
}

func monthsBetween(a, b time.Time) int {
	if !b.After(a) {
		return 0
	}
	m := (b.Year()-a.Year())*12 + int(b.Month()-a.Month())
	if b.Day() < a.Day() {
		m--
	}
	return m + 1
}

// DefaultContract returns the contract the payment calculation uses.
func (v Vehicle) DefaultContract() (Contract, bool) {
	cs := v.PaymentCalc.Contracts
	if len(cs) == 0 {
		return Contract{}, false
	}
	i := v.PaymentCalc.DefaultContract
	if i < 0 || i >= len(cs) {
		i = 0
	}
	return cs[i], true
}

func sortNewest(vs []Vehicle) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j].CreatedAt.After(vs[j-1].CreatedAt); j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

func clean(s string) string { return strings.TrimSpace(s) }
