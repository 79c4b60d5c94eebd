package texting

import (
	"context"
	"sync"

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
// ledger is asked for every customer, and a customer it refuses gets nothing. The outcomes are
// in the order of messages.
func (s *Service) Bulk(ctx context.Context, t store.Tenant, messages []Message) ([]Outcome, error) {
	if len(messages) == 0 || len(messages) > MaxBulk {
		return nil, apperr.InvalidFields("The bulk text is not valid.", map[string]string{"contactIds": "Choose 1 to 1,000 customers."})
	}
	out := make([]Outcome, len(messages))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(bulkWorkers, len(messages)) {
		wg.Go(func() {
			for i := range next {
				m := messages[i]
				m.Path = PathBulk
				res, err := s.Send(ctx, t, m)
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
