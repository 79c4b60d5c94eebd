// Package assistant is the area of the automated assistant, the video library and the replies
// a model drafts (section 7.17): the assistant's conversations below /api/auto_assistant, the
// store's video library below /cxp/video and the suggested replies below /generate.
//
// A customer of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404), and neither do its conversations; a store the caller may not view is 403.
// The assistant texts a customer only when the consent ledger allows it (consent.Repo.Check),
// and writes every message it sends or receives into the customer's activity in the same
// transaction as the conversation. Videos are played only through links that expire. A
// suggested reply is a draft answered to the person, never sent by itself.
package assistant

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/autoassistant"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/video"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	log := d.Logger()
	acts := activity.NewRepo(d.Store, d.Events, d.Log)
	x := &area{
		d: d, log: log,
		contacts:      contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		activity:      acts,
		consent:       consent.NewRepo(d.Store),
		videos:        video.NewRepo(d.Store),
		conversations: autoassistant.NewRepo(d.Store, acts),
	}
	x.registerConversations(api)
	x.registerWebhooks(api)
	x.registerVideos(api)
	x.registerGenerate(api)
}

// area holds what the calls use.
type area struct {
	d             wiring.Services
	log           *slog.Logger
	contacts      *contact.Repo
	activity      *activity.Repo
	consent       *consent.Repo
	videos        *video.Repo
	conversations *autoassistant.Repo
}

// viewContact returns the caller's session and customer id: NotFound when the caller may not
// view it.
func (x *area) viewContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, _, err := x.contacts.ForSession(ctx, sess, id)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	return sess, c, nil
}
