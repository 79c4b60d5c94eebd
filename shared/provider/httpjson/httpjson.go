// Package httpjson sends one JSON request to a provider's REST API and reads its answer: the
// part every JSON adapter shares (the deadline, the body limit, the headers).
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/cxm/cxm/shared/provider/secret"
)

// MaxBody bounds an answer's body.
const MaxBody = 4 << 20

// Answer is a provider's answer: its status and body.
type Answer struct {
	Status int
	Body   []byte
}

// OK reports whether the answer is a 2xx.
func (a Answer) OK() bool { return a.Status >= 200 && a.Status < 300 }

// Outage reports whether the answer says the provider is failing or busy (5xx, 429).
func (a Answer) Outage() bool { return a.Status >= 500 || a.Status == http.StatusTooManyRequests }

// Denied reports whether the provider refused the credentials (401, 403).
func (a Answer) Denied() bool {
	return a.Status == http.StatusUnauthorized || a.Status == http.StatusForbidden
}

// Decode reads the answer's body into out.
func (a Answer) Decode(out any) error {
	if err := json.Unmarshal(a.Body, out); err != nil {
		return fmt.Errorf("answer %d is not the expected JSON: %w", a.Status, err)
	}
	return nil
}

// Do sends method url with headers and, when body is not nil, body as JSON. A request that
// cannot be sent or whose answer cannot be read is an error (ctx's own when it is done);
// every answer, whatever its status, is an Answer.
func Do(ctx context.Context, client *http.Client, method, url string, headers map[string]string, body any) (Answer, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return Answer{}, fmt.Errorf("encode request: %w", err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return Answer{}, fmt.Errorf("request: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return Answer{}, ctx.Err()
		}
		return Answer{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, MaxBody))
	if err != nil {
		return Answer{}, err
	}
	return Answer{Status: res.StatusCode, Body: raw}, nil
}

// Timeout reports whether err is a timeout.
func Timeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// Message returns the "message" of the answer's JSON body ({"message": "..."}, as providers
// explain a refused request), or def when there is none.
func (a Answer) Message(def string) string {
	var m struct {
		Message string `json:"message"`
	}
	if a.Decode(&m) == nil && m.Message != "" {
		return m.Message
	}
	return def
}

// UnavailableMessage returns the message of a provider's outage: late when cause is a
// timeout, else busy.
func UnavailableMessage(cause error, busy, late string) string {
	if Timeout(cause) {
		return late
	}
	return busy
}

// Refusals build an adapter's port errors for the failures every adapter shares.
type Refusals struct {
	// NotAuthorized is the error of credentials that are missing or refused.
	NotAuthorized func(cause error) error
	// Unavailable is the error of a provider (or secret store) that cannot answer now.
	Unavailable func(cause error) error
}

// Credentials reads the JSON credentials that e's secret holds into out: a missing secret is
// r.NotAuthorized, any other failure to read it r.Unavailable (its cause naming provider).
func Credentials(ctx context.Context, e secret.Endpoint, out any, provider string, r Refusals) error {
	if err := e.Secrets.JSON(ctx, e.Secret, out); err != nil {
		if errors.Is(err, secret.ErrNotFound) {
			return r.NotAuthorized(err)
		}
		return r.Unavailable(fmt.Errorf("%s credentials: %w", provider, err))
	}
	return nil
}

// ErrorText is the text of a port's refusal: prefix (the port, and the code where the port
// names it), the message and, when there is one, the cause.
func ErrorText(prefix, message string, cause error) string {
	if cause != nil {
		return fmt.Sprintf("%s: %s: %v", prefix, message, cause)
	}
	return prefix + ": " + message
}
