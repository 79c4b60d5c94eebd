package eventbus

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// OutboxType is the record type of outbox items; the relay reads only items of this type
// from the table's stream.
const OutboxType = "Outbox"

// OutboxRetention is how long an outbox item stays in the table. The relay delivers it from
// the table's stream, whose records live 24 hours, so an item older than that has been
// delivered (or can no longer be): it then expires through the table's TTL.
const OutboxRetention = 72 * time.Hour

// outboxItem is an event as the table holds it. Every attribute is a string, so the relay
// decodes it the same way from a Lambda stream record and from the DynamoDB Streams API.
type outboxItem struct {
	EventID   string
	EventType string
	Account   string
	EventTime string
	Detail    string
}

// Outbox attribute names, as outboxItem marshals them.
const (
	attrEventID   = "EventID"
	attrEventType = "EventType"
	attrAccount   = "Account"
	attrEventTime = "EventTime"
	attrDetail    = "Detail"
	attrType      = "Type"
)

// OutboxOp returns the write that records e in tenant t's outbox. Add it to the transaction
// that makes the change e describes: the event then exists exactly when the change does, and
// the relay delivers it once the transaction commits. The item is created conditionally, so
// an event id written twice fails its transaction (a Conflict error) rather than being
// announced twice.
//
//	pattern            index  key condition
//	outbox item        table  PK = A#{acct}#OUTBOX#{event id}, SK = EVENT
//
// Each event has a partition of its own, so a busy tenant's outbox spreads over the table.
func OutboxOp(t store.Tenant, e Event) (store.Op, error) {
	if err := validate(e); err != nil {
		return store.Op{}, apperr.Wrap(apperr.Internal, err, "bad event")
	}
	if e.Account != t.Account() {
		return store.Op{}, apperr.Errorf(apperr.Internal, "event %s of account %s written in account %s", e.ID, e.Account, t.Account())
	}
	if e.Time.IsZero() {
		return store.Op{}, apperr.Errorf(apperr.Internal, "event %s has no time", e.ID)
	}
	k, err := t.Key("EVENT", "OUTBOX", e.ID)
	if err != nil {
		return store.Op{}, err
	}
	detail := string(e.Detail)
	if detail == "" {
		detail = "null"
	}
	return store.CreateOp(store.Record{
		Key:  k,
		Type: OutboxType,
		Value: outboxItem{
			EventID: e.ID, EventType: e.Type, Account: e.Account,
			EventTime: e.Time.UTC().Format(time.RFC3339Nano), Detail: detail,
		},
		ExpiresAt: e.Time.Add(OutboxRetention).Unix(),
	}), nil
}

// OutboxEvent returns the event a record created by OutboxOp holds; false for any other record.
func OutboxEvent(r store.Record) (Event, bool) {
	it, ok := r.Value.(outboxItem)
	if r.Type != OutboxType || !ok {
		return Event{}, false
	}
	at, err := time.Parse(time.RFC3339Nano, it.EventTime)
	if err != nil {
		return Event{}, false
	}
	return Event{ID: it.EventID, Type: it.EventType, Account: it.Account, Time: at, Detail: json.RawMessage(it.Detail)}, true
}

// FromOutbox decodes the event an item image holds. attr returns an attribute's string value
// and whether the item has it as a string. ok is false for items that are not outbox items;
// an outbox item that cannot be decoded is an error.
func FromOutbox(attr func(name string) (string, bool)) (e Event, ok bool, err error) {
	if typ, _ := attr(attrType); typ != OutboxType {
		return Event{}, false, nil
	}
	e.ID, _ = attr(attrEventID)
	e.Type, _ = attr(attrEventType)
	e.Account, _ = attr(attrAccount)
	at, _ := attr(attrEventTime)
	if e.Time, err = time.Parse(time.RFC3339Nano, at); err != nil {
		return Event{}, true, fmt.Errorf("outbox event %s: time %q: %w", e.ID, at, err)
	}
	detail, _ := attr(attrDetail)
	if !json.Valid([]byte(detail)) {
		return Event{}, true, fmt.Errorf("outbox event %s: detail is not JSON", e.ID)
	}
	e.Detail = json.RawMessage(detail)
	if err := validate(e); err != nil {
		return Event{}, true, err
	}
	return e, true, nil
}

// Announce writes events to the outbox of s, each on its own: for an event whose id names the
// fact it tells of (the same fact, the same id), announced after the change that made it true
// was committed, by a consumer that announces again when its event is redelivered. An event
// already announced is left as it is. Where the change is one transaction, add OutboxOp to it
// instead.
func Announce(ctx context.Context, s *store.Store, events ...Event) error {
	for _, e := range events {
		t, err := store.NewTenant(e.Account)
		if err != nil {
			return err
		}
		op, err := OutboxOp(t, e)
		if err != nil {
			return err
		}
		if err := s.Transact(ctx, op); err != nil && apperr.CodeOf(err) != apperr.Conflict {
			return fmt.Errorf("announce %s: %w", e.ID, err)
		}
	}
	return nil
}
