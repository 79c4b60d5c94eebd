// Package eventbus publishes domain events (contact created, lead status changed, ...). In AWS
// they go to an EventBridge bus; locally and in tests an in-process bus delivers them to
// subscribed handlers. Delivery is at least once, so every handler must be idempotent: an
// event's ID is stable across redeliveries.
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

// EventBridge publishes to an EventBridge bus.
type EventBridge struct {
	client *eventbridge.Client
	bus    string
}

var _ Publisher = (*EventBridge)(nil)

// NewEventBridge returns a publisher to the named bus.
func NewEventBridge(client *eventbridge.Client, bus string) *EventBridge {
	return &EventBridge{client: client, bus: bus}
}

// Publish puts the events in batches of ten (EventBridge's limit). Any entry EventBridge
// rejects makes the call fail.
func (b *EventBridge) Publish(ctx context.Context, events ...Event) error {
	for start := 0; start < len(events); start += 10 {
		batch := events[start:min(start+10, len(events))]
		entries := make([]types.PutEventsRequestEntry, 0, len(batch))
		for _, e := range batch {
			if err := validate(e); err != nil {
				return err
			}
			body, err := json.Marshal(e)
			if err != nil {
				return fmt.Errorf("marshal event %s: %w", e.ID, err)
			}
			entries = append(entries, types.PutEventsRequestEntry{
				EventBusName: aws.String(b.bus),
				Source:       aws.String(Source),
				DetailType:   aws.String(e.Type),
				Detail:       aws.String(string(body)),
				Time:         aws.Time(e.Time),
			})
		}
		out, err := b.client.PutEvents(ctx, &eventbridge.PutEventsInput{Entries: entries})
		if err != nil {
			return fmt.Errorf("put %d events: %w", len(entries), err)
		}
		if out.FailedEntryCount > 0 {
			return fmt.Errorf("put events: %d of %d rejected", out.FailedEntryCount, len(entries))
		}
	}
	return nil
}

func validate(e Event) error {
	if e.ID == "" || e.Type == "" || e.Account == "" {
		return fmt.Errorf("event needs an id, a type and an account: %+v", e)
	}
	return nil
}
