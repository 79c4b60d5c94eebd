package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
	"time"
)

// MIME returns m as the raw RFC 5322 message a provider sends (SES v2 SendEmail with Raw
// content): headers From (from, with m.FromName as its display name), To, Reply-To, Subject
// (RFC 2047 encoded when not ASCII), Date (at) and MIME-Version; a multipart/mixed body of the
// text (UTF-8, quoted-printable) followed by each attachment (base64, disposition attachment
// with its file name). A message without attachments is the text part alone.
func MIME(m Message, from string, at time.Time) ([]byte, error) {
	var buf bytes.Buffer
	h := func(k, v string) { fmt.Fprintf(&buf, "%s: %s\r\n", k, v) }
	sender := from
	if name := strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, m.FromName); name != "" {
		sender = mime.QEncoding.Encode("UTF-8", name) + " <" + from + ">"
		if isASCII(name) {
			sender = fmt.Sprintf("%q <%s>", strings.ReplaceAll(name, `"`, ""), from)
		}
	}
	h("From", sender)
	h("To", m.To)
	if m.ReplyTo != "" {
		h("Reply-To", m.ReplyTo)
	}
	h("Subject", mime.QEncoding.Encode("UTF-8", m.Subject))
	h("Date", at.UTC().Format(time.RFC1123Z))
	h("MIME-Version", "1.0")
	if len(m.Attachments) == 0 {
		h("Content-Type", `text/plain; charset="UTF-8"`)
		h("Content-Transfer-Encoding", "quoted-printable")
		buf.WriteString("\r\n")
		return buf.Bytes(), writeQP(&buf, m.Text)
	}
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	w := multipart.NewWriter(&buf)
	if err := w.SetBoundary("cxm-" + hex.EncodeToString(b[:])); err != nil {
		return nil, err
	}
	h("Content-Type", `multipart/mixed; boundary="`+w.Boundary()+`"`)
	buf.WriteString("\r\n")
	text, err := w.CreatePart(textproto.MIMEHeader{"Content-Type": {`text/plain; charset="UTF-8"`}, "Content-Transfer-Encoding": {"quoted-printable"}})
	if err != nil {
		return nil, err
	}
	if err := writeQP(text, m.Text); err != nil {
		return nil, err
	}
	for _, a := range m.Attachments {
		name := mime.QEncoding.Encode("UTF-8", a.Name)
		part, err := w.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {mime.FormatMediaType(a.ContentType, map[string]string{"name": a.Name})},
			"Content-Disposition":       {mime.FormatMediaType("attachment", map[string]string{"filename": a.Name})},
			"Content-Transfer-Encoding": {"base64"},
		})
		if err != nil {
			return nil, fmt.Errorf("attachment %s: %w", name, err)
		}
		enc := base64.StdEncoding.EncodeToString(a.Data)
		for len(enc) > 76 {
			if _, err := fmt.Fprintf(part, "%s\r\n", enc[:76]); err != nil {
				return nil, err
			}
			enc = enc[76:]
		}
		if _, err := fmt.Fprintf(part, "%s\r\n", enc); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeQP(w interface{ Write([]byte) (int, error) }, text string) error {
	q := quotedprintable.NewWriter(w)
	if _, err := q.Write([]byte(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\r\n"))); err != nil {
		return err
	}
	return q.Close()
}

func isASCII(s string) bool {
	for _, r := range s {
		if r > 126 || r < 32 {
			return false
		}
	}
	return true
}
