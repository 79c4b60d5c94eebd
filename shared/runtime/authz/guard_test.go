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

func TestRuleRefusal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		permission, want string
	}{
		{"pando.cxm.rules.admin", "You do not have permission to do this."},
		{"pando.cxm.rules.admin|role:DealerAdmin", "You do not have permission to do this."},
		{"role:DealerAdmin", "Only a dealer admin may do this."},
		{"role:FIManager|role:BDCAgent", "Only an F&I manager or a BDC agent may do this."},
		{"role:FIManager|role:SalesManager|role:GeneralManager", "Only an F&I manager, a sales manager or a general manager may do this."},
	}
	for _, tt := range tests {
		if got := (authz.Rule{Permission: tt.permission}).Refusal(); got != tt.want {
			t.Errorf("Rule{%q}.Refusal() = %q, want %q", tt.permission, got, tt.want)
		}
	}
}
