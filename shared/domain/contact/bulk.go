package contact

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Import stores contacts with the ids they carry, each with its search entries, in batches and
// without events or conditions: for seeding and bulk loads of contacts nobody edits meanwhile.
// Each contact is validated as a save validates it; the first invalid one stops the import
// before anything of its batch is written.
func (r *Repo) Import(ctx context.Context, t store.Tenant, contacts []Contact, by string) error {
	var recs []store.Record
	flush := func() error {
		if err := r.s.BatchPut(ctx, recs); err != nil {
			return fmt.Errorf("import contacts: %w", err)
		}
		recs = recs[:0]
		return nil
	}
	for _, in := range contacts {
		if in.ID < 1 {
			return fmt.Errorf("import contact without an id")
		}
		c, err := Normalize(in)
		if err != nil {
			return fmt.Errorf("import contact %d: %w", in.ID, err)
		}
		if err := r.defineTags(ctx, t, &c, nil); err != nil {
			return fmt.Errorf("import contact %d: %w", in.ID, err)
		}
		created, updated := c.CreatedAt, c.UpdatedAt
		if c, err = stampNew(t, c, r.now().UTC(), by); err != nil {
			return err
		}
		if !created.IsZero() {
			c.CreatedAt, c.UpdatedAt = created, created
			if updated.After(created) {
				c.UpdatedAt = updated
			}
		}
		st, err := r.items(ctx, t, c, 1, record{})
		if err != nil {
			return err
		}
		recs = append(recs, st.main)
		for _, sk := range st.sks {
			recs = append(recs, st.entries[sk])
		}
		if len(recs) >= 500 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
