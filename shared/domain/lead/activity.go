package lead

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ActivityLog records entries in a contact's activity; *activity.Repo is one. Record returns
// the entry of an earlier write with the same key (created false) rather than a second one.
// FirstOps returns the writes of the first entry of a contact created in the same transaction,
// or an Invalid error for an invalid entry.
type ActivityLog interface {
	Record(ctx context.Context, t store.Tenant, n activity.New) (activity.Entry, bool, error)
	FirstOps(t store.Tenant, n activity.New) (activity.Entry, []store.Op, error)
}

var _ ActivityLog = (*activity.Repo)(nil)

// UserNames returns the display name of a user of tenant t ("" when unknown).
type UserNames func(ctx context.Context, t store.Tenant, userID string) string

// Activity types of lead changes besides the status transitions' (Action.ActivityType): a new
// lead is Active (section 4's list); assignment, claims and type or source changes have none
// in the spec, so they are named for what they record.
const (
	ActivityCreated       = "Active"
	ActivityAssigned      = "Assigned"
	ActivityClaimed       = "Claimed"
	ActivityTypeAndSource = "TypeSourceChanged"
)

// WithActivity returns a copy of r that records every lead change it makes (creation, status
// transition, assignment, claim, type or source change) in the lead's contact's activity,
// naming users through names (nil leaves the names empty).
func (r *Repo) WithActivity(log ActivityLog, names UserNames) *Repo {
	c := *r
	c.activity, c.names = log, names
	return &c
}

// ActivityEntry returns the activity entry that lead event e records in its contact's activity,
// keyed by the event's id: recording the same event again (a retry, a redelivery) records
// nothing more. ok is false for an event that records no activity (a change of the lead's
// vehicles).
func ActivityEntry(e eventbus.Event) (n activity.New, ok bool, err error) {
	var d Changed
	if err := json.Unmarshal(e.Detail, &d); err != nil {
		return activity.New{}, false, fmt.Errorf("lead event %s: %w", e.ID, err)
	}
	var typ, text string
	switch e.Type {
	case EventCreated:
		typ, text = ActivityCreated, "Lead created"
	case EventStatusChanged:
		typ = d.ActivityType
		text = fmt.Sprintf("Lead %s", d.Action.verb())
		if d.FromStatus != 0 {
			text = fmt.Sprintf("Lead %s (was %s)", d.Action.verb(), d.FromStatus.label())
		}
	case EventAssigned:
		typ, text = ActivityAssigned, "Lead assigned"
	case EventClaimed:
		typ, text = ActivityClaimed, "Lead claimed"
	case EventUpdated:
		if !slices.Contains(d.Fields, "leadTypeId") && !slices.Contains(d.Fields, "leadSourceId") {
			return activity.New{}, false, nil
		}
		typ, text = ActivityTypeAndSource, "Lead type or source changed"
	default:
		return activity.New{}, false, nil
	}
	details := map[string]string{
		"crmLeadId":    strconv.FormatInt(d.LeadID, 10),
		"activityType": typ,
		"leadStatusId": strconv.Itoa(int(d.Status)),
		"leadTypeId":   strconv.Itoa(d.LeadTypeID),
	}
	if d.LeadSourceID != 0 {
		details["leadSourceId"] = strconv.FormatInt(d.LeadSourceID, 10)
	}
	if d.FromStatus != 0 {
		details["fromLeadStatusId"] = strconv.Itoa(int(d.FromStatus))
	}
	if d.SalesPersonID != "" {
		details["salesPersonId"] = d.SalesPersonID
	}
	if d.BDCAgentID != "" {
		details["bdcAgentId"] = d.BDCAgentID
	}
	if len(d.Fields) > 0 {
		details["fields"] = strings.Join(d.Fields, ",")
	}
	return activity.New{
		ContactID: d.ContactID, AccountPlatformID: d.AccountPlatformID, Kind: activity.KindLead,
		Text: text, Details: details, UserID: d.UserID, Key: e.ID,
	}, true, nil
}

// firstActivityOps returns the writes that record event e as the first entry of its contact's
// activity, the contact being created in the same transaction; none without an activity log.
func (r *Repo) firstActivityOps(ctx context.Context, t store.Tenant, e eventbus.Event) ([]store.Op, error) {
	if r.activity == nil {
		return nil, nil
	}
	n, ok, err := ActivityEntry(e)
	if err != nil || !ok {
		return nil, err
	}
	if r.names != nil {
		n.UserName = r.names(ctx, t, n.UserID)
	}
	_, ops, err := r.activity.FirstOps(t, n)
	return ops, err
}

// recordActivity records event e in its contact's activity. The lead is saved already: a
// failure is logged with the event's id, for the event to be replayed (its key makes the replay
// record once).
func (r *Repo) recordActivity(ctx context.Context, t store.Tenant, e eventbus.Event) {
	if r.activity == nil {
		return
	}
	n, ok, err := ActivityEntry(e)
	if err == nil && ok {
		if r.names != nil {
			n.UserName = r.names(ctx, t, n.UserID)
		}
		_, _, err = r.activity.Record(ctx, t, n)
	}
	if err != nil {
		r.log.ErrorContext(ctx, "record lead activity", "event", e.ID, "type", e.Type, "err", err)
	}
}
