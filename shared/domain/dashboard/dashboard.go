// Package dashboard keeps what the dashboards managers run their stores from are read from:
// counters per store, per day (the store's calendar day) and per user, bumped by the domain
// events as they happen, and one progress record per lead with its speed-to-lead clocks and
// how far it went down the funnel (contacted, appointment set, shown, sold). A dashboard reads
// a date range of one store's counters with one query, never the leads, calls or tasks
// themselves.
//
// Counters are added with store.AddOp (DynamoDB ADD), so events of one store and day never
// conflict; the consumer that bumps them (events/dashboardcounts) writes them in the
// transaction of its processed mark, so a redelivered event counts once. A lead's progress is
// a versioned record: the events of one lead are few, and a lost race is retried.
//
// Access patterns:
//
//	pattern                                  index  key condition
//	a store's counters of a date range       table  PK = A#{acct}#DASH#{store}, SK BETWEEN D#{from} AND D#{to}#~
//	one user's counters of a date range      GSI1   GSI1PK = A#{acct}#DASHU#{store}#{user}, GSI1SK BETWEEN D#{from} AND D#{to}
//	a store's leads arrived in a date range  table  PK = A#{acct}#DASHLEAD#{store}, SK BETWEEN D#{from} AND D#{to}#~
//	a customer's lead counted at a store     table  PK = A#{acct}#C#{contact}, SK = DASHLEAD#{store}
//	a store's activity groups                table  PK = A#{acct}#DASHGROUP#{store}, begins_with(SK, "G#")
//
// Days are the store's calendar days (its IANA time zone) written YYYY-MM-DD, so keys sort by
// date. The user of a counter is the user the event names (who logged the call, who holds the
// lead); "0" holds what no user did.
package dashboard

import (
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// DayLayout writes a store's calendar day in keys and answers.
const DayLayout = "2006-01-02"

// NoUser is the user of counts no user earned (a lead nobody holds yet).
const NoUser = "0"

// Counter names one count of a day. The names are the stored attributes and the JSON fields
// of the answers.
type Counter string

// The counters.
const (
	LeadsCreated          Counter = "leadsCreated"
	LeadsClaimed          Counter = "leadsClaimed"
	LeadsAssigned         Counter = "leadsAssigned"
	LeadsSold             Counter = "leadsSold"
	LeadsLost             Counter = "leadsLost"
	Calls                 Counter = "calls"
	CallsContacted        Counter = "callsContacted"
	Notes                 Counter = "notes"
	Emails                Counter = "emails"
	Texts                 Counter = "texts"
	AutomatedMessages     Counter = "automatedMessages"
	InboundMessages       Counter = "inboundMessages"
	TasksCompleted        Counter = "tasksCompleted"
	AppointmentsSet       Counter = "appointmentsSet"
	AppointmentsConfirmed Counter = "appointmentsConfirmed"
	AppointmentsShown     Counter = "appointmentsShown"
	AppointmentsNoShow    Counter = "appointmentsNoShow"
	AppointmentsCancelled Counter = "appointmentsCancelled"
	ShowroomVisits        Counter = "showroomVisits"
	Deliveries            Counter = "deliveries"
	VisitsSold            Counter = "visitsSold"
	VisitsCanceled        Counter = "visitsCanceled"
)

// Counters returns every counter in display order.
func Counters() []Counter {
	return []Counter{LeadsCreated, LeadsClaimed, LeadsAssigned, LeadsSold, LeadsLost,
		Calls, CallsContacted, Notes, Emails, Texts, AutomatedMessages, InboundMessages, TasksCompleted,
		AppointmentsSet, AppointmentsConfirmed, AppointmentsShown, AppointmentsNoShow, AppointmentsCancelled,
		ShowroomVisits, Deliveries, VisitsSold, VisitsCanceled}
}

// Counts are counter values; a missing counter is 0.
type Counts map[Counter]int64

// Add adds o to c.
func (c Counts) Add(o Counts) {
	for k, v := range o {
		c[k] += v
	}
}

// Day is one user's counters of one store's calendar day.
type Day struct {
	AccountPlatformID int64
	Day               string
	UserID            string
	Counts            Counts
}

// dayIdentity is what a counter item holds besides its counts: set on every add.
type dayIdentity struct {
	AccountPlatformID int64
	Day               string
	UserID            string
}

// Types of the records this package writes.
const (
	typeDay     = "DashboardDay"
	typeLead    = "DashboardLead"
	typePointer = "DashboardLeadPointer"
	typeGroup   = "ActivityGroup"
)

func storePart(id int64) string { return strconv.FormatInt(id, 10) }

func dayKey(t store.Tenant, storeID int64, day, userID string) (store.Key, error) {
	return t.Key("D#"+day+"#U#"+userID, "DASH", storePart(storeID))
}

func dayUserIndex(t store.Tenant, storeID int64, day, userID string) (store.IndexKey, error) {
	return t.IndexKey("GSI1", "D#"+day, "DASHU", storePart(storeID), userID)
}

// DayOf returns the store's calendar day of at in loc.
func DayOf(at time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return at.In(loc).Format(DayLayout)
}

// AddOps returns the writes that add counts to user's counters of day at store storeID: one
// ADD of the day's item, which it creates when missing. Zero counts are left out; no counts
// is no write.
func AddOps(t store.Tenant, storeID int64, day, userID string, counts Counts) ([]store.Op, error) {
	if userID == "" {
		userID = NoUser
	}
	add := map[string]int64{}
	for c, n := range counts {
		if n != 0 {
			add[string(c)] = n
		}
	}
	if len(add) == 0 {
		return nil, nil
	}
	k, err := dayKey(t, storeID, day, userID)
	if err != nil {
		return nil, err
	}
	ik, err := dayUserIndex(t, storeID, day, userID)
	if err != nil {
		return nil, err
	}
	return []store.Op{store.AddOp(store.Record{
		Key: k, Indexes: []store.IndexKey{ik}, Type: typeDay,
		Value: dayIdentity{AccountPlatformID: storeID, Day: day, UserID: userID},
	}, add)}, nil
}
