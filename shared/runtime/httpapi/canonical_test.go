package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

type pairPath struct {
	A string `path:"a"`
	B string `path:"b"`
}

type kindPath struct {
	Kind string `path:"kind"`
	ID   string `path:"id"`
}

// TestSameShapePaths checks that two paths of the same shape with operations of different
// methods each reach the guard as their own operation, in any case of the literal segments.
func TestSameShapePaths(t *testing.T) {
	t.Parallel()
	api := httpapi.New(nil)
	httpapi.Register(api, huma.Operation{OperationID: "getPair", Method: http.MethodGet, Path: "/api/Thing/{a}/{b}"},
		func(ctx context.Context, in *pairPath) (*httpapi.Body[httpapi.Result[string]], error) {
			return httpapi.Reply(httpapi.OK("get " + in.A + " " + in.B)), nil
		})
	httpapi.Register(api, huma.Operation{OperationID: "deleteKind", Method: http.MethodDelete, Path: "/api/Thing/{kind}/{id}"},
		func(ctx context.Context, in *kindPath) (*httpapi.Body[httpapi.Result[string]], error) {
			return httpapi.Reply(httpapi.OK("delete " + in.Kind + " " + in.ID)), nil
		})
	var seen []httpapi.Operation
	api.UseGuard(func(r *http.Request, op httpapi.Operation) (*http.Request, error) {
		seen = append(seen, op)
		return r, nil
	})
	tests := []struct {
		method, path string
		want         httpapi.Operation
	}{
		{"GET", "/api/thing/1/voi", httpapi.Operation{Method: "GET", Pattern: "/api/Thing/{a}/{b}"}},
		{"DELETE", "/API/THING/voi/1", httpapi.Operation{Method: "DELETE", Pattern: "/api/Thing/{kind}/{id}"}},
	}
	// Repeat: the paths are kept in a map, whose order varies.
	for range 20 {
		for _, tt := range tests {
			seen = nil
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != http.StatusOK || len(seen) != 1 || seen[0] != tt.want {
				t.Fatalf("%s %s: status %d, guard saw %v; want 200 and %v", tt.method, tt.path, rec.Code, seen, tt.want)
			}
		}
	}
}
