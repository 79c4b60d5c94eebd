// Command bootstrap is the contact-merge area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/merge"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(merge.New) }
