// Package eventbus carries domain events (contact created, lead status changed, ...). A change
// writes its events as outbox items in its own transaction (OutboxOp), so an event exists
// exactly when its change does; the relay (events/relay) reads them from the table's stream and
// puts them on the EventBridge bus in AWS, or on the in-process Memory bus locally and in
// tests. Delivery is at least once, so every consumer (Consumer) is idempotent by event id:
// Once makes a consumer's effect and its processed mark one transaction.
package eventbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge/types"
)

// Source is the source every CXM event carries.
const Source = "cxm"

// Event is one domain event.
type Event struct {
	// ID identifies the event; redeliveries carry the same ID.
	ID string `json:"id"`
	// Type is the event's detail type, for example "LeadStatusChanged".
	Type string `json:"type"`
	// Account is the tenant the event belongs to.
	Account string          `json:"account"`
	Time    time.Time       `json:"time"`
	Detail  json.RawMessage `json:"detail"`
}

// Publisher publishes events. Publish returns an error when any event could not be accepted;
// callers retry with the same event IDs.
type Publisher interface {
	Publish(ctx context.Context, events ...Event) error
}

// Handler consumes one event. It must be idempotent on the event's ID.
type Handler func(ctx context.Context, e Event) error

// Memory is the in-process bus: Publish calls every handler subscribed to the event's type
// before it returns.
type Memory struct {
	mu       sync.RWMutex
	handlers map[string][]Handler
}

var _ Publisher = (*Memory)(nil)

// NewMemory returns an in-process bus with no subscribers.
func NewMemory() *Memory { return &Memory{handlers: map[string][]Handler{}} }

// Subscribe adds h for events of type eventType ("*" for every type).
func (m *Memory) Subscribe(eventType string, h Handler) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.handlers[eventType] = append(m.handlers[eventType], h)
}

// Register subscribes c's handler to each of c's types, as the local relay delivers to the
// registered consumers.
func (m *Memory) Register(c Consumer) {
	for _, typ := range c.Types {
		m.Subscribe(typ, c.Handle)
	}
}

// Publish delivers each event to its subscribers and joins their errors.
func (m *Memory) Publish(ctx context.Context, events ...Event) error {
	var errs []error
	for _, e := range events {
		if err := validate(e); err != nil {
			return err
		}
		m.mu.RLock()
		hs := append(append([]Handler(nil), m.handlers[e.Type]...), m.handlers["*"]...)
		m.mu.RUnlock()
		for _, h := range hs {
			if err := h(ctx, e); err != nil {
				errs = append(errs, fmt.Errorf("handle %s %s: %w", e.Type, e.ID, err))
			}
		}
	}
	return errors.Join(errs...)
}

// PutEventsAPI is the EventBridge call the publisher makes.
type PutEventsAPI interface {
	PutEvents(ctx context.Context, in *eventbridge.PutEventsInput, opts ...func(*eventbridge.Options)) (*eventbridge.PutEventsOutput, error)
}

// EventBridge publishes to an EventBridge bus.
type EventBridge struct {
	client PutEventsAPI
	bus    string
}

var _ Publisher = (*EventBridge)(nil)

// NewEventBridge returns a publisher to the named bus.
func NewEventBridge(client PutEventsAPI, bus string) *EventBridge {
	return &EventBridge{client: client, bus: bus}
}

// Publish puts the events in batches of ten (EventBridge's limit). Any entry EventBridge
// rejects makes the call fail.
func (b *EventBridge) Publish(ctx context.Context, events ...Event) error {
	return errors.Join(b.PutEach(ctx, events...)...)
}

// PutEach puts the events in batches of ten (EventBridge's limit) and returns one error per
// event: nil for an event the bus accepted, the reason for one it rejected or could not be
// sent. A caller retries only the rejected ones.
func (b *EventBridge) PutEach(ctx context.Context, events ...Event) []error {
	errs := make([]error, len(events))
	for start := 0; start < len(events); start += 10 {
		batch := events[start:min(start+10, len(events))]
		entries := make([]types.PutEventsRequestEntry, 0, len(batch))
		index := make([]int, 0, len(batch))
		for i, e := range batch {
			if err := validate(e); err != nil {
				errs[start+i] = err
				continue
			}
			body, err := json.Marshal(e)
			if err != nil {
				errs[start+i] = fmt.Errorf("marshal event %s: %w", e.ID, err)
				continue
			}
			entries = append(entries, types.PutEventsRequestEntry{
				EventBusName: aws.String(b.bus),
				Source:       aws.String(Source),
				DetailType:   aws.String(e.Type),
				Detail:       aws.String(string(body)),
				Time:         aws.Time(e.Time),
			})
			index = append(index, start+i)
		}
		if len(entries) == 0 {
			continue
		}
		out, err := b.client.PutEvents(ctx, &eventbridge.PutEventsInput{Entries: entries})
		if err != nil {
			for _, i := range index {
				errs[i] = fmt.Errorf("put event %s: %w", events[i].ID, err)
			}
			continue
		}
		for n, res := range out.Entries {
			if n < len(index) && res.ErrorCode != nil {
				errs[index[n]] = fmt.Errorf("put event %s: %s: %s", events[index[n]].ID, aws.ToString(res.ErrorCode), aws.ToString(res.ErrorMessage))
			}
		}
		if out.FailedEntryCount > 0 && len(out.Entries) != len(entries) {
			for _, i := range index {
				if errs[i] == nil {
					errs[i] = fmt.Errorf("put event %s: %d of %d rejected", events[i].ID, out.FailedEntryCount, len(entries))
				}
			}
		}
	}
	return errs
}

func validate(e Event) error {
	if e.ID == "" || e.Type == "" || e.Account == "" {
		return fmt.Errorf("event needs an id, a type and an account: %+v", e)
	}
	return nil
}
