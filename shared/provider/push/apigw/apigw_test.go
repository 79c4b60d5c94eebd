package apigw_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/cxm/cxm/shared/provider/push"
	"github.com/cxm/cxm/shared/provider/push/apigw"
)

func TestPost(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/prod/@connections/"):
			w.WriteHeader(http.StatusNotFound)
		case !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 ") || !strings.Contains(r.Header.Get("Authorization"), "/us-east-1/execute-api/aws4_request"):
			w.WriteHeader(http.StatusForbidden)
		case string(body) != `{"type":"chat"}`:
			w.WriteHeader(http.StatusBadRequest)
		case strings.HasSuffix(r.URL.Path, "/gone"):
			w.WriteHeader(http.StatusGone)
		case strings.HasSuffix(r.URL.Path, "/busy"):
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			w.WriteHeader(http.StatusOK)
		}
	}))
	defer srv.Close()
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKID", "SECRET", "")}
	p, err := apigw.New(cfg, srv.URL+"/prod", srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id       string
		ok, gone bool
	}{
		{"abc123=", true, false},
		{"gone", false, true},
		{"busy", false, false},
		{"bad/id", false, true},
	}
	for _, tt := range tests {
		err := p.Post(context.Background(), tt.id, []byte(`{"type":"chat"}`))
		if (err == nil) != tt.ok || errors.Is(err, push.ErrGone) != tt.gone {
			t.Errorf("Post(%s) = %v, want ok %v gone %v", tt.id, err, tt.ok, tt.gone)
		}
	}
	if _, err := apigw.New(aws.Config{}, srv.URL, nil); err == nil {
		t.Error("New without a region and credentials succeeded")
	}
}
