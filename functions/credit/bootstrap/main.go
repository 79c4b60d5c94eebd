// Command bootstrap is the credit area's Lambda function.
package main

import (
	"log/slog"
	"os"

	"github.com/cxm/cxm/functions/credit"
	"github.com/cxm/cxm/shared/domain/credit/sandbox"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() {
	// The bureau's configuration is read when the area is built; refuse a bad one at start-up.
	if _, err := sandbox.ConfigFromEnv(); err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
	lambdahttp.Main(credit.New)
}
