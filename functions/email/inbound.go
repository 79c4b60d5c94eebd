package email

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	netmail "net/mail"
	"net/url"
	"regexp"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	addr "github.com/cxm/cxm/shared/value/email"
	"github.com/danielgtaylor/huma/v2"
)

// SNSMessage is an Amazon SNS HTTP(S) delivery: SES receiving publishes each received e-mail
// to a topic whose subscription posts it here. Message holds the SES receipt notification.
type SNSMessage struct {
	Type             string `json:"Type" enum:"Notification,SubscriptionConfirmation,UnsubscribeConfirmation"`
	MessageID        string `json:"MessageId" minLength:"1" maxLength:"100"`
	TopicArn         string `json:"TopicArn" maxLength:"300"`
	Subject          string `json:"Subject,omitempty" required:"false" maxLength:"1000"`
	Message          string `json:"Message" maxLength:"20000000"`
	Timestamp        string `json:"Timestamp"`
	SignatureVersion string `json:"SignatureVersion" enum:"1,2"`
	Signature        string `json:"Signature" minLength:"1"`
	SigningCertURL   string `json:"SigningCertURL"`
	SubscribeURL     string `json:"SubscribeURL,omitempty" required:"false"`
	Token            string `json:"Token,omitempty" required:"false"`
	UnsubscribeURL   string `json:"UnsubscribeURL,omitempty" required:"false"`
}

// Receipt is the SES receipt notification (notificationType Received) of an SNS action with
// UTF-8 encoding: the message's headers and its raw MIME content.
type Receipt struct {
	NotificationType string `json:"notificationType"`
	Mail             struct {
		MessageID     string   `json:"messageId"`
		Source        string   `json:"source"`
		Destination   []string `json:"destination"`
		CommonHeaders struct {
			From    []string `json:"from"`
			To      []string `json:"to"`
			Subject string   `json:"subject"`
		} `json:"commonHeaders"`
	} `json:"mail"`
	Content string `json:"content"`
}

// InboundInput is the request of POST /pando/pandox/inbound_email.
type InboundInput struct {
	Body SNSMessage
}

// InboundResult says what became of an inbound delivery.
type InboundResult struct {
	// Status is recorded, duplicate (delivered before), unmatched (no thread or not the
	// customer's address: dropped) or confirmed (a subscription confirmation).
	Status    string `json:"status"`
	ContactID int64  `json:"contactId,omitempty" required:"false"`
}

var (
	topicPattern   = regexp.MustCompile(`^arn:aws[a-z-]*:sns:[a-z0-9-]+:[0-9]{12}:[A-Za-z0-9_-]{1,256}$`)
	certHost       = regexp.MustCompile(`^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$`)
	errNotSNSShape = "The request is not an Amazon SNS message."
)

// CheckSNS checks the shape of an SNS delivery: its type, topic, signature version and the
// signing certificate's address (an https URL of SNS, ending in .pem), as AWS documents them.
func CheckSNS(m SNSMessage) error {
	f := map[string]string{}
	switch m.Type {
	case "Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation":
	default:
		f["Type"] = "Not an SNS message type."
	}
	if !topicPattern.MatchString(m.TopicArn) {
		f["TopicArn"] = "Not an SNS topic ARN."
	}
	if m.SignatureVersion != "1" && m.SignatureVersion != "2" {
		f["SignatureVersion"] = "The signature version must be 1 (SHA1) or 2 (SHA256)."
	}
	if m.Signature == "" {
		f["Signature"] = "The message is not signed."
	}
	u, err := url.Parse(m.SigningCertURL)
	if err != nil || u.Scheme != "https" || !certHost.MatchString(u.Hostname()) || !strings.HasSuffix(u.Path, ".pem") {
		f["SigningCertURL"] = "The signing certificate is not an SNS certificate."
	}
	if m.Type == "Notification" && m.Message == "" {
		f["Message"] = "The notification has no message."
	}
	if len(f) > 0 {
		return apperr.InvalidFields(errNotSNSShape, f)
	}
	return nil
}

// ParseReceipt reads an SES receipt notification: the thread's account and token (from the first
// recipient that is a reply address), the sender's address, the subject and the plain text.
func ParseReceipt(raw string) (r Receipt, account, token, from, text string, err error) {
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		return r, "", "", "", "", apperr.InvalidFields(errNotSNSShape, map[string]string{"Message": "Not an SES receipt notification."})
	}
	if r.NotificationType != "Received" || r.Mail.MessageID == "" {
		return r, "", "", "", "", apperr.InvalidFields(errNotSNSShape, map[string]string{"Message": "Not an SES receipt notification of a received e-mail."})
	}
	for _, d := range append(append([]string{}, r.Mail.Destination...), r.Mail.CommonHeaders.To...) {
		if a, err := netmail.ParseAddress(d); err == nil {
			d = a.Address
		}
		if acc, tok, ok := emailmessage.ParseReplyAddress(d); ok {
			account, token = acc, tok
			break
		}
	}
	from = r.Mail.Source
	if len(r.Mail.CommonHeaders.From) > 0 {
		if a, err := netmail.ParseAddress(r.Mail.CommonHeaders.From[0]); err == nil {
			from = a.Address
		}
	}
	from, _ = addr.Normalize(from)
	text = plainText(r.Content)
	return r, account, token, from, text, nil
}

// plainText returns the text/plain body of a raw MIME message (the first such part of a
// multipart one), or "" when there is none.
func plainText(raw string) string {
	if raw == "" {
		return ""
	}
	msg, err := netmail.ReadMessage(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		return ""
	}
	return partText(msg.Header.Get("Content-Type"), msg.Body, 0)
}

func partText(contentType string, body io.Reader, depth int) string {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || contentType == "" {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") && depth < 3 {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				return ""
			}
			if t := partText(p.Header.Get("Content-Type"), p, depth+1); t != "" {
				return t
			}
		}
	}
	if mt != "text/plain" {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(body, 200_000))
	return strings.TrimSpace(string(b))
}

func (x *area) registerInbound(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID:  "receiveInboundEmail",
		Method:       http.MethodPost,
		Path:         "/pando/pandox/inbound_email",
		Summary:      "Receive a customer's reply (SES receiving through SNS)",
		Description:  "An SNS delivery of an SES receipt notification. A reply to a thread's reply-to address from the customer's own address is recorded once (by the SES message id) in the customer's e-mail history and activity as an inbound e-mail; anything else is answered unmatched and dropped. A subscription confirmation is answered confirmed.",
		Tags:         []string{"email"},
		Errors:       []int{400},
		MaxBodyBytes: 30 << 20,
	}, func(ctx context.Context, in *InboundInput) (*httpapi.Body[InboundResult], error) {
		if err := CheckSNS(in.Body); err != nil {
			return nil, err
		}
		if in.Body.Type != "Notification" {
			x.d.Log.InfoContext(ctx, "sns subscription message", "type", in.Body.Type, "topic", in.Body.TopicArn)
			return httpapi.Reply(InboundResult{Status: "confirmed"}), nil
		}
		return x.receive(ctx, in.Body)
	})
}

func (x *area) receive(ctx context.Context, m SNSMessage) (*httpapi.Body[InboundResult], error) {
	r, account, token, from, text, err := ParseReceipt(m.Message)
	if err != nil {
		return nil, err
	}
	unmatched := httpapi.Reply(InboundResult{Status: "unmatched"})
	if token == "" {
		return unmatched, nil
	}
	t, err := store.NewTenant(account)
	if err != nil {
		return unmatched, nil
	}
	th, err := x.messages.Thread(ctx, t, token)
	if apperr.CodeOf(err) == apperr.NotFound {
		return unmatched, nil
	}
	if err != nil {
		return nil, err
	}
	c, err := x.contacts.Get(ctx, t, th.ContactID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return unmatched, nil
	}
	if err != nil {
		return nil, err
	}
	if !isCustomerAddress(from, th.To, c.Emails) {
		x.d.Log.WarnContext(ctx, "inbound e-mail from another address than the customer's", "contact", c.ID)
		return unmatched, nil
	}
	subject := strings.TrimSpace(r.Mail.CommonHeaders.Subject)
	if subject == "" {
		subject = "Re: " + th.Subject
	}
	if text == "" {
		text = "(no text)"
	}
	n := activity.New{ContactID: c.ID, AccountPlatformID: th.AccountPlatformID, UserID: "customer", UserName: c.FullName(),
		Text:    truncate("E-mail received from "+from+": "+subject, 1000),
		Details: map[string]string{"from": from, "messageId": r.Mail.MessageID, "subject": truncate(subject, activity.MaxDetailLength)}}
	msg, created, err := x.messages.RecordInbound(ctx, t, emailmessage.Message{ContactID: c.ID, AccountPlatformID: th.AccountPlatformID,
		From: from, To: firstOr(r.Mail.Destination), Subject: subject, Text: text, ProviderMessageID: r.Mail.MessageID}, n, "ses:"+r.Mail.MessageID)
	if err != nil {
		return nil, fmt.Errorf("record inbound e-mail: %w", err)
	}
	status := "recorded"
	if !created {
		status = "duplicate"
	}
	return httpapi.Reply(InboundResult{Status: status, ContactID: msg.ContactID}), nil
}

func firstOr(xs []string) string {
	if len(xs) > 0 {
		return xs[0]
	}
	return ""
}

// isCustomerAddress reports whether from is the thread's address or one of the customer's.
func isCustomerAddress(from, threadTo string, emails []contact.Email) bool {
	if from == "" {
		return false
	}
	if n, _ := addr.Normalize(threadTo); n == from {
		return true
	}
	for _, e := range emails {
		if n, _ := addr.Normalize(e.Email); n == from {
			return true
		}
	}
	return false
}
