// Package leads is the leads API area: a lead's status transitions (mark lost, bad, duplicate,
// sold pending, sold delivered, reactivate), its type and source, the types and sources and
// the lead settings of stores, its vehicles of interest and trade-ins, its assignment and the
// claims of claimable leads, and the ADF/XML intake through which lead providers deliver leads
// to a store, with the raw documents they arrived in; and the lead statistics: the leads that
// want inventory vehicles (by VIN or stock number), sale counts, the average time to the first
// response, the manager dashboard's counts and the showroom log's other leads.
//
// A lead of a store the caller may not view, or of another dealer group, does not exist for
// the caller (404). An illegal transition or a lost claim is a 409 that changes nothing.
package leads

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// area holds what the area's handlers use.
type area struct {
	d        wiring.Services
	leads    *lead.Repo
	contacts *contact.Repo
	dealers  *dealer.Repo
	// intake caches what the lead intake reads of a store.
	intake *intakeCache
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	a := &area{
		d: d,
		leads: lead.NewRepo(d.Store, d.Events, d.Log).WithActivity(activity.NewRepo(d.Store, d.Events, d.Log), func(ctx context.Context, t store.Tenant, id string) string {
			if id == IntakeUser {
				return "Lead intake"
			}
			p, _, err := d.Users.Profile(ctx, t, id)
			if err != nil {
				return ""
			}
			return p.DisplayName()
		}),
		contacts: contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log),
		dealers:  dealer.NewRepo(d.Store),
		intake:   newIntakeCache(d.Store.Now),
	}
	a.registerLifecycle(api)
	a.registerVehicles(api)
	a.registerAssignment(api)
	a.registerIntake(api)
	a.registerLog(api)
	a.registerSave(api)
	a.registerTasks(api)
	a.registerStats(api)
}

// visible returns the NotFound error of a lead of a store the session's user may not view.
func visible(sess user.Session) func(lead.Lead) error {
	return func(l lead.Lead) error {
		if !sess.Principal.CanView(l.AccountPlatformID) {
			return apperr.Errorf(apperr.NotFound, lead.MsgNotFound)
		}
		return nil
	}
}

// load returns lead id when the session's user may view its store.
func (a *area) load(ctx context.Context, sess user.Session, id int64) (lead.Lead, error) {
	l, err := a.leads.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return lead.Lead{}, err
	}
	if err := visible(sess)(l); err != nil {
		return lead.Lead{}, err
	}
	return l, nil
}

// View is a lead as the calls return it: the stored lead with the status the lists show.
type View struct {
	lead.Lead
	DisplayStatusID lead.Status `json:"displayStatusId" doc:"The status the lists show: -2 unclaimed, -1 new, else the lead's status."`
	StatusName      string      `json:"leadStatusName"`
}

func view(l lead.Lead) View {
	return View{Lead: l, DisplayStatusID: l.DisplayStatus(), StatusName: l.Status.String()}
}
