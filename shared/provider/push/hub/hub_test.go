package hub_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/cxm/cxm/shared/provider/push"
	"github.com/cxm/cxm/shared/provider/push/hub"
)

func TestHub(t *testing.T) {
	t.Parallel()
	h := hub.New(time.Hour)
	opened := make(chan string, 4)
	closed := make(chan string, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.Serve(w, r, func(_ context.Context, id string) error {
			if r.URL.Query().Get("refuse") != "" {
				return errors.New("bad token")
			}
			opened <- id
			return nil
		}, func(_ context.Context, id string) { closed <- id })
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")

	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := <-opened

	tests := []struct {
		name    string
		id      string
		wantErr error
	}{
		{"an open connection receives the message", id, nil},
		{"an unknown connection is gone", "unknown", push.ErrGone},
	}
	for _, tt := range tests {
		err := h.Post(ctx, tt.id, []byte(`{"type":"chat"}`))
		if !errors.Is(err, tt.wantErr) {
			t.Fatalf("%s: Post = %v, want %v", tt.name, err, tt.wantErr)
		}
		if tt.wantErr == nil {
			typ, data, err := c.Read(ctx)
			if err != nil || typ != websocket.MessageText || string(data) != `{"type":"chat"}` {
				t.Errorf("%s: Read = %v %q %v", tt.name, typ, data, err)
			}
		}
	}

	// The browser leaves: the hub calls closed and the connection is gone.
	c.Close(websocket.StatusNormalClosure, "bye")
	if got := <-closed; got != id {
		t.Errorf("closed %q, want %q", got, id)
	}
	if err := h.Post(ctx, id, []byte(`{}`)); !errors.Is(err, push.ErrGone) {
		t.Errorf("Post after close = %v, want ErrGone", err)
	}

	// A refused connection is closed with a policy violation and never held.
	r, _, err := websocket.Dial(ctx, url+"?refuse=1", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = r.Read(ctx)
	if got := websocket.CloseStatus(err); got != websocket.StatusPolicyViolation {
		t.Errorf("refused connection closed with %v (%v), want policy violation", got, err)
	}
	if n := h.Open(); n != 0 {
		t.Errorf("Open = %d, want 0", n)
	}
}

func TestHubMaxAge(t *testing.T) {
	t.Parallel()
	h := hub.New(200 * time.Millisecond)
	closed := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.Serve(w, r, func(context.Context, string) error { return nil }, func(_ context.Context, id string) { closed <- id })
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	select {
	case <-closed:
	case <-ctx.Done():
		t.Fatal("the connection outlived its maximum age")
	}
}
