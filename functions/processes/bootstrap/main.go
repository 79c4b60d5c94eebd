// Command bootstrap is the processes area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/processes"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(processes.New) }
