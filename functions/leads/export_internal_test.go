package leads

import "testing"

func TestExportCells(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Maria Gonzales", "Maria Gonzales"},
		{"", ""},
		{"=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"},
		{"+1 555", "'+1 555"},
		{"-2", "'-2"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"O'Neil", "O'Neil"},
	}
	for _, tt := range tests {
		if got := cell(tt.in); got != tt.want {
			t.Errorf("cell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if yesNo(true) != "Yes" || yesNo(false) != "No" {
		t.Errorf("yesNo reads %q and %q, want Yes and No", yesNo(true), yesNo(false))
	}
}
