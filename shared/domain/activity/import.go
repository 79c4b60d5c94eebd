package activity

import (
	"context"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Past is an entry that was made earlier: what it records, its id and when it was made.
type Past struct {
	New
	// ID is the entry's id (a note's id too), unique in the dealer group.
	ID int64
	At time.Time
}

// Validate checks p as Record checks a new entry, and its id and time.
func (p Past) Validate() error {
	if err := p.New.validate(); err != nil {
		return err
	}
	if p.ID < 1 || p.At.IsZero() {
		return fmt.Errorf("past activity of %d without an id or a time", p.ContactID)
	}
	return nil
}

// Import stores past entries with the ids and times they carry, each with its category index
// entry and, for a note, its pointer, and one summary per contact counting the contact's
// imported entries, in batches and without events: for seeding and bulk loads of the history
// of contacts that have no activity yet (their summary is written anew) and that nobody
// writes meanwhile. Keys (New.Key) are not kept: they guard a client's retries, which a past
// entry has none of. Every entry is validated first; an invalid one stops the import before
// anything is written.
func (r *Repo) Import(ctx context.Context, t store.Tenant, entries []Past) error {
	for _, p := range entries {
		if err := p.Validate(); err != nil {
			return fmt.Errorf("import activity of %d: %w", p.ContactID, err)
		}
	}
	sums := map[int64]*summaryItem{}
	var order []int64
	recs := make([]store.Record, 0, len(entries)*5/4)
	for _, p := range entries {
		n := p.New
		e := Entry{ID: p.ID, ContactID: n.ContactID, AccountPlatformID: n.AccountPlatformID, Kind: n.Kind, Category: n.Kind.Category(),
			Direction: n.Direction, Text: n.Text, Details: n.Details, UserID: n.UserID, UserName: n.UserName,
			ActorUserID: n.ActorUserID, At: p.At.UTC()}
		sk := entrySK(e)
		ek, err := entryKey(t, e.ContactID, sk)
		if err != nil {
			return err
		}
		ik, err := t.IndexKey(gsiCategory, sk, categoryParts(e.ContactID, e.Category)...)
		if err != nil {
			return err
		}
		recs = append(recs, store.Record{Key: ek, Indexes: []store.IndexKey{ik}, Type: typeEntry, Value: toItem(e)})
		if e.Kind.IsNote() {
			nk, err := noteKey(t, e.ID)
			if err != nil {
				return err
			}
			recs = append(recs, store.Record{Key: nk, Type: typeNote, Value: noteItem{ContactID: e.ContactID, EntrySK: sk}})
		}
		s := sums[e.ContactID]
		if s == nil {
			s = &summaryItem{}
			sums[e.ContactID] = s
			order = append(order, e.ContactID)
		}
		s.add(e)
	}
	for _, id := range order {
		k, err := summaryKey(t, id)
		if err != nil {
			return err
		}
		recs = append(recs, store.Record{Key: k, Type: typeSummary, Value: *sums[id]})
	}
	if err := r.s.BatchPut(ctx, recs); err != nil {
		return fmt.Errorf("import activity: %w", err)
	}
	return nil
}
