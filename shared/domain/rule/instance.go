package rule

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Workflow instance statuses (the process statuses of section 4).
const (
	InstanceInProgress = 100
	InstanceCancelled  = 900
	InstanceSuccess    = 1000
)

// Instance is one run of a rule for a customer: started by a trigger, it holds the tasks it
// created and ends when a terminator happens, when every task is done, or when a user stops it.
type Instance struct {
	ID           string `json:"workflowId"`
	TriggerSetID int64  `json:"triggerSetId"`
	RuleName     string `json:"ruleName"`
	ContactID    int64  `json:"contactId"`
	EntityID     int64  `json:"entityId" doc:"The lead the workflow is about; 0 for none."`
	// GarageVehicleID is the garage vehicle the workflow is about (one started by the vehicle's
	// arrival in the customer's garage): the vehicle leaving the garage ends the workflow.
	GarageVehicleID   int64      `json:"garageVehicleId,omitempty" doc:"The customer's garage vehicle the workflow is about; absent for none."`
	AccountPlatformID int64      `json:"accountPlatformId"`
	Status            int        `json:"status" doc:"100 in progress, 900 cancelled, 1000 success."`
	StartedAt         time.Time  `json:"startedDt"`
	EndedAt           *time.Time `json:"endedDt,omitempty"`
	EndedBy           string     `json:"endedBy,omitempty"`
	EndReason         string     `json:"endReason,omitempty"`
	TriggerActivityID int64      `json:"triggerActivityTypeId"`
	TaskIDs           []string   `json:"taskIds"`
}

// Active reports whether the instance is still running.
func (i Instance) Active() bool { return i.Status == InstanceInProgress }

// InstanceID returns the id of the instance rule ruleID starts for event eventID: the same
// event and rule always name the same instance, so a redelivered event cannot start a second.
func InstanceID(eventID string, ruleID int64) string {
	sum := sha256.Sum256([]byte(eventID + "\x00" + strconv.FormatInt(ruleID, 10)))
	return "W" + hex.EncodeToString(sum[:10])
}

func instanceKey(t store.Tenant, contactID int64, id string) (store.Key, error) {
	return contactkey.Key(t, contactID, "WF#"+id)
}

// InstanceRecord returns the write of instance i (version 0 for a new one).
func InstanceRecord(t store.Tenant, i Instance, version int64) (store.Record, error) {
	k, err := instanceKey(t, i.ContactID, i.ID)
	if err != nil {
		return store.Record{}, err
	}
	byRule, err := t.IndexKey("GSI2", fmt.Sprintf("%04d#%s", i.Status, i.ID), "WFRULE", strconv.FormatInt(i.TriggerSetID, 10))
	if err != nil {
		return store.Record{}, err
	}
	byStore, err := t.IndexKey("GSI1", i.StartedAt.UTC().Format("2006-01-02T15:04:05.000Z")+"#"+i.ID, "WFSTORE", strconv.FormatInt(i.AccountPlatformID, 10))
	if err != nil {
		return store.Record{}, err
	}
	return store.Record{Key: k, Indexes: []store.IndexKey{byRule, byStore}, Type: "WorkflowInstance", Value: i, Version: version}, nil
}

// VersionedInstance is an instance and the version it was read at.
type VersionedInstance struct {
	Instance
	Version int64
}

// Instances returns the workflow instances of contacts ids, newest first.
func (r *Repo) Instances(ctx context.Context, t store.Tenant, ids []int64) ([]VersionedInstance, error) {
	var out []VersionedInstance
	for _, id := range ids {
		p, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		is, err := store.QueryAll[VersionedInstance](ctx, r.s, store.Query{Partition: p, SortPrefix: "WF#", Limit: 500})
		if err != nil {
			return nil, fmt.Errorf("workflows of %d: %w", id, err)
		}
		out = append(out, is...)
	}
	slices.SortStableFunc(out, func(a, b VersionedInstance) int { return b.StartedAt.Compare(a.StartedAt) })
	return out, nil
}

// Instance returns workflow id of contact contactID; a NotFound error when there is none.
func (r *Repo) Instance(ctx context.Context, t store.Tenant, contactID int64, id string) (VersionedInstance, error) {
	k, err := instanceKey(t, contactID, id)
	if err != nil {
		return VersionedInstance{}, err
	}
	var i Instance
	v, err := r.s.Get(ctx, k, &i)
	if apperr.CodeOf(err) == apperr.NotFound {
		return VersionedInstance{}, apperr.Errorf(apperr.NotFound, "The workflow does not exist.")
	}
	if err != nil {
		return VersionedInstance{}, err
	}
	return VersionedInstance{Instance: i, Version: v}, nil
}

// ActiveInstancesOfRule returns the in-progress instances of rule ruleID.
func (r *Repo) ActiveInstancesOfRule(ctx context.Context, t store.Tenant, ruleID int64) ([]VersionedInstance, error) {
	part, err := t.Partition("WFRULE", strconv.FormatInt(ruleID, 10))
	if err != nil {
		return nil, err
	}
	return store.QueryAll[VersionedInstance](ctx, r.s, store.Query{Index: "GSI2", Partition: part, SortPrefix: fmt.Sprintf("%04d#", InstanceInProgress), Limit: 500})
}

// InstancesOfStore returns the instances of store started in [from, to).
func (r *Repo) InstancesOfStore(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time) ([]VersionedInstance, error) {
	part, err := t.Partition("WFSTORE", strconv.FormatInt(storeID, 10))
	if err != nil {
		return nil, err
	}
	return store.QueryAll[VersionedInstance](ctx, r.s, store.Query{Index: "GSI1", Partition: part,
		SortFrom: from.UTC().Format("2006-01-02T15:04:05.000Z"), SortTo: to.UTC().Format("2006-01-02T15:04:05.000Z"), Limit: 500})
}
