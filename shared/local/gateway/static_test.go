package gateway

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"index.html":             "<!doctype html><title>CXM</title>",
		"index.html.gz":          "gzip copy of index",
		"assets/app-1a2b.js":     "console.log('app')",
		"assets/app-1a2b.js.br":  "brotli copy of app",
		"assets/app-1a2b.js.gz":  "gzip copy of app",
		"assets/style-3c4d.css":  "body{margin:0}",
		"assets/logo-5e6f.png":   "\x89PNG not really",
		"assets/plain-7a8b.json": `{"plain":true}`,
	})
	static := newStaticFiles(dir)

	tests := []struct {
		name           string
		method         string
		path           string
		acceptEncoding string
		wantStatus     int
		wantEncoding   string
		wantBody       string
		wantCache      string
		wantVary       string
		wantType       string
	}{
		{name: "brotli copy when accepted", path: "/assets/app-1a2b.js", acceptEncoding: "gzip, deflate, br", wantStatus: 200, wantEncoding: "br", wantBody: "brotli copy of app", wantCache: immutableCache, wantVary: "Accept-Encoding", wantType: "text/javascript; charset=utf-8"},
		{name: "gzip copy when brotli is not accepted", path: "/assets/app-1a2b.js", acceptEncoding: "gzip", wantStatus: 200, wantEncoding: "gzip", wantBody: "gzip copy of app", wantCache: immutableCache, wantVary: "Accept-Encoding"},
		{name: "brotli refused with q=0", path: "/assets/app-1a2b.js", acceptEncoding: "br;q=0, gzip", wantStatus: 200, wantEncoding: "gzip", wantBody: "gzip copy of app", wantCache: immutableCache, wantVary: "Accept-Encoding"},
		{name: "original without an accepted encoding", path: "/assets/app-1a2b.js", wantStatus: 200, wantBody: "console.log('app')", wantCache: immutableCache, wantVary: "Accept-Encoding"},
		{name: "gzip on the fly without a copy", path: "/assets/style-3c4d.css", acceptEncoding: "gzip, br", wantStatus: 200, wantEncoding: "gzip", wantBody: "body{margin:0}", wantCache: immutableCache, wantVary: "Accept-Encoding", wantType: "text/css; charset=utf-8"},
		{name: "json gzipped on the fly", path: "/assets/plain-7a8b.json", acceptEncoding: "gzip", wantStatus: 200, wantEncoding: "gzip", wantBody: `{"plain":true}`, wantCache: immutableCache, wantVary: "Accept-Encoding"},
		{name: "images as they are", path: "/assets/logo-5e6f.png", acceptEncoding: "gzip, br", wantStatus: 200, wantBody: "\x89PNG not really", wantCache: immutableCache, wantType: "image/png"},
		{name: "index.html at the root, revalidated", path: "/", acceptEncoding: "gzip", wantStatus: 200, wantEncoding: "gzip", wantBody: "gzip copy of index", wantCache: revalidateCache, wantVary: "Accept-Encoding", wantType: "text/html; charset=utf-8"},
		{name: "HEAD has the headers and no body", method: http.MethodHead, path: "/assets/style-3c4d.css", acceptEncoding: "gzip", wantStatus: 200, wantEncoding: "gzip", wantCache: immutableCache, wantVary: "Accept-Encoding"},
		{name: "a copy is not served by its own name", path: "/assets/app-1a2b.js.br", acceptEncoding: "br", wantStatus: 404},
		{name: "a missing file", path: "/assets/missing.js", acceptEncoding: "gzip", wantStatus: 404},
		{name: "a folder", path: "/assets", wantStatus: 404},
		{name: "no escape from the folder", path: "/../static_test.go", wantStatus: 404},
		{name: "writes are refused", method: http.MethodPost, path: "/index.html", wantStatus: 405},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			method := tt.method
			if method == "" {
				method = http.MethodGet
			}
			req := httptest.NewRequest(method, tt.path, nil)
			if tt.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tt.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			static.ServeHTTP(rec, req)
			res := rec.Result()
			if got, want := res.StatusCode, tt.wantStatus; got != want {
				t.Fatalf("status = %d, want %d", got, want)
			}
			if tt.wantStatus != http.StatusOK {
				return
			}
			if got, want := res.Header.Get("Content-Encoding"), tt.wantEncoding; got != want {
				t.Errorf("Content-Encoding = %q, want %q", got, want)
			}
			if got, want := res.Header.Get("Cache-Control"), tt.wantCache; got != want {
				t.Errorf("Cache-Control = %q, want %q", got, want)
			}
			if got, want := res.Header.Get("Vary"), tt.wantVary; got != want {
				t.Errorf("Vary = %q, want %q", got, want)
			}
			if tt.wantType != "" {
				if got, want := res.Header.Get("Content-Type"), tt.wantType; got != want {
					t.Errorf("Content-Type = %q, want %q", got, want)
				}
			}
			body := res.Body
			// Copies are served as they are; on-the-fly gzip is decoded to compare with the original.
			if tt.wantEncoding == "gzip" && method == http.MethodGet && filepath.Ext(tt.path) != ".js" && tt.path != "/" {
				zr, err := gzip.NewReader(res.Body)
				if err != nil {
					t.Fatalf("gzip body: %v", err)
				}
				body = zr
			}
			got, err := io.ReadAll(body)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.wantBody {
				t.Errorf("body = %q, want %q", got, tt.wantBody)
			}
		})
	}
}

func TestAcceptedEncodings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		header string
		want   map[string]bool
	}{
		{"", map[string]bool{}},
		{"gzip, deflate, br, zstd", map[string]bool{"gzip": true, "deflate": true, "br": true, "zstd": true}},
		{"br;q=1.0, gzip;q=0.8, *;q=0.1", map[string]bool{"br": true, "gzip": true, "*": true}},
		{"GZIP; q=0, br", map[string]bool{"br": true}},
	}
	for _, tt := range tests {
		got := acceptedEncodings(tt.header)
		if len(got) != len(tt.want) {
			t.Errorf("acceptedEncodings(%q) = %v, want %v", tt.header, got, tt.want)
			continue
		}
		for k := range tt.want {
			if !got[k] {
				t.Errorf("acceptedEncodings(%q) = %v, want %v", tt.header, got, tt.want)
			}
		}
	}
}
