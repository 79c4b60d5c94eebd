package email_test

import (
	"slices"
	"testing"

	"github.com/cxm/cxm/functions/email"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func TestCleanFileName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, clean, ext string
		blocked              bool
	}{
		{"spaces become underscores", "price sheet 2026.pdf", "price_sheet_2026.pdf", "pdf", false},
		{"a path keeps its base name", `C:\Users\me\trade in.JPG`, "trade_in.JPG", "jpg", false},
		{"exe is blocked", "setup.exe", "setup.exe", "exe", true},
		{"blocked in any case", "Run.BAT", "Run.BAT", "bat", true},
		{"psc1 is blocked", "profile.psc1", "profile.psc1", "psc1", true},
		{"each blocked type", "a.wsf", "a.wsf", "wsf", true},
		{"only the last extension counts", "invoice.exe.pdf", "invoice.exe.pdf", "pdf", false},
		{"odd characters dropped", "quote (final)!.docx", "quote_final.docx", "docx", false},
		{"leading dots dropped", "..hidden.txt", "hidden.txt", "txt", false},
		{"no extension", "README", "README", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clean, ext, blocked := email.CleanFileName(tt.in)
			if clean != tt.clean || ext != tt.ext || blocked != tt.blocked {
				t.Errorf("CleanFileName(%q) = %q, %q, %v; want %q, %q, %v", tt.in, clean, ext, blocked, tt.clean, tt.ext, tt.blocked)
			}
		})
	}
	for _, ext := range email.BlockedExtensions {
		if _, _, blocked := email.CleanFileName("file." + ext); !blocked {
			t.Errorf(".%s is not blocked", ext)
		}
	}
}

func TestRestrictedAddresses(t *testing.T) {
	t.Parallel()
	allowed := []string{"maria@example.com", "Sales.Person@dealer.example", "reply+1001.abc@reply.cxm.local"}
	tests := []struct {
		name, subject, text string
		want                []string
	}{
		{"no address", "Your quote", "Call me at 555-0101.", nil},
		{"the customer's own address", "Hi", "We have maria@example.com on file.", nil},
		{"the sender's address in any case", "Hi", "Write to sales.person@DEALER.example.", nil},
		{"another mailbox", "Hi", "Reach me directly at joe.private@gmail.com.", []string{"joe.private@gmail.com"}},
		{"in the subject", "Write to deals@other.example", "Hello", []string{"deals@other.example"}},
		{"each once", "x@y.example", "x@y.example and z@y.example", []string{"x@y.example", "z@y.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := email.RestrictedAddresses(tt.subject, tt.text, allowed)
			if !slices.Equal(got, tt.want) {
				t.Errorf("RestrictedAddresses = %v, want %v", got, tt.want)
			}
		})
	}
}

func validSNS() email.SNSMessage {
	return email.SNSMessage{Type: "Notification", MessageID: "m-1", TopicArn: "arn:aws:sns:us-east-1:123456789012:cxm-inbound",
		Message: `{"notificationType":"Received"}`, Timestamp: "2026-01-01T00:00:00Z", SignatureVersion: "1", Signature: "c2ln",
		SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem"}
}

func TestCheckSNS(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(*email.SNSMessage)
		field  string
	}{
		{"valid", func(*email.SNSMessage) {}, ""},
		{"signature version 2", func(m *email.SNSMessage) { m.SignatureVersion = "2" }, ""},
		{"unknown type", func(m *email.SNSMessage) { m.Type = "Hello" }, "Type"},
		{"unknown signature version", func(m *email.SNSMessage) { m.SignatureVersion = "3" }, "SignatureVersion"},
		{"unsigned", func(m *email.SNSMessage) { m.Signature = "" }, "Signature"},
		{"certificate over http", func(m *email.SNSMessage) { m.SigningCertURL = "http://sns.us-east-1.amazonaws.com/x.pem" }, "SigningCertURL"},
		{"certificate of another host", func(m *email.SNSMessage) { m.SigningCertURL = "https://sns.us-east-1.amazonaws.com.evil.example/x.pem" }, "SigningCertURL"},
		{"not a topic", func(m *email.SNSMessage) { m.TopicArn = "arn:aws:sqs:us-east-1:123456789012:q" }, "TopicArn"},
		{"empty notification", func(m *email.SNSMessage) { m.Message = "" }, "Message"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := validSNS()
			tt.change(&m)
			err := email.CheckSNS(m)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("CheckSNS = %v, want nil", err)
				}
				return
			}
			ae, ok := apperr.As(err)
			if !ok || ae.Code != apperr.Invalid || ae.Fields[tt.field] == "" {
				t.Errorf("CheckSNS = %v, want an Invalid error on %s", err, tt.field)
			}
		})
	}
}

func TestParseReceipt(t *testing.T) {
	t.Parallel()
	mime := "From: Maria <maria@example.com>\r\nTo: reply+1001.0123456789abcdef01234567@reply.cxm.local\r\nSubject: Re: Quote\r\n" +
		"Content-Type: multipart/alternative; boundary=b1\r\n\r\n--b1\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nYes, Saturday works.\r\n--b1\r\nContent-Type: text/html\r\n\r\n<p>Yes</p>\r\n--b1--\r\n"
	tests := []struct {
		name, raw, account, token, from, text string
		invalid                               bool
	}{
		{"a reply", receiptJSON("reply+1001.0123456789abcdef01234567@reply.cxm.local", mime), "1001", "0123456789abcdef01234567", "maria@example.com", "Yes, Saturday works.", false},
		{"not a reply address", receiptJSON("sales@dealer.example", "Subject: x\r\n\r\nhello"), "", "", "maria@example.com", "hello", false},
		{"not a notification", `{"notificationType":"Bounce"}`, "", "", "", "", true},
		{"not JSON", `nope`, "", "", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, account, token, from, text, err := email.ParseReceipt(tt.raw)
			if tt.invalid {
				if apperr.CodeOf(err) != apperr.Invalid {
					t.Fatalf("ParseReceipt error = %v, want Invalid", err)
				}
				return
			}
			if err != nil || account != tt.account || token != tt.token || from != tt.from || text != tt.text {
				t.Errorf("ParseReceipt = %q %q %q %q %v; want %q %q %q %q", account, token, from, text, err, tt.account, tt.token, tt.from, tt.text)
			}
		})
	}
}
