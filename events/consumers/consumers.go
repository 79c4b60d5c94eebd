// Package consumers is the registry of event consumers: the local gateway's relay delivers to
// every consumer listed here, and the CDK app gives each consumer package a Lambda function
// with an EventBridge rule for its event types. A consumer package under events/<name>/
// exports Consumers(svc wiring.Services) []eventbus.Consumer; add its call to All.
package consumers

import (
	"fmt"
	"github.com/cxm/cxm/events/callarchive"
	"strings"

	"github.com/cxm/cxm/events/bulkjobs"
	"github.com/cxm/cxm/events/dashboardcounts"
	"github.com/cxm/cxm/events/leadassign"
	"github.com/cxm/cxm/events/notifications"
	"github.com/cxm/cxm/events/realtimepush"
	"github.com/cxm/cxm/events/workflows"

	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// All returns every consumer, built over svc.
func All(svc wiring.Services) []eventbus.Consumer {
	var all []eventbus.Consumer
	for _, pkg := range Packages() {
		all = append(all, pkg.Consumers(svc)...)
	}
	return all
}

// Package is one consumer package: one Lambda function in AWS, named by Name (its folder
// under events/).
type Package struct {
	Name      string
	Consumers func(svc wiring.Services) []eventbus.Consumer
}

// Packages returns the consumer packages, each once.
func Packages() []Package {
	return []Package{
		{Name: "leadassign", Consumers: leadassign.Consumers},
		{Name: "bulkjobs", Consumers: bulkjobs.Consumers},
		{Name: "notifications", Consumers: notifications.Consumers},
		{Name: "workflows", Consumers: workflows.Consumers},
		{Name: "dashboardcounts", Consumers: dashboardcounts.Consumers},
		{Name: "callarchive", Consumers: callarchive.Consumers},
		{Name: "realtimepush", Consumers: realtimepush.Consumers},
	}
}

// Check reports consumers without a name, types or handler, and names used twice: a name
// names a consumer's processed marks, so two consumers sharing one would skip each other's
// events.
func Check(cs []eventbus.Consumer) error {
	seen := map[string]bool{}
	for _, c := range cs {
		switch {
		case c.Name == "" || strings.Contains(c.Name, "#"):
			return fmt.Errorf("consumer name %q: empty or contains #", c.Name)
		case seen[c.Name]:
			return fmt.Errorf("consumer name %q used twice", c.Name)
		case len(c.Types) == 0 || c.Handle == nil:
			return fmt.Errorf("consumer %s has no types or no handler", c.Name)
		}
		seen[c.Name] = true
	}
	return nil
}
