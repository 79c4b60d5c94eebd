package relations

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/tag"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// RemoveTagInput is the request of POST /crm/RemoveContactTag.
type RemoveTagInput struct {
	ContactID int64 `query:"contactId" minimum:"1" required:"true" doc:"The customer."`
	TagID     int64 `query:"tagId" minimum:"1" required:"true" doc:"The tag to take off the customer."`
}

func (a *area) registerTags(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "removeContactTag",
		Method:      http.MethodPost,
		Path:        "/crm/RemoveContactTag",
		Summary:     "Take a tag off a customer",
		Description: "Saves the customer without the tag, re-reading it when another save got in between (no update is lost). A tag the customer does not have changes nothing and succeeds, so a retried call has one effect. Returns the customer's remaining tags.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *RemoveTagInput) (*httpapi.Body[httpapi.Result[[]contact.Tag]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := requireEditor(sess); err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		allow := func(old contact.Contact) error {
			if !sess.Principal.CanView(old.AccountPlatformID) {
				return apperr.Errorf(apperr.NotFound, contact.MsgNotFound)
			}
			return nil
		}
		for attempt := 0; ; attempt++ {
			c, err := a.visibleContact(ctx, sess, in.ContactID)
			if err != nil {
				return nil, err
			}
			kept := slices.DeleteFunc(slices.Clone(c.Tags), func(tg contact.Tag) bool { return tg.TagID == in.TagID })
			if len(kept) == len(c.Tags) {
				return httpapi.Reply(httpapi.OK(nonNil(kept))), nil
			}
			c.Tags = kept
			saved, err := a.contacts.Update(ctx, t, c, sess.Principal.UserID, allow)
			if apperr.CodeOf(err) == apperr.Conflict && attempt < 4 {
				continue
			}
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(nonNil(saved.Tags))), nil
		}
	})
}

func nonNil(tags []contact.Tag) []contact.Tag {
	if tags == nil {
		return []contact.Tag{}
	}
	return tags
}

// TagTypesInput is the request of POST /crm/GetTagByTagTypeIds.
type TagTypesInput struct {
	Body struct {
		TagTypeIDs []int `json:"tagTypeIds" maxItems:"20" doc:"The tag types whose tags to list: 1 customer, 2 service, 3 sales, 4 marketing."`
	}
}

// TagCountsInput is the request of POST /crm/GetContactTagCounts.
type TagCountsInput struct {
	httpapi.ScopeHeader
	Body struct {
		TagIDs             []int64 `json:"tagIds" maxItems:"25" doc:"The tags to count, 1 to 25."`
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" maxItems:"500" doc:"Stores to count; absent for the Scope header's stores."`
	}
}

// TagCount is how many customers of the selected stores carry a tag.
type TagCount struct {
	TagID     int64  `json:"tagId"`
	Name      string `json:"name" doc:"The tag's name; empty for a tag that is not one of the group's."`
	TagTypeID int    `json:"tagTypeId"`
	Count     int    `json:"count"`
}

// TagDetailsInput is the request of POST /crm/GetContactTagDetails.
type TagDetailsInput struct {
	httpapi.ScopeHeader
	Body struct {
		TagIDs             []int64 `json:"tagIds" maxItems:"25" doc:"The customers listed carry every one of these tags (1 to 25)."`
		PageSize           int     `json:"pageSize,omitempty" minimum:"0" maximum:"100" doc:"Customers per page; 25 when absent."`
		Cursor             string  `json:"cursor,omitempty" maxLength:"4096" doc:"The nextCursor of the previous page; absent for the first page."`
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" maxItems:"500" doc:"Stores to list; absent for the Scope header's stores."`
	}
}

// TaggedContact is a customer carrying the tags: its search summary.
type TaggedContact struct {
	contact.Summary
}

// TagDetails is one page of the customers carrying tags.
type TagDetails struct {
	Results []TaggedContact `json:"results"`
	// NextCursor continues the list; empty on the last page.
	NextCursor string `json:"nextCursor"`
}

func (a *area) registerTagReads(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getTagByTagTypeIds",
		Method:      http.MethodPost,
		Path:        "/crm/GetTagByTagTypeIds",
		Summary:     "The dealer group's tags of some tag types",
		Description: "Returns the definitions (id, name, type, colour, description) of the signed-in user's dealer group's tags whose type is one of tagTypeIds, in id order.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *TagTypesInput) (*httpapi.Body[httpapi.Result[[]tag.Definition]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		defs, err := a.tags.ByTypes(ctx, sess.Principal.Tenant, in.Body.TagTypeIDs)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(defs)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactTagCounts",
		Method:      http.MethodPost,
		Path:        "/crm/GetContactTagCounts",
		Summary:     "How many customers carry each tag",
		Description: "Per tag of tagIds (in their order, repeats once), how many customers of the selected stores carry it: the Scope header's stores (or accountPlatformIds), all of which the user may view. Counts the tag's index entries of each store; nothing else is read.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TagCountsInput) (*httpapi.Body[httpapi.Result[[]TagCount]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		counts, err := a.contacts.CountTags(ctx, sess.Principal.Tenant, stores, in.Body.TagIDs)
		if err != nil {
			return nil, err
		}
		defs, err := a.tags.Index(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := make([]TagCount, len(counts))
		for i, c := range counts {
			def := defs[c.TagID]
			out[i] = TagCount{TagID: c.TagID, Name: def.Name, TagTypeID: def.TagTypeID, Count: c.Count}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactTagDetails",
		Method:      http.MethodPost,
		Path:        "/crm/GetContactTagDetails",
		Summary:     "The customers carrying tags",
		Description: "One page of the customers of the selected stores that carry every tag of tagIds, in name order, 25 a page by default, as search summaries. Pages are read with cursors like the customer search: pageData.totalRecords and pageTotal count what is known after the page. With several tags a page reads at most 1,000 entries, so it may be short and still have a nextCursor.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TagDetailsInput) (*httpapi.Body[httpapi.Result[TagDetails]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		page, err := a.contacts.Tagged(ctx, sess.Principal.Tenant, stores, in.Body.TagIDs, in.Body.PageSize, in.Body.Cursor)
		if err != nil {
			return nil, err
		}
		out := TagDetails{Results: make([]TaggedContact, len(page.Matches)), NextCursor: page.Next}
		for i, m := range page.Matches {
			out.Results[i] = TaggedContact{m.Summary}
		}
		size := in.Body.PageSize
		if size == 0 {
			size = contact.DefaultPageSize
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.CursorPageData(page.Number, size, len(page.Matches), page.Next != ""))), nil
	})
}
