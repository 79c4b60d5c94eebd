package auth

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// AuditInput is the query of GET /auth/audit.
type AuditInput struct {
	Size   int    `query:"size" minimum:"1" maximum:"100" default:"25" doc:"Entries per page."`
	Cursor string `query:"cursor" maxLength:"2048" doc:"The next cursor of the previous page; empty for the newest entries."`
}

// AuditEntry is one audited action: under impersonation, or the reveal of a customer's
// sensitive field.
type AuditEntry struct {
	Event         string    `json:"event" enum:"Write,ImpersonationStarted,ImpersonationEnded,SensitiveRevealed"`
	ActorUserID   string    `json:"actorUserId"`
	ActorSubject  string    `json:"actorSubject"`
	SubjectUserID string    `json:"subjectUserId"`
	Subject       string    `json:"subject"`
	Method        string    `json:"method"`
	Path          string    `json:"path"`
	Status        int       `json:"status"`
	At            time.Time `json:"at"`
	RequestID     string    `json:"requestId"`
	ContactID     int64     `json:"contactId,omitempty" doc:"The customer whose field was revealed (SensitiveRevealed only)."`
	Field         string    `json:"field,omitempty" doc:"The field revealed (SensitiveRevealed only): ssn, driverLicense.number, banks[n].accountNumber or banks[n].routingNumber."`
}

// AuditPage is one page of the audit log, newest first.
type AuditPage struct {
	Entries []AuditEntry `json:"entries"`
	// Next continues the list; empty on the last page.
	Next string `json:"next"`
}

func registerAudit(api *httpapi.API, a *area) {
	httpapi.Register(api, huma.Operation{
		OperationID: "listImpersonationAudit",
		Method:      http.MethodGet,
		Path:        "/auth/audit",
		Summary:     "The dealer group's impersonation audit log, newest first",
		Description: "Starts and ends of impersonations and every write made under impersonation, each with the " +
			"actor and the impersonated user, and every reveal of a customer's sensitive field (the user, the customer and the field). For holders of pando.cxm.impersonate and dealer admins.",
		Tags:   []string{"auth"},
		Errors: []int{400, 401, 403},
	}, func(ctx context.Context, in *AuditInput) (*httpapi.Body[httpapi.Result[AuditPage]], error) {
		sess, err := a.svc.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if !sess.Principal.Can(PermImpersonate) && !slices.Contains(sess.Profile.Roles, role.DealerAdmin) {
			return nil, apperr.Errorf(apperr.Forbidden, "You do not have permission to read the audit log.")
		}
		entries, next, err := a.audit.List(ctx, sess.Principal.Tenant, in.Size, in.Cursor)
		if err != nil {
			return nil, err
		}
		page := AuditPage{Entries: make([]AuditEntry, 0, len(entries)), Next: next}
		for _, e := range entries {
			page.Entries = append(page.Entries, AuditEntry{
				Event: e.Event, ActorUserID: e.ActorUserID, ActorSubject: e.ActorSubject,
				SubjectUserID: e.SubjectUserID, Subject: e.Subject, Method: e.Method, Path: e.Path,
				Status: e.Status, At: e.At, RequestID: e.RequestID, ContactID: e.ContactID, Field: e.Field,
			})
		}
		return httpapi.Reply(httpapi.OK(page)), nil
	})
}
