// Command bootstrap is the assistant area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/assistant"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(assistant.New) }
