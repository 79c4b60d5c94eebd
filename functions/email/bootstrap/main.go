// Command bootstrap is the e-mail area's Lambda function. Besides what every area reads, it
// uses INBOUND_EMAIL_DOMAIN, the domain of the reply-to addresses whose mail SES receives.
package main

import (
	"github.com/cxm/cxm/functions/email"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() {
	lambdahttp.Main(email.New)
}
