// Package sandbox is the local reply drafter: it writes a reply from the conversation by fixed
// rules (the customer's last message decides what the reply answers), so the same
// conversation always gives the same draft. It serves local runs and demo stores.
package sandbox

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/provider/model"
)

// Drafter is the sandbox drafter.
type Drafter struct{}

var _ model.Drafter = Drafter{}

// Draft writes the reply.
func (Drafter) Draft(_ context.Context, p model.Prompt) (model.Draft, error) {
	name := strings.TrimSpace(p.CustomerFirstName)
	greeting := "Hi"
	if name != "" {
		greeting = "Hi " + name
	}
	var last, subject string
	for i := len(p.Conversation) - 1; i >= 0; i-- {
		if p.Conversation[i].Inbound {
			last, subject = p.Conversation[i].Text, p.Conversation[i].Subject
			break
		}
	}
	answer := answerTo(strings.ToLower(last), p.StoreName)
	if ins := strings.TrimSpace(p.Instructions); ins != "" {
		answer += " " + sentence(ins)
	}
	sign := strings.TrimSpace(p.UserName)
	if p.StoreName != "" {
		if sign != "" {
			sign += ", " + p.StoreName
		} else {
			sign = p.StoreName
		}
	}
	if p.Channel == model.ChannelText {
		body := greeting + ", " + answer
		if sign != "" {
			body += " - " + sign
		}
		return model.Draft{Body: truncate(body, model.MaxTextLength)}, nil
	}
	d := model.Draft{Body: greeting + ",\n\n" + sentence(answer) + "\n\nBest regards,\n" + strings.ReplaceAll(sign, ", ", "\n")}
	switch {
	case subject != "" && strings.HasPrefix(strings.ToLower(subject), "re:"):
		d.Subject = subject
	case subject != "":
		d.Subject = "Re: " + subject
	case p.StoreName != "":
		d.Subject = "Following up from " + p.StoreName
	default:
		d.Subject = "Following up"
	}
	return d, nil
}

// answerTo answers what the customer's last message asks.
func answerTo(last, store string) string {
	at := "us"
	if store != "" {
		at = store
	}
	switch {
	case last == "":
		return "thank you for your interest in " + at + ". Is there anything I can help you with, or a good time to stop by?"
	case has(last, "price", "cost", "payment", "how much", "quote", "lease"):
		return "thanks for asking about pricing. I'll put together the numbers for you today. Would you like them for a purchase or a lease?"
	case has(last, "trade", "appraisal", "my car"):
		return "we'd be glad to appraise your trade-in. It takes about 20 minutes when you bring it in. What day works for you?"
	case has(last, "appointment", "tomorrow", "today", "saturday", "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "come in", "stop by", "test drive"):
		return "that works. I'll have everything ready for your visit to " + at + ". Just let me know if the time changes."
	case has(last, "available", "in stock", "still have"):
		return "let me confirm that vehicle is still available and get right back to you."
	case has(last, "service", "oil", "repair", "maintenance"):
		return "our service team can take care of that. Would you like me to book a service appointment for you?"
	case has(last, "thank", "thanks"):
		return "you're very welcome! Let me know if there's anything else I can do."
	}
	return "thank you for your message. I'll look into it and get back to you shortly."
}

func has(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	s = strings.ToUpper(string(r)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
