// Package nhtsa is NHTSA's public recalls API
// (GET {base}/recalls/recallsByVehicle?make=&model=&modelYear=), which needs no credentials.
package nhtsa

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/provider/recall"
)

// DefaultBaseURL is NHTSA's API.
const DefaultBaseURL = "https://api.nhtsa.gov"

// Timeout bounds one call.
const Timeout = 10 * time.Second

// Client calls the API.
type Client struct {
	base   string
	client *http.Client
}

var _ recall.Provider = (*Client)(nil)

// New returns a client of the API at base ("" for DefaultBaseURL) through c (nil for a client
// with Timeout).
func New(base string, c *http.Client) *Client {
	if base == "" {
		base = DefaultBaseURL
	}
	if c == nil {
		c = &http.Client{Timeout: Timeout}
	}
	return &Client{base: base, client: c}
}

// ByVehicle answers q's recalls.
func (c *Client) ByVehicle(ctx context.Context, q recall.Query) (recall.Response, error) {
	if err := recall.Validate(q); err != nil {
		return recall.Response{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	v := url.Values{"make": {q.Make}, "model": {q.Model}, "modelYear": {strconv.Itoa(q.ModelYear)}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/recalls/recallsByVehicle?"+v.Encode(), nil)
	if err != nil {
		return recall.Response{}, &recall.Error{Message: "bad request", Invalid: true, Err: err}
	}
	res, err := c.client.Do(req)
	if err != nil {
		return recall.Response{}, &recall.Error{Message: "the recall service did not answer", Retryable: true, Err: err}
	}
	defer res.Body.Close()
	var out recall.Response
	switch {
	case res.StatusCode == http.StatusBadRequest:
		json.NewDecoder(res.Body).Decode(&out)
		return recall.Response{}, &recall.Error{Message: out.Message, Invalid: true}
	case res.StatusCode != http.StatusOK:
		return recall.Response{}, &recall.Error{Message: "the recall service failed", Retryable: true, Err: fmt.Errorf("status %d", res.StatusCode)}
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return recall.Response{}, &recall.Error{Message: "the recall service answered badly", Retryable: true, Err: err}
	}
	if out.Results == nil {
		out.Results = []recall.Recall{}
	}
	return out, nil
}
