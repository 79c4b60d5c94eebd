// Package snsverify checks the signatures of Amazon SNS messages delivered over HTTP(S), as
// AWS documents it ("Verifying the signatures of Amazon SNS messages"): the string to sign is
// built from the message's fields in a fixed order (Message, MessageId, Subject when present,
// Timestamp, TopicArn, Type for a notification; Message, MessageId, SubscribeURL, Timestamp,
// Token, TopicArn, Type for a subscription or unsubscribe confirmation), hashed with SHA1
// (SignatureVersion 1) or SHA256 (SignatureVersion 2) and checked with the RSA key of the
// certificate at SigningCertURL, which must be an https URL of an sns.<region>.amazonaws.com
// host. Certificates are fetched once per URL and kept.
//
// A local run has no SNS: its sandboxes sign their deliveries with a Signer, a key and
// certificate made when the process starts, whose certificate the local verifier is told to
// trust (Verifier.Trust). A verifier in AWS trusts nothing it did not fetch from SNS.
package snsverify

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Message is an SNS message as a topic's HTTP(S) subscription receives it.
type Message struct {
	Type             string
	MessageID        string `json:"MessageId"`
	Token            string `json:",omitempty"`
	TopicArn         string
	Subject          string `json:",omitempty"`
	Message          string
	Timestamp        string
	SignatureVersion string
	Signature        string
	SigningCertURL   string
	SubscribeURL     string `json:",omitempty"`
	UnsubscribeURL   string `json:",omitempty"`
}

// The types of SNS message.
const (
	TypeNotification          = "Notification"
	TypeSubscriptionConfirmed = "SubscriptionConfirmation"
	TypeUnsubscribeConfirmed  = "UnsubscribeConfirmation"
)

// LocalCertURL is the certificate address a local Signer signs with. Its host has the shape of
// SNS's, so a message signed locally passes the same address check as one from SNS, but no
// verifier fetches it: only one told to Trust the local certificate accepts such a message.
const LocalCertURL = "https://sns.local.amazonaws.com/SimpleNotificationService-local.pem"

// ErrSignature is the error of a message whose signature does not hold or cannot be checked:
// wrap-checked with errors.Is.
var ErrSignature = errors.New("sns signature")

// snsHost is the host SNS serves its certificates and subscription confirmations from.
var snsHost = regexp.MustCompile(`^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$`)

// CheckURL reports an error unless raw is an https URL of an SNS host (on the default port),
// and, when pemFile is set, of a .pem file.
func CheckURL(raw string, pemFile bool) error {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Port() != "" || u.User != nil || !snsHost.MatchString(u.Hostname()) {
		return fmt.Errorf("%w: %q is not an sns address", ErrSignature, raw)
	}
	if pemFile && !strings.HasSuffix(u.Path, ".pem") {
		return fmt.Errorf("%w: %q is not an sns certificate", ErrSignature, raw)
	}
	return nil
}

// Verifier checks SNS signatures with the certificates it fetches through its client.
type Verifier struct {
	client *http.Client
	mu     sync.Mutex
	certs  map[string]*x509.Certificate
}

// NewVerifier returns a verifier that fetches certificates and confirms subscriptions with
// client (a client with a 5-second timeout when nil). Tests pass a client whose transport
// answers for SNS, so that they never use the network.
func NewVerifier(client *http.Client) *Verifier {
	if client == nil {
		client = &http.Client{Timeout: 5 * time.Second}
	}
	return &Verifier{client: client, certs: map[string]*x509.Certificate{}}
}

// Trust makes v accept certificate cert for address u without fetching it: a local run's
// Signer certificate. Only a local run calls it.
func (v *Verifier) Trust(u string, cert *x509.Certificate) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.certs[u] = cert
}

// Verify returns nil when m carries a valid signature by the certificate it names, else an
// error wrapping ErrSignature (or the failure to fetch the certificate).
func (v *Verifier) Verify(ctx context.Context, m Message) error {
	switch m.Type {
	case TypeNotification, TypeSubscriptionConfirmed, TypeUnsubscribeConfirmed:
	default:
		return fmt.Errorf("%w: unknown message type %q", ErrSignature, m.Type)
	}
	if err := CheckURL(m.SigningCertURL, true); err != nil {
		return err
	}
	var hash crypto.Hash
	switch m.SignatureVersion {
	case "1":
		hash = crypto.SHA1
	case "2":
		hash = crypto.SHA256
	default:
		return fmt.Errorf("%w: signature version %q", ErrSignature, m.SignatureVersion)
	}
	sig, err := base64.StdEncoding.DecodeString(m.Signature)
	if err != nil || len(sig) == 0 {
		return fmt.Errorf("%w: signature is not base64", ErrSignature)
	}
	cert, err := v.cert(ctx, m.SigningCertURL)
	if err != nil {
		return err
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok {
		return fmt.Errorf("%w: certificate without an rsa key", ErrSignature)
	}
	if err := rsa.VerifyPKCS1v15(key, hash, digest(hash, StringToSign(m)), sig); err != nil {
		return fmt.Errorf("%w: %v", ErrSignature, err)
	}
	return nil
}

// Confirm confirms the subscription of confirmation m by visiting its SubscribeURL, which must
// be an SNS address.
func (v *Verifier) Confirm(ctx context.Context, m Message) error {
	if err := CheckURL(m.SubscribeURL, false); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, m.SubscribeURL, nil)
	if err != nil {
		return fmt.Errorf("confirm sns subscription: %w", err)
	}
	res, err := v.client.Do(req)
	if err != nil {
		return fmt.Errorf("confirm sns subscription: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("confirm sns subscription: status %d", res.StatusCode)
	}
	return nil
}

// StringToSign is the text SNS signs for m.
func StringToSign(m Message) string {
	var b strings.Builder
	add := func(k, v string) { b.WriteString(k + "\n" + v + "\n") }
	add("Message", m.Message)
	add("MessageId", m.MessageID)
	if m.Type == TypeNotification {
		if m.Subject != "" {
			add("Subject", m.Subject)
		}
	} else {
		add("SubscribeURL", m.SubscribeURL)
	}
	add("Timestamp", m.Timestamp)
	if m.Type != TypeNotification {
		add("Token", m.Token)
	}
	add("TopicArn", m.TopicArn)
	add("Type", m.Type)
	return b.String()
}

func digest(h crypto.Hash, text string) []byte {
	if h == crypto.SHA1 {
		sum := sha1.Sum([]byte(text))
		return sum[:]
	}
	sum := sha256.Sum256([]byte(text))
	return sum[:]
}

// cert returns the certificate at u, fetching it the first time. A failed fetch is not kept.
func (v *Verifier) cert(ctx context.Context, u string) (*x509.Certificate, error) {
	v.mu.Lock()
	c, ok := v.certs[u]
	v.mu.Unlock()
	if ok {
		return c, nil
	}
	if u == LocalCertURL {
		return nil, fmt.Errorf("%w: the local sandbox certificate is not trusted here", ErrSignature)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("fetch sns certificate: %w", err)
	}
	res, err := v.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch sns certificate: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: certificate %s: status %d", ErrSignature, u, res.StatusCode)
	}
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return nil, fmt.Errorf("fetch sns certificate: %w", err)
	}
	block, _ := pem.Decode(raw)
	if block == nil || block.Type != "CERTIFICATE" {
		return nil, fmt.Errorf("%w: certificate %s is not pem", ErrSignature, u)
	}
	c, err = x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%w: certificate %s: %v", ErrSignature, u, err)
	}
	v.Trust(u, c)
	return c, nil
}

// Signer signs SNS messages as SNS would, with its own key: a local run's sandboxes use one,
// and tests use one as SNS's certificate.
type Signer struct {
	key  *rsa.PrivateKey
	cert *x509.Certificate
	url  string
}

// NewSigner returns a signer with a new 2048-bit RSA key and a self-signed certificate valid
// from notBefore for a year, naming certURL as its certificate's address.
func NewSigner(certURL string, notBefore time.Time) (*Signer, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("sns signer key: %w", err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "sns.amazonaws.com"},
		NotBefore: notBefore, NotAfter: notBefore.AddDate(1, 0, 0), KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("sns signer certificate: %w", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("sns signer certificate: %w", err)
	}
	return &Signer{key: key, cert: cert, url: certURL}, nil
}

// Certificate returns the signer's certificate.
func (s *Signer) Certificate() *x509.Certificate { return s.cert }

// URL returns the address the signer names as its certificate's.
func (s *Signer) URL() string { return s.url }

// PEM returns the signer's certificate in PEM, as SNS serves its own.
func (s *Signer) PEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.cert.Raw})
}

// Sign sets m's SignatureVersion ("1" or "2"), SigningCertURL and Signature.
func (s *Signer) Sign(m *Message, version string) error {
	hash := crypto.SHA256
	switch version {
	case "1":
		hash = crypto.SHA1
	case "2":
	default:
		return fmt.Errorf("sns signature version %q", version)
	}
	m.SignatureVersion, m.SigningCertURL = version, s.url
	sig, err := rsa.SignPKCS1v15(rand.Reader, s.key, hash, digest(hash, StringToSign(*m)))
	if err != nil {
		return fmt.Errorf("sign sns message: %w", err)
	}
	m.Signature = base64.StdEncoding.EncodeToString(sig)
	return nil
}
