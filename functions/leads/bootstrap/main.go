// Command bootstrap is the leads area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(leads.New) }
