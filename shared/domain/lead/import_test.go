package lead_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
)

// pastLead is a web lead of contact 42 at store 7 that arrived at at, open to claims.
func pastLead(at time.Time) lead.Lead {
	return lead.Lead{
		ID: 900, AccountPlatformID: 7, ContactID: 42, LeadTypeID: lead.TypeInternet, Claimable: true, CreatedAt: at, CreatedBy: "system",
		Vehicles: []lead.VehicleOfInterest{{CrmLeadVoiID: 9001, Vehicle: lead.Vehicle{Year: 2026, Make: "Honda", Model: "CR-V"}}},
	}
}

// TestReplay replays histories with the rules of the repository's calls: a history the rules
// allow gives the lead, its version, its change log and its activity; one they refuse is an
// error.
func TestReplay(t *testing.T) {
	t.Parallel()
	tn, err := store.NewTenant("1")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 10, 3, 17, 0, 0, 0, time.UTC)
	now := at.Add(30 * 24 * time.Hour)
	min := func(n int) time.Time { return at.Add(time.Duration(n) * time.Minute) }
	voi := lead.VehicleOfInterest{CrmLeadVoiID: 9002, Vehicle: lead.Vehicle{Year: 2026, Make: "Honda", Model: "Pilot"}}
	tests := []struct {
		name         string
		steps        []lead.Step
		ok           bool
		status       lead.Status
		version      int64
		log, entries int
		worked       bool
	}{
		{"arrived only", nil, true, lead.StatusActive, 1, 1, 1, false},
		{"claimed and answered", []lead.Step{{At: min(3), By: "u1", Claim: true}, {At: min(4), By: "u1", Responded: true}}, true, lead.StatusActive, 2, 2, 2, false},
		{"sold and delivered", []lead.Step{
			{At: min(3), By: "u1", Claim: true}, {At: min(4), By: "u1", Responded: true}, {At: min(60), By: "u1", Vehicle: &voi},
			{At: min(2000), By: "u1", Action: lead.MarkSoldPending, Reason: "Deposit"}, {At: min(5000), By: "u1", Action: lead.MarkSoldDelivered},
		}, true, lead.StatusSoldDelivered, 5, 4, 4, true},
		{"assigned then lost", []lead.Step{{At: min(1), By: "system", Assign: &lead.Assignment{SalesPersonID: "u2"}}, {At: min(900), By: "u2", Action: lead.MarkLost, Reason: "Bought elsewhere"}},
			true, lead.StatusLost, 3, 3, 3, true},
		{"a delivered sale is final", []lead.Step{{At: min(3), By: "u1", Action: lead.MarkSoldDelivered}, {At: min(4), By: "u1", Action: lead.MarkLost}}, false, 0, 0, 0, 0, false},
		{"claimed twice", []lead.Step{{At: min(3), By: "u1", Claim: true}, {At: min(4), By: "u2", Claim: true}}, false, 0, 0, 0, 0, false},
		{"answered twice", []lead.Step{{At: min(3), By: "u1", Responded: true}, {At: min(4), By: "u1", Responded: true}}, false, 0, 0, 0, 0, false},
		{"out of order", []lead.Step{{At: min(30), By: "u1", Claim: true}, {At: min(4), By: "u1", Responded: true}}, false, 0, 0, 0, 0, false},
		{"after now", []lead.Step{{At: now.Add(time.Minute), By: "u1", Claim: true}}, false, 0, 0, 0, 0, false},
		{"changes nothing", []lead.Step{{At: min(3), By: "u1"}}, false, 0, 0, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rp, err := lead.Replay(tn, lead.History{Lead: pastLead(at), Steps: tt.steps}, now)
			if !tt.ok {
				if err == nil {
					t.Fatalf("replay = %+v, want an error", rp.Lead)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			l := rp.Lead
			if l.Status != tt.status || l.Version != tt.version || len(rp.Log) != tt.log || l.LogSeq != int64(tt.log) || len(rp.Activity) != tt.entries || l.Worked != tt.worked {
				t.Errorf("lead %s version %d worked %v, %d log entries (seq %d), %d activity entries; want %s, %d, %v, %d, %d",
					l.Status, l.Version, l.Worked, len(rp.Log), l.LogSeq, len(rp.Activity), tt.status, tt.version, tt.worked, tt.log, tt.entries)
			}
			if !l.CreatedAt.Equal(at) || l.AccountID != 1 {
				t.Errorf("created %s in account %d, want %s in 1", l.CreatedAt, l.AccountID, at)
			}
			for i, e := range rp.Activity {
				if err := e.Validate(); err != nil || e.ID != l.ID*64+int64(i)+1 || e.Kind != activity.KindLead {
					t.Errorf("activity %d: %+v (%v)", i, e, err)
				}
			}
		})
	}
}

// TestImport stores a past lead: it reads back as replayed, in the store's status index, and
// the next change of a user goes on from its version.
func TestImport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	tn, err := store.NewTenant("1")
	if err != nil {
		t.Fatal(err)
	}
	repo := lead.NewRepo(s, nil, nil)
	at := s.Now().Add(-72 * time.Hour)
	h := lead.History{Lead: pastLead(at), Steps: []lead.Step{
		{At: at.Add(2 * time.Minute), By: "u1", Claim: true}, {At: at.Add(3 * time.Minute), By: "u1", Responded: true},
		{At: at.Add(26 * time.Hour), By: "u1", Action: lead.MarkSoldPending},
	}}
	acts, err := repo.Import(ctx, tn, []lead.History{h})
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != 3 {
		t.Errorf("%d activity entries, want 3", len(acts))
	}
	got, err := repo.Get(ctx, tn, 900)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 3 || got.Status != lead.StatusSoldPending || got.FirstRespondedAt == nil || got.SalesPersonID != "u1" {
		t.Fatalf("imported lead = %+v", got)
	}
	page, err := repo.ByStatus(ctx, tn, 7, lead.StatusSoldPending, 10, "")
	if err != nil || len(page.Leads) != 1 {
		t.Fatalf("sold pending leads of store 7: %d (%v)", len(page.Leads), err)
	}
	next, err := repo.Transition(ctx, tn, 900, lead.MarkSoldDelivered, "", "u1", nil)
	if err != nil || next.Version != 4 {
		t.Fatalf("deliver the imported lead: version %d (%v)", next.Version, err)
	}
	if _, err := repo.Import(ctx, tn, []lead.History{{Lead: pastLead(s.Now().Add(time.Hour))}}); err == nil {
		t.Error("imported a lead that arrives after now")
	}
}
