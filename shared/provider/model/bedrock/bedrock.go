// Package bedrock drafts replies with Amazon Bedrock's Converse API (bedrockruntime): the
// conversation becomes the model's messages and a system prompt tells it whose reply to write
// and how. The model id comes from the store's secret ({"modelId": "..."}), so each dealer
// group chooses the model it has enabled.
package bedrock

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/cxm/cxm/shared/provider/model"
	"github.com/cxm/cxm/shared/provider/secret"
)

// API is the part of the Bedrock runtime client the drafter uses.
type API interface {
	Converse(ctx context.Context, in *bedrockruntime.ConverseInput, opts ...func(*bedrockruntime.Options)) (*bedrockruntime.ConverseOutput, error)
}

// Settings are a store's settings, as its secret holds them.
type Settings struct {
	ModelID string `json:"modelId"`
}

// Config configures a Drafter.
type Config struct {
	Secret  string
	Secrets secret.Reader
	Client  API
}

// Drafter is Bedrock's Converse API.
type Drafter struct {
	cfg Config
}

var _ model.Drafter = (*Drafter)(nil)

// New returns the drafter of c.
func New(c Config) *Drafter { return &Drafter{cfg: c} }

// System returns the system prompt of p.
func System(p model.Prompt) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You write the next message from %s at %s, a car dealership, to their customer %s. ", or(p.UserName, "a sales person"), or(p.StoreName, "the dealership"), or(p.CustomerFirstName, "the customer"))
	b.WriteString("Answer what the customer last asked, be friendly and brief, promise nothing about prices, availability or financing that the conversation does not state, and never invent facts. ")
	if p.Channel == model.ChannelText {
		fmt.Fprintf(&b, "It is a text message: plain text, at most %d characters, no subject. ", model.MaxTextLength)
	} else {
		b.WriteString("It is an e-mail: the first line is 'Subject: ' and the subject, then a blank line, then the body, signed with the sender's name and the dealership. ")
	}
	if s := strings.TrimSpace(p.Instructions); s != "" {
		b.WriteString("The sender's instructions for this reply: " + s)
	}
	return b.String()
}

// Messages returns the conversation as the model's messages: the customer's as the user's,
// the dealership's as the assistant's, merged where two follow from the same side (Converse
// wants them to alternate), starting with the user's.
func Messages(p model.Prompt) []types.Message {
	var out []types.Message
	for _, t := range p.Conversation {
		role := types.ConversationRoleAssistant
		if t.Inbound {
			role = types.ConversationRoleUser
		}
		text := t.Text
		if t.Subject != "" {
			text = "Subject: " + t.Subject + "\n\n" + text
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		if len(out) == 0 && role != types.ConversationRoleUser {
			out = append(out, types.Message{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "(The conversation so far follows.)"}}})
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, &types.ContentBlockMemberText{Value: text})
			continue
		}
		out = append(out, types.Message{Role: role, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: text}}})
	}
	if len(out) == 0 || out[len(out)-1].Role != types.ConversationRoleUser {
		out = append(out, types.Message{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "Write the dealership's next message."}}})
	}
	return out
}

// Draft asks the model for the reply.
func (d *Drafter) Draft(ctx context.Context, p model.Prompt) (model.Draft, error) {
	var s Settings
	if err := d.cfg.Secrets.JSON(ctx, d.cfg.Secret, &s); err != nil || s.ModelID == "" {
		return model.Draft{}, &model.Error{Message: "The store's Bedrock model is not configured.", Err: errors.Join(err, fmt.Errorf("secret %s has no modelId", d.cfg.Secret))}
	}
	out, err := d.cfg.Client.Converse(ctx, &bedrockruntime.ConverseInput{
		ModelId:         aws.String(s.ModelID),
		System:          []types.SystemContentBlock{&types.SystemContentBlockMemberText{Value: System(p)}},
		Messages:        Messages(p),
		InferenceConfig: &types.InferenceConfiguration{MaxTokens: aws.Int32(600), Temperature: aws.Float32(0.3)},
	})
	if err != nil {
		var throttled *types.ThrottlingException
		var unavailable *types.ServiceUnavailableException
		return model.Draft{}, &model.Error{Message: "The reply could not be drafted now.", Retryable: errors.As(err, &throttled) || errors.As(err, &unavailable), Err: err}
	}
	msg, ok := out.Output.(*types.ConverseOutputMemberMessage)
	if !ok {
		return model.Draft{}, &model.Error{Message: "The model gave no reply.", Err: fmt.Errorf("output %T", out.Output)}
	}
	var text strings.Builder
	for _, c := range msg.Value.Content {
		if t, ok := c.(*types.ContentBlockMemberText); ok {
			text.WriteString(t.Value)
		}
	}
	return Parse(p.Channel, text.String()), nil
}

// Parse reads the model's text as a draft: an e-mail's "Subject: " line becomes the subject.
func Parse(channel, text string) model.Draft {
	text = strings.TrimSpace(text)
	if channel == model.ChannelText {
		r := []rune(text)
		if len(r) > model.MaxTextLength {
			text = string(r[:model.MaxTextLength])
		}
		return model.Draft{Body: text}
	}
	if first, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(strings.ToLower(first), "subject:") {
		return model.Draft{Subject: strings.TrimSpace(first[len("subject:"):]), Body: strings.TrimSpace(rest)}
	}
	return model.Draft{Body: text}
}

func or(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}
