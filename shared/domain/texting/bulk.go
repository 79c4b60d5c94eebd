package texting

import (
	"context"
	"sync"

	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MaxBulk is the most customers one bulk send texts.
const MaxBulk = 1000

// bulkWorkers is how many texts of a bulk send are sent side by side.
const bulkWorkers = 16

// Outcome is one customer's result of a bulk send.
type Outcome struct {
	ContactID int64
	Result    Result
	// Err is why the text could not be sent other than consent (no such customer, the
	// provider refused the number).
	Err error
}

// Bulk sends each of messages (at most MaxBulk, each of PathBulk) through Send: the consent
// ledger is asked for every customer, and a customer it refuses gets nothing. Each store's
// rules (the store and its texting settings) are read once for the whole send, not once per
// customer: a settings change made during the send applies from the next send. The outcomes
// are in the order of messages.
func (s *Service) Bulk(ctx context.Context, t store.Tenant, messages []Message) ([]Outcome, error) {
	if len(messages) == 0 || len(messages) > MaxBulk {
		return nil, apperr.InvalidFields("The bulk text is not valid.", map[string]string{"contactIds": "Choose 1 to 1,000 customers."})
	}
	rules := newRulesCache(s.rules)
	out := make([]Outcome, len(messages))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(bulkWorkers, len(messages)) {
		wg.Go(func() {
			for i := range next {
				m := messages[i]
				m.Path = PathBulk
				res, err := s.send(ctx, t, m, rules.get)
				out[i] = Outcome{ContactID: m.ContactID, Result: res, Err: err}
			}
		})
	}
	for i := range messages {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, nil
}

// rulesCache reads each store's consent rules once, however many sends of a bulk send ask for
// them at once. A failed read is not kept: the next send asks again.
type rulesCache struct {
	read  rulesFunc
	mu    sync.Mutex
	calls map[int64]*rulesCall
}

// rulesCall is one store's read: done closes when rules and err are set.
type rulesCall struct {
	done  chan struct{}
	rules consent.StoreRules
	err   error
}

func newRulesCache(read rulesFunc) *rulesCache {
	return &rulesCache{read: read, calls: map[int64]*rulesCall{}}
}

// get returns the rules of store storeID of t (the one tenant of the bulk send).
func (c *rulesCache) get(ctx context.Context, t store.Tenant, storeID int64) (consent.StoreRules, error) {
	c.mu.Lock()
	call, ok := c.calls[storeID]
	if !ok {
		call = &rulesCall{done: make(chan struct{})}
		c.calls[storeID] = call
	}
	c.mu.Unlock()
	if ok {
		select {
		case <-call.done:
		case <-ctx.Done():
			return consent.StoreRules{}, ctx.Err()
		}
		if call.err == nil {
			return call.rules, nil
		}
		return c.get(ctx, t, storeID)
	}
	call.rules, call.err = c.read(ctx, t, storeID)
	if call.err != nil {
		c.mu.Lock()
		delete(c.calls, storeID)
		c.mu.Unlock()
	}
	close(call.done)
	return call.rules, call.err
}
