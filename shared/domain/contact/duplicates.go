package contact

import (
	"context"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Duplicate is an existing contact that a new one probably duplicates, and why.
type Duplicate struct {
	Summary
	// Reasons are what the two share: "email", "phone" and "name" (the same last name and a
	// close first name, see CloseFirstNames).
	Reasons []string `json:"reasons"`
}

// maxNameReads bounds the entries a duplicate check reads for a last name: a common last
// name's customers beyond them are not proposed.
const maxNameReads = 400

// MaxDuplicates is the most duplicates a check returns.
const MaxDuplicates = 25

// Duplicates returns the contacts of storeID that c (a contact not yet saved, normalised)
// probably duplicates: those with one of its e-mail addresses, one of its phone numbers, or its
// last name and a close first name. It reads the search entries of those values only; the
// contacts sharing the most reasons come first, then by name.
func (r *Repo) Duplicates(ctx context.Context, t store.Tenant, storeID int64, c Contact) ([]Duplicate, error) {
	found := map[int64]*Duplicate{}
	var order []int64
	add := func(m Match, reason string) {
		d, ok := found[m.ContactID]
		if !ok {
			d = &Duplicate{Summary: m.Summary}
			found[m.ContactID] = d
			order = append(order, m.ContactID)
		}
		if !slices.Contains(d.Reasons, reason) {
			d.Reasons = append(d.Reasons, reason)
		}
	}
	search := func(crit Criteria, reason string, keep func(Match) bool) error {
		cursor, read := "", 0
		for {
			page, err := r.AdvancedSearch(ctx, t, []int64{storeID}, crit, MaxPageSize, cursor)
			if err != nil {
				return err
			}
			for _, m := range page.Matches {
				if keep(m) {
					add(m, reason)
				}
			}
			read += page.ItemsRead
			if page.Next == "" || read >= maxNameReads {
				return nil
			}
			cursor = page.Next
		}
	}
	all := func(Match) bool { return true }
	for _, e := range c.Emails {
		if err := search(Criteria{Email: e.Email}, "email", all); err != nil {
			return nil, err
		}
	}
	for _, p := range c.Phones {
		if err := search(Criteria{Phone: p.Phone}, "phone", all); err != nil {
			return nil, err
		}
	}
	if last := NormName(c.LastName); last != "" && NormName(c.FirstName) != "" {
		sameName := func(m Match) bool {
			return NormName(m.LastName) == last && CloseFirstNames(c.FirstName, m.FirstName)
		}
		if err := search(Criteria{LastName: c.LastName}, "name", sameName); err != nil {
			return nil, err
		}
	}
	out := make([]Duplicate, 0, len(order))
	for _, id := range order {
		out = append(out, *found[id])
	}
	slices.SortStableFunc(out, func(a, b Duplicate) int {
		if n := len(b.Reasons) - len(a.Reasons); n != 0 {
			return n
		}
		return strings.Compare(nameSortOf(a.Summary), nameSortOf(b.Summary))
	})
	if len(out) > MaxDuplicates {
		out = out[:MaxDuplicates]
	}
	return out, nil
}

func nameSortOf(s Summary) string { return NormName(s.LastName) + "#" + NormName(s.FirstName) }

// CloseFirstNames reports whether two first names probably name the same person. Both are
// normalised first (NormName: upper case, letters and digits only); then they are close when
// either
//   - they are equal;
//   - one is a single letter, the other's initial (J and James);
//   - one starts with the other and the shorter has at least 3 letters (Chris and Christopher,
//     Sara and Sarah);
//   - their edit distance (insertions, deletions, substitutions and swaps of two adjacent
//     letters, each counting 1) is at most 1 when the longer has 4 letters (Jon and John), or
//     at most 2 when it has 5 or more (Jamie and James, Steven and Stephen).
//
// When the longer has 3 letters or fewer the distance does not count: Wei and Mei are
// different people. An empty name is close to nothing.
func CloseFirstNames(a, b string) bool {
	x, y := []rune(NormName(a)), []rune(NormName(b))
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	if len(x) > len(y) {
		x, y = y, x
	}
	switch {
	case string(x) == string(y):
		return true
	case len(x) == 1:
		return x[0] == y[0]
	case len(x) >= 3 && string(y[:len(x)]) == string(x):
		return true
	}
	d := editDistance(x, y)
	switch n := len(y); {
	case n <= 3:
		return false
	case n == 4:
		return d <= 1
	default:
		return d <= 2
	}
}

// editDistance is the optimal string alignment distance of a and b: insertions, deletions,
// substitutions and transpositions of adjacent runes each cost 1.
func editDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
