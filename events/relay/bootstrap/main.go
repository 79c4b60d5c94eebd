// Command bootstrap is the event relay's Lambda function: the table's stream invokes it with
// batches of new items, and it puts the outbox items among them on the EventBridge bus named by
// EVENT_BUS_NAME.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/cxm/cxm/events/relay"
	"github.com/cxm/cxm/shared/runtime/eventbus"
)

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "relay:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	bus := os.Getenv("EVENT_BUS_NAME")
	if bus == "" {
		return errors.New("EVENT_BUS_NAME is not set")
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("load aws config: %w", err)
	}
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	l := relay.NewLambda(eventbus.NewEventBridge(eventbridge.NewFromConfig(cfg), bus), log)
	lambda.Start(l.Handle)
	return nil
}
