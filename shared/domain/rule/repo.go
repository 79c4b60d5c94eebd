package rule

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MsgNotFound is the message for a rule that does not exist or that the caller may not see.
const MsgNotFound = "The rule does not exist."

// msgStale is the message of a save over a rule changed since it was read.
const msgStale = "The rule was changed by someone else. Reload it and try again."

// TableTriggerSet is the change log table of rules.
const TableTriggerSet = "TriggerSet"

// Repo reads and writes rules, rule groups and action types.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s on s's clock.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

// WithClock returns r reading the time from now.
func (r *Repo) WithClock(now func() time.Time) *Repo {
	c := *r
	c.now = now
	return &c
}

// Store returns the repository's store.
func (r *Repo) Store() *store.Store { return r.s }

// Now returns the repository's time.
func (r *Repo) Now() time.Time { return r.now().UTC() }

// NewID returns a new positive id that fits a JavaScript number.
func NewID() int64 {
	for {
		var b [8]byte
		_, _ = rand.Read(b[:])
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}

func ruleKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("RULE", "RULE", strconv.FormatInt(id, 10))
}

func ruleStoreIndex(t store.Tenant, r TriggerSet) (store.IndexKey, error) {
	return t.IndexKey("GSI1", fmt.Sprintf("R#%08d#%d", max(r.Rank, 0), r.ID), "RULES", strconv.FormatInt(r.StoreID(), 10))
}

// ruleRecord returns the write of rule r at version (for an update; 0 for a create).
func ruleRecord(t store.Tenant, r TriggerSet, version int64) (store.Record, error) {
	k, err := ruleKey(t, r.ID)
	if err != nil {
		return store.Record{}, err
	}
	idx, err := ruleStoreIndex(t, r)
	if err != nil {
		return store.Record{}, err
	}
	r.Version = 0
	return store.Record{Key: k, Indexes: []store.IndexKey{idx}, Type: "Rule", Value: r, Version: version}, nil
}

// get returns the stored rule id (as stored, before PrepareLoad) and its version.
func (r *Repo) get(ctx context.Context, t store.Tenant, id int64) (TriggerSet, error) {
	k, err := ruleKey(t, id)
	if err != nil {
		return TriggerSet{}, err
	}
	var ts TriggerSet
	v, err := r.s.Get(ctx, k, &ts)
	if apperr.CodeOf(err) == apperr.NotFound {
		return TriggerSet{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return TriggerSet{}, fmt.Errorf("get rule %d: %w", id, err)
	}
	ts.Version = v
	return ts, nil
}

// Get returns rule id as the editor loads it (PrepareLoad). A rule of no store in stores (the
// stores the caller may view; nil for any) is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id int64, stores []int64) (TriggerSet, error) {
	ts, err := r.get(ctx, t, id)
	if err != nil {
		return TriggerSet{}, err
	}
	if stores != nil && !slices.Contains(stores, ts.StoreID()) {
		return TriggerSet{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	return PrepareLoad(ts), nil
}

// ForStore returns the rules of store, by rank, with the archived (deleted) ones when
// withDeleted.
func (r *Repo) ForStore(ctx context.Context, t store.Tenant, storeID int64, withDeleted bool) ([]TriggerSet, error) {
	part, err := t.Partition("RULES", strconv.FormatInt(storeID, 10))
	if err != nil {
		return nil, err
	}
	type item struct {
		TriggerSet
		Version int64
	}
	items, err := store.QueryAll[item](ctx, r.s, store.Query{Index: "GSI1", Partition: part, SortPrefix: "R#", Limit: 500})
	if err != nil {
		return nil, fmt.Errorf("rules of store %d: %w", storeID, err)
	}
	out := []TriggerSet{}
	for _, it := range items {
		if it.Deleted && !withDeleted {
			continue
		}
		ts := it.TriggerSet
		ts.Version = it.Version
		out = append(out, PrepareLoad(ts))
	}
	return out, nil
}

// Enabled returns the enabled, not archived rules of store.
func (r *Repo) Enabled(ctx context.Context, t store.Tenant, storeID int64) ([]TriggerSet, error) {
	all, err := r.ForStore(ctx, t, storeID, false)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, ts := range all {
		if ts.Enabled {
			out = append(out, ts)
		}
	}
	return out, nil
}

// Save stores rule in as the editor sent it (PrepareSave then Validate), on behalf of userID:
// a rule with id 0 or below is created, disabled; another replaces the stored rule, which must
// be at in.Version and in the same store. Enabled is kept as stored (activate and deactivate
// change it). Every changed field is recorded in the change log in the same transaction. A
// store outside stores (nil for any) is a NotFound error (the rule's or the one named); an invalid rule an Invalid error; a
// stale version a Conflict error; in every error case nothing changes.
func (r *Repo) Save(ctx context.Context, t store.Tenant, in TriggerSet, stores []int64, userID string) (TriggerSet, error) {
	ts := PrepareSave(in)
	actions, err := r.ActionTypes(ctx, t)
	if err != nil {
		return TriggerSet{}, err
	}
	if err := Validate(ts, actions); err != nil {
		return TriggerSet{}, err
	}
	if stores != nil && !slices.Contains(stores, ts.StoreID()) {
		return TriggerSet{}, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", ts.StoreID())
	}
	if ts.RuleGroupID != 0 {
		g, err := r.Group(ctx, t, ts.RuleGroupID)
		if err != nil || g.AccountPlatformID != ts.StoreID() {
			return TriggerSet{}, apperr.InvalidFields("The rule is not valid.", map[string]string{"ruleGroupId": "Choose a rule group of the rule's store."})
		}
	}
	now := r.Now()
	acct, _ := strconv.ParseInt(t.Account(), 10, 64)
	ts.AccountID = acct
	ts.UpdatedAt, ts.UpdatedBy = &now, userID
	var old TriggerSet
	isNew := ts.ID == 0
	if isNew {
		ts.ID = NewID()
		ts.Enabled = false
		ts.IsNewRule = false
		ts.CreatedAt, ts.CreatedBy = &now, userID
	} else {
		old, err = r.get(ctx, t, ts.ID)
		if err != nil {
			return TriggerSet{}, err
		}
		if stores != nil && !slices.Contains(stores, old.StoreID()) {
			return TriggerSet{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
		}
		if old.StoreID() != ts.StoreID() {
			return TriggerSet{}, apperr.InvalidFields("The rule is not valid.", map[string]string{"accountPlatformIds": "A rule stays in its store; copy it to another store instead."})
		}
		if in.Version != old.Version {
			return TriggerSet{}, apperr.Errorf(apperr.Conflict, msgStale)
		}
		ts.Enabled, ts.IsNewRule, ts.Seeded = old.Enabled, false, old.Seeded
		ts.CreatedAt, ts.CreatedBy = old.CreatedAt, old.CreatedBy
	}
	assignIDs(&ts, old)
	ops, err := r.writeOps(t, ts, old, isNew, userID, now)
	if err != nil {
		return TriggerSet{}, err
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return TriggerSet{}, apperr.Wrap(apperr.Conflict, err, msgStale)
		}
		return TriggerSet{}, fmt.Errorf("save rule %d: %w", ts.ID, err)
	}
	if isNew {
		ts.Version = 1
	} else {
		ts.Version = old.Version + 1
	}
	return PrepareLoad(ts), nil
}

// writeOps returns the writes of rule ts replacing old (isNew: creating it), with its change
// log entries.
func (r *Repo) writeOps(t store.Tenant, ts, old TriggerSet, isNew bool, userID string, now time.Time) ([]store.Op, error) {
	var rec store.Record
	var err error
	if isNew {
		rec, err = ruleRecord(t, ts, 0)
	} else {
		rec, err = ruleRecord(t, ts, old.Version)
	}
	if err != nil {
		return nil, err
	}
	var ops []store.Op
	if isNew {
		ops = append(ops, store.CreateOp(rec))
	} else {
		ops = append(ops, store.UpdateOp(rec))
	}
	logs, err := logOps(t, ts.ID, old.Version+1, Diff(old, ts, isNew), userID, now)
	if err != nil {
		return nil, err
	}
	sk, err := stampKey(t, ts.StoreID())
	if err != nil {
		return nil, err
	}
	// Every write of a rule stamps its store's rules anew, so a reader that cached them knows.
	ops = append(ops, store.PutOp(store.Record{Key: sk, Type: "RuleStamp", Value: rulesStamp{Stamp: fmt.Sprintf("%d.%d.%d", ts.ID, old.Version+1, now.UnixNano())}}))
	return append(ops, logs...), nil
}

// assignIDs gives new tasks and notifications of ts their ids, and drops the deleted
// notifications that were saved.
func assignIDs(ts *TriggerSet, old TriggerSet) {
	used := map[int64]bool{}
	for _, t := range old.TriggerSetTasks {
		used[t.TriggerSetTaskID] = true
	}
	for i := range ts.TriggerSetTasks {
		tk := &ts.TriggerSetTasks[i]
		if tk.TriggerSetTaskID == 0 || !used[tk.TriggerSetTaskID] {
			tk.TriggerSetTaskID = NewID()
		}
		tk.TriggerSetID = ts.ID
		notes := tk.TriggerSetTaskNotifications[:0]
		for _, n := range tk.TriggerSetTaskNotifications {
			if n.Deleted {
				continue
			}
			if n.TriggerSetTaskNotificationID == 0 {
				n.TriggerSetTaskNotificationID = NewID()
			}
			notes = append(notes, n)
		}
		tk.TriggerSetTaskNotifications = notes
	}
	notes := ts.TriggerSetNotifications[:0]
	for _, n := range ts.TriggerSetNotifications {
		if n.Deleted {
			continue
		}
		if n.TriggerSetNotificationID == 0 {
			n.TriggerSetNotificationID = NewID()
		}
		notes = append(notes, n)
	}
	ts.TriggerSetNotifications = notes
}

// SetEnabled activates (on) or deactivates rule id, on behalf of userID, and returns it. An
// archived rule cannot be activated (Conflict). The change is logged.
func (r *Repo) SetEnabled(ctx context.Context, t store.Tenant, id int64, on bool, stores []int64, userID string) (TriggerSet, error) {
	return r.change(ctx, t, id, stores, userID, func(ts *TriggerSet) error {
		if on && ts.Deleted {
			return apperr.Errorf(apperr.Conflict, "An archived rule cannot be activated. Unarchive it first.")
		}
		ts.Enabled = on
		return nil
	})
}

// Unarchive restores archived rule id, disabled.
func (r *Repo) Unarchive(ctx context.Context, t store.Tenant, id int64, stores []int64, userID string) (TriggerSet, error) {
	return r.change(ctx, t, id, stores, userID, func(ts *TriggerSet) error {
		if !ts.Deleted {
			return apperr.Errorf(apperr.Conflict, "The rule is not archived.")
		}
		ts.Deleted, ts.Enabled = false, false
		return nil
	})
}

// change applies fn to rule id and stores it with its change log, retrying a lost race.
func (r *Repo) change(ctx context.Context, t store.Tenant, id int64, stores []int64, userID string, fn func(*TriggerSet) error) (TriggerSet, error) {
	for attempt := 0; ; attempt++ {
		old, err := r.get(ctx, t, id)
		if err != nil {
			return TriggerSet{}, err
		}
		if stores != nil && !slices.Contains(stores, old.StoreID()) {
			return TriggerSet{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
		}
		ts := old
		ts.TriggerSetTasks = slices.Clone(old.TriggerSetTasks)
		if err := fn(&ts); err != nil {
			return TriggerSet{}, err
		}
		now := r.Now()
		ts.UpdatedAt, ts.UpdatedBy = &now, userID
		ts.IsNewRule = false
		ops, err := r.writeOps(t, ts, old, false, userID, now)
		if err != nil {
			return TriggerSet{}, err
		}
		err = r.s.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 4 {
			continue
		}
		if err != nil {
			return TriggerSet{}, fmt.Errorf("change rule %d: %w", id, err)
		}
		ts.Version = old.Version + 1
		return PrepareLoad(ts), nil
	}
}

// CopyOps returns the writes that create a copy of rule src in store storeID (disabled, new
// ids, in the target store's rule group of the same name and type when it has one), on behalf
// of userID, and the copy. copyKey names the copy request: its copy has an id derived from it,
// so writing the copy of one request twice fails with a Conflict error.
func (r *Repo) CopyOps(ctx context.Context, t store.Tenant, src TriggerSet, storeID int64, userID, copyKey string) ([]store.Op, TriggerSet, error) {
	ts := src
	ts.ID = copyID(t.Account() + "\x00" + copyKey)
	ts.AccountPlatformIDs = []int64{storeID}
	ts.Enabled, ts.Deleted, ts.Seeded = false, false, ""
	ts.RuleGroupID = 0
	if src.RuleGroupID != 0 {
		if g, err := r.Group(ctx, t, src.RuleGroupID); err == nil {
			groups, err := r.Groups(ctx, t, []int64{storeID})
			if err != nil {
				return nil, TriggerSet{}, err
			}
			for _, tg := range groups {
				if strings.EqualFold(tg.Name, g.Name) && tg.RuleGroupTypeID == g.RuleGroupTypeID {
					ts.RuleGroupID = tg.ID
				}
			}
		}
	}
	ts.TriggerSetTasks = slices.Clone(src.TriggerSetTasks)
	for i := range ts.TriggerSetTasks {
		ts.TriggerSetTasks[i].TriggerSetTaskID = 0
		ts.TriggerSetTasks[i].TriggerSetTaskNotifications = clearNoteIDs(ts.TriggerSetTasks[i].TriggerSetTaskNotifications)
	}
	ts.TriggerSetNotifications = clearNoteIDs(src.TriggerSetNotifications)
	ts.TriggerSetFilters = nil
	for _, f := range src.TriggerSetFilters {
		ts.TriggerSetFilters = append(ts.TriggerSetFilters, storeFilter(f))
	}
	now := r.Now()
	ts.CreatedAt, ts.CreatedBy, ts.UpdatedAt, ts.UpdatedBy = &now, userID, &now, userID
	ts.IsNewRule = false
	assignIDs(&ts, TriggerSet{})
	ops, err := r.writeOps(t, ts, TriggerSet{}, true, userID, now)
	if err != nil {
		return nil, TriggerSet{}, err
	}
	ts.Version = 1
	return ops, PrepareLoad(ts), nil
}

// StoredForCopy returns rule id as stored, for copying; a NotFound error when there is none.
func (r *Repo) StoredForCopy(ctx context.Context, t store.Tenant, id int64) (TriggerSet, error) {
	return r.get(ctx, t, id)
}

// copyID derives the id of a copy from its request key, so a redelivered copy request writes
// the same rule (and fails on it) instead of a second copy.
func copyID(key string) int64 {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
	}
	id := int64(h >> 11)
	if id == 0 {
		id = 1
	}
	return id
}

func clearNoteIDs(ns []Notification) []Notification {
	out := make([]Notification, 0, len(ns))
	for _, n := range ns {
		n.TriggerSetNotificationID, n.TriggerSetTaskNotificationID = 0, 0
		out = append(out, n)
	}
	return out
}

// LogEntry is one changed field of one rule save.
type LogEntry struct {
	ChangeLogID int64     `json:"changeLogId"`
	TableName   string    `json:"tableName"`
	RecordID    int64     `json:"recordId"`
	FieldName   string    `json:"fieldName"`
	OldValue    string    `json:"oldValue"`
	NewValue    string    `json:"newValue"`
	ChangedBy   string    `json:"changedBy"`
	ChangedAt   time.Time `json:"changedDt"`
}

// Diff returns the fields of rule b that differ from a (every field of b when isNew), by their
// JSON path, leaving out who-and-when fields.
func Diff(a, b TriggerSet, isNew bool) []LogEntry {
	fa, fb := map[string]string{}, map[string]string{}
	if !isNew {
		flatten(a, fa)
	}
	flatten(b, fb)
	keys := map[string]bool{}
	for k := range fa {
		keys[k] = true
	}
	for k := range fb {
		keys[k] = true
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	var out []LogEntry
	for _, k := range names {
		if fa[k] != fb[k] {
			out = append(out, LogEntry{TableName: TableTriggerSet, RecordID: b.ID, FieldName: k, OldValue: fa[k], NewValue: fb[k]})
		}
	}
	return out
}

func flatten(ts TriggerSet, out map[string]string) {
	ts.Version, ts.CreatedAt, ts.UpdatedAt, ts.CreatedBy, ts.UpdatedBy, ts.IsNewRule = 0, nil, nil, "", "", false
	ts.AccountID = 0
	body, _ := json.Marshal(ts)
	var v any
	_ = json.Unmarshal(body, &v)
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				p := k
				if path != "" {
					p = path + "." + k
				}
				walk(p, c)
			}
		case []any:
			for i, c := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), c)
			}
		case nil:
		default:
			out[path] = fmt.Sprint(x)
		}
	}
	walk("", v)
}

func logOps(t store.Tenant, ruleID, version int64, entries []LogEntry, userID string, now time.Time) ([]store.Op, error) {
	const maxEntries = 80
	if len(entries) > maxEntries {
		entries = append(entries[:maxEntries-1], LogEntry{TableName: TableTriggerSet, RecordID: ruleID, FieldName: "*", NewValue: fmt.Sprintf("%d more fields changed", len(entries)-maxEntries+1)})
	}
	ops := make([]store.Op, 0, len(entries))
	for i, e := range entries {
		e.ChangeLogID = now.UnixMilli()*1000 + int64(i)
		e.ChangedBy, e.ChangedAt = userID, now
		sk := fmt.Sprintf("LOG#%s#%08d#%04d", now.Format("2006-01-02T15:04:05.000000000Z"), version, i)
		k, err := t.Key(sk, "RULE", strconv.FormatInt(ruleID, 10))
		if err != nil {
			return nil, err
		}
		idx, err := t.IndexKey("GSI1", fmt.Sprintf("%s#%d#%08d#%04d", now.Format("2006-01-02T15:04:05.000000000Z"), ruleID, version, i), "RULELOG", e.TableName)
		if err != nil {
			return nil, err
		}
		ops = append(ops, store.CreateOp(store.Record{Key: k, Indexes: []store.IndexKey{idx}, Type: "RuleChange", Value: e}))
	}
	return ops, nil
}

// ChangeLog returns page (from 1) of size entries of the change log of table, newest first,
// of the rules of stores (nil for any), or of rule recordID only when it is not 0, and the
// total count.
func (r *Repo) ChangeLog(ctx context.Context, t store.Tenant, table string, recordID int64, stores []int64, page, size int) ([]LogEntry, int, error) {
	var entries []LogEntry
	var err error
	if recordID != 0 {
		if _, err := r.Get(ctx, t, recordID, stores); err != nil {
			return nil, 0, err
		}
		part, perr := t.Partition("RULE", strconv.FormatInt(recordID, 10))
		if perr != nil {
			return nil, 0, perr
		}
		entries, err = store.QueryAll[LogEntry](ctx, r.s, store.Query{Partition: part, SortPrefix: "LOG#", Descending: true, Limit: 500})
	} else {
		part, perr := t.Partition("RULELOG", table)
		if perr != nil {
			return nil, 0, perr
		}
		entries, err = store.QueryAll[LogEntry](ctx, r.s, store.Query{Index: "GSI1", Partition: part, Descending: true, Limit: 1000})
		if err == nil && stores != nil {
			visible := map[int64]bool{}
			for _, st := range stores {
				rs, ferr := r.ForStore(ctx, t, st, true)
				if ferr != nil {
					return nil, 0, ferr
				}
				for _, x := range rs {
					visible[x.ID] = true
				}
			}
			kept := entries[:0]
			for _, e := range entries {
				if visible[e.RecordID] {
					kept = append(kept, e)
				}
			}
			entries = kept
		}
	}
	if err != nil {
		return nil, 0, fmt.Errorf("change log of %s: %w", table, err)
	}
	total := len(entries)
	from := (page - 1) * size
	if from >= total {
		return []LogEntry{}, total, nil
	}
	return entries[from:min(from+size, total)], total, nil
}

// rulesStamp changes with every write of one of a store's rules.
type rulesStamp struct {
	Stamp string `json:"stamp"`
}

func stampKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key("STAMP", "RULES", strconv.FormatInt(storeID, 10))
}

// MaxCachedStores bounds the stores an EnabledCache keeps.
const MaxCachedStores = 1000

// EnabledCache keeps stores' enabled rules by the stamp every rule write of the store replaces:
// a read of the small stamp item tells whether the kept rules are still the store's, so a
// changed rule applies to the next read, and an unchanged store's rules are not read again.
type EnabledCache struct {
	mu sync.Mutex
	m  map[string]cachedRules
}

type cachedRules struct {
	stamp string
	rules []TriggerSet
}

// StampRead returns the read of store storeID's rules stamp, for a caller that batches it with
// other reads (store.BatchGet), and what Enabled answers once it was read: the kept rules while
// the stamp is theirs, else the store's rules read then.
func (c *EnabledCache) StampRead(r *Repo, t store.Tenant, storeID int64) (*store.Read, func(context.Context) ([]TriggerSet, error), error) {
	k, err := stampKey(t, storeID)
	if err != nil {
		return nil, nil, err
	}
	var st rulesStamp
	rd := &store.Read{Key: k, Out: &st}
	return rd, func(ctx context.Context) ([]TriggerSet, error) { return c.enabledAt(ctx, r, t, storeID, st.Stamp) }, nil
}

// Kept returns the enabled rules of store storeID of tenant t the cache last read, which may
// be older than the store's: a caller that reads ahead by them checks them with Enabled.
func (c *EnabledCache) Kept(t store.Tenant, storeID int64) []TriggerSet {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[t.Account()+"/"+strconv.FormatInt(storeID, 10)].rules
}

// Enabled returns the enabled, not archived rules of store storeID as r reads them, from the
// cache while the store's stamp is the one they were read at.
func (c *EnabledCache) Enabled(ctx context.Context, r *Repo, t store.Tenant, storeID int64) ([]TriggerSet, error) {
	k, err := stampKey(t, storeID)
	if err != nil {
		return nil, err
	}
	var st rulesStamp
	if _, err := r.s.Get(ctx, k, &st); err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, fmt.Errorf("rules stamp of store %d: %w", storeID, err)
	}
	return c.enabledAt(ctx, r, t, storeID, st.Stamp)
}

// enabledAt returns the enabled rules of store storeID whose stamp was just read as stamp.
func (c *EnabledCache) enabledAt(ctx context.Context, r *Repo, t store.Tenant, storeID int64, stamp string) ([]TriggerSet, error) {
	id := t.Account() + "/" + strconv.FormatInt(storeID, 10)
	c.mu.Lock()
	got, ok := c.m[id]
	c.mu.Unlock()
	if ok && got.stamp == stamp {
		return got.rules, nil
	}
	// The rules are read after the stamp: rules kept under a stamp are never older than it.
	rules, err := r.Enabled(ctx, t, storeID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= MaxCachedStores {
		c.m = map[string]cachedRules{}
	}
	c.m[id] = cachedRules{stamp: stamp, rules: rules}
	return rules, nil
}
