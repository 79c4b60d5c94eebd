// Package apigw posts real-time messages through the API Gateway Management API of the
// WebSocket API: POST {endpoint}/@connections/{connectionId}, signed with Signature Version 4
// for the execute-api service. A 410 Gone answer is push.ErrGone.
package apigw

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/cxm/cxm/shared/provider/push"
)

// Poster posts to the connections of one WebSocket API stage.
type Poster struct {
	endpoint string
	region   string
	creds    aws.CredentialsProvider
	signer   *v4.Signer
	client   *http.Client
	now      func() time.Time
}

var _ push.Poster = (*Poster)(nil)

// New returns a poster to the stage at endpoint (https://{api-id}.execute-api.{region}.amazonaws.com/{stage})
// with cfg's credentials and region. client nil uses a client with a 10-second timeout.
func New(cfg aws.Config, endpoint string, client *http.Client) (*Poster, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("bad management API endpoint %q", endpoint)
	}
	if cfg.Region == "" || cfg.Credentials == nil {
		return nil, fmt.Errorf("the management API needs a region and credentials")
	}
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Poster{endpoint: strings.TrimSuffix(endpoint, "/"), region: cfg.Region, creds: cfg.Credentials, signer: v4.NewSigner(), client: client, now: time.Now}, nil
}

// Post sends data to connection id.
func (p *Poster) Post(ctx context.Context, id string, data []byte) error {
	if id == "" || strings.ContainsAny(id, "/?#") {
		return fmt.Errorf("post to connection %q: %w", id, push.ErrGone)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.endpoint+"/@connections/"+url.PathEscape(id), bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	creds, err := p.creds.Retrieve(ctx)
	if err != nil {
		return fmt.Errorf("post to connection %s: credentials: %w", id, err)
	}
	sum := sha256.Sum256(data)
	if err := p.signer.SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "execute-api", p.region, p.now()); err != nil {
		return fmt.Errorf("post to connection %s: sign: %w", id, err)
	}
	res, err := p.client.Do(req)
	if err != nil {
		return fmt.Errorf("post to connection %s: %w", id, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1024))
	switch {
	case res.StatusCode == http.StatusGone:
		return fmt.Errorf("post to connection %s: %w", id, push.ErrGone)
	case res.StatusCode/100 != 2:
		return fmt.Errorf("post to connection %s: %s: %s", id, res.Status, bytes.TrimSpace(body))
	}
	return nil
}
