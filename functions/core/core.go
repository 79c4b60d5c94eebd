// Package core is the core API area: the dealer group's user lists, its groups (sales teams and
// organisation) and its alert-miner roles.
package core

import (
	"net/http"

	"github.com/cxm/cxm/shared/domain/group"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// area holds the repositories the area's handlers use.
type area struct {
	d      wiring.Services
	groups *group.Repo
	roles  *role.Repo
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	a := &area{d: d, groups: group.NewRepo(d.Store), roles: role.NewRepo(d.Store)}
	a.registerUsers(api)
	a.registerGroups(api)
	a.registerRoles(api)
}
