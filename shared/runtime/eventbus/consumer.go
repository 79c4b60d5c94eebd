package eventbus

// Consumer is one event-driven function: its handler receives every event of its types.
type Consumer struct {
	Name   string   // stable, unique: names the consumer's Lambda and its processed-event marks
	Types  []string // event types it receives
	Handle Handler  // func(ctx context.Context, e Event) error; must be idempotent by e.ID
}
