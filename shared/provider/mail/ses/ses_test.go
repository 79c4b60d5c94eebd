package ses_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/provider/mail/ses"
	"github.com/cxm/cxm/shared/runtime/store"
)

type secrets map[string]string

func (s secrets) JSON(_ context.Context, name string, out any) error {
	v, ok := s[name]
	if !ok {
		return errors.New("no such secret")
	}
	return json.Unmarshal([]byte(v), out)
}

type fakeSES struct {
	in  *sesv2.SendEmailInput
	err error
}

func (f *fakeSES) SendEmail(_ context.Context, in *sesv2.SendEmailInput, _ ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	f.in = in
	if f.err != nil {
		return nil, f.err
	}
	return &sesv2.SendEmailOutput{MessageId: aws.String("0100-abc")}, nil
}

func TestSend(t *testing.T) {
	t.Parallel()
	tenant, _ := store.NewTenant("1000")
	sec := secrets{"cxm/providers/1000/mail": `{"from":"Sales@Northwind.example","configurationSet":"cxm"}`, "cxm/providers/1000/bad": `{"from":"nobody"}`}
	m := mail.Message{Tenant: tenant, AccountPlatformID: 2001, To: "maria@example.com", FromName: `Northwind "Toyota"`, Subject: "Welcome", Text: "Hello Maria", Reference: "W1-1"}
	tests := []struct {
		name      string
		secret    string
		apiErr    error
		code      string
		retryable bool
	}{
		{"sent", "cxm/providers/1000/mail", nil, "", false},
		{"no secret", "cxm/providers/1000/none", nil, mail.CodeNotAuthorized, false},
		{"sender not an address", "cxm/providers/1000/bad", nil, mail.CodeNotAuthorized, false},
		{"rejected", "cxm/providers/1000/mail", &types.MessageRejected{Message: aws.String("Email address is not verified.")}, mail.CodeRefused, false},
		{"unverified sender domain", "cxm/providers/1000/mail", &types.MailFromDomainNotVerifiedException{Message: aws.String("x")}, mail.CodeNotAuthorized, false},
		{"throttled", "cxm/providers/1000/mail", &types.TooManyRequestsException{Message: aws.String("x")}, mail.CodeUnavailable, true},
		{"timeout", "cxm/providers/1000/mail", context.DeadlineExceeded, mail.CodeUnavailable, true},
	}
	for _, tt := range tests {
		api := &fakeSES{err: tt.apiErr}
		sent, err := ses.New(ses.Config{Secret: tt.secret, Secrets: sec, Client: api}).Send(context.Background(), m)
		if tt.code == "" {
			if err != nil || sent.MessageID != "0100-abc" || sent.From != "sales@northwind.example" {
				t.Fatalf("%s: %+v, %v", tt.name, sent, err)
			}
			in := api.in
			if aws.ToString(in.FromEmailAddress) != `"Northwind Toyota" <sales@northwind.example>` || in.Destination.ToAddresses[0] != "maria@example.com" ||
				aws.ToString(in.Content.Simple.Subject.Data) != "Welcome" || aws.ToString(in.Content.Simple.Body.Text.Data) != "Hello Maria" ||
				aws.ToString(in.ConfigurationSetName) != "cxm" || aws.ToString(in.EmailTags[0].Value) != "W1-1" {
				t.Errorf("%s: request %+v", tt.name, in)
			}
			continue
		}
		var me *mail.Error
		if !errors.As(err, &me) || me.Code != tt.code || me.Retryable != tt.retryable {
			t.Errorf("%s: error %v, want %s", tt.name, err, tt.code)
		}
	}
	// A message the port refuses never reaches SES.
	api := &fakeSES{}
	bad := m
	bad.To = "maria"
	if _, err := ses.New(ses.Config{Secret: "cxm/providers/1000/mail", Secrets: sec, Client: api}).Send(context.Background(), bad); err == nil || api.in != nil {
		t.Errorf("a bad recipient: %v, request sent %v", err, api.in != nil)
	}
}

// TestSendAttachments: a message with files goes to SES as one raw MIME message holding the
// text and each file.
func TestSendAttachments(t *testing.T) {
	t.Parallel()
	tenant, _ := store.NewTenant("1000")
	m := mail.Message{Tenant: tenant, AccountPlatformID: 2001, To: "Maria@Example.com", FromName: "Northwind Toyota", Subject: "Your proposal", Text: "Hello Maria",
		Reference: "P-1", Attachments: []mail.Attachment{{Name: "proposal.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.3 body")}}}
	api := &fakeSES{}
	if _, err := ses.New(ses.Config{Identity: &ses.Identity{From: "sales@northwind.example"}, Client: api}).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if api.in.Content.Raw == nil || api.in.Content.Simple != nil {
		t.Fatalf("content %+v", api.in.Content)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(api.in.Content.Raw.Data))
	if err != nil {
		t.Fatal(err)
	}
	if msg.Header.Get("To") != "maria@example.com" || msg.Header.Get("Subject") != "Your proposal" || !strings.Contains(msg.Header.Get("From"), "<sales@northwind.example>") {
		t.Errorf("headers %v", msg.Header)
	}
	_, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	r := multipart.NewReader(msg.Body, params["boundary"])
	var files []string
	for {
		p, err := r.NextPart()
		if err != nil {
			break
		}
		body, _ := io.ReadAll(p)
		if p.FileName() != "" {
			data, _ := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(body), "\r\n", ""))
			files = append(files, p.FileName()+"="+string(data))
		}
	}
	if len(files) != 1 || files[0] != "proposal.pdf=%PDF-1.3 body" {
		t.Errorf("attachments %q", files)
	}
}
