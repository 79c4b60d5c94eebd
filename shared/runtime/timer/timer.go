// Package timer keeps timers: an event due at a time. A timer is an item under its tenant,
// created in the same transaction as the change that sets it (Op), and cancelled the same way
// (CancelOp) when the change it waits on happens first. A Firer fires the timers that are due:
// it hands each timer's event, with the write that deletes the timer, to its Fire function,
// which writes both in one transaction (the event to the outbox), so a timer fires once in
// effect however many firers run and however often.
//
// In AWS an EventBridge Scheduler schedule invokes the timer Lambda (events/timers) every
// minute; locally the gateway runs Loop on its clock. Time always comes from the Firer's
// clock, so tests fire timers by advancing a fake clock.
//
// Access patterns:
//
//	pattern                      index  key condition
//	a timer of a tenant          table  PK = A#{acct}#TM#{id}, SK = TIMER
//	due timers of a minute       GSI1   GSI1PK = G#TIMERS#{bucket}#{shard}, GSI1SK BETWEEN 0 AND {now}~
//	due timers written unsharded GSI1   GSI1PK = G#TIMERS#{bucket}, GSI1SK BETWEEN 0 AND {now}~
//	the firers' checkpoint       table  PK = G#TIMERS, SK = CHECKPOINT
//
// The schedule is bucketed by the minute the timer is due (or was created in, when that is
// later), so a run reads the few buckets since its checkpoint with bounded queries and never
// scans. Each bucket is spread over Shards index partitions by a hash of the timer's tenant and
// id: a minute in which 100,000 tasks fall due writes and deletes its schedule entries across
// them, each well within what one DynamoDB partition takes (1,000 writes a second), and a run
// reads the shards side by side. (Timers written before the shards were are in the bucket's
// unsharded partition, which a run also reads.) The checkpoint advances past a bucket only when the bucket ended Grace ago and
// every timer in it fired, so a timer written at a bucket's last moment is still found.
package timer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Bucket is the span of time one schedule partition holds.
const Bucket = time.Minute

// Shards is how many index partitions a bucket is spread over.
const Shards = 8

// shardOf returns the shard of timer id of account.
func shardOf(account, id string) string {
	h := fnv.New32a()
	h.Write([]byte(account + "#" + id))
	return strconv.Itoa(int(h.Sum32() % Shards))
}

// Defaults of a Firer.
const (
	// DefaultGrace is how long after a bucket ends the checkpoint may pass it.
	DefaultGrace = 2 * time.Minute
	// DefaultLookback is how far back the first run, with no checkpoint yet, reads.
	DefaultLookback = 15 * time.Minute
	// DefaultWorkers is how many timers fire at once.
	DefaultWorkers = 16
)

// Timer is an event due at a time.
type Timer struct {
	// ID names the timer within its tenant (letters, digits, '.', '_', ':' and '-', at most
	// 200): the code that sets it chooses an id it can cancel it by, such as
	// "leadreassign-{lead id}".
	ID string
	// Due is when the timer fires.
	Due time.Time
	// Type and Detail are the event the timer fires.
	Type   string
	Detail json.RawMessage
	// EventID is the id of the fired event; "" for timer-{id}-{due in Unix nanoseconds}, so
	// a timer fired twice fires the same event, and one set again fires a new one.
	EventID string
}

// item is the stored timer. Its field names avoid the store's own attributes (Type, Version).
type item struct {
	ID        string
	Account   string
	Due       time.Time
	Bucket    string
	EventType string
	Detail    string
	EventID   string
	CreatedAt time.Time
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,200}$`)

func key(t store.Tenant, id string) (store.Key, error) {
	if !idPattern.MatchString(id) {
		return store.Key{}, apperr.Errorf(apperr.Internal, "bad timer id %q", id)
	}
	return t.Key("TIMER", "TM", id)
}

func bucketOf(at time.Time) string { return at.UTC().Truncate(Bucket).Format("2006-01-02T15:04") }

const dueLayout = "2006-01-02T15:04:05.000000000Z"

func dueKey(due time.Time, account, id string) string {
	return due.UTC().Format(dueLayout) + "#" + account + "#" + id
}

// Op returns the write that creates tm in tenant t, for the transaction of the change that
// sets it; now is the writer's time (a timer due before now goes in now's bucket, which the
// firers have not passed). A timer with the same id that exists already makes the
// transaction fail with a Conflict error.
func Op(t store.Tenant, tm Timer, now time.Time) (store.Op, error) {
	return op(t, tm, now, true)
}

// op is Op, with the schedule entry in the bucket's shard or, unsharded, in the bucket's
// partition as timers were written before the schedule had shards.
func op(t store.Tenant, tm Timer, now time.Time, sharded bool) (store.Op, error) {
	if tm.Type == "" || tm.Due.IsZero() {
		return store.Op{}, apperr.Errorf(apperr.Internal, "timer %q needs an event type and a due time", tm.ID)
	}
	k, err := key(t, tm.ID)
	if err != nil {
		return store.Op{}, err
	}
	at := tm.Due
	if now.After(at) {
		at = now
	}
	b := bucketOf(at)
	parts := []string{"TIMERS", b}
	if sharded {
		parts = append(parts, shardOf(t.Account(), tm.ID))
	}
	idx, err := store.GlobalIndexKey("GSI1", dueKey(tm.Due, t.Account(), tm.ID), parts...)
	if err != nil {
		return store.Op{}, err
	}
	if tm.EventID == "" {
		tm.EventID = "timer-" + tm.ID + "-" + strconv.FormatInt(tm.Due.UnixNano(), 10)
	}
	detail := string(tm.Detail)
	if detail == "" {
		detail = "{}"
	}
	it := item{ID: tm.ID, Account: t.Account(), Due: tm.Due.UTC(), Bucket: b, EventType: tm.Type, Detail: detail, EventID: tm.EventID, CreatedAt: now.UTC()}
	return store.CreateOp(store.Record{Key: k, Indexes: []store.IndexKey{idx}, Type: "Timer", Value: it}), nil
}

// CancelOp returns the write that cancels timer id of tenant t, for the transaction of the
// change that makes it moot. Cancelling a timer that fired or never existed writes nothing.
func CancelOp(t store.Tenant, id string) (store.Op, error) {
	k, err := key(t, id)
	if err != nil {
		return store.Op{}, err
	}
	return store.RemoveOp(k), nil
}

// Set creates tm in tenant t on its own (see Op).
func Set(ctx context.Context, s *store.Store, t store.Tenant, tm Timer, now time.Time) error {
	op, err := Op(t, tm, now)
	if err != nil {
		return err
	}
	return s.Transact(ctx, op)
}

// Cancel cancels timer id of tenant t on its own (see CancelOp).
func Cancel(ctx context.Context, s *store.Store, t store.Tenant, id string) error {
	op, err := CancelOp(t, id)
	if err != nil {
		return err
	}
	return s.Transact(ctx, op)
}

// Pending returns timer id of tenant t while it has not fired nor been cancelled; a NotFound
// error otherwise.
func Pending(ctx context.Context, s *store.Store, t store.Tenant, id string) (Timer, error) {
	k, err := key(t, id)
	if err != nil {
		return Timer{}, err
	}
	var it item
	if _, err := s.Get(ctx, k, &it); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Timer{}, apperr.Errorf(apperr.NotFound, "The timer %s is not pending.", id)
		}
		return Timer{}, fmt.Errorf("get timer %s: %w", id, err)
	}
	return Timer{ID: it.ID, Due: it.Due, Type: it.EventType, Detail: json.RawMessage(it.Detail), EventID: it.EventID}, nil
}

// FireFunc delivers the event of a due timer: it applies done, the write that deletes the
// timer, and writes the event to the outbox, in one transaction. A Conflict error means the
// timer is gone (fired by another firer, or cancelled) and nothing was written.
type FireFunc func(ctx context.Context, e eventbus.Event, done store.Op) error

// ThroughOutbox is the FireFunc of the product: the timer's delete and its event's outbox item
// are one transaction, so a due timer announces its event exactly once in effect.
func ThroughOutbox(s *store.Store) FireFunc {
	return func(ctx context.Context, e eventbus.Event, done store.Op) error {
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return err
		}
		announced, err := eventbus.OutboxOp(t, e)
		if err != nil {
			return err
		}
		return s.Transact(ctx, done, announced)
	}
}

// PublishThenDelete is the FireFunc for a bus without an outbox (tests of a consumer on an
// in-process bus): it publishes the event, then
// deletes the timer. A crash or a concurrent firer between the two publishes the event again,
// with the same id, which consumers (idempotent by event id) take once.
func PublishThenDelete(s *store.Store, events eventbus.Publisher) FireFunc {
	return func(ctx context.Context, e eventbus.Event, done store.Op) error {
		if err := events.Publish(ctx, e); err != nil {
			return fmt.Errorf("publish timer event %s: %w", e.ID, err)
		}
		return s.Transact(ctx, done)
	}
}

// Firer fires due timers.
type Firer struct {
	Store *store.Store
	// Now is the firer's clock.
	Now func() time.Time
	// Fire delivers each due timer's event.
	Fire FireFunc
	// Grace and Lookback default to DefaultGrace and DefaultLookback.
	Grace, Lookback time.Duration
	// Workers is how many timers of a page fire at once; DefaultWorkers when 0.
	Workers int
	Log     *slog.Logger
}

type checkpoint struct {
	Bucket string
}

func checkpointKey() (store.Key, error) { return store.GlobalKey("CHECKPOINT", "TIMERS") }

// FireDue fires every timer due by now and returns how many it fired. A timer another firer
// fired first is not counted. It returns the errors of timers it could not fire (they stay,
// to fire on the next run) joined.
func (f *Firer) FireDue(ctx context.Context) (int, error) {
	now := f.Now().UTC()
	grace, lookback := f.Grace, f.Lookback
	if grace <= 0 {
		grace = DefaultGrace
	}
	if lookback <= 0 {
		lookback = DefaultLookback
	}
	ck, err := checkpointKey()
	if err != nil {
		return 0, err
	}
	var cp checkpoint
	start := now.Add(-lookback).Truncate(Bucket)
	if _, err := f.Store.Get(ctx, ck, &cp); err == nil {
		if at, perr := time.Parse("2006-01-02T15:04", cp.Bucket); perr == nil {
			start = at
		}
	} else if apperr.CodeOf(err) != apperr.NotFound {
		return 0, fmt.Errorf("read timer checkpoint: %w", err)
	}
	fired := 0
	var errs []error
	advance := start
	drained := true
	for b := start; !b.After(now); b = b.Add(Bucket) {
		n, err := f.fireBucket(ctx, b, now)
		fired += n
		if err != nil {
			errs = append(errs, err)
			drained = false
		}
		if drained && !b.Add(Bucket+grace).After(now) {
			advance = b.Add(Bucket)
		}
	}
	if advance.After(start) {
		if _, err := f.Store.Put(ctx, store.Record{Key: ck, Type: "TimerCheckpoint", Value: checkpoint{Bucket: bucketOf(advance)}}); err != nil {
			errs = append(errs, fmt.Errorf("save timer checkpoint: %w", err))
		}
	}
	return fired, errors.Join(errs...)
}

func (f *Firer) workers() int {
	if f.Workers > 0 {
		return f.Workers
	}
	return DefaultWorkers
}

// fireBucket fires the timers of bucket b due by now: its shards (and its unsharded
// partition) are read side by side, and at most Workers timers fire at once.
func (f *Firer) fireBucket(ctx context.Context, b, now time.Time) (int, error) {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		fired int
		errs  []error
		sem   = make(chan struct{}, f.workers())
	)
	for shard := range Shards + 1 {
		parts := []string{"TIMERS", bucketOf(b)}
		if shard < Shards {
			parts = append(parts, strconv.Itoa(shard))
		}
		part, err := store.GlobalPartition(parts...)
		if err != nil {
			return 0, err
		}
		wg.Go(func() {
			if err := f.firePartition(ctx, part, now, sem, func(ok bool, err error) {
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
				} else if ok {
					fired++
				}
			}); err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("query timers of %s: %w", bucketOf(b), err))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return fired, errors.Join(errs...)
}

// firePartition fires the timers of schedule partition part due by now, each when sem has
// room, telling done how each went. It returns once they all went, with the error of a read.
func (f *Firer) firePartition(ctx context.Context, part store.Partition, now time.Time, sem chan struct{}, done func(bool, error)) error {
	q := store.Query{Index: "GSI1", Partition: part, SortFrom: "0", SortTo: now.Format(dueLayout) + "~", Limit: 100}
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		page, err := f.Store.Query(ctx, q)
		if err != nil {
			return err
		}
		var items []item
		if err := page.Decode(&items); err != nil {
			return err
		}
		// Each timer is its own conditional transaction; the next page is read while a
		// page's timers fire.
		for _, it := range items {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				done(f.fire(ctx, it))
			})
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}

// fire fires one timer read from the schedule, which may lag the table: a timer the table no
// longer holds fired or was cancelled, and is left alone.
func (f *Firer) fire(ctx context.Context, it item) (bool, error) {
	t, err := store.NewTenant(it.Account)
	if err != nil {
		return false, err
	}
	k, err := key(t, it.ID)
	if err != nil {
		return false, err
	}
	var cur item
	v, err := f.Store.Get(ctx, k, &cur)
	if apperr.CodeOf(err) == apperr.NotFound {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("get timer %s: %w", it.ID, err)
	}
	if cur.EventID != it.EventID {
		// Cancelled and set again since the schedule was read: the new timer is in its own bucket.
		return false, nil
	}
	e := eventbus.Event{ID: cur.EventID, Type: cur.EventType, Account: cur.Account, Time: cur.Due, Detail: json.RawMessage(cur.Detail)}
	err = f.Fire(ctx, e, store.DeleteOp(k, v))
	if apperr.CodeOf(err) == apperr.Conflict {
		return false, nil
	}
	if err != nil {
		if f.Log != nil {
			f.Log.ErrorContext(ctx, "fire timer", "timer", it.ID, "account", it.Account, "err", err)
		}
		return false, fmt.Errorf("fire timer %s of %s: %w", it.ID, it.Account, err)
	}
	return true, nil
}

// Loop fires due timers on every tick until ctx ends: the local stand-in for the scheduled
// timer Lambda. Errors are logged; the timers concerned fire on a later tick.
func (f *Firer) Loop(ctx context.Context, ticks <-chan time.Time) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticks:
			if _, err := f.FireDue(ctx); err != nil && f.Log != nil {
				f.Log.ErrorContext(ctx, "fire due timers", "err", err)
			}
		}
	}
}

// ID returns a timer id of parts joined by '-', with characters a timer id cannot hold
// replaced by '_'.
func ID(parts ...string) string {
	s := strings.Join(parts, "-")
	return strings.Map(func(r rune) rune {
		if r < 128 && (r == '.' || r == '_' || r == ':' || r == '-' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return r
		}
		return '_'
	}, s)
}
