// Package snsverifytest stands for Amazon SNS in tests of code that verifies SNS messages: it
// serves a test signer's certificate and answers subscription confirmations, counting both.
package snsverifytest

import (
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/snsverify"
)

// CertURL is the address, on an SNS host, of the certificate tests sign with.
const CertURL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem"

// NewSigner returns a signer with a new key whose certificate is at certURL, valid from the
// start of 2026; it stops the test when the key cannot be made.
func NewSigner(t testing.TB, certURL string) *snsverify.Signer {
	t.Helper()
	s, err := snsverify.NewSigner(certURL, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// SNS answers HTTP requests for Amazon SNS: PEM at CertURL, 200 to a subscription confirmation
// (Action=ConfirmSubscription) and 404 to anything else.
type SNS struct {
	PEM []byte
	// CertGets and Confirmed count the certificate fetches and the confirmations.
	CertGets  atomic.Int32
	Confirmed atomic.Int32
}

// Client returns an HTTP client whose requests s answers.
func (s *SNS) Client() *http.Client { return &http.Client{Transport: s} }

// RoundTrip answers r as SNS would.
func (s *SNS) RoundTrip(r *http.Request) (*http.Response, error) {
	body, status := "", http.StatusNotFound
	switch {
	case r.URL.String() == CertURL:
		s.CertGets.Add(1)
		body, status = string(s.PEM), http.StatusOK
	case r.URL.Query().Get("Action") == "ConfirmSubscription":
		s.Confirmed.Add(1)
		status = http.StatusOK
	}
	return &http.Response{StatusCode: status, Body: io.NopCloser(strings.NewReader(body)), Header: http.Header{}, Request: r}, nil
}
