package stacks_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
)

func TestRoutePaths(t *testing.T) {
	got := stacks.RoutePaths(route.Area{Name: "leads", Prefixes: []string{"/api/CrmLead", "/api/crmlead"}})
	want := []string{"/api/CrmLead", "/api/CrmLead/{proxy+}", "/api/crmlead", "/api/crmlead/{proxy+}"}
	if !slices.Equal(got, want) {
		t.Errorf("RoutePaths = %v, want %v", got, want)
	}
}

func TestValidateAreas(t *testing.T) {
	tests := []struct {
		name    string
		areas   []route.Area
		wantErr string
	}{
		{"real table", route.Table(), ""},
		{"case variants", []route.Area{{Name: "leads", Prefixes: []string{"/api/CrmLead", "/api/crmlead"}}}, ""},
		{"empty", nil, "no areas"},
		{"unnamed", []route.Area{{Prefixes: []string{"/x"}}}, "without a name"},
		{"no prefixes", []route.Area{{Name: "x"}}, "no prefixes"},
		{"twice", []route.Area{{Name: "x", Prefixes: []string{"/x"}}, {Name: "x", Prefixes: []string{"/y"}}}, "twice"},
		{"relative", []route.Area{{Name: "x", Prefixes: []string{"x"}}}, "must start with /"},
		{"root", []route.Area{{Name: "x", Prefixes: []string{"/"}}}, "must start with /"},
		{"trailing slash", []route.Area{{Name: "x", Prefixes: []string{"/x/"}}}, "not end with /"},
		{"shared prefix", []route.Area{{Name: "x", Prefixes: []string{"/p"}}, {Name: "y", Prefixes: []string{"/p"}}}, `served by areas "x" and "y"`},
		{"named like the authorizer", []route.Area{{Name: stacks.AuthorizerName, Prefixes: []string{"/x"}}}, "name of the authorizer"},
		{"public operations", []route.Area{{Name: "x", Prefixes: []string{"/x", "/y"}, Public: []string{"GET /x/a.json", "POST /y", "DELETE /x/b/c"}}}, ""},
		{"public without method", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"/x/a"}}}, `"METHOD /path"`},
		{"public ANY", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"ANY /x/a"}}}, `"METHOD /path"`},
		{"public OPTIONS", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"OPTIONS /x/a"}}}, `"METHOD /path"`},
		{"public lower-case method", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"get /x/a"}}}, `"METHOD /path"`},
		{"public path variable", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/{id}"}}}, "literal path"},
		{"public trailing slash", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/a/"}}}, "literal path"},
		{"public outside the area", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /xy/a"}}}, "not under"},
		{"public in another case", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /X/a"}}}, "not under"},
		{"public twice", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/a", "GET /x/a"}}}, "twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := stacks.ValidateAreas(tt.areas)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("ValidateAreas = %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("ValidateAreas = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestFunctionNames(t *testing.T) {
	got := stacks.FunctionNames([]route.Area{{Name: "users"}, {Name: "auth"}})
	if want := []string{"users", "auth", stacks.AuthorizerName, stacks.EventFunctionName(stacks.TimersFunctionName), stacks.SocketFunctionName}; !slices.Equal(got, want) {
		t.Errorf("FunctionNames = %v, want %v", got, want)
	}
}

// TestTokenServiceInRouteTable checks what the API stack assumes of the route table: the token
// service area exists and serves the issuer path, so the issuer's keys are at
// {API endpoint}/auth/.well-known/jwks.json, a public operation.
func TestTokenServiceInRouteTable(t *testing.T) {
	for _, a := range route.Table() {
		if a.Name != stacks.TokenServiceArea {
			continue
		}
		if !slices.Contains(a.Prefixes, stacks.IssuerPath) {
			t.Errorf("area %s prefixes %v lack %s", a.Name, a.Prefixes, stacks.IssuerPath)
		}
		if jwks := "GET " + stacks.IssuerPath + "/.well-known/jwks.json"; !slices.Contains(a.Public, jwks) {
			t.Errorf("area %s public operations %v lack %s", a.Name, a.Public, jwks)
		}
		return
	}
	t.Errorf("route table has no %s area", stacks.TokenServiceArea)
}

func TestAssetCode(t *testing.T) {
	root := t.TempDir()
	for _, area := range []string{"users", "leads"} {
		if err := os.MkdirAll(filepath.Join(root, area), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "users", stacks.BootstrapFile), []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		areas   []string
		wantErr string
	}{
		{"built", []string{"users"}, ""},
		{"empty directory", []string{"users", "leads"}, "leads"},
		{"no directory", []string{"calendar", "users"}, "calendar"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, err := stacks.AssetCode(root, tt.areas)
			if tt.wantErr == "" {
				if err != nil || code == nil {
					t.Fatalf("AssetCode = %v, want a Code function", err)
				}
				if code("users") == nil {
					t.Error("Code(users) = nil")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("AssetCode = %v, want an error naming %q", err, tt.wantErr)
			}
			if strings.Contains(err.Error(), "users") {
				t.Errorf("AssetCode error %q names the built area", err)
			}
		})
	}
}
