// Command bootstrap is the chat area's Lambda function.
package main

import (
	"github.com/cxm/cxm/functions/chat"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(chat.New) }
