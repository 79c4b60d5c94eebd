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
	// Gateway matches case-sensitively, so each spelling becomes routes of its own there (see
	// Routes); the local gateway matches them case-insensitively.
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
		{Name: "dashboards", Prefixes: []string{
			"/api/Activity/summary", "/api/Activity/engagement", "/api/Activity/workplan", "/api/Activity/grouped",
			"/api/Activity/detail", "/api/activitygroup", "/api/activitygroups", "/api/Team", "/api/Report", "/api/Campaign",
			"/pando/pandoalertreporting/activitycount", "/pando/pandoalertreporting/activitydetails",
		}},
		{Name: "desking", Prefixes: []string{
			"/crm/contacts/{id}/actions/send_to_desking", "/crm/contacts/actions/is_desking_enabled", "/api/desking",
			"/api/packet", "/api/form",
		}},
		{Name: "dealsheets", Prefixes: []string{"/api/Dealsheet", "/api/dealsheet", "/api/opportunities"}},
		{Name: "calltracking", Prefixes: []string{
			"/crm/contacts/{id}/actions/start_outbound_call", "/api/calltracking", "/api/call_tracking",
		}, Public: []string{"POST /api/calltracking/webhook/post_call"}},
		{Name: "email", Prefixes: []string{
			"/pando/pandox/sendemail", "/pando/pandox/tokenreplaceemailtemplate", "/templatemanager/getDealerTemplates",
			"/templatemanager/createDealerTemplate", "/pando/pandox/create_email_attachment",
			"/pando/pandox/create_email_template_attachment", "/pando/pandox/get_email_attachment",
			"/chat/message/attachment", "/crm/contacts/{id}/emails", "/pando/pandox/inbound_email",
		}, Public: []string{"POST /pando/pandox/inbound_email"}},
		{Name: "assistant", Prefixes: []string{"/api/auto_assistant", "/cxp/video", "/generate"}, Public: []string{
			"POST /api/auto_assistant/webhook/message", "POST /api/auto_assistant/webhook/lead_update",
		}},
		{Name: "messages", Prefixes: []string{"/crm/contacts/{id}/actions/sms", "/api/sms", "/api/texting", "/internalLinkVerification"}, Public: []string{"POST /api/sms/inbound"}},
		{Name: "tasks", Prefixes: []string{"/crm/contacts/{id}/task", "/pando/pandox/task"}},
		{Name: "calendar", Prefixes: []string{"/pando/calendarevent", "/api/calendarevent", "/api/CalendarEvent"}},
		{Name: "touchpoints", Prefixes: []string{
			"/api/contact_touchpoint", "/api/touchpoint", "/api/admin/get_touchpoint_item_setting_dealer",
		}},
		{Name: "credit", Prefixes: []string{"/api/credit"}},
		{Name: "rules", Prefixes: []string{
			"/api/triggerset", "/api/TriggerSet", "/api/rulegroup", "/api/RuleGroup", "/api/ruleGroup",
			"/pando/pandox/triggers", "/pando/pandox/rulelist", "/pando/pandox/actiontypes", "/pando/pandox/saveactiontypes",
			"/pando/pandox/activeWorkflow", "/pando/pandox/historicalWorkflow",
			"/api/Activity/activitytypes", "/api/Activity/actiontypes", "/api/Audit/changelog_by_table",
			"/crm/contacts/workplan",
		}},
		{Name: "processes", Prefixes: []string{
			"/pando/workflowtemplate", "/pando/workflow", "/pando/forms", "/pando/formtemplate", "/api/workflows",
		}},
		{Name: "merge", Prefixes: []string{"/api/contact/merge"}},
		{Name: "garage", Prefixes: []string{
			"/vehicle", "/api/vehicle", "/crm/contacts/{id}/vehicles", "/crm/Lookup", "/crm/lookup",
			"/templatemanager/gettemplatelookups", "/api/bank", "/api/VAuto", "/api/vincue",
			"/api/dealsheet/integrations",
		}},
		{Name: "leads", Prefixes: []string{
			"/api/CrmLead", "/api/crmlead", "/api/crmLead", "/pando/claimable_lead", "/api/CrmRawLead", "/api/Lead",
		}, Public: []string{"POST /api/CrmLead/intake/adf"}},
		{Name: "auth", Prefixes: []string{"/auth"}, Public: []string{
			"GET /auth/.well-known/jwks.json", "POST /auth/partner/token",
		}},
	}
}

// Routes returns the API Gateway routes of the table, area by area in table order: for each
// prefix p, "ANY p" and a greedy route for everything below it, in the order of Prefixes; then
// one route without authorizer per public operation, in the order of Public.
//
// The greedy route is "ANY p/{proxy+}", unless some prefix of the table has a variable
// segment right below p ("p/{id}/..."): then it is "ANY p/{id}" and "ANY p/{id}/{proxy+}",
// which serve the same paths. API Gateway refuses two differently named variables at the same
// level of the route tree, and a greedy variable is one; this keeps a single one there.
func Routes(areas []Area) []Route {
	below := variablesBelow(areas)
	var routes []Route
	for _, a := range areas {
		for _, p := range a.Prefixes {
			routes = append(routes, Route{Area: a.Name, Method: Any, Path: p})
			if name, ok := below[p]; ok {
				routes = append(routes,
					Route{Area: a.Name, Method: Any, Path: p + "/{" + name + "}"},
					Route{Area: a.Name, Method: Any, Path: p + "/{" + name + "}/{proxy+}"})
				continue
			}
			routes = append(routes, Route{Area: a.Name, Method: Any, Path: p + "/{proxy+}"})
		}
		for _, op := range a.Public {
			m, p, _ := strings.Cut(op, " ")
			routes = append(routes, Route{Area: a.Name, Method: m, Path: p, Public: true})
		}
	}
	return routes
}

// variablesBelow returns, for each path of the table that some prefix continues with a
// variable segment, that variable's name (the first one found; Validate refuses two).
func variablesBelow(areas []Area) map[string]string {
	below := map[string]string{}
	for _, a := range areas {
		for _, p := range a.Prefixes {
			parts := strings.Split(p, "/")
			for i := 2; i < len(parts); i++ {
				seg := parts[i]
				if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") && !strings.HasSuffix(seg, "+}") {
					parent := strings.Join(parts[:i], "/")
					if _, ok := below[parent]; !ok {
						below[parent] = seg[1 : len(seg)-1]
					}
				}
			}
		}
	}
	return below
}

// RoutesOf returns the routes of the table that area serves (see Routes).
func RoutesOf(areas []Area, area string) []Route {
	var out []Route
	for _, r := range Routes(areas) {
		if r.Area == area {
			out = append(out, r)
		}
	}
	return out
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
