package sandbox_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/provider/model"
	"github.com/cxm/cxm/shared/provider/model/sandbox"
)

func TestDraft(t *testing.T) {
	t.Parallel()
	base := model.Prompt{CustomerFirstName: "Maria", UserName: "Sam Ortega", StoreName: "Northwind Toyota"}
	with := func(channel string, turns ...model.Turn) model.Prompt {
		p := base
		p.Channel, p.Conversation = channel, turns
		return p
	}
	tests := []struct {
		name        string
		prompt      model.Prompt
		wantBody    []string
		wantSubject string
	}{
		{"a price question by text", with(model.ChannelText, model.Turn{Inbound: true, Text: "How much is the monthly payment?"}), []string{"Hi Maria, ", "pricing", "- Sam Ortega, Northwind Toyota"}, ""},
		{"the customer's last message decides", with(model.ChannelText, model.Turn{Inbound: true, Text: "price?"}, model.Turn{Text: "Sure"}, model.Turn{Inbound: true, Text: "Can I come in Saturday?"}), []string{"ready for your visit"}, ""},
		{"an e-mail keeps the thread's subject", with(model.ChannelEmail, model.Turn{Inbound: true, Subject: "Trade-in", Text: "What is my trade worth?"}), []string{"Hi Maria,\n\nWe'd be glad to appraise", "Best regards,\nSam Ortega\nNorthwind Toyota"}, "Re: Trade-in"},
		{"no conversation yet", with(model.ChannelEmail), []string{"Thank you for your interest in Northwind Toyota."}, "Following up from Northwind Toyota"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := sandbox.Drafter{}.Draft(context.Background(), tt.prompt)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := sandbox.Drafter{}.Draft(context.Background(), tt.prompt)
			if again != d {
				t.Errorf("the same conversation drafted %q, then %q", d.Body, again.Body)
			}
			for _, w := range tt.wantBody {
				if !strings.Contains(d.Body, w) {
					t.Errorf("body %q lacks %q", d.Body, w)
				}
			}
			if d.Subject != tt.wantSubject {
				t.Errorf("subject = %q, want %q", d.Subject, tt.wantSubject)
			}
			if tt.prompt.Channel == model.ChannelText && len([]rune(d.Body)) > model.MaxTextLength {
				t.Errorf("a text of %d characters", len([]rune(d.Body)))
			}
		})
	}
}
