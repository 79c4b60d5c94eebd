package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestBatchPutAndCursorAfter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	var recs []store.Record
	for i := range 60 {
		ik, err := tn.IndexKey("GSI1", fmt.Sprintf("N#%03d", i), "BYNAME")
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, store.Record{Key: noteKey(t, tn, fmt.Sprint(i)), Indexes: []store.IndexKey{ik}, Type: "Note", Value: note{ID: fmt.Sprint(i)}})
	}
	if err := s.BatchPut(ctx, recs); err != nil {
		t.Fatal(err)
	}
	part, _ := tn.Partition("BYNAME")
	q := store.Query{Index: "GSI1", Partition: part, Limit: 10}
	page, err := s.Query(ctx, q)
	if err != nil || len(page.Items) != 10 {
		t.Fatalf("first page: %d items, %v", len(page.Items), err)
	}
	// Continue after the fourth item rather than the page's last.
	q.Cursor, err = s.CursorAfter(q, page.Items[3])
	if err != nil {
		t.Fatal(err)
	}
	next, err := s.Query(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	var got []note
	if err := next.Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 10 || got[0].ID != "4" {
		t.Errorf("page after the fourth item starts at %+v, want note 4", got)
	}
	other, _ := tn.Partition("OTHER")
	if _, err := s.Query(ctx, store.Query{Index: "GSI1", Partition: other, Limit: 10, Cursor: q.Cursor}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("cursor of another partition: %v, want invalid", err)
	}
	if _, err := s.CursorAfter(store.Query{Index: "GSI1", Partition: other, Limit: 10}, page.Items[0]); err == nil {
		t.Error("CursorAfter accepted an item of another partition")
	}
}

func TestPutOpAndRemoveOp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	owner, entry, stale := noteKey(t, tn, "owner"), noteKey(t, tn, "entry"), noteKey(t, tn, "stale")
	if err := s.Transact(ctx,
		store.CreateOp(store.Record{Key: owner, Value: note{ID: "owner"}}),
		store.PutOp(store.Record{Key: stale, Value: note{ID: "stale"}}),
	); err != nil {
		t.Fatal(err)
	}
	// The owner's versioned update serializes its entries' unconditional writes.
	if err := s.Transact(ctx,
		store.UpdateOp(store.Record{Key: owner, Value: note{ID: "owner", Text: "2"}, Version: 1}),
		store.PutOp(store.Record{Key: entry, Value: note{ID: "entry"}}),
		store.RemoveOp(stale),
		store.RemoveOp(noteKey(t, tn, "never-written")),
	); err != nil {
		t.Fatal(err)
	}
	var n note
	if _, err := s.Get(ctx, entry, &n); err != nil {
		t.Errorf("entry: %v", err)
	}
	if _, err := s.Get(ctx, stale, &n); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("stale entry: %v, want not found", err)
	}
	err := s.Transact(ctx,
		store.UpdateOp(store.Record{Key: owner, Value: note{ID: "owner", Text: "3"}, Version: 1}),
		store.RemoveOp(entry),
	)
	if apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("stale owner: %v, want conflict", err)
	}
	if _, err := s.Get(ctx, entry, &n); err != nil {
		t.Errorf("entry removed by a failed transaction: %v", err)
	}
}

// TestBatchPutVersions writes records at the versions they carry (1 for none): the next
// versioned update expects that version.
func TestBatchPutVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	recs := []store.Record{
		{Key: noteKey(t, tn, "a"), Type: "Note", Value: note{ID: "a"}, Version: 3},
		{Key: noteKey(t, tn, "b"), Type: "Note", Value: note{ID: "b"}},
	}
	if err := s.BatchPutVersions(ctx, recs); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int64{3, 1} {
		var n note
		v, err := s.Get(ctx, recs[i].Key, &n)
		if err != nil || v != want {
			t.Errorf("record %d at version %d (%v), want %d", i, v, err, want)
		}
		rec := recs[i]
		rec.Version = want
		if _, err := s.Update(ctx, rec); err != nil {
			t.Errorf("update record %d from version %d: %v", i, want, err)
		}
	}
}

// TestBatchGet reads found and missing items together, more than one call's worth, with the
// versions they are at, and refuses a key asked for twice.
func TestBatchGet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	var recs []store.Record
	for i := range 120 {
		recs = append(recs, store.Record{Key: noteKey(t, tn, fmt.Sprint(i)), Type: "Note", Value: note{ID: fmt.Sprint(i)}})
	}
	if err := s.BatchPut(ctx, recs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, store.Record{Key: noteKey(t, tn, "7"), Type: "Note", Value: note{ID: "7", Text: "changed"}, Version: 1}); err != nil {
		t.Fatal(err)
	}
	notes := make([]note, 130)
	reads := make([]*store.Read, 130)
	for i := range reads {
		reads[i] = &store.Read{Key: noteKey(t, tn, fmt.Sprint(i)), Out: &notes[i]}
	}
	if err := s.BatchGet(ctx, reads...); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		i       int
		found   bool
		version int64
		text    string
	}{
		{"first call's", 0, true, 1, ""},
		{"updated", 7, true, 2, "changed"},
		{"second call's", 119, true, 1, ""},
		{"missing", 125, false, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := reads[tt.i]
			if r.Found != tt.found || r.Version != tt.version || notes[tt.i].Text != tt.text || (tt.found && notes[tt.i].ID != fmt.Sprint(tt.i)) {
				t.Errorf("read %d = found %v, version %d, %+v; want found %v, version %d, text %q", tt.i, r.Found, r.Version, notes[tt.i], tt.found, tt.version, tt.text)
			}
		})
	}
	twice := []*store.Read{{Key: noteKey(t, tn, "1"), Out: &note{}}, {Key: noteKey(t, tn, "1"), Out: &note{}}}
	if err := s.BatchGet(ctx, twice...); err == nil {
		t.Error("a key read twice was accepted")
	}
}
