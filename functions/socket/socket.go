// Package socket is the WebSocket endpoint of real-time delivery. In AWS it is the function of
// the API Gateway WebSocket API's routes: $connect authenticates the user's channel and token
// (query parameters channel and token) and registers the connection, $disconnect forgets it,
// and the default route answers nothing, since browsers only listen. Locally the gateway serves
// the same endpoint through the hub (Local).
package socket

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/aws/aws-lambda-go/events"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/provider/push/hub"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Handler returns the function of the WebSocket API's routes.
func Handler(reg *realtime.Registry, log *slog.Logger) func(ctx context.Context, in events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	return func(ctx context.Context, in events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
		id := in.RequestContext.ConnectionID
		switch in.RequestContext.RouteKey {
		case "$connect":
			err := reg.Connect(ctx, in.QueryStringParameters["channel"], in.QueryStringParameters["token"], id)
			if apperr.CodeOf(err) == apperr.Unauthorized {
				log.WarnContext(ctx, "real-time connection refused", "connection", id)
				return events.APIGatewayProxyResponse{StatusCode: http.StatusUnauthorized}, nil
			}
			if err != nil {
				return events.APIGatewayProxyResponse{}, err
			}
		case "$disconnect":
			if err := reg.Disconnect(ctx, id); err != nil {
				return events.APIGatewayProxyResponse{}, err
			}
		}
		return events.APIGatewayProxyResponse{StatusCode: http.StatusOK}, nil
	}
}

// Local returns the local gateway's WebSocket endpoint: the same checks as $connect before the
// upgrade (a refused connection gets 401), the connection held by h, forgotten when it closes.
func Local(reg *realtime.Registry, h *hub.Hub, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		t, userID, err := reg.Authenticate(r.Context(), q.Get("channel"), q.Get("token"))
		if err != nil {
			log.WarnContext(r.Context(), "real-time connection refused", "err", err)
			status := http.StatusUnauthorized
			if apperr.CodeOf(err) != apperr.Unauthorized {
				status = http.StatusInternalServerError
			}
			http.Error(w, http.StatusText(status), status)
			return
		}
		h.Serve(w, r, func(ctx context.Context, id string) error {
			return reg.Register(ctx, t, userID, id)
		}, func(ctx context.Context, id string) {
			if err := reg.Disconnect(ctx, id); err != nil {
				log.ErrorContext(ctx, "forget real-time connection", "connection", id, "err", err)
			}
		})
	})
}
