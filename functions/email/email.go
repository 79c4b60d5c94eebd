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
package email

import (
	"net/http"
	"os"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/domain/template"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// DefaultInboundDomain is the domain of the reply-to addresses when INBOUND_EMAIL_DOMAIN is
// not set: the domain whose mail SES receives and hands to the inbound webhook.
const DefaultInboundDomain = "reply.cxm.local"

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	domain := os.Getenv("INBOUND_EMAIL_DOMAIN")
	if domain == "" {
		domain = DefaultInboundDomain
	}
	log := activity.NewRepo(d.Store, d.Events, d.Log)
	x := &area{d: d, contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log), log: log,
		templates: template.NewRepo(d.Store), messages: emailmessage.NewRepo(d.Store, log), domain: domain}
	x.registerTemplates(api)
	x.registerSend(api)
	x.registerFiles(api)
	x.registerInbound(api)
}

type area struct {
	d         wiring.Services
	contacts  *contact.Repo
	log       *activity.Repo
	templates *template.Repo
	messages  *emailmessage.Repo
	domain    string
}
