package dashboard

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ActivityGroup is an activity group: a named set of counters a store's managers read together (for
// example "Outreach": calls, e-mails and texts), shown as one column of the grouped detail.
type ActivityGroup struct {
	ID                int64     `json:"activityGroupId" readOnly:"true"`
	AccountPlatformID int64     `json:"accountPlatformId" minimum:"1"`
	Name              string    `json:"name" maxLength:"80"`
	Counters          []Counter `json:"counters" doc:"The counters the group adds up (see the summary's counts)."`
	CreatedBy         string    `json:"createdBy" readOnly:"true"`
	CreatedAt         time.Time `json:"createdAt" readOnly:"true"`
	Version           int64     `json:"version" readOnly:"true"`
}

// MsgGroupNotFound is the message for an activity group that does not exist or that the caller
// may not see.
const MsgGroupNotFound = "The activity group does not exist."

func groupKey(t store.Tenant, storeID, id int64) (store.Key, error) {
	return t.Key("G#"+strconv.FormatInt(id, 10), "DASHGROUP", storePart(storeID))
}

// validate checks g; field errors name the JSON fields.
func (g *ActivityGroup) validate() error {
	bad := map[string]string{}
	g.Name = strings.TrimSpace(g.Name)
	switch {
	case g.Name == "":
		bad["name"] = "Name the activity group."
	case utf8.RuneCountInString(g.Name) > 80:
		bad["name"] = "Use at most 80 characters."
	}
	if len(g.Counters) == 0 {
		bad["counters"] = "Choose at least one activity."
	}
	var seen []Counter
	for _, c := range g.Counters {
		if !slices.Contains(Counters(), c) {
			bad["counters"] = fmt.Sprintf("%q is not an activity the dashboards count.", c)
		}
		if !slices.Contains(seen, c) {
			seen = append(seen, c)
		}
	}
	g.Counters = seen
	if len(bad) > 0 {
		return apperr.InvalidFields("The activity group is not valid.", bad)
	}
	return nil
}

// CreateGroup creates activity group g at its store, named by a new id, created by user at
// now. A bad name or counter is an Invalid error; a name another group of the store has (in
// any case) is a Conflict error.
func (r *Repo) CreateGroup(ctx context.Context, t store.Tenant, g ActivityGroup, user string, now time.Time) (ActivityGroup, error) {
	if err := g.validate(); err != nil {
		return ActivityGroup{}, err
	}
	existing, err := r.Groups(ctx, t, g.AccountPlatformID)
	if err != nil {
		return ActivityGroup{}, err
	}
	for _, e := range existing {
		if strings.EqualFold(e.Name, g.Name) {
			return ActivityGroup{}, apperr.Errorf(apperr.Conflict, "Another activity group of the store is named %s. Choose another name.", e.Name)
		}
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return ActivityGroup{}, err
	}
	g.ID, g.CreatedBy, g.CreatedAt, g.Version = int64(binary.BigEndian.Uint64(b[:])>>11)+1, user, now.UTC(), 1
	k, err := groupKey(t, g.AccountPlatformID, g.ID)
	if err != nil {
		return ActivityGroup{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: typeGroup, Value: g}); err != nil {
		return ActivityGroup{}, err
	}
	return g, nil
}

// Groups returns the activity groups of store storeID by name.
func (r *Repo) Groups(ctx context.Context, t store.Tenant, storeID int64) ([]ActivityGroup, error) {
	part, err := t.Partition("DASHGROUP", storePart(storeID))
	if err != nil {
		return nil, err
	}
	gs, err := store.QueryAll[ActivityGroup](ctx, r.s, store.Query{Partition: part, SortPrefix: "G#"})
	if err != nil {
		return nil, fmt.Errorf("activity groups of store %d: %w", storeID, err)
	}
	slices.SortFunc(gs, func(a, b ActivityGroup) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return gs, nil
}

// ActivityGroup returns activity group id of store storeID. A missing group is a NotFound error.
func (r *Repo) ActivityGroup(ctx context.Context, t store.Tenant, storeID, id int64) (ActivityGroup, error) {
	k, err := groupKey(t, storeID, id)
	if err != nil {
		return ActivityGroup{}, err
	}
	var g ActivityGroup
	v, err := r.s.Get(ctx, k, &g)
	if IsNotFound(err) {
		return ActivityGroup{}, apperr.Wrap(apperr.NotFound, err, MsgGroupNotFound)
	}
	if err != nil {
		return ActivityGroup{}, err
	}
	g.Version = v
	return g, nil
}

// DeleteGroup deletes activity group id of store storeID. A group that does not exist (any
// more) changes nothing and is no error, so a retried delete has one effect.
func (r *Repo) DeleteGroup(ctx context.Context, t store.Tenant, storeID, id int64) error {
	g, err := r.ActivityGroup(ctx, t, storeID, id)
	if IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	k, err := groupKey(t, storeID, id)
	if err != nil {
		return err
	}
	return r.s.Delete(ctx, k, g.Version)
}
