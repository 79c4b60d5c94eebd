package activity_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
)

// TestImport stores past entries of two contacts: each contact's feed, counts and
// conversation read them as recorded entries, a note is found by its id, and an invalid entry
// stops the import before anything is written.
func TestImport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, tn := setup(t)
	at := time.Date(2026, 9, 1, 17, 0, 0, 0, time.UTC)
	past := func(id, contact int64, kind activity.Kind, dir activity.Direction, text string, hours int) activity.Past {
		return activity.Past{ID: id, At: at.Add(time.Duration(hours) * time.Hour),
			New: activity.New{ContactID: contact, AccountPlatformID: 2001, Kind: kind, Direction: dir, Text: text, UserID: "100001", UserName: "Sam Ortega"}}
	}
	entries := []activity.Past{
		past(11, 1, activity.KindPhoneCall, activity.Outbound, "", 0),
		past(12, 1, activity.KindNote, "", "Sent the quote.", 2),
		past(13, 1, activity.KindPhoneCall, activity.Inbound, "Called back.", 30),
		past(21, 2, activity.KindLead, "", "Lead created", 5),
	}
	bad := past(31, 3, activity.KindNote, "", " ", 1)
	if err := r.Import(ctx, tn, append(entries[:1:1], bad)); err == nil {
		t.Fatal("imported a note without text")
	}
	if page, err := r.Feed(ctx, tn, []int64{1}, activity.FeedQuery{}); err != nil || len(page.Entries) != 0 {
		t.Fatalf("a refused import wrote %d entries (%v)", len(page.Entries), err)
	}
	if err := r.Import(ctx, tn, entries); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		contact      int64
		ids          []int64
		total, phone int
		lastOut      time.Time
	}{
		{1, []int64{13, 12, 11}, 3, 2, at},
		{2, []int64{21}, 1, 0, time.Time{}},
	}
	for _, tt := range tests {
		page, err := r.Feed(ctx, tn, []int64{tt.contact}, activity.FeedQuery{})
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, e := range page.Entries {
			ids = append(ids, e.ID)
		}
		if len(ids) != len(tt.ids) || (len(ids) > 0 && ids[0] != tt.ids[0]) {
			t.Errorf("feed of %d = %v, want %v", tt.contact, ids, tt.ids)
		}
		sum, err := r.Summarize(ctx, tn, []int64{tt.contact})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Total != tt.total || sum.Count(activity.CategoryPhone) != tt.phone {
			t.Errorf("summary of %d = %+v", tt.contact, sum)
		}
		if (sum.LastOutboundAt == nil) != tt.lastOut.IsZero() || (sum.LastOutboundAt != nil && !sum.LastOutboundAt.Equal(tt.lastOut)) {
			t.Errorf("last outbound of %d = %v, want %v", tt.contact, sum.LastOutboundAt, tt.lastOut)
		}
	}
	if n, err := r.Note(ctx, tn, 12); err != nil || n.Text != "Sent the quote." {
		t.Errorf("note 12 = %+v (%v)", n, err)
	}
}
