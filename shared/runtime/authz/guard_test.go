package authz_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/authz"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

func TestGuardDeniesOperationsWithoutARule(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	api := httpapi.New(log)
	api.UseGuard(authz.Guard(user.NewRepo(nil), log))
	reached := false
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/unlisted/{id}"},
		func(context.Context, *struct{}) (*httpapi.Body[httpapi.Result[string]], error) {
			reached = true
			return httpapi.Reply(httpapi.OK("secret")), nil
		})
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/unlisted/1", nil))
	if rec.Code != http.StatusForbidden || reached {
		t.Errorf("status = %d, handler reached = %v; want 403 before the handler", rec.Code, reached)
	}
}

func TestRuleAllows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		permission  string
		permissions []string
		roles       []string
		want        bool
	}{
		{"-", nil, nil, true},
		{"public", nil, nil, true},
		{"pando.cxm.rules.admin", []string{"pando.cxm.rules.admin"}, nil, true},
		{"pando.cxm.rules.admin", []string{"pando.cxm.rules.viewonly"}, nil, false},
		{"pando.cxm.rules.admin|role:DealerAdmin", nil, []string{"DealerAdmin"}, true},
		{"pando.cxm.rules.admin|role:DealerAdmin", []string{"pando.cxm.dashboard.manager"}, []string{"SalesManager"}, false},
	}
	for _, tt := range tests {
		r := authz.Rule{Permission: tt.permission}
		if got := r.Allows(tt.permissions, tt.roles); got != tt.want {
			t.Errorf("Rule{%q}.Allows(%v, %v) = %v, want %v", tt.permission, tt.permissions, tt.roles, got, tt.want)
		}
	}
}
