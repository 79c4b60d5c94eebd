package lead

import (
	"context"
	"fmt"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// normSource is the key form of a source name: trimmed, single spaces, upper case. Two names
// with the same key are the same source.
func normSource(name string) string {
	return strings.ToUpper(strings.Join(strings.Fields(name), " "))
}

func sourceKey(t store.Tenant, storeID int64, name string) (store.Key, error) {
	return t.Key("SRC#"+normSource(name), "LSRC", idPart(storeID))
}

// Sources returns the lead sources of store storeID, sorted by name.
func (r *Repo) Sources(ctx context.Context, t store.Tenant, storeID int64) ([]Source, error) {
	part, err := t.Partition("LSRC", idPart(storeID))
	if err != nil {
		return nil, err
	}
	src, err := store.QueryAll[Source](ctx, r.s, store.Query{Partition: part, SortPrefix: "SRC#"})
	if err != nil {
		return nil, fmt.Errorf("sources of store %d: %w", storeID, err)
	}
	if src == nil {
		src = []Source{}
	}
	return src, nil
}

// EnsureSource returns the source of store storeID named name (compared without case and extra
// spaces), creating it when the store has none by that name. An empty or too long name is an
// Invalid error.
func (r *Repo) EnsureSource(ctx context.Context, t store.Tenant, storeID int64, name string) (Source, error) {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" || len(name) > MaxSourceName {
		return Source{}, apperr.InvalidFields("The lead source is not valid.", map[string]string{"leadSource": fmt.Sprintf("A source name has 1 to %d characters.", MaxSourceName)})
	}
	k, err := sourceKey(t, storeID, name)
	if err != nil {
		return Source{}, err
	}
	for attempt := 0; attempt < 3; attempt++ {
		var s Source
		_, err := r.s.Get(ctx, k, &s)
		if err == nil {
			return s, nil
		}
		if apperr.CodeOf(err) != apperr.NotFound {
			return Source{}, fmt.Errorf("get source %q: %w", name, err)
		}
		s = Source{LeadSourceID: newID(), AccountPlatformID: storeID, Name: name}
		err = r.s.Create(ctx, store.Record{Key: k, Type: "LeadSource", Value: s})
		if err == nil {
			return s, nil
		}
		if apperr.CodeOf(err) != apperr.Conflict {
			return Source{}, fmt.Errorf("create source %q: %w", name, err)
		}
		// Someone created it meanwhile: read theirs.
	}
	return Source{}, apperr.Errorf(apperr.Conflict, "The lead source %q is being changed. Try again.", name)
}
