package internallink_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/internallink"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

var now = time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)

func TestSign(t *testing.T) {
	t.Parallel()
	allow, err := internallink.ParseAllowList("https://app.cxm.example, https://reports.cxm.example/views")
	if err != nil {
		t.Fatal(err)
	}
	s := internallink.NewSigner([]byte("0123456789abcdef0123456789abcdef"), allow, func() time.Time { return now })
	g := internallink.Grant{Account: "1001", AccountPlatformID: 2001, UserID: "100001"}
	tests := []struct {
		name  string
		url   string
		ok    bool
		empty bool
	}{
		{name: "empty", url: "  ", empty: true},
		{name: "allowed origin", url: "https://app.cxm.example/app/contacts/5?tab=garage", ok: true},
		{name: "allowed origin and path", url: "https://reports.cxm.example/views/closing-ratio", ok: true},
		{name: "a path of the app", url: "/app/dashboards", ok: true},
		{name: "other path of an allowed host", url: "https://reports.cxm.example/admin", ok: false},
		{name: "path that only starts like the allowed one", url: "https://reports.cxm.example/viewsx", ok: false},
		{name: "foreign host", url: "https://evil.example/app", ok: false},
		{name: "allowed host as a subdomain of a foreign one", url: "https://app.cxm.example.evil.example/", ok: false},
		{name: "http of an https origin", url: "http://app.cxm.example/app", ok: false},
		{name: "user info", url: "https://user@app.cxm.example/app", ok: false},
		{name: "protocol-relative", url: "//evil.example/app", ok: false},
		{name: "backslash", url: "/\\evil.example", ok: false},
		{name: "javascript", url: "javascript:alert(1)", ok: false},
		{name: "relative without slash", url: "app/contacts", ok: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := s.Sign(tc.url, g)
			switch {
			case tc.empty:
				if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Message != internallink.MsgEmpty {
					t.Fatalf("Sign(%q) error = %v, want Invalid %q", tc.url, err, internallink.MsgEmpty)
				}
			case !tc.ok:
				if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields["url"] == "" {
					t.Fatalf("Sign(%q) = %q, %v, want Invalid naming url", tc.url, got, err)
				}
			default:
				if err != nil {
					t.Fatalf("Sign(%q) error = %v", tc.url, err)
				}
				if !strings.HasPrefix(got, strings.SplitN(tc.url, "?", 2)[0]) || !strings.Contains(got, internallink.TokenParam+"=") {
					t.Errorf("Sign(%q) = %q, want the link with a token", tc.url, got)
				}
				back, ok := s.Verify(got)
				if !ok || back.Account != "1001" || back.AccountPlatformID != 2001 || back.UserID != "100001" || back.Expires != now.Add(internallink.TTL).Unix() {
					t.Errorf("Verify(%q) = %+v, %v", got, back, ok)
				}
			}
		})
	}
}

func TestVerifyRefuses(t *testing.T) {
	t.Parallel()
	at := now
	clock := func() time.Time { return at }
	key := []byte("0123456789abcdef0123456789abcdef")
	s := internallink.NewSigner(key, internallink.LocalAllowList(), clock)
	signed, err := s.Sign("http://127.0.0.1:8080/app/contacts/5", internallink.Grant{Account: "1001", AccountPlatformID: 2001, UserID: "100001"})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(signed)
	tok := u.Query().Get(internallink.TokenParam)
	other := internallink.NewSigner([]byte("another key of thirty-two bytes!"), internallink.LocalAllowList(), clock)
	tests := []struct {
		name   string
		signer *internallink.Signer
		link   string
		after  time.Duration
		ok     bool
	}{
		{name: "as signed", signer: s, link: signed, ok: true},
		{name: "expired", signer: s, link: signed, after: internallink.TTL, ok: false},
		{name: "another key", signer: other, link: signed, ok: false},
		{name: "token on another link", signer: s, link: "http://127.0.0.1:8080/app/contacts/6?" + internallink.TokenParam + "=" + url.QueryEscape(tok), ok: false},
		{name: "no token", signer: s, link: "http://127.0.0.1:8080/app/contacts/5", ok: false},
	}
	for _, tc := range tests {
		at = now.Add(tc.after)
		if _, ok := tc.signer.Verify(tc.link); ok != tc.ok {
			t.Errorf("%s: Verify = %v, want %v", tc.name, ok, tc.ok)
		}
	}
}

func TestParseAllowList(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in string
		ok bool
	}{
		{"", true},
		{"https://app.cxm.example", true},
		{"https://app.cxm.example/reports, http://localhost:5173", true},
		{"http://app.cxm.example", false},
		{"app.cxm.example", false},
		{"https://app.cxm.example/?q=1", false},
	}
	for _, tc := range tests {
		if _, err := internallink.ParseAllowList(tc.in); (err == nil) != tc.ok {
			t.Errorf("ParseAllowList(%q) error = %v, want ok %v", tc.in, err, tc.ok)
		}
	}
}
