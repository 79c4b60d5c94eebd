package rule_test

import (
	"context"
	"testing"

	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/runtime/store"
)

// TestKeepRunning: instances written before the customers' running workflows existed get them
// once: the running instances of each customer, not the ended ones; a second run writes none.
func TestKeepRunning(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, tn := newRepo(t)
	instances := []rule.Instance{
		{ID: "W1", TriggerSetID: 7, ContactID: 501, EntityID: 11, Status: rule.InstanceInProgress, StartedAt: epoch},
		{ID: "W2", TriggerSetID: 8, ContactID: 501, GarageVehicleID: 3, Status: rule.InstanceInProgress, StartedAt: epoch},
		{ID: "W3", TriggerSetID: 7, ContactID: 501, EntityID: 10, Status: rule.InstanceCancelled, StartedAt: epoch},
		{ID: "W4", TriggerSetID: 7, ContactID: 502, Status: rule.InstanceSuccess, StartedAt: epoch},
	}
	for _, i := range instances {
		rec, err := rule.InstanceRecord(tn, i, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Store().Transact(ctx, store.CreateOp(rec)); err != nil {
			t.Fatal(err)
		}
	}
	kept, err := r.KeepRunning(ctx)
	if err != nil || kept != 1 {
		t.Fatalf("KeepRunning = %d, %v; want 1 customer", kept, err)
	}
	tests := []struct {
		contact int64
		rule    int64
		lead    int64
		vehicle int64
		want    bool
	}{
		{501, 7, 11, 0, true},
		{501, 8, 0, 3, true},
		{501, 7, 10, 0, false},
		{502, 7, 0, 0, false},
	}
	for _, tt := range tests {
		run, err := r.RunningOf(ctx, tn, tt.contact)
		if err != nil {
			t.Fatal(err)
		}
		if got := run.Runs(tt.rule, tt.lead, tt.vehicle); got != tt.want {
			t.Errorf("customer %d runs rule %d for lead %d, vehicle %d: %t, want %t", tt.contact, tt.rule, tt.lead, tt.vehicle, got, tt.want)
		}
	}
	// Once it has run, it reads nothing more: an instance written since is not looked at.
	late, err := rule.InstanceRecord(tn, rule.Instance{ID: "W5", TriggerSetID: 9, ContactID: 503, Status: rule.InstanceInProgress, StartedAt: epoch}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Store().Transact(ctx, store.CreateOp(late)); err != nil {
		t.Fatal(err)
	}
	if kept, err := r.KeepRunning(ctx); err != nil || kept != 0 {
		t.Errorf("second KeepRunning = %d, %v; want 0", kept, err)
	}
}
