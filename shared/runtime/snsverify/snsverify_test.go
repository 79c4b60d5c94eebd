package snsverify_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cxm/cxm/shared/runtime/snsverify"
	"github.com/cxm/cxm/shared/runtime/snsverify/snsverifytest"
)

func TestVerify(t *testing.T) {
	signer := snsverifytest.NewSigner(t, snsverifytest.CertURL)
	other := snsverifytest.NewSigner(t, snsverifytest.CertURL)
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
			sns := &snsverifytest.SNS{PEM: signer.PEM()}
			v := snsverify.NewVerifier(sns.Client())
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
	signer := snsverifytest.NewSigner(t, snsverifytest.CertURL)
	sns := &snsverifytest.SNS{PEM: signer.PEM()}
	v := snsverify.NewVerifier(sns.Client())
	for i := range 3 {
		m := snsverify.Message{Type: snsverify.TypeNotification, MessageID: "m", TopicArn: "arn:aws:sns:us-east-1:123456789012:t", Message: "x", Timestamp: "t"}
		if err := signer.Sign(&m, []string{"1", "2"}[i%2]); err != nil {
			t.Fatal(err)
		}
		if err := v.Verify(context.Background(), m); err != nil {
			t.Fatalf("Verify() = %v", err)
		}
	}
	if got, want := sns.CertGets.Load(), int32(1); got != want {
		t.Errorf("certificate fetched %d times, want %d", got, want)
	}
}

func TestLocalCertificateIsTrustedOnlyWhereTold(t *testing.T) {
	local := snsverifytest.NewSigner(t, snsverify.LocalCertURL)
	m := snsverify.Message{Type: snsverify.TypeNotification, MessageID: "m", TopicArn: "arn:aws:sns:us-east-1:123456789012:t", Message: "x", Timestamp: "t"}
	if err := local.Sign(&m, "2"); err != nil {
		t.Fatal(err)
	}
	sns := &snsverifytest.SNS{PEM: local.PEM()}
	aws := snsverify.NewVerifier(sns.Client())
	if err := aws.Verify(context.Background(), m); err == nil {
		t.Error("a verifier that was not told to trust the local certificate accepted it")
	}
	trusting := snsverify.NewVerifier(sns.Client())
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
			sns := &snsverifytest.SNS{}
			v := snsverify.NewVerifier(sns.Client())
			err := v.Confirm(context.Background(), snsverify.Message{Type: snsverify.TypeSubscriptionConfirmed, SubscribeURL: tt.url})
			if got := err != nil; got != tt.wantErr {
				t.Fatalf("Confirm() error = %v, want error %v", err, tt.wantErr)
			}
			want := int32(1)
			if tt.wantErr {
				want = 0
			}
			if got := sns.Confirmed.Load(); got != want {
				t.Errorf("confirmations = %d, want %d", got, want)
			}
		})
	}
}
