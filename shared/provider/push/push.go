// Package push is the port of real-time delivery: it posts one message to one open WebSocket
// connection of a browser. Package apigw posts through the API Gateway Management API (the
// WebSocket API's connections in AWS); package hub holds the gateway's own WebSocket
// connections locally. Which users a message goes to, and which connections they hold, is the
// realtime domain package's concern.
package push

import (
	"context"
	"errors"
)

// ErrGone is the error of a post to a connection that no longer exists (the browser left, the
// connection timed out, or it was served by an earlier run of the local gateway). The caller
// forgets the connection.
var ErrGone = errors.New("the connection is gone")

// Poster posts messages to connections.
type Poster interface {
	// Post sends data (one JSON message) to the connection. It returns ErrGone (possibly
	// wrapped) for a connection that no longer exists, and another error when the message could
	// not be sent now.
	Post(ctx context.Context, connectionID string, data []byte) error
}
