// Package ses is the e-mail adapter for Amazon SES (API v2, SendEmail): a simple (plain text)
// message from the store's verified sender identity to one recipient, tagged with the caller's
// reference. The Lambda function's role signs the call; the store's sender identity comes from
// a Secrets Manager secret of its dealer group (see Identity), read through a short-lived cache.
// Every send has a deadline. Answers map to the mail port's errors: a rejected message or a bad
// request is Invalid, an unverified or paused sender CodeNotAuthorized, throttling, an internal
// error or a timeout a Retryable CodeUnavailable.
package ses

import (
	"context"
	"errors"
	"fmt"
	"net"
	"regexp"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/provider/mail/sandbox"
	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/value/email"
)

// DefaultTimeout bounds one send.
const DefaultTimeout = 10 * time.Second

// Identity is a store's sender identity, as the secret holds it:
// {"from": "sales@dealer.example", "configurationSet": "..."}. From must be an address or
// domain identity verified in SES; the configuration set (optional) receives the delivery
// events.
type Identity struct {
	From             string `json:"from"`
	ConfigurationSet string `json:"configurationSet"`
}

// API is the part of the SES v2 client the adapter uses; *sesv2.Client is one.
type API interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

var _ API = (*sesv2.Client)(nil)

// Config configures a Sender.
type Config struct {
	// Secret names the secret with the store's Identity; Secrets reads it.
	Secret  string
	Secrets secret.Reader
	// Client sends; Timeout bounds a send (DefaultTimeout when 0).
	Client  API
	Timeout time.Duration
	// Now stamps the sends; nil means time.Now.
	Now func() time.Time
	// Identity, when set, is the sender identity used instead of the secret's: the local run's,
	// whose SES stand-in verifies no identity.
	Identity *Identity
}

// Sender sends through SES.
type Sender struct {
	cfg Config
}

var _ mail.Sender = (*Sender)(nil)

// New returns a sender over cfg.
func New(cfg Config) *Sender {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Sender{cfg: cfg}
}

// tagValue keeps what SES allows in a message tag's value.
var tagValue = regexp.MustCompile(`[^A-Za-z0-9_.@-]`)

// Send sends m.
func (s *Sender) Send(ctx context.Context, m mail.Message) (mail.Sent, error) {
	if err := sandbox.Check(m); err != nil {
		return mail.Sent{}, err
	}
	var id Identity
	if s.cfg.Identity != nil {
		id = *s.cfg.Identity
	} else if err := s.cfg.Secrets.JSON(ctx, s.cfg.Secret, &id); err != nil {
		return mail.Sent{}, &mail.Error{Code: mail.CodeNotAuthorized, Message: "The store's sender identity could not be read.", Err: err}
	}
	from, ok := email.Normalize(id.From)
	if !ok {
		return mail.Sent{}, &mail.Error{Code: mail.CodeNotAuthorized, Field: "from", Message: "The store's sender identity is not an e-mail address."}
	}
	to, _ := email.Normalize(m.To)
	source := from
	if name := strings.Map(func(r rune) rune {
		if r == '"' || r == '\\' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, m.FromName); name != "" {
		source = fmt.Sprintf("%q <%s>", name, from)
	}
	in := &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(source),
		Destination:      &types.Destination{ToAddresses: []string{to}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
			Body:    &types.Body{Text: &types.Content{Data: aws.String(m.Text), Charset: aws.String("UTF-8")}},
		}},
	}
	if m.ReplyTo != "" {
		replyTo, _ := email.Normalize(m.ReplyTo)
		in.ReplyToAddresses = []string{replyTo}
	}
	if len(m.Attachments) > 0 {
		// A message with files goes as one raw MIME message, built once so that what SES sends
		// is exactly what the port built.
		m.To = to
		raw, err := mail.MIME(m, from, s.cfg.Now())
		if err != nil {
			return mail.Sent{}, &mail.Error{Code: mail.CodeInvalidMessage, Field: "attachments", Message: "The message could not be built.", Invalid: true, Err: err}
		}
		in.FromEmailAddress, in.ReplyToAddresses = aws.String(source), nil
		in.Content = &types.EmailContent{Raw: &types.RawMessage{Data: raw}}
	}
	if ref := tagValue.ReplaceAllString(m.Reference, "_"); ref != "" {
		in.EmailTags = []types.MessageTag{{Name: aws.String("reference"), Value: aws.String(ref)}}
	}
	if id.ConfigurationSet != "" {
		in.ConfigurationSetName = aws.String(id.ConfigurationSet)
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	out, err := s.cfg.Client.SendEmail(ctx, in)
	if err != nil {
		return mail.Sent{}, fromAPI(err)
	}
	return mail.Sent{MessageID: aws.ToString(out.MessageId), From: from, At: s.cfg.Now().UTC()}, nil
}

// fromAPI maps an SES error to the port's.
func fromAPI(err error) error {
	var (
		rejected   *types.MessageRejected
		bad        *types.BadRequestException
		unverified *types.MailFromDomainNotVerifiedException
		suspended  *types.AccountSuspendedException
		paused     *types.SendingPausedException
		notFound   *types.NotFoundException
		throttled  *types.TooManyRequestsException
		limit      *types.LimitExceededException
		internal   *types.InternalServiceErrorException
		netErr     net.Error
	)
	switch {
	case errors.As(err, &rejected):
		return &mail.Error{Code: mail.CodeRefused, Message: "SES rejected the message: " + rejected.ErrorMessage(), Invalid: true, Err: err}
	case errors.As(err, &bad):
		return &mail.Error{Code: mail.CodeInvalidMessage, Message: "SES refused the request: " + bad.ErrorMessage(), Invalid: true, Err: err}
	case errors.As(err, &unverified), errors.As(err, &suspended), errors.As(err, &paused), errors.As(err, &notFound):
		return &mail.Error{Code: mail.CodeNotAuthorized, Message: "SES refused the store's sender identity or account; check the store's e-mail settings.", Err: err}
	case errors.As(err, &throttled), errors.As(err, &limit), errors.As(err, &internal),
		errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr):
		return &mail.Error{Code: mail.CodeUnavailable, Message: "The e-mail service is unavailable; try again later.", Retryable: true, Err: err}
	}
	return &mail.Error{Code: mail.CodeRefused, Message: "SES refused the message.", Err: err}
}
