package activity_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func setup(t *testing.T) (*activity.Repo, store.Tenant) {
	t.Helper()
	tenant, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		at = at.Add(time.Minute)
		return at
	}
	return activity.NewRepo(dynamotest.Store(t), nil, nil).WithClock(clock), tenant
}

func record(t *testing.T, r *activity.Repo, tenant store.Tenant, n activity.New) activity.Entry {
	t.Helper()
	if n.UserID == "" {
		n.UserID = "100001"
	}
	e, created, err := r.Record(context.Background(), tenant, n)
	if err != nil {
		t.Fatalf("Record(%+v): %v", n, err)
	}
	if !created && n.Key == "" {
		t.Fatalf("Record(%+v) created nothing", n)
	}
	return e
}

func TestRecordValidation(t *testing.T) {
	t.Parallel()
	r, tenant := setup(t)
	long := make([]byte, activity.MaxTextLength+1)
	for i := range long {
		long[i] = 'a'
	}
	tests := []struct {
		name  string
		in    activity.New
		code  apperr.Code
		field string
	}{
		{"empty note", activity.New{ContactID: 1, Kind: activity.KindNote, Text: "  "}, apperr.Invalid, "text"},
		{"empty customer note", activity.New{ContactID: 1, Kind: activity.KindCustomerNote}, apperr.Invalid, "text"},
		{"text too long", activity.New{ContactID: 1, Kind: activity.KindPhoneCall, Text: string(long)}, apperr.Invalid, "text"},
		{"unknown kind", activity.New{ContactID: 1, Kind: "fax"}, apperr.Invalid, "kind"},
		{"bad direction", activity.New{ContactID: 1, Kind: activity.KindPhoneCall, Direction: "sideways"}, apperr.Invalid, "direction"},
		{"no contact", activity.New{Kind: activity.KindNote, Text: "x"}, apperr.NotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.in.UserID = "100001"
			_, _, err := r.Record(context.Background(), tenant, tt.in)
			e, ok := apperr.As(err)
			if !ok || e.Code != tt.code {
				t.Fatalf("err = %v, want %s", err, tt.code)
			}
			if tt.field != "" && e.Fields[tt.field] == "" {
				t.Errorf("fields = %v, want one for %s", e.Fields, tt.field)
			}
		})
	}
	s, err := r.Summarize(context.Background(), tenant, []int64{1})
	if err != nil {
		t.Fatal(err)
	}
	if s.Total != 0 {
		t.Errorf("total after refused writes = %d, want 0", s.Total)
	}
}

func TestFeedPagingOverOwners(t *testing.T) {
	t.Parallel()
	r, tenant := setup(t)
	ctx := context.Background()
	// Survivor 10 with 7 entries, merged contact 11 with 5, interleaved in time; contact 12
	// is someone else.
	var want []int64
	for i := 0; i < 12; i++ {
		owner := int64(10)
		if i%2 == 1 && i < 10 {
			owner = 11
		}
		kind := activity.KindPhoneCall
		if i%3 == 0 {
			kind = activity.KindNote
		}
		e := record(t, r, tenant, activity.New{ContactID: owner, Kind: kind, Text: fmt.Sprintf("entry %d", i), Direction: activity.Outbound})
		want = append([]int64{e.ID}, want...)
	}
	record(t, r, tenant, activity.New{ContactID: 12, Kind: activity.KindNote, Text: "another customer"})

	tests := []struct {
		name     string
		category activity.Category
		size     int
		want     []int64
	}{
		{"all, pages of 5", "", 5, want},
		{"all, one page", "", 25, want},
		{"all, pages of 1", "", 1, want},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int64
			cursor := ""
			for pages := 0; ; pages++ {
				p, err := r.Feed(ctx, tenant, []int64{10, 11}, activity.FeedQuery{Category: tt.category, PageSize: tt.size, Cursor: cursor})
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Entries) > tt.size {
					t.Fatalf("page of %d entries, size %d", len(p.Entries), tt.size)
				}
				for _, e := range p.Entries {
					got = append(got, e.ID)
				}
				if p.Next == "" {
					break
				}
				if pages > 20 {
					t.Fatal("no end")
				}
				cursor = p.Next
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("feed = %v, want %v", got, tt.want)
			}
		})
	}

	t.Run("counts", func(t *testing.T) {
		s, err := r.Summarize(ctx, tenant, []int64{10, 11})
		if err != nil {
			t.Fatal(err)
		}
		if s.Total != 12 || s.Count(activity.CategoryNote) != 4 || s.Count(activity.CategoryPhone) != 8 {
			t.Errorf("summary = %+v, want 12 entries: 4 notes, 8 calls", s)
		}
		if s.Channels[0].Channel != activity.ChannelPhone || s.Channels[0].Outbound != 8 || s.Channels[0].LastOutboundAt == nil {
			t.Errorf("phone channel = %+v, want 8 outbound", s.Channels[0])
		}
		only, _ := r.Summarize(ctx, tenant, []int64{11})
		if only.Total != 5 {
			t.Errorf("merged contact's own total = %d, want 5", only.Total)
		}
	})

	t.Run("category", func(t *testing.T) {
		// The category index is eventually consistent on DynamoDB; DynamoDB Local answers at
		// once.
		p, err := r.Feed(ctx, tenant, []int64{10, 11}, activity.FeedQuery{Category: activity.CategoryNote})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Entries) != 4 || p.Next != "" {
			t.Fatalf("notes = %d (next %q), want 4", len(p.Entries), p.Next)
		}
		for _, e := range p.Entries {
			if e.Category != activity.CategoryNote || (e.ContactID != 10 && e.ContactID != 11) {
				t.Errorf("entry %+v in the notes of 10 and 11", e)
			}
		}
	})

	t.Run("bad input", func(t *testing.T) {
		for _, q := range []activity.FeedQuery{{PageSize: 101}, {PageSize: -1}, {Category: "fax"}, {Cursor: "not-a-cursor"}, {Cursor: "eyIxMCI6Inh4In0"}} {
			if _, err := r.Feed(ctx, tenant, []int64{10}, q); apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("Feed(%+v) err = %v, want Invalid", q, err)
			}
		}
	})
}

func TestIdempotentRecord(t *testing.T) {
	t.Parallel()
	r, tenant := setup(t)
	ctx := context.Background()
	n := activity.New{ContactID: 20, Kind: activity.KindNote, Text: "Called back", UserID: "100001", Key: "client-1"}
	first, created, err := r.Record(ctx, tenant, n)
	if err != nil || !created {
		t.Fatalf("first: %v, created %v", err, created)
	}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			again, created, err := r.Record(ctx, tenant, n)
			if err != nil || created || again.ID != first.ID {
				t.Errorf("retry = %d, created %v, %v; want entry %d again", again.ID, created, err, first.ID)
			}
		}()
	}
	wg.Wait()
	s, _ := r.Summarize(ctx, tenant, []int64{20})
	if s.Total != 1 {
		t.Errorf("total = %d after retries, want 1", s.Total)
	}
	// The same key of another contact is another write.
	n.ContactID = 21
	if _, created, err := r.Record(ctx, tenant, n); err != nil || !created {
		t.Errorf("same key, other contact: created %v, %v", created, err)
	}
}

func TestConcurrentRecordsAreAllCounted(t *testing.T) {
	t.Parallel()
	r, tenant := setup(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := r.Record(ctx, tenant, activity.New{ContactID: 30, Kind: activity.KindPhoneCall, Direction: activity.Inbound, UserID: "100001"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	s, _ := r.Summarize(ctx, tenant, []int64{30})
	if s.Count(activity.CategoryPhone) != 6 || s.Channels[0].Inbound != 6 {
		t.Errorf("summary = %+v, want 6 inbound calls", s)
	}
}

func TestNote(t *testing.T) {
	t.Parallel()
	r, tenant := setup(t)
	ctx := context.Background()
	note := record(t, r, tenant, activity.New{ContactID: 40, Kind: activity.KindCustomerNote, Text: "Wants a red one"})
	call := record(t, r, tenant, activity.New{ContactID: 40, Kind: activity.KindPhoneCall})
	other, _ := store.NewTenant("1002")
	tests := []struct {
		name   string
		tenant store.Tenant
		id     int64
		ok     bool
	}{
		{"a note", tenant, note.ID, true},
		{"a call is not a note", tenant, call.ID, false},
		{"another group", other, note.ID, false},
		{"no such note", tenant, 12345, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Note(ctx, tt.tenant, tt.id)
			if tt.ok {
				if err != nil || got.ID != note.ID || got.Text != "Wants a red one" || got.ContactID != 40 {
					t.Errorf("Note = %+v, %v", got, err)
				}
				return
			}
			if apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("err = %v, want NotFound", err)
			}
		})
	}
}

// TestFirstOps records a new contact's first entry in a transaction of the caller's: it counts
// like a recorded one, its key is claimed, and a contact that has activity already fails the
// transaction.
func TestFirstOps(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tenant, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	s := dynamotest.Store(t)
	r := activity.NewRepo(s, nil, nil)
	n := activity.New{ContactID: 40, Kind: activity.KindLead, Text: "Lead created", UserID: "adf-intake", Key: "lead-1-v1"}
	first, ops, err := r.FirstOps(tenant, n)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Transact(ctx, ops...); err != nil {
		t.Fatalf("first entry: %v", err)
	}
	sum, err := r.Summarize(ctx, tenant, []int64{40})
	if err != nil || sum.Total != 1 {
		t.Errorf("summary = %+v, %v; want one entry", sum, err)
	}
	if again, created, err := r.Record(ctx, tenant, n); err != nil || created || again.ID != first.ID {
		t.Errorf("recording the same key again = %d, created %v, %v; want entry %d", again.ID, created, err, first.ID)
	}
	tests := []struct {
		name string
		n    activity.New
		code apperr.Code
	}{
		{"a contact with activity", activity.New{ContactID: 40, Kind: activity.KindLead, Text: "Lead created", UserID: "adf-intake", Key: "lead-2-v1"}, apperr.Conflict},
		{"an invalid entry", activity.New{ContactID: 41, Kind: "unknown", UserID: "adf-intake"}, apperr.Invalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ops, err := r.FirstOps(tenant, tt.n)
			if err == nil {
				err = s.Transact(ctx, ops...)
			}
			if got := apperr.CodeOf(err); got != tt.code {
				t.Errorf("error %v, want code %v", err, tt.code)
			}
		})
	}
	if sum, _ := r.Summarize(ctx, tenant, []int64{40}); sum.Total != 1 {
		t.Errorf("total = %d after a refused first entry, want 1", sum.Total)
	}
}
