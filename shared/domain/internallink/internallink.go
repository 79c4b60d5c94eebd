// Package internallink verifies a link a user opens from inside CXM (a personal or internal
// link of the links menus) before the web app opens it: the link must be one of CXM's own pages
// — an origin and path of the environment's allow-list, or a path of the app itself — and the
// answer is the link with a short-lived access token appended, which names the dealer group,
// the store and the user it was issued to and is signed with a key the table's store derives
// (as real-time messaging tokens are). Nothing is stored.
package internallink

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// KeyPurpose names the key the store derives for signing link tokens.
const KeyPurpose = "internal-link"

// TokenParam is the query parameter the access token is appended as.
const TokenParam = "cxmLinkToken"

// TTL is how long an access token is good for: long enough to open the page, too short to
// share the link.
const TTL = 2 * time.Minute

// OriginsEnv names the environment variable with the allow-list (see ParseAllowList).
const OriginsEnv = "INTERNAL_LINK_ORIGINS"

// Messages of the spec's error catalogue (8.1).
const (
	MsgEmpty   = "Selected link is no longer accessible"
	MsgFailed  = "There was an error accessing the selected url. Please try again later."
	MsgForeign = "The link is not a page of CXM: only CXM's own pages open from here."
)

// Prefix is one allowed place: an origin (scheme and host, with its port) and a path prefix.
type Prefix struct {
	Scheme, Host, Path string
	// AnyPort allows every port of Host (loopback only: the local run's ports vary).
	AnyPort bool
}

// AllowList is the environment's list of CXM's own origins and paths.
type AllowList []Prefix

// LocalAllowList is the allow-list of a local run: the app on any loopback port.
func LocalAllowList() AllowList {
	return AllowList{{Scheme: "http", Host: "127.0.0.1", Path: "/", AnyPort: true}, {Scheme: "http", Host: "localhost", Path: "/", AnyPort: true}}
}

// ParseAllowList reads a comma-separated list of origins, each optionally followed by a path
// prefix ("https://app.cxm.example,https://reports.cxm.example/views"). Only https origins
// are allowed, and http on loopback hosts. An empty list is the local run's (LocalAllowList).
func ParseAllowList(s string) (AllowList, error) {
	if strings.TrimSpace(s) == "" {
		return LocalAllowList(), nil
	}
	var out AllowList
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		u, err := url.Parse(item)
		if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			return nil, fmt.Errorf("internal link origin %q: want scheme://host[:port][/path]", item)
		}
		if u.Scheme != "https" && !(u.Scheme == "http" && loopback(u.Hostname())) {
			return nil, fmt.Errorf("internal link origin %q: only https (http on loopback)", item)
		}
		p := u.EscapedPath()
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
		out = append(out, Prefix{Scheme: u.Scheme, Host: strings.ToLower(u.Host), Path: p})
	}
	return out, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// allows reports whether absolute link u is under one of the list's prefixes.
func (l AllowList) allows(u *url.URL) bool {
	for _, p := range l {
		host := strings.ToLower(u.Host)
		if p.AnyPort {
			host = strings.ToLower(u.Hostname())
		}
		if u.Scheme == p.Scheme && host == p.Host && underPath(u.EscapedPath(), p.Path) {
			return true
		}
	}
	return false
}

// underPath reports whether path is prefix or below it (prefix ends with /).
func underPath(path, prefix string) bool {
	if path == "" {
		path = "/"
	}
	return strings.HasPrefix(path, prefix) || path+"/" == prefix
}

// Grant is who a token was issued to.
type Grant struct {
	Account           string `json:"a"`
	AccountPlatformID int64  `json:"s"`
	UserID            string `json:"u"`
	// Expires is the token's end, in Unix seconds.
	Expires int64 `json:"e"`
}

// Signer verifies links and signs them.
type Signer struct {
	key   []byte
	allow AllowList
	now   func() time.Time
}

// NewSigner returns a signer of links under allow, signing with key (the store's
// DeriveKey(KeyPurpose)) and stamping the tokens with now.
func NewSigner(key []byte, allow AllowList, now func() time.Time) *Signer {
	return &Signer{key: key, allow: allow, now: now}
}

// Sign checks that raw is an internal link of CXM and returns it with an access token for
// the grant appended (g.Expires is set to now plus TTL). An empty link is an Invalid error
// with MsgEmpty; a link that is not one of CXM's pages an Invalid error naming url.
func (s *Signer) Sign(raw string, g Grant) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", apperr.InvalidFields(MsgEmpty, map[string]string{"url": MsgEmpty})
	}
	foreign := apperr.InvalidFields(MsgForeign, map[string]string{"url": MsgForeign})
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || u.Opaque != "" {
		return "", foreign
	}
	switch {
	case u.Scheme == "" && u.Host == "":
		// A path of the app itself ("/app/contacts/5"): not protocol-relative, not a
		// backslash a browser reads as one.
		if !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(raw, "//") || strings.ContainsRune(raw, '\\') {
			return "", foreign
		}
	case !s.allow.allows(u):
		return "", foreign
	}
	q := u.Query()
	q.Del(TokenParam)
	u.RawQuery = q.Encode()
	g.Expires = s.now().Add(TTL).Unix()
	q.Set(TokenParam, s.token(u.String(), g))
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// Verify returns the grant of the token of signed link raw when it was signed with the
// signer's key for that very link and has not expired; false otherwise.
func (s *Signer) Verify(raw string) (Grant, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return Grant{}, false
	}
	q := u.Query()
	tok := q.Get(TokenParam)
	q.Del(TokenParam)
	u.RawQuery = q.Encode()
	payload, sig, ok := strings.Cut(tok, ".")
	if !ok {
		return Grant{}, false
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Grant{}, false
	}
	var g Grant
	if err := json.Unmarshal(body, &g); err != nil {
		return Grant{}, false
	}
	want := s.token(u.String(), g)
	_, wantSig, _ := strings.Cut(want, ".")
	if !hmac.Equal([]byte(sig), []byte(wantSig)) || s.now().Unix() >= g.Expires {
		return Grant{}, false
	}
	return g, true
}

// token is the grant (base64 JSON) and the HMAC-SHA256 over the grant and the link without
// its token, so a token opens no other link.
func (s *Signer) token(link string, g Grant) string {
	body, _ := json.Marshal(g)
	payload := base64.RawURLEncoding.EncodeToString(body)
	mac := hmac.New(sha256.New, s.key)
	mac.Write([]byte(payload))
	mac.Write([]byte{0})
	mac.Write([]byte(link))
	return payload + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}
