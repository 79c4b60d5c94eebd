// Package endusermessaging is the text-message adapter for AWS End User Messaging SMS (the
// pinpoint-sms-voice-v2 API, SendTextMessage): a transactional text from the store's
// origination identity (a phone number, pool or sender id) to one mobile number. The Lambda
// function's role signs the call; the store's origination identity comes from a Secrets
// Manager secret of its dealer group (see Identity). Every send has a deadline. Answers map to
// the port's errors: a validation error is Invalid, an opted-out destination CodeOptedOut, a
// refused identity CodeNotAuthorized, throttling, an internal error or a timeout a Retryable
// CodeUnavailable.
//
// Replies: two-way SMS publishes every text sent to the store's number to an SNS topic, which
// delivers it to the texting webhook; ParseNotification reads it (see sns.go).
package endusermessaging

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/pinpointsmsvoicev2"
	"github.com/aws/aws-sdk-go-v2/service/pinpointsmsvoicev2/types"

	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/provider/sms"
)

// DefaultTimeout bounds one send.
const DefaultTimeout = 10 * time.Second

// Identity is a store's origination identity, as the secret holds it:
// {"originationIdentity": "+15035550100", "configurationSet": "...", "webhookToken": "..."}.
// The identity is a phone number, pool or sender id (or its ARN) of the account; the
// configuration set (optional) receives the delivery events; the webhook token is the
// secret part of the inbound webhook's address for the store.
type Identity struct {
	OriginationIdentity string `json:"originationIdentity"`
	ConfigurationSet    string `json:"configurationSet"`
	WebhookToken        string `json:"webhookToken"`
}

// API is the part of the client the adapter uses; *pinpointsmsvoicev2.Client is one.
type API interface {
	SendTextMessage(ctx context.Context, in *pinpointsmsvoicev2.SendTextMessageInput, opts ...func(*pinpointsmsvoicev2.Options)) (*pinpointsmsvoicev2.SendTextMessageOutput, error)
}

var _ API = (*pinpointsmsvoicev2.Client)(nil)

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
}

// Sender sends through AWS End User Messaging SMS.
type Sender struct {
	cfg Config
}

var _ sms.Sender = (*Sender)(nil)

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

// Send sends m as a transactional text.
func (s *Sender) Send(ctx context.Context, m sms.Message) (sms.Sent, error) {
	if err := sms.Check(m); err != nil {
		return sms.Sent{}, err
	}
	var id Identity
	if err := s.cfg.Secrets.JSON(ctx, s.cfg.Secret, &id); err != nil {
		return sms.Sent{}, &sms.Error{Code: sms.CodeNotAuthorized, Message: "The store's texting number could not be read.", Err: err}
	}
	if id.OriginationIdentity == "" {
		return sms.Sent{}, &sms.Error{Code: sms.CodeNotAuthorized, Message: "The store has no texting number."}
	}
	in := &pinpointsmsvoicev2.SendTextMessageInput{
		DestinationPhoneNumber: aws.String(m.To),
		OriginationIdentity:    aws.String(id.OriginationIdentity),
		MessageBody:            aws.String(m.Text),
		MessageType:            types.MessageTypeTransactional,
	}
	if m.Reference != "" {
		in.Context = map[string]string{"reference": m.Reference}
	}
	if id.ConfigurationSet != "" {
		in.ConfigurationSetName = aws.String(id.ConfigurationSet)
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	out, err := s.cfg.Client.SendTextMessage(ctx, in)
	if err != nil {
		return sms.Sent{}, fromAPI(err)
	}
	return sms.Sent{MessageID: aws.ToString(out.MessageId), From: id.OriginationIdentity, At: s.cfg.Now().UTC()}, nil
}

// fromAPI maps an End User Messaging error to the port's.
func fromAPI(err error) error {
	var (
		validation *types.ValidationException
		conflict   *types.ConflictException
		denied     *types.AccessDeniedException
		notFound   *types.ResourceNotFoundException
		quota      *types.ServiceQuotaExceededException
		throttled  *types.ThrottlingException
		internal   *types.InternalServerException
		netErr     net.Error
	)
	switch {
	case errors.As(err, &validation):
		return &sms.Error{Code: sms.CodeInvalidNumber, Field: "to", Message: "The text service refused the request: " + validation.ErrorMessage(), Invalid: true, Err: err}
	case errors.As(err, &conflict) && conflict.Reason == types.ConflictExceptionReasonDestinationPhoneNumberOptedOut:
		return &sms.Error{Code: sms.CodeOptedOut, Field: "to", Message: "The number is opted out of the store's texts at the provider.", Err: err}
	case errors.As(err, &denied), errors.As(err, &notFound), errors.As(err, &conflict):
		return &sms.Error{Code: sms.CodeNotAuthorized, Message: "The text service refused the store's number or account; check the store's texting settings.", Err: err}
	case errors.As(err, &quota), errors.As(err, &throttled), errors.As(err, &internal),
		errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr):
		return &sms.Error{Code: sms.CodeUnavailable, Message: "The text service is unavailable; try again later.", Retryable: true, Err: err}
	}
	return &sms.Error{Code: sms.CodeRefused, Message: "The text service refused the message.", Err: err}
}
