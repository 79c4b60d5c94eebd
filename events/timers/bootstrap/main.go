// Command bootstrap is the timer Lambda function: an EventBridge Scheduler schedule invokes it
// every minute to fire the timers that are due, every ten seconds of its minute.
package main

import (
	"time"

	"github.com/cxm/cxm/events/timers"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func main() {
	lambdahttp.Serve("timers", func(svc wiring.Services) any {
		return timers.Handler(timers.NewFirer(svc, time.Now), timers.Sleep)
	})
}
