// Command bootstrap is the touchpoints area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/touchpoints"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(touchpoints.New) }
