package contacts

import (
	"context"
	"github.com/cxm/cxm/shared/domain/garage"
	"net/http"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// ChangeLogFilter narrows a change log. Empty fields match everything.
type ChangeLogFilter struct {
	Field  string `json:"field,omitempty" maxLength:"200" doc:"A field's JSON path (firstName, phones[1].phone) or the start of one (phones)."`
	UserID string `json:"userId,omitempty" maxLength:"64" doc:"Only the saves of this user."`
	From   string `json:"from,omitempty" doc:"Only saves at or after this time: RFC 3339, or YYYY-MM-DD for the start of that day (UTC)."`
	To     string `json:"to,omitempty" doc:"Only saves at or before this time: RFC 3339, or YYYY-MM-DD for the end of that day (UTC)."`
}

// ChangeLogInput is the request of POST /crm/contacts/{id}/change_log.
type ChangeLogInput struct {
	ContactPath
	Body *struct {
		Filter     ChangeLogFilter `json:"filter,omitempty" required:"false"`
		PageNumber int             `json:"pageNumber,omitempty" minimum:"0" doc:"From 1 (the default)."`
		PageSize   int             `json:"pageSize,omitempty" minimum:"0" maximum:"100" doc:"25 by default."`
	}
}

// ChangeLog is the response of POST /crm/contacts/{id}/change_log.
type ChangeLog = httpapi.Body[httpapi.Result[[]changelog.Revision]]

func (a *area) registerChangeLog(api *httpapi.API) {
	d := a.d
	reader := changelog.NewReader(d.Store)
	leads := lead.NewRepo(d.Store, nil, d.Log)
	httpapi.Register(api, huma.Operation{
		OperationID: "getContactChangeLog",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/change_log",
		Summary:     "A customer's change log",
		Description: "Every save of the customer, newest first: who, when, and each changed field by its JSON path with its old and new value (sensitive values masked). " +
			"The history of the customers merged into this one and the changes of the customer's leads (status, type, source, reason and who holds them; fields leads[{crmLeadId}].status and so on, with leadId set) and the changes of its garage vehicles (fields garage[{entityId}].status and so on, with vehicleId set) are shown with its own, by time. Pages start at 1 and hold 25 saves by default; pageData counts saves. A customer of a store the caller may not view is 404.",
		Tags:   []string{"contacts"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ChangeLogInput) (*ChangeLog, error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		number, size := 1, 25
		var f changelog.Filter
		if in.Body != nil {
			if in.Body.PageNumber > 0 {
				number = in.Body.PageNumber
			}
			if in.Body.PageSize > 0 {
				size = in.Body.PageSize
			}
			if f, err = filterOf(in.Body.Filter); err != nil {
				return nil, err
			}
		}
		c, segs, err := a.contacts.LogSegments(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		if err := visible(sess, c); err != nil {
			return nil, err
		}
		leadSegs, err := leads.LogSegments(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		segs = append(segs, leadSegs...)
		garageSegs, err := garage.NewRepo(d.Store, nil, nil, d.Log).LogSegments(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		segs = append(segs, garageSegs...)
		page, err := reader.Read(ctx, sess.Principal.Tenant, segs, f, number, size)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.Paged(page.Entries, httpapi.NewPageData(number, size, page.Total))), nil
	})
}

// filterOf parses a change-log filter.
func filterOf(in ChangeLogFilter) (changelog.Filter, error) {
	f := changelog.Filter{Field: strings.TrimSpace(in.Field), UserID: strings.TrimSpace(in.UserID)}
	fields := map[string]string{}
	var ok bool
	if f.From, ok = parseTime(in.From, false); !ok {
		fields["filter.from"] = "Enter a date (YYYY-MM-DD) or a time (RFC 3339)."
	}
	if f.To, ok = parseTime(in.To, true); !ok {
		fields["filter.to"] = "Enter a date (YYYY-MM-DD) or a time (RFC 3339)."
	}
	if len(fields) == 0 && !f.From.IsZero() && !f.To.IsZero() && f.To.Before(f.From) {
		fields["filter.to"] = "The end is before the start."
	}
	if len(fields) > 0 {
		return changelog.Filter{}, apperr.InvalidFields("The filter is not valid.", fields)
	}
	return f, nil
}

// parseTime parses an RFC 3339 time or a date: its start, or its end when end is set. "" is the
// zero time.
func parseTime(s string, end bool) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, false
	}
	if end {
		t = t.Add(24*time.Hour - time.Nanosecond)
	}
	return t, true
}
