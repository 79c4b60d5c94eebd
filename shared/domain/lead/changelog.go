package lead

import (
	"context"
	"slices"
	"strconv"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/runtime/store"
)

// logText is a status as the change log shows it.
func (s Status) logText() string {
	switch s {
	case StatusSoldDelivered:
		return "Sold (delivered)"
	case StatusSoldPending:
		return "Sold (pending)"
	}
	return s.String()
}

// typeName returns the name of lead type id, or its number when it has none.
func typeName(id int) string {
	for _, t := range Types() {
		if t.LeadTypeID == id {
			return t.Name
		}
	}
	if id == 0 {
		return ""
	}
	return strconv.Itoa(id)
}

// logChanges returns what the contact's change log records of a lead going from old (nil for a
// new lead) to l: its status, type, source, reason and who holds it, by paths
// leads[{id}].status and so on. Vehicles and comments are left to the lead itself.
func logChanges(old *Lead, l Lead) []changelog.Change {
	var was Lead
	if old != nil {
		was = *old
	}
	prefix := "leads[" + idPart(l.ID) + "]."
	var out []changelog.Change
	add := func(field, from, to string) {
		if from != to {
			out = append(out, changelog.Change{Field: prefix + field, OldValue: from, NewValue: to})
		}
	}
	status := func(x Lead) string {
		if x.Status == 0 {
			return ""
		}
		return x.Status.logText()
	}
	add("status", status(was), status(l))
	add("type", typeName(was.LeadTypeID), typeName(l.LeadTypeID))
	add("source", was.LeadSourceName, l.LeadSourceName)
	add("reason", was.Reason, l.Reason)
	add("salesPerson", was.SalesPersonID, l.SalesPersonID)
	add("bdcAgent", was.BDCAgentID, l.BDCAgentID)
	return out
}

// logOps returns the change-log entry of the change from old (nil for a new lead) to l, made by
// by, and advances l.LogSeq; no op when the change records nothing. The entry is a create
// guarded by the lead's versioned write, in the same transaction.
func logOps(t store.Tenant, old *Lead, l *Lead, by string) ([]store.Op, error) {
	changes := logChanges(old, *l)
	if len(changes) == 0 {
		return nil, nil
	}
	var seq int64
	if old != nil {
		seq = old.LogSeq
	}
	l.LogSeq = seq + 1
	op, err := changelog.Op(t, changelog.Revision{
		ContactID: l.ContactID, LeadID: l.ID, Seq: l.LogSeq, At: l.UpdatedAt, UserID: by, Kind: changelog.KindLead, Changes: changes,
	})
	if err != nil {
		return nil, err
	}
	return []store.Op{op}, nil
}

// LogSegments returns the change logs of the leads of the contacts owners (a contact's
// Owners()) with their entry counts, newest lead first; leads with no entries are left out.
func (r *Repo) LogSegments(ctx context.Context, t store.Tenant, owners []int64) ([]changelog.Segment, error) {
	ls, err := r.ForContact(ctx, t, owners)
	if err != nil {
		return nil, err
	}
	segs := make([]changelog.Segment, 0, len(ls))
	for _, l := range ls {
		if l.LogSeq > 0 {
			segs = append(segs, changelog.Segment{ContactID: l.ContactID, LeadID: l.ID, Count: l.LogSeq})
		}
	}
	return slices.Clip(segs), nil
}
