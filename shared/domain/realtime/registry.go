package realtime

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ConnectionTTL is how long a connection is kept in the registry: API Gateway's longest
// WebSocket connection. The local hub closes its connections after it too.
const ConnectionTTL = 2 * time.Hour

// Registry keeps each user's open WebSocket connections.
type Registry struct {
	s     *store.Store
	users *user.Repo
	key   []byte
	now   func() time.Time
}

// NewRegistry returns the registry over s; users checks who connects, key verifies their
// tokens (the store's key for KeyPurpose).
func NewRegistry(s *store.Store, users *user.Repo) *Registry {
	return &Registry{s: s, users: users, key: s.DeriveKey(KeyPurpose), now: s.Now}
}

// connection is the item of an open connection in its user's partition.
type connection struct {
	ConnectionID string
	UserID       string
	ConnectedAt  time.Time
	// Until is when the item expires; expired items may be read until DynamoDB deletes them.
	Until int64
}

// directoryEntry points from a connection id to its user: the disconnect knows only the id.
type directoryEntry struct {
	Account string
	UserID  string
}

func connectionKey(t store.Tenant, userID, id string) (store.Key, error) {
	return t.Key("CONN#"+id, "RTCONN", userID)
}

func directoryKey(id string) (store.Key, error) { return store.DirectoryKey("RTCONN", id) }

// validConnectionID reports whether id can name a connection: API Gateway's ids are short
// base64-like strings, the hub's hex.
func validConnectionID(id string) bool {
	return id != "" && len(id) <= 128 && !strings.ContainsAny(id, "#/?& ")
}

// Authenticate checks that authToken was issued for channel (a user's own channel, as Issue
// names it) and that its user is active, and returns the user's tenant and id. A bad channel
// or token, an unknown or inactive user is an Unauthorized error.
func (r *Registry) Authenticate(ctx context.Context, channel, authToken string) (store.Tenant, string, error) {
	denied := apperr.Errorf(apperr.Unauthorized, "The real-time connection was refused.")
	account, userID, ok := ParseChannel(channel)
	if !ok {
		return store.Tenant{}, "", denied
	}
	t, err := store.NewTenant(account)
	if err != nil || !user.ValidUserID(userID) || !Verify(r.key, account, userID, authToken) {
		return store.Tenant{}, "", denied
	}
	p, _, err := r.users.Profile(ctx, t, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return store.Tenant{}, "", denied
	}
	if err != nil {
		return store.Tenant{}, "", err
	}
	if !p.Active() {
		return store.Tenant{}, "", denied
	}
	return t, userID, nil
}

// Connect authenticates channel and authToken (Authenticate) and registers connection id for
// the channel's user: the WebSocket API's $connect. Nothing is registered on an error.
func (r *Registry) Connect(ctx context.Context, channel, authToken, id string) error {
	if !validConnectionID(id) {
		return apperr.Errorf(apperr.Unauthorized, "The real-time connection was refused.")
	}
	t, userID, err := r.Authenticate(ctx, channel, authToken)
	if err != nil {
		return err
	}
	return r.Register(ctx, t, userID, id)
}

// Register records connection id as open for userID of tenant t, until ConnectionTTL from now.
func (r *Registry) Register(ctx context.Context, t store.Tenant, userID, id string) error {
	if !validConnectionID(id) {
		return apperr.Errorf(apperr.Internal, "bad connection id %q", id)
	}
	ck, err := connectionKey(t, userID, id)
	if err != nil {
		return err
	}
	dk, err := directoryKey(id)
	if err != nil {
		return err
	}
	now := r.now().UTC()
	until := now.Add(ConnectionTTL).Unix()
	err = r.s.Transact(ctx,
		store.PutOp(store.Record{Key: ck, Type: "RealtimeConnection", Value: connection{ConnectionID: id, UserID: userID, ConnectedAt: now, Until: until}, ExpiresAt: until}),
		store.PutOp(store.Record{Key: dk, Type: "RealtimeConnectionDirectory", Value: directoryEntry{Account: t.Account(), UserID: userID}, ExpiresAt: until}),
	)
	if err != nil {
		return fmt.Errorf("register connection %s of %s: %w", id, userID, err)
	}
	return nil
}

// Disconnect forgets connection id. An unknown id is no error: the disconnect of a connection
// already forgotten (gone on a post, or expired).
func (r *Registry) Disconnect(ctx context.Context, id string) error {
	if !validConnectionID(id) {
		return nil
	}
	dk, err := directoryKey(id)
	if err != nil {
		return err
	}
	var d directoryEntry
	if _, err := r.s.Get(ctx, dk, &d); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil
		}
		return fmt.Errorf("disconnect %s: %w", id, err)
	}
	t, err := store.NewTenant(d.Account)
	if err != nil {
		return fmt.Errorf("disconnect %s: %w", id, err)
	}
	return r.forget(ctx, t, d.UserID, id)
}

func (r *Registry) forget(ctx context.Context, t store.Tenant, userID, id string) error {
	ck, err := connectionKey(t, userID, id)
	if err != nil {
		return err
	}
	dk, err := directoryKey(id)
	if err != nil {
		return err
	}
	if err := r.s.Transact(ctx, store.RemoveOp(ck), store.RemoveOp(dk)); err != nil {
		return fmt.Errorf("forget connection %s of %s: %w", id, userID, err)
	}
	return nil
}

// Connections returns the ids of userID's open connections in tenant t, oldest first.
func (r *Registry) Connections(ctx context.Context, t store.Tenant, userID string) ([]string, error) {
	part, err := t.Partition("RTCONN", userID)
	if err != nil {
		return nil, err
	}
	cs, err := store.QueryAll[connection](ctx, r.s, store.Query{Partition: part, SortPrefix: "CONN#"})
	if err != nil {
		return nil, fmt.Errorf("connections of %s: %w", userID, err)
	}
	slices.SortFunc(cs, func(a, b connection) int { return a.ConnectedAt.Compare(b.ConnectedAt) })
	now := r.now().Unix()
	var ids []string
	for _, c := range cs {
		if c.Until > now {
			ids = append(ids, c.ConnectionID)
		}
	}
	return ids, nil
}
