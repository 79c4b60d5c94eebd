package user

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"sort"
	"strings"

	"github.com/cxm/cxm/shared/runtime/store"
)

// SystemUserType is the user type of system users, which employee lists leave out.
const SystemUserType = 10

// AutomationUserID is the id of the automation user, which employee lists leave out.
const AutomationUserID = "9999999"

// Employee reports whether p belongs in employee lists: system users (UserType 10), partner
// support users (ids starting with PS) and the automation user (9999999) do not.
func Employee(p Profile) bool {
	return p.UserType != SystemUserType && !strings.HasPrefix(p.UserID, "PS") && p.UserID != AutomationUserID
}

// BelongsToAny reports whether p belongs to any of stores.
func (p Profile) BelongsToAny(stores []int64) bool {
	for _, s := range p.AllowedStores {
		if slices.Contains(stores, s) {
			return true
		}
	}
	return false
}

// List returns every profile of tenant t in last-name, first-name order. It queries the user
// list index (GSI1 = A#{acct}#USERS, sorted by LAST#FIRST#ID) page by page; the users of one
// dealer group are bounded, so one call reads them all.
func (r *Repo) List(ctx context.Context, t store.Tenant) ([]Profile, error) {
	part, err := t.Partition("USERS")
	if err != nil {
		return nil, err
	}
	profiles, err := store.QueryAll[Profile](ctx, r.s, store.Query{Index: "GSI1", Partition: part})
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	return profiles, nil
}

// Orderings of user lists.
const (
	OrderLastName  = "LastName"
	OrderFirstName = "FirstName"
)

// ListOptions select and order one page of an employee list.
type ListOptions struct {
	// Stores limits the list to users belonging to at least one of them.
	Stores []int64
	// IncludeInactive lists inactive and pending users after the active ones.
	IncludeInactive bool
	// Status, when not 0, lists only users of that status.
	Status int
	// OrderBy is OrderLastName (the default) or OrderFirstName.
	OrderBy    string
	Descending bool
	// From is the offset of the page's first user; Size the page size (0 for every user).
	From, Size int
}

// Select returns one page of the employees among all (as List returns them) that match o, and
// how many match over all pages. Active users come before the others; within each, users are
// ordered by o.OrderBy, ties broken by the other name and the id.
func Select(all []Profile, o ListOptions) ([]Profile, int) {
	var matched []Profile
	for _, p := range all {
		if !Employee(p) || !p.BelongsToAny(o.Stores) {
			continue
		}
		if o.Status != 0 && p.UserStatus != o.Status {
			continue
		}
		if o.Status == 0 && !o.IncludeInactive && !p.Active() {
			continue
		}
		matched = append(matched, p)
	}
	key := func(p Profile) string {
		first, last := strings.ToUpper(p.FirstName), strings.ToUpper(p.LastName)
		if o.OrderBy == OrderFirstName {
			return first + "\x00" + last + "\x00" + p.UserID
		}
		return last + "\x00" + first + "\x00" + p.UserID
	}
	sort.SliceStable(matched, func(i, j int) bool {
		a, b := matched[i], matched[j]
		if a.Active() != b.Active() {
			return a.Active()
		}
		if o.Descending {
			return key(a) > key(b)
		}
		return key(a) < key(b)
	})
	total := len(matched)
	from := min(max(o.From, 0), total)
	to := total
	if o.Size > 0 {
		to = min(from+o.Size, total)
	}
	return matched[from:to], total
}

// AvatarColor chooses a colour of a fixed palette by a hash of name.
func AvatarColor(name string) string {
	palette := [...]string{"#1E88E5", "#43A047", "#F4511E", "#8E24AA", "#00897B", "#3949AB", "#C0CA33", "#6D4C41", "#D81B60", "#546E7A"}
	h := fnv.New32a()
	h.Write([]byte(name))
	return palette[h.Sum32()%uint32(len(palette))]
}
