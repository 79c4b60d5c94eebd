// Command bootstrap is the Lambda function of the WebSocket API's $connect, $disconnect and
// default routes.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/cxm/cxm/functions/socket"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "socket:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	cfg, err := wiring.ConfigFromEnv(ctx)
	if err != nil {
		return err
	}
	svc, err := wiring.Connect(ctx, cfg)
	if err != nil {
		return err
	}
	lambda.Start(socket.Handler(realtime.NewRegistry(svc.Store, svc.Users), svc.Log))
	return nil
}
