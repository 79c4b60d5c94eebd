// Package chat keeps one-to-one and small-group staff chat: the direct group of a set of users
// and its messages.
//
// Access patterns:
//
//	pattern                               index  key condition
//	the direct group of a set of members  table  PK = A#{acct}#CHATDIRECT, SK = {sorted member ids}
//	a group                               table  PK = A#{acct}#CHAT#{groupId}, SK = GROUP
//	a group's messages, newest first      table  PK = A#{acct}#CHAT#{groupId}, begins_with(SK, "MSG#")
//	a sent message by its client id       table  PK = A#{acct}#CHAT#{groupId}, SK = CLIENT#{clientMessageId}
//	a user's groups with their last message  table  PK = A#{acct}#CHATMEMBER#{userId}, SK = {groupId}
//	when a user last read each of their groups  table  PK = A#{acct}#CHATREAD#{userId}, SK = {groupId}
//
// Every stored message writes its EventMessageSent event (to the outbox) in the same
// transaction, so the group's members' open browsers hear of it.
package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// EventMessageSent is the type of the event of a stored message; its detail is a Sent.
const EventMessageSent = "ChatMessageSent"

// Sent is the detail of an EventMessageSent event: the message and the group's members.
type Sent struct {
	GroupID      string
	MessageID    string
	SenderUserID string
	// UserIDs are the group's members, the sender included.
	UserIDs []string
	Message string
	SentAt  time.Time
}

// Limits of a message.
const (
	MaxMessageLength = 2000
	MaxRecipients    = 20
	// HistorySize is how many messages the web app asks for when it finds a group.
	HistorySize = 20
	MaxHistory  = 100
	// MaxRecent is how many of a user's groups Recent returns.
	MaxRecent = 50
)

// Recent is a user's entry of one of their groups: its members and its last message, so the
// user sees who wrote to them.
type Recent struct {
	GroupID          string
	UserIDs          []string
	LastMessageDT    time.Time
	LastMessage      string
	LastSenderUserID string
}

// Unread reports whether the group of r has a message user userID has not read, who last read
// it at readAt (zero: never): the last message is someone else's and came after.
func (r Recent) Unread(userID string, readAt time.Time) bool {
	return r.LastSenderUserID != userID && r.LastMessageDT.After(readAt)
}

// Group is a chat group of staff users.
type Group struct {
	GroupID            string
	GroupMessagingType string
	UserIDs            []string
	AdminUserIDs       []string
	CreateDT           time.Time
	LastMessageDT      time.Time
}

// Message is one chat message.
type Message struct {
	MessageID    string
	GroupID      string
	SenderUserID string
	Message      string
	SentAt       time.Time
	// Timetoken orders messages as the real-time channel does: milliseconds times 10000.
	Timetoken int64
}

// CanChat reports whether viewer may chat with recipient: the recipient is active, in the
// viewer's account, and has access to every store or shares an allowed store with the viewer.
func CanChat(viewer, recipient user.Profile) bool {
	if !recipient.Active() || recipient.AccountID != viewer.ViewAccountID && recipient.AccountID != viewer.AccountID {
		return false
	}
	if recipient.HasAllPlatformAccess {
		return true
	}
	return slices.ContainsFunc(recipient.AllowedStores, func(s int64) bool { return slices.Contains(viewer.AllowedStores, s) })
}

// Repo reads and writes chat groups and messages.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

// Members returns the sorted, distinct member ids of a direct group of sender and recipients.
func Members(sender string, recipients []string) []string {
	m := append([]string{sender}, recipients...)
	slices.Sort(m)
	return slices.Compact(m)
}

func directKey(t store.Tenant, members []string) (store.Key, error) {
	return t.Key(strings.Join(members, ","), "CHATDIRECT")
}

func groupKey(t store.Tenant, id string) (store.Key, error) { return t.Key("GROUP", "CHAT", id) }

func memberKey(t store.Tenant, userID, groupID string) (store.Key, error) {
	return t.Key(groupID, "CHATMEMBER", userID)
}

func readKey(t store.Tenant, userID, groupID string) (store.Key, error) {
	return t.Key(groupID, "CHATREAD", userID)
}

type readMark struct {
	GroupID string
	ReadDT  time.Time
}

// MarkRead records that user userID has read group groupID's messages up to now.
func (r *Repo) MarkRead(ctx context.Context, t store.Tenant, userID, groupID string) error {
	k, err := readKey(t, userID, groupID)
	if err != nil {
		return err
	}
	_, err = r.s.Put(ctx, store.Record{Key: k, Type: "ChatRead", Value: readMark{GroupID: groupID, ReadDT: r.now().UTC()}})
	return err
}

// ReadMarks returns when user userID last read each of their groups, by group id.
func (r *Repo) ReadMarks(ctx context.Context, t store.Tenant, userID string) (map[string]time.Time, error) {
	part, err := t.Partition("CHATREAD", userID)
	if err != nil {
		return nil, apperr.Errorf(apperr.NotFound, "The user does not exist.")
	}
	marks, err := store.QueryAll[readMark](ctx, r.s, store.Query{Partition: part, Limit: 1000})
	if err != nil {
		return nil, err
	}
	out := make(map[string]time.Time, len(marks))
	for _, m := range marks {
		out[m.GroupID] = m.ReadDT
	}
	return out, nil
}

type directEntry struct{ GroupID string }

// Direct returns the direct group of members. A set of members without a group is a NotFound
// error.
func (r *Repo) Direct(ctx context.Context, t store.Tenant, members []string) (Group, error) {
	k, err := directKey(t, members)
	if err != nil {
		return Group{}, err
	}
	var e directEntry
	if _, err := r.s.Get(ctx, k, &e); err != nil {
		return Group{}, err
	}
	return r.Group(ctx, t, e.GroupID)
}

// Group returns group id. A missing group is a NotFound error.
func (r *Repo) Group(ctx context.Context, t store.Tenant, id string) (Group, error) {
	k, err := groupKey(t, id)
	if err != nil {
		return Group{}, apperr.Errorf(apperr.NotFound, "The chat group does not exist.")
	}
	var g Group
	if _, err := r.s.Get(ctx, k, &g); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Group{}, apperr.Errorf(apperr.NotFound, "The chat group does not exist.")
		}
		return Group{}, fmt.Errorf("get chat group %s: %w", id, err)
	}
	return g, nil
}

// directGroup returns the direct group of members, creating it when missing. Two senders
// creating the same group at once get the same group: the direct entry is created
// conditionally with the group, and the loser reads the winner's.
func (r *Repo) directGroup(ctx context.Context, t store.Tenant, members []string) (Group, error) {
	g, err := r.Direct(ctx, t, members)
	if apperr.CodeOf(err) != apperr.NotFound {
		return g, err
	}
	g = Group{GroupID: newID(), GroupMessagingType: "Direct", UserIDs: members, CreateDT: r.now().UTC()}
	dk, err := directKey(t, members)
	if err != nil {
		return Group{}, err
	}
	gk, err := groupKey(t, g.GroupID)
	if err != nil {
		return Group{}, err
	}
	err = r.s.Transact(ctx,
		store.CreateOp(store.Record{Key: dk, Type: "ChatDirect", Value: directEntry{GroupID: g.GroupID}}),
		store.CreateOp(store.Record{Key: gk, Type: "ChatGroup", Value: g}),
	)
	if apperr.CodeOf(err) == apperr.Conflict {
		return r.Direct(ctx, t, members)
	}
	return g, err
}

// Send stores a message from sender to the direct group of sender and recipients and returns
// the group and the message. A clientMessageID sent again returns the message it first stored,
// so a retried send has one effect.
func (r *Repo) Send(ctx context.Context, t store.Tenant, sender string, recipients []string, text, clientMessageID string) (Group, Message, error) {
	g, err := r.directGroup(ctx, t, Members(sender, recipients))
	if err != nil {
		return Group{}, Message{}, err
	}
	now := r.now().UTC()
	m := Message{MessageID: newID(), GroupID: g.GroupID, SenderUserID: sender, Message: text, SentAt: now, Timetoken: now.UnixMilli() * 10000}
	mk, err := t.Key(fmt.Sprintf("MSG#%s#%s", now.Format("20060102T150405.000000000"), m.MessageID), "CHAT", g.GroupID)
	if err != nil {
		return Group{}, Message{}, err
	}
	detail, err := json.Marshal(Sent{GroupID: g.GroupID, MessageID: m.MessageID, SenderUserID: sender, UserIDs: g.UserIDs, Message: text, SentAt: now})
	if err != nil {
		return Group{}, Message{}, err
	}
	announced, err := eventbus.OutboxOp(t, eventbus.Event{ID: "chat-" + m.MessageID, Type: EventMessageSent, Account: t.Account(), Time: now, Detail: detail})
	if err != nil {
		return Group{}, Message{}, err
	}
	ops := []store.Op{store.CreateOp(store.Record{Key: mk, Type: "ChatMessage", Value: m}), announced}
	var ck store.Key
	if clientMessageID != "" {
		ck, err = t.Key("CLIENT#"+clientMessageID, "CHAT", g.GroupID)
		if err != nil {
			return Group{}, Message{}, apperr.InvalidFields("The message is not valid.", map[string]string{"ClientMessageId": "The client message id may not contain #."})
		}
		ops = append(ops, store.CreateOp(store.Record{Key: ck, Type: "ChatClientMessage", Value: m}))
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict && clientMessageID != "" {
			var first Message
			if _, err := r.s.Get(ctx, ck, &first); err != nil {
				return Group{}, Message{}, err
			}
			return g, first, nil
		}
		return Group{}, Message{}, err
	}
	gk, err := groupKey(t, g.GroupID)
	if err != nil {
		return Group{}, Message{}, err
	}
	// The group's last message time is a hint for sorting lists; a lost race leaves a time a
	// moment older, never a lost message.
	g.LastMessageDT = now
	if _, err := r.s.Put(ctx, store.Record{Key: gk, Type: "ChatGroup", Value: g}); err != nil {
		return Group{}, Message{}, err
	}
	// Each member's list of groups gets the last message the same way.
	recent := Recent{GroupID: g.GroupID, UserIDs: g.UserIDs, LastMessageDT: now, LastMessage: text, LastSenderUserID: sender}
	for _, id := range g.UserIDs {
		k, err := memberKey(t, id, g.GroupID)
		if err != nil {
			return Group{}, Message{}, err
		}
		if _, err := r.s.Put(ctx, store.Record{Key: k, Type: "ChatMember", Value: recent}); err != nil {
			return Group{}, Message{}, err
		}
	}
	return g, m, nil
}

// RecentFor returns the groups of user userID with their last message, the newest first, at
// most MaxRecent.
func (r *Repo) RecentFor(ctx context.Context, t store.Tenant, userID string) ([]Recent, error) {
	part, err := t.Partition("CHATMEMBER", userID)
	if err != nil {
		return nil, apperr.Errorf(apperr.NotFound, "The user does not exist.")
	}
	var all []Recent
	for cursor := ""; ; {
		page, err := r.s.Query(ctx, store.Query{Partition: part, Limit: 1000, Cursor: cursor})
		if err != nil {
			return nil, err
		}
		var rs []Recent
		if err := page.Decode(&rs); err != nil {
			return nil, err
		}
		all = append(all, rs...)
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	slices.SortFunc(all, func(a, b Recent) int { return b.LastMessageDT.Compare(a.LastMessageDT) })
	if len(all) > MaxRecent {
		all = all[:MaxRecent]
	}
	return all, nil
}

// History returns the newest count messages of group id, oldest first.
func (r *Repo) History(ctx context.Context, t store.Tenant, id string, count int) ([]Message, error) {
	part, err := t.Partition("CHAT", id)
	if err != nil {
		return nil, apperr.Errorf(apperr.NotFound, "The chat group does not exist.")
	}
	page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "MSG#", Limit: count, Descending: true})
	if err != nil {
		return nil, err
	}
	var msgs []Message
	if err := page.Decode(&msgs); err != nil {
		return nil, err
	}
	slices.Reverse(msgs)
	return msgs, nil
}

// ValidateMessage checks a message's text and recipients.
func ValidateMessage(text string, recipients []string) error {
	fields := map[string]string{}
	if strings.TrimSpace(text) == "" {
		fields["Message"] = "Write a message."
	} else if utf8.RuneCountInString(text) > MaxMessageLength {
		fields["Message"] = fmt.Sprintf("A message may have at most %d characters.", MaxMessageLength)
	}
	if len(recipients) == 0 || len(recipients) > MaxRecipients {
		fields["UserIds"] = fmt.Sprintf("Choose 1 to %d recipients.", MaxRecipients)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The message is not valid.", fields)
	}
	return nil
}

func newID() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}
