// Command contract writes the OpenAPI document of every API area to shared/runtime/contract.
package main

import (
	"fmt"
	"os"

	"github.com/cxm/cxm/functions/mount"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "contract:", err)
		os.Exit(1)
	}
}

func run() error {
	doc, err := mount.Contract()
	if err != nil {
		return err
	}
	return os.WriteFile("shared/runtime/contract/openapi.json", doc, 0o644)
}
