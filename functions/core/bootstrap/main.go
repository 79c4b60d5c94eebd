// Command bootstrap is the core area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/core"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(core.New) }
