// Command bootstrap is the relations area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/relations"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(relations.New) }
