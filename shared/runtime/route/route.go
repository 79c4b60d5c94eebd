// Package route holds the route table of the HTTP API: every API area and the path prefixes it
// serves. The local gateway dispatches on it and the CDK app creates the API Gateway routes and
// one Lambda per area from the same value, so the two can never disagree.
package route

import "strings"

// Area is one API area: one importable package under functions/ and one Lambda function.
type Area struct {
	// Name is the area's package name under functions/ (for example "users").
	Name string
	// Prefixes are the literal path prefixes the area serves, in every spelling the web app
	// uses. API Gateway matches case-sensitively, so each spelling becomes its own greedy route
	// there; the local gateway matches them case-insensitively.
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
			"/crm/RemoveContactTag", "/crm/GetContactTagCounts", "/crm/GetContactTagDetails", "/crm/GetTagByTagTypeIds",
			"/api/notes", "/api/Activity", "/api/activity", "/user_activity_submission",
		}},
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

// Match returns the area that serves path, matching literal prefixes case-insensitively on
// whole segments. The second result is false when no area serves the path.
func Match(path string) (Area, bool) {
	for _, a := range Table() {
		for _, p := range a.Prefixes {
			if hasSegmentPrefix(path, p) {
				return a, true
			}
		}
	}
	return Area{}, false
}

func hasSegmentPrefix(path, prefix string) bool {
	if len(path) < len(prefix) || !strings.EqualFold(path[:len(prefix)], prefix) {
		return false
	}
	return len(path) == len(prefix) || path[len(prefix)] == '/'
}
