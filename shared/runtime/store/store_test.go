package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

type note struct {
	ID   string
	Text string
}

func tenant(t *testing.T, acct string) store.Tenant {
	t.Helper()
	tn, err := store.NewTenant(acct)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func noteKey(t *testing.T, tn store.Tenant, id string) store.Key {
	t.Helper()
	k, err := tn.Key("NOTE#"+id, "NOTES")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestKeysNeedATenant(t *testing.T) {
	t.Parallel()
	var zero store.Tenant
	if _, err := zero.Key("SK", "CONTACT", "1"); apperr.CodeOf(err) != apperr.Internal {
		t.Errorf("zero tenant Key error = %v, want internal", err)
	}
	if _, err := zero.IndexKey("GSI1", "SK", "X"); err == nil {
		t.Error("zero tenant IndexKey succeeded")
	}
	if _, err := zero.Partition("X"); err == nil {
		t.Error("zero tenant Partition succeeded")
	}
	for _, bad := range []string{"", "a#b", "a b", strings.Repeat("x", 65)} {
		if _, err := store.NewTenant(bad); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("NewTenant(%q) error = %v, want invalid", bad, err)
		}
	}
	tn := tenant(t, "1001")
	if _, err := tn.Key("SK", "a#b"); err == nil {
		t.Error("key part with # accepted")
	}
	k, err := tn.Key("SK", "CONTACT", "7")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := k.String(), "A#1001#CONTACT#7 SK"; got != want {
		t.Errorf("key = %q, want %q", got, want)
	}
}

func TestCreateGetUpdateDelete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	k := noteKey(t, tn, "1")

	if _, err := s.Get(ctx, k, &note{}); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("Get missing = %v, want not_found", err)
	}
	if err := s.Create(ctx, store.Record{Key: k, Value: note{ID: "1", Text: "first"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, store.Record{Key: k, Value: note{ID: "1", Text: "again"}}); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("second Create = %v, want conflict", err)
	}
	var got note
	v, err := s.Get(ctx, k, &got)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "first" || v != 1 {
		t.Fatalf("Get = %+v v%d, want first v1", got, v)
	}
	v2, err := s.Update(ctx, store.Record{Key: k, Value: note{ID: "1", Text: "second"}, Version: v})
	if err != nil {
		t.Fatal(err)
	}
	if v2 != 2 {
		t.Errorf("version after update = %d, want 2", v2)
	}
	if _, err := s.Update(ctx, store.Record{Key: k, Value: note{ID: "1", Text: "stale"}, Version: v}); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("stale Update = %v, want conflict", err)
	}
	if _, err := s.Get(ctx, k, &got); err != nil || got.Text != "second" {
		t.Fatalf("after stale update: %+v %v, want second", got, err)
	}
	if err := s.Delete(ctx, k, 1); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("stale Delete = %v, want conflict", err)
	}
	if err := s.Delete(ctx, k, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, store.Record{Key: k, Value: note{}, Version: 2}); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("Update of deleted = %v, want conflict", err)
	}
}

// TestConcurrentUpdaters runs 20 read-modify-write loops on one item. Every successful write
// must be kept: the final version equals the number of successful writes plus the create, and
// the counter equals the number of successful writes.
func TestConcurrentUpdaters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	k := noteKey(t, tenant(t, "1001"), "counter")
	type counter struct{ N int }
	if err := s.Create(ctx, store.Record{Key: k, Value: counter{}}); err != nil {
		t.Fatal(err)
	}
	const updaters = 20
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		successes int
		conflicts int
	)
	for i := 0; i < updaters; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var c counter
				v, err := s.Get(ctx, k, &c)
				if err != nil {
					t.Error(err)
					return
				}
				c.N++
				_, err = s.Update(ctx, store.Record{Key: k, Value: c, Version: v})
				mu.Lock()
				if err == nil {
					successes++
					mu.Unlock()
					return
				}
				if apperr.CodeOf(err) != apperr.Conflict {
					mu.Unlock()
					t.Error(err)
					return
				}
				conflicts++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var c counter
	v, err := s.Get(ctx, k, &c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v, int64(successes+1); got != want {
		t.Errorf("version = %d, want %d (successful writes + create)", got, want)
	}
	if got, want := c.N, successes; got != want {
		t.Errorf("counter = %d, want %d successful writes", got, want)
	}
	if successes != updaters {
		t.Errorf("successes = %d, want %d", successes, updaters)
	}
	t.Logf("%d writes, %d conflicts retried", successes, conflicts)
}

func TestTransactIsAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	a, b := noteKey(t, tn, "a"), noteKey(t, tn, "b")
	if err := s.Create(ctx, store.Record{Key: a, Value: note{ID: "a"}}); err != nil {
		t.Fatal(err)
	}
	// b would be created, but a is not at version 5: nothing is written.
	err := s.Transact(ctx,
		store.CreateOp(store.Record{Key: b, Value: note{ID: "b"}}),
		store.UpdateOp(store.Record{Key: a, Value: note{ID: "a", Text: "x"}, Version: 5}),
	)
	if apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("Transact = %v, want conflict", err)
	}
	if _, err := s.Get(ctx, b, &note{}); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("b after failed transaction: %v, want not_found", err)
	}
	if err := s.Transact(ctx,
		store.CreateOp(store.Record{Key: b, Value: note{ID: "b"}}),
		store.UpdateOp(store.Record{Key: a, Value: note{ID: "a", Text: "x"}, Version: 1}),
	); err != nil {
		t.Fatal(err)
	}
	var got note
	if v, err := s.Get(ctx, a, &got); err != nil || v != 2 || got.Text != "x" {
		t.Fatalf("a = %+v v%d %v, want x v2", got, v, err)
	}
}

func TestQueryPagesWithSignedCursors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn, other := tenant(t, "1001"), tenant(t, "2002")
	for _, tt := range []store.Tenant{tn, other} {
		for i := 0; i < 7; i++ {
			k, _ := tt.Key(fmt.Sprintf("NOTE#%02d", i), "NOTES")
			if err := s.Create(ctx, store.Record{Key: k, Value: note{ID: fmt.Sprint(i)}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	part, _ := tn.Partition("NOTES")
	var ids []string
	cursor := ""
	pages := 0
	for {
		page, err := s.Query(ctx, store.Query{Partition: part, SortPrefix: "NOTE#", Limit: 3, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		var notes []note
		if err := page.Decode(&notes); err != nil {
			t.Fatal(err)
		}
		for _, n := range notes {
			ids = append(ids, n.ID)
		}
		pages++
		if page.Next == "" {
			break
		}
		cursor = page.Next
	}
	if got, want := strings.Join(ids, ","), "0,1,2,3,4,5,6"; got != want {
		t.Errorf("ids = %s, want %s", got, want)
	}

	first, err := s.Query(ctx, store.Query{Partition: part, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	otherPart, _ := other.Partition("NOTES")
	payload, sig, _ := strings.Cut(first.Next, ".")
	tampered := []byte(payload)
	tampered[len(tampered)/2] ^= 1
	tests := []struct {
		name   string
		part   store.Partition
		cursor string
	}{
		{"flipped payload bit", part, string(tampered) + "." + sig},
		{"dropped signature", part, payload},
		{"garbage", part, "not-a-cursor"},
		{"other tenant's partition", otherPart, first.Next},
		{"another key's signature", part, payload + "." + strings.Repeat("A", len(sig))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Query(ctx, store.Query{Partition: tt.part, Limit: 3, Cursor: tt.cursor})
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("Query with %s = %v, want invalid", tt.name, err)
			}
		})
	}
}

func TestPutReplacesAndCountsVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	k := noteKey(t, tenant(t, "1001"), "setting")
	for i, text := range []string{"one", "two", "three"} {
		v, err := s.Put(ctx, store.Record{Key: k, Value: note{ID: "s", Text: text}})
		if err != nil {
			t.Fatal(err)
		}
		if v != int64(i+1) {
			t.Errorf("Put %d version = %d, want %d", i, v, i+1)
		}
	}
	var got note
	if _, err := s.Get(ctx, k, &got); err != nil || got.Text != "three" {
		t.Fatalf("Get = %+v %v, want three", got, err)
	}
}

// TestGetAttrs: a projected read returns the attributes it names and nothing else.
func TestGetAttrs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.UncheckedStore(t)
	tn := tenant(t, "1001")
	k := noteKey(t, tn, "p")
	if err := s.Create(ctx, store.Record{Key: k, Value: note{ID: "p", Text: "a long text"}}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		key   store.Key
		attrs []string
		want  note
		code  apperr.Code
	}{
		{"one attribute", k, []string{"ID"}, note{ID: "p"}, ""},
		{"two attributes", k, []string{"ID", "Text"}, note{ID: "p", Text: "a long text"}, ""},
		{"a missing item", noteKey(t, tn, "none"), []string{"ID"}, note{}, apperr.NotFound},
		{"no attribute", k, nil, note{}, apperr.Internal},
	}
	for _, tt := range tests {
		var got note
		err := s.GetAttrs(ctx, tt.key, &got, tt.attrs...)
		if apperr.CodeOf(err) != tt.code || (tt.code == "" && err != nil) {
			t.Errorf("%s: error %v, want code %q", tt.name, err, tt.code)
		}
		if got != tt.want {
			t.Errorf("%s: read %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
