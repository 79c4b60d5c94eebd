// Command bootstrap is the messages area's Lambda function: texting customers and receiving
// their replies. Besides what every area reads, it uses SMS_SANDBOX_LATENCY, the SMS
// sandbox's answer time for demo stores.
package main

import (
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(messages.New) }
