package snsverify_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/snsverify"
)

const certURL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem"

// snsServer answers for SNS in tests: the signer's certificate at certURL, 200 to a
// subscription confirmation, and counts what it was asked.
type snsServer struct {
	pem       []byte
	certGets  atomic.Int32
	confirmed atomic.Int32
}

func (s *snsServer) RoundTrip(r *http.Request) (*http.Response, error) {
	body, status := "", http.StatusNotFound
	switch {
	case r.URL.String() == certURL:
		s.certGets.Add(1)
		body, status = string(s.pem), http.StatusOK
	case strings.Contains(r.URL.RawQuery, "Action=ConfirmSubscription"):
		s.confirmed.Add(1)
		status = http.StatusOK
	}
	return &http.Response{StatusCode: status, Body: io.NopCloser(strings.NewReader(body)), Header: http.Header{}, Request: r}, nil
}

func newSigner(t *testing.T, u string) *snsverify.Signer {
	t.Helper()
	s, err := snsverify.NewSigner(u, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVerify(t *testing.T) {
	signer := newSigner(t, certURL)
	other := newSigner(t, certURL)
	notification := func() snsverify.Message {
		return snsverify.Message{Type: snsverify.TypeNotification, MessageID: "m-1", TopicArn: "arn:aws:sns:us-east-1:123456789012:cxm-inbound",
			Subject: "Amazon SES Email Receipt Notification", Message: `{"notificationType":"Received"}`, Timestamp: "2026-03-01T10:00:00.000Z"}
	}
	confirmation := snsverify.Message{Type: snsverify.TypeSubscriptionConfirmed, MessageID: "m-2", TopicArn: "arn:aws:sns:us-east-1:123456789012:cxm-inbound",
		Message: "You have chosen to subscribe", Timestamp: "2026-03-01T10:00:00.000Z", Token: "tok",
		SubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok"}
	tests := []struct {
		name    string
		msg     snsverify.Message
		version string
		by      *snsverify.Signer
		change  func(*snsverify.Message)
		wantErr bool
	}{
		{name: "valid v1", msg: notification(), version: "1", by: signer},
		{name: "valid v2", msg: notification(), version: "2", by: signer},
		{name: "valid v2 without subject", msg: func() snsverify.Message { m := notification(); m.Subject = ""; return m }(), version: "2", by: signer},
		{name: "valid subscription confirmation", msg: confirmation, version: "1", by: signer},
		{name: "tampered message", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) { m.Message = `{"notificationType":"Bounce"}` }, wantErr: true},
		{name: "tampered topic", msg: notification(), version: "1", by: signer, change: func(m *snsverify.Message) { m.TopicArn += "x" }, wantErr: true},
		{name: "tampered subscribe url", msg: confirmation, version: "2", by: signer, change: func(m *snsverify.Message) { m.SubscribeURL += "&x=1" }, wantErr: true},
		{name: "version changed after signing", msg: notification(), version: "1", by: signer, change: func(m *snsverify.Message) { m.SignatureVersion = "2" }, wantErr: true},
		{name: "signed by another key", msg: notification(), version: "2", by: other, wantErr: true},
		{name: "certificate of another host", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) {
			m.SigningCertURL = "https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-test.pem"
		}, wantErr: true},
		{name: "certificate over http", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) {
			m.SigningCertURL = "http://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem"
		}, wantErr: true},
		{name: "certificate on another port", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) {
			m.SigningCertURL = "https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-test.pem"
		}, wantErr: true},
		{name: "certificate that is not a pem file", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) {
			m.SigningCertURL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test"
		}, wantErr: true},
		{name: "certificate not served", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) {
			m.SigningCertURL = "https://sns.us-east-1.amazonaws.com/missing.pem"
		}, wantErr: true},
		{name: "unknown version", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) { m.SignatureVersion = "3" }, wantErr: true},
		{name: "signature not base64", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) { m.Signature = "%%%" }, wantErr: true},
		{name: "unknown type", msg: notification(), version: "2", by: signer, change: func(m *snsverify.Message) { m.Type = "Other" }, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sns := &snsServer{pem: signer.PEM()}
			v := snsverify.NewVerifier(&http.Client{Transport: sns})
			m := tt.msg
			if err := tt.by.Sign(&m, tt.version); err != nil {
				t.Fatal(err)
			}
			if tt.change != nil {
				tt.change(&m)
			}
			err := v.Verify(context.Background(), m)
			if got := err != nil; got != tt.wantErr {
				t.Fatalf("Verify() error = %v, want error %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, snsverify.ErrSignature) {
				t.Errorf("Verify() error = %v, want one wrapping ErrSignature", err)
			}
		})
	}
}

func TestVerifierKeepsCertificates(t *testing.T) {
	signer := newSigner(t, certURL)
	sns := &snsServer{pem: signer.PEM()}
	v := snsverify.NewVerifier(&http.Client{Transport: sns})
	for i := range 3 {
		m := snsverify.Message{Type: snsverify.TypeNotification, MessageID: "m", TopicArn: "arn:aws:sns:us-east-1:123456789012:t", Message: "x", Timestamp: "t"}
		if err := signer.Sign(&m, []string{"1", "2"}[i%2]); err != nil {
			t.Fatal(err)
		}
		if err := v.Verify(context.Background(), m); err != nil {
			t.Fatalf("Verify() = %v", err)
		}
	}
	if got, want := sns.certGets.Load(), int32(1); got != want {
		t.Errorf("certificate fetched %d times, want %d", got, want)
	}
}

func TestLocalCertificateIsTrustedOnlyWhereTold(t *testing.T) {
	local := newSigner(t, snsverify.LocalCertURL)
	m := snsverify.Message{Type: snsverify.TypeNotification, MessageID: "m", TopicArn: "arn:aws:sns:us-east-1:123456789012:t", Message: "x", Timestamp: "t"}
	if err := local.Sign(&m, "2"); err != nil {
		t.Fatal(err)
	}
	sns := &snsServer{pem: local.PEM()}
	aws := snsverify.NewVerifier(&http.Client{Transport: sns})
	if err := aws.Verify(context.Background(), m); err == nil {
		t.Error("a verifier that was not told to trust the local certificate accepted it")
	}
	trusting := snsverify.NewVerifier(&http.Client{Transport: sns})
	trusting.Trust(snsverify.LocalCertURL, local.Certificate())
	if err := trusting.Verify(context.Background(), m); err != nil {
		t.Errorf("the trusting verifier refused the local signature: %v", err)
	}
}

func TestConfirm(t *testing.T) {
	tests := []struct {
		name    string
		url     string
		wantErr bool
	}{
		{"sns", "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn&Token=t", false},
		{"another host", "https://sns.eu-west-1.amazonaws.com.evil.example/?Action=ConfirmSubscription", true},
		{"http", "http://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription", true},
		{"not a url", "::", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sns := &snsServer{}
			v := snsverify.NewVerifier(&http.Client{Transport: sns})
			err := v.Confirm(context.Background(), snsverify.Message{Type: snsverify.TypeSubscriptionConfirmed, SubscribeURL: tt.url})
			if got := err != nil; got != tt.wantErr {
				t.Fatalf("Confirm() error = %v, want error %v", err, tt.wantErr)
			}
			want := int32(1)
			if tt.wantErr {
				want = 0
			}
			if got := sns.confirmed.Load(); got != want {
				t.Errorf("confirmations = %d, want %d", got, want)
			}
		})
	}
}
