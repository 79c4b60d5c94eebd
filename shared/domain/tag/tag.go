// Package tag keeps a dealer group's tag definitions: the tags its staff put on customers, each
// of a tag type (what the tag is about: service, sales, marketing ...).
//
// Access patterns:
//
//	pattern                   index  key condition
//	a group's definitions     table  PK = A#{acct}#TAGS, begins_with(SK, "T#")
//	one definition            table  PK = A#{acct}#TAGS, SK = T#{id, 16 digits}
//
// A group has at most MaxDefinitions tags, so its definitions are read in one query.
package tag

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Tag types.
const (
	TypeCustomer  = 1
	TypeService   = 2
	TypeSales     = 3
	TypeMarketing = 4
)

// Limits of definitions.
const (
	MaxDefinitions = 500
	MaxName        = 50
	MaxDescription = 200
	// MaxTypeIDs is how many tag types one lookup may ask for.
	MaxTypeIDs = 20
)

// Messages of rejected definitions and lookups.
const (
	MsgName      = "Enter the tag's name."
	MsgType      = "Choose a tag type."
	MsgColor     = "Enter a colour as #RRGGBB."
	MsgTypeIDs   = "Choose at least one tag type."
	MsgNotValid  = "The tag is not valid."
	MsgLookup    = "The tag types are not valid."
	msgDuplicate = "A tag with this id exists already."
)

// Definition is one tag of a dealer group.
type Definition struct {
	TagID       int64  `json:"tagId"`
	Name        string `json:"name"`
	TagTypeID   int    `json:"tagTypeId"`
	Color       string `json:"color"`
	Description string `json:"description"`
}

// Validate returns d normalised (blanks trimmed, colour upper-cased), or an Invalid error naming
// every bad field.
func (d Definition) Validate() (Definition, error) {
	fields := map[string]string{}
	d.Name, d.Description = strings.TrimSpace(d.Name), strings.TrimSpace(d.Description)
	d.Color = strings.ToUpper(strings.TrimSpace(d.Color))
	if d.TagID < 1 {
		fields["tagId"] = "Choose the tag's id."
	}
	if d.Name == "" {
		fields["name"] = MsgName
	} else if utf8.RuneCountInString(d.Name) > MaxName {
		fields["name"] = fmt.Sprintf("At most %d characters.", MaxName)
	}
	if d.TagTypeID < TypeCustomer || d.TagTypeID > TypeMarketing {
		fields["tagTypeId"] = MsgType
	}
	if d.Color != "" && !validColor(d.Color) {
		fields["color"] = MsgColor
	}
	if utf8.RuneCountInString(d.Description) > MaxDescription {
		fields["description"] = fmt.Sprintf("At most %d characters.", MaxDescription)
	}
	if len(fields) > 0 {
		return Definition{}, apperr.InvalidFields(MsgNotValid, fields)
	}
	return d, nil
}

func validColor(c string) bool {
	if len(c) != 7 || c[0] != '#' {
		return false
	}
	for _, r := range c[1:] {
		if !strings.ContainsRune("0123456789ABCDEF", r) {
			return false
		}
	}
	return true
}

// Repo reads and writes tag definitions.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

func key(t store.Tenant, id int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("T#%016d", id), "TAGS")
}

// Create stores d as a new definition of tenant t. An invalid definition is an Invalid error, an
// id in use a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, d Definition) (Definition, error) {
	d, err := d.Validate()
	if err != nil {
		return Definition{}, err
	}
	k, err := key(t, d.TagID)
	if err != nil {
		return Definition{}, err
	}
	err = r.s.Create(ctx, store.Record{Key: k, Type: "TagDefinition", Value: d})
	if apperr.CodeOf(err) == apperr.Conflict {
		return Definition{}, apperr.Wrap(apperr.Conflict, err, msgDuplicate)
	}
	if err != nil {
		return Definition{}, fmt.Errorf("create tag %d: %w", d.TagID, err)
	}
	return d, nil
}

// List returns tenant t's definitions in id order.
func (r *Repo) List(ctx context.Context, t store.Tenant) ([]Definition, error) {
	part, err := t.Partition("TAGS")
	if err != nil {
		return nil, err
	}
	defs, err := store.QueryAll[Definition](ctx, r.s, store.Query{Partition: part, SortPrefix: "T#", Limit: MaxDefinitions})
	if err != nil {
		return nil, fmt.Errorf("list tags: %w", err)
	}
	return defs, nil
}

// ByTypes returns tenant t's definitions of the tag types typeIDs, in id order. No type, more
// than MaxTypeIDs types or an unknown type is an Invalid error.
func (r *Repo) ByTypes(ctx context.Context, t store.Tenant, typeIDs []int) ([]Definition, error) {
	if len(typeIDs) == 0 {
		return nil, apperr.InvalidFields(MsgLookup, map[string]string{"tagTypeIds": MsgTypeIDs})
	}
	if len(typeIDs) > MaxTypeIDs {
		return nil, apperr.InvalidFields(MsgLookup, map[string]string{"tagTypeIds": fmt.Sprintf("Choose at most %d tag types.", MaxTypeIDs)})
	}
	for i, id := range typeIDs {
		if id < TypeCustomer || id > TypeMarketing {
			return nil, apperr.InvalidFields(MsgLookup, map[string]string{fmt.Sprintf("tagTypeIds[%d]", i): MsgType})
		}
	}
	all, err := r.List(ctx, t)
	if err != nil {
		return nil, err
	}
	out := []Definition{}
	for _, d := range all {
		if slices.Contains(typeIDs, d.TagTypeID) {
			out = append(out, d)
		}
	}
	return out, nil
}

// Index returns tenant t's definitions by id.
func (r *Repo) Index(ctx context.Context, t store.Tenant) (map[int64]Definition, error) {
	all, err := r.List(ctx, t)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Definition, len(all))
	for _, d := range all {
		out[d.TagID] = d
	}
	return out, nil
}
