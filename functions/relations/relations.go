// Package relations is the relations area: the operations about a customer's relations, routed
// to a function of their own by the more specific paths they have below the contacts area's:
// the household (members and co-buyers), the users assigned to the customer by role, the same
// customer's linked records at other stores with their lifetime value, the customer's company,
// the dealer group's tags with how many customers carry each and which, taking a tag off a
// customer, and bulk reassignment of customers from one user to another as a job with
// progress.
//
// A contact of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404), and neither does a household member the caller may not view.
package relations

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/enterprise"
	"github.com/cxm/cxm/shared/domain/household"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/tag"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// area holds what the handlers use.
type area struct {
	d           wiring.Services
	contacts    *contact.Repo
	households  *household.Repo
	assignments *assignment.Repo
	enterprise  *enterprise.Repo
	values      *enterprise.Valuer
	tags        *tag.Repo
}

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// Register adds the operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	a := &area{
		d:           d,
		contacts:    contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		households:  household.NewRepo(d.Store),
		assignments: assignment.NewRepo(d.Store),
		enterprise:  enterprise.NewRepo(d.Store),
		values:      enterprise.NewValuer(d.Store),
		tags:        tag.NewRepo(d.Store),
	}
	a.registerHousehold(api)
	a.registerAssignments(api)
	a.registerBulk(api)
	a.registerEnterprise(api)
	a.registerCompanies(api)
	a.registerTags(api)
	a.registerTagReads(api)
}

// ContactPath is the path of the calls about one contact.
type ContactPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The contact's id."`
}

// visibleContact returns contact id when the session's user may view it; otherwise NotFound.
func (a *area) visibleContact(ctx context.Context, sess user.Session, id int64) (contact.Contact, error) {
	c, err := a.contacts.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return contact.Contact{}, err
	}
	if !sess.Principal.CanView(c.AccountPlatformID) {
		return contact.Contact{}, apperr.Errorf(apperr.NotFound, contact.MsgNotFound)
	}
	return c, nil
}

// requireEditor refuses users whose roles may not edit customers.
func requireEditor(sess user.Session) error {
	if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(contact.EditRoles(), r) }) {
		return apperr.Errorf(apperr.Forbidden, "You may not edit customers.")
	}
	return nil
}

// ManagerRoles are the roles that may reassign customers in bulk.
func ManagerRoles() []string {
	return []string{role.SalesManager, role.BDCManager, role.ServiceManager, role.DealerAdmin, role.GeneralManager, role.GeneralSalesManager, role.UsedCarManager}
}
