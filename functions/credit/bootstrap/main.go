// Command bootstrap is the credit area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/credit"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

// main serves the area; the services (and the sandbox latency of demo stores) are read from
// the environment, and a bad configuration stops the function at start-up.
func main() { lambdahttp.Main(credit.New) }
