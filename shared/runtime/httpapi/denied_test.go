package httpapi_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

func TestHandlerDenialsAreLogged(t *testing.T) {
	t.Parallel()
	var logs strings.Builder
	api := httpapi.New(slog.New(slog.NewJSONHandler(&logs, nil)))
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/things/{id}/close"},
		func(_ context.Context, in *struct {
			ID string `path:"id"`
		}) (*httpapi.Body[httpapi.Result[string]], error) {
			if in.ID == "forbidden" {
				return nil, apperr.Errorf(apperr.Forbidden, "You may not close this thing.")
			}
			return nil, apperr.Errorf(apperr.NotFound, "No thing %s.", in.ID)
		})
	tests := []struct {
		name   string
		id     string
		status int
		want   map[string]any // the denied log line; nil for none
	}{
		{"refused", "forbidden", 403, map[string]any{"msg": "denied", "level": "WARN", "user": "sub-1", "actor": "sub-2",
			"method": "POST", "route": "/things/{id}/close", "reason": "You may not close this thing."}},
		{"not found is no denial", "missing", 404, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs.Reset()
			req := httptest.NewRequest(http.MethodPost, "/things/"+tt.id+"/close", nil)
			req = req.WithContext(auth.WithClaims(req.Context(), auth.ClaimsFromMap(map[string]string{"sub": "sub-1", "act": `{"sub":"sub-2"}`})))
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d", rec.Code, tt.status)
			}
			var denied map[string]any
			for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				var m map[string]any
				if json.Unmarshal([]byte(line), &m) == nil && m["msg"] == "denied" {
					denied = m
				}
			}
			if (denied == nil) != (tt.want == nil) {
				t.Fatalf("denied log line = %v, want %v", denied, tt.want)
			}
			for k, v := range tt.want {
				if denied[k] != v {
					t.Errorf("log %s = %v, want %v", k, denied[k], v)
				}
			}
		})
	}
}
