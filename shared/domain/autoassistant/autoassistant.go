// Package autoassistant keeps the automated assistant's conversations with customers: a user
// starts one for a customer of a store (by text or e-mail, about sales, service or a lead), the
// assistant provider (provider/assistant) converses, and the user reads it in full, renames it
// or ends it. A customer has at most one active conversation per store.
//
// States. A conversation is in one of the provider's stages, each with its statuses (Stages):
// active while in Preparing Lead or Messaging; Lead Stopped when the customer asked to stop,
// Client Stopped when a user ended it. Start creates it in Messaging (Sent Message) or
// Preparing Lead; a customer's reply moves it to Received Response and the assistant's answer
// back to Sent Message; End moves an active one to Client Stopped (Rep Stopped, or Manager
// Stopped when a manager ended it). An ended conversation refuses every change but a rename
// with a Conflict error, and so does a change sent with a version other than the
// conversation's.
//
// Messages. Every message the assistant sends or receives is kept on the conversation and
// written as the customer's activity (a text or e-mail entry, automated) in the same
// transaction as the conversation, with the entry's ActivityLogged event: the dashboards count
// it as they count any message.
//
// Access patterns:
//
//	pattern                                  index  key condition
//	a conversation by id                     table  PK = A#{acct}#AAC#{id}, SK = CONV
//	a customer's conversations               GSI1   GSI1PK = A#{acct}#AACC#{contact}, GSI1SK = {started}#{id}
//	a customer's active one at a store       table  PK = A#{acct}#AACC#{contact}#{store}, SK = ACTIVE
//	a provider delivery applied to one       table  PK = A#{acct}#AAC#{id}, SK = DELIVERY#{delivery id}
//
// The last is a lock: created when a conversation starts and removed when it ends, in the
// conversation's own transactions.
package autoassistant

import (
	"slices"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Stage and status names (Conversica's vocabulary).
const (
	StagePreparing      = "Preparing Lead"
	StageMessaging      = "Messaging"
	StageLeadStopped    = "Lead Stopped"
	StageClientStopped  = "Client Stopped"
	StatusPreparingLead = "Preparing Lead"
	StatusSentMessage   = "Sent Message"
	StatusReceived      = "Received Response"
	StatusLeadStop      = "Lead Requested Stop"
	StatusRepStopped    = "Rep Stopped"
	StatusManagerStop   = "Manager Stopped"
)

// Status is one status of a stage.
type Status struct {
	Stage      string `json:"stage"`
	Status     string `json:"status"`
	Definition string `json:"definition"`
	Active     bool   `json:"active" doc:"Whether the assistant is still conversing in this status."`
}

// Stages returns the statuses a conversation can be in, by stage.
func Stages() []Status {
	return []Status{
		{StagePreparing, StatusPreparingLead, "The assistant has the customer and has not sent the first message yet.", true},
		{StageMessaging, StatusSentMessage, "The assistant sent at least one message and awaits the customer's response.", true},
		{StageMessaging, StatusReceived, "The customer responded; the assistant is answering.", true},
		{StageLeadStopped, StatusLeadStop, "The customer asked the assistant to stop messaging.", false},
		{StageClientStopped, StatusRepStopped, "The sales person ended the conversation.", false},
		{StageClientStopped, StatusManagerStop, "A manager ended the conversation.", false},
	}
}

// Kinds of conversation (the provider's conversation ids).
func Kinds() []string { return []string{"Sales", "Service", "Leads"} }

// Channels.
const (
	ChannelText  = "text"
	ChannelEmail = "email"
)

// Limits.
const (
	MaxName     = 100
	MaxMessages = 200
)

// Message is one message of a conversation.
type Message struct {
	// Direction is "outbound" (the assistant's) or "inbound" (the customer's).
	Direction  string    `json:"direction" enum:"outbound,inbound"`
	Subject    string    `json:"subject,omitempty" required:"false"`
	Body       string    `json:"body"`
	At         time.Time `json:"at"`
	ActivityID int64     `json:"activityId" doc:"The customer's activity entry of the message."`
}

// Conversation is one conversation of the assistant with a customer.
type Conversation struct {
	ID                string `json:"conversationId" readOnly:"true"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Name              string `json:"name"`
	Kind              string `json:"conversationType" enum:"Sales,Service,Leads"`
	Channel           string `json:"channel" enum:"text,email"`
	// To is the number or address the assistant writes to.
	To            string     `json:"to" readOnly:"true"`
	Stage         string     `json:"stage" readOnly:"true"`
	Status        string     `json:"status" readOnly:"true"`
	Active        bool       `json:"active" readOnly:"true"`
	Messages      []Message  `json:"messages" readOnly:"true"`
	StartedAt     time.Time  `json:"startedAt" readOnly:"true"`
	StartedBy     string     `json:"startedBy" readOnly:"true"`
	StartedByName string     `json:"startedByName" readOnly:"true"`
	EndedAt       *time.Time `json:"endedAt" readOnly:"true" required:"false"`
	EndedBy       string     `json:"endedBy,omitempty" readOnly:"true" required:"false"`
	Version       int64      `json:"version" readOnly:"true"`
}

// IsActive reports whether the assistant still converses in status.
func IsActive(status string) bool {
	i := slices.IndexFunc(Stages(), func(s Status) bool { return s.Status == status })
	return i >= 0 && Stages()[i].Active
}

// Messages of the refusals.
const (
	MsgNotFound      = "The conversation does not exist."
	MsgEnded         = "The conversation has ended already."
	MsgStale         = "The conversation changed since it was read. Reload it and try again."
	MsgAlreadyActive = "The customer already has an active assistant conversation at this store. End it before starting another."
)

// Action is a change of a conversation.
type Action string

// Actions.
const (
	ActionRename  Action = "rename"
	ActionEnd     Action = "end"
	ActionMessage Action = "message"
)

// Changeable checks that action may be made to c read at version: a version other than c's, or
// anything but a rename of an ended conversation, is a Conflict error.
func Changeable(c Conversation, action Action, version int64) error {
	if version != c.Version {
		return apperr.Errorf(apperr.Conflict, MsgStale)
	}
	if action != ActionRename && !c.Active {
		return apperr.Errorf(apperr.Conflict, MsgEnded)
	}
	return nil
}

// Ended returns c ended at now by userID, a manager or not.
func Ended(c Conversation, userID string, manager bool, now time.Time) Conversation {
	at := now.UTC()
	c.Stage, c.Status, c.Active, c.EndedAt, c.EndedBy = StageClientStopped, StatusRepStopped, false, &at, userID
	if manager {
		c.Status = StatusManagerStop
	}
	return c
}

// Received returns c after the customer's message m: stopped when the customer asked to stop,
// else Received Response.
func Received(c Conversation, m Message, stop bool) Conversation {
	c.Messages = append(slices.Clone(c.Messages), m)
	if stop {
		at := m.At.UTC()
		c.Stage, c.Status, c.Active, c.EndedAt = StageLeadStopped, StatusLeadStop, false, &at
		return c
	}
	c.Stage, c.Status = StageMessaging, StatusReceived
	return c
}

// Updated returns c moved to the provider's stage and status (either may be empty: unchanged)
// at. A stage other than Preparing Lead and Messaging ends the conversation, as does a status
// that Stages lists as inactive; the provider's statuses that Stages does not list are kept
// as they are named.
func Updated(c Conversation, stage, status string, at time.Time) Conversation {
	if stage != "" {
		c.Stage = stage
	}
	if status != "" {
		c.Status = status
	}
	active := c.Stage == StagePreparing || c.Stage == StageMessaging
	if i := slices.IndexFunc(Stages(), func(s Status) bool { return s.Status == c.Status }); i >= 0 && !Stages()[i].Active {
		active = false
	}
	if c.Active && !active {
		at := at.UTC()
		c.EndedAt, c.EndedBy = &at, "assistant"
	}
	c.Active = c.Active && active
	return c
}

// Sent returns c after the assistant's message m.
func Sent(c Conversation, m Message) Conversation {
	c.Messages = append(slices.Clone(c.Messages), m)
	c.Stage, c.Status = StageMessaging, StatusSentMessage
	return c
}
