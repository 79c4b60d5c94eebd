package sandbox

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/snsverify"
)

// ReceivingTopic is the topic the receiving sandbox names as the one SES publishes to.
const ReceivingTopic = "arn:aws:sns:us-east-1:000000000000:cxm-inbound-email-local"

// Receiver stands in for SES receiving with an SNS action in a local run: it turns an e-mail
// into the SES receipt notification SES would publish (notificationType Received, the raw
// MIME content) inside an SNS notification signed with a local certificate. Only a verifier
// told to trust that certificate (snsverify.Verifier.Trust) accepts what it signs.
type Receiver struct {
	signer *snsverify.Signer
	now    func() time.Time
}

// NewReceiver returns a receiver with a new local signing key; now stamps its notifications.
func NewReceiver(now func() time.Time) (*Receiver, error) {
	s, err := snsverify.NewSigner(snsverify.LocalCertURL, now().Add(-time.Hour))
	if err != nil {
		return nil, err
	}
	return &Receiver{signer: s, now: now}, nil
}

// Signer returns the receiver's signer, whose certificate the local webhook trusts.
func (r *Receiver) Signer() *snsverify.Signer { return r.signer }

// Receive returns the signed SNS notification of an e-mail from from to to.
func (r *Receiver) Receive(from, to, subject, text string) (snsverify.Message, error) {
	id, err := randomID()
	if err != nil {
		return snsverify.Message{}, err
	}
	at := r.now().UTC()
	subject = strings.NewReplacer("\r", " ", "\n", " ").Replace(subject)
	content := "From: " + from + "\r\nTo: " + to + "\r\nSubject: " + subject + "\r\nDate: " + at.Format(time.RFC1123Z) +
		"\r\nMessage-ID: <" + id + "@sandbox.cxm.local>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n" +
		strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\r\n") + "\r\n"
	receipt := map[string]any{
		"notificationType": "Received",
		"mail": map[string]any{
			"timestamp": at.Format(time.RFC3339Nano), "messageId": "sandbox-" + id, "source": from, "destination": []string{to},
			"commonHeaders": map[string]any{"from": []string{from}, "to": []string{to}, "subject": subject},
		},
		"receipt": map[string]any{"recipients": []string{to}, "action": map[string]any{"type": "SNS", "topicArn": ReceivingTopic, "encoding": "UTF8"}},
		"content": content,
	}
	raw, err := json.Marshal(receipt)
	if err != nil {
		return snsverify.Message{}, fmt.Errorf("encode receipt: %w", err)
	}
	m := snsverify.Message{Type: snsverify.TypeNotification, MessageID: id, TopicArn: ReceivingTopic,
		Subject: "Amazon SES Email Receipt Notification", Message: string(raw), Timestamp: at.Format("2006-01-02T15:04:05.000Z")}
	if err := r.signer.Sign(&m, "2"); err != nil {
		return snsverify.Message{}, err
	}
	return m, nil
}

func randomID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("message id: %w", err)
	}
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:], nil
}
