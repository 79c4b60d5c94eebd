// Command bootstrap is the Lambda function of the dashboards' counters: its EventBridge rule
// invokes it with the consumer's name and the event.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/events/consumers"
)

func main() {
	if err := consumers.Main("dashboardcounts"); err != nil {
		fmt.Fprintln(os.Stderr, "dashboardcounts:", err)
		os.Exit(1)
	}
}
