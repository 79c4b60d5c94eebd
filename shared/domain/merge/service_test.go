package merge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// memContacts keeps contacts in memory and writes the transaction's other operations to the
// store, the way the contacts area writes both in one transaction.
type memContacts struct {
	st *store.Store
	mu sync.Mutex
	// byID holds the contacts that are not merged away.
	byID   map[int64]merge.Contact
	merged map[int64]int64
	log    []merge.Change
	// beforeMerge runs before a merge is written, to change things under it.
	beforeMerge func()
}

var _ merge.Contacts = (*memContacts)(nil)

func (m *memContacts) Load(_ context.Context, _ store.Tenant, id int64) (merge.Contact, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.byID[id]
	if !ok {
		return merge.Contact{}, apperr.Errorf(apperr.NotFound, "no contact %d", id)
	}
	return c, nil
}

func (m *memContacts) Merge(ctx context.Context, _ store.Tenant, plan merge.Merge, by merge.Actor, ops ...store.Op) error {
	if m.beforeMerge != nil {
		m.beforeMerge()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byID[plan.Survivor.ContactID].Version != plan.Survivor.Version || m.byID[plan.Merged.ContactID].Version != plan.Merged.Version {
		return apperr.Errorf(apperr.Conflict, "contact changed")
	}
	if err := m.st.Transact(ctx, ops...); err != nil {
		return err
	}
	s := plan.Survivor
	s.Version++
	m.byID[s.ContactID] = s
	delete(m.byID, plan.Merged.ContactID)
	m.merged[plan.Merged.ContactID] = s.ContactID
	m.log = append(m.log, plan.Changes...)
	return nil
}

func (m *memContacts) touch(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.byID[id]
	c.Version++
	m.byID[id] = c
}

// fixture returns a service over a fresh table and contacts 11 to 19 at store 2001 and 31 at
// store 2002 and 41 at store 2003.
// The bus receives the merges' events when the outbox is flushed.
func fixture(t *testing.T) (*merge.Service, *memContacts, *eventbus.Memory, *dynamotest.Outbox) {
	t.Helper()
	st := dynamotest.Store(t)
	m := &memContacts{st: st, byID: map[int64]merge.Contact{}, merged: map[int64]int64{}}
	for id := int64(11); id <= 19; id++ {
		m.byID[id] = merge.Contact{ContactID: id, AccountPlatformID: 2001, Version: 1, FirstName: "Dana", LastName: "Whitfield",
			Phones: []merge.Phone{{Phone: fmt.Sprintf("50355501%02d", id)}}}
	}
	m.byID[31] = merge.Contact{ContactID: 31, AccountPlatformID: 2002, Version: 1, FirstName: "Lee", LastName: "Ortiz"}
	m.byID[41] = merge.Contact{ContactID: 41, AccountPlatformID: 2003, Version: 1, FirstName: "Ada", LastName: "Moss"}
	events := eventbus.NewMemory()
	return merge.NewService(st, m, events, nil), m, events, dynamotest.NewOutbox(t, st, events)
}

func user(t *testing.T, id string) auth.Principal {
	t.Helper()
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	return auth.Principal{Tenant: tn, AccountID: 1001, UserID: id, ViewStores: []int64{2001, 2002}}
}

func wantError(t *testing.T, what string, err error, code apperr.Code, message string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != code || (message != "" && e.Message != message) {
		t.Errorf("%s: %v, want %s %q", what, err, code, message)
	}
}

func TestSessionLifecycle(t *testing.T) {
	t.Parallel()
	svc, contacts, events, outbox := fixture(t)
	var published []merge.Merged
	events.Subscribe(merge.EventMerged, func(_ context.Context, e eventbus.Event) error {
		var d merge.Merged
		if err := json.Unmarshal(e.Detail, &d); err != nil {
			return err
		}
		published = append(published, d)
		return nil
	})
	ctx := context.Background()
	p := user(t, "100001")

	_, err := svc.Current(ctx, p)
	wantError(t, "current session before any", err, apperr.NotFound, merge.MessageNoSession)

	s, err := svc.Add(ctx, p, 2001, 11)
	if err != nil || s.AccountPlatformID != 2001 || !slicesEqual(contactIDs(s), 11) || s.UserID != "100001" || s.ID == "" {
		t.Fatalf("first add = %+v, %v; want a new session at 2001 with 11", s, err)
	}
	cur, err := svc.Current(ctx, p)
	if err != nil || cur.ID != s.ID || !slicesEqual(contactIDs(cur), 11) {
		t.Errorf("current = %+v, %v", cur, err)
	}
	if _, err := svc.Current(ctx, user(t, "100002")); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("another user's current session: %v, want NotFound", err)
	}

	_, err = svc.Add(ctx, p, 2001, 11)
	wantError(t, "adding the same contact", err, apperr.Conflict, merge.MessageDuplicate)
	_, err = svc.Add(ctx, p, 2002, 31)
	wantError(t, "adding a contact of another store", err, apperr.Conflict, merge.MessageOtherStore)
	_, err = svc.Add(ctx, p, 2001, 31)
	wantError(t, "adding a contact under a store it is not at", err, apperr.NotFound, merge.MessageNoContact)
	_, err = svc.Add(ctx, p, 2001, 99)
	wantError(t, "adding a contact that does not exist", err, apperr.NotFound, merge.MessageNoContact)
	_, err = svc.Add(ctx, p, 2003, 41)
	wantError(t, "adding a contact of a store the user may not view", err, apperr.NotFound, "")

	_, err = svc.Simulate(ctx, p, 0)
	wantError(t, "simulating with one contact", err, apperr.Conflict, merge.MessageNeedTwo)

	s, err = svc.Add(ctx, p, 2001, 12)
	if err != nil || !slicesEqual(contactIDs(s), 11, 12) {
		t.Fatalf("second add = %+v, %v", s, err)
	}
	_, err = svc.Add(ctx, p, 2001, 13)
	wantError(t, "adding a third contact", err, apperr.Conflict, merge.MessageTwoSelected)

	sim, err := svc.Simulate(ctx, p, 0)
	if err != nil || sim.Survivor.ContactID != 11 || sim.Merged.ContactID != 12 || len(sim.Survivor.Phones) != 2 {
		t.Fatalf("simulate = %+v, %v; want 12 into 11 with both phones", sim, err)
	}
	sim, err = svc.Simulate(ctx, p, 12)
	if err != nil || sim.Survivor.ContactID != 12 || sim.Merged.ContactID != 11 {
		t.Errorf("simulate with 12 surviving = %+v, %v", sim, err)
	}
	if _, err := svc.Current(ctx, p); err != nil {
		t.Errorf("simulating ended the session: %v", err)
	}
	if len(contacts.log) != 0 || len(contacts.merged) != 0 {
		t.Error("simulating wrote contacts")
	}

	done, err := svc.Execute(ctx, p, 12)
	if err != nil || done.Survivor.ContactID != 12 || done.Merged.ContactID != 11 {
		t.Fatalf("execute = %+v, %v", done, err)
	}
	if contacts.merged[11] != 12 || len(contacts.byID[12].Phones) != 2 || len(contacts.log) == 0 {
		t.Errorf("after execute: merged %v, survivor %+v, log %v", contacts.merged, contacts.byID[12], contacts.log)
	}
	_, err = svc.Current(ctx, p)
	wantError(t, "current session after execute", err, apperr.NotFound, merge.MessageNoSession)
	outbox.Flush(t)
	if len(published) != 1 || published[0].SurvivorContactID != 12 || published[0].MergedContactID != 11 || published[0].AccountPlatformID != 2001 {
		t.Errorf("events = %+v", published)
	}
	_, err = svc.Execute(ctx, p, 0)
	wantError(t, "executing again", err, apperr.NotFound, merge.MessageNoSession)

	// A merged contact cannot be added again; a new session can be at another store.
	_, err = svc.Add(ctx, p, 2001, 11)
	wantError(t, "adding the merged contact", err, apperr.NotFound, merge.MessageNoContact)
	s, err = svc.Add(ctx, p, 2002, 31)
	if err != nil || s.AccountPlatformID != 2002 {
		t.Errorf("new session at 2002 = %+v, %v", s, err)
	}
}

func TestRemoveAndDelete(t *testing.T) {
	t.Parallel()
	svc, _, _, _ := fixture(t)
	ctx := context.Background()
	p := user(t, "100001")

	err := svc.Delete(ctx, p)
	wantError(t, "deleting without a session", err, apperr.NotFound, merge.MessageNoSession)
	_, err = svc.Remove(ctx, p, 11)
	wantError(t, "removing without a session", err, apperr.NotFound, merge.MessageNoSession)

	if _, err := svc.Add(ctx, p, 2001, 11); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Add(ctx, p, 2001, 12); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Remove(ctx, p, 13)
	wantError(t, "removing a contact not in the session", err, apperr.NotFound, merge.MessageNotInSession)
	s, err := svc.Remove(ctx, p, 11)
	if err != nil || !slicesEqual(contactIDs(s), 12) {
		t.Errorf("remove 11 = %+v, %v; want 12 left", s, err)
	}
	s, err = svc.Remove(ctx, p, 12)
	if err != nil || len(s.Contacts) != 0 {
		t.Errorf("remove 12 = %+v, %v; want none left", s, err)
	}
	_, err = svc.Current(ctx, p)
	wantError(t, "current session after removing every contact", err, apperr.NotFound, merge.MessageNoSession)

	// Replacing a session of another store: delete it, then start at the new store.
	if _, err := svc.Add(ctx, p, 2001, 11); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Add(ctx, p, 2002, 31)
	wantError(t, "contact of another store", err, apperr.Conflict, merge.MessageOtherStore)
	if err := svc.Delete(ctx, p); err != nil {
		t.Fatalf("delete: %v", err)
	}
	err = svc.Delete(ctx, p)
	wantError(t, "deleting twice", err, apperr.NotFound, merge.MessageNoSession)
	if s, err := svc.Add(ctx, p, 2002, 31); err != nil || s.AccountPlatformID != 2002 {
		t.Errorf("add after delete = %+v, %v", s, err)
	}
}

func TestConcurrentAddsNeverExceedTwo(t *testing.T) {
	t.Parallel()
	svc, _, _, _ := fixture(t)
	ctx := context.Background()
	p := user(t, "100003")
	var wg sync.WaitGroup
	var added, full atomic.Int64
	for id := int64(11); id <= 19; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := svc.Add(ctx, p, 2001, id)
			switch e, _ := apperr.As(err); {
			case err == nil:
				added.Add(1)
			case e != nil && e.Message == merge.MessageTwoSelected:
				full.Add(1)
			default:
				t.Errorf("add %d: %v", id, err)
			}
		}()
	}
	wg.Wait()
	s, err := svc.Current(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Contacts) != 2 || added.Load() != 2 || full.Load() != 7 {
		t.Errorf("session holds %v after %d adds and %d refusals, want 2 adds and 7 refusals", contactIDs(s), added.Load(), full.Load())
	}
}

func TestExecuteRefusesChangesUnderIt(t *testing.T) {
	t.Parallel()
	svc, contacts, _, _ := fixture(t)
	ctx := context.Background()
	p := user(t, "100001")
	for _, id := range []int64{11, 12} {
		if _, err := svc.Add(ctx, p, 2001, id); err != nil {
			t.Fatal(err)
		}
	}

	contacts.beforeMerge = func() { contacts.touch(12) }
	_, err := svc.Execute(ctx, p, 0)
	wantError(t, "execute while a contact changes", err, apperr.Conflict, "")

	contacts.beforeMerge = func() {
		if _, err := svc.Remove(ctx, p, 12); err != nil {
			t.Error(err)
		}
		if _, err := svc.Add(ctx, p, 2001, 12); err != nil {
			t.Error(err)
		}
	}
	_, err = svc.Execute(ctx, p, 0)
	wantError(t, "execute while the session changes", err, apperr.Conflict, "")
	if len(contacts.merged) != 0 {
		t.Errorf("a refused merge wrote contacts: %v", contacts.merged)
	}

	contacts.beforeMerge = nil
	if _, err := svc.Execute(ctx, p, 0); err != nil {
		t.Errorf("execute after the changes: %v", err)
	}

	// A user who can no longer view the session's store cannot merge there.
	q := user(t, "100004")
	for _, id := range []int64{13, 14} {
		if _, err := svc.Add(ctx, q, 2001, id); err != nil {
			t.Fatal(err)
		}
	}
	q.ViewStores = []int64{2002}
	_, err = svc.Simulate(ctx, q, 0)
	wantError(t, "simulate at a store no longer viewable", err, apperr.NotFound, "")
}

func slicesEqual(got []int64, want ...int64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}
