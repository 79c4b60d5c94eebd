package assistant

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/domain/autoassistant"
	"github.com/cxm/cxm/shared/provider/assistant/conversica"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// Kinds of webhook delivery: Conversica's Message and Lead Update objects.
const (
	DeliveryMessage    = "message"
	DeliveryLeadUpdate = "lead_update"
)

// WebhookHeaders are what every webhook delivery carries besides its body.
type WebhookHeaders struct {
	Account   int64  `query:"account" minimum:"1" doc:"The store's dealer group."`
	Store     int64  `query:"store" minimum:"1" doc:"The store whose assistant reports."`
	Signature string `header:"X-Conversica-Signature" required:"false" maxLength:"200" doc:"sha256= and the hex HMAC-SHA256 of the body under the store's webhook secret."`
	// Authorization is the HTTP Basic credentials Conversica's set-up sends, when the delivery
	// is not signed.
	Authorization string `header:"Authorization" required:"false" maxLength:"500" doc:"HTTP Basic credentials whose password is the store's webhook secret, when the delivery is not signed."`
	Delivery      string `header:"X-Conversica-Delivery" required:"false" maxLength:"100" doc:"The delivery's id; the body's SHA-256 when absent."`
}

// MessageWebhookInput is the request of POST /api/auto_assistant/webhook/message.
type MessageWebhookInput struct {
	WebhookHeaders
	Body    conversica.Message
	RawBody []byte
}

// LeadUpdateWebhookInput is the request of POST /api/auto_assistant/webhook/lead_update.
type LeadUpdateWebhookInput struct {
	WebhookHeaders
	Body    conversica.LeadUpdate
	RawBody []byte
}

// Delivered says what became of a webhook delivery.
type Delivered struct {
	// Status is applied, or duplicate for a delivery applied before (nothing changed).
	Status             string `json:"status" enum:"applied,duplicate"`
	ConversationID     string `json:"conversationId"`
	Stage              string `json:"stage"`
	ConversationStatus string `json:"conversationStatus"`
	Active             bool   `json:"active"`
}

// SandboxEventInput is the request of POST /api/auto_assistant/sandbox/event.
type SandboxEventInput struct {
	Body struct {
		ConversationRef
		// Event is what the sandbox reports: the assistant's message, the customer's reply, or
		// a change of the conversation's stage and status (an inactive one ends it).
		Event   string `json:"event" enum:"assistant_message,lead_reply,status"`
		Subject string `json:"subject,omitempty" required:"false" maxLength:"1000"`
		Text    string `json:"text,omitempty" required:"false" maxLength:"10000"`
		Stage   string `json:"stage,omitempty" required:"false" maxLength:"100"`
		Status  string `json:"status,omitempty" required:"false" maxLength:"100"`
	}
}

// SandboxWebhookKey is the webhook secret of store storeID of t when its assistant is the
// sandbox: derived from the table's key, so only this deployment's sandbox signs with it.
func SandboxWebhookKey(s *store.Store, t store.Tenant, storeID int64) []byte {
	return s.DeriveKey("assistant webhook " + t.Account() + "/" + strconv.FormatInt(storeID, 10))
}

func (x *area) sandboxKey(t store.Tenant, storeID int64) []byte {
	return SandboxWebhookKey(x.d.Store, t, storeID)
}

func (x *area) registerWebhooks(api *httpapi.API) {
	const auth = " The delivery must carry X-Conversica-Signature, the HMAC-SHA256 of the body under the store's webhook secret, or HTTP Basic credentials whose password is that secret (401 otherwise, and nothing changes); a delivery id already applied changes nothing. A conversation of another store is 404."
	httpapi.Register(api, huma.Operation{
		OperationID: "receiveAssistantMessage",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/webhook/message",
		Summary:     "A message of an assistant conversation, from Conversica",
		Description: "Conversica's Message object: a message the assistant sent (action sent) or the customer's reply (received), recorded once per delivery on the conversation and as the customer's activity (the assistant's automated); the conversation moves to Sent Message or Received Response." + auth,
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 404},
	}, func(ctx context.Context, in *MessageWebhookInput) (*httpapi.Body[httpapi.Result[Delivered]], error) {
		d, err := x.deliver(ctx, DeliveryMessage, in.Account, in.Store, in.RawBody, in.Signature, in.Authorization, in.Delivery)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "receiveAssistantLeadUpdate",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/webhook/lead_update",
		Summary:     "A change of an assistant conversation's state, from Conversica",
		Description: "Conversica's Lead Update object (only the changed keys): the conversation's stage and status are applied once per delivery; a stage other than Preparing Lead and Messaging, or an inactive status, ends the conversation." + auth,
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 404},
	}, func(ctx context.Context, in *LeadUpdateWebhookInput) (*httpapi.Body[httpapi.Result[Delivered]], error) {
		d, err := x.deliver(ctx, DeliveryLeadUpdate, in.Account, in.Store, in.RawBody, in.Signature, in.Authorization, in.Delivery)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "deliverAssistantSandboxEvent",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/sandbox/event",
		Summary:     "Report a conversation event through the assistant sandbox",
		Description: "For a store whose assistant is the sandbox (local runs and demo stores; 404 otherwise): the sandbox signs the event as Conversica's Message or Lead Update object with the store's sandbox webhook secret and delivers it to the webhook, where it is applied exactly as Conversica's would be. Needs a customer the caller may edit.",
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SandboxEventInput) (*httpapi.Body[httpapi.Result[Delivered]], error) {
		b := in.Body
		sess, _, conv, err := x.find(ctx, b.ConversationRef)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		key, sandbox, err := x.d.Providers.AssistantWebhookSecret(ctx, t, conv.AccountPlatformID, x.sandboxKey(t, conv.AccountPlatformID))
		if err != nil || !sandbox {
			return nil, apperr.Errorf(apperr.NotFound, "The store's assistant is not the sandbox.")
		}
		now := x.d.Store.Now().UTC().Format("2006-01-02T15:04:05Z07:00")
		client := strconv.FormatInt(conv.AccountPlatformID, 10)
		kind, body := DeliveryMessage, any(nil)
		switch b.Event {
		case "assistant_message", "lead_reply":
			if strings.TrimSpace(b.Text) == "" {
				return nil, apperr.InvalidFields("The event is not valid.", map[string]string{"text": "Write the message."})
			}
			action := "sent"
			if b.Event == "lead_reply" {
				action = "received"
			}
			body = conversica.Message{APIVersion: conversica.APIVersion, ID: conv.ID, ClientID: client, Action: action, Date: now, Subject: b.Subject, Body: b.Text}
		default:
			if b.Stage == "" && b.Status == "" {
				return nil, apperr.InvalidFields("The event is not valid.", map[string]string{"status": "Name the new stage or status."})
			}
			kind = DeliveryLeadUpdate
			body = conversica.LeadUpdate{APIVersion: conversica.APIVersion, ID: conv.ID, ClientID: client,
				ConversationStage: b.Stage, ConversationStageDate: now, ConversationStatus: b.Status, ConversationStatusDate: now}
		}
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("encode sandbox event: %w", err)
		}
		d, err := x.deliver(ctx, kind, mustAccount(t), conv.AccountPlatformID, raw, conversica.Sign(key, raw), "", "")
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})
}

func mustAccount(t store.Tenant) int64 {
	id, _ := strconv.ParseInt(t.Account(), 10, 64)
	return id
}

// deliver checks and applies one webhook delivery of kind for store storeID of account.
func (x *area) deliver(ctx context.Context, kind string, account, storeID int64, raw []byte, signature, authorization, deliveryHeader string) (Delivered, error) {
	unknown := apperr.Errorf(apperr.Unauthorized, "Unknown webhook.")
	t, err := store.NewTenant(strconv.FormatInt(account, 10))
	if err != nil {
		return Delivered{}, unknown
	}
	key, _, err := x.d.Providers.AssistantWebhookSecret(ctx, t, storeID, x.sandboxKey(t, storeID))
	if err != nil {
		x.log.WarnContext(ctx, "assistant webhook without a secret", "store", storeID, "err", err)
		return Delivered{}, unknown
	}
	if err := conversica.Authenticate(key, raw, signature, authorization); err != nil {
		x.log.WarnContext(ctx, "assistant webhook refused", "store", storeID, "err", err)
		return Delivered{}, apperr.Wrap(apperr.Unauthorized, err, "The delivery is not signed with, or authorized by, the store's webhook secret.")
	}
	deliveryID := conversica.DeliveryID(deliveryHeader, raw)
	if strings.ContainsAny(deliveryID, "#") {
		return Delivered{}, apperr.InvalidFields("The delivery is not valid.", map[string]string{"X-Conversica-Delivery": "May not contain #."})
	}
	var id, client string
	var apply func(c autoassistant.Conversation) (autoassistant.Conversation, bool)
	now := x.d.Store.Now()
	switch kind {
	case DeliveryMessage:
		var m conversica.Message
		if err := json.Unmarshal(raw, &m); err != nil || (m.Action != "sent" && m.Action != "received") {
			return Delivered{}, apperr.InvalidFields("The delivery is not a Conversica Message.", map[string]string{"action": "sent or received"})
		}
		id, client = m.ID, m.ClientID
		msg := autoassistant.Message{Direction: "outbound", Subject: truncate(m.Subject, 1000), Body: truncate(m.Body, 10000), At: conversica.ParseDate(m.Date, now)}
		if m.Action == "received" {
			msg.Direction = "inbound"
		}
		apply = func(c autoassistant.Conversation) (autoassistant.Conversation, bool) {
			switch {
			case !c.Active:
				// Kept on an ended conversation without reopening it.
				c.Messages = append(append([]autoassistant.Message(nil), c.Messages...), msg)
				return c, true
			case msg.Direction == "inbound":
				return autoassistant.Received(c, msg, false), true
			}
			return autoassistant.Sent(c, msg), true
		}
	default:
		var u conversica.LeadUpdate
		if err := json.Unmarshal(raw, &u); err != nil {
			return Delivered{}, apperr.InvalidFields("The delivery is not a Conversica Lead Update.", map[string]string{"body": "Not JSON."})
		}
		id, client = u.ID, u.ClientID
		at := conversica.ParseDate(u.ConversationStatusDate, conversica.ParseDate(u.ConversationStageDate, now))
		apply = func(c autoassistant.Conversation) (autoassistant.Conversation, bool) {
			return autoassistant.Updated(c, u.ConversationStage, u.ConversationStatus, at), false
		}
	}
	if id == "" || client != strconv.FormatInt(storeID, 10) {
		return Delivered{}, apperr.InvalidFields("The delivery is not valid.", map[string]string{"clientId": "Not the store of the webhook."})
	}
	for attempt := 0; ; attempt++ {
		conv, err := x.conversations.Get(ctx, t, id)
		if err != nil {
			return Delivered{}, err
		}
		if conv.AccountPlatformID != storeID {
			return Delivered{}, apperr.Errorf(apperr.NotFound, autoassistant.MsgNotFound)
		}
		after, message := apply(conv)
		saved, applied, err := x.conversations.Deliver(ctx, t, conv, after, message, deliveryID)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 3 {
			continue // another delivery of the conversation got in first: apply this one to it
		}
		if err != nil {
			return Delivered{}, err
		}
		status := "applied"
		if !applied {
			status = "duplicate"
		}
		return Delivered{Status: status, ConversationID: saved.ID, Stage: saved.Stage, ConversationStatus: saved.Status, Active: saved.Active}, nil
	}
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
