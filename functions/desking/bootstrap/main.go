// Command bootstrap is the desking area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/desking"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(desking.New) }
