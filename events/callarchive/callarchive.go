// Package callarchive runs the Call Log's auto-archive: each store whose auto-archive is
// enabled has a timer (set when its settings are saved, then once a day by each run) whose
// calllog.EventArchiveDue event archives the store's calls older than its settings' days.
//
// A redelivered event has no second effect: a run records itself with the settings (a new
// version) and sets the next timer in one transaction, and a run for a version the settings
// no longer have does nothing.
package callarchive

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/calllog"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Consumer is the name of the archive's consumer.
const Consumer = "call-auto-archive"

// Consumers returns the package's consumers over svc.
func Consumers(svc wiring.Services) []eventbus.Consumer {
	return []eventbus.Consumer{{Name: Consumer, Types: []string{calllog.EventArchiveDue}, Handle: Handler(svc, nil)}}
}

// Handler returns the archive's handler over svc; now is its clock (nil for the store's).
func Handler(svc wiring.Services, now func() time.Time) eventbus.Handler {
	return func(ctx context.Context, e eventbus.Event) error {
		if svc.Store == nil {
			return fmt.Errorf("call archive: no store")
		}
		repo := calllog.NewRepo(svc.Store, svc.Log)
		if now != nil {
			repo = repo.WithClock(now)
		}
		var due calllog.ArchiveDue
		if err := json.Unmarshal(e.Detail, &due); err != nil {
			return fmt.Errorf("call archive event %s: %w", e.ID, err)
		}
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return err
		}
		n, err := repo.RunArchive(ctx, t, due)
		if err != nil {
			return fmt.Errorf("archive the calls of store %d: %w", due.AccountPlatformID, err)
		}
		svc.Logger().InfoContext(ctx, "archived calls", "account", e.Account, "store", due.AccountPlatformID, "archived", n)
		return nil
	}
}
