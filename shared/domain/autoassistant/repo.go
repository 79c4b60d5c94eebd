package autoassistant

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

const (
	typeConversation = "AssistantConversation"
	typeLock         = "AssistantActive"
	typeDelivery     = "AssistantDelivery"
	gsi              = "GSI1"
	startedLayout    = "2006-01-02T15:04:05.000Z"
)

// Repo keeps the conversations.
type Repo struct {
	s        *store.Store
	activity *activity.Repo
}

// NewRepo returns the conversations over s, recording their messages in acts.
func NewRepo(s *store.Store, acts *activity.Repo) *Repo { return &Repo{s: s, activity: acts} }

// NewID returns a new conversation id.
func NewID() string {
	var b [10]byte
	rand.Read(b[:])
	return "AA-" + hex.EncodeToString(b[:])
}

func conversationKey(t store.Tenant, id string) (store.Key, error) {
	return t.Key("CONV", "AAC", id)
}

func contactIndexKey(t store.Tenant, c Conversation) (store.IndexKey, error) {
	return t.IndexKey(gsi, c.StartedAt.UTC().Format(startedLayout)+"#"+c.ID, "AACC", strconv.FormatInt(c.ContactID, 10))
}

func lockKey(t store.Tenant, contactID, storeID int64) (store.Key, error) {
	return t.Key("ACTIVE", "AACC", strconv.FormatInt(contactID, 10), strconv.FormatInt(storeID, 10))
}

type lockItem struct {
	ConversationID string
}

func (r *Repo) record(t store.Tenant, c Conversation) (store.Record, error) {
	k, err := conversationKey(t, c.ID)
	if err != nil {
		return store.Record{}, err
	}
	ik, err := contactIndexKey(t, c)
	if err != nil {
		return store.Record{}, err
	}
	return store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: typeConversation, Value: c, Version: c.Version}, nil
}

// Entry returns the activity entry of message m of conversation c, by user userID (the user who
// started it) named userName.
func Entry(c Conversation, m Message, userID, userName string) activity.New {
	kind := activity.KindText
	if c.Channel == ChannelEmail {
		kind = activity.KindEmail
	}
	dir := activity.Outbound
	if m.Direction == "inbound" {
		dir = activity.Inbound
	}
	text := m.Body
	if m.Subject != "" {
		text = m.Subject + "\n\n" + m.Body
	}
	if r := []rune(text); len(r) > activity.MaxTextLength {
		text = string(r[:activity.MaxTextLength])
	}
	// Every entry of a conversation is automated, the customer's replies included: they are
	// written under the user who started the conversation, who did not take part in them, so
	// the dashboards credit none of them to that user.
	return activity.New{ContactID: c.ContactID, AccountPlatformID: c.AccountPlatformID, Kind: kind, Direction: dir, Text: text,
		Details: map[string]string{"automated": "true", "assistantConversationId": c.ID, "channel": c.Channel, "to": c.To},
		UserID:  userID, UserName: userName}
}

// Start creates conversation c, whose first message (if any) is the last of c.Messages, with
// that message's activity entry, in one transaction. A customer with an active conversation at
// the store already is a Conflict error (MsgAlreadyActive). It returns c as saved.
func (r *Repo) Start(ctx context.Context, t store.Tenant, c Conversation) (Conversation, error) {
	lk, err := lockKey(t, c.ContactID, c.AccountPlatformID)
	if err != nil {
		return Conversation{}, err
	}
	for attempt := 0; ; attempt++ {
		saved := c
		saved.Version = 0
		ops := []store.Op{store.CreateOp(store.Record{Key: lk, Type: typeLock, Value: lockItem{ConversationID: c.ID}})}
		if n := len(saved.Messages); n > 0 {
			e, aops, err := r.activity.Ops(ctx, t, Entry(saved, saved.Messages[n-1], c.StartedBy, c.StartedByName))
			if err != nil {
				return Conversation{}, err
			}
			saved.Messages[n-1].ActivityID = e.ID
			ops = append(ops, aops...)
		}
		rec, err := r.record(t, saved)
		if err != nil {
			return Conversation{}, err
		}
		ops = append(ops, store.CreateOp(rec))
		err = r.s.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict {
			var l lockItem
			if _, lerr := r.s.Get(ctx, lk, &l); lerr == nil {
				return Conversation{}, apperr.Errorf(apperr.Conflict, MsgAlreadyActive)
			}
			if attempt < 5 {
				continue // another activity entry of the customer got in first
			}
		}
		if err != nil {
			return Conversation{}, fmt.Errorf("start conversation %s: %w", c.ID, err)
		}
		saved.Version = 1
		return saved, nil
	}
}

// Save writes after, the change of before (read at before.Version), with the activity entry of
// its last message when message is true, in one transaction; an ended conversation releases the
// customer's lock at its store. A conversation changed since it was read is a Conflict error
// (MsgStale). It returns after as saved.
func (r *Repo) Save(ctx context.Context, t store.Tenant, before, after Conversation, message bool) (Conversation, error) {
	return r.save(ctx, t, before, after, message, nil)
}

func deliveryKey(t store.Tenant, conversationID, deliveryID string) (store.Key, error) {
	return t.Key("DELIVERY#"+deliveryID, "AAC", conversationID)
}

// Deliver saves after, the change of before that the provider's delivery deliveryID reports,
// as Save does, and claims the delivery in the same transaction: a delivery already applied
// changes nothing and returns false. A conversation changed since it was read is a Conflict
// error (MsgStale): read it again and apply the delivery to it.
func (r *Repo) Deliver(ctx context.Context, t store.Tenant, before, after Conversation, message bool, deliveryID string) (Conversation, bool, error) {
	k, err := deliveryKey(t, before.ID, deliveryID)
	if err != nil {
		return Conversation{}, false, apperr.Errorf(apperr.Invalid, "The delivery id is not valid.")
	}
	if r.Delivered(ctx, t, before.ID, deliveryID) {
		return before, false, nil
	}
	saved, err := r.save(ctx, t, before, after, message, []store.Op{store.CreateOp(store.Record{Key: k, Type: typeDelivery, Value: deliveryItem{At: r.s.Now().UTC()}})})
	if apperr.CodeOf(err) == apperr.Conflict && r.Delivered(ctx, t, before.ID, deliveryID) {
		return before, false, nil
	}
	if err != nil {
		return Conversation{}, false, err
	}
	return saved, true, nil
}

// Delivered reports whether the provider's delivery deliveryID of conversation id was applied.
func (r *Repo) Delivered(ctx context.Context, t store.Tenant, id, deliveryID string) bool {
	k, err := deliveryKey(t, id, deliveryID)
	if err != nil {
		return false
	}
	var d deliveryItem
	_, err = r.s.Get(ctx, k, &d)
	return err == nil
}

type deliveryItem struct {
	At time.Time
}

func (r *Repo) save(ctx context.Context, t store.Tenant, before, after Conversation, message bool, extra []store.Op) (Conversation, error) {
	for attempt := 0; ; attempt++ {
		saved := after
		saved.Version = before.Version
		ops := append([]store.Op(nil), extra...)
		if n := len(saved.Messages); message && n > 0 {
			saved.Messages = append([]Message(nil), saved.Messages...)
			e, aops, err := r.activity.Ops(ctx, t, Entry(saved, saved.Messages[n-1], saved.StartedBy, saved.StartedByName))
			if err != nil {
				return Conversation{}, err
			}
			saved.Messages[n-1].ActivityID = e.ID
			ops = append(ops, aops...)
		}
		rec, err := r.record(t, saved)
		if err != nil {
			return Conversation{}, err
		}
		ops = append(ops, store.UpdateOp(rec))
		if before.Active && !saved.Active {
			lk, err := lockKey(t, saved.ContactID, saved.AccountPlatformID)
			if err != nil {
				return Conversation{}, err
			}
			ops = append(ops, store.RemoveOp(lk))
		}
		err = r.s.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict {
			cur, gerr := r.Get(ctx, t, before.ID)
			if gerr == nil && cur.Version != before.Version {
				return Conversation{}, apperr.Errorf(apperr.Conflict, MsgStale)
			}
			if attempt < 5 && len(extra) == 0 {
				continue
			}
		}
		if apperr.CodeOf(err) == apperr.Conflict {
			return Conversation{}, err
		}
		if err != nil {
			return Conversation{}, fmt.Errorf("save conversation %s: %w", before.ID, err)
		}
		saved.Version = before.Version + 1
		return saved, nil
	}
}

// Get returns conversation id; a missing one is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id string) (Conversation, error) {
	k, err := conversationKey(t, id)
	if err != nil {
		return Conversation{}, err
	}
	var c Conversation
	v, err := r.s.Get(ctx, k, &c)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Conversation{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Conversation{}, fmt.Errorf("get conversation %s: %w", id, err)
	}
	c.Version = v
	return c, nil
}

// ForContacts returns the conversations of customers ids, newest first per customer.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]Conversation, error) {
	var out []Conversation
	for _, id := range ids {
		p, err := t.Partition("AACC", strconv.FormatInt(id, 10))
		if err != nil {
			return nil, err
		}
		cs, err := store.QueryAll[Conversation](ctx, r.s, store.Query{Index: gsi, Partition: p, Limit: 200, Descending: true})
		if err != nil {
			return nil, fmt.Errorf("conversations of %d: %w", id, err)
		}
		out = append(out, cs...)
	}
	return out, nil
}
