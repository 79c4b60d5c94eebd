// Command bootstrap is the tasks area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/tasks"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(tasks.New) }
