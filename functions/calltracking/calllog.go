package calltracking

import (
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/calllog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/searchterm"
	"github.com/danielgtaylor/huma/v2"
)

const dayLayout = "2006-01-02"

// CallLogFilter is the Call Log's filter.
type CallLogFilter struct {
	AccountPlatformIDs []int64 `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores; none means the stores of the Scope header. Every one must be a store the caller may view."`
	DateFrom           string  `json:"dateFrom,omitempty" required:"false" doc:"The first day (YYYY-MM-DD, UTC) of the calls' start; none for no bound."`
	DateTo             string  `json:"dateTo,omitempty" required:"false" doc:"The last day (YYYY-MM-DD, UTC), included."`
	Text               string  `json:"text,omitempty" required:"false" maxLength:"100" doc:"Matches the caller's name or number, the customer's name, the source and the logged-by user's name."`
	Direction          string  `json:"direction,omitempty" required:"false" enum:"inbound,outbound," doc:"One direction; none for both."`
	Status             string  `json:"status,omitempty" required:"false" enum:"all,answered,missed,voicemail,matched,unmatched," doc:"Calls of one kind; none or all for every call."`
	Source             string  `json:"source,omitempty" required:"false" maxLength:"100"`
	ShowHidden         bool    `json:"showHidden,omitempty" required:"false" doc:"Include hidden calls."`
	ShowArchived       bool    `json:"showArchived,omitempty" required:"false" doc:"Include archived calls."`
}

// CallLogInput is a request with the Call Log's filter.
type CallLogInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  CallLogFilter
}

// CallLogSearchInput is the request of POST /api/calltracking/dashboard/search.
type CallLogSearchInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		CallLogFilter
		PageNumber int `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"From 1; 1 when absent."`
		PageSize   int `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"25 when absent."`
	}
}

// CallLogRow is a call as the Call Log lists it.
type CallLogRow struct {
	calllog.Call
	StoreName string `json:"storeName"`
}

// CallCounts are the Call Log's counts of the calls that match a filter apart from its status.
type CallCounts struct {
	Total     int               `json:"total"`
	Answered  int               `json:"answered"`
	Missed    int               `json:"missed"`
	Voicemail int               `json:"voicemail"`
	Matched   int               `json:"matched"`
	Unmatched int               `json:"unmatched"`
	Inbound   int               `json:"inbound"`
	Outbound  int               `json:"outbound"`
	Hidden    int               `json:"hidden" doc:"Hidden calls, counted whether or not the filter shows them."`
	Archived  int               `json:"archived" doc:"Archived calls, counted whether or not the filter shows them."`
	Sources   []CallSourceCount `json:"sources"`
}

// CallSourceCount is the number of calls of one marketing source.
type CallSourceCount struct {
	Source string `json:"source"`
	Count  int    `json:"count"`
}

// logQuery is a parsed Call Log filter.
type logQuery struct {
	stores   []int64
	from, to time.Time
	f        CallLogFilter
	text     string
}

func parseFilter(sess user.Session, in CallLogFilter, scope string) (logQuery, error) {
	stores, err := sess.SelectStores(in.AccountPlatformIDs, scope)
	if err != nil {
		return logQuery{}, err
	}
	q := logQuery{stores: stores, f: in, text: strings.ToLower(strings.TrimSpace(in.Text))}
	fields := map[string]string{}
	if in.DateFrom != "" {
		if q.from, err = time.Parse(dayLayout, in.DateFrom); err != nil {
			fields["dateFrom"] = "Enter a date as YYYY-MM-DD."
		}
	}
	if in.DateTo != "" {
		if to, err := time.Parse(dayLayout, in.DateTo); err != nil {
			fields["dateTo"] = "Enter a date as YYYY-MM-DD."
		} else {
			q.to = to.AddDate(0, 0, 1)
		}
	}
	if !q.from.IsZero() && !q.to.IsZero() && !q.from.Before(q.to) {
		fields["dateTo"] = "The last day must not be before the first."
	}
	if len(fields) > 0 {
		return logQuery{}, apperr.InvalidFields("The call search is not valid.", fields)
	}
	return q, nil
}

// visible reports whether c matches q apart from its status.
func (q logQuery) visible(c calllog.Call) bool {
	if (c.Hidden && !q.f.ShowHidden) || (c.Archived && !q.f.ShowArchived) {
		return false
	}
	if q.f.Direction != "" && c.Direction != q.f.Direction {
		return false
	}
	if q.f.Source != "" && !strings.EqualFold(c.Source, q.f.Source) {
		return false
	}
	if q.text == "" {
		return true
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, q.text)
	for _, s := range []string{c.CustomerName, c.ContactName, c.Source, c.LoggedByName} {
		if strings.Contains(strings.ToLower(s), q.text) {
			return true
		}
	}
	return len(digits) >= 3 && strings.Contains(c.CustomerPhone, digits)
}

// status reports whether c is of status s.
func status(c calllog.Call, s string) bool {
	switch s {
	case "answered":
		return c.Answered
	case "missed":
		return !c.Answered && !c.Voicemail
	case "voicemail":
		return c.Voicemail
	case "matched":
		return c.Matched()
	case "unmatched":
		return !c.Matched()
	}
	return true
}

// each calls fn with every call of q's stores and dates.
func (x *area) each(ctx context.Context, t store.Tenant, q logQuery, fn func(calllog.Call) error) error {
	for _, s := range q.stores {
		if err := x.callLog.Each(ctx, t, s, q.from, q.to, fn); err != nil {
			return err
		}
	}
	return nil
}

// rows returns the calls that match q, newest first.
func (x *area) rows(ctx context.Context, sess user.Session, q logQuery, keep func(calllog.Call) bool) ([]CallLogRow, error) {
	names := map[int64]string{}
	for _, st := range sess.Stores {
		names[st.AccountPlatformID] = st.Name
	}
	var out []CallLogRow
	err := x.each(ctx, sess.Principal.Tenant, q, func(c calllog.Call) error {
		if keep(c) {
			out = append(out, CallLogRow{Call: c, StoreName: names[c.AccountPlatformID]})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b CallLogRow) int {
		if c := b.StartedAt.Compare(a.StartedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out, nil
}

func page[T any](all []T, number, size int) ([]T, int, int, error) {
	if number == 0 {
		number = 1
	}
	if size == 0 {
		size = 25
	}
	if number < 1 || size < 1 || size > 100 {
		return nil, 0, 0, apperr.InvalidFields("The page is not valid.", map[string]string{"pageNumber": "The page number starts at 1 and the page size is 1 to 100."})
	}
	out := []T{}
	if start := (number - 1) * size; start < len(all) {
		out = all[start:min(start+size, len(all))]
	}
	return out, number, size, nil
}

// CallRef names a call of the Call Log at the version the caller read.
type CallRef struct {
	AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
	CallID            string `json:"callId" minLength:"1" maxLength:"64"`
	Version           int64  `json:"version" minimum:"1" doc:"The call's version the caller read: another is a 409."`
}

// MatchInput is the request of POST /api/calltracking/dashboard/match_call_log_entry.
type MatchInput struct {
	Body struct {
		CallRef
		ContactID int64 `json:"contactId" minimum:"1" doc:"The customer the call was with."`
	}
}

// AssignInput is the request of POST /api/calltracking/dashboard/assign_logged_by_user.
type AssignInput struct {
	Body struct {
		CallRef
		UserID string `json:"userId" maxLength:"64" doc:"The user who took the call; empty clears it."`
	}
}

// HideInput is the request of POST /api/calltracking/dashboard/hide_or_show_call.
type HideInput struct {
	Body struct {
		CallRef
		Hidden bool `json:"hidden" doc:"true hides the call (archives it from the log); false shows it again."`
	}
}

// UnmatchedInput is the request of POST /api/calltracking/dashboard/get_unmatched_calls_data.
type UnmatchedInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds" required:"false" maxItems:"200"`
		DateFrom           string  `json:"dateFrom,omitempty" required:"false"`
		DateTo             string  `json:"dateTo,omitempty" required:"false"`
		PageNumber         int     `json:"pageNumber,omitempty" required:"false" minimum:"0"`
		PageSize           int     `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100"`
	}
}

// StoreQuery names one store in the query string.
type StoreQuery struct {
	AccountPlatformID int64 `query:"accountPlatformId" required:"true" minimum:"1"`
}

// ArchiveSettingsInput is the request of POST /api/calltracking/dashboard/save_auto_archive_settings.
type ArchiveSettingsInput struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1"`
		Enabled           bool  `json:"enabled"`
		Days              int   `json:"days" doc:"Calls older than this many days are archived (1 to 365)."`
		Version           int64 `json:"version" minimum:"0" doc:"The settings' version the caller read; 0 for settings never saved."`
	}
}

// CallTrackingSettings are a store's call-tracking settings.
type CallTrackingSettings struct {
	AccountPlatformID   int64                   `json:"accountPlatformId"`
	StoreName           string                  `json:"storeName"`
	CallTrackingEnabled bool                    `json:"callTrackingEnabled" doc:"The store has the call-tracking feature."`
	Provider            string                  `json:"provider" enum:"Sandbox,CallRail,None" doc:"Who records the store's calls: the sandbox (local runs and demo stores), CallRail, or nobody configured."`
	WebhookPath         string                  `json:"webhookPath" doc:"Where the provider's post-call webhook delivers the store's calls."`
	AutoArchive         calllog.ArchiveSettings `json:"autoArchive"`
}

// DealerSettingsByAccountInput is the request of GET /api/calltracking/get_dealer_settings_by_account.
type DealerSettingsByAccountInput struct {
	AccountID                          int64 `query:"accountId" required:"true" minimum:"1"`
	OnlyDealersWithCallTrackingFeature bool  `query:"onlyDealersWithCallTrackingFeature"`
}

// SavePhoneInput is the request of POST /api/calltracking/save_user_provider_phone.
type SavePhoneInput struct {
	Body struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
		Phone             string `json:"phone" maxLength:"32" doc:"10 digits, or + and the country code."`
		Label             string `json:"label,omitempty" required:"false" maxLength:"40"`
		IsDefault         bool   `json:"isDefault,omitempty" required:"false"`
	}
}

// WebhookPath is the public path of the post-call webhook.
const WebhookPath = "/api/calltracking/webhook/post_call"

func (x *area) registerLog(api *httpapi.API) {
	d := x.d
	errs := []int{400, 401, 403}
	httpapi.Register(api, huma.Operation{
		OperationID: "getCallTrackingCounts",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/get_call_tracking_counts",
		Summary:     "The Call Log's counts",
		Description: "How many calls match the filter apart from its status: answered, missed, voicemail, matched to a customer, unmatched, each direction, per source; and the hidden and archived calls of the stores and dates.",
		Tags:        []string{"calltracking"},
		Errors:      errs,
	}, func(ctx context.Context, in *CallLogInput) (*httpapi.Body[httpapi.Result[CallCounts]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		q, err := parseFilter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		var c CallCounts
		sources := map[string]int{}
		err = x.each(ctx, sess.Principal.Tenant, q, func(k calllog.Call) error {
			if k.Hidden {
				c.Hidden++
			}
			if k.Archived {
				c.Archived++
			}
			if !q.visible(k) {
				return nil
			}
			c.Total++
			for s, n := range map[string]*int{"answered": &c.Answered, "missed": &c.Missed, "voicemail": &c.Voicemail, "matched": &c.Matched, "unmatched": &c.Unmatched} {
				if status(k, s) {
					*n++
				}
			}
			if k.Direction == "outbound" {
				c.Outbound++
			} else {
				c.Inbound++
			}
			sources[cmp.Or(k.Source, "Unknown")]++
			return nil
		})
		if err != nil {
			return nil, err
		}
		c.Sources = []CallSourceCount{}
		for s, n := range sources {
			c.Sources = append(c.Sources, CallSourceCount{Source: s, Count: n})
		}
		slices.SortFunc(c.Sources, func(a, b CallSourceCount) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Source, b.Source))
		})
		return httpapi.Reply(httpapi.OK(c)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchCallLog",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/search",
		Summary:     "Search the Call Log",
		Description: "The calls of the stores that match the filter, newest first, a page at a time (page 1 and size 25 by default); pageData.totalRecords counts every match. Hidden and archived calls only when asked for.",
		Tags:        []string{"calltracking"},
		Errors:      errs,
	}, func(ctx context.Context, in *CallLogSearchInput) (*httpapi.Body[httpapi.Result[[]CallLogRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		q, err := parseFilter(sess, in.Body.CallLogFilter, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := x.rows(ctx, sess, q, func(c calllog.Call) bool { return q.visible(c) && status(c, q.f.Status) })
		if err != nil {
			return nil, err
		}
		out, number, size, err := page(all, in.Body.PageNumber, in.Body.PageSize)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, len(all)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "exportCallLog",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/export",
		Summary:     "Export the Call Log as CSV",
		Description: "Every call that matches the filter, newest first, as CSV (text/csv). Booleans read Yes and No; numbers are kept as text and any cell a spreadsheet would read as a formula starts with an apostrophe. A bad filter is a 400 before any row.",
		Tags:        []string{"calltracking"},
		Errors:      errs,
		Responses: map[string]*huma.Response{"200": {Description: "The CSV file.", Content: map[string]*huma.MediaType{
			"text/csv": {Schema: &huma.Schema{Type: "string"}},
		}}},
	}, func(ctx context.Context, in *CallLogInput) (*huma.StreamResponse, error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		q, err := parseFilter(sess, in.Body, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := x.rows(ctx, sess, q, func(c calllog.Call) bool { return q.visible(c) && status(c, q.f.Status) })
		if err != nil {
			return nil, err
		}
		return &huma.StreamResponse{Body: func(hc huma.Context) {
			hc.SetHeader("Content-Type", "text/csv; charset=utf-8")
			hc.SetHeader("Content-Disposition", `attachment; filename="call-log.csv"`)
			hc.SetStatus(http.StatusOK)
			w := csv.NewWriter(hc.BodyWriter())
			_ = w.Write(ExportHeader)
			for _, r := range all {
				_ = w.Write(ExportRecord(r))
			}
			w.Flush()
		}}, nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getUnmatchedCalls",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/get_unmatched_calls_data",
		Summary:     "The calls not matched to a customer",
		Description: "The shown calls of the stores whose caller's number is no customer's (or several customers'), newest first, a page at a time, for a manager to match.",
		Tags:        []string{"calltracking"},
		Errors:      errs,
	}, func(ctx context.Context, in *UnmatchedInput) (*httpapi.Body[httpapi.Result[[]CallLogRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		q, err := parseFilter(sess, CallLogFilter{AccountPlatformIDs: b.AccountPlatformIDs, DateFrom: b.DateFrom, DateTo: b.DateTo}, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := x.rows(ctx, sess, q, func(c calllog.Call) bool { return q.visible(c) && !c.Matched() })
		if err != nil {
			return nil, err
		}
		out, number, size, err := page(all, b.PageNumber, b.PageSize)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.Paged(out, httpapi.NewPageData(number, size, len(all)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "matchCallLogEntry",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/match_call_log_entry",
		Summary:     "Match a call to a customer",
		Description: "Matches an unmatched call to a customer of a store the caller may view and edit, and records the call in the customer's activity (kind call, its direction) in the same transaction. A matched call is 409; a stale version 409; a customer the caller may not view 404.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *MatchInput) (*httpapi.Body[httpapi.Result[calllog.Call]], error) {
		sess, c, err := useractivity.Contact(ctx, d.Users, x.contacts, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		b := in.Body
		if _, err := sess.Store(b.AccountPlatformID); err != nil {
			return nil, err
		}
		call, err := x.callLog.Match(ctx, sess.Principal.Tenant, b.AccountPlatformID, b.CallID, b.Version, calllog.Customer{ContactID: c.ID, Name: c.FullName()},
			calllog.Actor{UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(call)), nil
	})

	assign := func(ctx context.Context, in *AssignInput) (*httpapi.Body[httpapi.Result[calllog.Call]], error) {
		b := in.Body
		sess, _, err := d.Users.StoreSession(ctx, b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		name := ""
		if b.UserID != "" {
			p, err := d.Users.Colleague(ctx, sess, b.UserID)
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.InvalidFields("The assignment is not valid.", map[string]string{"userId": "The user does not exist."})
			}
			if err != nil {
				return nil, err
			}
			name = p.DisplayName()
		}
		call, err := x.callLog.AssignLoggedBy(ctx, sess.Principal.Tenant, b.AccountPlatformID, b.CallID, b.Version, b.UserID, name)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(call)), nil
	}
	for _, op := range []struct{ id, path string }{
		{"assignCallLoggedByUser", "/api/calltracking/dashboard/assign_logged_by_user"},
		{"assignCallLoggedByUserAlt", "/api/call_tracking/dashboard/assign_logged_by_user"},
	} {
		httpapi.Register(api, huma.Operation{
			OperationID: op.id,
			Method:      http.MethodPost,
			Path:        op.path,
			Summary:     "Assign the user who took a call",
			Description: "Records a user of a store the caller may view as the one who took the call (logged by); an empty userId clears it. Both spellings of the path are the same operation. A stale version is 409.",
			Tags:        []string{"calltracking"},
			Errors:      []int{400, 401, 403, 404, 409},
		}, assign)
	}

	httpapi.Register(api, huma.Operation{
		OperationID: "hideOrShowCall",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/hide_or_show_call",
		Summary:     "Hide or show a call",
		Description: "Hides a call from the Call Log (it is kept, and listed when hidden calls are asked for) or shows it again; showing an archived call takes it out of the archive. A stale version is 409.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *HideInput) (*httpapi.Body[httpapi.Result[calllog.Call]], error) {
		b := in.Body
		sess, _, err := d.Users.StoreSession(ctx, b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		call, err := x.callLog.SetHidden(ctx, sess.Principal.Tenant, b.AccountPlatformID, b.CallID, b.Version, b.Hidden)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(call)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getCallAutoArchiveSettings",
		Method:      http.MethodGet,
		Path:        "/api/calltracking/dashboard/get_auto_archive_settings",
		Summary:     "A store's auto-archive settings",
		Description: "Disabled with 90 days for a store that never saved any.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoreQuery) (*httpapi.Body[httpapi.Result[calllog.ArchiveSettings]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		s, err := x.callLog.ArchiveSettings(ctx, sess.Principal.Tenant, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveCallAutoArchiveSettings",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/dashboard/save_auto_archive_settings",
		Summary:     "Save a store's auto-archive settings",
		Description: "Enabled, calls that started more than days days ago are archived: at once (within the minute) and then once a day. Days is 1 to 365 (400 otherwise); a stale version is 409.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *ArchiveSettingsInput) (*httpapi.Body[httpapi.Result[calllog.ArchiveSettings]], error) {
		b := in.Body
		sess, _, err := d.Users.StoreSession(ctx, b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		s, err := x.callLog.SaveArchiveSettings(ctx, sess.Principal.Tenant, calllog.ArchiveSettings{AccountPlatformID: b.AccountPlatformID, Enabled: b.Enabled, Days: b.Days, Version: b.Version})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getCallTrackingDealerSettingsByAccount",
		Method:      http.MethodGet,
		Path:        "/api/calltracking/get_dealer_settings_by_account",
		Summary:     "The call-tracking settings of a dealer group's stores",
		Description: "The stores of the account the caller may view, by name, with their call-tracking feature, provider, webhook and auto-archive settings; only those with the feature when onlyDealersWithCallTrackingFeature. Another dealer group's account is 404.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DealerSettingsByAccountInput) (*httpapi.Body[httpapi.Result[[]CallTrackingSettings]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := sess.RequireAccount(in.AccountID); err != nil {
			return nil, err
		}
		out := []CallTrackingSettings{}
		for _, st := range sess.Stores {
			if !sess.Principal.CanView(st.AccountPlatformID) {
				continue
			}
			s, err := x.dealerSettings(ctx, sess, st.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			if in.OnlyDealersWithCallTrackingFeature && !s.CallTrackingEnabled {
				continue
			}
			out = append(out, s)
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getCallTrackingDealerSettingsAdmin",
		Method:      http.MethodGet,
		Path:        "/api/calltracking/dashboard/get_dealer_settings_admin",
		Summary:     "A store's call-tracking settings",
		Description: "The store's call-tracking feature, provider, webhook and auto-archive settings.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoreQuery) (*httpapi.Body[httpapi.Result[CallTrackingSettings]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		s, err := x.dealerSettings(ctx, sess, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getCurrentUserProviderPhones",
		Method:      http.MethodGet,
		Path:        "/api/calltracking/get_current_user_provider_phones",
		Summary:     "The signed-in user's phones at a store",
		Description: "The phones the call-tracking provider rings for the user's click-to-calls at the store, the default first; a call the provider reports taken at one of them is logged by the user.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoreQuery) (*httpapi.Body[httpapi.Result[[]calllog.ProviderPhone]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		phones, _, err := x.callLog.UserPhones(ctx, sess.Principal.Tenant, sess.Principal.UserID, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		slices.SortStableFunc(phones, func(a, b calllog.ProviderPhone) int {
			if a.IsDefault == b.IsDefault {
				return 0
			}
			if a.IsDefault {
				return -1
			}
			return 1
		})
		return httpapi.Reply(httpapi.OK(phones)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveUserProviderPhone",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/save_user_provider_phone",
		Summary:     "Save one of the signed-in user's phones at a store",
		Description: "Adds the phone (or relabels it), the default when it is the first or asks to be. A number that is not a phone or a sixth phone is 400 naming the field; another user's phone at the store 409.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SavePhoneInput) (*httpapi.Body[httpapi.Result[[]calllog.ProviderPhone]], error) {
		b := in.Body
		sess, _, err := d.Users.StoreSession(ctx, b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		phones, err := x.callLog.SaveUserPhone(ctx, sess.Principal.Tenant, sess.Principal.UserID, sess.Profile.DisplayName(), b.AccountPlatformID,
			calllog.ProviderPhone{Phone: b.Phone, Label: b.Label, IsDefault: b.IsDefault})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(phones)), nil
	})
}

// dealerSettings returns store storeID's call-tracking settings.
func (x *area) dealerSettings(ctx context.Context, sess user.Session, storeID int64) (CallTrackingSettings, error) {
	st, err := sess.Store(storeID)
	if err != nil {
		return CallTrackingSettings{}, err
	}
	on, err := x.hasFeature(ctx, sess, storeID, product.FeatureCallTracking)
	if err != nil {
		return CallTrackingSettings{}, err
	}
	a, err := x.callLog.ArchiveSettings(ctx, sess.Principal.Tenant, storeID)
	if err != nil {
		return CallTrackingSettings{}, err
	}
	s := CallTrackingSettings{AccountPlatformID: storeID, StoreName: st.Name, CallTrackingEnabled: on, Provider: "None", AutoArchive: a,
		WebhookPath: fmt.Sprintf("%s?accountId=%d&accountPlatformId=%d", WebhookPath, st.AccountID, storeID)}
	if _, sandbox, err := x.d.Providers.CallReceiver(ctx, sess.Principal.Tenant, storeID, nil); err == nil {
		s.Provider = "CallRail"
		if sandbox {
			s.Provider = "Sandbox"
		}
	} else if apperr.CodeOf(err) != apperr.Conflict {
		return CallTrackingSettings{}, err
	}
	return s, nil
}

// ExportHeader is the header row of the Call Log's CSV export.
var ExportHeader = []string{"Call Id", "Store", "Started", "Direction", "Caller Name", "Caller Phone", "Customer Id", "Customer", "Matched",
	"Source", "Tracking Number", "Answered", "Voicemail", "Duration (s)", "Logged By", "Hidden", "Archived", "Recording"}

// ExportRecord returns r as a row of the CSV export.
func ExportRecord(r CallLogRow) []string {
	contactID := ""
	if r.ContactID > 0 {
		contactID = textCell(strconv.FormatInt(r.ContactID, 10))
	}
	return []string{
		cell(r.ID), cell(r.StoreName), r.StartedAt.UTC().Format(time.RFC3339), r.Direction, cell(r.CustomerName), textCell(r.CustomerPhone),
		contactID, cell(r.ContactName), yesNo(r.Matched()), cell(r.Source), textCell(r.TrackingPhone), yesNo(r.Answered), yesNo(r.Voicemail),
		strconv.Itoa(r.DurationSeconds), cell(r.LoggedByName), yesNo(r.Hidden), yesNo(r.Archived), cell(r.RecordingURL),
	}
}

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// cell keeps a text a spreadsheet would read as a formula (a caller id name is anyone's text)
// as text, by a leading apostrophe: a cell whose first character, blanks aside, starts a
// formula (= + - @) or is a tab or a line break.
func cell(s string) string {
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@\t\r\n", rune(t[0])) {
		return "'" + s
	}
	return s
}

// textCell writes s, digits the export itself made (an id, a phone), as the formula ="s",
// which spreadsheets show as the text s (a phone keeps its leading +). Quotes in s are
// doubled, so s cannot end the formula's string.
func textCell(s string) string {
	if s == "" {
		return ""
	}
	return `="` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// matchByPhone returns the customer of store storeID whose phone is e164 when exactly one
// customer has it.
func (x *area) matchByPhone(ctx context.Context, t store.Tenant, storeID int64, e164 string) (calllog.Customer, error) {
	digits, ok := strings.CutPrefix(e164, "+1")
	if !ok || len(digits) != 10 {
		return calllog.Customer{}, nil
	}
	term := searchterm.Classify(digits, false)
	if term.Kind != searchterm.Phone {
		return calllog.Customer{}, nil
	}
	p, err := x.contacts.Search(ctx, t, []int64{storeID}, term, 2, "")
	if err != nil {
		return calllog.Customer{}, fmt.Errorf("match call by phone: %w", err)
	}
	if len(p.Matches) != 1 {
		return calllog.Customer{}, nil
	}
	m := p.Matches[0]
	return calllog.Customer{ContactID: m.ContactID, Name: summaryName(m.Summary)}, nil
}

func summaryName(s contact.Summary) string {
	if n := strings.TrimSpace(s.FullName); n != "" {
		return n
	}
	return strings.TrimSpace(s.BusinessName)
}
