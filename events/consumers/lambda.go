package consumers

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Invocation is what a consumer's EventBridge rule sends its package's function: the
// consumer's name and the EventBridge event, whose detail is the domain event.
type Invocation struct {
	Consumer string `json:"consumer"`
	Event    struct {
		DetailType string          `json:"detail-type"`
		Detail     json.RawMessage `json:"detail"`
	} `json:"event"`
}

// Handler returns the function of a consumer package: it runs the named consumer's handler on
// the event. An error makes Lambda retry the invocation and, after the retries, put it in the
// package's dead-letter queue.
func Handler(cs []eventbus.Consumer) func(ctx context.Context, in Invocation) error {
	return func(ctx context.Context, in Invocation) error {
		i := slices.IndexFunc(cs, func(c eventbus.Consumer) bool { return c.Name == in.Consumer })
		if i < 0 {
			return fmt.Errorf("no consumer %q in this function", in.Consumer)
		}
		var e eventbus.Event
		if err := json.Unmarshal(in.Event.Detail, &e); err != nil {
			return fmt.Errorf("decode event for %s: %w", in.Consumer, err)
		}
		if !slices.Contains(cs[i].Types, e.Type) {
			return fmt.Errorf("consumer %s does not take %s events", in.Consumer, e.Type)
		}
		return cs[i].Handle(ctx, e)
	}
}

// Main is the Lambda entry of consumer package name: events/<name>/bootstrap/main.go is
// func main() { consumers.Main("<name>") }.
func Main(name string) error {
	ctx := context.Background()
	i := slices.IndexFunc(Packages(), func(p Package) bool { return p.Name == name })
	if i < 0 {
		return fmt.Errorf("no consumer package %q in the registry", name)
	}
	cfg, err := wiring.ConfigFromEnv(ctx)
	if err != nil {
		return err
	}
	svc, err := wiring.Connect(ctx, cfg)
	if err != nil {
		return err
	}
	cs := Packages()[i].Consumers(svc)
	if err := Check(cs); err != nil {
		return err
	}
	lambda.Start(Handler(cs))
	return nil
}
