package secret

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// Reader reads a secret's JSON value into out; *Cache is one.
type Reader interface {
	JSON(ctx context.Context, name string, out any) error
}

var _ Reader = (*Cache)(nil)

// Endpoint is how a provider adapter reaches its provider: the API's address, the secret that
// holds the store's credentials, where secrets are read, and the HTTP client.
type Endpoint struct {
	// BaseURL is the provider's endpoint; "" means the adapter's default.
	BaseURL string
	// Secret names the secret with the credentials.
	Secret string
	// Secrets reads the secret.
	Secrets Reader
	// Client sends the requests; nil means a client with the adapter's timeout.
	Client *http.Client
}

// WithDefaults returns e with baseURL when it names none (without a trailing slash either way)
// and a client that gives up after timeout when it has none.
func (e Endpoint) WithDefaults(baseURL string, timeout time.Duration) Endpoint {
	if e.BaseURL == "" {
		e.BaseURL = baseURL
	}
	e.BaseURL = strings.TrimRight(e.BaseURL, "/")
	if e.Client == nil {
		e.Client = &http.Client{Timeout: timeout}
	}
	return e
}
