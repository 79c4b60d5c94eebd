package activity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// EventLogged is the type of the event published for every new entry; its detail is the
// Entry.
const EventLogged = "ActivityLogged"

// KeyRetention is how long an idempotency key is kept: a retry within it has no second effect.
const KeyRetention = 7 * 24 * time.Hour

// MsgNoteNotFound is the message for a note that does not exist or that the caller may not see.
const MsgNoteNotFound = "The note does not exist."

const (
	typeEntry   = "Activity"
	typeSummary = "ActivitySummary"
	typeKey     = "ActivityKey"
	typeNote    = "NotePointer"
	skSummary   = "SUMMARY"
	skNote      = "NOTE"
	entryPrefix = "E#"
	timeLayout  = "2006-01-02T15:04:05.000000000Z"
	gsiCategory = "GSI1"
)

// Repo reads and writes activity entries.
type Repo struct {
	s   *store.Store
	log *slog.Logger
	now func() time.Time
}

// NewRepo returns a repository over s. Every entry it records writes its EventLogged event to
// the outbox in the entry's own transaction; events is not used (the relay publishes) and is
// kept so that existing callers build.
func NewRepo(s *store.Store, _ eventbus.Publisher, log *slog.Logger) *Repo {
	if log == nil {
		log = slog.Default()
	}
	return &Repo{s: s, log: log, now: s.Now}
}

// WithClock returns a copy of r whose entries are stamped by now.
func (r *Repo) WithClock(now func() time.Time) *Repo {
	c := *r
	c.now = now
	return &c
}

// entryItem is an Entry as stored.
type entryItem struct {
	ID                int64
	ContactID         int64
	AccountPlatformID int64
	Kind              string
	Direction         string
	Text              string
	Details           map[string]string
	UserID            string
	UserName          string
	ActorUserID       string
	At                time.Time
}

func toItem(e Entry) entryItem {
	return entryItem{ID: e.ID, ContactID: e.ContactID, AccountPlatformID: e.AccountPlatformID, Kind: string(e.Kind),
		Direction: string(e.Direction), Text: e.Text, Details: e.Details, UserID: e.UserID, UserName: e.UserName,
		ActorUserID: e.ActorUserID, At: e.At.UTC()}
}

func fromItem(it entryItem) Entry {
	k := Kind(it.Kind)
	return Entry{ID: it.ID, ContactID: it.ContactID, AccountPlatformID: it.AccountPlatformID, Kind: k, Category: k.Category(),
		Direction: Direction(it.Direction), Text: it.Text, Details: it.Details, UserID: it.UserID, UserName: it.UserName,
		ActorUserID: it.ActorUserID, At: it.At}
}

// summaryItem is a contact's summary as stored.
type summaryItem struct {
	Counts   map[string]int
	Channels map[string]channelItem
	LastAt   *time.Time
}

type channelItem struct {
	Inbound, Outbound         int
	LastInbound, LastOutbound *time.Time
}

// add counts e in s.
func (s *summaryItem) add(e Entry) {
	if s.Counts == nil {
		s.Counts = map[string]int{}
	}
	s.Counts[string(e.Category)]++
	at := e.At.UTC()
	if s.LastAt == nil || at.After(*s.LastAt) {
		s.LastAt = &at
	}
	ch, ok := channel(e.Category)
	if !ok || e.Direction == "" {
		return
	}
	if s.Channels == nil {
		s.Channels = map[string]channelItem{}
	}
	c := s.Channels[string(ch)]
	if e.Direction == Inbound {
		c.Inbound++
		c.LastInbound = later(c.LastInbound, &at)
	} else {
		c.Outbound++
		c.LastOutbound = later(c.LastOutbound, &at)
	}
	s.Channels[string(ch)] = c
}

func later(a, b *time.Time) *time.Time {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case b.After(*a):
		return b
	}
	return a
}

// keyItem points an idempotency key at its entry.
type keyItem struct {
	EntrySK string
}

// noteItem points a note id at its entry.
type noteItem struct {
	ContactID int64
	EntrySK   string
}

func part(contactID int64) []string {
	return contactkey.Parts(contactID, "ACT")
}

func entrySK(e Entry) string {
	return fmt.Sprintf("%s%s#%016x", entryPrefix, e.At.UTC().Format(timeLayout), e.ID)
}

func entryKey(t store.Tenant, contactID int64, sk string) (store.Key, error) {
	return t.Key(sk, part(contactID)...)
}

func summaryKey(t store.Tenant, contactID int64) (store.Key, error) {
	return t.Key(skSummary, part(contactID)...)
}

func idempotencyKey(t store.Tenant, contactID int64, key string) (store.Key, error) {
	sum := sha256.Sum256([]byte(key))
	return t.Key("K#"+hex.EncodeToString(sum[:16]), part(contactID)...)
}

func noteKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key(skNote, "NOTE", strconv.FormatInt(id, 10))
}

func categoryParts(contactID int64, c Category) []string {
	return contactkey.Parts(contactID, "ACTCAT", string(c))
}

// newID returns a random id in [1, 2^53): unique in practice, and exact in JavaScript numbers.
func newID() int64 {
	for {
		var b [8]byte
		rand.Read(b[:])
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}

// Record writes entry n under contact n.ContactID and returns it; created is false when n's
// key was used already, and the entry returned is the one the key's first write recorded. An
// invalid entry is an Invalid error naming its fields; nothing is written then.
func (r *Repo) Record(ctx context.Context, t store.Tenant, n New) (e Entry, created bool, err error) {
	w, err := r.prepare(t, n)
	if err != nil {
		return Entry{}, false, err
	}
	e = w.entry
	// The key's earlier entry and the summary are read together.
	var (
		wg       sync.WaitGroup
		prev     Entry
		prevErr  error = apperr.Errorf(apperr.NotFound, "no key")
		firstSum summaryItem
		firstV   int64
		firstErr error
	)
	if n.Key != "" {
		wg.Go(func() { prev, prevErr = r.ByKey(ctx, t, n.ContactID, n.Key) })
	}
	wg.Go(func() { firstV, firstErr = r.s.Get(ctx, w.summary, &firstSum) })
	wg.Wait()
	if prevErr == nil {
		return prev, false, nil
	} else if apperr.CodeOf(prevErr) != apperr.NotFound {
		return Entry{}, false, prevErr
	}
	for attempt := 0; ; attempt++ {
		sum, v, err := firstSum, firstV, firstErr
		if attempt > 0 {
			sum = summaryItem{}
			v, err = r.s.Get(ctx, w.summary, &sum)
		}
		if err != nil && apperr.CodeOf(err) != apperr.NotFound {
			return Entry{}, false, fmt.Errorf("get activity summary of %d: %w", e.ContactID, err)
		}
		err = r.s.Transact(ctx, w.ops(sum, v)...)
		if apperr.CodeOf(err) == apperr.Conflict {
			// Another write got in first: the same key's (answer its entry) or another entry's
			// summary update (count this one on the new summary).
			if n.Key != "" {
				if prev, kerr := r.ByKey(ctx, t, n.ContactID, n.Key); kerr == nil {
					return prev, false, nil
				}
			}
			if attempt < 8 {
				continue
			}
		}
		if err != nil {
			return Entry{}, false, fmt.Errorf("record activity of %d: %w", e.ContactID, err)
		}
		return e, true, nil
	}
}

// FirstOps returns entry n and the writes that record it as the first entry of a contact the
// same transaction creates, for a caller that makes them with the contact's: a new contact has
// no activity, so nothing is read and the summary is created. The transaction fails (a Conflict
// error) if the contact had activity after all. An invalid entry is an Invalid error naming its
// fields.
func (r *Repo) FirstOps(t store.Tenant, n New) (Entry, []store.Op, error) {
	w, err := r.prepare(t, n)
	if err != nil {
		return Entry{}, nil, err
	}
	return w.entry, w.ops(summaryItem{}, 0), nil
}

// Ops returns entry n and the writes that record it, for a caller that makes them in one
// transaction with writes of its own. The contact's summary is read now and written at the
// version read, so the transaction fails with a Conflict error when another entry was recorded
// in between: the caller then asks for the writes again. An invalid entry is an Invalid error
// naming its fields.
func (r *Repo) Ops(ctx context.Context, t store.Tenant, n New) (Entry, []store.Op, error) {
	w, err := r.prepare(t, n)
	if err != nil {
		return Entry{}, nil, err
	}
	var sum summaryItem
	v, err := r.s.Get(ctx, w.summary, &sum)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return Entry{}, nil, fmt.Errorf("get activity summary of %d: %w", n.ContactID, err)
	}
	if err != nil {
		sum, v = summaryItem{}, 0
	}
	return w.entry, w.ops(sum, v), nil
}

// pending is an entry ready to be written: the entry and the writes it makes besides its
// summary's.
type pending struct {
	entry   Entry
	summary store.Key
	writes  []store.Op
}

// prepare validates n and builds its entry, stamped now, with its writes.
func (r *Repo) prepare(t store.Tenant, n New) (pending, error) {
	if err := n.validate(); err != nil {
		return pending{}, err
	}
	e := Entry{ID: newID(), ContactID: n.ContactID, AccountPlatformID: n.AccountPlatformID, Kind: n.Kind, Category: n.Kind.Category(),
		Direction: n.Direction, Text: n.Text, Details: n.Details, UserID: n.UserID, UserName: n.UserName,
		ActorUserID: n.ActorUserID, At: r.now().UTC()}
	sk := entrySK(e)
	ek, err := entryKey(t, e.ContactID, sk)
	if err != nil {
		return pending{}, err
	}
	ik, err := t.IndexKey(gsiCategory, sk, categoryParts(e.ContactID, e.Category)...)
	if err != nil {
		return pending{}, err
	}
	sumKey, err := summaryKey(t, e.ContactID)
	if err != nil {
		return pending{}, err
	}
	logged, err := eventOp(t, e)
	if err != nil {
		return pending{}, err
	}
	writes := []store.Op{store.CreateOp(store.Record{Key: ek, Indexes: []store.IndexKey{ik}, Type: typeEntry, Value: toItem(e)}), logged}
	if n.Key != "" {
		kk, err := idempotencyKey(t, e.ContactID, n.Key)
		if err != nil {
			return pending{}, err
		}
		writes = append(writes, store.CreateOp(store.Record{Key: kk, Type: typeKey, Value: keyItem{EntrySK: sk}, ExpiresAt: e.At.Add(KeyRetention).Unix()}))
	}
	if e.Kind.IsNote() {
		nk, err := noteKey(t, e.ID)
		if err != nil {
			return pending{}, err
		}
		writes = append(writes, store.CreateOp(store.Record{Key: nk, Type: typeNote, Value: noteItem{ContactID: e.ContactID, EntrySK: sk}}))
	}
	return pending{entry: e, summary: sumKey, writes: writes}, nil
}

// ops returns p's writes with its summary's: sum, read at version v (0: none yet), counting
// the entry.
func (p pending) ops(sum summaryItem, v int64) []store.Op {
	sum.add(p.entry)
	srec := store.Record{Key: p.summary, Type: typeSummary, Value: sum, Version: v}
	ops := slices.Clone(p.writes)
	if v == 0 {
		return append(ops, store.CreateOp(srec))
	}
	return append(ops, store.UpdateOp(srec))
}

// eventOp returns the outbox write of entry e's EventLogged event, made in the entry's own
// transaction.
func eventOp(t store.Tenant, e Entry) (store.Op, error) {
	detail, err := json.Marshal(e)
	if err != nil {
		return store.Op{}, fmt.Errorf("marshal activity event: %w", err)
	}
	return eventbus.OutboxOp(t, eventbus.Event{ID: fmt.Sprintf("activity-%d", e.ID), Type: EventLogged, Account: t.Account(), Time: e.At, Detail: detail})
}

// ByKey returns the entry an idempotency key of a contact recorded. An unknown key is a
// NotFound error.
func (r *Repo) ByKey(ctx context.Context, t store.Tenant, contactID int64, key string) (Entry, error) {
	kk, err := idempotencyKey(t, contactID, key)
	if err != nil {
		return Entry{}, err
	}
	var k keyItem
	if _, err := r.s.Get(ctx, kk, &k); err != nil {
		return Entry{}, err
	}
	return r.entry(ctx, t, contactID, k.EntrySK)
}

func (r *Repo) entry(ctx context.Context, t store.Tenant, contactID int64, sk string) (Entry, error) {
	ek, err := entryKey(t, contactID, sk)
	if err != nil {
		return Entry{}, err
	}
	var it entryItem
	if _, err := r.s.Get(ctx, ek, &it); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Entry{}, err
		}
		return Entry{}, fmt.Errorf("get activity %s of %d: %w", sk, contactID, err)
	}
	return fromItem(it), nil
}

// Note returns note id of tenant t. A missing note, or an entry that is not a note, is a
// NotFound error.
func (r *Repo) Note(ctx context.Context, t store.Tenant, id int64) (Entry, error) {
	if id < 1 {
		return Entry{}, apperr.Errorf(apperr.NotFound, MsgNoteNotFound)
	}
	nk, err := noteKey(t, id)
	if err != nil {
		return Entry{}, err
	}
	var n noteItem
	if _, err := r.s.Get(ctx, nk, &n); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Entry{}, apperr.Errorf(apperr.NotFound, MsgNoteNotFound)
		}
		return Entry{}, fmt.Errorf("get note %d: %w", id, err)
	}
	e, err := r.entry(ctx, t, n.ContactID, n.EntrySK)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !e.Kind.IsNote()) {
		return Entry{}, apperr.Errorf(apperr.NotFound, MsgNoteNotFound)
	}
	return e, err
}

// Summarize returns the counts and conversation overview of the entries of owners (a contact
// and the contacts merged into it).
func (r *Repo) Summarize(ctx context.Context, t store.Tenant, owners []int64) (Summary, error) {
	total := summaryItem{Counts: map[string]int{}, Channels: map[string]channelItem{}}
	for _, id := range owners {
		k, err := summaryKey(t, id)
		if err != nil {
			return Summary{}, err
		}
		var s summaryItem
		if _, err := r.s.Get(ctx, k, &s); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				continue
			}
			return Summary{}, fmt.Errorf("get activity summary of %d: %w", id, err)
		}
		for c, n := range s.Counts {
			total.Counts[c] += n
		}
		for ch, st := range s.Channels {
			c := total.Channels[ch]
			c.Inbound += st.Inbound
			c.Outbound += st.Outbound
			c.LastInbound = later(c.LastInbound, st.LastInbound)
			c.LastOutbound = later(c.LastOutbound, st.LastOutbound)
			total.Channels[ch] = c
		}
		total.LastAt = later(total.LastAt, s.LastAt)
	}
	out := Summary{Categories: make([]CategoryCount, 0, len(Categories())), Channels: make([]ChannelStats, 0, len(Channels())), LastActivityAt: total.LastAt}
	for _, c := range Categories() {
		n := total.Counts[string(c)]
		out.Total += n
		out.Categories = append(out.Categories, CategoryCount{Category: c, Count: n})
	}
	for _, ch := range Channels() {
		st := total.Channels[string(ch)]
		out.Channels = append(out.Channels, ChannelStats{Channel: ch, Inbound: st.Inbound, Outbound: st.Outbound, LastInboundAt: st.LastInbound, LastOutboundAt: st.LastOutbound})
		out.LastInboundAt = later(out.LastInboundAt, st.LastInbound)
		out.LastOutboundAt = later(out.LastOutboundAt, st.LastOutbound)
	}
	return out, nil
}

// FeedQuery selects a page of a feed.
type FeedQuery struct {
	// Category limits the feed to one category; "" is every entry.
	Category Category
	// PageSize is 1 to MaxPageSize; 0 means DefaultPageSize.
	PageSize int
	// Cursor is the Next of the previous page; "" starts with the newest entry.
	Cursor string
}

// FeedPage is one page of a feed, newest first.
type FeedPage struct {
	Entries []Entry
	// Next continues the feed; "" on the last page.
	Next string
}

// exhausted marks, in a feed cursor, an owner whose entries were all read.
const exhausted = "-"

// Feed returns a page of the entries of owners (a contact and the contacts merged into it),
// newest first. A cursor not issued for the same owners and category is an Invalid error.
func (r *Repo) Feed(ctx context.Context, t store.Tenant, owners []int64, q FeedQuery) (FeedPage, error) {
	size := q.PageSize
	if size == 0 {
		size = DefaultPageSize
	}
	if size < 1 || size > MaxPageSize {
		return FeedPage{}, apperr.InvalidFields("The page size is not valid.", map[string]string{"pageSize": fmt.Sprintf("The page size must be between 1 and %d.", MaxPageSize)})
	}
	if q.Category != "" && !validCategory(q.Category) {
		return FeedPage{}, apperr.InvalidFields("The category is not valid.", map[string]string{"category": fmt.Sprintf("%q is not a category.", q.Category)})
	}
	state := map[string]string{}
	if q.Cursor != "" {
		b, err := base64.RawURLEncoding.DecodeString(q.Cursor)
		if err == nil {
			err = json.Unmarshal(b, &state)
		}
		if err != nil {
			return FeedPage{}, apperr.InvalidFields("The cursor is not valid.", map[string]string{"cursor": "Send the cursor of the previous page."})
		}
	}
	type pending struct {
		owner int
		item  entryItem
		raw   int
	}
	queries := make([]store.Query, len(owners))
	pages := make([]store.Page, len(owners))
	var all []pending
	for i, id := range owners {
		key := strconv.FormatInt(id, 10)
		if state[key] == exhausted {
			continue
		}
		var (
			p   store.Partition
			err error
		)
		queries[i] = store.Query{SortPrefix: entryPrefix, Limit: size, Descending: true, Cursor: state[key]}
		if q.Category != "" {
			p, err = t.Partition(categoryParts(id, q.Category)...)
			queries[i].Index, queries[i].SortPrefix = gsiCategory, ""
		} else {
			p, err = t.Partition(part(id)...)
		}
		if err != nil {
			return FeedPage{}, err
		}
		queries[i].Partition = p
		page, err := r.s.Query(ctx, queries[i])
		if err != nil {
			if apperr.CodeOf(err) == apperr.Invalid {
				return FeedPage{}, apperr.InvalidFields("The cursor is not valid.", map[string]string{"cursor": "Send the cursor of the previous page."})
			}
			return FeedPage{}, fmt.Errorf("read activity of %d: %w", id, err)
		}
		pages[i] = page
		var items []entryItem
		if err := page.Decode(&items); err != nil {
			return FeedPage{}, err
		}
		for j, it := range items {
			all = append(all, pending{owner: i, item: it, raw: j})
		}
	}
	sort.SliceStable(all, func(a, b int) bool {
		x, y := all[a].item, all[b].item
		if !x.At.Equal(y.At) {
			return x.At.After(y.At)
		}
		return x.ID > y.ID
	})
	if len(all) > size {
		all = all[:size]
	}
	out := FeedPage{Entries: make([]Entry, 0, len(all))}
	last := make([]int, len(owners))
	used := make([]int, len(owners))
	for i := range last {
		last[i] = -1
	}
	for _, p := range all {
		out.Entries = append(out.Entries, fromItem(p.item))
		used[p.owner]++
		last[p.owner] = max(last[p.owner], p.raw)
	}
	next := map[string]string{}
	more := false
	for i, id := range owners {
		key := strconv.FormatInt(id, 10)
		switch {
		case state[key] == exhausted:
			next[key] = exhausted
		case used[i] == len(pages[i].Items) && pages[i].Next == "":
			next[key] = exhausted
		case used[i] == len(pages[i].Items):
			next[key], more = pages[i].Next, true
		case used[i] > 0:
			c, err := r.s.CursorAfter(queries[i], pages[i].Items[last[i]])
			if err != nil {
				return FeedPage{}, err
			}
			next[key], more = c, true
		default:
			next[key], more = state[key], true
		}
	}
	if more {
		b, err := json.Marshal(next)
		if err != nil {
			return FeedPage{}, err
		}
		out.Next = base64.RawURLEncoding.EncodeToString(b)
	}
	return out, nil
}

func validCategory(c Category) bool {
	for _, x := range Categories() {
		if x == c {
			return true
		}
	}
	return false
}
