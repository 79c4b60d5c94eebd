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
		{"/crm/contacts/42", "contacts"},
		{"/CRM/Contacts/advanced_search", "contacts"},
		{"/api/contacts/42/user_permissions/100001", "contacts"},
		{"/api/notes/get", "contacts"},
		{"/api/Activity/conversation/overview/", "contacts"},
		{"/user_activity_submission/view_dealsheet", "contacts"},
		{"/crm/contactsx", ""},
		{"/crm/prospect/add", "contacts"},
		{"/api/Dealsheet/entity/get_unmatched_dealsheet", "contacts"},
		{"/api/dealsheet/entity/get_unmatched_dealsheet", "contacts"},
		{"/api/contactsx/1", ""},
		{"/authx", ""},
		{"/api/dealer_settingsx", ""},
		{"/usersx/key", ""},
		{"/index.html", ""},
		{"/", ""},
	}
	for _, tt := range tests {
		a, ok := route.Match(tt.path)
		if got := a.Name; got != tt.area || ok != (tt.area != "") {
			t.Errorf("Match(%q) = %q, %v; want %q", tt.path, got, ok, tt.area)
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

func TestTableIsWellFormed(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, a := range route.Table() {
		if a.Name == "" || len(a.Prefixes) == 0 {
			t.Errorf("area %+v needs a name and prefixes", a)
		}
		for _, p := range a.Prefixes {
			if !strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || strings.ContainsAny(p, "{}") {
				t.Errorf("area %s prefix %q must be a literal path without a trailing slash", a.Name, p)
			}
			if other, ok := seen[p]; ok {
				t.Errorf("prefix %q in areas %s and %s", p, other, a.Name)
			}
			seen[p] = a.Name
		}
		for _, op := range a.Public {
			m, p, ok := strings.Cut(op, " ")
			if area, _ := route.Match(p); !ok || m == "" || m != strings.ToUpper(m) || area.Name != a.Name {
				t.Errorf("area %s public operation %q must be \"METHOD /path\" under its own prefixes", a.Name, op)
			}
		}
	}
}
