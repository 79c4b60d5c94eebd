package demo

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// historySeed records the now a dealer group's history is seeded from, and whether it was
// written whole.
type historySeed struct {
	Days, Leads int
	Seed        uint64
	Now         time.Time
	Done        bool
}

// historySeedKey is the key of the seed's record of a group's history:
//
//	pattern                      index  key condition
//	the history the seed wrote   table  PK = A#{acct}#SEED, SK = HISTORY
func historySeedKey(t store.Tenant) (store.Key, error) { return t.Key("HISTORY", "SEED") }

// SeedHistory writes the history GenerateHistory makes of g at the store's now (the wall clock
// for make run, the injected clock in tests), through the domain's bulk imports: the new
// customers (contact.Repo.Import), the leads replayed with the rules of their calls
// (lead.Repo.Import), the activity of the leads' changes and of the calls and notes about
// them (activity.Repo.Import) and the tasks (task.Repo.Import), with workers writing in
// parallel. A group whose history was seeded before is left as it is: the history is seeded
// once, at the now of the first seed, which is recorded before anything is written, so a seed
// stopped half-way writes the same history again on the next start. The generated customers
// the leads name must be seeded first (SeedContacts). The demo group's deals follow (seedDeals),
// at the same now, each written once.
func SeedHistory(ctx context.Context, svc wiring.Services, g Group, workers int) error {
	if g.History.Days < 1 || g.History.Leads < 1 {
		return nil
	}
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	k, err := historySeedKey(t)
	if err != nil {
		return err
	}
	var done historySeed
	_, err = svc.Store.Get(ctx, k, &done)
	switch {
	case err == nil && done.Done:
		return seedDeals(ctx, svc, g, done.Now)
	case err == nil:
		// A seed stopped half-way: the same history again.
		g.History = HistoryOptions{Days: done.Days, Leads: done.Leads, Seed: done.Seed}
	case apperr.CodeOf(err) == apperr.NotFound:
		done = historySeed{Days: g.History.Days, Leads: g.History.Leads, Seed: g.History.Seed, Now: svc.Store.Now().UTC()}
		if _, err := svc.Store.Put(ctx, store.Record{Key: k, Type: "HistorySeed", Value: done}); err != nil {
			return fmt.Errorf("record history seed: %w", err)
		}
	default:
		return fmt.Errorf("read history seed: %w", err)
	}
	now := done.Now
	h := GenerateHistory(g, now)
	leads := lead.NewRepo(svc.Store, nil, svc.Log)
	for st, names := range h.Sources {
		for _, name := range names {
			if _, err := leads.EnsureSource(ctx, t, st, name); err != nil {
				return fmt.Errorf("seed lead source %q of %d: %w", name, st, err)
			}
		}
	}
	// The leads name their sources by id.
	ids := map[int64]map[string]int64{}
	for st := range h.Sources {
		srcs, err := leads.Sources(ctx, t, st)
		if err != nil {
			return err
		}
		ids[st] = map[string]int64{}
		for _, s := range srcs {
			ids[st][s.Name] = s.LeadSourceID
		}
	}
	for i := range h.Leads {
		l := &h.Leads[i].Lead
		l.LeadSourceID = ids[l.AccountPlatformID][l.LeadSourceName]
	}
	dealerIDs := map[int64]string{}
	for _, st := range g.Stores {
		dealerIDs[st.AccountPlatformID] = st.DealerID
	}
	contacts := contact.NewRepo(svc.Store, svc.Encrypter, nil, svc.Log)
	for i := range h.Contacts {
		h.Contacts[i].DealerID = dealerIDs[h.Contacts[i].AccountPlatformID]
		if svc.Encrypter == nil {
			h.Contacts[i].SSN, h.Contacts[i].DriverLicense.Number, h.Contacts[i].Banks = "", "", nil
		}
	}
	if err := inParallel(workers, chunks(h.Contacts, 200), func(cs []contact.Contact) error {
		return contacts.Import(ctx, t, cs, user.AutomationUserID)
	}); err != nil {
		return fmt.Errorf("seed history customers: %w", err)
	}
	var (
		mu      sync.Mutex
		entries = h.Activity
	)
	if err := inParallel(workers, chunks(h.Leads, 100), func(hs []lead.History) error {
		acts, err := leads.Import(ctx, t, hs)
		mu.Lock()
		entries = append(entries, acts...)
		mu.Unlock()
		return err
	}); err != nil {
		return fmt.Errorf("seed history leads: %w", err)
	}
	// A contact's entries go in one import, which writes the contact's summary.
	names := map[string]string{}
	for _, u := range append(append(profiles(g.Logins), g.Staff...), g.Others...) {
		names[u.UserID] = u.DisplayName()
	}
	byContact := map[int64][]activity.Past{}
	var order []int64
	for _, e := range entries {
		if e.UserName == "" {
			e.UserName = names[e.UserID]
		}
		if _, ok := byContact[e.ContactID]; !ok {
			order = append(order, e.ContactID)
		}
		byContact[e.ContactID] = append(byContact[e.ContactID], e)
	}
	var groups [][]activity.Past
	var cur []activity.Past
	for _, id := range order {
		cur = append(cur, byContact[id]...)
		if len(cur) >= 400 {
			groups, cur = append(groups, cur), nil
		}
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	acts := activity.NewRepo(svc.Store, nil, svc.Log)
	if err := inParallel(workers, groups, func(es []activity.Past) error { return acts.Import(ctx, t, es) }); err != nil {
		return fmt.Errorf("seed history activity: %w", err)
	}
	tasks := task.NewRepo(svc.Store)
	if err := inParallel(workers, chunks(h.Tasks, 400), func(ts []task.Task) error { return tasks.Import(ctx, t, ts) }); err != nil {
		return fmt.Errorf("seed history tasks: %w", err)
	}
	done.Done = true
	if _, err := svc.Store.Put(ctx, store.Record{Key: k, Type: "HistorySeed", Value: done}); err != nil {
		return fmt.Errorf("record history seed: %w", err)
	}
	svc.Log.InfoContext(ctx, "seeded the demo history", "account", g.Account.ID, "leads", len(h.Leads), "customers", len(h.Contacts),
		"activity", len(entries), "tasks", len(h.Tasks))
	return seedDeals(ctx, svc, g, now)
}

// chunks cuts xs into pieces of at most n.
func chunks[T any](xs []T, n int) [][]T {
	var out [][]T
	for len(xs) > 0 {
		k := min(n, len(xs))
		out = append(out, xs[:k])
		xs = xs[k:]
	}
	return out
}

// inParallel calls fn with every piece, workers at a time, and returns the first error.
func inParallel[T any](workers int, pieces []T, fn func(T) error) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		next int
		errs []error
	)
	for range max(workers, 1) {
		wg.Go(func() {
			for {
				mu.Lock()
				if next >= len(pieces) || len(errs) > 0 {
					mu.Unlock()
					return
				}
				p := pieces[next]
				next++
				mu.Unlock()
				if err := fn(p); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}
