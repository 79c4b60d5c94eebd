// Package sandbox is the local automated assistant: it validates a lead as Conversica does and
// converses deterministically, so the same lead and the same replies always give the same
// messages. It serves local runs and demo stores.
package sandbox

import (
	"context"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/assistant"
)

// AssistantName is the name the sandbox's assistant signs with.
const AssistantName = "Ava"

// Provider is the sandbox assistant.
type Provider struct {
	now func() time.Time
}

var _ assistant.Assistant = (*Provider)(nil)

// New returns the sandbox; now is its clock (nil for the wall clock).
func New(now func() time.Time) *Provider {
	if now == nil {
		now = time.Now
	}
	return &Provider{now: now}
}

func check(l assistant.Lead) error {
	bad := func(field, msg string) error {
		return &assistant.Error{Code: assistant.CodeInvalid, Field: field, Message: msg}
	}
	switch {
	case l.ID == "":
		return bad("id", "The lead has no id.")
	case strings.TrimSpace(l.FirstName) == "":
		return bad("firstName", "The customer has no first name for the assistant to greet.")
	case l.Channel == assistant.ChannelEmail && !strings.Contains(l.Email, "@"):
		return bad("email", "The customer has no e-mail address.")
	case l.Channel == assistant.ChannelText && (l.CellPhone == "" || l.SMSOptOut):
		return bad("cellPhone", "The customer has no mobile number the assistant may text.")
	case l.Channel != assistant.ChannelText && l.Channel != assistant.ChannelEmail:
		return bad("channel", "The assistant converses by text or e-mail.")
	}
	return nil
}

func topic(l assistant.Lead) string {
	if l.Vehicle != "" {
		return "the " + l.Vehicle
	}
	switch l.Conversation {
	case "Service":
		return "your upcoming service visit"
	}
	return "your recent inquiry"
}

func rep(l assistant.Lead) string {
	if l.RepName != "" {
		return l.RepName
	}
	return "our team"
}

// Start greets the customer.
func (p *Provider) Start(_ context.Context, l assistant.Lead) (assistant.Started, error) {
	if err := check(l); err != nil {
		return assistant.Started{}, err
	}
	m := assistant.Message{Action: "sent", At: p.now().UTC()}
	switch l.Channel {
	case assistant.ChannelText:
		m.Body = "Hi " + l.FirstName + ", this is " + AssistantName + " with " + l.StoreName + ". " + rep(l) +
			" asked me to follow up about " + topic(l) + ". Would you like to set up a time to stop by? Reply STOP to opt out."
	default:
		m.Subject = "About " + topic(l) + " at " + l.StoreName
		m.Body = "Hi " + l.FirstName + ",\n\nThis is " + AssistantName + ", " + rep(l) + "'s assistant at " + l.StoreName +
			". I wanted to follow up about " + topic(l) + ". Do you have any questions I can answer, or would you like to set up a time to stop by?\n\nThanks,\n" + AssistantName
	}
	return assistant.Started{Messages: []assistant.Message{m}, Status: "Sent Message"}, nil
}

// Reply answers the customer's message by what it asks: a time to visit, a price, or else a
// hand-off to the sales person.
func (p *Provider) Reply(_ context.Context, l assistant.Lead, text string) ([]assistant.Message, error) {
	if err := check(l); err != nil {
		return nil, err
	}
	t := strings.ToLower(text)
	var body string
	switch {
	case strings.TrimSpace(t) == "":
		return nil, nil
	case containsAny(t, "price", "cost", "payment", "how much", "deal"):
		body = "Good question, " + l.FirstName + ". " + rep(l) + " will send you the numbers on " + topic(l) + " today. Is this the best way to reach you?"
	case containsAny(t, "tomorrow", "today", "appointment", "come in", "stop by", "time", "saturday", "monday", "pm", "am"):
		body = "Great, " + l.FirstName + "! I've let " + rep(l) + " know, and they will confirm the time with you shortly."
	case containsAny(t, "not interested", "bought", "purchased", "no thanks"):
		body = "Understood, " + l.FirstName + ". Thanks for letting us know. If anything changes, we're here to help."
	default:
		body = "Thanks, " + l.FirstName + ". I've passed your message to " + rep(l) + ", who will get back to you soon."
	}
	m := assistant.Message{Action: "sent", Body: body, At: p.now().UTC()}
	if l.Channel == assistant.ChannelEmail {
		m.Subject = "Re: About " + topic(l) + " at " + l.StoreName
	}
	return []assistant.Message{m}, nil
}

// Stop ends the conversation; the sandbox keeps nothing to stop.
func (p *Provider) Stop(context.Context, assistant.Lead) error { return nil }

func containsAny(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
