package email_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/email"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/blob"
)

// fakeS3 is a bucket behind the S3 REST API's object calls (path style), as s3rver serves it
// locally. It does not check signatures: S3 and s3rver refuse a body whose length is not the
// signed Content-Length, which the test checks is signed.
type fakeS3 struct {
	mu      sync.Mutex
	objects map[string]struct {
		ct   string
		data []byte
	}
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	obj, ok := f.objects[r.URL.Path]
	switch r.Method {
	case http.MethodPut:
		if !strings.Contains(r.URL.Query().Get("X-Amz-SignedHeaders"), "content-length") {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		data, _ := io.ReadAll(r.Body)
		obj.ct, obj.data = r.Header.Get("Content-Type"), data
		f.objects[r.URL.Path] = obj
		w.WriteHeader(http.StatusOK)
	case http.MethodHead, http.MethodGet:
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", obj.ct)
		w.Header().Set("Content-Length", strconvItoa(len(obj.data)))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			w.Write(obj.data)
		}
	case http.MethodDelete:
		delete(f.objects, r.URL.Path)
		w.WriteHeader(http.StatusNoContent)
	}
}

func strconvItoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestDirectAttachmentUpload(t *testing.T) {
	s := areatest.New(t)
	bucket := &fakeS3{objects: map[string]struct {
		ct   string
		data []byte
	}{}}
	srv := httptest.NewServer(bucket)
	t.Cleanup(srv.Close)
	client := s3.New(s3.Options{Region: "us-east-1", BaseEndpoint: aws.String(srv.URL), UsePathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider("S3RVER", "S3RVER", "")})
	svc := s.Services
	var err error
	if svc.Blobs, err = blob.NewS3(client, "cxm-test"); err != nil {
		t.Fatal(err)
	}
	h := email.New(svc)
	call := func(path string, body any, out any) int {
		raw, _ := json.Marshal(body)
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req = req.WithContext(auth.WithClaims(req.Context(), auth.ClaimsFromMap(map[string]string{"sub": "sub-" + salesPerson, "token_use": "access"})))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if out != nil {
			_ = json.Unmarshal(rec.Body.Bytes(), out)
		}
		return rec.Code
	}
	type presigned struct {
		Data email.UploadURL
	}

	tests := []struct {
		name     string
		file     string
		size     int64
		send     int // bytes actually sent; 0 sends nothing
		wantURL  int
		wantName string
		wantConf int
	}{
		{name: "a large price sheet", file: "big price sheet.pdf", size: 7 << 20, send: 7 << 20, wantURL: 200, wantName: "big_price_sheet.pdf", wantConf: 200},
		{name: "the largest allowed", file: "walkaround.mp4", size: email.MaxUploadBytes, send: email.MaxUploadBytes, wantURL: 200, wantName: "walkaround.mp4", wantConf: 200},
		{name: "blocked type", file: "setup.exe", size: 10 << 20, wantURL: 400},
		{name: "blocked type in capitals", file: "Macro.VBS", size: 100, wantURL: 400},
		{name: "over 25 MB", file: "video.mov", size: email.MaxUploadBytes + 1, wantURL: 400},
		{name: "empty", file: "empty.txt", size: 0, wantURL: 400},
		{name: "no extension", file: "README", size: 10, wantURL: 400},
		{name: "never uploaded", file: "later.pdf", size: 1 << 20, wantURL: 200, wantName: "later.pdf", wantConf: 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p presigned
			status := call("/pando/pandox/create_email_attachment/upload_url", map[string]any{"FileName": tt.file, "Size": tt.size}, &p)
			if status != tt.wantURL {
				t.Fatalf("upload_url = %d, want %d", status, tt.wantURL)
			}
			if status != 200 {
				return
			}
			if !strings.HasSuffix(p.Data.FileURL, "/"+tt.wantName) || p.Data.Method != http.MethodPut || !strings.HasPrefix(p.Data.UploadURL, srv.URL) {
				t.Fatalf("upload = %+v, want a PUT to the bucket of %s", p.Data, tt.wantName)
			}
			if got := p.Data.Headers["Content-Length"]; got != strconvItoa(int(tt.size)) {
				t.Errorf("signed Content-Length = %q, want %d", got, tt.size)
			}
			if tt.send > 0 {
				req, _ := http.NewRequest(p.Data.Method, p.Data.UploadURL, bytes.NewReader(make([]byte, tt.send)))
				for k, v := range p.Data.Headers {
					req.Header.Set(k, v)
				}
				req.ContentLength = int64(tt.send)
				if res, err := http.DefaultClient.Do(req); err == nil {
					res.Body.Close()
				}
			}
			var confirmed struct {
				Data []email.File
			}
			if got := call("/pando/pandox/create_email_attachment/confirm", map[string]any{"FileUrl": p.Data.FileURL}, &confirmed); got != tt.wantConf {
				t.Fatalf("confirm = %d, want %d", got, tt.wantConf)
			}
			if tt.wantConf == 200 && (len(confirmed.Data) != 1 || confirmed.Data[0].FileURL != p.Data.FileURL || confirmed.Data[0].Size != tt.size || confirmed.Data[0].FileName != tt.wantName) {
				t.Errorf("confirmed = %+v, want the file of %d bytes", confirmed.Data, tt.size)
			}
		})
	}

	// An object that breaks the rules (put there some other way) is removed, not confirmed.
	var p presigned
	if status := call("/pando/pandox/create_email_attachment/upload_url", map[string]any{"FileName": "ok.pdf", "Size": 10}, &p); status != 200 {
		t.Fatalf("upload_url = %d", status)
	}
	u, _ := http.NewRequest(http.MethodPut, p.Data.UploadURL, bytes.NewReader(make([]byte, email.MaxUploadBytes+1)))
	if res, err := http.DefaultClient.Do(u); err == nil {
		res.Body.Close()
	}
	if status := call("/pando/pandox/create_email_attachment/confirm", map[string]any{"FileUrl": p.Data.FileURL}, nil); status != 400 {
		t.Errorf("confirm of an oversized object = %d, want 400", status)
	}
	if status := call("/pando/pandox/create_email_attachment/confirm", map[string]any{"FileUrl": p.Data.FileURL}, nil); status != 404 {
		t.Errorf("confirm after the oversized object was removed = %d, want 404", status)
	}
	// Another dealer group's reference does not exist for the caller.
	if status := call("/pando/pandox/create_email_attachment/confirm", map[string]any{"FileUrl": "templates/1/000000000000000000000000/a.pdf"}, nil); status != 404 {
		t.Errorf("confirm of a template file = %d, want 404", status)
	}
}
