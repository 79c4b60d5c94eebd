// Command bootstrap is the deal sheets area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/dealsheets"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(dealsheets.New) }
