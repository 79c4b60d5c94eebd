package lead

import "testing"

func TestNextTurn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		eligible []string
		last     string
		skip     []string
		want     string
		ok       bool
	}{
		{"first turn", []string{"b", "a", "c"}, "", nil, "a", true},
		{"after the last", []string{"a", "b", "c"}, "a", nil, "b", true},
		{"wraps around", []string{"a", "b", "c"}, "c", nil, "a", true},
		{"the last left the pool", []string{"a", "c"}, "b", nil, "c", true},
		{"skips the holder", []string{"a", "b", "c"}, "a", []string{"b"}, "c", true},
		{"only the holder", []string{"a"}, "", []string{"a"}, "", false},
		{"nobody", nil, "a", nil, "", false},
		{"duplicates count once", []string{"a", "a", "b"}, "a", nil, "b", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := next(tt.eligible, tt.last, tt.skip...)
			if got != tt.want || ok != tt.ok {
				t.Errorf("next = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
