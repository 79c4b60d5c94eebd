package rule

import (
	"time"

	"github.com/cxm/cxm/shared/domain/workhours"
)

// ActivityType is something that happens to a customer that a rule can start or end on: each
// is announced by a domain event (Event) and, for lead status changes and logged activity, a
// detail of it.
type ActivityType struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Event is the domain event type that announces it.
	Event string `json:"event"`
}

// Activity type ids.
const (
	ActivityNewLead         = 1
	ActivityLeadAssigned    = 2
	ActivityCustomerCreated = 3
	ActivityPhoneCall       = 4
	ActivityNote            = 5
	ActivityOutboundCall    = 6
	ActivitySentToDesking   = 7
	ActivityCustomerNote    = 8
	ActivityLeadClaimed     = 9
	// Lead status actions (lead.Changed.ActivityType).
	ActivityLeadActive        = 10
	ActivityLeadBad           = 11
	ActivityLeadDuplicate     = 12
	ActivityLeadLost          = 13
	ActivityLeadSoldPending   = 14
	ActivityLeadSoldDelivered = 15
	ActivityLeadReactivate    = 16
	ActivityLeadCompleted     = 17
	ActivityLeadAutoClose     = 18
	// ActivityOnDemand starts the rules a user starts by hand for a customer.
	ActivityOnDemand = 19
	// Appointments (AppointmentSet; AppointmentChanged to the NoShow status).
	ActivityAppointmentSet    = 20
	ActivityAppointmentNoShow = 21
	// Visits (visit.Changed): a showroom visit started, and any visit completed.
	ActivityShowroomVisit  = 22
	ActivityVisitCompleted = 23
	// Garage changes: a vehicle added to the customer's garage (a workflow it starts is about
	// that vehicle) and one leaving it (sold, purchased by the dealer, or not owned).
	ActivityVehicleAdded         = 24
	ActivityVehicleNoLongerOwned = 25
)

// ActivityTypes returns every activity type, by id.
func ActivityTypes() []ActivityType {
	return []ActivityType{
		{ActivityNewLead, "New Lead", "LeadCreated"},
		{ActivityLeadAssigned, "Lead Assigned", "LeadAssigned"},
		{ActivityCustomerCreated, "Customer Created", "ContactCreated"},
		{ActivityPhoneCall, "Phone Call Logged", "ActivityLogged"},
		{ActivityNote, "Note Logged", "ActivityLogged"},
		{ActivityOutboundCall, "Outbound Call", "ActivityLogged"},
		{ActivitySentToDesking, "Sent to Desking", "ActivityLogged"},
		{ActivityCustomerNote, "Customer Note", "ActivityLogged"},
		{ActivityLeadClaimed, "Lead Claimed", "LeadClaimed"},
		{ActivityLeadActive, "Lead Active", "LeadStatusChanged"},
		{ActivityLeadBad, "Lead Bad", "LeadStatusChanged"},
		{ActivityLeadDuplicate, "Lead Duplicate", "LeadStatusChanged"},
		{ActivityLeadLost, "Lead Lost", "LeadStatusChanged"},
		{ActivityLeadSoldPending, "Lead Sold Pending", "LeadStatusChanged"},
		{ActivityLeadSoldDelivered, "Lead Sold Delivered", "LeadStatusChanged"},
		{ActivityLeadReactivate, "Lead Reactivated", "LeadStatusChanged"},
		{ActivityLeadCompleted, "Lead Completed", "LeadStatusChanged"},
		{ActivityLeadAutoClose, "Lead Auto Closed", "LeadStatusChanged"},
		{ActivityOnDemand, "Started by hand", EventStartRequested},
		{ActivityAppointmentSet, "Appointment Set", "AppointmentSet"},
		{ActivityAppointmentNoShow, "Appointment No-Show", "AppointmentChanged"},
		{ActivityShowroomVisit, "Showroom Visit", "VisitStarted"},
		{ActivityVisitCompleted, "Visit Completed", "VisitCompleted"},
		{ActivityVehicleAdded, "Vehicle Added to Garage", "GarageVehicleChanged"},
		{ActivityVehicleNoLongerOwned, "Vehicle No Longer Owned", "GarageVehicleNoLongerOwned"},
	}
}

// ActivityTypeOf returns the activity type id; false when there is none.
func ActivityTypeOf(id int64) (ActivityType, bool) {
	for _, a := range ActivityTypes() {
		if a.ID == id {
			return a, true
		}
	}
	return ActivityType{}, false
}

// LeadActionActivity maps a lead status action's activity type (lead.Changed.ActivityType) to
// its activity type id.
func LeadActionActivity(name string) (int64, bool) {
	m := map[string]int64{
		"Active": ActivityLeadActive, "Bad": ActivityLeadBad, "Duplicate": ActivityLeadDuplicate,
		"Lost": ActivityLeadLost, "SoldPending": ActivityLeadSoldPending, "SoldDelivered": ActivityLeadSoldDelivered,
		"Reactivate": ActivityLeadReactivate, "Completed": ActivityLeadCompleted, "AutoClose": ActivityLeadAutoClose,
	}
	id, ok := m[name]
	return id, ok
}

// ActivityKindActivity maps a logged activity's kind (activity.Kind) to its activity type id.
func ActivityKindActivity(kind string) (int64, bool) {
	m := map[string]int64{
		"phone_call": ActivityPhoneCall, "note": ActivityNote, "outbound_call": ActivityOutboundCall,
		"sent_to_desking": ActivitySentToDesking, "customer_note": ActivityCustomerNote,
	}
	id, ok := m[kind]
	return id, ok
}

// AppointmentActivity maps an appointment event (its type and the status it left the
// appointment in, with the status before) to its activity type id: a new appointment is
// Appointment Set, a move to NoShow Appointment No-Show; other changes have none.
func AppointmentActivity(event, status, previous string) (int64, bool) {
	switch {
	case event == "AppointmentSet":
		return ActivityAppointmentSet, true
	case event == "AppointmentChanged" && status == "NoShow" && previous != "NoShow":
		return ActivityAppointmentNoShow, true
	}
	return 0, false
}

// ActionType is what a rule task asks for (a call, an e-mail ...), paired with the activity
// type that records it being done.
type ActionType struct {
	ID             int64  `json:"id" minimum:"1"`
	Name           string `json:"name" maxLength:"60"`
	ActivityTypeID int64  `json:"activityTypeId" required:"false" doc:"The activity type that records the action; 0 for none."`
}

// DefaultActionTypes are a dealer group's action types until it saves its own pairing.
func DefaultActionTypes() []ActionType {
	return []ActionType{
		{1, "Call", ActivityPhoneCall},
		{2, "Email", 0},
		{3, "Text", 0},
		{4, "Appointment", 0},
		{5, "Follow-up", ActivityNote},
	}
}

// Value kinds of filter types.
const (
	KindBool      = "bool"
	KindInt       = "int"
	KindDuration  = "duration"
	KindFloat     = "float"
	KindStockList = "stocklist"
	KindDealEnd   = "dealend"
)

// FilterType is a kind of filter a rule may have.
type FilterType struct {
	ID   int64  `json:"filterId"`
	Name string `json:"name"`
	Kind string `json:"kind" doc:"bool, int, duration (days), float, stocklist or dealend (days since the deal ended, before or after)."`
}

// Filter type ids.
const (
	FilterLeadType      = 1
	FilterLeadSource    = 2
	FilterNewVehicle    = 3
	FilterStockNumbers  = 4
	FilterMinPrice      = 5
	FilterLeadAgeDays   = 6
	FilterDealEnd       = 7
	FilterHasSalesOwner = 8
)

// FilterTypes returns every filter type.
func FilterTypes() []FilterType {
	return []FilterType{
		{FilterLeadType, "Lead type", KindInt},
		{FilterLeadSource, "Lead source", KindInt},
		{FilterNewVehicle, "New vehicle of interest", KindBool},
		{FilterStockNumbers, "Stock numbers", KindStockList},
		{FilterMinPrice, "Minimum vehicle price", KindFloat},
		{FilterLeadAgeDays, "Customer created within (days)", KindDuration},
		{FilterDealEnd, "Time since deal end (days)", KindDealEnd},
		{FilterHasSalesOwner, "Has a sales person", KindBool},
	}
}

// FilterTypeOf returns filter type id; false when there is none.
func FilterTypeOf(id int64) (FilterType, bool) {
	for _, f := range FilterTypes() {
		if f.ID == id {
			return f, true
		}
	}
	return FilterType{}, false
}

// Rule group types.
const (
	GroupGeneral       = 1
	GroupSoldFollowUp  = 2
	GroupLeaseFollowUp = 3
	GroupService       = 4
)

// GroupTypeName returns the name of a rule group type; "" for an unknown one.
func GroupTypeName(id int) string {
	switch id {
	case GroupGeneral:
		return "General"
	case GroupSoldFollowUp:
		return "Sold Follow-up"
	case GroupLeaseFollowUp:
		return "Lease Follow-up"
	case GroupService:
		return "Service"
	}
	return ""
}

// Token is a placeholder a notification's message may hold.
type Token struct {
	Token       string `json:"token"`
	Description string `json:"description"`
}

// Tokens returns the notification tokens.
func Tokens() []Token {
	return []Token{
		{"{CustomerName}", "The customer's name"},
		{"{RuleName}", "The rule's name"},
		{"{TaskName}", "The task's name"},
		{"{TaskDueDate}", "When the task is due, in the store's time zone"},
		{"{StoreName}", "The store's name"},
		{"{AssignedUser}", "The name of the user the task is assigned to"},
	}
}

// DueAt returns when a task created at start is due at a store of schedule s: its duration in
// its unit after start (days, weeks and months by the store's calendar, in its time zone) and,
// when it uses the work schedule, moved to the next time the store opens when it falls outside
// the store's working hours (its dealer settings' BusinessHours, Monday to Saturday 9:00 to
// 19:00 by default).
func DueAt(t Task, start time.Time, s workhours.Schedule) time.Time {
	at := start.In(s.Location())
	n := t.DueDuration
	switch t.DueUnit {
	case UnitHours:
		at = at.Add(time.Duration(n) * time.Hour)
	case UnitDays:
		at = at.AddDate(0, 0, n)
	case UnitWeeks:
		at = at.AddDate(0, 0, 7*n)
	case UnitMonths:
		at = at.AddDate(0, n, 0)
	default:
		at = at.Add(time.Duration(n) * time.Minute)
	}
	if t.UseWorkSchedule {
		at = s.Next(at)
	}
	return at.UTC()
}
