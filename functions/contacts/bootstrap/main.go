// Command bootstrap is the contacts area's Lambda function. Besides what every area reads, it
// uses CONTACT_KEY_ID, the KMS key that encrypts sensitive contact fields.
package main

import (
	"github.com/cxm/cxm/functions/contacts"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
)

func main() { lambdahttp.Main(contacts.New) }
