// Command bootstrap is the Lambda function of the workflow rules engine: its EventBridge rules
// invoke it with the consumer's name and the event.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/events/consumers"
)

func main() {
	if err := consumers.Main("workflows"); err != nil {
		fmt.Fprintln(os.Stderr, "workflows:", err)
		os.Exit(1)
	}
}
