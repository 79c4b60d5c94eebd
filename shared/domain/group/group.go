// Package group keeps user groups of a dealer group: sales teams and other working groups, and
// the organisation groups that make up the dealer group's structure.
package group

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Type is a group's type.
type Type int

// Group types.
const (
	TypeOrganization    Type = 1
	TypeSalesTeam       Type = 2
	TypeServiceTeam     Type = 3
	TypeSalesManagement Type = 4
	TypeFinance         Type = 5
	TypeParts           Type = 6
	TypeMarketing       Type = 7
	TypeBDC             Type = 8
	TypeInternetSales   Type = 9
)

// SalesTypes returns the types of sales groups.
func SalesTypes() []Type { return []Type{TypeSalesTeam, TypeSalesManagement, TypeInternetSales} }

// TypeName returns the display name of t.
func TypeName(t Type) string {
	switch t {
	case TypeOrganization:
		return "Organization"
	case TypeSalesTeam:
		return "Sales Team"
	case TypeServiceTeam:
		return "Service Team"
	case TypeSalesManagement:
		return "Sales Management"
	case TypeFinance:
		return "Finance"
	case TypeParts:
		return "Parts"
	case TypeMarketing:
		return "Marketing"
	case TypeBDC:
		return "BDC"
	case TypeInternetSales:
		return "Internet Sales"
	}
	return ""
}

// Group is one group of users.
type Group struct {
	GroupID     int64  `json:"GroupId"`
	Name        string `json:"Name"`
	GroupTypeID Type   `json:"GroupTypeId"`
	// ParentGroupID is the enclosing organisation group; 0 for a top-level group.
	ParentGroupID      int64    `json:"ParentGroupId"`
	AccountPlatformIDs []int64  `json:"AccountPlatformIds"`
	Active             bool     `json:"Active"`
	MemberUserIDs      []string `json:"MemberUserIds"`
}

// Validate checks a group.
func Validate(g Group) error {
	fields := map[string]string{}
	if g.GroupID <= 0 {
		fields["GroupId"] = "The group id must be positive."
	}
	if strings.TrimSpace(g.Name) == "" || len(g.Name) > 100 {
		fields["Name"] = "The name must be 1 to 100 characters."
	}
	if TypeName(g.GroupTypeID) == "" {
		fields["GroupTypeId"] = fmt.Sprintf("%d is not a group type.", g.GroupTypeID)
	}
	if len(g.AccountPlatformIDs) == 0 {
		fields["AccountPlatformIds"] = "A group belongs to at least one store."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The group is not valid.", fields)
	}
	return nil
}

// Filter selects groups.
type Filter struct {
	// Stores limits the groups to those of at least one of them.
	Stores []int64
	// Types limits the groups to these types; empty means every type.
	Types []Type
	// Active, when not nil, limits the groups to active (true) or inactive (false) ones.
	Active *bool
	// Text limits the groups to those whose name contains it, ignoring case.
	Text string
}

// Select returns the groups among all matching f, sorted by name.
func Select(all []Group, f Filter) []Group {
	text := strings.ToLower(strings.TrimSpace(f.Text))
	out := []Group{}
	for _, g := range all {
		if !slices.ContainsFunc(g.AccountPlatformIDs, func(id int64) bool { return slices.Contains(f.Stores, id) }) {
			continue
		}
		if len(f.Types) > 0 && !slices.Contains(f.Types, g.GroupTypeID) {
			continue
		}
		if f.Active != nil && g.Active != *f.Active {
			continue
		}
		if text != "" && !strings.Contains(strings.ToLower(g.Name), text) {
			continue
		}
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Node is an organisation group at its depth in the organisation.
type Node struct {
	Group
	Depth int
}

// Organization returns the active organisation groups among all that belong to at least one
// of stores, parents before their children and siblings by name. A group whose parent is not
// listed is listed at the top level.
func Organization(all []Group, stores []int64) []Node {
	active := true
	orgs := Select(all, Filter{Stores: stores, Types: []Type{TypeOrganization}, Active: &active})
	listed := map[int64]bool{}
	for _, g := range orgs {
		listed[g.GroupID] = true
	}
	children := map[int64][]Group{}
	for _, g := range orgs {
		parent := g.ParentGroupID
		if !listed[parent] || parent == g.GroupID {
			parent = 0
		}
		children[parent] = append(children[parent], g)
	}
	out := []Node{}
	seen := map[int64]bool{}
	var walk func(parent int64, depth int)
	walk = func(parent int64, depth int) {
		for _, g := range children[parent] {
			if seen[g.GroupID] {
				continue
			}
			seen[g.GroupID] = true
			out = append(out, Node{Group: g, Depth: depth})
			walk(g.GroupID, depth+1)
		}
	}
	walk(0, 0)
	return out
}

// Repo reads and writes groups.
//
//	pattern                index  key condition
//	groups of an account   table  PK = A#{acct}#GROUPS, begins_with(SK, GROUP#)
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

func groupKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("GROUP#%012d", id), "GROUPS")
}

// Create adds a group of tenant t. An invalid group is an Invalid error; an existing group id
// a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, g Group) error {
	if err := Validate(g); err != nil {
		return err
	}
	if g.MemberUserIDs == nil {
		g.MemberUserIDs = []string{}
	}
	k, err := groupKey(t, g.GroupID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "Group", Value: g})
}

// List returns every group of tenant t in id order.
func (r *Repo) List(ctx context.Context, t store.Tenant) ([]Group, error) {
	part, err := t.Partition("GROUPS")
	if err != nil {
		return nil, err
	}
	groups, err := store.QueryAll[Group](ctx, r.s, store.Query{Partition: part, SortPrefix: "GROUP#"})
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	return groups, nil
}
