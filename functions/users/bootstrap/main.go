// Command bootstrap is the users area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/users"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(users.New) }
