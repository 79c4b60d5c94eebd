// Command bootstrap is the Lambda function of the real-time push consumers: their EventBridge
// rules invoke it with the consumer's name and the event.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/events/consumers"
)

func main() {
	if err := consumers.Main("realtimepush"); err != nil {
		fmt.Fprintln(os.Stderr, "realtimepush:", err)
		os.Exit(1)
	}
}
