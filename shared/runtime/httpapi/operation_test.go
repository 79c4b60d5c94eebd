package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
	"github.com/google/go-cmp/cmp"
)

func TestOps(t *testing.T) {
	tags := []string{"merge"}
	op := httpapi.Ops(http.MethodPost, tags, 400, 404)
	tests := []struct {
		name string
		got  huma.Operation
		want huma.Operation
	}{
		{
			name: "named by id, path, summary and description",
			got:  op("simulateMerge", "/api/contact/merge/simulate", "Simulate", "Writes nothing."),
			want: huma.Operation{
				OperationID: "simulateMerge", Method: http.MethodPost, Path: "/api/contact/merge/simulate",
				Summary: "Simulate", Description: "Writes nothing.", Tags: []string{"merge"}, Errors: []int{400, 404},
			},
		},
		{
			name: "no operation shares its tags or errors with another",
			got: func() huma.Operation {
				first := op("a", "/a", "A", "")
				first.Tags[0], first.Errors[0] = "changed", 500
				tags[0] = "changed"
				return op("b", "/b", "B", "")
			}(),
			want: huma.Operation{OperationID: "b", Method: http.MethodPost, Path: "/b", Summary: "B", Tags: []string{"merge"}, Errors: []int{400, 404}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("operation (-want +got):\n%s", diff)
			}
		})
	}
}
