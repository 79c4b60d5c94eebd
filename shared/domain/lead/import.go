package lead

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Step is one change of an imported lead, made by user By at At: exactly one of a status
// transition (Action, with Reason), an assignment (Assign), a claim (Claim, as the BDC agent
// with ClaimAsBDC), a vehicle of interest added (Vehicle, with its id) or the first response
// (Responded: the first outbound contact, as MarkResponded records it).
type Step struct {
	At         time.Time
	By         string
	Action     Action
	Reason     string
	Assign     *Assignment
	Claim      bool
	ClaimAsBDC bool
	Vehicle    *VehicleOfInterest
	Responded  bool
}

// History is a lead as it arrived (with its id, its vehicles' ids, CreatedAt and CreatedBy)
// and the changes made to it since, oldest first.
type History struct {
	Lead  Lead
	Steps []Step
}

// Replayed is an imported lead as its history left it: the lead at its version, its change-log
// entries and the activity entries its changes record.
type Replayed struct {
	Lead     Lead
	Log      []changelog.Revision
	Activity []activity.Past
}

// Replay applies h's changes to its lead with the rules the repository's calls apply
// (validation of a new lead, the transition table, assignment, claims, vehicles of interest,
// the first response), each at its own time, and returns the result. A change the rules
// refuse, a change before the previous one or after now, is an error naming the lead.
// The activity entries name their users by id only (the caller fills in UserName).
// Activity entries are numbered from the lead's id (a lead with n changes, at most 30, uses
// ids id*64+1 to id*64+n+1, leaving id*64+32 to id*64+63 to the caller's entries about the
// lead): ids of leads below 2^46 give entries ids that are unique and exact in JavaScript.
func Replay(t store.Tenant, h History, now time.Time) (Replayed, error) {
	l := h.Lead
	fail := func(err error) (Replayed, error) { return Replayed{}, fmt.Errorf("replay lead %d: %w", l.ID, err) }
	acct, err := strconv.ParseInt(t.Account(), 10, 64)
	if err != nil {
		return fail(apperr.Wrap(apperr.Internal, err, "the tenant is not an account id"))
	}
	if l.ID < 1 || l.ID >= 1<<46 || l.CreatedAt.IsZero() || l.CreatedBy == "" || len(h.Steps) > 30 {
		return fail(apperr.Errorf(apperr.Invalid, "an imported lead needs an id below 2^46, a creation time and user, and at most 30 changes"))
	}
	if err := validateNew(&l); err != nil {
		return fail(err)
	}
	if l.CreatedAt.After(now) {
		return fail(apperr.Errorf(apperr.Invalid, "the lead was created after now"))
	}
	created := l.CreatedAt.UTC()
	l.AccountID, l.CreatedAt, l.UpdatedAt, l.UpdatedBy, l.StatusChangedAt = acct, created, created, l.CreatedBy, created
	l.Vehicles, l.TradeIns = slices.Clone(l.Vehicles), slices.Clone(l.TradeIns)
	if l.Vehicles == nil {
		l.Vehicles = []VehicleOfInterest{}
	}
	if l.TradeIns == nil {
		l.TradeIns = []TradeIn{}
	}
	for _, v := range l.Vehicles {
		if v.CrmLeadVoiID < 1 {
			return fail(apperr.Errorf(apperr.Invalid, "an imported vehicle of interest needs an id"))
		}
	}
	for _, v := range l.TradeIns {
		if v.CrmLeadTradeID < 1 {
			return fail(apperr.Errorf(apperr.Invalid, "an imported trade-in needs an id"))
		}
	}
	choose(l.Vehicles, -1)
	l.Version, l.LogSeq = 1, 0
	var out Replayed
	logged := func(old *Lead, by string) {
		if changes := logChanges(old, l); len(changes) > 0 {
			l.LogSeq++
			out.Log = append(out.Log, changelog.Revision{ContactID: l.ContactID, LeadID: l.ID, Seq: l.LogSeq, At: l.UpdatedAt, UserID: by, Kind: changelog.KindLead, Changes: changes})
		}
	}
	entries := int64(0)
	recorded := func(typ string, detail *Changed, by string) error {
		e, err := event(t, typ, l, by, detail)
		if err != nil {
			return err
		}
		n, ok, err := ActivityEntry(e)
		if err != nil || !ok {
			return err
		}
		entries++
		out.Activity = append(out.Activity, activity.Past{New: n, ID: l.ID*64 + entries, At: l.UpdatedAt})
		return nil
	}
	logged(nil, l.CreatedBy)
	if err := recorded(EventCreated, nil, l.CreatedBy); err != nil {
		return fail(err)
	}
	last := created
	for i, s := range h.Steps {
		at := s.At.UTC()
		if at.Before(last) || at.After(now) || s.By == "" {
			return fail(apperr.Errorf(apperr.Invalid, "change %d is before the previous one, after now, or by nobody", i+1))
		}
		last = at
		if s.Responded {
			if !Open(l.Status) || l.FirstRespondedAt != nil {
				return fail(apperr.Errorf(apperr.Conflict, "change %d answers a lead that is closed or answered", i+1))
			}
			l.FirstRespondedAt = &at
			continue
		}
		old := l
		old.Vehicles, old.TradeIns = slices.Clone(l.Vehicles), slices.Clone(l.TradeIns)
		var (
			typ    string
			detail Changed
			err    error
		)
		switch {
		case s.Action != "":
			if len(s.Reason) > MaxReasonLength {
				return fail(apperr.Errorf(apperr.Invalid, "change %d: the reason is too long", i+1))
			}
			typ, detail, err = transition(&l, s.Action, s.Reason, at)
		case s.Assign != nil:
			typ, detail, err = assign(&l, *s.Assign)
		case s.Claim:
			typ, detail, err = claim(&l, s.By, s.ClaimAsBDC, at)
		case s.Vehicle != nil:
			var v VehicleOfInterest
			if v, err = ValidateVehicleOfInterest(*s.Vehicle); err == nil {
				if v.CrmLeadVoiID < 1 {
					err = apperr.Errorf(apperr.Invalid, "an imported vehicle of interest needs an id")
				} else {
					typ, detail, err = addVehicle(&l, v)
				}
			}
		default:
			err = apperr.Errorf(apperr.Invalid, "change %d changes nothing", i+1)
		}
		if err != nil {
			return fail(fmt.Errorf("change %d: %w", i+1, err))
		}
		l.UpdatedAt, l.UpdatedBy = at, s.By
		if typ != EventAssigned && typ != EventClaimed {
			l.Worked = true
		}
		l.Version++
		logged(&old, s.By)
		if err := recorded(typ, &detail, s.By); err != nil {
			return fail(err)
		}
	}
	out.Lead = l
	return out, nil
}

// Import stores the leads of histories hs as their histories left them (see Replay), with
// their pointer items, their vehicles' index items and their change logs, in batches and
// without events or conditions, and returns the activity entries their changes record, for
// activity.Repo.Import: for seeding and bulk loads of past leads nobody writes meanwhile. No
// timer is set (the leads' reassign rules belong to their past) and no event is published (the
// consumers' work for them is done). The sources the leads name must exist (EnsureSource).
// Every history is replayed first; one the rules refuse stops the import before anything is
// written.
func (r *Repo) Import(ctx context.Context, t store.Tenant, hs []History) ([]activity.Past, error) {
	now := r.now().UTC()
	replayed := make([]Replayed, 0, len(hs))
	for _, h := range hs {
		rp, err := Replay(t, h, now)
		if err != nil {
			return nil, err
		}
		replayed = append(replayed, rp)
	}
	var (
		recs []store.Record
		acts []activity.Past
	)
	for _, rp := range replayed {
		l := rp.Lead
		rec, err := record(t, l, 0)
		if err != nil {
			return nil, err
		}
		rec.Version = l.Version
		pk, err := pointerKey(t, l.ID)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec, store.Record{Key: pk, Type: "LeadPointer", Value: pointer{LeadID: l.ID, ContactID: l.ContactID}})
		for _, v := range l.Vehicles {
			vr, err := voiRecord(t, voiItemOf(l, v), true)
			if err != nil {
				return nil, err
			}
			recs = append(recs, vr)
		}
		for _, v := range l.TradeIns {
			k, err := vehicleKey(t, KindTrade, v.CrmLeadTradeID)
			if err != nil {
				return nil, err
			}
			recs = append(recs, store.Record{Key: k, Type: "LeadVehicle", Value: pointer{LeadID: l.ID, ContactID: l.ContactID}})
		}
		for _, e := range rp.Log {
			lr, err := changelog.Record(t, e)
			if err != nil {
				return nil, err
			}
			recs = append(recs, lr)
		}
		acts = append(acts, rp.Activity...)
	}
	if err := r.s.BatchPutVersions(ctx, recs); err != nil {
		return nil, fmt.Errorf("import leads: %w", err)
	}
	return acts, nil
}
