// Package hub is the local stand-in for the API Gateway WebSocket API: the gateway upgrades a
// browser's request to a WebSocket connection here and posts messages to it by connection id,
// as the Management API posts to API Gateway's connections.
package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/cxm/cxm/shared/provider/push"
)

// Hub holds the open connections of one local gateway.
type Hub struct {
	mu     sync.RWMutex
	conns  map[string]*websocket.Conn
	maxAge time.Duration
	// changed is closed, and replaced, whenever a connection is added or removed.
	changed chan struct{}
}

var _ push.Poster = (*Hub)(nil)

// New returns a hub that closes each connection after maxAge, as API Gateway does after two
// hours; the browser connects again.
func New(maxAge time.Duration) *Hub {
	return &Hub{conns: map[string]*websocket.Conn{}, maxAge: maxAge, changed: make(chan struct{})}
}

// Serve upgrades r to a WebSocket connection with a new connection id and calls open with it
// (the $connect route); an error from open closes the connection with a policy-violation code.
// It then holds the connection until the browser or maxAge closes it, and calls closed (the
// $disconnect route). Messages from the browser are read and dropped: the connection carries
// messages to the browser only.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, open func(ctx context.Context, id string) error, closed func(ctx context.Context, id string)) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	id := newID()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), h.maxAge)
	defer cancel()
	if err := open(ctx, id); err != nil {
		c.Close(websocket.StatusPolicyViolation, "connection refused")
		return
	}
	h.mu.Lock()
	h.conns[id] = c
	h.changedLocked()
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.conns, id)
		h.changedLocked()
		h.mu.Unlock()
		closed(context.WithoutCancel(ctx), id)
	}()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			break
		}
	}
	c.Close(websocket.StatusGoingAway, "closed")
}

// Post sends data to connection id as one text message; an id the hub does not hold is
// push.ErrGone.
func (h *Hub) Post(ctx context.Context, id string, data []byte) error {
	h.mu.RLock()
	c, ok := h.conns[id]
	h.mu.RUnlock()
	if !ok {
		return fmt.Errorf("post to connection %s: %w", id, push.ErrGone)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, data); err != nil {
		return fmt.Errorf("post to connection %s: %w", id, err)
	}
	return nil
}

// changedLocked tells the waiters of Held that the connections changed; h.mu is held.
func (h *Hub) changedLocked() {
	close(h.changed)
	h.changed = make(chan struct{})
}

// Held returns once the hub holds n connections (each registered by Serve's open), or with
// ctx's error when ctx ends first.
func (h *Hub) Held(ctx context.Context, n int) error {
	for {
		h.mu.RLock()
		held, changed := len(h.conns), h.changed
		h.mu.RUnlock()
		if held == n {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Open returns how many connections the hub holds.
func (h *Hub) Open() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.conns)
}

func newID() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}
