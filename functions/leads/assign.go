package leads

import (
	"context"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// Assignments is who holds a lead.
type Assignments struct {
	CrmLeadID       int64  `json:"crmLeadId"`
	Version         int64  `json:"version"`
	SalesPersonID   string `json:"salesPersonId"`
	SalesPersonName string `json:"salesPersonName"`
	BDCAgentID      string `json:"bdcAgentId"`
	BDCAgentName    string `json:"bdcAgentName"`
	// DisplayStatusID shows whether the lead is still unclaimed (-2).
	DisplayStatusID lead.Status `json:"displayStatusId"`
}

// AssignmentsInput is the request of PUT /api/crmlead/{id}/assignments.
type AssignmentsInput struct {
	LeadPath
	Body lead.Assignment
}

// ClaimInput is the request of POST /pando/claimable_lead/claim_lead.
type ClaimInput struct {
	Body struct {
		CrmLeadID int64 `json:"crmLeadId" minimum:"1" doc:"The lead to claim."`
	}
}

// AssignClaimableInput is the request of POST /pando/claimable_lead/assign_lead.
type AssignClaimableInput struct {
	Body struct {
		CrmLeadID int64  `json:"crmLeadId" minimum:"1" doc:"The claimable lead."`
		UserID    string `json:"userId" minLength:"1" maxLength:"64" doc:"The user who gets the lead."`
	}
}

// bdcOnly reports whether roles make a user a BDC agent rather than a sales person: such a user
// holds leads as their BDC agent.
func bdcOnly(roles []string) bool {
	has := func(r string) bool {
		for _, x := range roles {
			if x == r {
				return true
			}
		}
		return false
	}
	return (has(role.BDCAgent) || has(role.BDCManager)) && !has(role.SalesPerson) && !has(role.SalesManager)
}

// assignee checks that userID may hold lead l: a user of the caller's dealer group who belongs
// to the lead's store. Any other user is an Invalid error naming field.
func (a *area) assignee(ctx context.Context, sess user.Session, l lead.Lead, userID, field string) (user.Profile, error) {
	bad := apperr.InvalidFields("The user cannot hold this lead.", map[string]string{field: "Choose a user of the lead's store."})
	if !user.ValidUserID(userID) {
		return user.Profile{}, bad
	}
	p, err := a.d.Users.Colleague(ctx, sess, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return user.Profile{}, bad
	}
	if err != nil {
		return user.Profile{}, err
	}
	if !p.BelongsToAny([]int64{l.AccountPlatformID}) || p.UserStatus != user.StatusActive {
		return user.Profile{}, bad
	}
	return p, nil
}

func (a *area) assignments(ctx context.Context, sess user.Session, l lead.Lead) Assignments {
	out := Assignments{CrmLeadID: l.ID, Version: l.Version, SalesPersonID: l.SalesPersonID, BDCAgentID: l.BDCAgentID, DisplayStatusID: l.DisplayStatus()}
	name := func(id string) string {
		if id == "" {
			return ""
		}
		p, _, err := a.d.Users.Profile(ctx, sess.Principal.Tenant, id)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(p.FirstName + " " + p.LastName)
	}
	out.SalesPersonName, out.BDCAgentName = name(l.SalesPersonID), name(l.BDCAgentID)
	return out
}

func (a *area) registerAssignment(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadAssignments",
		Method:      http.MethodGet,
		Path:        "/api/crmlead/{id}/assignments",
		Summary:     "Who holds a lead",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *LeadPath) (*httpapi.Body[httpapi.Result[Assignments]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.load(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(a.assignments(ctx, sess, l))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "reassignLead",
		Method:      http.MethodPut,
		Path:        "/api/crmlead/{id}/assignments",
		Summary:     "Reassign a lead",
		Description: "Sets the sales person and the BDC agent holding the lead (empty for none). Each must be an active user of the lead's store (400 otherwise). A lead that is not active or sold pending, or an assignment that changes nothing, is 409. Publishes LeadAssigned.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *AssignmentsInput) (*httpapi.Body[httpapi.Result[Assignments]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.load(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		if id := in.Body.SalesPersonID; id != "" {
			if _, err := a.assignee(ctx, sess, l, id, "salesPersonId"); err != nil {
				return nil, err
			}
		}
		if id := in.Body.BDCAgentID; id != "" {
			if _, err := a.assignee(ctx, sess, l, id, "bdcAgentId"); err != nil {
				return nil, err
			}
		}
		l, err = a.leads.Assign(ctx, sess.Principal.Tenant, in.ID, in.Body, sess.Principal.UserID, visible(sess))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(a.assignments(ctx, sess, l))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "claimLead",
		Method:      http.MethodPost,
		Path:        "/pando/claimable_lead/claim_lead",
		Summary:     "Claim a claimable lead",
		Description: "The caller takes an active lead that is open to claims and held by nobody: as its BDC agent when the caller is a BDC agent or manager without a sales role, else as its sales person. " +
			"Of two claims at the same moment exactly one wins; the other is refused with 409 'Someone else claimed this lead first.' and nothing changes. Publishes LeadClaimed.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *ClaimInput) (*httpapi.Body[httpapi.Result[Assignments]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.leads.Claim(ctx, sess.Principal.Tenant, in.Body.CrmLeadID, sess.Principal.UserID, bdcOnly(sess.Profile.Roles), visible(sess))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(a.assignments(ctx, sess, l))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "assignClaimableLead",
		Method:      http.MethodPost,
		Path:        "/pando/claimable_lead/assign_lead",
		Summary:     "Assign a claimable lead",
		Description: "A manager gives a lead that is still unclaimed to an active user of its store (as BDC agent or sales person by the user's roles). A lead someone claimed meanwhile is 409 and stays theirs.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *AssignClaimableInput) (*httpapi.Body[httpapi.Result[Assignments]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.load(ctx, sess, in.Body.CrmLeadID)
		if err != nil {
			return nil, err
		}
		p, err := a.assignee(ctx, sess, l, in.Body.UserID, "userId")
		if err != nil {
			return nil, err
		}
		asg := lead.Assignment{SalesPersonID: p.UserID}
		if bdcOnly(p.Roles) {
			asg = lead.Assignment{BDCAgentID: p.UserID}
		}
		l, err = a.leads.Assign(ctx, sess.Principal.Tenant, l.ID, asg, sess.Principal.UserID, func(cur lead.Lead) error {
			if err := visible(sess)(cur); err != nil {
				return err
			}
			if cur.DisplayStatus() != lead.StatusUnclaimed {
				return apperr.Errorf(apperr.Conflict, "This lead is not waiting for a claim: someone holds it, or it is closed.")
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(a.assignments(ctx, sess, l))), nil
	})
}
