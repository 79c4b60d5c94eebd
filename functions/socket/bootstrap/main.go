// Command bootstrap is the Lambda function of the WebSocket API's $connect, $disconnect and
// default routes.
package main

import (
	"github.com/cxm/cxm/functions/socket"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func main() {
	lambdahttp.Serve("socket", func(svc wiring.Services) any {
		return socket.Handler(realtime.NewRegistry(svc.Store, svc.Users), svc.Log)
	})
}
