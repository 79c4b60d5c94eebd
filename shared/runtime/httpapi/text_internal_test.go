package httpapi

import (
	"strings"
	"testing"
)

// TestDecodeErrorsNameTheField checks that the decoder's own failures, which the raw checks
// leave to it, name the field and never a Go type.
func TestDecodeErrorsNameTheField(t *testing.T) {
	t.Parallel()
	type inner struct {
		Count int8 `json:"count"`
	}
	type body struct {
		Inner inner   `json:"inner"`
		Rate  float32 `json:"rate"`
	}
	tests := []struct {
		name     string
		msg      string // "" to decode raw into a body and use the error's message
		raw      string
		field    string
		isDecode bool
		wantNoGo bool
	}{
		{name: "nested overflow", raw: `{"inner":{"count":300}}`, field: "inner.count", isDecode: true, wantNoGo: true},
		{name: "wrong type", raw: `{"rate":"fast"}`, field: "rate", isDecode: true, wantNoGo: true},
		{name: "a message of encoding/json", msg: "json: cannot unmarshal number 1e400 into Go value of type float64", field: "body", isDecode: true},
		{name: "another message", msg: "expected string", isDecode: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := tt.msg
			if msg == "" {
				var b body
				err := jsonFormat.Unmarshal([]byte(tt.raw), &b)
				if err == nil {
					t.Fatal("decoded without error")
				}
				msg = err.Error()
			}
			if tt.wantNoGo && (strings.Contains(msg, "Go ") || strings.Contains(msg, "int8") || strings.Contains(msg, "float32")) {
				t.Errorf("message %q names a Go type", msg)
			}
			field, ok := decodeField(msg)
			if ok != tt.isDecode || field != tt.field {
				t.Errorf("decodeField(%q) = %q, %v; want %q, %v", msg, field, ok, tt.field, tt.isDecode)
			}
		})
	}
}
