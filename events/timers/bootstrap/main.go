// Command bootstrap is the timer Lambda function: an EventBridge Scheduler schedule invokes it
// every minute to fire the timers that are due, every ten seconds of its minute.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/cxm/cxm/events/timers"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "timers:", err)
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
	lambda.Start(timers.Handler(timers.NewFirer(svc, time.Now), timers.Sleep))
	return nil
}
