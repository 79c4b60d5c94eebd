// Package contract holds the committed OpenAPI 3.1 document of the HTTP API. It is generated
// from the areas' handler types (go run ./scripts/contract) and the web app's API types are
// generated from it; a test fails when it is stale.
package contract

import _ "embed"

//go:embed openapi.json
var document []byte

// Document returns the OpenAPI document as JSON.
func Document() []byte { return document }
