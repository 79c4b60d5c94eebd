// Command bootstrap is the Lambda function of the notifications consumers: their EventBridge rules
// invoke it with the consumer's name and the event.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/events/consumers"
)

func main() {
	if err := consumers.Main("notifications"); err != nil {
		fmt.Fprintln(os.Stderr, "notifications:", err)
		os.Exit(1)
	}
}
