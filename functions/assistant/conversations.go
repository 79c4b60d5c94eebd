package assistant

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/autoassistant"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	provider "github.com/cxm/cxm/shared/provider/assistant"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/danielgtaylor/huma/v2"
)

// NewRequestInput is the request of POST /api/auto_assistant/new_request.
type NewRequestInput struct {
	Body struct {
		ContactID         int64  `json:"contactId" minimum:"1" doc:"The customer the assistant is to converse with."`
		AccountPlatformID int64  `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store the assistant converses for; the customer's store when absent."`
		ConversationType  string `json:"conversationType" doc:"Sales, Service or Leads."`
		Channel           string `json:"channel" doc:"text or email."`
		Name              string `json:"name,omitempty" required:"false" maxLength:"100" doc:"What the conversation is called in the list; the type and the date when absent."`
		Vehicle           string `json:"vehicle,omitempty" required:"false" maxLength:"120" doc:"The vehicle the conversation is about, if any (\"2024 Toyota RAV4\")."`
	}
}

// ConversationRef names a conversation of a customer and the version it was read at.
type ConversationRef struct {
	ContactID      int64  `json:"contactId" minimum:"1" doc:"The customer whose profile lists the conversation."`
	ConversationID string `json:"conversationId" minLength:"1" maxLength:"64"`
	Version        int64  `json:"version" minimum:"1" doc:"The version the conversation was read at: a conversation changed since is refused with 409 and nothing changes."`
}

// RenameInput is the request of POST /api/auto_assistant/conversation_name.
type RenameInput struct {
	Body struct {
		ConversationRef
		Name string `json:"name" maxLength:"100" doc:"The new name."`
	}
}

// EndInput is the request of POST /api/auto_assistant/end_conversation.
type EndInput struct {
	Body ConversationRef
}

// FullConversationInput is the request of POST /api/auto_assistant/full_conversation.
type FullConversationInput struct {
	Body struct {
		ContactID      int64  `json:"contactId" minimum:"1"`
		ConversationID string `json:"conversationId,omitempty" required:"false" maxLength:"64" doc:"Only this conversation; all of the customer's when absent."`
	}
}

// StatusesInput is the request of POST /api/auto_assistant/conversica_conversation_statuses.
type StatusesInput struct {
	Body *struct{}
}

func (x *area) registerConversations(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "startAssistantConversation",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/new_request",
		Summary:     "Start an assistant conversation",
		Description: "Hands the customer to the store's automated assistant, which converses by text or e-mail. By text, the customer's mobile number must pass the consent ledger's check (the customer's rule, the number's opt-outs, CASL for Canadian stores, the quiet hours): a refusal is 409 with the reason and nothing is started. By e-mail, the customer needs an address not opted out (409). A customer with an active conversation at the store already is 409. The assistant's first message is recorded in the customer's activity (automated) with the conversation, in one transaction. Needs a customer the caller may edit.",
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *NewRequestInput) (*httpapi.Body[httpapi.Result[autoassistant.Conversation]], error) {
		c, err := x.start(ctx, in)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(c)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getAssistantConversations",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/full_conversation",
		Summary:     "A customer's assistant conversations in full",
		Description: "The customer's conversations (of the stores the caller may view), newest first, each with every message the assistant sent and received, its stage and status.",
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *FullConversationInput) (*httpapi.Body[httpapi.Result[[]autoassistant.Conversation]], error) {
		sess, c, err := x.viewContact(ctx, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		all, err := x.conversations.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		all = slices.DeleteFunc(all, func(v autoassistant.Conversation) bool {
			return !sess.Principal.CanView(v.AccountPlatformID) || (in.Body.ConversationID != "" && v.ID != in.Body.ConversationID)
		})
		if in.Body.ConversationID != "" && len(all) == 0 {
			return nil, apperr.Errorf(apperr.NotFound, autoassistant.MsgNotFound)
		}
		slices.SortFunc(all, func(a, b autoassistant.Conversation) int { return b.StartedAt.Compare(a.StartedAt) })
		if all == nil {
			all = []autoassistant.Conversation{}
		}
		return httpapi.Reply(httpapi.OK(all)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listAssistantStatuses",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/conversica_conversation_statuses",
		Summary:     "The assistant's conversation statuses",
		Description: "Every stage and status a conversation can be in, with what it means and whether the assistant still converses in it.",
		Tags:        []string{"assistant"},
		Errors:      []int{401},
	}, func(ctx context.Context, _ *StatusesInput) (*httpapi.Body[httpapi.Result[[]autoassistant.Status]], error) {
		if _, err := x.d.Users.Session(ctx); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(autoassistant.Stages())), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "renameAssistantConversation",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/conversation_name",
		Summary:     "Rename an assistant conversation",
		Description: "Changes the conversation's name (1 to 100 characters), active or ended. A version other than the conversation's is 409 and nothing changes. Needs a customer the caller may edit.",
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *RenameInput) (*httpapi.Body[httpapi.Result[autoassistant.Conversation]], error) {
		name := strings.TrimSpace(in.Body.Name)
		if name == "" || utf8.RuneCountInString(name) > autoassistant.MaxName {
			return nil, apperr.InvalidFields("The name is not valid.", map[string]string{"name": fmt.Sprintf("Enter a name of 1 to %d characters.", autoassistant.MaxName)})
		}
		sess, _, conv, err := x.find(ctx, in.Body.ConversationRef)
		if err != nil {
			return nil, err
		}
		if err := autoassistant.Changeable(conv, autoassistant.ActionRename, in.Body.Version); err != nil {
			return nil, err
		}
		after := conv
		after.Name = name
		saved, err := x.conversations.Save(ctx, sess.Principal.Tenant, conv, after, false)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(saved)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "endAssistantConversation",
		Method:      http.MethodPost,
		Path:        "/api/auto_assistant/end_conversation",
		Summary:     "End an assistant conversation",
		Description: "Stops the assistant (at the provider too) and moves the conversation to Client Stopped: Rep Stopped, or Manager Stopped when a manager ends it. An ended conversation, or a version other than the conversation's, is 409 and nothing changes. Needs a customer the caller may edit.",
		Tags:        []string{"assistant"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *EndInput) (*httpapi.Body[httpapi.Result[autoassistant.Conversation]], error) {
		sess, c, conv, err := x.find(ctx, in.Body)
		if err != nil {
			return nil, err
		}
		if err := autoassistant.Changeable(conv, autoassistant.ActionEnd, in.Body.Version); err != nil {
			return nil, err
		}
		p, err := x.d.Providers.Assistant(ctx, sess.Principal.Tenant, conv.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		if err := p.Stop(ctx, lead(conv, c, sess, "", "")); err != nil {
			return nil, providerError(err)
		}
		manager := slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(task.ManagerRoles(), r) })
		saved, err := x.conversations.Save(ctx, sess.Principal.Tenant, conv, autoassistant.Ended(conv, sess.Principal.UserID, manager, x.d.Store.Now()), false)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(saved)), nil
	})
}

// find returns the conversation ref names, of a customer the caller may edit: NotFound when it
// is not one of the customer's or of a store the caller may not view.
func (x *area) find(ctx context.Context, ref ConversationRef) (user.Session, contact.Contact, autoassistant.Conversation, error) {
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, ref.ContactID)
	if err != nil {
		return user.Session{}, contact.Contact{}, autoassistant.Conversation{}, err
	}
	conv, err := x.conversations.Get(ctx, sess.Principal.Tenant, ref.ConversationID)
	if err != nil {
		return user.Session{}, contact.Contact{}, autoassistant.Conversation{}, err
	}
	if !slices.Contains(c.Owners(), conv.ContactID) || !sess.Principal.CanView(conv.AccountPlatformID) {
		return user.Session{}, contact.Contact{}, autoassistant.Conversation{}, apperr.Errorf(apperr.NotFound, autoassistant.MsgNotFound)
	}
	return sess, c, conv, nil
}

// lead returns the provider's lead of conversation conv with customer c.
func lead(conv autoassistant.Conversation, c contact.Contact, sess user.Session, storeName, vehicle string) provider.Lead {
	l := provider.Lead{ID: conv.ID, ClientID: strconv.FormatInt(conv.AccountPlatformID, 10), Conversation: conv.Kind, Channel: conv.Channel,
		FirstName: c.FirstName, LastName: c.LastName, LeadSource: "CXM", RepID: sess.Principal.UserID, RepName: sess.Profile.DisplayName(),
		RepEmail: sess.Profile.Email, StoreName: storeName, Vehicle: vehicle, SMSOptOut: conv.Channel != provider.ChannelText}
	if conv.Channel == provider.ChannelText {
		l.CellPhone = conv.To
		for _, e := range c.Emails {
			if !e.OptOut {
				l.Email = e.Email
				break
			}
		}
	} else {
		l.Email = conv.To
	}
	return l
}

// providerError turns a provider's refusal into the caller's error.
func providerError(err error) error {
	var pe *provider.Error
	if errors.As(err, &pe) {
		if pe.Code == provider.CodeInvalid {
			return apperr.Wrap(apperr.Conflict, err, pe.Message)
		}
		return apperr.Wrap(apperr.Conflict, err, "The assistant cannot take the request now: "+pe.Message)
	}
	return err
}

// mobile returns the customer's first mobile number in E.164 (in the store's country).
func mobile(c contact.Contact, st account.Store) (string, bool) {
	for _, p := range c.Phones {
		if !p.IsMobile && p.PhoneTypeID != phone.TypeCell {
			continue
		}
		country := st.Country
		if p.CC != nil && p.CC.Abbr != "" {
			country = p.CC.Abbr
		}
		if n, err := phone.E164(p.Phone, country); err == nil {
			return n, true
		}
	}
	return "", false
}

func (x *area) start(ctx context.Context, in *NewRequestInput) (autoassistant.Conversation, error) {
	b := in.Body
	fields := map[string]string{}
	if !slices.Contains(autoassistant.Kinds(), b.ConversationType) {
		fields["conversationType"] = "Choose the conversation: " + strings.Join(autoassistant.Kinds(), ", ") + "."
	}
	if b.Channel != autoassistant.ChannelText && b.Channel != autoassistant.ChannelEmail {
		fields["channel"] = "Choose text or email."
	}
	if len(fields) > 0 {
		return autoassistant.Conversation{}, apperr.InvalidFields("The conversation is not valid.", fields)
	}
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, b.ContactID)
	if err != nil {
		return autoassistant.Conversation{}, err
	}
	t := sess.Principal.Tenant
	st, err := sess.Store(cmp.Or(b.AccountPlatformID, c.AccountPlatformID))
	if err != nil {
		return autoassistant.Conversation{}, err
	}
	now := x.d.Store.Now()
	conv := autoassistant.Conversation{
		ID: autoassistant.NewID(), ContactID: c.ID, AccountPlatformID: st.AccountPlatformID, Kind: b.ConversationType, Channel: b.Channel,
		Name:      cmp.Or(strings.TrimSpace(b.Name), b.ConversationType+" follow-up, "+now.Format("Jan 2, 2006")),
		StartedAt: now.UTC(), StartedBy: sess.Principal.UserID, StartedByName: sess.Profile.DisplayName(),
		Messages: []autoassistant.Message{},
	}
	switch b.Channel {
	case autoassistant.ChannelText:
		n, ok := mobile(c, st)
		if !ok {
			return autoassistant.Conversation{}, apperr.Errorf(apperr.Conflict, "The customer has no mobile number for the assistant to text. Add one to the profile, or start the conversation by e-mail.")
		}
		rules, err := x.consent.Rules(ctx, t, st)
		if err != nil {
			return autoassistant.Conversation{}, err
		}
		d, err := x.consent.Check(ctx, rules, c, n, now)
		if err != nil {
			return autoassistant.Conversation{}, err
		}
		if !d.Allowed {
			return autoassistant.Conversation{}, apperr.Errorf(apperr.Conflict, "The assistant may not text the customer: %s", d.Message)
		}
		conv.To = d.Phone
	default:
		i := slices.IndexFunc(c.Emails, func(e contact.Email) bool { return !e.OptOut && strings.Contains(e.Email, "@") })
		if c.OptOutAll || i < 0 {
			return autoassistant.Conversation{}, apperr.Errorf(apperr.Conflict, "The customer has no e-mail address the assistant may write to.")
		}
		conv.To = c.Emails[i].Email
	}
	// Checked before the provider is asked, so a second conversation is never handed over;
	// the lock of Start settles two starts at the same moment.
	existing, err := x.conversations.ForContacts(ctx, t, []int64{c.ID})
	if err != nil {
		return autoassistant.Conversation{}, err
	}
	if slices.ContainsFunc(existing, func(v autoassistant.Conversation) bool {
		return v.Active && v.AccountPlatformID == st.AccountPlatformID
	}) {
		return autoassistant.Conversation{}, apperr.Errorf(apperr.Conflict, autoassistant.MsgAlreadyActive)
	}
	p, err := x.d.Providers.Assistant(ctx, t, st.AccountPlatformID)
	if err != nil {
		return autoassistant.Conversation{}, err
	}
	started, err := p.Start(ctx, lead(conv, c, sess, st.Name, strings.TrimSpace(b.Vehicle)))
	if err != nil {
		return autoassistant.Conversation{}, providerError(err)
	}
	conv.Stage, conv.Status, conv.Active = autoassistant.StagePreparing, autoassistant.StatusPreparingLead, true
	var rest []provider.Message
	if len(started.Messages) > 0 {
		conv = autoassistant.Sent(conv, message(started.Messages[0]))
		rest = started.Messages[1:]
	}
	saved, err := x.conversations.Start(ctx, t, conv)
	if err != nil {
		return autoassistant.Conversation{}, err
	}
	for _, m := range rest {
		if saved, err = x.conversations.Save(ctx, t, saved, autoassistant.Sent(saved, message(m)), true); err != nil {
			return autoassistant.Conversation{}, err
		}
	}
	return saved, nil
}

// message returns the provider's message as the conversation keeps it.
func message(m provider.Message) autoassistant.Message {
	dir := "outbound"
	if m.Action == "received" {
		dir = "inbound"
	}
	return autoassistant.Message{Direction: dir, Subject: m.Subject, Body: m.Body, At: m.At.UTC()}
}
