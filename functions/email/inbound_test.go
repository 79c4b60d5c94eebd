package email_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/email"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/snsverify"
	"github.com/cxm/cxm/shared/runtime/snsverify/snsverifytest"
)

func TestInboundEmailSignatures(t *testing.T) {
	s := areatest.New(t)
	body, _ := json.Marshal(map[string]any{"ContactId": demo.ContactToyota, "Subject": "Your quote", "Body": "Hello Maria", "RequestId": "r-inbound"})
	var sent sendResult
	if status := s.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandox/sendemail", As: salesPerson, Body: string(body)}, &sent); status != 200 || !sent.Success {
		t.Fatalf("sendemail = %d %+v", status, sent)
	}
	tenant, _ := account.Tenant(demo.AccountID)
	replyTo := s.Services.Providers.MailSandbox().Sent(tenant)[0].ReplyTo

	signer := snsverifytest.NewSigner(t, snsverifytest.CertURL)
	stranger := snsverifytest.NewSigner(t, snsverifytest.CertURL)
	sns := &snsverifytest.SNS{PEM: signer.PEM()}
	h := email.NewWith(s.Services, email.Options{SNSClient: sns.Client()})
	post := func(m snsverify.Message) (int, string) {
		raw, _ := json.Marshal(m)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/pando/pandox/inbound_email", strings.NewReader(string(raw))))
		var out struct{ Status string }
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		return rec.Code, out.Status
	}
	notification := func(snsID, sesID, text string) snsverify.Message {
		return snsverify.Message{Type: snsverify.TypeNotification, MessageID: snsID, TopicArn: "arn:aws:sns:us-east-1:123456789012:cxm-inbound",
			Subject: "Amazon SES Email Receipt Notification", Timestamp: "2026-03-01T10:00:00.000Z",
			Message: receiptWithID(sesID, "maria.gonzalez@example.com", replyTo, "Subject: Re\r\n\r\n"+text)}
	}
	confirmation := snsverify.Message{Type: snsverify.TypeSubscriptionConfirmed, MessageID: "confirm-1", TopicArn: "arn:aws:sns:us-east-1:123456789012:cxm-inbound",
		Message: "You have chosen to subscribe to the topic.", Timestamp: "2026-03-01T09:00:00.000Z", Token: "tok-1",
		SubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-east-1:123456789012:cxm-inbound&Token=tok-1"}

	tests := []struct {
		name       string
		msg        snsverify.Message
		version    string
		by         *snsverify.Signer
		change     func(*snsverify.Message)
		wantCode   int
		wantStatus string
		// wantTexts are the inbound texts on the customer afterwards.
		wantTexts     []string
		wantConfirmed int32
	}{
		{name: "valid v1", msg: notification("sns-1", "ses-1", "Saturday works."), version: "1", by: signer,
			wantCode: 200, wantStatus: "recorded", wantTexts: []string{"Saturday works."}},
		{name: "replayed message id", msg: notification("sns-1", "ses-1", "Saturday works."), version: "1", by: signer,
			wantCode: 200, wantStatus: "duplicate", wantTexts: []string{"Saturday works."}},
		{name: "valid v2", msg: notification("sns-2", "ses-2", "Or Sunday."), version: "2", by: signer,
			wantCode: 200, wantStatus: "recorded", wantTexts: []string{"Or Sunday.", "Saturday works."}},
		{name: "tampered message", msg: notification("sns-3", "ses-3", "Call me."), version: "2", by: signer,
			change: func(m *snsverify.Message) {
				m.Message = strings.Replace(m.Message, "Call me.", "Cancel my deal.", 1)
			}, wantCode: 403, wantTexts: []string{"Or Sunday.", "Saturday works."}},
		{name: "signed by another key", msg: notification("sns-4", "ses-4", "Hi"), version: "2", by: stranger,
			wantCode: 403, wantTexts: []string{"Or Sunday.", "Saturday works."}},
		{name: "certificate of another host", msg: notification("sns-5", "ses-5", "Hi"), version: "1", by: signer,
			change: func(m *snsverify.Message) {
				m.SigningCertURL = "https://sns.us-east-1.amazonaws.com.attacker.example/SimpleNotificationService-test.pem"
			}, wantCode: 400, wantTexts: []string{"Or Sunday.", "Saturday works."}},
		{name: "local sandbox certificate", msg: notification("sns-6", "ses-6", "Hi"), version: "2", by: signer,
			change:   func(m *snsverify.Message) { m.SigningCertURL = snsverify.LocalCertURL },
			wantCode: 403, wantTexts: []string{"Or Sunday.", "Saturday works."}},
		{name: "subscription confirmation", msg: confirmation, version: "2", by: signer,
			wantCode: 200, wantStatus: "confirmed", wantTexts: []string{"Or Sunday.", "Saturday works."}, wantConfirmed: 1},
		{name: "subscription confirmation again", msg: confirmation, version: "2", by: signer,
			wantCode: 200, wantStatus: "confirmed", wantTexts: []string{"Or Sunday.", "Saturday works."}, wantConfirmed: 1},
		{name: "subscription confirmation to another host", msg: func() snsverify.Message {
			m := confirmation
			m.MessageID, m.SubscribeURL = "confirm-2", "https://attacker.example/?Action=ConfirmSubscription"
			return m
		}(), version: "2", by: signer, wantCode: 403, wantTexts: []string{"Or Sunday.", "Saturday works."}, wantConfirmed: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.msg
			if err := tt.by.Sign(&m, tt.version); err != nil {
				t.Fatal(err)
			}
			if tt.change != nil {
				tt.change(&m)
			}
			code, status := post(m)
			if code != tt.wantCode || status != tt.wantStatus {
				t.Errorf("delivery = %d %q, want %d %q", code, status, tt.wantCode, tt.wantStatus)
			}
			s.Flush(t)
			if got := inboundTexts(t, s); strings.Join(got, "|") != strings.Join(tt.wantTexts, "|") {
				t.Errorf("inbound e-mails = %q, want %q", got, tt.wantTexts)
			}
			if got := sns.Confirmed.Load(); got != tt.wantConfirmed {
				t.Errorf("subscription confirmed %d times, want %d", got, tt.wantConfirmed)
			}
		})
	}
}

// inboundTexts returns the texts of the demo customer's inbound e-mails, newest first.
func inboundTexts(t *testing.T, s *areatest.Server) []string {
	t.Helper()
	var history struct{ Data []emailmessage.Message }
	if status := s.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d/emails", demo.ContactToyota), As: salesPerson}, &history); status != 200 {
		t.Fatalf("history = %d", status)
	}
	texts := []string{}
	for _, m := range history.Data {
		if m.Direction == "inbound" {
			texts = append(texts, m.Text)
		}
	}
	return texts
}

var _ = context.Background
