package contacts

import (
	"context"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/value/searchterm"
	"github.com/danielgtaylor/huma/v2"
)

// SearchInput is the request of POST /crm/contacts/search, the quick search.
type SearchInput struct {
	httpapi.ScopeHeader
	Body struct {
		Term     string `json:"term" maxLength:"200" doc:"What the user typed: an e-mail address, a phone number, a VIN, a stock number, a last name, a first and last name, or a business name."`
		PageSize int    `json:"pageSize,omitempty" minimum:"0" maximum:"100" doc:"Results per page; 25 when absent."`
		Cursor   string `json:"cursor,omitempty" maxLength:"4096" doc:"The nextCursor of the previous page; absent for the first page."`
		// AllowStockNumber says whether a single alphanumeric word is a stock number.
		AllowStockNumber   *bool   `json:"allowStockNumber,omitempty" doc:"Whether a single alphanumeric word is searched as a stock number (the default) or as a last name."`
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" maxItems:"500" doc:"Stores to search; absent for the Scope header's stores."`
	}
}

// SearchResults is one page of a customer search.
type SearchResults struct {
	// Classification is what the term was read as (quick search only).
	Classification *searchterm.Term `json:"classification,omitempty"`
	Results        []contact.Match  `json:"results"`
	// NextCursor continues the search; empty on the last page.
	NextCursor string `json:"nextCursor"`
}

// AdvancedSearchInput is the request of POST /crm/contacts/advanced_search.
type AdvancedSearchInput struct {
	httpapi.ScopeHeader
	Body struct {
		contact.Criteria
		PageSize           int     `json:"pageSize,omitempty" minimum:"0" maximum:"100" doc:"Results per page; 25 when absent."`
		Cursor             string  `json:"cursor,omitempty" maxLength:"4096" doc:"The nextCursor of the previous page; absent for the first page."`
		AccountPlatformIDs []int64 `json:"accountPlatformIds,omitempty" maxItems:"500" doc:"Stores to search; absent for the Scope header's stores."`
	}
}

// RecentInput is the request of POST /crm/contacts/recently_viewed_contacts.
type RecentInput struct {
	httpapi.ScopeHeader
	Body *struct {
		PageSize int `json:"pageSize,omitempty" minimum:"0" maximum:"50" doc:"How many customers to list; 25 when absent."`
	}
}

// pageData describes a page of a search read by cursors, of size (the default when 0).
func pageData(p contact.Page, size int) httpapi.PageData {
	if size == 0 {
		size = contact.DefaultPageSize
	}
	return httpapi.CursorPageData(p.Number, size, len(p.Matches), p.Next != "")
}

func (a *area) registerSearch(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "searchContacts",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/search",
		Summary:     "The customer quick search",
		Description: "Classifies the term in the spec's order — e-mail address, phone number (optional +1 and 10 digits), VIN (spaces removed; 18 characters drop a leading I or a trailing non-digit, 19 and 20 take 17 from the second or third; I, O, Q or a ninth character other than a digit or X reject it), a single word (a stock number when alphanumeric and allowed, else a last name), more than two words (a business name), two words (first and last name) — and returns one page of the matching customers of the selected stores, in name order. Last names and business names match by prefix. " +
			"Pages are read with cursors: pageData.totalRecords and pageTotal count what is known after the page (a next page adds one to pageTotal).",
		Tags:   []string{"contacts"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SearchInput) (*httpapi.Body[httpapi.Result[SearchResults]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		allowStock := in.Body.AllowStockNumber == nil || *in.Body.AllowStockNumber
		term := searchterm.Classify(in.Body.Term, allowStock)
		page, err := a.contacts.Search(ctx, sess.Principal.Tenant, stores, term, in.Body.PageSize, in.Body.Cursor)
		if err != nil {
			return nil, err
		}
		if page.ByVINFragment {
			// Say how the customers were found: by the end of their VIN.
			term = searchterm.Term{Kind: searchterm.VIN, VIN: strings.ToUpper(term.VINFragment)}
		}
		out := SearchResults{Classification: &term, Results: page.Matches, NextCursor: page.Next}
		return httpapi.Reply(httpapi.Paged(out, pageData(page, in.Body.PageSize))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "advancedSearchContacts",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/advanced_search",
		Summary:     "The customer advanced search",
		Description: "Finds the customers of the selected stores that match every field given, in name order, 25 a page. At least one of lastName, businessName, email, phone, vin and stockNumber is needed; first, last and business names and postal codes match by prefix, cities exactly. A page reads at most 1,000 entries, so a rare match may leave a page short with a nextCursor to continue.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AdvancedSearchInput) (*httpapi.Body[httpapi.Result[SearchResults]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		page, err := a.contacts.AdvancedSearch(ctx, sess.Principal.Tenant, stores, in.Body.Criteria, in.Body.PageSize, in.Body.Cursor)
		if err != nil {
			return nil, err
		}
		out := SearchResults{Results: page.Matches, NextCursor: page.Next}
		return httpapi.Reply(httpapi.Paged(out, pageData(page, in.Body.PageSize))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "recentlyViewedContacts",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/recently_viewed_contacts",
		Summary:     "The customers the user viewed last",
		Description: "The customers of the selected stores whose profiles the signed-in user opened last, the latest first (views are kept 90 days).",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *RecentInput) (*httpapi.Body[httpapi.Result[[]contact.Viewed]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(nil, in.Scope)
		if err != nil {
			return nil, err
		}
		limit := contact.DefaultPageSize
		if in.Body != nil && in.Body.PageSize > 0 {
			limit = in.Body.PageSize
		}
		out, err := a.contacts.RecentlyViewed(ctx, sess.Principal.Tenant, sess.Principal.UserID, stores, limit)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
