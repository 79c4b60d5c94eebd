package lead

import (
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/value/vin"
)

// Status is a lead's status (leadStatusId).
type Status int

// Stored statuses of a lead (section 4).
const (
	StatusActive        Status = 1
	StatusLost          Status = 2
	StatusBad           Status = 3
	StatusDuplicate     Status = 4
	StatusSoldDelivered Status = 5
	StatusSoldPending   Status = 6
)

// Statuses the lead lists show besides the stored ones: an active lead nobody holds that sales
// people may claim is Unclaimed, and an active lead nobody acted on yet is New.
const (
	StatusUnclaimed Status = -2
	StatusNew       Status = -1
)

// Statuses returns the stored statuses in id order.
func Statuses() []Status {
	return []Status{StatusActive, StatusLost, StatusBad, StatusDuplicate, StatusSoldDelivered, StatusSoldPending}
}

// String returns the status's name as the spec writes it.
func (s Status) String() string {
	switch s {
	case StatusActive:
		return "Active"
	case StatusLost:
		return "Lost"
	case StatusBad:
		return "Bad"
	case StatusDuplicate:
		return "Duplicate"
	case StatusSoldDelivered:
		return "SoldDelivered"
	case StatusSoldPending:
		return "SoldPending"
	case StatusUnclaimed:
		return "Unclaimed"
	case StatusNew:
		return "New"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// label is the status as a sentence names it.
func (s Status) label() string {
	switch s {
	case StatusSoldDelivered:
		return "sold and delivered"
	case StatusSoldPending:
		return "sold (pending delivery)"
	}
	return strings.ToLower(s.String())
}

// Action is a transition of a lead's status, made by one call.
type Action string

// The transitions (section 4: transitions are by calls).
const (
	MarkLost          Action = "MarkLost"
	MarkBad           Action = "MarkBad"
	MarkDuplicate     Action = "MarkDuplicate"
	MarkSoldPending   Action = "MarkSoldPending"
	MarkSoldDelivered Action = "MarkSoldDelivered"
	Reactivate        Action = "Reactivate"
)

// Actions returns every action.
func Actions() []Action {
	return []Action{MarkLost, MarkBad, MarkDuplicate, MarkSoldPending, MarkSoldDelivered, Reactivate}
}

// ActivityType returns the activity type (section 4) a transition is recorded with.
func (a Action) ActivityType() string {
	switch a {
	case MarkLost:
		return "Lost"
	case MarkBad:
		return "Bad"
	case MarkDuplicate:
		return "Duplicate"
	case MarkSoldPending:
		return "SoldPending"
	case MarkSoldDelivered:
		return "SoldDelivered"
	case Reactivate:
		return "Reactivate"
	}
	return ""
}

// verb is how a message names the action.
func (a Action) verb() string {
	switch a {
	case MarkLost:
		return "marked lost"
	case MarkBad:
		return "marked bad"
	case MarkDuplicate:
		return "marked duplicate"
	case MarkSoldPending:
		return "marked sold (pending delivery)"
	case MarkSoldDelivered:
		return "marked sold and delivered"
	case Reactivate:
		return "reactivated"
	}
	return string(a)
}

// Next returns the status a lead in status from has after action. An action the table does not
// allow from that status is a Conflict error that says why; an unknown status or action is an
// Invalid error.
//
// The table: an active lead may be marked lost, bad, duplicate, sold pending or sold delivered;
// a sold-pending lead may be delivered, lost or reactivated; a lost, bad or duplicate lead may
// only be reactivated; a delivered sale is final.
func Next(from Status, action Action) (Status, error) {
	var to Status
	switch action {
	case MarkLost:
		to = StatusLost
		if from == StatusActive || from == StatusSoldPending {
			return to, nil
		}
	case MarkBad:
		to = StatusBad
		if from == StatusActive {
			return to, nil
		}
	case MarkDuplicate:
		to = StatusDuplicate
		if from == StatusActive {
			return to, nil
		}
	case MarkSoldPending:
		to = StatusSoldPending
		if from == StatusActive {
			return to, nil
		}
	case MarkSoldDelivered:
		to = StatusSoldDelivered
		if from == StatusActive || from == StatusSoldPending {
			return to, nil
		}
	case Reactivate:
		to = StatusActive
		if from == StatusLost || from == StatusBad || from == StatusDuplicate || from == StatusSoldPending {
			return to, nil
		}
	default:
		return 0, apperr.Errorf(apperr.Invalid, "%q is not a lead action.", action)
	}
	switch from {
	case StatusActive, StatusLost, StatusBad, StatusDuplicate, StatusSoldPending, StatusSoldDelivered:
	default:
		return 0, apperr.Errorf(apperr.Invalid, "%d is not a lead status.", int(from))
	}
	if from == to {
		return 0, apperr.Errorf(apperr.Conflict, "The lead is %s already.", from.label())
	}
	if from == StatusSoldDelivered {
		return 0, apperr.Errorf(apperr.Conflict, "The lead is sold and delivered: it cannot be %s.", action.verb())
	}
	if from != StatusActive && action != Reactivate {
		return 0, apperr.Errorf(apperr.Conflict, "A %s lead cannot be %s. Reactivate it first.", from.label(), action.verb())
	}
	return 0, apperr.Errorf(apperr.Conflict, "An active lead cannot be %s.", action.verb())
}

// Lead types (leadTypeId). A new lead's type is TypeInternet (section 9: new lead type id 1).
const (
	TypeInternet = 1
	TypePhone    = 2
	TypeShowroom = 3
	TypeReferral = 4
	TypeService  = 5
	TypeCampaign = 6
)

// Type is a lead type as the lists show it.
type Type struct {
	LeadTypeID int    `json:"leadTypeId"`
	Name       string `json:"name"`
}

// Types returns the lead types every store offers, sorted by name.
func Types() []Type {
	return []Type{
		{TypeCampaign, "Campaign"},
		{TypeInternet, "Internet"},
		{TypePhone, "Phone"},
		{TypeReferral, "Referral"},
		{TypeService, "Service"},
		{TypeShowroom, "Showroom"},
	}
}

// ValidType reports whether id is a lead type.
func ValidType(id int) bool {
	for _, t := range Types() {
		if t.LeadTypeID == id {
			return true
		}
	}
	return false
}

// Source is where a store's leads come from (a lead provider, the web site, a campaign).
type Source struct {
	LeadSourceID      int64  `json:"leadSourceId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Name              string `json:"name"`
}

// Limits of a lead's lists and fields.
const (
	MaxVehicles     = 10
	MaxCommentsLen  = 4000
	MaxSourceName   = 100
	MaxReasonLength = 500
)

// Vehicle is a vehicle a lead names: one the customer is interested in, or one they trade in.
type Vehicle struct {
	VIN         string  `json:"vin" required:"false" maxLength:"20" doc:"17 characters; cleaned as VINs are everywhere (spaces removed, upper case)."`
	StockNumber string  `json:"stockNumber" required:"false" maxLength:"20"`
	Year        int     `json:"year" required:"false" doc:"1900 to next year; 0 for unknown."`
	Make        string  `json:"make" required:"false" maxLength:"50"`
	Model       string  `json:"model" required:"false" maxLength:"50"`
	Trim        string  `json:"trim" required:"false" maxLength:"50"`
	Color       string  `json:"color" required:"false" maxLength:"50"`
	Odometer    int     `json:"odometer" required:"false" doc:"Miles or kilometres; not negative."`
	IsNew       bool    `json:"isNew" required:"false"`
	Price       float64 `json:"price" required:"false" doc:"Asking or offered price; not negative."`
	Comments    string  `json:"comments" required:"false" maxLength:"1000" text:"multiline"`
}

// VehicleOfInterest is a vehicle a lead's customer is interested in.
type VehicleOfInterest struct {
	CrmLeadVoiID int64 `json:"crmLeadVoiId" required:"false" doc:"The vehicle's id; ignored when adding one."`
	// IsPrimary marks the customer's chosen vehicle: a lead with vehicles of interest has
	// exactly one chosen, the first added until another is chosen.
	IsPrimary bool `json:"isPrimary" required:"false" doc:"The customer's chosen vehicle among the lead's vehicles of interest. Exactly one of a lead's vehicles is chosen: the first added, until another is chosen. Setting it true on an update chooses this vehicle and clears the others; false leaves the choice as it is."`
	Vehicle
}

// ChosenVehicle returns the lead's chosen vehicle of interest, and false when it has none.
func (l Lead) ChosenVehicle() (VehicleOfInterest, bool) {
	for _, v := range l.Vehicles {
		if v.IsPrimary {
			return v, true
		}
	}
	if len(l.Vehicles) > 0 {
		return l.Vehicles[0], true
	}
	return VehicleOfInterest{}, false
}

// choose keeps exactly one of vs chosen: the one at index i when i >= 0, else the first one
// chosen already, else the first one.
func choose(vs []VehicleOfInterest, i int) {
	if len(vs) == 0 {
		return
	}
	if i < 0 {
		i = 0
		for j, v := range vs {
			if v.IsPrimary {
				i = j
				break
			}
		}
	}
	for j := range vs {
		vs[j].IsPrimary = j == i
	}
}

// TradeIn is a vehicle a lead's customer trades in.
type TradeIn struct {
	CrmLeadTradeID int64 `json:"crmLeadTradeId" required:"false" doc:"The trade-in's id; ignored when adding one."`
	Vehicle
	Payoff         float64 `json:"payoff" required:"false" doc:"Owed on the vehicle; not negative."`
	AppraisedValue float64 `json:"appraisedValue" required:"false" doc:"Not negative."`
}

// Lead is one sales opportunity of a contact at a store.
type Lead struct {
	ID                int64  `json:"crmLeadId"`
	Version           int64  `json:"version"`
	AccountID         int64  `json:"accountId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	ContactID         int64  `json:"contactId"`
	LeadTypeID        int    `json:"leadTypeId"`
	LeadSourceID      int64  `json:"leadSourceId"`
	LeadSourceName    string `json:"leadSourceName"`
	Status            Status `json:"leadStatusId"`
	// Claimable says sales people may claim the lead while nobody holds it.
	Claimable     bool   `json:"isClaimable"`
	SalesPersonID string `json:"salesPersonId"`
	BDCAgentID    string `json:"bdcAgentId"`
	// Worked is set by the first change a user makes to the lead itself (its status, type,
	// source or vehicles); until then the lead is New. Assigning or claiming it does not work it.
	Worked     bool   `json:"worked"`
	Reason     string `json:"reason"`
	Comments   string `json:"comments"`
	ProviderID string `json:"providerId"`
	// ProviderSequence is the provider's sequence of the document the lead came from.
	ProviderSequence string              `json:"providerSequence"`
	HasRawDocument   bool                `json:"hasRawDocument"`
	Vehicles         []VehicleOfInterest `json:"vehiclesOfInterest" nullable:"false"`
	TradeIns         []TradeIn           `json:"tradeIns" nullable:"false"`
	CreatedAt        time.Time           `json:"createdAt"`
	CreatedBy        string              `json:"createdBy"`
	UpdatedAt        time.Time           `json:"updatedAt"`
	UpdatedBy        string              `json:"updatedBy"`
	StatusChangedAt  time.Time           `json:"statusChangedAt"`
	ClaimedAt        *time.Time          `json:"claimedAt,omitempty"`
	// LogSeq counts the lead's entries in its contact's change log (package changelog).
	LogSeq int64 `json:"-"`

	// CaslConsent is the customer's consent to commercial messages under Canada's anti-spam
	// law (ConsentExpress or ConsentImplied), recorded on a lead of a Canadian store added by
	// hand; "" otherwise.
	CaslConsent string `json:"caslConsent" required:"false"`
	// FirstRespondedAt is when someone first called the customer after the lead arrived (see
	// Repo.MarkResponded); nil while nobody has.
	FirstRespondedAt *time.Time `json:"firstRespondedAt,omitempty"`
	// ReassignTimer names the pending timer of the store's reassign rule that moves the lead
	// on while nobody answers it (package timer), and ReassignDueAt is when it fires; "" and
	// nil when none is pending. See AssignNext.
	ReassignTimer string     `json:"-"`
	ReassignDueAt *time.Time `json:"-"`
}

// DisplayStatus is the status the lead lists show: Unclaimed for an active claimable lead
// nobody holds, New for an active lead nobody acted on, else the stored status.
func (l Lead) DisplayStatus() Status {
	if l.Status != StatusActive {
		return l.Status
	}
	if l.unclaimed() {
		return StatusUnclaimed
	}
	if !l.Worked {
		return StatusNew
	}
	return StatusActive
}

func (l Lead) unclaimed() bool {
	return l.Status == StatusActive && l.Claimable && l.SalesPersonID == "" && l.BDCAgentID == ""
}

// Messages of a vehicle's rules that the web app also shows before sending.
const (
	MsgVIN     = "Enter a VIN of 17 letters and digits (no I, O or Q)."
	MsgVehicle = "Enter a VIN, a stock number, or the year, make or model."
)

// validateVehicle cleans v and returns its field errors under prefix.
func validateVehicle(v *Vehicle, prefix string, fields map[string]string) {
	v.StockNumber = strings.ToUpper(strings.TrimSpace(v.StockNumber))
	v.Make, v.Model, v.Trim, v.Color = strings.TrimSpace(v.Make), strings.TrimSpace(v.Model), strings.TrimSpace(v.Trim), strings.TrimSpace(v.Color)
	if raw := strings.TrimSpace(v.VIN); raw != "" {
		if c := vin.Clean(raw); c != "" {
			v.VIN = c
		} else {
			fields[prefix+"vin"] = MsgVIN
		}
	} else {
		v.VIN = ""
	}
	if v.Year != 0 && (v.Year < 1900 || v.Year > time.Now().Year()+1) {
		fields[prefix+"year"] = fmt.Sprintf("The year must be between 1900 and %d.", time.Now().Year()+1)
	}
	if v.Odometer < 0 {
		fields[prefix+"odometer"] = "The odometer cannot be negative."
	}
	if v.Price < 0 {
		fields[prefix+"price"] = "The price cannot be negative."
	}
	if len(v.Comments) > 1000 {
		fields[prefix+"comments"] = "The comments are longer than 1000 characters."
	}
	for name, s := range map[string]string{"stockNumber": v.StockNumber, "make": v.Make, "model": v.Model, "trim": v.Trim, "color": v.Color} {
		if len(s) > 50 {
			fields[prefix+name] = "This is longer than 50 characters."
		}
	}
	if v.VIN == "" && v.StockNumber == "" && v.Make == "" && v.Model == "" && v.Year == 0 {
		fields[prefix+"vin"] = MsgVehicle
	}
}

// ValidateVehicleOfInterest cleans v, or returns an Invalid error naming its bad fields.
func ValidateVehicleOfInterest(v VehicleOfInterest) (VehicleOfInterest, error) {
	fields := map[string]string{}
	validateVehicle(&v.Vehicle, "", fields)
	if len(fields) > 0 {
		return v, apperr.InvalidFields("The vehicle of interest is not valid.", fields)
	}
	return v, nil
}

// ValidateTradeIn cleans v, or returns an Invalid error naming its bad fields.
func ValidateTradeIn(v TradeIn) (TradeIn, error) {
	fields := map[string]string{}
	validateVehicle(&v.Vehicle, "", fields)
	if v.Payoff < 0 {
		fields["payoff"] = "The payoff cannot be negative."
	}
	if v.AppraisedValue < 0 {
		fields["appraisedValue"] = "The appraised value cannot be negative."
	}
	if len(fields) > 0 {
		return v, apperr.InvalidFields("The trade-in is not valid.", fields)
	}
	return v, nil
}

// validateNew checks a lead before it is first stored.
func validateNew(l *Lead) error {
	fields := map[string]string{}
	if l.AccountPlatformID < 1 {
		fields["accountPlatformId"] = "Choose the store of the lead."
	}
	if l.ContactID < 1 {
		fields["contactId"] = "Choose the customer of the lead."
	}
	if l.LeadTypeID == 0 {
		l.LeadTypeID = TypeInternet
	}
	if !ValidType(l.LeadTypeID) {
		fields["leadTypeId"] = fmt.Sprintf("%d is not a lead type.", l.LeadTypeID)
	}
	if l.Status == 0 {
		l.Status = StatusActive
	}
	if l.Status < StatusActive || l.Status > StatusSoldPending {
		fields["leadStatusId"] = fmt.Sprintf("%d is not a lead status.", int(l.Status))
	}
	if len(l.Comments) > MaxCommentsLen {
		fields["comments"] = fmt.Sprintf("The comments are longer than %d characters.", MaxCommentsLen)
	}
	if len(l.Vehicles) > MaxVehicles {
		fields["vehiclesOfInterest"] = fmt.Sprintf("A lead has at most %d vehicles of interest.", MaxVehicles)
	}
	if len(l.TradeIns) > MaxVehicles {
		fields["tradeIns"] = fmt.Sprintf("A lead has at most %d trade-ins.", MaxVehicles)
	}
	for i := range l.Vehicles {
		validateVehicle(&l.Vehicles[i].Vehicle, fmt.Sprintf("vehiclesOfInterest[%d].", i), fields)
	}
	for i := range l.TradeIns {
		validateVehicle(&l.TradeIns[i].Vehicle, fmt.Sprintf("tradeIns[%d].", i), fields)
		if l.TradeIns[i].Payoff < 0 || l.TradeIns[i].AppraisedValue < 0 {
			fields[fmt.Sprintf("tradeIns[%d].payoff", i)] = "Amounts cannot be negative."
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The lead is not valid.", fields)
	}
	return nil
}
