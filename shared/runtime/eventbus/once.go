package eventbus

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MarkRetention is how long a consumer remembers that it processed an event. It outlasts
// every redelivery: EventBridge retries for at most 24 hours, and messages wait in a
// dead-letter queue for at most 14 days before being redriven.
const MarkRetention = 30 * 24 * time.Hour

// Effect returns the writes that are a consumer's effect of event e. It reads what it needs
// afresh on every call: when its writes' conditions fail, the event is handled again.
type Effect func(ctx context.Context, e Event) ([]store.Op, error)

// processedMark is the item that records that a consumer processed an event.
type processedMark struct {
	Consumer  string
	EventID   string
	EventType string
}

// Once returns consumer's handler that applies effect's writes exactly once per event id.
//
// The writes and a processed mark for (consumer, event id) are one transaction, the mark
// created only if it does not exist. A redelivered event finds the mark and does nothing; two
// deliveries racing each other both run effect, but only one transaction commits, and the
// other fails on the mark and is then found to be done. This is why the mark and the effect
// are one transaction rather than mark-then-effect: a handler that crashed between the two
// would either lose the effect (mark first) or repeat it (effect first). The price is that an
// effect must be DynamoDB writes of at most 99 items; a consumer with an outside effect (an
// e-mail) makes it idempotent by its own key instead.
//
//	pattern            index  key condition
//	processed mark     table  PK = A#{acct}#EVTDONE#{consumer}#{event id}, SK = DONE
func Once(s *store.Store, consumer string, effect Effect) Handler {
	return once(s, consumer, effect, true)
}

// OnceUnread is Once without the read of the processed mark before effect runs, for an effect
// that only builds writes from what its caller read: a first delivery, by far the most
// common, saves a read, and a redelivered event runs effect, whose transaction then fails on
// the mark and is found to be done.
func OnceUnread(s *store.Store, consumer string, effect Effect) Handler {
	return once(s, consumer, effect, false)
}

func once(s *store.Store, consumer string, effect Effect, read bool) Handler {
	return func(ctx context.Context, e Event) error {
		if consumer == "" || strings.Contains(consumer, "#") {
			return apperr.Errorf(apperr.Internal, "bad consumer name %q", consumer)
		}
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return fmt.Errorf("event %s: %w", e.ID, err)
		}
		k, err := t.Key("DONE", "EVTDONE", consumer, e.ID)
		if err != nil {
			return fmt.Errorf("event %s: %w", e.ID, err)
		}
		if read {
			done, err := processed(ctx, s, k)
			if err != nil || done {
				return err
			}
		}
		ops, err := effect(ctx, e)
		if err != nil {
			return fmt.Errorf("%s: handle %s %s: %w", consumer, e.Type, e.ID, err)
		}
		mark := store.CreateOp(store.Record{
			Key: k, Type: "ProcessedEvent", Value: processedMark{Consumer: consumer, EventID: e.ID, EventType: e.Type},
			ExpiresAt: e.Time.Add(MarkRetention).Unix(),
		})
		err = s.Transact(ctx, append(ops, mark)...)
		if apperr.CodeOf(err) == apperr.Conflict {
			// Either another delivery of e committed first (done) or the effect's own
			// condition failed (not done: the bus retries the event).
			if done, derr := processed(ctx, s, k); derr == nil && done {
				return nil
			}
		}
		if err != nil {
			return fmt.Errorf("%s: apply %s %s: %w", consumer, e.Type, e.ID, err)
		}
		return nil
	}
}

func processed(ctx context.Context, s *store.Store, k store.Key) (bool, error) {
	var m processedMark
	_, err := s.Get(ctx, k, &m)
	if err == nil {
		return true, nil
	}
	if apperr.CodeOf(err) == apperr.NotFound {
		return false, nil
	}
	return false, err
}
