// Command bootstrap is the dashboards area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/dashboards"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(dashboards.New) }
