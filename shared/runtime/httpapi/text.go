package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/danielgtaylor/huma/v2"
)

// InvalidValue is the field message for a value the decoder refuses: text that is not clean
// UTF-8 or holds characters no field may hold, or a number its field cannot represent.
const InvalidValue = "Invalid value"

// NotValid is the message of a request whose body the decoder refuses.
const NotValid = "The request is not valid."

// notJSON is the message of a request whose body is not JSON.
const notJSON = "The request body is not valid JSON."

// bodyRule is what the decoder checks in one operation's JSON request bodies.
type bodyRule struct {
	shape *shape
	// limit is the most bytes the operation reads; a longer body is left to the contract
	// library, which refuses it.
	limit int64
}

// defaultMaxBody is the contract library's body limit of an operation that sets none.
const defaultMaxBody = 1 << 20

// checkRequestBody reads r's JSON body and refuses it (an Invalid error with a field error
// on each refused value, nothing decoded) when it is not clean; otherwise it puts the body
// back for the operation to decode.
func checkRequestBody(r *http.Request, rule *bodyRule) error {
	if r.Body == nil || r.Body == http.NoBody || !isJSON(r.Header.Get("Content-Type")) {
		return nil
	}
	limit := rule.limit
	if limit == 0 {
		limit = defaultMaxBody
	}
	var raw []byte
	var err error
	if limit > 0 {
		raw, err = io.ReadAll(io.LimitReader(r.Body, limit+1))
	} else {
		raw, err = io.ReadAll(r.Body)
	}
	rest := r.Body
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(raw), rest), rest}
	if err != nil || (limit > 0 && int64(len(raw)) > limit) || len(bytes.TrimSpace(raw)) == 0 {
		// Let the contract library answer a body it cannot read, a body that is too large or
		// an empty one.
		return nil
	}
	return checkJSON(raw, rule.shape)
}

func isJSON(contentType string) bool {
	if contentType == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// checkJSON walks the JSON document raw, whose values decode into s, and returns an Invalid
// error naming every value that is not clean (see cleanText) or a number its field cannot
// hold, or nil.
func checkJSON(raw []byte, s *shape) error {
	c := &bodyChecker{raw: raw, dec: json.NewDecoder(bytes.NewReader(raw)), fields: map[string]string{}}
	c.dec.UseNumber()
	tok, span, err := c.token()
	if err == nil {
		err = c.value(tok, span, "", s, false, 0)
	}
	if err == nil {
		if _, err = c.dec.Token(); err == io.EOF {
			err = nil
		} else if err == nil {
			err = errors.New("data after the document")
		}
	}
	if err != nil {
		return apperr.Wrap(apperr.Invalid, err, notJSON)
	}
	if len(c.fields) > 0 {
		return apperr.InvalidFields(NotValid, c.fields)
	}
	return nil
}

// maxDepth bounds the nesting of objects and arrays in a body.
const maxDepth = 64

// bodyChecker walks one JSON document token by token, keeping each token's raw bytes.
type bodyChecker struct {
	raw    []byte
	dec    *json.Decoder
	fields map[string]string
}

// token returns the next token and the raw bytes from the end of the previous one to its end.
func (c *bodyChecker) token() (json.Token, []byte, error) {
	start := c.dec.InputOffset()
	tok, err := c.dec.Token()
	end := c.dec.InputOffset()
	if err != nil {
		return nil, nil, err
	}
	return tok, c.raw[start:end], nil
}

func (c *bodyChecker) refuse(path string) {
	if path == "" {
		path = "body"
	}
	c.fields[path] = InvalidValue
}

// value checks the value that starts with tok (whose raw bytes are span) at path, which
// decodes into s (nil when unknown); multiline strings may hold tabs and line breaks.
func (c *bodyChecker) value(tok json.Token, span []byte, path string, s *shape, multiline bool, depth int) error {
	switch v := tok.(type) {
	case json.Delim:
		if depth >= maxDepth {
			return errors.New("the document is nested too deeply")
		}
		switch v {
		case '{':
			for c.dec.More() {
				ktok, kspan, err := c.token()
				if err != nil {
					return err
				}
				key, _ := ktok.(string)
				at := key
				if path != "" {
					at = path + "." + key
				}
				if !cleanText(key, kspan, false) {
					c.refuse(at)
				}
				var fs *shape
				ml := false
				switch {
				case s != nil && s.kind == kindMap:
					fs, ml = s.elem, multiline
				case s != nil && s.kind == kindObject:
					if f := s.lookup(key); f != nil {
						fs, ml = f.shape, f.multiline
					}
				}
				vtok, vspan, err := c.token()
				if err != nil {
					return err
				}
				if err := c.value(vtok, vspan, at, fs, ml, depth+1); err != nil {
					return err
				}
			}
		case '[':
			var es *shape
			if s != nil && s.kind == kindArray {
				es = s.elem
			}
			for i := 0; c.dec.More(); i++ {
				etok, espan, err := c.token()
				if err != nil {
					return err
				}
				if err := c.value(etok, espan, path+"["+strconv.Itoa(i)+"]", es, multiline, depth+1); err != nil {
					return err
				}
			}
		default:
			return errors.New("unexpected delimiter")
		}
		_, err := c.dec.Token() // the closing delimiter
		return err
	case string:
		if !cleanText(v, span, multiline) {
			c.refuse(path)
		}
	case json.Number:
		if !fits(v, s) {
			c.refuse(path)
		}
	}
	return nil
}

// fits reports whether the JSON number n decodes into a value of shape s: an integer within
// the range of an integer field, a finite number within the range of a float field, and for
// any other field a number a float64 holds.
func fits(n json.Number, s *shape) bool {
	var err error
	switch {
	case s != nil && s.kind == kindInt:
		_, err = strconv.ParseInt(string(n), 10, s.bits)
	case s != nil && s.kind == kindUint:
		_, err = strconv.ParseUint(string(n), 10, s.bits)
	case s != nil && s.kind == kindFloat:
		_, err = strconv.ParseFloat(string(n), s.bits)
	default:
		_, err = strconv.ParseFloat(string(n), 64)
	}
	return err == nil
}

// cleanText reports whether the decoded JSON string s, whose raw bytes (with what precedes it
// since the previous token) are raw, is clean text:
//   - valid UTF-8 with no lone surrogate escapes (the decoder turns both into U+FFFD, so s
//     holds more U+FFFD than raw spells);
//   - no control characters (NUL, C0, DEL, C1), except tab and line breaks when multiline;
//   - no bidirectional embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069);
//   - not made only of invisible characters (zero-width spaces and joiners, word joiners,
//     byte order marks, soft hyphens, direction marks) and spaces.
//
// Accents, CJK, emoji (with their zero-width joiners) are clean.
func cleanText(s string, raw []byte, multiline bool) bool {
	replaced := 0
	invisible, visible := 0, 0
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			replaced++
			visible++
		case r == '\t' || r == '\n' || r == '\r':
			if !multiline {
				return false
			}
		case unicode.IsControl(r):
			return false
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			return false
		case isInvisible(r):
			invisible++
		case !unicode.IsSpace(r):
			visible++
		}
	}
	if invisible > 0 && visible == 0 {
		return false
	}
	if replaced > 0 && replaced > spelledReplacements(raw) {
		return false
	}
	return true
}

// isInvisible reports whether r is a character that shows nothing on its own.
func isInvisible(r rune) bool {
	switch r {
	case 0x00AD, 0x034F, 0x115F, 0x1160, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F,
		0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xFEFF, 0xFFA0:
		return true
	}
	return false
}

// spelledReplacements counts the U+FFFD characters raw spells out: as UTF-8 or as a \uFFFD
// escape.
func spelledReplacements(raw []byte) int {
	n := 0
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		switch {
		case r == utf8.RuneError && size == 3:
			n++
		case raw[i] == '\\' && i+1 < len(raw):
			if raw[i+1] == 'u' && i+6 <= len(raw) && strings.EqualFold(string(raw[i+2:i+6]), "fffd") {
				n++
			}
			i += 2
			continue
		}
		i += size
	}
	return n
}

// jsonFormat decodes and encodes JSON bodies as the contract library's default does, but its
// decoding errors name the field and never a Go type.
var jsonFormat = huma.Format{
	Marshal: huma.DefaultJSONFormat.Marshal,
	Unmarshal: func(data []byte, v any) error {
		err := json.Unmarshal(data, v)
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return &decodeError{field: te.Field}
		}
		if err != nil {
			return &decodeError{}
		}
		return nil
	},
}

// decodePrefix starts the message of a decodeError, which the error body turns into a field
// error.
const decodePrefix = "cxm: invalid value at "

// decodeError is a value of a body the decoder could not decode; field is its path ("" for
// the whole body).
type decodeError struct{ field string }

func (e *decodeError) Error() string { return decodePrefix + e.field }

// decodeField returns the field a decoding failure's message names and true, or false when
// msg is not a decoding failure. Messages of encoding/json ("json: cannot unmarshal ...") name
// Go types: they are never sent.
func decodeField(msg string) (string, bool) {
	if field, ok := strings.CutPrefix(msg, decodePrefix); ok {
		if field == "" {
			field = "body"
		}
		return field, true
	}
	if strings.HasPrefix(msg, "json: ") || strings.Contains(msg, "Go value") || strings.Contains(msg, "Go struct") {
		return "body", true
	}
	return "", false
}
