package relations

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/role"
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

// BulkUsersInput is the request of GET /api/contacts/bulk/assignments/users.
type BulkUsersInput struct {
	httpapi.ScopeHeader
	Role   string  `query:"role" required:"true" maxLength:"40" doc:"The role whose customers move (SalesPerson, BDCAgent, ServiceAdvisor, SalesManager, FIManager)."`
	Stores []int64 `query:"accountPlatformIds" doc:"The stores whose customers move; none means every store of the Scope header the caller may view."`
}

// BulkUser is a user a bulk reassignment offers.
type BulkUser struct {
	UserID string   `json:"userId"`
	Name   string   `json:"name"`
	Active bool     `json:"active"`
	Roles  []string `json:"roles" doc:"The user's roles, as people name them (sales manager)."`
	Stores []string `json:"stores" doc:"The names of the stores among those chosen the user works at."`
}

// BulkUsers are the users a bulk reassignment of one role in some stores offers.
type BulkUsers struct {
	From []BulkUser `json:"from" doc:"The users whose customers may be moved: every user (active or not: one who left still holds customers) holding the role at one of the stores."`
	To   []BulkUser `json:"to" doc:"The users who may take them: active users holding a role that takes these customers (the role itself or the role that manages it) at every one of the stores. These are exactly the users the reassignment accepts."`
}

// JobPath is the path of GET /api/contacts/bulk/assignments/jobs/{jobId}.
type JobPath struct {
	JobID string `path:"jobId" pattern:"^[a-z0-9]{8,40}$" doc:"The job id the bulk reassignment returned."`
}

func (a *area) registerBulk(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "bulkReassignmentUsers",
		Method:      http.MethodGet,
		Path:        "/api/contacts/bulk/assignments/users",
		Summary:     "The users a bulk reassignment offers",
		Description: "For a role and stores (every store of the Scope header the caller may view when none is given): the users whose customers may be moved, and the users who may take them, checked as the count and the reassignment check toUserId. For managers.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *BulkUsersInput) (*httpapi.Body[httpapi.Result[BulkUsers]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := requireManager(sess); err != nil {
			return nil, err
		}
		if !assignment.ValidRole(in.Role) {
			return nil, apperr.InvalidFields("The role is not valid.", map[string]string{"role": msgRole})
		}
		stores, err := sess.SelectStores(in.Stores, in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := BulkUsers{From: bulkUsers(sess, assignment.FromUsers(all, in.Role, stores), stores), To: bulkUsers(sess, assignment.Candidates(all, in.Role, stores), stores)}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "countBulkReassignment",
		Method:      http.MethodPut,
		Path:        "/api/contacts/bulk/assignments/count",
		Summary:     "How many customers a bulk reassignment would move",
		Description: "Counts the customers fromUserId holds for role in the stores given (every store of the Scope header the caller may view when none is given), reading the assignment index: no scan. With toUserId it is the reassignment's preview: toUserId is checked exactly as the reassignment checks it (the same field errors), so a preview that passes starts.",
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

const msgRole = "Choose one of the roles SalesPerson, BDCAgent, ServiceAdvisor, SalesManager, FIManager."

// requireManager refuses users who may not reassign customers in bulk.
func requireManager(sess user.Session) error {
	if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(ManagerRoles(), r) }) {
		return apperr.Errorf(apperr.Forbidden, "Only managers may reassign customers in bulk.")
	}
	return nil
}

// bulkUsers returns ps as a bulk reassignment offers them, active users first, each with the
// names of its stores among stores.
func bulkUsers(sess user.Session, ps []user.Profile, stores []int64) []BulkUser {
	out := make([]BulkUser, 0, len(ps))
	for _, p := range ps {
		u := BulkUser{UserID: p.UserID, Name: p.DisplayName(), Active: p.Active(), Roles: []string{}, Stores: []string{}}
		for _, r := range p.Roles {
			u.Roles = append(u.Roles, role.Label(r))
		}
		for _, st := range stores {
			if slices.Contains(p.AllowedStores, st) {
				u.Stores = append(u.Stores, storeName(sess, st))
			}
		}
		out = append(out, u)
	}
	slices.SortStableFunc(out, func(a, b BulkUser) int {
		if a.Active != b.Active {
			if a.Active {
				return -1
			}
			return 1
		}
		return 0
	})
	return out
}

// storeName names store st as the session's user reads it.
func storeName(sess user.Session, st int64) string {
	for _, s := range sess.Stores {
		if s.AccountPlatformID == st && s.Name != "" {
			return s.Name
		}
	}
	return fmt.Sprintf("store %d", st)
}

// criteria checks a bulk request, the same for its count (the preview) and its start: a
// manager's, an assignable role, stores the caller may view, and a different user who may take
// the customers (assignment.Refusal), required to move and checked whenever given. Every problem
// is named at once.
func (a *area) criteria(ctx context.Context, sess user.Session, in *BulkInput, moving bool) (assignment.BulkCriteria, error) {
	if err := requireManager(sess); err != nil {
		return assignment.BulkCriteria{}, err
	}
	c := in.Body
	stores, err := sess.SelectStores(c.Stores, in.Scope)
	if err != nil {
		return assignment.BulkCriteria{}, err
	}
	c.Stores = stores
	fields := map[string]string{}
	if !assignment.ValidRole(c.Role) {
		fields["role"] = msgRole
	}
	if !user.ValidUserID(c.FromUserID) {
		fields["fromUserId"] = "Choose the user the customers are assigned to now."
	}
	switch {
	case c.ToUserID == "":
		if moving {
			fields["toUserId"] = "Choose the user the customers go to."
		}
	case c.ToUserID == c.FromUserID:
		fields["toUserId"] = "Choose another user than the one the customers are assigned to now."
	default:
		if msg := a.checkHolder(ctx, sess, c.ToUserID, c.Role, c.Stores); msg != "" {
			fields["toUserId"] = msg
		}
	}
	if len(fields) > 0 {
		return assignment.BulkCriteria{}, apperr.InvalidFields("The reassignment is not valid.", fields)
	}
	return c, nil
}
