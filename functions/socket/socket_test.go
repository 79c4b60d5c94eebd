package socket_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"
	"github.com/cxm/cxm/functions/socket"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/push/hub"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func setup(t *testing.T) (*realtime.Registry, []byte, store.Tenant) {
	t.Helper()
	s := dynamotest.Store(t)
	users := user.NewRepo(s)
	if err := users.CreateProfile(context.Background(), user.Profile{UserID: "100001", AccountID: 1001, UserStatus: user.StatusActive, AllowedStores: []int64{11}}); err != nil {
		t.Fatal(err)
	}
	tn, _ := store.NewTenant("1001")
	return realtime.NewRegistry(s, users), s.DeriveKey(realtime.KeyPurpose), tn
}

func TestLambdaRoutes(t *testing.T) {
	t.Parallel()
	reg, key, tn := setup(t)
	h := socket.Handler(reg, quiet)
	ctx := context.Background()
	good := realtime.Issue(key, "1001", "100001")
	req := func(route, id string, q map[string]string) events.APIGatewayWebsocketProxyRequest {
		r := events.APIGatewayWebsocketProxyRequest{QueryStringParameters: q}
		r.RequestContext.RouteKey, r.RequestContext.ConnectionID = route, id
		return r
	}
	tests := []struct {
		name   string
		req    events.APIGatewayWebsocketProxyRequest
		status int
		conns  []string
	}{
		{"connect with the user's token", req("$connect", "A1=", map[string]string{"channel": good.Channel, "token": good.AuthToken}), 200, []string{"A1="}},
		{"connect with a forged token", req("$connect", "B2=", map[string]string{"channel": good.Channel, "token": "forged"}), 401, []string{"A1="}},
		{"connect to another user's channel", req("$connect", "C3=", map[string]string{"channel": realtime.Channel("1001", "100002"), "token": good.AuthToken}), 401, []string{"A1="}},
		{"a message from the browser", req("$default", "A1=", nil), 200, []string{"A1="}},
		{"disconnect", req("$disconnect", "A1=", nil), 200, nil},
	}
	for _, tt := range tests {
		res, err := h(ctx, tt.req)
		if err != nil || res.StatusCode != tt.status {
			t.Fatalf("%s: %d, %v; want %d", tt.name, res.StatusCode, err, tt.status)
		}
		got, err := reg.Connections(ctx, tn, "100001")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tt.conns) {
			t.Errorf("%s: connections %v, want %v", tt.name, got, tt.conns)
		}
	}
}

// TestLocalEndpoint connects through the gateway's endpoint, receives a published message and
// leaves; a forged token is refused before the upgrade.
func TestLocalEndpoint(t *testing.T) {
	t.Parallel()
	reg, key, tn := setup(t)
	h := hub.New(time.Hour)
	// served hears of each request the endpoint finished: a refused one, or a connection after
	// it closed and was forgotten.
	served := make(chan struct{}, 2)
	local := socket.Local(reg, h, quiet)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local.ServeHTTP(w, r)
		served <- struct{}{}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	good := realtime.Issue(key, "1001", "100001")
	dial := func(token string) (*websocket.Conn, *http.Response, error) {
		u := "ws" + strings.TrimPrefix(srv.URL, "http") + "?channel=" + url.QueryEscape(good.Channel) + "&token=" + url.QueryEscape(token)
		return websocket.Dial(ctx, u, nil)
	}
	if _, res, err := dial("forged"); err == nil || res == nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("forged token: %v %v, want 401", res, err)
	}
	<-served
	c, _, err := dial(good.AuthToken)
	if err != nil {
		t.Fatal(err)
	}
	// The hub holds a connection once it is registered.
	if err := h.Held(ctx, 1); err != nil {
		t.Fatal(err)
	}
	conns, err := reg.Connections(ctx, tn, "100001")
	if err != nil || len(conns) != 1 {
		t.Fatalf("connections %v, want one", conns)
	}
	sent, err := realtime.NewPublisher(reg, h, quiet).Send(ctx, tn, []string{"100001"}, realtime.Message{Type: realtime.TypeChat, ID: "chat-1", GroupID: "g1", Summary: "Hi"})
	if err != nil || sent != 1 {
		t.Fatalf("Send = %d, %v", sent, err)
	}
	_, data, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m realtime.Message
	if err := json.Unmarshal(data, &m); err != nil || m.Channel != good.Channel || m.GroupID != "g1" {
		t.Errorf("received %s (%v)", data, err)
	}
	c.Close(websocket.StatusNormalClosure, "")
	select {
	case <-served:
	case <-ctx.Done():
		t.Fatal("the endpoint did not end after the close")
	}
	if conns, err = reg.Connections(ctx, tn, "100001"); err != nil || len(conns) != 0 {
		t.Errorf("connections after close %v, want none", conns)
	}
}
