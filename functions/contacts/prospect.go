package contacts

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/functions/touchpoints"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// ProspectInput is the request of POST /crm/prospect/add.
type ProspectInput struct {
	httpapi.ScopeHeader
	Body struct {
		Contact contact.Contact `json:"contact" doc:"The new customer. Its store is accountPlatformId, else the one store of the Scope header."`
		// SkipContactProposal is set by the add-prospect confirmation.
		SkipContactProposal bool `json:"skipContactProposal,omitempty" doc:"true creates the customer whatever exists; false (the default) only returns the customers it probably duplicates."`
		// StartShowroomVisit is the add-prospect confirmation's start-showroom-visit flag.
		StartShowroomVisit bool `json:"startShowroomVisit,omitempty" required:"false" doc:"With the customer created, also start their showroom visit at the store, looked after by the caller (a walk-in)."`
	}
}

// ProspectResult is the answer of POST /crm/prospect/add: the likely duplicates (nothing is
// created), or the created customer.
type ProspectResult struct {
	Created          bool                `json:"created"`
	Contact          *contact.Contact    `json:"contact,omitempty" required:"false" doc:"The created customer; absent when none was created."`
	ExistingContacts []contact.Duplicate `json:"existingContacts" doc:"The store's customers the prospect probably duplicates: same e-mail address, same phone number, or same last name with a close first name."`
	Visit            *visit.Visit        `json:"visit,omitempty" required:"false" doc:"The showroom visit started with startShowroomVisit."`
	VisitError       string              `json:"visitError,omitempty" required:"false" doc:"Why the showroom visit asked for did not start; the customer is created all the same."`
}

// prospectStore returns the store a prospect is added to: the contact's own, else the Scope
// header's one store; it must be a store the user may view.
func prospectStore(sess user.Session, c contact.Contact, scope string) (int64, error) {
	id := c.AccountPlatformID
	if id == 0 {
		ids, err := auth.ParseScope(scope)
		if err != nil {
			return 0, err
		}
		if len(ids) != 1 {
			return 0, apperr.InvalidFields(contact.NotValid, map[string]string{"accountPlatformId": "Choose the store the customer is added to."})
		}
		id = ids[0]
	}
	if _, err := sess.Store(id); err != nil {
		return 0, err
	}
	return id, nil
}

func (s *summaries) registerProspect(api *httpapi.API) {
	d := s.d
	httpapi.Register(api, huma.Operation{
		OperationID: "addProspect",
		Method:      http.MethodPost,
		Path:        "/crm/prospect/add",
		Summary:     "Add a prospect (a new customer)",
		Description: "The customer is validated as a save validates it (400 naming every bad field, nothing created). Without skipContactProposal nothing is created: the answer lists the store's customers the prospect probably duplicates — one of its e-mail addresses, one of its phone numbers, or its last name with a close first name (equal; an initial; one a prefix of the other of at least 3 letters; or an edit distance of at most 1 for names of 4 letters, at most 2 for 5 or more) — and the web app shows them for confirmation. With skipContactProposal true the customer is created, and with startShowroomVisit too their showroom visit is started in the same request (VisitStarted), looked after by the caller. The store is the contact's accountPlatformId, else the Scope header's one store.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ProspectInput) (*httpapi.Body[httpapi.Result[ProspectResult]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(contact.EditRoles(), r) }) {
			return nil, apperr.Errorf(apperr.Forbidden, "You may not add customers.")
		}
		c := in.Body.Contact
		if c.ID != 0 {
			return nil, apperr.InvalidFields(contact.NotValid, map[string]string{"id": "A new customer has no id."})
		}
		storeID, err := prospectStore(sess, c, in.Scope)
		if err != nil {
			return nil, err
		}
		c.AccountPlatformID = storeID
		st, err := sess.Store(storeID)
		if err != nil {
			return nil, err
		}
		c.DealerID = st.DealerID
		norm, err := contact.Normalize(c)
		if err != nil {
			return nil, err
		}
		if !in.Body.SkipContactProposal {
			dups, err := s.contacts.Duplicates(ctx, sess.Principal.Tenant, storeID, norm)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(ProspectResult{ExistingContacts: dups})), nil
		}
		saved, err := s.contacts.Create(ctx, sess.Principal.Tenant, c, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		out := ProspectResult{Created: true, Contact: &saved, ExistingContacts: []contact.Duplicate{}}
		if in.Body.StartShowroomVisit {
			// The customer exists now whatever the visit's fate: a visit that cannot start
			// (the caller may not look after the store's customers, the store does not use the
			// showroom touchpoint) is said in visitError, and the profile can start it later.
			v, err := touchpoints.StartVisit(ctx, d, sess, saved)
			if err != nil {
				e, ok := apperr.As(err)
				if !ok || e.Code == apperr.Internal {
					return nil, err
				}
				out.VisitError = strings.Join(e.Messages(), " ")
			} else {
				out.Visit = &v
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
