package endusermessaging

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/provider/sms"
)

// Notification is an SNS message as the topic delivers it over HTTPS.
type Notification struct {
	Type             string
	MessageId        string
	Token            string
	TopicArn         string
	Subject          string
	Message          string
	Timestamp        string
	SignatureVersion string
	Signature        string
	SigningCertURL   string
	SubscribeURL     string
}

// Kinds of notification.
const (
	TypeNotification          = "Notification"
	TypeSubscriptionConfirmed = "SubscriptionConfirmation"
	TypeUnsubscribeConfirmed  = "UnsubscribeConfirmation"
)

// inboundText is the message two-way SMS publishes for a text sent to a store's number.
type inboundText struct {
	OriginationNumber string `json:"originationNumber"`
	DestinationNumber string `json:"destinationNumber"`
	MessageKeyword    string `json:"messageKeyword"`
	MessageBody       string `json:"messageBody"`
	InboundMessageID  string `json:"inboundMessageId"`
}

// certHost is the host SNS serves its signing certificates from.
var certHost = regexp.MustCompile(`^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$`)

// Verifier checks SNS signatures with the certificates it fetches (and keeps).
type Verifier struct {
	client *http.Client
	mu     sync.Mutex
	certs  map[string]*x509.Certificate
}

// NewVerifier returns a verifier fetching certificates with client (a 5-second client when nil).
func NewVerifier(client *http.Client) *Verifier {
	if client == nil {
		client = &http.Client{Timeout: 5 * time.Second}
	}
	return &Verifier{client: client, certs: map[string]*x509.Certificate{}}
}

// ParseNotification reads an SNS delivery and checks its signature: a message that is not
// SNS's, or whose signature does not hold, is an error.
func (v *Verifier) ParseNotification(ctx context.Context, body []byte) (Notification, error) {
	var n Notification
	if err := json.Unmarshal(body, &n); err != nil {
		return Notification{}, fmt.Errorf("decode sns message: %w", err)
	}
	if err := v.verify(ctx, n); err != nil {
		return Notification{}, err
	}
	return n, nil
}

// Inbound returns the text of notification n.
func Inbound(n Notification) (sms.Inbound, error) {
	var m inboundText
	if err := json.Unmarshal([]byte(n.Message), &m); err != nil {
		return sms.Inbound{}, fmt.Errorf("decode inbound text: %w", err)
	}
	if m.OriginationNumber == "" || m.DestinationNumber == "" {
		return sms.Inbound{}, fmt.Errorf("inbound text without numbers")
	}
	at, _ := time.Parse(time.RFC3339, n.Timestamp)
	id := m.InboundMessageID
	if id == "" {
		id = n.MessageId
	}
	return sms.Inbound{MessageID: id, From: m.OriginationNumber, To: m.DestinationNumber, Text: m.MessageBody, At: at.UTC()}, nil
}

// Confirm visits the subscription's SubscribeURL, which must be SNS's, to confirm it.
func (v *Verifier) Confirm(ctx context.Context, n Notification) error {
	u, err := url.Parse(n.SubscribeURL)
	if err != nil || u.Scheme != "https" || !certHost.MatchString(u.Host) {
		return fmt.Errorf("subscribe url %q is not sns's", n.SubscribeURL)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	res, err := v.client.Do(req)
	if err != nil {
		return fmt.Errorf("confirm sns subscription: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("confirm sns subscription: status %d", res.StatusCode)
	}
	return nil
}

// verify checks n's signature against the certificate it names.
func (v *Verifier) verify(ctx context.Context, n Notification) error {
	u, err := url.Parse(n.SigningCertURL)
	if err != nil || u.Scheme != "https" || !certHost.MatchString(u.Host) || !strings.HasSuffix(u.Path, ".pem") {
		return fmt.Errorf("signing certificate %q is not sns's", n.SigningCertURL)
	}
	cert, err := v.cert(ctx, u.String())
	if err != nil {
		return err
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok {
		return fmt.Errorf("sns certificate without an rsa key")
	}
	sig, err := base64.StdEncoding.DecodeString(n.Signature)
	if err != nil {
		return fmt.Errorf("sns signature: %w", err)
	}
	text := StringToSign(n)
	switch n.SignatureVersion {
	case "1":
		sum := sha1.Sum([]byte(text))
		return rsa.VerifyPKCS1v15(key, crypto.SHA1, sum[:], sig)
	case "2":
		sum := sha256.Sum256([]byte(text))
		return rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], sig)
	}
	return fmt.Errorf("sns signature version %q", n.SignatureVersion)
}

// StringToSign is the text SNS signs for n.
func StringToSign(n Notification) string {
	var b strings.Builder
	add := func(k, v string) { b.WriteString(k + "\n" + v + "\n") }
	add("Message", n.Message)
	add("MessageId", n.MessageId)
	if n.Type == TypeNotification {
		if n.Subject != "" {
			add("Subject", n.Subject)
		}
	} else {
		add("SubscribeURL", n.SubscribeURL)
	}
	add("Timestamp", n.Timestamp)
	if n.Type != TypeNotification {
		add("Token", n.Token)
	}
	add("TopicArn", n.TopicArn)
	add("Type", n.Type)
	return b.String()
}

func (v *Verifier) cert(ctx context.Context, u string) (*x509.Certificate, error) {
	v.mu.Lock()
	c, ok := v.certs[u]
	v.mu.Unlock()
	if ok {
		return c, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	res, err := v.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch sns certificate: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return nil, fmt.Errorf("sns certificate is not pem")
	}
	c, err = x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	v.certs[u] = c
	v.mu.Unlock()
	return c, nil
}
