package accesspattern_test

import (
	"testing"

	"github.com/cxm/cxm/shared/local/accesspattern"
	"github.com/cxm/cxm/shared/local/localaws"
)

// TestTablesDoNotOverlap reads every package's access-pattern table: no two record types of
// one partition may share a sort-key prefix.
func TestTablesDoNotOverlap(t *testing.T) {
	t.Parallel()
	root, err := localaws.Root()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := accesspattern.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 50 {
		t.Fatalf("read %d rows, want the tables of every package", len(rows))
	}
	for _, o := range accesspattern.Overlaps(rows) {
		t.Error(o)
	}
}

func TestOwner(t *testing.T) {
	t.Parallel()
	rows := []accesspattern.Row{
		{Package: "contact", Index: "table", Partition: "C#{id}", Sort: "CONTACT", Exact: true},
		{Package: "contact", Index: "table", Partition: "C#{id}", Sort: "L#"},
		{Package: "contact", Index: "GSI1", Partition: "CS#{store}#{kind}#{value}"},
		{Package: "lead", Index: "table", Partition: "C#{contact}", Sort: "LEAD#"},
		{Package: "user", Index: "table", Partition: "DIR#sub#{subject}", Sort: "DIR", Exact: true},
	}
	tests := []struct {
		name string
		item accesspattern.Item
		want string // "" for an error
	}{
		{"contact", accesspattern.Item{PK: "A#1#C#42", SK: "CONTACT"}, "contact"},
		{"exact sort key only", accesspattern.Item{PK: "A#1#C#42", SK: "CONTACTX"}, ""},
		{"search entry with its index", accesspattern.Item{PK: "A#1#C#42", SK: "L#E#x", GSI1PK: "A#1#CS#2001#E#x"}, "contact"},
		{"index partition of no row", accesspattern.Item{PK: "A#1#C#42", SK: "L#E#x", GSI1PK: "A#1#XX#2001"}, ""},
		{"index of another package", accesspattern.Item{PK: "A#1#C#42", SK: "LEAD#1", GSI1PK: "A#1#CS#2001#E#x"}, ""},
		{"lead", accesspattern.Item{PK: "A#1#C#42", SK: "LEAD#7"}, "lead"},
		{"unlisted", accesspattern.Item{PK: "A#1#C#42", SK: "TASK#1"}, ""},
		{"other partition", accesspattern.Item{PK: "A#1#C#42#ACT", SK: "LEAD#7"}, ""},
		{"directory", accesspattern.Item{PK: "DIR#sub#abc", SK: "DIR"}, "user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := accesspattern.Owner(rows, tt.item)
			if tt.want == "" {
				if err == nil {
					t.Errorf("Owner(%+v) = %q, want an error", tt.item, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("Owner(%+v) = %q, %v, want %q", tt.item, got, err, tt.want)
			}
		})
	}
}

func TestOverlaps(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rows []accesspattern.Row
		want int
	}{
		{"distinct", []accesspattern.Row{{Package: "a", Index: "table", Partition: "C#{c}", Sort: "LEAD#"}, {Package: "b", Index: "table", Partition: "C#{id}", Sort: "L#"}}, 0},
		{"nested prefixes", []accesspattern.Row{{Package: "a", Index: "table", Partition: "C#{c}", Sort: "L"}, {Package: "b", Index: "table", Partition: "C#{id}", Sort: "LEAD#"}}, 1},
		{"one record read two ways", []accesspattern.Row{{Package: "a", Index: "table", Partition: "C#{c}", Sort: "LOG#"}, {Package: "a", Index: "table", Partition: "C#{id}", Sort: "LOG#"}}, 0},
		{"the same prefix in two packages", []accesspattern.Row{{Package: "a", Index: "table", Partition: "C#{c}", Sort: "LOG#"}, {Package: "b", Index: "table", Partition: "C#{id}", Sort: "LOG#"}}, 1},
		{"other partitions", []accesspattern.Row{{Package: "a", Index: "table", Partition: "C#{c}", Sort: "LOG#"}, {Package: "b", Index: "table", Partition: "L#{l}", Sort: "LOG#"}}, 0},
		{"exact key and a longer prefix", []accesspattern.Row{{Package: "a", Index: "table", Partition: "L#{l}", Sort: "LEAD", Exact: true}, {Package: "b", Index: "table", Partition: "L#{l}", Sort: "LEADV"}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := accesspattern.Overlaps(tt.rows); len(got) != tt.want {
				t.Errorf("Overlaps = %q, want %d", got, tt.want)
			}
		})
	}
}
