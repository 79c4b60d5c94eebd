package assistant

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/provider/model"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// Turns is how many of the customer's latest messages a reply is drafted from.
const Turns = 20

// GenerateInput is the request of POST /generate/email/response and /generate/sms/response.
type GenerateInput struct {
	Body struct {
		ContactID         int64  `json:"contactId" minimum:"1" doc:"The customer the reply is to."`
		AccountPlatformID int64  `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store the reply is written for; the customer's store when absent."`
		Instructions      string `json:"instructions,omitempty" required:"false" maxLength:"500" doc:"What the person wants the reply to say, in their own words."`
	}
}

// GeneratedReply is a drafted reply: shown to the person, who edits and sends it.
type GeneratedReply struct {
	Channel string `json:"channel" enum:"email,text"`
	Subject string `json:"subject" doc:"The e-mail's subject; empty for a text."`
	Body    string `json:"body"`
	// Draft is always true: the reply is a suggestion, never sent by itself.
	Draft bool `json:"draft"`
	// BasedOn is how many messages of the conversation the reply was drafted from.
	BasedOn int `json:"basedOn"`
}

func (x *area) registerGenerate(api *httpapi.API) {
	for _, g := range []struct{ path, id, channel, what string }{
		{"/generate/email/response", "generateEmailResponse", model.ChannelEmail, "an e-mail"},
		{"/generate/sms/response", "generateSMSResponse", model.ChannelText, "a text"},
	} {
		httpapi.Register(api, huma.Operation{
			OperationID: g.id,
			Method:      http.MethodPost,
			Path:        g.path,
			Summary:     "Suggest " + g.what + " reply",
			Description: "Drafts " + g.what + " to the customer from the conversation so far (the customer's latest texts and e-mails) and the person's instructions, with the store's language model. The answer is a draft for the person to edit and send; nothing is sent. A store without a configured model is 409. Needs a customer the caller may view.",
			Tags:        []string{"assistant"},
			Errors:      []int{400, 401, 403, 404, 409},
		}, func(ctx context.Context, in *GenerateInput) (*httpapi.Body[httpapi.Result[GeneratedReply]], error) {
			return x.generate(ctx, g.channel, in)
		})
	}
}

func (x *area) generate(ctx context.Context, channel string, in *GenerateInput) (*httpapi.Body[httpapi.Result[GeneratedReply]], error) {
	sess, c, err := x.viewContact(ctx, in.Body.ContactID)
	if err != nil {
		return nil, err
	}
	st, err := sess.Store(cmp.Or(in.Body.AccountPlatformID, c.AccountPlatformID))
	if err != nil {
		return nil, err
	}
	page, err := x.activity.Feed(ctx, sess.Principal.Tenant, c.Owners(), activity.FeedQuery{PageSize: activity.MaxPageSize})
	if err != nil {
		return nil, err
	}
	var turns []model.Turn
	for _, e := range page.Entries {
		if e.Category != activity.CategoryText && e.Category != activity.CategoryEmail {
			continue
		}
		subject, text := "", e.Text
		if e.Category == activity.CategoryEmail {
			if s, rest, ok := strings.Cut(e.Text, "\n\n"); ok && !strings.Contains(s, "\n") {
				subject, text = s, rest
			}
		}
		turns = append(turns, model.Turn{Inbound: e.Direction == activity.Inbound, Subject: subject, Text: text, At: e.At})
		if len(turns) == Turns {
			break
		}
	}
	slices.Reverse(turns)
	d, err := x.d.Providers.Drafter(ctx, sess.Principal.Tenant, st.AccountPlatformID)
	if err != nil {
		return nil, err
	}
	draft, err := d.Draft(ctx, model.Prompt{Channel: channel, CustomerFirstName: c.FirstName, UserName: sess.Profile.DisplayName(),
		StoreName: st.Name, Instructions: strings.TrimSpace(in.Body.Instructions), Conversation: turns})
	if err != nil {
		var me *model.Error
		if errors.As(err, &me) {
			return nil, apperr.Wrap(apperr.Conflict, err, me.Message)
		}
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(GeneratedReply{Channel: channel, Subject: draft.Subject, Body: draft.Body, Draft: true, BasedOn: len(turns)})), nil
}
