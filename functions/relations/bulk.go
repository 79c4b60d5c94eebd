package relations

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// BulkInput is the request of the bulk reassignment calls.
type BulkInput struct {
	httpapi.ScopeHeader
	Body assignment.BulkCriteria
}

// BulkCount is how many customers a bulk reassignment would move.
type BulkCount struct {
	Count int `json:"count"`
}

// JobPath is the path of GET /api/contacts/bulk/assignments/jobs/{jobId}.
type JobPath struct {
	JobID string `path:"jobId" pattern:"^[a-z0-9]{8,40}$" doc:"The job id the bulk reassignment returned."`
}

func (a *area) registerBulk(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "countBulkReassignment",
		Method:      http.MethodPut,
		Path:        "/api/contacts/bulk/assignments/count",
		Summary:     "How many customers a bulk reassignment would move",
		Description: "Counts the customers fromUserId holds for role in the stores given (every store of the Scope header the caller may view when none is given), reading the assignment index: no scan.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *BulkInput) (*httpapi.Body[httpapi.Result[BulkCount]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, err := a.criteria(ctx, sess, in, false)
		if err != nil {
			return nil, err
		}
		n, err := a.assignments.Count(ctx, sess.Principal.Tenant, c)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(BulkCount{Count: n})), nil
	})

	start := func(ctx context.Context, in *BulkInput) (*httpapi.Body[httpapi.Result[assignment.BulkJob]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		c, err := a.criteria(ctx, sess, in, true)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		j, err := a.assignments.Start(ctx, t, c, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		// The job runs on its events (events/bulkjobs), announced with it, not in this
		// request's process.
		return httpapi.Reply(httpapi.OK(j)), nil
	}
	const startDoc = "Starts a job that moves every customer fromUserId holds for role in the stores given (every store of the Scope header the caller may view when none is given) to toUserId, who must be an active user of each of those stores. The customers are fixed when the job starts and moved in chunks; each move is a versioned write, so a customer someone else reassigns meanwhile is skipped, never overwritten, and a retried chunk moves nobody twice. The job runs by itself, chunk after chunk, driven by its events (BulkReassignmentStarted, then BulkReassignmentChunkDue per chunk): it finishes whether or not anyone reads its progress. Returns the job: read its progress with GET /api/contacts/bulk/assignments/jobs/{jobId}."
	httpapi.Register(api, huma.Operation{
		OperationID: "bulkReassign",
		Method:      http.MethodPut,
		Path:        "/api/contacts/bulk/assignments",
		Summary:     "Reassign customers in bulk",
		Description: startDoc,
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, start)
	httpapi.Register(api, huma.Operation{
		OperationID: "bulkReassignRole",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/bulkReassignRole",
		Summary:     "Reassign customers of one role in bulk",
		Description: "The same as PUT /api/contacts/bulk/assignments. " + startDoc,
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, start)

	httpapi.Register(api, huma.Operation{
		OperationID: "getBulkReassignment",
		Method:      http.MethodGet,
		Path:        "/api/contacts/bulk/assignments/jobs/{jobId}",
		Summary:     "A bulk reassignment's progress",
		Description: "total, done (moved), skipped (reassigned by someone else meanwhile) and failed; status is done when done + skipped + failed reaches total. Reading the progress only reads: the job advances on its own events. A job of stores the caller may not view is 404.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *JobPath) (*httpapi.Body[httpapi.Result[assignment.BulkJob]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		j, err := a.assignments.Job(ctx, t, in.JobID)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(j.Criteria.Stores, sess.Principal.CanView) || slices.ContainsFunc(j.Criteria.Stores, func(s int64) bool { return !sess.Principal.CanView(s) }) {
			return nil, apperr.Errorf(apperr.NotFound, assignment.MsgNoJob)
		}
		return httpapi.Reply(httpapi.OK(j)), nil
	})
}

// criteria checks a bulk request: a manager's, an assignable role, stores the caller may view,
// and (to move) a different active user of every store. Every problem is named at once.
func (a *area) criteria(ctx context.Context, sess user.Session, in *BulkInput, moving bool) (assignment.BulkCriteria, error) {
	if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(ManagerRoles(), r) }) {
		return assignment.BulkCriteria{}, apperr.Errorf(apperr.Forbidden, "Only managers may reassign customers in bulk.")
	}
	c := in.Body
	stores, err := sess.SelectStores(c.Stores, in.Scope)
	if err != nil {
		return assignment.BulkCriteria{}, err
	}
	c.Stores = stores
	fields := map[string]string{}
	if !assignment.ValidRole(c.Role) {
		fields["role"] = "Choose one of the roles SalesPerson, BDCAgent, ServiceAdvisor, SalesManager, FIManager."
	}
	if !user.ValidUserID(c.FromUserID) {
		fields["fromUserId"] = "Choose the user the customers are assigned to now."
	}
	if moving {
		switch {
		case c.ToUserID == "":
			fields["toUserId"] = "Choose the user the customers go to."
		case c.ToUserID == c.FromUserID:
			fields["toUserId"] = "Choose another user than the one the customers are assigned to now."
		default:
			if msg := a.checkAssignee(ctx, sess, c.ToUserID, c.Stores); msg != "" {
				fields["toUserId"] = msg
			}
		}
	}
	if len(fields) > 0 {
		return assignment.BulkCriteria{}, apperr.InvalidFields("The reassignment is not valid.", fields)
	}
	return c, nil
}
