// Package accesspattern reads the access-pattern tables that document, beside the code, the
// items each package keeps in the single table, and checks the table's items against them. A
// table is a block of tab-indented doc comment rows of three columns — pattern, index, key
// condition — such as "a contact's tasks | table | PK = A#{acct}#C#{contact},
// begins_with(SK, "TASK#")" or "a store's tasks by due | GSI1 | GSI1PK = A#{acct}#TS#{store}",
// with the columns separated by two or more spaces instead of bars.
//
// A "table" row names a record type: the partition (literal parts and {placeholders}) and the
// literal start of its sort key (none, for the one record type of a partition whose sort key
// is all value). The tests check that every item the areas write is a record
// type of exactly one package's table (its index keys too), and that no two record types of
// one partition share a sort-key prefix, so the tables are the code's, not a wish.
package accesspattern

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Row is one row of an access-pattern table.
type Row struct {
	// Package is the directory of the package whose table holds the row, from the repository root.
	Package string
	// Pattern is the row's description.
	Pattern string
	// Index is "table", "GSI1" or "GSI2".
	Index string
	// Partition is the partition key after the tenant ("C#{id}"); "" for the account's own
	// partition; a directory partition starts with "DIR#", a global one (no tenant) with "G#".
	Partition string
	// Sort is the literal start of the sort key for a "table" row ("LEAD#"); Exact when the
	// row names one whole sort key ("CONTACT").
	Sort  string
	Exact bool
	// Whole is a "table" row that reads a whole partition (no sort key condition): a way of
	// reading the record types of other rows, not a record type of its own.
	Whole bool
}

var rowPattern = regexp.MustCompile(`^//\t(.+?)\s{2,}(table|GSI1|GSI2)\s+(PK|GSI1PK|GSI2PK) = (.+)$`)

// Load reads every access-pattern row of the non-test Go files below root.
func Load(root string) ([]Row, error) {
	var rows []Row
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "web", "infra", ".data", ".build":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(b), "\n") {
			row, ok, err := parseRow(line)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if ok {
				row.Package = filepath.ToSlash(rel)
				rows = append(rows, row)
			}
		}
		return nil
	})
	return rows, err
}

func parseRow(line string) (Row, bool, error) {
	m := rowPattern.FindStringSubmatch(strings.TrimRight(line, " "))
	if m == nil {
		return Row{}, false, nil
	}
	r := Row{Pattern: strings.TrimSpace(m[1]), Index: m[2]}
	pk, cond := splitKey(m[4])
	switch {
	case strings.HasPrefix(pk, "DIR#"), strings.HasPrefix(pk, "G#"), strings.HasPrefix(pk, "SYS#"):
		r.Partition = pk
	case pk == "A#{acct}":
		r.Partition = ""
	case strings.HasPrefix(pk, "A#{acct}#"):
		r.Partition = strings.TrimPrefix(pk, "A#{acct}#")
	default:
		return Row{}, false, fmt.Errorf("row %q: a partition starts with A#{acct}, DIR#, G# or SYS#", r.Pattern)
	}
	if r.Index != "table" {
		return r, true, nil
	}
	switch {
	case strings.HasPrefix(cond, "SK = "):
		sk, _, _ := strings.Cut(strings.TrimPrefix(cond, "SK = "), ",")
		sk = strings.TrimSpace(sk)
		lit, _, hasVar := strings.Cut(sk, "{")
		r.Sort, r.Exact = lit, !hasVar
	case strings.HasPrefix(cond, "begins_with(SK, "):
		p := strings.TrimPrefix(cond, "begins_with(SK, ")
		p, _, _ = strings.Cut(p, ")")
		r.Sort = strings.Trim(p, `"`)
	case strings.HasPrefix(cond, "SK BETWEEN "):
		lo, _, _ := strings.Cut(strings.TrimPrefix(cond, "SK BETWEEN "), " ")
		r.Sort, _, _ = strings.Cut(lo, "{")
	case strings.Contains(cond, "SK"):
		return Row{}, false, fmt.Errorf("row %q: unknown sort key condition %q", r.Pattern, cond)
	default:
		r.Whole = true
	}
	if strings.Contains(r.Sort, "{") {
		return Row{}, false, fmt.Errorf("row %q: bad sort key %q", r.Pattern, r.Sort)
	}
	return r, true, nil
}

// splitKey splits a key condition after "PK = " into the partition key and the rest, at the
// first comma outside braces ("A#{acct}#LV#{vehicle id}, SK = LEADVEHICLE").
func splitKey(s string) (pk, rest string) {
	depth := 0
	for i, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
			}
		}
	}
	return strings.TrimSpace(s), ""
}

// Item is the keys of one item of the table.
type Item struct {
	PK, SK, GSI1PK, GSI2PK string
}

// Owner returns the package whose table names item: the "table" row whose partition and sort
// key it fits, and whose package's index rows name its index partitions. It returns an error
// naming the item when no package or more than one does.
func Owner(rows []Row, it Item) (string, error) {
	var owners []string
	for _, r := range rows {
		if r.Index != "table" || r.Whole || !matchPartition(r.Partition, it.PK) {
			continue
		}
		if r.Exact && it.SK != r.Sort || !r.Exact && !strings.HasPrefix(it.SK, r.Sort) {
			continue
		}
		if !slices.Contains(owners, r.Package) {
			owners = append(owners, r.Package)
		}
	}
	switch len(owners) {
	case 0:
		return "", fmt.Errorf("item %s %s is in no access-pattern table", it.PK, it.SK)
	case 1:
	default:
		return "", fmt.Errorf("item %s %s is in the tables of %v", it.PK, it.SK, owners)
	}
	for _, idx := range []struct{ name, pk string }{{"GSI1", it.GSI1PK}, {"GSI2", it.GSI2PK}} {
		if idx.pk == "" {
			continue
		}
		if !slices.ContainsFunc(rows, func(r Row) bool {
			return r.Package == owners[0] && r.Index == idx.name && matchPartition(r.Partition, idx.pk)
		}) {
			return "", fmt.Errorf("item %s %s: %s partition %s is in no %s row of %s", it.PK, it.SK, idx.name, idx.pk, idx.name, owners[0])
		}
	}
	return owners[0], nil
}

// Overlaps returns the pairs of "table" rows that name different record types one item could
// be: the same partition, and sort keys of which one starts the other (rows of one package with
// the same sort-key start are one record type, read in several ways).
func Overlaps(rows []Row) []string {
	var found []string
	for i, a := range rows {
		if a.Index != "table" || a.Whole {
			continue
		}
		for _, b := range rows[i+1:] {
			if b.Index != "table" || b.Whole || !samePartition(a.Partition, b.Partition) {
				continue
			}
			if a.Package == b.Package && a.Sort == b.Sort {
				continue
			}
			if clash(a, b) {
				found = append(found, fmt.Sprintf("%s %q (%s) and %s %q (%s): partition %q, sort keys %q and %q",
					a.Package, a.Pattern, a.Index, b.Package, b.Pattern, b.Index, a.Partition, a.Sort, b.Sort))
			}
		}
	}
	return found
}

// clash reports whether one item could fit both rows.
func clash(a, b Row) bool {
	switch {
	case a.Exact && b.Exact:
		return a.Sort == b.Sort
	case a.Exact:
		return strings.HasPrefix(a.Sort, b.Sort)
	case b.Exact:
		return strings.HasPrefix(b.Sort, a.Sort)
	}
	return strings.HasPrefix(a.Sort, b.Sort) || strings.HasPrefix(b.Sort, a.Sort)
}

func matchPartition(pattern, pk string) bool {
	if strings.HasPrefix(pattern, "DIR#") || strings.HasPrefix(pattern, "G#") || strings.HasPrefix(pattern, "SYS#") {
		return matchParts(strings.Split(pattern, "#"), strings.Split(pk, "#"))
	}
	parts := strings.Split(pk, "#")
	if len(parts) < 2 || parts[0] != "A" || parts[1] == "" {
		return false
	}
	parts = parts[2:]
	if pattern == "" {
		return len(parts) == 0
	}
	return matchParts(strings.Split(pattern, "#"), parts)
}

func matchParts(pattern, parts []string) bool {
	if len(pattern) != len(parts) {
		return false
	}
	for i, p := range pattern {
		if isPlaceholder(p) {
			if parts[i] == "" {
				return false
			}
			continue
		}
		if p != parts[i] {
			return false
		}
	}
	return true
}

func samePartition(a, b string) bool {
	pa, pb := strings.Split(a, "#"), strings.Split(b, "#")
	if len(pa) != len(pb) {
		return false
	}
	for i := range pa {
		ha, hb := isPlaceholder(pa[i]), isPlaceholder(pb[i])
		if ha != hb || (!ha && pa[i] != pb[i]) {
			return false
		}
	}
	return true
}

func isPlaceholder(p string) bool { return strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") }
