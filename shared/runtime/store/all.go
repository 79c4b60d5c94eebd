package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
)

// QueryAll reads every page of q, starting at q.Cursor, and decodes the items into a slice of
// T. It is for partitions whose size the domain bounds (the users, stores or settings of one
// account); unbounded lists are read a page at a time with Query.
func QueryAll[T any](ctx context.Context, s *Store, q Query) ([]T, error) {
	if q.Limit == 0 {
		q.Limit = 1000
	}
	var all []T
	for {
		page, err := s.Query(ctx, q)
		if err != nil {
			return nil, err
		}
		var items []T
		if err := page.Decode(&items); err != nil {
			return nil, err
		}
		all = append(all, items...)
		if page.Next == "" {
			return all, nil
		}
		q.Cursor = page.Next
	}
}

// DeriveKey returns a 32-byte key for purpose, derived from the store's secret key with
// HMAC-SHA256. Other signers (such as real-time messaging tokens) use it so they need no secret
// of their own and never learn the key that signs cursors.
func (s *Store) DeriveKey(purpose string) []byte {
	mac := hmac.New(sha256.New, s.cursorKey)
	mac.Write([]byte("cxm derived key\x00"))
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
