// Command bootstrap is the workflow rules area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/rules"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(rules.New) }
