// Command bootstrap is the Lambda function of the callarchive consumer: its EventBridge rule
// invokes it with the consumer's name and the event.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/events/consumers"
)

func main() {
	if err := consumers.Main("callarchive"); err != nil {
		fmt.Fprintln(os.Stderr, "callarchive:", err)
		os.Exit(1)
	}
}
