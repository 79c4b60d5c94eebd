// Package route holds the route table of the HTTP API: every API area and the paths it serves.
// The local gateway dispatches on it and the CDK app creates the API Gateway routes and one
// Lambda per area from the same value, so the two can never disagree: both pick the route of
// a request by API Gateway's rule, the most specific route wins (see Pattern.Compare).
package route

import (
	"strings"
	"sync"
)

// Area is one API area: one importable package under functions/ and one Lambda function.
type Area struct {
	// Name is the area's package name under functions/ (for example "users").
	Name string
	// Prefixes are the paths the area serves, each with everything below it, in every spelling
	// the web app uses. A segment may be a path variable ("/crm/contacts/{id}/activity"), so an
	// area can serve some calls below another area's prefix: the most specific route wins. API
	// Gateway matches case-sensitively, so each spelling becomes its own pair of routes there
	// (see Area.Routes); the local gateway matches them case-insensitively.
	Prefixes []string
	// Public are the area's operations that need no token ("METHOD /path", literal paths): the
	// local gateway serves them without the authorizer and API Gateway routes them without one.
	Public []string
}

// Table returns the route table. It is a function rather than a variable so no caller can
// change the table another caller sees.
func Table() []Area {
	return []Area{
		{Name: "users", Prefixes: []string{"/users", "/usersettings", "/api/user_schedule"}},
		{Name: "core", Prefixes: []string{"/core", "/RolePermissions", "/rolepermissions"}},
		{Name: "dealers", Prefixes: []string{
			"/account", "/platform", "/products", "/packages", "/pando/dealersettings",
			"/api/dealer_settings", "/api/dealer_relationship", "/api/edit_contact_user_assignments",
		}},
		{Name: "chat", Prefixes: []string{"/message", "/group"}},
		{Name: "contacts", Prefixes: []string{
			"/crm/contacts", "/api/contacts", "/crm/prospect", "/api/Dealsheet/entity/get_unmatched_dealsheet",
		}},
		{Name: "relations", Prefixes: []string{
			"/crm/contacts/{id}/household", "/crm/contacts/{id}/companies", "/crm/contacts/{id}/company",
			"/crm/contacts/enterprise", "/crm/contacts/contact/{id}/lifetime_value", "/crm/contacts/bulkReassignRole",
			"/api/contacts/{id}/assignments", "/api/contacts/bulk",
			"/crm/RemoveContactTag", "/crm/GetContactTagCounts", "/crm/GetContactTagDetails", "/crm/GetTagByTagTypeIds",
		}},
		{Name: "activity", Prefixes: []string{
			"/crm/contacts/{id}/activity", "/crm/contacts/{id}/actions/log_phone_call", "/crm/contacts/{id}/actions/log_note",
			"/crm/contacts/{id}/log_customer_note", "/api/notes", "/api/Activity", "/api/activity", "/user_activity_submission",
		}},
		{Name: "desking", Prefixes: []string{
			"/crm/contacts/{id}/actions/send_to_desking", "/crm/contacts/actions/is_desking_enabled",
		}},
		{Name: "calltracking", Prefixes: []string{"/crm/contacts/{id}/actions/start_outbound_call"}},
		{Name: "credit", Prefixes: []string{"/api/credit"}},
		{Name: "merge", Prefixes: []string{"/api/contact/merge"}},
		{Name: "leads", Prefixes: []string{
			"/api/CrmLead", "/api/crmlead", "/api/crmLead", "/pando/claimable_lead", "/api/CrmRawLead", "/api/Lead",
		}, Public: []string{"POST /api/CrmLead/intake/adf"}},
		{Name: "auth", Prefixes: []string{"/auth"}, Public: []string{
			"GET /auth/.well-known/jwks.json", "POST /auth/partner/token",
		}},
	}
}

// Routes returns the area's API Gateway routes: for each prefix p, "ANY p" and
// "ANY p/{proxy+}" (a greedy variable needs at least one segment below p), in the order of
// Prefixes; then one route without authorizer per public operation, in the order of Public.
func (a Area) Routes() []Route {
	routes := make([]Route, 0, 2*len(a.Prefixes)+len(a.Public))
	for _, p := range a.Prefixes {
		routes = append(routes,
			Route{Area: a.Name, Method: Any, Path: p},
			Route{Area: a.Name, Method: Any, Path: p + "/{proxy+}"})
	}
	for _, op := range a.Public {
		m, p, _ := strings.Cut(op, " ")
		routes = append(routes, Route{Area: a.Name, Method: m, Path: p, Public: true})
	}
	return routes
}

// Routes returns the routes of every area, in table order.
func Routes(areas []Area) []Route {
	var routes []Route
	for _, a := range areas {
		routes = append(routes, a.Routes()...)
	}
	return routes
}

// IsPublic reports whether the operation method path of area a needs no token. Paths compare
// case-insensitively, as the local gateway matches them.
func (a Area) IsPublic(method, path string) bool {
	for _, op := range a.Public {
		m, p, _ := strings.Cut(op, " ")
		if m == method && strings.EqualFold(p, path) {
			return true
		}
	}
	return false
}

// local is the router of the table as the local gateway matches: case-insensitively. The
// table is valid (TestTableIsValid), so compiling it cannot fail.
var local = sync.OnceValue(func() *Router {
	r, err := NewRouter(Routes(Table()), true)
	if err != nil {
		panic(err)
	}
	return r
})

// Lookup returns the route of the table that serves method and path, matching literal
// segments case-insensitively: the route API Gateway picks for the path in its registered
// spelling. The second result is false when no area serves the path.
func Lookup(method, path string) (Route, bool) { return local().Lookup(method, path) }

// Match returns the area that serves path, whatever the method: the area of the most specific
// of the table's routes for every method, matched case-insensitively. The second result is
// false when no area serves the path.
func Match(path string) (Area, bool) {
	rt, ok := local().Lookup(Any, path)
	if !ok {
		return Area{}, false
	}
	for _, a := range Table() {
		if a.Name == rt.Area {
			return a, true
		}
	}
	return Area{}, false
}
