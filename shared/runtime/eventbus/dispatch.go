package eventbus

import (
	"context"
	"slices"
)

// Dispatch returns the local relay's delivery to consumers: each event goes to every consumer
// of its type, which gets up to attempts tries (its handler is idempotent, so a retry is
// safe); an event a consumer still fails is handed to deadLetter, as EventBridge hands it to
// the consumer's dead-letter queue in AWS, and the relay moves on. One failing consumer
// therefore neither blocks the others nor the events after it.
func Dispatch(consumers []Consumer, attempts int, deadLetter func(ctx context.Context, c Consumer, e Event, err error)) Deliver {
	return func(ctx context.Context, events []Event) error {
		for _, e := range events {
			for _, c := range consumers {
				if !slices.Contains(c.Types, e.Type) {
					continue
				}
				var err error
				for range max(attempts, 1) {
					if err = c.Handle(ctx, e); err == nil {
						break
					}
				}
				if err != nil {
					deadLetter(ctx, c, e, err)
				}
			}
		}
		return nil
	}
}
