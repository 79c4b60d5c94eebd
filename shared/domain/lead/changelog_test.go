package lead_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/google/go-cmp/cmp"
)

// TestChangeLog checks that a lead's creation and changes are entries of its contact's change
// log, written with the change (a refused change writes none), and read with the contact's.
func TestChangeLog(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	repo := lead.NewRepo(s, nil, nil)
	tn, _ := store.NewTenant("1001")
	l, err := repo.Create(ctx, tn, lead.Lead{AccountPlatformID: storeID, ContactID: 801, LeadTypeID: lead.TypePhone}, "100001")
	if err != nil {
		t.Fatal(err)
	}
	other, err := repo.Create(ctx, tn, lead.Lead{AccountPlatformID: storeID, ContactID: 802}, "100001")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Transition(ctx, tn, l.ID, lead.MarkSoldPending, "Signed today", "100002", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Transition(ctx, tn, l.ID, lead.MarkBad, "", "100002", nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("mark bad a sold lead: %v, want Conflict", err)
	}
	if _, err := repo.Assign(ctx, tn, l.ID, lead.Assignment{SalesPersonID: "100001"}, "100003", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.SetTypeAndSource(ctx, tn, l.ID, lead.TypePhone, 0, "100003", nil); err != nil {
		t.Fatal(err) // no field changes: no entry
	}

	segs, err := repo.LogSegments(ctx, tn, []int64{801})
	if err != nil {
		t.Fatal(err)
	}
	if want := []changelog.Segment{{ContactID: 801, LeadID: l.ID, Count: 3}}; !cmp.Equal(want, segs) {
		t.Fatalf("segments = %+v, want %+v", segs, want)
	}
	page, err := changelog.NewReader(s).Read(ctx, tn, segs, changelog.Filter{}, 1, 25)
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		Seq     int64
		User    string
		Changes []changelog.Change
	}
	var got []entry
	for _, e := range page.Entries {
		if e.Kind != changelog.KindLead || e.LeadID != l.ID || e.ContactID != 801 {
			t.Errorf("entry %d = %+v, want a lead entry of the lead and contact 801", e.Seq, e)
		}
		got = append(got, entry{e.Seq, e.UserID, e.Changes})
	}
	p := "leads[" + strconv.FormatInt(l.ID, 10) + "]."
	want := []entry{
		{3, "100003", []changelog.Change{{Field: p + "salesPerson", NewValue: "100001"}}},
		{2, "100002", []changelog.Change{
			{Field: p + "status", OldValue: "Active", NewValue: "Sold (pending)"},
			{Field: p + "reason", NewValue: "Signed today"},
		}},
		{1, "100001", []changelog.Change{
			{Field: p + "status", NewValue: "Active"},
			{Field: p + "type", NewValue: "Phone"},
		}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	if segs, _ := repo.LogSegments(ctx, tn, []int64{801, 802}); len(segs) != 2 || segs[0].LeadID != other.ID {
		t.Errorf("segments of 801 and 802 = %+v, want the newer lead's first", segs)
	}
}
