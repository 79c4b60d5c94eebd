// Package email is the e-mail area: the dealer templates (getDealerTemplates, and
// createDealerTemplate to add one), token replacement, sending an e-mail to a customer through
// the store's mail provider (shared/provider/mail: SES in AWS, the local SES stand-in in a local
// run), the attachments (one multipart upload each, kept in the files bucket), a customer's
// e-mail history, and the inbound webhook that threads a customer's reply onto the customer.
// Every e-mail sent or received is an activity entry of kind email written in the same
// transaction as its activity.EventLogged event (shared/domain/emailmessage).
//
// A contact of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404); sending needs a role that edits customers (403).
//
// The inbound webhook checks every SNS signature (shared/runtime/snsverify) and confirms a
// topic subscription once, remembered outside every tenant:
//
//	pattern                                  index  key condition
//	an SNS subscription confirmation's claim  table  PK = SYS#snsconfirm#{sns message id}, SK = SYS
package email

import (
	"net/http"
	"os"
	"sync"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/domain/template"
	mailsandbox "github.com/cxm/cxm/shared/provider/mail/sandbox"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/snsverify"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// DefaultInboundDomain is the domain of the reply-to addresses when INBOUND_EMAIL_DOMAIN is
// not set: the domain whose mail SES receives and hands to the inbound webhook.
const DefaultInboundDomain = "reply.cxm.local"

// Options are what the area takes besides the services.
type Options struct {
	// SNSClient fetches SNS signing certificates and confirms subscriptions (a client with a
	// 5-second timeout when nil); tests pass one that answers for SNS.
	SNSClient *http.Client
}

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	return NewWith(s, Options{})
}

// NewWith returns the area's HTTP handler with options o.
func NewWith(s wiring.Services, o Options) http.Handler {
	api := s.NewAPI()
	RegisterWith(api, s, o)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	RegisterWith(api, d, Options{})
}

// RegisterWith adds the area's operations to api, with options o.
func RegisterWith(api *httpapi.API, d wiring.Services, o Options) {
	domain := os.Getenv("INBOUND_EMAIL_DOMAIN")
	if domain == "" {
		domain = DefaultInboundDomain
	}
	log := activity.NewRepo(d.Store, d.Events, d.Log)
	x := &area{d: d, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log), log: log,
		templates: template.NewRepo(d.Store), messages: emailmessage.NewRepo(d.Store, log), domain: domain,
		verifier: snsverify.NewVerifier(o.SNSClient)}
	x.registerTemplates(api)
	x.registerSend(api)
	x.registerFiles(api)
	x.registerUploads(api)
	x.registerInbound(api)
}

type area struct {
	d         wiring.Services
	contacts  *contact.Repo
	log       *activity.Repo
	templates *template.Repo
	messages  *emailmessage.Repo
	domain    string
	verifier  *snsverify.Verifier
	// receiving is the local SES receiving sandbox, made on first use in a local run; the
	// verifier trusts its certificate from then on.
	receiving     *mailsandbox.Receiver
	receivingOnce sync.Once
	receivingErr  error
}

// receiver returns the local SES receiving sandbox, trusted by the area's verifier.
func (x *area) receiver() (*mailsandbox.Receiver, error) {
	x.receivingOnce.Do(func() {
		x.receiving, x.receivingErr = mailsandbox.NewReceiver(x.d.Store.Now)
		if x.receivingErr == nil {
			x.verifier.Trust(x.receiving.Signer().URL(), x.receiving.Signer().Certificate())
		}
	})
	return x.receiving, x.receivingErr
}
