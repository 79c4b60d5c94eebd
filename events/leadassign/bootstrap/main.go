// Command bootstrap is the Lambda function of the leadassign consumers: their EventBridge rules
// invoke it with the consumer's name and the event.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/events/consumers"
)

func main() {
	if err := consumers.Main("leadassign"); err != nil {
		fmt.Fprintln(os.Stderr, "leadassign:", err)
		os.Exit(1)
	}
}
