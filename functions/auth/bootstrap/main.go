// Command bootstrap is the token service area's Lambda function. Besides what every area
// reads, it needs ISSUER_URL (the iss of its tokens: the API's origin followed by /auth) and
// ISSUER_KMS_KEY_ID (the asymmetric KMS signing key, RSA_2048, SIGN_VERIFY).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/cxm/cxm/functions/auth"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/issuer/kmssigner"
	"github.com/cxm/cxm/shared/runtime/lambdahttp"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func main() { lambdahttp.Main(auth.New, lambdahttp.WithSetup(withIssuer)) }

// withIssuer builds the token issuer on the KMS key, once per cold start.
func withIssuer(ctx context.Context, svc *wiring.Services) error {
	url, keyID := os.Getenv("ISSUER_URL"), os.Getenv("ISSUER_KMS_KEY_ID")
	if url == "" || keyID == "" {
		return errors.New("ISSUER_URL and ISSUER_KMS_KEY_ID must be set")
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("load aws config: %w", err)
	}
	signer, err := kmssigner.New(ctx, kms.NewFromConfig(cfg), keyID)
	if err != nil {
		return err
	}
	svc.Issuer, err = issuer.New(url, signer)
	return err
}
