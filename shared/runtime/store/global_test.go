package store_test

import (
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestGlobalKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		sort  string
		parts []string
		want  string // the key's String, or "" for an Internal error
	}{
		{"schedule checkpoint", "CHECKPOINT", []string{"TIMERS"}, "G#TIMERS CHECKPOINT"},
		{"several parts", "X", []string{"TIMERS", "2026-03-02T09:00"}, "G#TIMERS#2026-03-02T09:00 X"},
		{"no parts", "X", nil, ""},
		{"empty part", "X", []string{""}, ""},
		{"a part holding #", "X", []string{"A#1"}, ""},
		{"empty sort key", "", []string{"TIMERS"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k, err := store.GlobalKey(tt.sort, tt.parts...)
			if tt.want == "" {
				if apperr.CodeOf(err) != apperr.Internal {
					t.Errorf("GlobalKey = %v, %v; want an Internal error", k, err)
				}
				return
			}
			if err != nil || k.String() != tt.want {
				t.Errorf("GlobalKey = %q, %v; want %q", k.String(), err, tt.want)
			}
		})
	}
	if _, err := store.GlobalIndexKey("GSI1", "s", "A#1"); apperr.CodeOf(err) != apperr.Internal {
		t.Errorf("GlobalIndexKey with a # part: %v, want an Internal error", err)
	}
	if _, err := store.GlobalPartition(); apperr.CodeOf(err) != apperr.Internal {
		t.Errorf("GlobalPartition without parts: %v, want an Internal error", err)
	}
}
