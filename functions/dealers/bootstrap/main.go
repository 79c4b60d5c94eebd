// Command bootstrap is the dealers area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/dealers"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(dealers.New) }
