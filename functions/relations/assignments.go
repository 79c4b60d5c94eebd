package relations

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// RoleAssignment is the user assigned to a customer for one role; UserID is empty when nobody
// is.
type RoleAssignment struct {
	Role       string     `json:"role" doc:"The role's system name."`
	RoleName   string     `json:"roleName" doc:"The role's display name."`
	UserID     string     `json:"userId"`
	UserName   string     `json:"userName"`
	AssignedAt *time.Time `json:"assignedAt,omitempty"`
	AssignedBy string     `json:"assignedBy"`
}

// ContactAssignments are a customer's assignments, one per assignable role.
type ContactAssignments struct {
	ContactID         int64            `json:"contactId"`
	AccountPlatformID int64            `json:"accountPlatformId"`
	Assignments       []RoleAssignment `json:"assignments"`
}

// SetAssignmentsInput is the request of PUT /api/contacts/{id}/assignments.
type SetAssignmentsInput struct {
	ContactPath
	Body struct {
		Assignments []assignment.RoleChange `json:"assignments" minItems:"1" maxItems:"5" nullable:"false" doc:"The roles to change; roles not named keep their users."`
	}
}

// roleNames are the display names of the assignable roles.
var roleNames = map[string]string{
	"SalesPerson":    "Sales Person",
	"BDCAgent":       "BDC Agent",
	"ServiceAdvisor": "Service Advisor",
	"SalesManager":   "Sales Manager",
	"FIManager":      "F&I Manager",
}

func (a *area) registerAssignments(api *httpapi.API) {
	registerRead(a, api, huma.Operation{
		OperationID: "getContactAssignments",
		Method:      http.MethodGet,
		Path:        "/api/contacts/{id}/assignments",
		Summary:     "The users assigned to a customer, by role",
		Description: "One entry per assignable role (sales person, BDC agent, service advisor, sales manager, F&I manager), with an empty userId where nobody is assigned.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) (ContactAssignments, error) {
		return a.assignmentsOf(ctx, sess, c.ID, c.AccountPlatformID)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "setContactAssignments",
		Method:      http.MethodPut,
		Path:        "/api/contacts/{id}/assignments",
		Summary:     "Change the users assigned to a customer",
		Description: "Each named role gets the user given (an empty userId removes the assignment); roles not named keep theirs. An assigned user must be an active user of the customer's store. The changes are one transaction; a rejected request changes nothing.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SetAssignmentsInput) (*httpapi.Body[httpapi.Result[ContactAssignments]], error) {
		sess, c, err := a.editContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		fields := map[string]string{}
		for i, ch := range in.Body.Assignments {
			if ch.UserID == "" {
				continue
			}
			if msg := a.checkAssignee(ctx, sess, ch.UserID, []int64{c.AccountPlatformID}); msg != "" {
				fields[fmt.Sprintf("assignments[%d].userId", i)] = msg
			}
		}
		if len(fields) > 0 {
			return nil, apperr.InvalidFields("The assignments are not valid.", fields)
		}
		if _, err := a.assignments.Set(ctx, sess.Principal.Tenant, c.ID, c.AccountPlatformID, in.Body.Assignments, sess.Principal.UserID); err != nil {
			return nil, err
		}
		out, err := a.assignmentsOf(ctx, sess, c.ID, c.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}

// checkAssignee returns why userID may not be assigned customers of stores, or "" when it may:
// it must be an active user of the caller's dealer group who belongs to every one of stores.
func (a *area) checkAssignee(ctx context.Context, sess user.Session, userID string, stores []int64) string {
	if !user.ValidUserID(userID) {
		return "The user " + userID + " does not exist."
	}
	p, _, err := a.d.Users.Profile(ctx, sess.Principal.Tenant, userID)
	if err != nil {
		return "The user " + userID + " does not exist."
	}
	if !p.Active() {
		return p.DisplayName() + " is not an active user."
	}
	for _, st := range stores {
		if !slices.Contains(p.AllowedStores, st) {
			return fmt.Sprintf("%s does not work at %s.", p.DisplayName(), storeName(sess, st))
		}
	}
	return ""
}

// checkHolder returns why userID may not take the customers held for role in stores, or "" when
// it may: see assignment.Refusal.
func (a *area) checkHolder(ctx context.Context, sess user.Session, userID, r string, stores []int64) string {
	if !user.ValidUserID(userID) {
		return "Choose the user the customers go to."
	}
	p, _, err := a.d.Users.Profile(ctx, sess.Principal.Tenant, userID)
	if err != nil {
		return "Choose the user the customers go to: the user chosen does not exist."
	}
	if !assignment.ValidRole(r) {
		return ""
	}
	return assignment.Refusal(p, r, stores, func(st int64) string { return storeName(sess, st) })
}

// assignmentsOf returns the assignments of contact id, one per role, with the users' names.
func (a *area) assignmentsOf(ctx context.Context, sess user.Session, id, st int64) (ContactAssignments, error) {
	list, err := a.assignments.List(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return ContactAssignments{}, err
	}
	out := ContactAssignments{ContactID: id, AccountPlatformID: st, Assignments: []RoleAssignment{}}
	for _, r := range assignment.Roles() {
		ra := RoleAssignment{Role: r, RoleName: roleNames[r]}
		for _, as := range list {
			if as.Role != r {
				continue
			}
			at := as.AssignedAt
			ra.UserID, ra.AssignedAt, ra.AssignedBy = as.UserID, &at, as.AssignedBy
			if p, _, err := a.d.Users.Profile(ctx, sess.Principal.Tenant, as.UserID); err == nil {
				ra.UserName = p.DisplayName()
			}
		}
		out.Assignments = append(out.Assignments, ra)
	}
	return out, nil
}
