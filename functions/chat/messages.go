package chat

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/chat"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// SendInput is the request of POST /message/send.
type SendInput struct {
	Body struct {
		Message string   `json:"Message" maxLength:"2000" text:"multiline"`
		UserIDs []string `json:"UserIds" maxItems:"20" doc:"The recipients; with the sender they form the direct group the message goes to."`
		// ClientMessageID makes a retried send store the message once.
		ClientMessageID string `json:"ClientMessageId,omitempty" maxLength:"64" pattern:"^[A-Za-z0-9_-]*$"`
	}
}

// Sent is the result of a send: the group and the stored message.
type Sent struct {
	Group   chat.Group   `json:"Group"`
	Message chat.Message `json:"Message"`
}

// CheckInput is the request of GET /group/CheckForGroup.
type CheckInput struct {
	StaffIDs string `query:"staffids" required:"true" doc:"The other members' user ids, separated by commas."`
}

// HistoryInput is the request of POST /message/history, the chat history the web app asks for
// when it finds a group (the spec gives no path; this is the one CXM serves).
type HistoryInput struct {
	Body struct {
		GroupID string `json:"GroupId" minLength:"1" maxLength:"64"`
		Count   int    `json:"Count,omitempty" minimum:"0" maximum:"100" doc:"How many of the newest messages; 20 when 0."`
	}
}

// Colleague is a member of a chat group other than the caller.
type Colleague struct {
	UserID string `json:"UserId"`
	Name   string `json:"Name"`
	// CanChat tells whether the caller may write to them now (they are active and share a store).
	CanChat bool `json:"CanChat"`
}

// RecentChat is one of the caller's chat groups with its last message.
type RecentChat struct {
	GroupID          string      `json:"GroupId"`
	Colleagues       []Colleague `json:"Colleagues"`
	LastMessageDT    time.Time   `json:"LastMessageDT"`
	LastMessage      string      `json:"LastMessage"`
	LastSenderUserID string      `json:"LastSenderUserId"`
	Unread           bool        `json:"Unread" doc:"A colleague's message came after the caller last read the chat."`
}

// recipients loads and checks the recipients: users of the caller's group the caller may chat
// with. Anyone else is not found, so the call reveals nothing about them.
func recipients(ctx context.Context, d wiring.Services, sess user.Session, ids []string) error {
	for _, id := range ids {
		notFound := apperr.Errorf(apperr.NotFound, "The user %s does not exist or cannot receive messages from you.", id)
		if !user.ValidUserID(id) {
			return notFound
		}
		p, _, err := d.Users.Profile(ctx, sess.Principal.Tenant, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			return notFound
		}
		if err != nil {
			return err
		}
		if !chat.CanChat(sess.Profile, p) {
			return notFound
		}
	}
	return nil
}

func registerMessages(api *httpapi.API, d wiring.Services) {
	chats := chat.NewRepo(d.Store)

	httpapi.Register(api, huma.Operation{
		OperationID: "sendChatMessage",
		Method:      http.MethodPost,
		Path:        "/message/send",
		Summary:     "Send a chat message to colleagues",
		Description: "Chat is allowed only when each recipient is active, in the caller's dealer group, and has access to every store or shares an allowed store with the caller.",
		Tags:        []string{"chat"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SendInput) (*httpapi.Body[httpapi.Legacy[Sent]], error) {
		if err := chat.ValidateMessage(in.Body.Message, in.Body.UserIDs); err != nil {
			return nil, err
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := recipients(ctx, d, sess, in.Body.UserIDs); err != nil {
			return nil, err
		}
		g, m, err := chats.Send(ctx, sess.Principal.Tenant, sess.Profile.UserID, in.Body.UserIDs, in.Body.Message, in.Body.ClientMessageID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(Sent{Group: g, Message: m})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "checkForChatGroup",
		Method:      http.MethodGet,
		Path:        "/group/CheckForGroup",
		Summary:     "The direct chat group of the caller and the given staff, if there is one",
		Description: "Data is null when the users have no group yet.",
		Tags:        []string{"chat"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *CheckInput) (*httpapi.Body[httpapi.Legacy[*chat.Group]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []string
		for _, id := range strings.Split(in.StaffIDs, ",") {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 || len(ids) > chat.MaxRecipients {
			return nil, apperr.InvalidFields("The staff ids are not valid.", map[string]string{"staffids": "Name 1 to 20 user ids."})
		}
		if err := recipients(ctx, d, sess, ids); err != nil {
			return nil, err
		}
		g, err := chats.Direct(ctx, sess.Principal.Tenant, chat.Members(sess.Profile.UserID, ids))
		if apperr.CodeOf(err) == apperr.NotFound {
			return httpapi.Reply(httpapi.LegacyOK[*chat.Group](nil)), nil
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(&g)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listRecentChats",
		Method:      http.MethodGet,
		Path:        "/message/groups",
		Summary:     "The caller's chat groups with their last message, the newest first",
		Description: "At most 50 groups; each names the colleagues in it and whether the caller may write to them now.",
		Tags:        []string{"chat"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[[]RecentChat]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		recent, err := chats.RecentFor(ctx, sess.Principal.Tenant, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		read, err := chats.ReadMarks(ctx, sess.Principal.Tenant, sess.Profile.UserID)
		if err != nil {
			return nil, err
		}
		out := []RecentChat{}
		if len(recent) == 0 {
			return httpapi.Reply(httpapi.LegacyOK(out)), nil
		}
		all, err := d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		profiles := make(map[string]user.Profile, len(all))
		for _, p := range all {
			profiles[p.UserID] = p
		}
		for _, r := range recent {
			c := RecentChat{GroupID: r.GroupID, Colleagues: []Colleague{}, LastMessageDT: r.LastMessageDT, LastMessage: r.LastMessage, LastSenderUserID: r.LastSenderUserID,
				Unread: r.Unread(sess.Profile.UserID, read[r.GroupID])}
			for _, id := range r.UserIDs {
				if id == sess.Profile.UserID {
					continue
				}
				p, ok := profiles[id]
				if !ok {
					c.Colleagues = append(c.Colleagues, Colleague{UserID: id, Name: "Former colleague"})
					continue
				}
				c.Colleagues = append(c.Colleagues, Colleague{UserID: id, Name: p.DisplayName(), CanChat: chat.CanChat(sess.Profile, p)})
			}
			out = append(out, c)
		}
		return httpapi.Reply(httpapi.LegacyOK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "chatHistory",
		Method:      http.MethodPost,
		Path:        "/message/history",
		Summary:     "The newest messages of a chat group the caller belongs to, oldest first",
		Tags:        []string{"chat"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *HistoryInput) (*httpapi.Body[httpapi.Legacy[[]chat.Message]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		g, err := chats.Group(ctx, sess.Principal.Tenant, in.Body.GroupID)
		if err != nil {
			return nil, err
		}
		if !contains(g.UserIDs, sess.Profile.UserID) {
			return nil, apperr.Errorf(apperr.NotFound, "The chat group does not exist.")
		}
		count := in.Body.Count
		if count == 0 {
			count = chat.HistorySize
		}
		msgs, err := chats.History(ctx, sess.Principal.Tenant, g.GroupID, count)
		if err != nil {
			return nil, err
		}
		// Reading the history is reading the chat.
		if err := chats.MarkRead(ctx, sess.Principal.Tenant, sess.Profile.UserID, g.GroupID); err != nil {
			return nil, err
		}
		if msgs == nil {
			msgs = []chat.Message{}
		}
		return httpapi.Reply(httpapi.LegacyOK(msgs)), nil
	})
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
