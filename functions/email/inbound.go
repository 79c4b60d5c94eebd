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
	"regexp"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/snsverify"
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
	if snsverify.CheckURL(m.SigningCertURL, true) != nil {
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

// SandboxReplyInput is the request of POST /pando/pandox/inbound_email/sandbox.
type SandboxReplyInput struct {
	Body struct {
		// To is the reply-to address of the e-mail the customer answers.
		To      string `json:"To" minLength:"3" maxLength:"320"`
		From    string `json:"From" minLength:"3" maxLength:"320"`
		Subject string `json:"Subject,omitempty" required:"false" maxLength:"998"`
		Text    string `json:"Text" minLength:"1" maxLength:"100000"`
	}
}

// snsMessage is m as the signature checker reads it.
func snsMessage(m SNSMessage) snsverify.Message {
	return snsverify.Message{Type: m.Type, MessageID: m.MessageID, Token: m.Token, TopicArn: m.TopicArn, Subject: m.Subject,
		Message: m.Message, Timestamp: m.Timestamp, SignatureVersion: m.SignatureVersion, Signature: m.Signature,
		SigningCertURL: m.SigningCertURL, SubscribeURL: m.SubscribeURL, UnsubscribeURL: m.UnsubscribeURL}
}

func (x *area) registerInbound(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "receiveInboundEmail",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/inbound_email",
		Summary:     "Receive a customer's reply (SES receiving through SNS)",
		Description: "An SNS delivery of an SES receipt notification. The SNS signature (version 1 or 2, by the certificate of an sns.<region>.amazonaws.com address) is checked first: a message whose signature does not hold is refused (403) and changes nothing. " +
			"A reply to a thread's reply-to address from the customer's own address is recorded once (by the SES message id) in the customer's e-mail history and activity as an inbound e-mail; anything else is answered unmatched and dropped. " +
			"A subscription confirmation is confirmed once (its SubscribeURL visited, which must be SNS's) and answered confirmed.",
		Tags:         []string{"email"},
		Errors:       []int{400, 403},
		MaxBodyBytes: 30 << 20,
	}, func(ctx context.Context, in *InboundInput) (*httpapi.Body[InboundResult], error) {
		return x.deliver(ctx, in.Body)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "replyByEmailInSandbox",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/inbound_email/sandbox",
		Summary:     "Reply to an e-mail as the customer, through the local SES receiving sandbox",
		Description: "A local run only (404 in AWS): the sandbox makes the SES receipt notification of an e-mail from From to the reply-to address To, signs it as SNS would with the local certificate the local webhook trusts, and delivers it to the inbound webhook, so it is received exactly as SES and SNS would deliver it. The reply address must be one of the caller's dealer group.",
		Tags:        []string{"email"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SandboxReplyInput) (*httpapi.Body[InboundResult], error) {
		if !x.d.Providers.Local() {
			return nil, apperr.Errorf(apperr.NotFound, "The e-mail sandbox serves local runs only.")
		}
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		to, err := netmail.ParseAddress(in.Body.To)
		if err != nil {
			return nil, apperr.InvalidFields("The reply is not valid.", map[string]string{"To": "Not an e-mail address."})
		}
		acc, _, ok := emailmessage.ParseReplyAddress(to.Address)
		if !ok {
			return nil, apperr.InvalidFields("The reply is not valid.", map[string]string{"To": "Not a reply-to address of a sent e-mail."})
		}
		if id, err := strconv.ParseInt(acc, 10, 64); err != nil || sess.RequireAccount(id) != nil {
			return nil, apperr.Errorf(apperr.NotFound, "The reply-to address does not exist.")
		}
		fromAddr := in.Body.From
		if a, err := netmail.ParseAddress(fromAddr); err == nil {
			fromAddr = a.Address
		}
		from, ok := addr.Normalize(fromAddr)
		if !ok {
			return nil, apperr.InvalidFields("The reply is not valid.", map[string]string{"From": "Not an e-mail address."})
		}
		rc, err := x.receiver()
		if err != nil {
			return nil, err
		}
		m, err := rc.Receive(from, to.Address, in.Body.Subject, in.Body.Text)
		if err != nil {
			return nil, err
		}
		return x.deliver(ctx, SNSMessage{Type: m.Type, MessageID: m.MessageID, TopicArn: m.TopicArn, Subject: m.Subject, Message: m.Message,
			Timestamp: m.Timestamp, SignatureVersion: m.SignatureVersion, Signature: m.Signature, SigningCertURL: m.SigningCertURL})
	})
}

// deliver handles an SNS delivery: its shape and signature first, then its kind.
func (x *area) deliver(ctx context.Context, m SNSMessage) (*httpapi.Body[InboundResult], error) {
	if err := CheckSNS(m); err != nil {
		return nil, err
	}
	if err := x.verifier.Verify(ctx, snsMessage(m)); err != nil {
		x.d.Log.WarnContext(ctx, "sns message refused", "topic", m.TopicArn, "messageId", m.MessageID, "err", err)
		return nil, apperr.Wrap(apperr.Forbidden, err, "The message is not signed by Amazon SNS.")
	}
	switch m.Type {
	case snsverify.TypeSubscriptionConfirmed:
		if err := x.confirm(ctx, m); err != nil {
			return nil, err
		}
		return httpapi.Reply(InboundResult{Status: "confirmed"}), nil
	case snsverify.TypeUnsubscribeConfirmed:
		x.d.Log.InfoContext(ctx, "sns subscription ended", "topic", m.TopicArn)
		return httpapi.Reply(InboundResult{Status: "confirmed"}), nil
	}
	return x.receive(ctx, m)
}

// confirm confirms the subscription of confirmation m once: SNS may deliver a confirmation
// again, and its SubscribeURL is visited only for the first delivery that confirms it.
func (x *area) confirm(ctx context.Context, m SNSMessage) error {
	if err := snsverify.CheckURL(m.SubscribeURL, false); err != nil {
		return apperr.Wrap(apperr.Forbidden, err, "The subscription is not one of Amazon SNS.")
	}
	k, err := store.SystemKey("snsconfirm", m.MessageID)
	if err != nil {
		return apperr.InvalidFields(errNotSNSShape, map[string]string{"MessageId": "Not an SNS message id."})
	}
	err = x.d.Store.Create(ctx, store.Record{Key: k, Type: "SNSConfirmation", Value: map[string]string{"topicArn": m.TopicArn}})
	if apperr.CodeOf(err) == apperr.Conflict {
		return nil
	}
	if err != nil {
		return fmt.Errorf("claim sns confirmation: %w", err)
	}
	if err := x.verifier.Confirm(ctx, snsMessage(m)); err != nil {
		// Let SNS's next delivery of the confirmation try again.
		if derr := x.d.Store.Delete(ctx, k, 1); derr != nil {
			x.d.Log.ErrorContext(ctx, "release sns confirmation", "err", derr)
		}
		return fmt.Errorf("confirm sns subscription of %s: %w", m.TopicArn, err)
	}
	x.d.Log.InfoContext(ctx, "sns subscription confirmed", "topic", m.TopicArn)
	return nil
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
