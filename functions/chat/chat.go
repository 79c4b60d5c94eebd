// Package chat is the staff chat API area: sending messages, finding the direct group of a set
// of colleagues and its history, and the real-time connection details the app subscribes with.
package chat

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	registerMessages(api, d)
	httpapi.Register(api, huma.Operation{
		OperationID: "getMessagingVendor",
		Method:      http.MethodGet,
		Path:        "/message/vendor",
		Summary:     "Real-time messaging connection details of the signed-in user",
		Description: "The provider, subscribe key, the dealer group's channel prefix, the user's own channel and an auth token (an HMAC over the account and user id with a server key).",
		Tags:        []string{"chat"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[realtime.Connection]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		key := d.Store.DeriveKey(realtime.KeyPurpose)
		return httpapi.Reply(httpapi.LegacyOK(realtime.Issue(key, p.Tenant.Account(), p.UserID))), nil
	})
}
