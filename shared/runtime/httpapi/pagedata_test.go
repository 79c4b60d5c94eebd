package httpapi

import "testing"

func TestCursorPageData(t *testing.T) {
	tests := []struct {
		name                   string
		number, size, returned int
		more                   bool
		want                   PageData
	}{
		{"one short page", 1, 25, 7, false, PageData{PageTotal: 1, PageNumber: 1, PageSize: 25, TotalRecords: 7}},
		{"a full first page with more", 1, 25, 25, true, PageData{PageTotal: 2, PageNumber: 1, PageSize: 25, TotalRecords: 25}},
		{"the last of three pages", 3, 25, 10, false, PageData{PageTotal: 3, PageNumber: 3, PageSize: 25, TotalRecords: 60}},
		{"an empty first page", 1, 25, 0, false, PageData{PageTotal: 1, PageNumber: 1, PageSize: 25, TotalRecords: 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CursorPageData(tt.number, tt.size, tt.returned, tt.more); got != tt.want {
				t.Errorf("CursorPageData(%d, %d, %d, %v) = %+v, want %+v", tt.number, tt.size, tt.returned, tt.more, got, tt.want)
			}
		})
	}
}
