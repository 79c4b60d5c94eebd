package route_test

import (
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/runtime/route"
)

func TestMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path string
		area string
	}{
		{"/users/currentUser", "users"},
		{"/USERS/currentuser", "users"},
		{"/usersettings/key/x", "users"},
		{"/users", "users"},
		{"/users/100001/availability", "users"},
		{"/api/user_schedule/save_availability", "users"},
		{"/core/users", "core"},
		{"/RolePermissions/GetAlertMinerRoles", "core"},
		{"/rolepermissions/getalertminerrolesforrulesadmin/2001", "core"},
		{"/products/", "dealers"},
		{"/api/dealer_settings/UI_Dealer_settings/get", "dealers"},
		{"/api/edit_contact_user_assignments/dealer_settings/1/get_contact_user_assignment_dealer_settings", "dealers"},
		{"/message/vendor", "chat"},
		{"/auth/impersonation", "auth"},
		{"/auth/.well-known/jwks.json", "auth"},
		{"/api/credit/sevenhundredcredit/pre_screen", "credit"},
		{"/API/Credit/contact_credit_requests", "credit"},
		{"/api/contact/merge/get_current_session", "merge"},
		{"/api/contact/mergex", ""},
		{"/api/CrmLead/42/mark_lost", "leads"},
		{"/api/crmlead/leadsource/get", "leads"},
		{"/api/crmLead/sale/counts", "leads"},
		{"/pando/claimable_lead/claim_lead", "leads"},
		{"/api/CrmRawLead/42/raw_adf_xml", "leads"},
		{"/api/CrmLeads", ""},
		{"/crm/contacts", "contacts"},
		{"/crm/contacts/42", "contacts"},
		{"/CRM/Contacts/advanced_search", "contacts"},
		{"/crm/contacts/42/change_log", "contacts"},
		{"/crm/contacts/42/actions/mark_as_hot", "contacts"},
		{"/api/contacts/42/user_permissions/100001", "contacts"},
		{"/crm/contactsx", ""},
		{"/crm/prospect/add", "contacts"},
		{"/api/Dealsheet/entity/get_unmatched_dealsheet", "contacts"},
		{"/api/dealsheet/entity/get_unmatched_dealsheet", "contacts"},
		{"/api/Dealsheet/entity/42", "dealsheets"},
		{"/api/dealsheet/entity/42/customer_does_not_own_vehicle/", "dealsheets"},
		{"/api/dealsheet/request", "dealsheets"},
		{"/api/opportunities/payment_recalc", "dealsheets"},
		{"/api/dealsheet/integrations/CarProof", "garage"},
		{"/api/contactsx/1", ""},
		// A variable segment below another area's prefix: the most specific route wins.
		{"/crm/contacts/42/household", "relations"},
		{"/crm/contacts/42/household/43", "relations"},
		{"/CRM/contacts/42/Household", "relations"},
		{"/crm/contacts/42/companies", "relations"},
		{"/crm/contacts/enterprise/42/linkedcontacts", "relations"},
		{"/crm/contacts/contact/42/lifetime_value", "relations"},
		{"/crm/contacts/contact/42", "contacts"},
		{"/crm/contacts/bulkReassignRole", "relations"},
		{"/api/contacts/42/assignments", "relations"},
		{"/api/contacts/bulk/assignments/count", "relations"},
		{"/crm/GetContactTagCounts", "relations"},
		{"/crm/contacts/42/activity/feed/paged", "activity"},
		{"/crm/contacts/42/activity", "activity"},
		{"/crm/contacts/42/activityx", "contacts"},
		{"/crm/contacts/42/actions/log_phone_call", "activity"},
		{"/crm/contacts/42/log_customer_note", "activity"},
		{"/api/notes/get", "activity"},
		{"/api/Activity/conversation/overview/", "activity"},
		{"/user_activity_submission/view_dealsheet", "activity"},
		{"/crm/contacts/42/actions/send_to_desking", "desking"},
		{"/crm/contacts/actions/is_desking_enabled", "desking"},
		{"/crm/contacts/42/actions/start_outbound_call", "calltracking"},
		// A variable matches a non-empty segment only.
		{"/crm/contacts//actions/start_outbound_call", ""},
		{"/authx", ""},
		{"/api/dealer_settingsx", ""},
		{"/usersx/key", ""},
		{"/index.html", ""},
		{"/", ""},
		{"", ""},
	}
	for _, tt := range tests {
		a, ok := route.Match(tt.path)
		if got := a.Name; got != tt.area || ok != (tt.area != "") {
			t.Errorf("Match(%q) = %q, %v; want %q", tt.path, got, ok, tt.area)
		}
	}
}

func TestLookup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		method, path string
		key          string
		public       bool
	}{
		{"GET", "/auth/.well-known/jwks.json", "GET /auth/.well-known/jwks.json", true},
		{"POST", "/auth/.well-known/jwks.json", "ANY /auth/{proxy+}", false},
		{"POST", "/api/crmlead/intake/ADF", "POST /api/CrmLead/intake/adf", true},
		{"GET", "/api/CrmLead/intake/adf", "ANY /api/CrmLead/{proxy+}", false},
		{"POST", "/crm/contacts", "ANY /crm/contacts", false},
		{"GET", "/crm/contacts/7", "ANY /crm/contacts/{id}", false},
		{"POST", "/crm/contacts/7/change_log", "ANY /crm/contacts/{id}/{proxy+}", false},
		{"POST", "/crm/contacts/search", "ANY /crm/contacts/{id}", false},
		{"POST", "/crm/contacts/7/activity/counts", "ANY /crm/contacts/{id}/activity/{proxy+}", false},
		{"POST", "/crm/contacts/actions/is_desking_enabled", "ANY /crm/contacts/actions/is_desking_enabled", false},
		{"GET", "/nothing", "", false},
	}
	for _, tt := range tests {
		rt, ok := route.Lookup(tt.method, tt.path)
		if got := rt.Key(); ok != (tt.key != "") || ok && (got != tt.key || rt.Public != tt.public) {
			t.Errorf("Lookup(%s %s) = %q public %v, %v; want %q public %v", tt.method, tt.path, got, rt.Public, ok, tt.key, tt.public)
		}
	}
}

func TestIsPublic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		method, path string
		want         bool
	}{
		{"GET", "/auth/.well-known/jwks.json", true},
		{"POST", "/auth/partner/token", true},
		{"POST", "/AUTH/Partner/Token", true},
		{"GET", "/auth/partner/token", false},
		{"POST", "/auth/impersonation", false},
		{"POST", "/auth/partner/token/x", false},
		{"GET", "/users/currentUser", false},
		{"POST", "/api/CrmLead/intake/adf", true},
		{"POST", "/api/crmlead/intake/ADF", true},
		{"POST", "/api/CrmLead/intake/key", false},
		{"GET", "/api/CrmLead/intake/adf", false},
	}
	for _, tt := range tests {
		a, _ := route.Match(tt.path)
		if got := a.IsPublic(tt.method, tt.path); got != tt.want {
			t.Errorf("IsPublic(%s %s) = %v, want %v", tt.method, tt.path, got, tt.want)
		}
	}
}

// TestRouterPicksTheMostSpecificRoute checks the rule on the routes of API Gateway's own
// example and on the shapes the table uses, case-sensitively as API Gateway matches.
func TestRouterPicksTheMostSpecificRoute(t *testing.T) {
	t.Parallel()
	routes := []route.Route{
		{Area: "a", Method: "GET", Path: "/pets/dog/1"},
		{Area: "b", Method: "GET", Path: "/pets/dog/{id}"},
		{Area: "c", Method: "GET", Path: "/pets/{proxy+}"},
		{Area: "d", Method: route.Any, Path: "/{proxy+}"},
		{Area: "e", Method: route.Any, Path: "/crm/contacts"},
		{Area: "e", Method: route.Any, Path: "/crm/contacts/{proxy+}"},
		{Area: "f", Method: route.Any, Path: "/crm/contacts/{id}/activity/{proxy+}"},
		{Area: "g", Method: route.Any, Path: "/crm/contacts/enterprise/{proxy+}"},
		{Area: "h", Method: route.Any, Path: "/crm/contacts/{id}/actions/call"},
		{Area: "i", Method: "POST", Path: "/crm/contacts/{id}/actions/call"},
		{Area: "j", Method: route.Any, Path: "/products/"},
	}
	r, err := route.NewRouter(routes, false)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		area         string
	}{
		{"GET", "/pets/dog/1", "a"},
		{"GET", "/pets/dog/2", "b"},
		{"GET", "/pets/cat/1", "c"},
		{"GET", "/pets/dog", "c"},
		{"POST", "/pets/dog/1", "d"},
		{"GET", "/Pets/dog/1", "d"},
		{"GET", "/pets", "d"},
		{"GET", "/", "d"},
		{"GET", "/crm/contacts", "e"},
		{"GET", "/crm/contacts/1", "e"},
		{"GET", "/crm/contacts/1/activity", "e"},
		{"GET", "/crm/contacts/1/activity/feed", "f"},
		{"GET", "/crm/contacts/enterprise/1", "g"},
		{"GET", "/crm/contacts/enterprise/activity/x", "g"},
		{"GET", "/crm/contacts/1/actions/call", "h"},
		{"POST", "/crm/contacts/1/actions/call", "i"},
		{"POST", "/crm/contacts//actions/call", "e"},
		{"POST", "/crm/contacts/1/actions/call/x", "e"},
		{"POST", "/products/", "j"},
		{"POST", "/products", "d"},
	}
	for _, tt := range tests {
		rt, ok := r.Lookup(tt.method, tt.path)
		if !ok || rt.Area != tt.area {
			t.Errorf("Lookup(%s %s) = %s (%s), %v; want area %s", tt.method, tt.path, rt.Key(), rt.Area, ok, tt.area)
		}
	}
	// The greedy routes f and g both match this path; API Gateway's documentation does not
	// say whether the leftmost literal or the longer prefix wins, so the area is not settled.
	if r.Settled("GET", "/crm/contacts/enterprise/activity/x") {
		t.Error("Settled(/crm/contacts/enterprise/activity/x) = true, want false")
	}
	if !r.Settled("GET", "/crm/contacts/1/activity/feed") || !r.Settled("GET", "/nothing") {
		t.Error("Settled = false for a path whose area every tie-break agrees on")
	}
}

func TestPatternCompare(t *testing.T) {
	t.Parallel()
	tests := []struct {
		p, q string
		want int // sign
	}{
		{"/a/b", "/a/{x}", 1},
		{"/a/{x}", "/a/{proxy+}", 1},
		{"/a/b/{proxy+}", "/a/{proxy+}", 1},
		{"/a/{x}/c/{proxy+}", "/a/{proxy+}", 1},
		{"/a/b/{proxy+}", "/a/{x}/c/{proxy+}", 1},
		{"/a/{x}/c", "/a/b/{proxy+}", 1},
		{"/a/{x}", "/a/{y}", 0},
		{"/a/{proxy+}", "/a/{p+}", 0},
		{"/a/{x}/c", "/a/b/{y}", -1},
	}
	for _, tt := range tests {
		p, err := route.ParsePattern(tt.p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := route.ParsePattern(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		sign := func(n int) int { return min(max(n, -1), 1) }
		if got := sign(p.Compare(q)); got != tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.p, tt.q, got, tt.want)
		}
		if got := sign(q.Compare(p)); got != -tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.q, tt.p, got, -tt.want)
		}
	}
}

func TestParsePattern(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path    string
		wantErr bool
		sample  string
	}{
		{"/crm/contacts/{id}/activity", false, "/crm/contacts/1/activity"},
		{"/crm/contacts/{proxy+}", false, "/crm/contacts/x"},
		{"/products/", false, "/products/"},
		{"/", false, "/"},
		{"crm", true, ""},
		{"/a//b", true, ""},
		{"/a/{proxy+}/b", true, ""},
		{"/a/{}", true, ""},
		{"/a/x{id}", true, ""},
		{"/a/{+}", true, ""},
	}
	for _, tt := range tests {
		p, err := route.ParsePattern(tt.path)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParsePattern(%q) error = %v, want error %v", tt.path, err, tt.wantErr)
			continue
		}
		if err == nil {
			if got := p.Sample(); got != tt.sample || !p.Matches(got, false) {
				t.Errorf("ParsePattern(%q).Sample() = %q, want %q and a match", tt.path, got, tt.sample)
			}
		}
	}
}

func TestTableIsValid(t *testing.T) {
	t.Parallel()
	if err := route.Validate(route.Table()); err != nil {
		t.Fatal(err)
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		areas   []route.Area
		wantErr string
	}{
		{"case variants", []route.Area{{Name: "leads", Prefixes: []string{"/api/CrmLead", "/api/crmlead"}}}, ""},
		{"variable below another area", []route.Area{{Name: "x", Prefixes: []string{"/x"}}, {Name: "y", Prefixes: []string{"/x/{id}/y"}}}, ""},
		{"empty", nil, "no areas"},
		{"unnamed", []route.Area{{Prefixes: []string{"/x"}}}, "without a name"},
		{"no prefixes", []route.Area{{Name: "x"}}, "no prefixes"},
		{"twice", []route.Area{{Name: "x", Prefixes: []string{"/x"}}, {Name: "x", Prefixes: []string{"/y"}}}, "twice"},
		{"relative", []route.Area{{Name: "x", Prefixes: []string{"x"}}}, "must start with /"},
		{"root", []route.Area{{Name: "x", Prefixes: []string{"/"}}}, "must start with /"},
		{"trailing slash", []route.Area{{Name: "x", Prefixes: []string{"/x/"}}}, "not end with /"},
		{"greedy prefix", []route.Area{{Name: "x", Prefixes: []string{"/x/{proxy+}"}}}, "greedy"},
		{"bad variable", []route.Area{{Name: "x", Prefixes: []string{"/x/{id"}}}, "variable"},
		{"shared prefix", []route.Area{{Name: "x", Prefixes: []string{"/p"}}, {Name: "y", Prefixes: []string{"/p"}}}, `served by areas "x" and "y"`},
		{"same prefix twice", []route.Area{{Name: "x", Prefixes: []string{"/p", "/p"}}}, "twice"},
		{"shared shape", []route.Area{{Name: "x", Prefixes: []string{"/p/{id}/q"}}, {Name: "y", Prefixes: []string{"/p/{key}/q"}}}, `served by areas "x" and "y"`},
		{"shared prefix in another case", []route.Area{{Name: "x", Prefixes: []string{"/p"}}, {Name: "y", Prefixes: []string{"/P"}}}, "only in case"},
		{"variables named differently", []route.Area{{Name: "x", Prefixes: []string{"/p/{id}/a"}}, {Name: "y", Prefixes: []string{"/p/{key}/b"}}}, "different variables"},
		{"public operations", []route.Area{{Name: "x", Prefixes: []string{"/x", "/y"}, Public: []string{"GET /x/a.json", "POST /y", "DELETE /x/b/c"}}}, ""},
		{"public without method", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"/x/a"}}}, `"METHOD /path"`},
		{"public ANY", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"ANY /x/a"}}}, `"METHOD /path"`},
		{"public OPTIONS", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"OPTIONS /x/a"}}}, `"METHOD /path"`},
		{"public lower-case method", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"get /x/a"}}}, `"METHOD /path"`},
		{"public path variable", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/{id}"}}}, "literal path"},
		{"public trailing slash", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/a/"}}}, "literal path"},
		{"public outside the area", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /xy/a"}}}, "not under"},
		{"public in another case", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /X/a"}}}, "not under"},
		{"public under a more specific area", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/1/y"}}, {Name: "y", Prefixes: []string{"/x/{id}/y"}}}, "not under"},
		{"public twice", []route.Area{{Name: "x", Prefixes: []string{"/x"}, Public: []string{"GET /x/a", "GET /x/a"}}}, "twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := route.Validate(tt.areas)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Validate = %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("Validate = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestRoutes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		areas []route.Area
		want  string
	}{
		{"one area", []route.Area{
			{Name: "leads", Prefixes: []string{"/api/CrmLead", "/crm/contacts/{id}/leads"}, Public: []string{"POST /api/CrmLead/intake/adf"}},
		}, "leads ANY /api/CrmLead, leads ANY /api/CrmLead/{proxy+}, leads ANY /crm/contacts/{id}/leads, leads ANY /crm/contacts/{id}/leads/{proxy+}, leads POST /api/CrmLead/intake/adf (public)"},
		{"a variable below another area's prefix", []route.Area{
			{Name: "contacts", Prefixes: []string{"/crm/contacts"}},
			{Name: "leads", Prefixes: []string{"/crm/contacts/{id}/leads"}},
		}, "contacts ANY /crm/contacts, contacts ANY /crm/contacts/{id}, contacts ANY /crm/contacts/{id}/{proxy+}, leads ANY /crm/contacts/{id}/leads, leads ANY /crm/contacts/{id}/leads/{proxy+}"},
		{"in another spelling", []route.Area{
			{Name: "contacts", Prefixes: []string{"/CRM/contacts"}},
			{Name: "leads", Prefixes: []string{"/crm/contacts/{id}/leads"}},
		}, "contacts ANY /CRM/contacts, contacts ANY /CRM/contacts/{proxy+}, leads ANY /crm/contacts/{id}/leads, leads ANY /crm/contacts/{id}/leads/{proxy+}"},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range route.Routes(tt.areas) {
			k := r.Area + " " + r.Key()
			if r.Public {
				k += " (public)"
			}
			got = append(got, k)
		}
		if g := strings.Join(got, ", "); g != tt.want {
			t.Errorf("%s: Routes = %s, want %s", tt.name, g, tt.want)
		}
		if err := route.Validate(tt.areas); err != nil {
			t.Errorf("%s: Validate = %v", tt.name, err)
		}
	}
}
