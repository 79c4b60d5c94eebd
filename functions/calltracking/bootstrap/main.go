// Command bootstrap is the call-tracking area's Lambda function. Besides what every area
// reads, it uses CALLTRACK_SANDBOX_LATENCY, the call-tracking sandbox's answer time.
package main

import (
	"log/slog"
	"os"

	"github.com/cxm/cxm/functions/calltracking"
	"github.com/cxm/cxm/shared/provider/calltrack/sandbox"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() {
	// The call-tracking provider's configuration is read when the area is built; refuse a bad
	// one at start-up.
	if _, err := sandbox.ConfigFromEnv(); err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
	lambdahttp.Main(calltracking.New)
}
