// Command bootstrap is the activity area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/activity"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(activity.New) }
