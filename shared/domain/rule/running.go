package rule

import (
	"context"
	"slices"

	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Running is a customer's running workflow instances, one item per customer that every start
// and every end of one of them writes in its own transaction, at the version it read. It lets
// the engine read, with one key in the batch it reads anyway, whether an event may end a
// workflow of the customer and whether a rule already runs for the same lead and vehicle,
// instead of querying the customer's workflows for every event; and since every start and end
// changes it at the version read, two of them that raced cannot both commit.
//
// A customer without the item has no running workflow.
type Running struct {
	Instances []RunningInstance `json:"instances"`
}

// RunningInstance is one running instance of a Running.
type RunningInstance struct {
	ID              string `json:"id"`
	TriggerSetID    int64  `json:"triggerSetId"`
	EntityID        int64  `json:"entityId,omitempty"`
	GarageVehicleID int64  `json:"garageVehicleId,omitempty"`
}

// VersionedRunning is a customer's Running and the version it was read at (0: no item).
type VersionedRunning struct {
	Running
	ContactID int64
	Version   int64
}

// Runs reports whether rule ruleID runs for lead leadID and garage vehicle vehicleID.
func (r Running) Runs(ruleID, leadID, vehicleID int64) bool {
	return slices.ContainsFunc(r.Instances, func(i RunningInstance) bool {
		return i.TriggerSetID == ruleID && i.EntityID == leadID && i.GarageVehicleID == vehicleID
	})
}

func runningKey(t store.Tenant, contactID int64) (store.Key, error) {
	return contactkey.Key(t, contactID, "WFRUN")
}

// RunningRead returns the read of customer contactID's running workflows, for a caller that
// batches it (store.BatchGet), and what was read once it was.
func (r *Repo) RunningRead(t store.Tenant, contactID int64) (*store.Read, func() VersionedRunning, error) {
	k, err := runningKey(t, contactID)
	if err != nil {
		return nil, nil, err
	}
	var run Running
	rd := &store.Read{Key: k, Out: &run}
	return rd, func() VersionedRunning {
		if !rd.Found {
			return VersionedRunning{ContactID: contactID}
		}
		return VersionedRunning{Running: run, ContactID: contactID, Version: rd.Version}
	}, nil
}

// RunningOf returns customer contactID's running workflows.
func (r *Repo) RunningOf(ctx context.Context, t store.Tenant, contactID int64) (VersionedRunning, error) {
	rd, got, err := r.RunningRead(t, contactID)
	if err != nil {
		return VersionedRunning{}, err
	}
	if err := r.s.BatchGet(ctx, rd); err != nil {
		return VersionedRunning{}, err
	}
	return got(), nil
}

// StartedOp returns the write that adds instance i to run, the running workflows of its
// customer as read: it fails (a Conflict) when they changed since.
func StartedOp(t store.Tenant, run VersionedRunning, i Instance) (store.Op, VersionedRunning, error) {
	next := VersionedRunning{ContactID: run.ContactID, Version: run.Version + 1}
	next.Instances = append(slices.Clip(run.Instances), RunningInstance{ID: i.ID, TriggerSetID: i.TriggerSetID, EntityID: i.EntityID, GarageVehicleID: i.GarageVehicleID})
	op, err := runningOp(t, run, next.Running)
	return op, next, err
}

// endedOp returns the write that takes the instances ended names out of run, the running
// workflows of their customer as read; none when there is no item.
func endedOp(t store.Tenant, run VersionedRunning, ended func(id string) bool) ([]store.Op, error) {
	if run.Version == 0 {
		return nil, nil
	}
	next := Running{Instances: slices.DeleteFunc(slices.Clone(run.Instances), func(i RunningInstance) bool { return ended(i.ID) })}
	op, err := runningOp(t, run, next)
	if err != nil {
		return nil, err
	}
	return []store.Op{op}, nil
}

func runningOp(t store.Tenant, run VersionedRunning, next Running) (store.Op, error) {
	if run.ContactID <= 0 {
		return store.Op{}, apperr.Errorf(apperr.Internal, "running workflows without a customer")
	}
	k, err := runningKey(t, run.ContactID)
	if err != nil {
		return store.Op{}, err
	}
	if next.Instances == nil {
		next.Instances = []RunningInstance{}
	}
	rec := store.Record{Key: k, Type: "RunningWorkflows", Value: next, Version: run.Version}
	if run.Version == 0 {
		return store.CreateOp(rec), nil
	}
	return store.UpdateOp(rec), nil
}

// KeepRunning writes the running workflows of every customer that has a running instance and
// no Running item, which instances started before the item existed lack. It scans the table,
// so it is an upgrade of stored data, run where such data may be (the local stack's start):
// once it has run, a system item says so and it reads nothing more. A customer whose item
// exists is left as it is.
func (r *Repo) KeepRunning(ctx context.Context) (int, error) {
	done, err := store.SystemKey("upgrade", "running-workflows")
	if err != nil {
		return 0, err
	}
	var mark struct{}
	switch _, err := r.s.Get(ctx, done, &mark); {
	case err == nil:
		return 0, nil
	case apperr.CodeOf(err) != apperr.NotFound:
		return 0, err
	}
	type customer struct {
		t         store.Tenant
		contactID int64
	}
	running := map[customer]VersionedRunning{}
	var order []customer
	err = r.s.ScanType(ctx, "WorkflowInstance", func(t store.Tenant, p store.Page, i int) error {
		var in Instance
		if err := p.DecodeItem(i, &in); err != nil {
			return err
		}
		if !in.Active() || in.ContactID <= 0 {
			return nil
		}
		c := customer{t, in.ContactID}
		run, ok := running[c]
		if !ok {
			order = append(order, c)
		}
		run.ContactID = in.ContactID
		run.Instances = append(run.Instances, RunningInstance{ID: in.ID, TriggerSetID: in.TriggerSetID, EntityID: in.EntityID, GarageVehicleID: in.GarageVehicleID})
		running[c] = run
		return nil
	})
	if err != nil {
		return 0, err
	}
	kept := 0
	for _, c := range order {
		run := running[c]
		op, err := runningOp(c.t, VersionedRunning{ContactID: c.contactID}, run.Running)
		if err != nil {
			return kept, err
		}
		switch err := r.s.Transact(ctx, op); {
		case err == nil:
			kept++
		case apperr.CodeOf(err) != apperr.Conflict:
			return kept, err
		}
	}
	return kept, r.s.Transact(ctx, store.PutOp(store.Record{Key: done, Type: "Upgrade", Value: struct{}{}}))
}
