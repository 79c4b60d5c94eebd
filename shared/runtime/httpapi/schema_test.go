package httpapi_test

import (
	"encoding/gob"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestSchemaName(t *testing.T) {
	t.Parallel()
	type body struct{ Name string }
	tests := []struct {
		name  string
		scope string
		typ   reflect.Type
		hint  string
		want  string
	}{
		{"type outside the module", "", reflect.TypeFor[json.Encoder](), "", "json.Encoder"},
		{"same name, other package", "", reflect.TypeFor[gob.Encoder](), "", "gob.Encoder"},
		{"pointer", "leads", reflect.TypeFor[*json.Encoder](), "", "json.Encoder"},
		{"unnamed body in a scope", "leads", reflect.TypeFor[struct{ A int }](), "SaveInputBody", "leads.SaveInputBody"},
		{"unnamed body without a scope", "", reflect.TypeFor[struct{ A int }](), "SaveInputBody", "SaveInputBody"},
		{"test-local type", "x", reflect.TypeFor[body](), "", "runtime.httpapi_test.Body"},
		{"error type of the module", "", reflect.TypeFor[apperr.Error](), "", "runtime.apperr.Error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := httpapi.SchemaName(tt.scope, tt.typ, tt.hint); got != tt.want {
				t.Errorf("SchemaName(%q, %v, %q) = %q, want %q", tt.scope, tt.typ, tt.hint, got, tt.want)
			}
		})
	}
}
