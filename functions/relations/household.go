package relations

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/household"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// HouseholdMember is a member of a customer's household: another customer, with their summary.
type HouseholdMember struct {
	MemberID     int64            `json:"memberId" doc:"The member's contact id."`
	IsCoBuyer    bool             `json:"isCoBuyer"`
	Relationship string           `json:"relationship"`
	AddedAt      time.Time        `json:"addedAt"`
	AddedBy      string           `json:"addedBy"`
	Contact      HouseholdContact `json:"contact" doc:"The member's contact summary."`
}

// NewMember is a customer to add to a household.
type NewMember struct {
	ContactID    int64  `json:"contactId" minimum:"1" doc:"The customer to add."`
	IsCoBuyer    bool   `json:"isCoBuyer" required:"false"`
	Relationship string `json:"relationship" required:"false" maxLength:"50" doc:"For example Spouse, Child, Parent."`
}

// AddMembersInput is the request of POST /crm/contacts/{id}/household.
type AddMembersInput struct {
	ContactPath
	Body struct {
		Members []NewMember `json:"members" minItems:"1" maxItems:"10" nullable:"false"`
	}
}

// MemberPath is the path of DELETE /crm/contacts/{id}/household/{memberId}.
type MemberPath struct {
	ContactPath
	MemberID int64 `path:"memberId" minimum:"1" doc:"The member's contact id."`
}

func (a *area) registerHousehold(api *httpapi.API) {
	registerRead(a, api, huma.Operation{
		OperationID: "getHousehold",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{id}/household",
		Summary:     "A customer's household members",
		Description: "Members are other customers of the dealer group, each with their summary; co-buyers are flagged. Members of stores the caller may not view are left out. The household of the customers merged into this one is this customer's.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) ([]HouseholdMember, error) {
		return a.members(ctx, sess.Principal.Tenant, c, sess.Principal.CanView)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "addHouseholdMembers",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/household",
		Summary:     "Add customers to a customer's household",
		Description: "Membership is symmetric: the customer joins each member's household too, in one transaction. Every member must be another customer the caller may view; a member already in the household is 409. A rejected request changes nothing. Returns the household.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *AddMembersInput) (*httpapi.Body[httpapi.Result[[]HouseholdMember]], error) {
		sess, c, err := a.editContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		fields := map[string]string{}
		adds := make([]household.Member, 0, len(in.Body.Members))
		for i, m := range in.Body.Members {
			key := fmt.Sprintf("members[%d].contactId", i)
			if m.ContactID == c.ID {
				fields[key] = household.MsgSelf
				continue
			}
			if _, err := a.visibleContact(ctx, sess, m.ContactID); apperr.CodeOf(err) == apperr.NotFound {
				fields[key] = fmt.Sprintf("The customer %d does not exist.", m.ContactID)
				continue
			} else if err != nil {
				return nil, err
			}
			adds = append(adds, household.Member{ContactID: m.ContactID, IsCoBuyer: m.IsCoBuyer, Relationship: m.Relationship})
		}
		if len(fields) > 0 {
			return nil, apperr.InvalidFields("The household members are not valid.", fields)
		}
		if err := a.households.Add(ctx, t, c.ID, adds, sess.Principal.UserID); err != nil {
			return nil, err
		}
		members, err := a.members(ctx, t, c, sess.Principal.CanView)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(members)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "removeHouseholdMember",
		Method:      http.MethodDelete,
		Path:        "/crm/contacts/{id}/household/{memberId}",
		Summary:     "Remove a customer from a customer's household",
		Description: "Both sides of the membership are removed in one transaction. Removing a customer who is not in the household (any more) changes nothing and succeeds, so a retried removal has one effect. A member of a store the caller may not view is 404. Returns the household.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *MemberPath) (*httpapi.Body[httpapi.Result[[]HouseholdMember]], error) {
		sess, c, err := a.editContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		links, err := a.households.Members(ctx, t, c.Owners())
		if err != nil {
			return nil, err
		}
		owner := int64(0)
		for _, l := range links {
			if l.MemberID == in.MemberID {
				owner = l.ContactID
			}
		}
		if owner != 0 {
			if _, err := a.visibleContact(ctx, sess, in.MemberID); err != nil {
				return nil, err
			}
			err := a.households.Remove(ctx, t, owner, in.MemberID)
			if err != nil && apperr.CodeOf(err) != apperr.NotFound {
				return nil, err
			}
		}
		members, err := a.members(ctx, t, c, sess.Principal.CanView)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(members)), nil
	})
}

// members returns the household of c with each member's summary, leaving out members of
// stores canView refuses and members that no longer exist.
func (a *area) members(ctx context.Context, t store.Tenant, c contact.Contact, canView func(int64) bool) ([]HouseholdMember, error) {
	links, err := a.households.Members(ctx, t, c.Owners())
	if err != nil {
		return nil, err
	}
	out := make([]HouseholdMember, 0, len(links))
	for _, l := range links {
		m, err := a.contacts.Get(ctx, t, l.MemberID)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !canView(m.AccountPlatformID) {
			continue
		}
		out = append(out, HouseholdMember{MemberID: l.MemberID, IsCoBuyer: l.IsCoBuyer, Relationship: l.Relationship, AddedAt: l.AddedAt, AddedBy: l.AddedBy, Contact: HouseholdContact(contact.SummaryOf(m))})
	}
	return out, nil
}

// HouseholdContact is what a household shows of a member: their contact summary.
type HouseholdContact contact.Summary
