// Command partnertoken plays the demo embedded partner, DealerVault: it signs an assertion for
// a demo user with DealerVault's private key, exchanges it at a running gateway's partner token
// endpoint, and prints the embedded URL that opens CXM as that user with the short-lived token.
//
//	go run ./scripts/partnertoken -gateway http://127.0.0.1:8080 -user 100001
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/localaws"
	"github.com/cxm/cxm/shared/runtime/issuer"
)

type options struct {
	gateway string
	user    string
	partner string
	keyFile string
	page    string
}

func main() {
	var o options
	flag.StringVar(&o.gateway, "gateway", "http://127.0.0.1:8080", "the running gateway's origin")
	flag.StringVar(&o.user, "user", "100001", "the CXM user id the partner asks a token for")
	flag.StringVar(&o.partner, "partner", demo.PartnerDealerVault, "the partner id (the assertion's iss)")
	flag.StringVar(&o.keyFile, "key", "", "the partner's private key (PEM); default the demo partner's key in the repository")
	flag.StringVar(&o.page, "page", "customerdashboard", "the embedded page to open")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "partnertoken:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	if o.keyFile == "" {
		root, err := localaws.Root()
		if err != nil {
			return err
		}
		o.keyFile = filepath.Join(root, demo.PartnerKeyFile)
	}
	pemBytes, err := os.ReadFile(o.keyFile)
	if err != nil {
		return err
	}
	key, err := issuer.ParsePrivateKey(pemBytes)
	if err != nil {
		return err
	}
	assertion, err := partner.Sign(key, o.partner, o.user, time.Now(), 2*time.Minute)
	if err != nil {
		return err
	}
	origin := strings.TrimSuffix(o.gateway, "/")
	body, _ := json.Marshal(map[string]string{"assertion": assertion})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, origin+"/auth/partner/token", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var out struct {
		Successful bool `json:"successful"`
		Data       struct {
			AccessToken string    `json:"accessToken"`
			ExpiresAt   time.Time `json:"expiresAt"`
		} `json:"data"`
		ErrorMessages []string `json:"errorMessages"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return fmt.Errorf("token exchange: status %d: %w", res.StatusCode, err)
	}
	if res.StatusCode != http.StatusOK || !out.Successful {
		return fmt.Errorf("token exchange: status %d: %s", res.StatusCode, strings.Join(out.ErrorMessages, " "))
	}
	if out.Data.AccessToken == "" {
		return errors.New("token exchange: no access token in the answer")
	}
	fmt.Printf("%s/#/embedded/%s?ssoToken=%s\n", origin, o.page, url.QueryEscape(out.Data.AccessToken))
	fmt.Fprintf(os.Stderr, "The token expires at %s.\n", out.Data.ExpiresAt.Local().Format(time.Kitchen))
	return nil
}
