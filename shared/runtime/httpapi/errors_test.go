package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
	"github.com/google/go-cmp/cmp"
)

func TestRespondMapsErrors(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	tests := []struct {
		name     string
		err      error
		status   int
		messages []string
	}{
		{"invalid with fields", apperr.InvalidFields("The contact is not valid.", map[string]string{"phone": "Invalid number", "email": "Invalid email"}), 400, []string{"The contact is not valid.", "Invalid email", "Invalid number"}},
		{"unauthorized", apperr.Errorf(apperr.Unauthorized, "Sign in."), 401, []string{"Sign in."}},
		{"forbidden", apperr.Errorf(apperr.Forbidden, "No."), 403, []string{"No."}},
		{"not found", apperr.Errorf(apperr.NotFound, "Gone."), 404, []string{"Gone."}},
		{"conflict wrapped", fmt.Errorf("save: %w", apperr.Errorf(apperr.Conflict, "Changed.")), 409, []string{"Changed."}},
		{"internal hides its message", apperr.Errorf(apperr.Internal, "table xyz broke"), 500, []string{httpapi.GenericFailure}},
		{"plain error hides its message", errors.New("dynamodb: secret detail"), 500, []string{httpapi.GenericFailure}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := httpapi.Respond(context.Background(), log, tt.err)
			if got := body.GetStatus(); got != tt.status {
				t.Errorf("status = %d, want %d", got, tt.status)
			}
			if diff := cmp.Diff(tt.messages, body.ErrorMessages); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
			if body.Successful {
				t.Error("successful = true on an error")
			}
		})
	}
}

type echoInput struct {
	Name string `path:"name"`
	Body struct {
		Count int `json:"count" minimum:"1"`
	}
}

func TestAPIEnvelopesAndCaseInsensitivePaths(t *testing.T) {
	t.Parallel()
	api := httpapi.New(slog.New(slog.NewJSONHandler(io.Discard, nil)))
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/CrmLead/{name}/echo"},
		func(_ context.Context, in *echoInput) (*httpapi.Body[httpapi.Result[string]], error) {
			if in.Name == "missing" {
				return nil, apperr.Errorf(apperr.NotFound, "No lead %s.", in.Name)
			}
			return httpapi.Reply(httpapi.Paged(strings.Repeat(in.Name, in.Body.Count), httpapi.NewPageData(1, 25, 51))), nil
		})
	tests := []struct {
		name   string
		path   string
		body   string
		status int
		want   string
	}{
		{"as registered", "/api/CrmLead/ab/echo", `{"count":2}`, 200, `{"successful":true,"data":"abab","pageData":{"pageTotal":3,"pageNumber":1,"pageSize":25,"totalRecords":51}}`},
		{"lower case", "/api/crmlead/ab/ECHO", `{"count":1}`, 200, `{"successful":true,"data":"ab","pageData":{"pageTotal":3,"pageNumber":1,"pageSize":25,"totalRecords":51}}`},
		{"parameter keeps its case", "/API/CRMLEAD/AbC/echo", `{"count":1}`, 200, `{"successful":true,"data":"AbC","pageData":{"pageTotal":3,"pageNumber":1,"pageSize":25,"totalRecords":51}}`},
		{"application error", "/api/crmlead/missing/echo", `{"count":1}`, 404, `{"successful":false,"errorMessages":["No lead missing."]}`},
		{"validation error", "/api/crmlead/ab/echo", `{"count":0}`, 400, ""},
		{"unknown path", "/api/crmlead/ab/other", `{}`, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, tt.path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			var got map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("body %q: %v", rec.Body, err)
			}
			if tt.want != "" {
				var want map[string]any
				json.Unmarshal([]byte(tt.want), &want)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
			}
			if tt.status >= 400 {
				if msgs, _ := got["errorMessages"].([]any); len(msgs) == 0 {
					t.Errorf("error without errorMessages: %s", rec.Body)
				}
			}
		})
	}
}
