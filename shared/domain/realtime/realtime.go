// Package realtime is real-time delivery to open browsers: it issues the connection details (the
// channels a user subscribes to and a token that proves the user's identity to the WebSocket
// endpoint), keeps the registry of each user's open WebSocket connections, and sends messages
// to a user's connections through the push port (the API Gateway Management API in AWS, the
// local gateway's hub locally). The provider is "local": no third-party service is involved.
//
// A message carries ids and a short summary only; the browser refetches what it shows.
//
// Access patterns:
//
//	pattern                      index  key condition
//	a user's open connections    table  PK = A#{acct}#RTCONN#{userId}, begins_with(SK, "CONN#")
//	a connection's user          table  PK = DIR#RTCONN#{connectionId}, SK = DIR
//
// Both items of a connection expire with it (ConnectionTTL): API Gateway closes a WebSocket
// connection after two hours, and the browser connects again.
package realtime

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
)

// Provider is the messaging provider these details are for.
const Provider = "local"

// KeyPurpose names the key the store derives for signing messaging tokens.
const KeyPurpose = "realtime-auth"

// Connection are a user's real-time messaging connection details.
type Connection struct {
	Provider     string `json:"provider"`
	SubscribeKey string `json:"subscribeKey"`
	// ChannelPrefix starts every channel of the user's dealer group.
	ChannelPrefix string `json:"channelPrefix"`
	// Channel is the user's own channel.
	Channel   string `json:"channel"`
	UserID    string `json:"userId"`
	AuthToken string `json:"authToken"`
}

// Issue returns the credentials of userID of account, with a token signed by key.
func Issue(key []byte, account, userID string) Connection {
	prefix := "cxm." + account + "."
	return Connection{
		Provider:      Provider,
		SubscribeKey:  "sub-" + Provider + "-" + account,
		ChannelPrefix: prefix,
		Channel:       Channel(account, userID),
		UserID:        userID,
		AuthToken:     token(key, account, userID),
	}
}

// Verify reports whether authToken was issued for userID of account with key.
func Verify(key []byte, account, userID, authToken string) bool {
	got, err := base64.RawURLEncoding.DecodeString(authToken)
	if err != nil {
		return false
	}
	want, _ := base64.RawURLEncoding.DecodeString(token(key, account, userID))
	return hmac.Equal(got, want)
}

// token is the HMAC-SHA256 over the account and user id. The account is part of it because
// user ids are unique only within a dealer group.
func token(key []byte, account, userID string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(account))
	mac.Write([]byte{0})
	mac.Write([]byte(userID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}
