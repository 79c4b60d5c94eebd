// Command bootstrap is the calendar area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/calendar"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(calendar.New) }
