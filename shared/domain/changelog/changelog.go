// Package changelog keeps the change log of a contact: every save that changed fields, with who
// saved it, when, and each field's old and new value by its JSON path (firstName,
// phones[1].phone). Sensitive values never reach the log: their changes are recorded with
// masked values. A contact's leads keep logs of their own (their status, type, source and who
// holds them, by paths such as leads[123].leadStatus), which the contact's log shows with its
// own entries.
//
// One save writes one entry, in the same transaction as the contact (or lead) it describes (the
// repository adds the entry's write to its save), so a rejected or conflicting save writes no
// entry and a save that succeeded always has one. Entries are numbered per contact (per lead)
// from 1 by a counter kept on the contact (lead) item, which the same versioned write advances:
// the numbers are dense and a log's entries, newest first, are the numbers counter,
// counter-1, ..., 1. A lead's log is its own so that a lead change never rewrites the contact
// item, whose version a user editing the profile holds.
//
// A contact's history is made of logs (Segment): its own, those of the contacts merged into it
// (contact.Owners; a merged contact never changes again, so its count is frozen and kept on the
// survivor) and those of its leads. When only one log has entries (the common case: a customer
// with no lead changes and no merge), an unfiltered page is one key range computed from the
// count alone: page N never reads earlier pages. Otherwise, and for a filtered read (field,
// user, time), the logs are read whole and their entries interleaved by time, newest first.
//
// Access patterns:
//
//	pattern                          index  key condition
//	a contact's entry by number      table  PK = A#{acct}#C#{id}, SK = LOG#{seq, 12 digits}
//	a page of a contact's entries    table  PK = A#{acct}#C#{id}, SK BETWEEN LOG#{from} AND LOG#{to}, descending
//	all of a contact's entries       table  PK = A#{acct}#C#{id}, begins_with(SK, "LOG#"), descending
//	all of a lead's entries          table  PK = A#{acct}#L#{lead}, begins_with(SK, "LOG#"), descending
//	all of a vehicle's entries       table  PK = A#{acct}#GVL#{vehicle}, begins_with(SK, "LOG#"), descending
package changelog

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Kinds of entry.
const (
	KindCreated = "created"
	KindUpdated = "updated"
	KindMerged  = "merged"
	KindLead    = "lead"
	KindGarage  = "garage"
)

// Change is one field a save changed.
type Change struct {
	// Field is the field's JSON path: firstName, phones[1].phone, driverLicense.number.
	Field    string `json:"field"`
	OldValue string `json:"oldValue"`
	NewValue string `json:"newValue"`
	// Masked reports a sensitive field: its values are masked (only the last characters show).
	Masked bool `json:"masked"`
}

// Revision is one save of a contact: who saved it, when, and the fields it changed.
type Revision struct {
	// ContactID is the contact the save was made to: the survivor's id, or for history read
	// through a merge, the id of the contact merged into it.
	ContactID int64 `json:"contactId"`
	// LeadID is the lead whose log holds the entry (a change of the lead); 0 for a save of the
	// contact.
	LeadID int64 `json:"leadId,omitempty" required:"false"`
	// VehicleID is the garage vehicle whose log holds the entry (a change of the vehicle); 0
	// otherwise.
	VehicleID int64 `json:"vehicleId,omitempty" required:"false"`
	// Seq numbers the entries of the contact's (or the lead's) log from 1.
	Seq    int64     `json:"seq"`
	At     time.Time `json:"at"`
	UserID string    `json:"userId"`
	// ActorUserID is the real user behind an impersonated save; "" otherwise.
	ActorUserID string   `json:"actorUserId,omitempty"`
	Kind        string   `json:"kind" enum:"created,updated,merged,lead,garage"`
	Changes     []Change `json:"changes"`
}

// Segment is one log of a contact's history and how many entries it holds: a contact's own
// (LeadID 0) or a lead's.
type Segment struct {
	ContactID int64
	LeadID    int64
	VehicleID int64
	Count     int64
}

// partition returns the partition of the log of s.
func (s Segment) partition(t store.Tenant) (store.Partition, error) {
	if s.VehicleID != 0 {
		return t.Partition("GVL", strconv.FormatInt(s.VehicleID, 10))
	}
	if s.LeadID != 0 {
		return t.Partition("L", strconv.FormatInt(s.LeadID, 10))
	}
	return contactkey.Of(t, s.ContactID)
}

func (s Segment) String() string {
	if s.VehicleID != 0 {
		return fmt.Sprintf("garage vehicle %d", s.VehicleID)
	}
	if s.LeadID != 0 {
		return fmt.Sprintf("lead %d", s.LeadID)
	}
	return fmt.Sprintf("contact %d", s.ContactID)
}

// MaxValue is the length (in characters) beyond which a value is cut in the log: an entry must
// fit one item, whatever the size of the notes a save changes.
const MaxValue = 1000

const sortPrefix = "LOG#"

func sortKey(seq int64) string { return fmt.Sprintf("%s%012d", sortPrefix, seq) }

func entryKey(t store.Tenant, e Revision) (store.Key, error) {
	if e.VehicleID != 0 {
		return t.Key(sortKey(e.Seq), "GVL", strconv.FormatInt(e.VehicleID, 10))
	}
	if e.LeadID != 0 {
		return t.Key(sortKey(e.Seq), "L", strconv.FormatInt(e.LeadID, 10))
	}
	return contactkey.Key(t, e.ContactID, sortKey(e.Seq))
}

// item is an entry as stored.
type item struct {
	ContactID   int64
	LeadID      int64 `dynamodbav:",omitempty"`
	VehicleID   int64 `dynamodbav:",omitempty"`
	Seq         int64
	At          time.Time
	UserID      string
	ActorUserID string `dynamodbav:",omitempty"`
	Kind        string
	Changes     []Change
}

// Op returns the write of e as a transaction's op: a create, so an entry number is never
// written twice. The caller's versioned write of the contact (or of the lead, for an entry with
// a LeadID) that advances the counter guards the number.
func Op(t store.Tenant, e Revision) (store.Op, error) {
	rec, err := Record(t, e)
	if err != nil {
		return store.Op{}, err
	}
	return store.CreateOp(rec), nil
}

// Record returns the item of entry e, for a bulk load of past entries (see Op for a change's
// own entry).
func Record(t store.Tenant, e Revision) (store.Record, error) {
	if e.Seq < 1 {
		return store.Record{}, apperr.Errorf(apperr.Internal, "change log entry without a number")
	}
	k, err := entryKey(t, e)
	if err != nil {
		return store.Record{}, err
	}
	changes := make([]Change, len(e.Changes))
	for i, c := range e.Changes {
		c.OldValue, c.NewValue = cut(c.OldValue), cut(c.NewValue)
		changes[i] = c
	}
	it := item{ContactID: e.ContactID, LeadID: e.LeadID, VehicleID: e.VehicleID, Seq: e.Seq, At: e.At.UTC(), UserID: e.UserID, ActorUserID: e.ActorUserID, Kind: e.Kind, Changes: changes}
	return store.Record{Key: k, Type: "ChangeLogEntry", Value: it}, nil
}

func cut(s string) string {
	r := []rune(s)
	if len(r) <= MaxValue {
		return s
	}
	return string(r[:MaxValue-1]) + "…"
}

// Diff returns the changes between two JSON values (decoded into any): leaves by their path,
// objects by key and lists by index. Empty values (absent, null, "", 0, false, empty lists and
// objects) are the same to a user, so a change from one to another is no change. Paths for
// which skip is true are left out, with everything below them.
func Diff(old, new any, skip func(path string) bool) []Change {
	var out []Change
	diff("", old, new, skip, &out)
	return out
}

func diff(path string, a, b any, skip func(string) bool, out *[]Change) {
	if path != "" && skip != nil && skip(path) {
		return
	}
	ma, aIsMap := a.(map[string]any)
	mb, bIsMap := b.(map[string]any)
	la, aIsList := a.([]any)
	lb, bIsList := b.([]any)
	switch {
	case (aIsMap || isEmpty(a)) && (bIsMap || isEmpty(b)) && (aIsMap || bIsMap):
		keys := map[string]bool{}
		for k := range ma {
			keys[k] = true
		}
		for k := range mb {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		slices.Sort(sorted)
		for _, k := range sorted {
			p := k
			if path != "" {
				p = path + "." + k
			}
			diff(p, ma[k], mb[k], skip, out)
		}
	case (aIsList || isEmpty(a)) && (bIsList || isEmpty(b)) && (aIsList || bIsList):
		for i := range max(len(la), len(lb)) {
			var x, y any
			if i < len(la) {
				x = la[i]
			}
			if i < len(lb) {
				y = lb[i]
			}
			diff(fmt.Sprintf("%s[%d]", path, i), x, y, skip, out)
		}
	default:
		if isEmpty(a) && isEmpty(b) {
			return
		}
		sa, sb := leafText(a), leafText(b)
		if sa != sb {
			*out = append(*out, Change{Field: path, OldValue: sa, NewValue: sb})
		}
	}
}

// Text is a decoded JSON value as the log shows it: strings as they are, numbers without
// trailing zeros, true and false, "" for null; objects and lists as JSON.
func Text(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// leafText is Text, except that a zero number (a field never set, such as a birth year) shows
// as no value.
func leafText(v any) string {
	if n, ok := v.(float64); ok && n == 0 {
		return ""
	}
	return Text(v)
}

// isEmpty reports whether a decoded JSON value is absent or empty.
func isEmpty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case float64:
		return v == 0
	case bool:
		return !v
	case []any:
		for _, x := range v {
			if !isEmpty(x) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, x := range v {
			if !isEmpty(x) {
				return false
			}
		}
		return true
	}
	return false
}

// Filter narrows a read of the log. Zero fields match everything.
type Filter struct {
	// Field matches changes whose path is the field or starts with it followed by . or [
	// (phones matches phones[1].phone); an entry is kept with its matching changes only.
	Field string
	// UserID matches entries saved by that user (or made by them under impersonation).
	UserID string
	// From and To bound the entry's time, both included.
	From, To time.Time
}

func (f Filter) empty() bool {
	return f.Field == "" && f.UserID == "" && f.From.IsZero() && f.To.IsZero()
}

// keep returns e as the filter keeps it, and whether it does.
func (f Filter) keep(e Revision) (Revision, bool) {
	if f.UserID != "" && e.UserID != f.UserID && e.ActorUserID != f.UserID {
		return Revision{}, false
	}
	if (!f.From.IsZero() && e.At.Before(f.From)) || (!f.To.IsZero() && e.At.After(f.To)) {
		return Revision{}, false
	}
	if f.Field == "" {
		return e, true
	}
	var kept []Change
	for _, c := range e.Changes {
		if c.Field == f.Field || strings.HasPrefix(c.Field, f.Field+".") || strings.HasPrefix(c.Field, f.Field+"[") {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return Revision{}, false
	}
	e.Changes = kept
	return e, true
}

// Page is one page of a contact's log.
type Page struct {
	Entries []Revision
	// Total is the number of entries the read matches, on every page.
	Total int
}

// MaxPageSize bounds a page.
const MaxPageSize = 100

// Reader reads change logs.
type Reader struct {
	s *store.Store
}

// NewReader returns a reader over s.
func NewReader(s *store.Store) Reader { return Reader{s: s} }

// Read returns page number (from 1) of size entries of the history made of segments (the
// contact's own log first), newest first, narrowed by f. A page beyond the last is empty. A page
// number or size out of range is an Invalid error.
func (r Reader) Read(ctx context.Context, t store.Tenant, segments []Segment, f Filter, number, size int) (Page, error) {
	if number < 1 {
		return Page{}, apperr.InvalidFields("The page is not valid.", map[string]string{"pageNumber": "The page number starts at 1."})
	}
	if size < 1 || size > MaxPageSize {
		return Page{}, apperr.InvalidFields("The page is not valid.", map[string]string{"pageSize": fmt.Sprintf("The page size must be between 1 and %d.", MaxPageSize)})
	}
	var logs []Segment
	for _, s := range segments {
		if s.Count > 0 {
			logs = append(logs, s)
		}
	}
	if !f.empty() || len(logs) > 1 {
		return r.interleaved(ctx, t, logs, f, number, size)
	}
	out := Page{Entries: []Revision{}}
	if len(logs) == 0 {
		return out, nil
	}
	s := logs[0]
	out.Total = int(s.Count)
	// Rank k (from 0, newest first) is entry Count-k.
	lo, hi := int64(number-1)*int64(size), min(int64(number)*int64(size), s.Count)
	if lo >= hi {
		return out, nil
	}
	entries, err := r.rangeOf(ctx, t, s, s.Count-(hi-1), s.Count-lo)
	if err != nil {
		return Page{}, err
	}
	out.Entries = entries
	return out, nil
}

// rangeOf returns entries oldest..newest of the log of s, newest first.
func (r Reader) rangeOf(ctx context.Context, t store.Tenant, s Segment, oldest, newest int64) ([]Revision, error) {
	p, err := s.partition(t)
	if err != nil {
		return nil, err
	}
	items, err := store.QueryAll[item](ctx, r.s, store.Query{
		Partition: p, SortFrom: sortKey(oldest), SortTo: sortKey(newest), Descending: true, Limit: int(newest - oldest + 1),
	})
	if err != nil {
		return nil, fmt.Errorf("read change log of %s: %w", s, err)
	}
	return entries(items), nil
}

// interleaved reads every entry of the segments, keeps those f keeps, and returns the page of
// them newest first (entries of one time in the order of the segments).
func (r Reader) interleaved(ctx context.Context, t store.Tenant, segments []Segment, f Filter, number, size int) (Page, error) {
	var kept []Revision
	for _, s := range segments {
		p, err := s.partition(t)
		if err != nil {
			return Page{}, err
		}
		items, err := store.QueryAll[item](ctx, r.s, store.Query{Partition: p, SortPrefix: sortPrefix, Descending: true, Limit: 1000})
		if err != nil {
			return Page{}, fmt.Errorf("read change log of %s: %w", s, err)
		}
		for _, e := range entries(items) {
			if e, ok := f.keep(e); ok {
				kept = append(kept, e)
			}
		}
	}
	slices.SortStableFunc(kept, func(a, b Revision) int { return b.At.Compare(a.At) })
	out := Page{Entries: []Revision{}, Total: len(kept)}
	lo, hi := (number-1)*size, number*size
	if lo < len(kept) {
		out.Entries = append(out.Entries, kept[lo:min(hi, len(kept))]...)
	}
	return out, nil
}

func entries(items []item) []Revision {
	out := make([]Revision, 0, len(items))
	for _, it := range items {
		changes := it.Changes
		if changes == nil {
			changes = []Change{}
		}
		out = append(out, Revision{ContactID: it.ContactID, LeadID: it.LeadID, VehicleID: it.VehicleID, Seq: it.Seq, At: it.At, UserID: it.UserID, ActorUserID: it.ActorUserID, Kind: it.Kind, Changes: changes})
	}
	return out
}
