// Command bootstrap is the garage area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/garage"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(garage.New) }
