package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/provider/push"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Message types: what changed, so the browser knows what to refetch.
const (
	// TypeActivity: a text or e-mail was sent to or received from a customer (ContactID).
	TypeActivity = "activity"
	// TypeChat: a chat message arrived in a group (GroupID) the user belongs to.
	TypeChat = "chat"
	// TypeNotification: the user has a new notification (the bell).
	TypeNotification = "notification"
)

// MaxSummary is the longest summary a message carries, in runes.
const MaxSummary = 140

// Message is what a connection receives: ids and a short summary, never a record.
type Message struct {
	// Channel is the user's channel (Connection.Channel) the message was sent on.
	Channel string `json:"channel"`
	Type    string `json:"type"`
	// ID is the id of the event the message tells of; a browser that sees an id twice ignores
	// the second.
	ID        string    `json:"id"`
	ContactID int64     `json:"contactId,omitempty"`
	GroupID   string    `json:"groupId,omitempty"`
	Summary   string    `json:"summary"`
	At        time.Time `json:"at"`
}

// Channel returns the channel of userID of account, as Issue names it.
func Channel(account, userID string) string { return "cxm." + account + ".user." + userID }

// ParseChannel returns the account and user id of a user's channel.
func ParseChannel(channel string) (account, userID string, ok bool) {
	rest, ok := strings.CutPrefix(channel, "cxm.")
	if !ok {
		return "", "", false
	}
	account, userID, ok = strings.Cut(rest, ".user.")
	if !ok || account == "" || userID == "" || strings.Contains(account, ".") {
		return "", "", false
	}
	return account, userID, true
}

// Summary shortens text to MaxSummary runes for a message.
func Summary(text string) string {
	r := []rune(text)
	if len(r) <= MaxSummary {
		return text
	}
	return string(r[:MaxSummary-1]) + "…"
}

// Publisher sends messages to users' open connections.
type Publisher struct {
	registry *Registry
	poster   push.Poster
	log      *slog.Logger
}

// NewPublisher returns a publisher over registry posting through poster.
func NewPublisher(registry *Registry, poster push.Poster, log *slog.Logger) *Publisher {
	if log == nil {
		log = slog.Default()
	}
	return &Publisher{registry: registry, poster: poster, log: log}
}

// Send posts m to every open connection of each of userIDs (each user once) of tenant t, on
// the user's channel, and returns how many connections it reached. A connection that is gone
// is forgotten. Delivery is best effort: a connection that cannot take the message now is
// logged and skipped (its browser refetches when it connects again), so the error is only
// that of reading or updating the registry.
func (p *Publisher) Send(ctx context.Context, t store.Tenant, userIDs []string, m Message) (int, error) {
	ids := slices.Clone(userIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	sent := 0
	var errs []error
	for _, userID := range ids {
		conns, err := p.registry.Connections(ctx, t, userID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(conns) == 0 {
			continue
		}
		m.Channel = Channel(t.Account(), userID)
		data, err := json.Marshal(m)
		if err != nil {
			return sent, fmt.Errorf("marshal message %s: %w", m.ID, err)
		}
		for _, c := range conns {
			err := p.poster.Post(ctx, c, data)
			switch {
			case err == nil:
				sent++
			case errors.Is(err, push.ErrGone):
				if err := p.registry.forget(ctx, t, userID, c); err != nil {
					errs = append(errs, err)
				}
			default:
				p.log.WarnContext(ctx, "real-time message not delivered", "connection", c, "user", userID, "message", m.ID, "err", err)
			}
		}
	}
	return sent, errors.Join(errs...)
}
