// Command bootstrap is the HTTP API's Lambda authorizer function. It reads USER_POOL_REGION,
// USER_POOL_ID and USER_POOL_CLIENT_ID (the Cognito web client whose access tokens are
// accepted) and ISSUER_URL (the iss of CXM's own tokens: the API's origin followed by /auth),
// and exits when any is missing.
package main

import (
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/cxm/cxm/functions/authorizer"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("start", "err", err)
		os.Exit(1)
	}
}

// run builds the handler once per cold start and serves it until Lambda stops the process.
func run(log *slog.Logger) error {
	cfg, err := authorizer.ConfigFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	cfg.Log = log
	h, err := authorizer.New(cfg)
	if err != nil {
		return err
	}
	lambda.Start(h.Handle)
	return nil
}
