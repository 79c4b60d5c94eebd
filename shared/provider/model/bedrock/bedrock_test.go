package bedrock_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/cxm/cxm/shared/provider/model"
	"github.com/cxm/cxm/shared/provider/model/bedrock"
)

func TestMessagesAlternate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		turns     []model.Turn
		wantRoles []types.ConversationRole
	}{
		{"none", nil, []types.ConversationRole{"user"}},
		{"the dealership wrote first", []model.Turn{{Text: "Hi"}, {Inbound: true, Text: "Hello"}}, []types.ConversationRole{"user", "assistant", "user"}},
		{"two from the customer merge", []model.Turn{{Inbound: true, Text: "a"}, {Inbound: true, Text: "b"}}, []types.ConversationRole{"user"}},
		{"ends with the dealership's", []model.Turn{{Inbound: true, Text: "a"}, {Text: "b"}}, []types.ConversationRole{"user", "assistant", "user"}},
	}
	for _, tt := range tests {
		got := bedrock.Messages(model.Prompt{Conversation: tt.turns})
		if len(got) != len(tt.wantRoles) {
			t.Fatalf("%s: %d messages, want %d", tt.name, len(got), len(tt.wantRoles))
		}
		for i, m := range got {
			if m.Role != tt.wantRoles[i] {
				t.Errorf("%s: message %d is %s's, want %s's", tt.name, i, m.Role, tt.wantRoles[i])
			}
		}
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	if d := bedrock.Parse(model.ChannelEmail, "Subject: Your RAV4\n\nHi Maria,\nSee you Saturday."); d.Subject != "Your RAV4" || d.Body != "Hi Maria,\nSee you Saturday." {
		t.Errorf("e-mail = %+v", d)
	}
	long := make([]rune, model.MaxTextLength+50)
	for i := range long {
		long[i] = 'a'
	}
	if d := bedrock.Parse(model.ChannelText, string(long)); len([]rune(d.Body)) != model.MaxTextLength || d.Subject != "" {
		t.Errorf("text of %d characters, subject %q", len([]rune(d.Body)), d.Subject)
	}
}
