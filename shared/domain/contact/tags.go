package contact

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cxm/cxm/shared/domain/tag"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MaxTagFilter is how many tags one tag count or tag details request may name.
const MaxTagFilter = 25

// defineTags checks that every tag of c is one of tenant t's definitions and sets each tag's
// name and type from its definition. A tag of old (the stored contact's tags) whose definition
// is gone is kept as it was. An unknown tag is an Invalid error naming it.
func (r *Repo) defineTags(ctx context.Context, t store.Tenant, c *Contact, old []Tag) error {
	if len(c.Tags) == 0 {
		return nil
	}
	defs, err := tag.NewRepo(r.s).Index(ctx, t)
	if err != nil {
		return err
	}
	tags := slices.Clone(c.Tags)
	fields := map[string]string{}
	for i, tg := range tags {
		if d, ok := defs[tg.TagID]; ok {
			tags[i].Name, tags[i].TagTypeID = d.Name, d.TagTypeID
			continue
		}
		if j := slices.IndexFunc(old, func(o Tag) bool { return o.TagID == tg.TagID }); j >= 0 {
			tags[i] = old[j]
			continue
		}
		fields[fmt.Sprintf("tags[%d].tagId", i)] = MsgUnknownTag
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(NotValid, fields)
	}
	c.Tags = tags
	return nil
}

// checkTagFilter returns tagIDs without repeats, or an Invalid error for an empty list, too
// many tags or an id below 1.
func checkTagFilter(tagIDs []int64) ([]int64, error) {
	const msg = "The tags are not valid."
	if len(tagIDs) == 0 {
		return nil, apperr.InvalidFields(msg, map[string]string{"tagIds": "Choose at least one tag."})
	}
	if len(tagIDs) > MaxTagFilter {
		return nil, apperr.InvalidFields(msg, map[string]string{"tagIds": fmt.Sprintf("Choose at most %d tags.", MaxTagFilter)})
	}
	var out []int64
	for i, id := range tagIDs {
		if id < 1 {
			return nil, apperr.InvalidFields(msg, map[string]string{fmt.Sprintf("tagIds[%d]", i): MsgTag})
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

// maxCountQueries bounds the COUNT queries of one CountTags in flight at once.
const maxCountQueries = 16

// TagCount is how many contacts of the counted stores carry a tag.
type TagCount struct {
	TagID int64 `json:"tagId"`
	Count int   `json:"count"`
}

// CountTags returns, per tag of tagIDs (in their order, without repeats), how many contacts of
// stores carry it. It counts the tag's search entries, one COUNT query per tag and store, run
// at once (at most maxCountQueries in flight). An empty or malformed tagIDs is an Invalid error.
func (r *Repo) CountTags(ctx context.Context, t store.Tenant, stores []int64, tagIDs []int64) ([]TagCount, error) {
	ids, err := checkTagFilter(tagIDs)
	if err != nil {
		return nil, err
	}
	stores = slices.Compact(slices.Sorted(slices.Values(stores)))
	parts := make([][]store.Partition, len(ids))
	counts := make([][]int, len(ids))
	errs := make([][]error, len(ids))
	for i, id := range ids {
		parts[i], counts[i], errs[i] = make([]store.Partition, len(stores)), make([]int, len(stores)), make([]error, len(stores))
		for j, st := range stores {
			if parts[i][j], err = t.Partition(partitionParts(st, kindTag, tagValue(id))...); err != nil {
				return nil, err
			}
		}
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, maxCountQueries)
	for i := range ids {
		for j := range stores {
			wg.Go(func() {
				slots <- struct{}{}
				defer func() { <-slots }()
				counts[i][j], errs[i][j] = r.s.Count(ctx, store.Query{Index: "GSI1", Partition: parts[i][j]})
			})
		}
	}
	wg.Wait()
	out := make([]TagCount, len(ids))
	for i, id := range ids {
		out[i].TagID = id
		for j := range stores {
			if errs[i][j] != nil {
				return nil, fmt.Errorf("count tag %d: %w", id, errs[i][j])
			}
			out[i].Count += counts[i][j]
		}
	}
	return out, nil
}

// Tagged returns one page of the contacts of stores that carry every tag of tagIDs, in name
// order. It reads the first tag's entries and keeps the contacts that carry the others. An
// empty or malformed tagIDs, a bad page size or a cursor of another request is an Invalid error.
func (r *Repo) Tagged(ctx context.Context, t store.Tenant, stores []int64, tagIDs []int64, pageSize int, cursor string) (Page, error) {
	ids, err := checkTagFilter(tagIDs)
	if err != nil {
		return Page{}, err
	}
	p := plan{kind: kindTag, value: tagValue(ids[0])}
	if len(ids) > 1 {
		rest := ids[1:]
		p.filter = func(e entry) bool {
			for _, id := range rest {
				if !slices.Contains(e.TagIDs, id) {
					return false
				}
			}
			return true
		}
		keys := make([]string, len(rest))
		for i, id := range rest {
			keys[i] = strconv.FormatInt(id, 10)
		}
		p.filterKey = strings.Join(keys, ",")
	}
	return r.run(ctx, t, stores, p, pageSize, cursor)
}
