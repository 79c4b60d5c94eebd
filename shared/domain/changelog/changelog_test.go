package changelog_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestDiff(t *testing.T) {
	t.Parallel()
	old := map[string]any{
		"firstName": "Ada", "nickName": "", "isDoNotCall": false, "birthYear": 0.0,
		"phones":        []any{map[string]any{"phone": "5035550123", "isMobile": true}, map[string]any{"phone": "5035550199"}},
		"driverLicense": map[string]any{"number": "****1234"},
		"skipped":       "a",
	}
	new := map[string]any{
		"firstName": "Ada", "nickName": "Countess", "birthYear": 1990.0,
		"phones":        []any{map[string]any{"phone": "5035550124", "isMobile": true}},
		"driverLicense": map[string]any{"number": "****1234"},
		"emails":        []any{},
		"skipped":       "b",
	}
	got := changelog.Diff(old, new, func(p string) bool { return p == "skipped" })
	want := []changelog.Change{
		{Field: "birthYear", OldValue: "", NewValue: "1990"},
		{Field: "nickName", OldValue: "", NewValue: "Countess"},
		{Field: "phones[0].phone", OldValue: "5035550123", NewValue: "5035550124"},
		{Field: "phones[1].phone", OldValue: "5035550199", NewValue: ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
}

// write stores entries 1..n of contact id.
func write(t *testing.T, s *store.Store, tn store.Tenant, id int64, n int, start time.Time) {
	t.Helper()
	for seq := int64(1); seq <= int64(n); seq++ {
		op, err := changelog.Op(tn, changelog.Revision{
			ContactID: id, Seq: seq, At: start.Add(time.Duration(seq) * time.Minute), UserID: fmt.Sprintf("u%d", seq%3), Kind: changelog.KindUpdated,
			Changes: []changelog.Change{{Field: map[bool]string{true: "firstName", false: "phones[0].phone"}[seq%2 == 0], NewValue: strconv.FormatInt(seq, 10)}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Transact(context.Background(), op); err != nil {
			t.Fatal(err)
		}
	}
}

func seqs(p changelog.Page) []string {
	var out []string
	for _, e := range p.Entries {
		out = append(out, fmt.Sprintf("%d:%d", e.ContactID, e.Seq))
	}
	return out
}

func TestRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	tn, _ := store.NewTenant("1001")
	other, _ := store.NewTenant("1002")
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	write(t, s, tn, 7, 30, start)
	write(t, s, tn, 8, 4, start)
	write(t, s, other, 7, 40, start) // another dealer group's contact with the same id
	segs := []changelog.Segment{{ContactID: 7, Count: 30}, {ContactID: 8, Count: 4}}
	r := changelog.NewReader(s)

	// A number's entry cannot be written twice.
	op, _ := changelog.Op(tn, changelog.Revision{ContactID: 7, Seq: 30, Kind: changelog.KindUpdated})
	if err := s.Transact(ctx, op); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("second entry 30: %v, want Conflict", err)
	}

	tests := []struct {
		name         string
		filter       changelog.Filter
		number, size int
		want         []string
		total        int
	}{
		{"first page", changelog.Filter{}, 1, 3, []string{"7:30", "7:29", "7:28"}, 34},
		{"a page across both logs, by time", changelog.Filter{}, 5, 7, []string{"7:3", "8:3", "7:2", "8:2", "7:1", "8:1"}, 34},
		{"the last page", changelog.Filter{}, 4, 10, []string{"7:2", "8:2", "7:1", "8:1"}, 34},
		{"beyond the last page", changelog.Filter{}, 5, 10, nil, 34},
		{"by field", changelog.Filter{Field: "phones"}, 2, 10, []string{"7:9", "7:7", "7:5", "7:3", "8:3", "7:1", "8:1"}, 17},
		{"by user", changelog.Filter{UserID: "u0"}, 1, 25, []string{"7:30", "7:27", "7:24", "7:21", "7:18", "7:15", "7:12", "7:9", "7:6", "7:3", "8:3"}, 11},
		{"by time", changelog.Filter{From: start.Add(3 * time.Minute), To: start.Add(4 * time.Minute)}, 1, 25, []string{"7:4", "8:4", "7:3", "8:3"}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Read(ctx, tn, segs, tt.filter, tt.number, tt.size)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, seqs(got)); diff != "" || got.Total != tt.total {
				t.Errorf("entries (-want +got):\n%s total %d, want %d", diff, got.Total, tt.total)
			}
		})
	}

	// A lead's log is read with its contact's, by time.
	for seq := int64(1); seq <= 2; seq++ {
		op, err := changelog.Op(tn, changelog.Revision{
			ContactID: 8, LeadID: 55, Seq: seq, At: start.Add(time.Duration(seq)*time.Minute + time.Second), UserID: "u1", Kind: changelog.KindLead,
			Changes: []changelog.Change{{Field: "leads[55].leadStatus", OldValue: "Active", NewValue: "Lost"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Transact(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	withLead := []changelog.Segment{{ContactID: 8, Count: 4}, {ContactID: 8, LeadID: 55, Count: 2}}
	got, err := r.Read(ctx, tn, withLead, changelog.Filter{}, 1, 25)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"8:4", "8:3", "8:2", "8:2", "8:1", "8:1"}; !cmp.Equal(want, seqs(got)) || got.Entries[2].LeadID != 55 || got.Entries[4].LeadID != 55 {
		t.Errorf("contact and lead = %v (lead ids %d, %d), want %v with the lead's at 3 and 5", seqs(got), got.Entries[2].LeadID, got.Entries[4].LeadID, want)
	}
	got, err = r.Read(ctx, tn, withLead, changelog.Filter{Field: "leads"}, 1, 25)
	if err != nil {
		t.Fatal(err)
	}
	if got.Total != 2 || got.Entries[0].Kind != changelog.KindLead {
		t.Errorf("lead changes only: %+v, want the lead's 2", got)
	}

	// A page of a contact's only log is one key range: it reads neither earlier nor later
	// entries, so removing them changes nothing.
	for seq := int64(1); seq <= 30; seq++ {
		if seq >= 11 && seq <= 20 {
			continue
		}
		k, _ := tn.Key(fmt.Sprintf("LOG#%012d", seq), "C", "7")
		if err := s.Transact(ctx, store.RemoveOp(k)); err != nil {
			t.Fatal(err)
		}
	}
	got, err = r.Read(ctx, tn, []changelog.Segment{{ContactID: 7, Count: 30}, {ContactID: 9}}, changelog.Filter{}, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"7:20", "7:19", "7:18", "7:17", "7:16", "7:15", "7:14", "7:13", "7:12", "7:11"}; !cmp.Equal(want, seqs(got)) {
		t.Errorf("page 2 = %v, want %v", seqs(got), want)
	}

	for _, bad := range []struct{ number, size int }{{0, 25}, {1, 0}, {1, 101}} {
		if _, err := r.Read(ctx, tn, segs, changelog.Filter{}, bad.number, bad.size); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("page %d of %d: %v, want Invalid", bad.number, bad.size, err)
		}
	}
}
