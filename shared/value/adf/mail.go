package adf

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"regexp"
	"strings"
)

// headerLine matches the first line of an RFC 822 message: a header field.
var headerLine = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*:[ \t]`)

// maxParts bounds the MIME parts a message may have, nested parts included.
const maxParts = 50

func looksLikeMessage(b []byte) bool {
	first, _, _ := bytes.Cut(b, []byte("\n"))
	return headerLine.Match(first)
}

// messageBody returns the ADF document an e-mail message carries: its body, or the first of
// its MIME parts (nested or not) that holds an adf element, decoded from base64 or
// quoted-printable.
func messageBody(b []byte) ([]byte, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%w: the e-mail message is malformed (%v)", ErrNotADF, err)
	}
	parts := 0
	body, err := findADF(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, 0, &parts)
	if err != nil {
		return nil, err
	}
	if body == nil {
		return nil, fmt.Errorf("%w: the e-mail message holds no ADF document", ErrNotADF)
	}
	return body, nil
}

func findADF(contentType, encoding string, r io.Reader, depth int, parts *int) ([]byte, error) {
	*parts++
	if *parts > maxParts || depth > 5 {
		return nil, fmt.Errorf("%w: the e-mail message has too many parts", ErrNotADF)
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mediaType = "text/plain"
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		if params["boundary"] == "" {
			return nil, fmt.Errorf("%w: a multipart e-mail message without a boundary", ErrNotADF)
		}
		mr := multipart.NewReader(r, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return nil, nil
			}
			if err != nil {
				return nil, fmt.Errorf("%w: a part of the e-mail message is malformed (%v)", ErrNotADF, err)
			}
			body, err := findADF(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, depth+1, parts)
			if err != nil || body != nil {
				return body, err
			}
		}
	}
	raw, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%w: the e-mail message cannot be read (%v)", ErrNotADF, err)
	}
	if len(raw) > MaxSize {
		return nil, fmt.Errorf("%w: the e-mail message is larger than %d KB", ErrNotADF, MaxSize>>10)
	}
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "base64":
		clean := strings.Map(func(r rune) rune {
			if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
				return -1
			}
			return r
		}, string(raw))
		clean = strings.TrimRight(clean, "=")
		dec, err := base64.RawStdEncoding.DecodeString(clean)
		if err != nil {
			return nil, fmt.Errorf("%w: a base64 part of the e-mail message is malformed", ErrNotADF)
		}
		raw = dec
	case "quoted-printable":
		dec, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(raw)))
		if err != nil {
			return nil, fmt.Errorf("%w: a quoted-printable part of the e-mail message is malformed", ErrNotADF)
		}
		raw = dec
	}
	lower := bytes.ToLower(raw)
	switch {
	case bytes.Contains(lower, []byte("<adf")):
		return raw, nil
	case bytes.Contains(lower, []byte("&lt;adf")):
		// A text or HTML body showing the document escaped.
		return []byte(html.UnescapeString(string(raw))), nil
	}
	return nil, nil
}
