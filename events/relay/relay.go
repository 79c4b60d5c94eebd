// Package relay delivers the events of the table's outbox. Every domain change writes its
// events as outbox items in its own transaction (eventbus.OutboxOp); the table's stream then
// carries each item to the relay, which hands it on: in AWS a Lambda function on the stream
// puts it on the EventBridge bus, whose rules invoke the consumers; locally the gateway reads
// DynamoDB Local's stream with eventbus.Stream and calls the consumers in-process. Delivery is at least
// once (a relay that fails after publishing and before its checkpoint publishes again), so
// every consumer is idempotent by event id (eventbus.Once).
package relay

import (
	"context"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"
	"github.com/cxm/cxm/shared/runtime/eventbus"
)

// Putter puts events on a bus and reports, per event, whether it was accepted.
// *eventbus.EventBridge is one.
type Putter interface {
	PutEach(ctx context.Context, events ...eventbus.Event) []error
}

var _ Putter = (*eventbus.EventBridge)(nil)

// Lambda is the relay function of the table's stream in AWS.
type Lambda struct {
	bus Putter
	log *slog.Logger
}

// NewLambda returns the relay that puts outbox items on bus.
func NewLambda(bus Putter, log *slog.Logger) *Lambda { return &Lambda{bus: bus, log: log} }

// Handle puts the outbox items a batch of stream records inserted on the bus and reports the
// records whose event the bus did not accept (or that could not be decoded) as batch item
// failures: Lambda retries the batch from the first of them, so only those and the records
// after them are delivered again. Records that are not outbox inserts are skipped.
func (l *Lambda) Handle(ctx context.Context, in events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
	var (
		batch []eventbus.Event
		seqs  []string
		out   events.DynamoDBEventResponse
	)
	for _, rec := range in.Records {
		if rec.EventName != string(events.DynamoDBOperationTypeInsert) {
			continue
		}
		image := rec.Change.NewImage
		e, ok, err := eventbus.FromOutbox(func(name string) (string, bool) {
			v, ok := image[name]
			if !ok || v.DataType() != events.DataTypeString {
				return "", false
			}
			return v.String(), true
		})
		if err != nil {
			l.log.ErrorContext(ctx, "undecodable outbox item", "sequence", rec.Change.SequenceNumber, "err", err)
			out.BatchItemFailures = append(out.BatchItemFailures, events.DynamoDBBatchItemFailure{ItemIdentifier: rec.Change.SequenceNumber})
			continue
		}
		if ok {
			batch = append(batch, e)
			seqs = append(seqs, rec.Change.SequenceNumber)
		}
	}
	if len(batch) == 0 {
		return out, nil
	}
	for i, err := range l.bus.PutEach(ctx, batch...) {
		if err != nil {
			l.log.ErrorContext(ctx, "event not relayed", "event", batch[i].ID, "type", batch[i].Type, "err", err)
			out.BatchItemFailures = append(out.BatchItemFailures, events.DynamoDBBatchItemFailure{ItemIdentifier: seqs[i]})
		}
	}
	return out, nil
}
