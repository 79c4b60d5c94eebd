package blob_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/blob"
)

func TestSignedLinks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	folder, err := blob.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key, err := blob.NewKey(tenant(t, "1001"), "videos", "v1.webm")
	if err != nil {
		t.Fatal(err)
	}
	if err := folder.Put(ctx, key, blob.Object{ContentType: "video/webm", Data: []byte("frames")}); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	now := start
	signer, err := blob.NewSigner([]byte(strings.Repeat("k", 32)), "/media", func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	link, err := signer.Link(ctx, key, 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := link.ExpiresAt, start.Add(10*time.Minute); !got.Equal(want) {
		t.Errorf("ExpiresAt = %v, want %v", got, want)
	}
	h := signer.Handler(folder)
	get := func(u string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, u, nil))
		b, _ := io.ReadAll(rec.Result().Body)
		return rec.Code, string(b)
	}
	u, _ := url.Parse(link.URL)
	q := u.Query()
	tests := []struct {
		name     string
		at       time.Time
		url      string
		wantCode int
	}{
		{"fresh link plays", start.Add(time.Minute), link.URL, http.StatusOK},
		{"a second before expiry", start.Add(10*time.Minute - time.Second), link.URL, http.StatusOK},
		{"at expiry", start.Add(10 * time.Minute), link.URL, http.StatusForbidden},
		{"later", start.Add(time.Hour), link.URL, http.StatusForbidden},
		{"expiry pushed back", start.Add(time.Hour), u.Path + "?expires=" + "9999999999" + "&signature=" + q.Get("signature"), http.StatusForbidden},
		{"another account's object", start, strings.Replace(link.URL, "accounts/1001", "accounts/1002", 1), http.StatusForbidden},
		{"no signature", start, u.Path + "?expires=" + q.Get("expires"), http.StatusForbidden},
		{"climbing out", start, "/media/accounts/1001/../../etc/passwd?" + q.Encode(), http.StatusForbidden},
	}
	for _, tt := range tests {
		now = tt.at
		code, body := get(tt.url)
		if code != tt.wantCode {
			t.Errorf("%s: GET = %d %q, want %d", tt.name, code, body, tt.wantCode)
		}
		if code == http.StatusOK && body != "frames" {
			t.Errorf("%s: body = %q", tt.name, body)
		}
	}
	if _, err := signer.Link(ctx, key, blob.MaxLinkTTL+time.Second); err == nil {
		t.Error("a link longer than MaxLinkTTL was signed")
	}
	if _, err := blob.NewSigner([]byte("short"), "/media", nil); err == nil {
		t.Error("a short key was accepted")
	}
}
