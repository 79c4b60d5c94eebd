package dashboard

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Lead is one lead's way to a sale as the dashboards count it: when it arrived, its three
// speed-to-lead clocks and the funnel stages it reached. Times are zero until they happen.
type Lead struct {
	LeadID            int64  `json:"crmLeadId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	LeadSourceID      int64  `json:"leadSourceId"`
	UserID            string `json:"userId" doc:"Who holds the lead: its sales person, else its BDC agent; empty when nobody does."`
	// Day is the store's calendar day the lead arrived.
	Day       string    `json:"day"`
	ArrivedAt time.Time `json:"arrivedAt"`
	// FirstAutomatedAt is the first automated message sent to the customer (a workflow's
	// e-mail or text): it never counts as a human response.
	FirstAutomatedAt time.Time `json:"firstAutomatedAt,omitzero"`
	// FirstHumanAt is the first call, e-mail or text a user made to the customer.
	FirstHumanAt time.Time `json:"firstHumanAt,omitzero"`
	FirstHumanBy string    `json:"firstHumanBy,omitempty"`
	// FirstOutboundAt and FirstInboundAt are the first message each way; FirstTwoWayAt is the
	// first time both had happened, or a call that reached the customer.
	FirstOutboundAt time.Time `json:"firstOutboundAt,omitzero"`
	FirstInboundAt  time.Time `json:"firstInboundAt,omitzero"`
	FirstTwoWayAt   time.Time `json:"firstTwoWayAt,omitzero"`
	AppointmentAt   time.Time `json:"appointmentAt,omitzero"`
	ShownAt         time.Time `json:"shownAt,omitzero"`
	SoldAt          time.Time `json:"soldAt,omitzero"`
	LostAt          time.Time `json:"lostAt,omitzero"`
}

// Stage is a step of the BDC funnel.
type Stage string

// The funnel's stages, in order.
const (
	StageLead        Stage = "leads"
	StageContacted   Stage = "contacted"
	StageAppointment Stage = "appointmentSet"
	StageShown       Stage = "shown"
	StageSold        Stage = "sold"
)

// Stages returns the funnel's stages in order.
func Stages() []Stage {
	return []Stage{StageLead, StageContacted, StageAppointment, StageShown, StageSold}
}

// Reached reports whether l reached stage s. A later stage implies the earlier ones: a lead
// sold without a logged appointment was still shown and contacted.
func (l Lead) Reached(s Stage) bool {
	sold := !l.SoldAt.IsZero()
	shown := sold || !l.ShownAt.IsZero()
	appt := shown || !l.AppointmentAt.IsZero()
	switch s {
	case StageLead:
		return true
	case StageContacted:
		return appt || !l.FirstHumanAt.IsZero() || !l.FirstTwoWayAt.IsZero()
	case StageAppointment:
		return appt
	case StageShown:
		return shown
	case StageSold:
		return sold
	}
	return false
}

// Message is one conversation entry with a lead's customer, as the clocks read it.
type Message struct {
	At        time.Time
	Outbound  bool
	Automated bool
	// Reached marks a call that reached the customer: a conversation by itself.
	Reached bool
	UserID  string
}

// Observe records m in l's clocks and reports whether any changed. Messages before the lead
// arrived belong to an earlier conversation and are left out.
func (l *Lead) Observe(m Message) bool {
	if m.At.Before(l.ArrivedAt) {
		return false
	}
	changed := false
	first := func(t *time.Time) {
		if t.IsZero() || m.At.Before(*t) {
			*t = m.At
			changed = true
		}
	}
	if m.Outbound {
		first(&l.FirstOutboundAt)
		if m.Automated {
			first(&l.FirstAutomatedAt)
		} else if l.FirstHumanAt.IsZero() || m.At.Before(l.FirstHumanAt) {
			l.FirstHumanAt, l.FirstHumanBy, changed = m.At, m.UserID, true
		}
	} else {
		first(&l.FirstInboundAt)
	}
	switch {
	case m.Reached && !m.Automated:
		first(&l.FirstTwoWayAt)
	case !l.FirstOutboundAt.IsZero() && !l.FirstInboundAt.IsZero():
		at := l.FirstOutboundAt
		if l.FirstInboundAt.After(at) {
			at = l.FirstInboundAt
		}
		if l.FirstTwoWayAt.IsZero() || at.Before(l.FirstTwoWayAt) {
			l.FirstTwoWayAt, changed = at, true
		}
	}
	return changed
}

// leadItem is a Lead as stored.
type leadItem struct {
	Lead
}

// pointerItem names the lead a customer's messages and appointments at a store count on: the
// customer's latest lead there.
type pointerItem struct {
	LeadID int64
	Day    string
}

func leadKey(t store.Tenant, storeID int64, day string, leadID int64) (store.Key, error) {
	return t.Key("D#"+day+"#L#"+strconv.FormatInt(leadID, 10), "DASHLEAD", storePart(storeID))
}

func pointerKey(t store.Tenant, contactID, storeID int64) (store.Key, error) {
	return contactkey.Key(t, contactID, "DASHLEAD#"+storePart(storeID))
}

// Repo reads the dashboards' records and returns the writes that change them.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

// StartLeadOps returns the writes that start counting lead l: its record and the customer's
// pointer to it at l's store (a later lead of the customer takes the pointer over).
func StartLeadOps(t store.Tenant, l Lead) ([]store.Op, error) {
	k, err := leadKey(t, l.AccountPlatformID, l.Day, l.LeadID)
	if err != nil {
		return nil, err
	}
	pk, err := pointerKey(t, l.ContactID, l.AccountPlatformID)
	if err != nil {
		return nil, err
	}
	return []store.Op{
		store.PutOp(store.Record{Key: k, Type: typeLead, Value: leadItem{l}}),
		store.PutOp(store.Record{Key: pk, Type: typePointer, Value: pointerItem{LeadID: l.LeadID, Day: l.Day}}),
	}, nil
}

// Versioned is a lead's record with the version it was read at.
type Versioned struct {
	Lead    Lead
	Version int64
}

// LeadOf returns the lead customer contactID's messages at store storeID count on, with its
// version. A customer without a counted lead there is a NotFound error.
func (r *Repo) LeadOf(ctx context.Context, t store.Tenant, contactID, storeID int64) (Versioned, error) {
	pk, err := pointerKey(t, contactID, storeID)
	if err != nil {
		return Versioned{}, err
	}
	var p pointerItem
	if _, err := r.s.Get(ctx, pk, &p); err != nil {
		return Versioned{}, err
	}
	return r.Lead(ctx, t, storeID, p.Day, p.LeadID)
}

// Lead returns lead leadID of store storeID, arrived on day, with its version.
func (r *Repo) Lead(ctx context.Context, t store.Tenant, storeID int64, day string, leadID int64) (Versioned, error) {
	k, err := leadKey(t, storeID, day, leadID)
	if err != nil {
		return Versioned{}, err
	}
	var it leadItem
	v, err := r.s.Get(ctx, k, &it)
	if err != nil {
		return Versioned{}, err
	}
	return Versioned{Lead: it.Lead, Version: v}, nil
}

// UpdateLeadOp returns the write of l changed from the record read at version.
func UpdateLeadOp(t store.Tenant, l Lead, version int64) (store.Op, error) {
	k, err := leadKey(t, l.AccountPlatformID, l.Day, l.LeadID)
	if err != nil {
		return store.Op{}, err
	}
	return store.UpdateOp(store.Record{Key: k, Type: typeLead, Value: leadItem{l}, Version: version}), nil
}

// Leads calls fn with every lead of store storeID that arrived on the days from to to (both
// included, YYYY-MM-DD), in order of arrival day.
func (r *Repo) Leads(ctx context.Context, t store.Tenant, storeID int64, from, to string, fn func(Lead) error) error {
	part, err := t.Partition("DASHLEAD", storePart(storeID))
	if err != nil {
		return err
	}
	q := store.Query{Partition: part, SortFrom: "D#" + from, SortTo: "D#" + to + "#~", Limit: 1000}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("dashboard leads of store %d: %w", storeID, err)
		}
		var items []leadItem
		if err := page.Decode(&items); err != nil {
			return err
		}
		for _, it := range items {
			if err := fn(it.Lead); err != nil {
				return err
			}
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}

// Days returns the counters of store storeID on the days from to to (both included,
// YYYY-MM-DD): every user's, or only userID's when it is not empty.
func (r *Repo) Days(ctx context.Context, t store.Tenant, storeID int64, from, to, userID string) ([]Day, error) {
	var q store.Query
	if userID == "" {
		part, err := t.Partition("DASH", storePart(storeID))
		if err != nil {
			return nil, err
		}
		q = store.Query{Partition: part, SortFrom: "D#" + from, SortTo: "D#" + to + "#~", Limit: 1000}
	} else {
		part, err := t.Partition("DASHU", storePart(storeID), userID)
		if err != nil {
			return nil, err
		}
		q = store.Query{Index: "GSI1", Partition: part, SortFrom: "D#" + from, SortTo: "D#" + to, Limit: 1000}
	}
	var days []Day
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("dashboard counters of store %d: %w", storeID, err)
		}
		for i := range page.Items {
			var raw map[string]any
			if err := page.DecodeItem(i, &raw); err != nil {
				return nil, err
			}
			d := Day{AccountPlatformID: storeID, Counts: Counts{}}
			d.Day, _ = raw["Day"].(string)
			d.UserID, _ = raw["UserID"].(string)
			for _, c := range Counters() {
				if n, ok := raw[string(c)].(float64); ok {
					d.Counts[c] = int64(n)
				}
			}
			days = append(days, d)
		}
		if page.Next == "" {
			return days, nil
		}
		q.Cursor = page.Next
	}
}

// IsNotFound reports whether err is a NotFound error.
func IsNotFound(err error) bool { return apperr.CodeOf(err) == apperr.NotFound }
