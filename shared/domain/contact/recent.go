package contact

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Viewed is a contact a user viewed, as the recently viewed list shows it: the contact's summary
// when it was viewed.
type Viewed struct {
	Summary
	ViewedAt time.Time `json:"viewedAt"`
}

// recentTTL is how long a view is remembered.
const recentTTL = 90 * 24 * time.Hour

// MaxRecent is the most recently viewed contacts listed.
const MaxRecent = 50

func recentKey(t store.Tenant, userID string, id int64) (store.Key, error) {
	return t.Key("C#"+idPart(id), "RECENT", userID)
}

// RecordView remembers that userID viewed c now: one item per user and contact, whose GSI2 sort
// key is the time of the latest view.
func (r *Repo) RecordView(ctx context.Context, t store.Tenant, userID string, c Contact) error {
	now := r.now().UTC()
	k, err := recentKey(t, userID, c.ID)
	if err != nil {
		return err
	}
	ik, err := t.IndexKey("GSI2", now.Format("2006-01-02T15:04:05.000000000Z")+"#"+idPart(c.ID), "RECENT", userID)
	if err != nil {
		return err
	}
	_, err = r.s.Put(ctx, store.Record{
		Key: k, Indexes: []store.IndexKey{ik}, Type: "ContactView",
		Value: Viewed{Summary: SummaryOf(c), ViewedAt: now}, ExpiresAt: now.Add(recentTTL).Unix(),
	})
	if err != nil {
		return fmt.Errorf("record view of contact %d: %w", c.ID, err)
	}
	return nil
}

// RecentlyViewed returns up to limit (at most MaxRecent) contacts of stores userID viewed last,
// the latest first.
func (r *Repo) RecentlyViewed(ctx context.Context, t store.Tenant, userID string, stores []int64, limit int) ([]Viewed, error) {
	limit = min(max(limit, 1), MaxRecent)
	part, err := t.Partition("RECENT", userID)
	if err != nil {
		return nil, err
	}
	q := store.Query{Index: "GSI2", Partition: part, Descending: true, Limit: MaxRecent}
	out := []Viewed{}
	now := r.now()
	// Views of stores the user no longer selects are skipped; two pages bound the reads.
	for range 2 {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("recently viewed: %w", err)
		}
		var views []Viewed
		if err := page.Decode(&views); err != nil {
			return nil, err
		}
		for _, v := range views {
			if slices.Contains(stores, v.AccountPlatformID) && now.Sub(v.ViewedAt) < recentTTL {
				out = append(out, v)
				if len(out) == limit {
					return out, nil
				}
			}
		}
		if page.Next == "" {
			break
		}
		q.Cursor = page.Next
	}
	return out, nil
}
