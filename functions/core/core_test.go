package core_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/core"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales      = "100001" // Sam Ortega: Toyota and Honda, no permissions
	manager    = "100002" // Morgan Reyes: every store, manager dashboard
	admin      = "100008" // Taylor Brooks: dealer admin with access to every store
	partsOnly  = "100013" // Parker Lee: Hyundai only
	automation = "9999999"
)

// demoUsers returns every demo user of the seed.
func demoUsers() []user.Profile {
	g := demo.Build()
	var all []user.Profile
	for _, l := range g.Logins {
		all = append(all, l.Profile)
	}
	return append(append(all, g.Others...), g.Staff...)
}

// expectedIDs lists, independently of the code under test, the ids an employee list of stores
// holds: employees of those stores, active ones first, each part by last then first name.
func expectedIDs(stores []int64, inactiveToo, desc bool) []string {
	var active, rest []user.Profile
	for _, p := range demoUsers() {
		if p.UserType == 10 || strings.HasPrefix(p.UserID, "PS") || p.UserID == automation {
			continue
		}
		if !slices.ContainsFunc(p.AllowedStores, func(s int64) bool { return slices.Contains(stores, s) }) {
			continue
		}
		if p.UserStatus == user.StatusActive {
			active = append(active, p)
		} else if inactiveToo {
			rest = append(rest, p)
		}
	}
	var ids []string
	for _, part := range [][]user.Profile{active, rest} {
		sort.Slice(part, func(i, j int) bool {
			a := strings.ToUpper(part[i].LastName + " " + part[i].FirstName)
			b := strings.ToUpper(part[j].LastName + " " + part[j].FirstName)
			if desc {
				return a > b
			}
			return a < b
		})
		for _, p := range part {
			ids = append(ids, p.UserID)
		}
	}
	return ids
}

func userIDs(users []core.StaffUser) []string {
	ids := []string{}
	for _, u := range users {
		ids = append(ids, u.UserID)
	}
	return ids
}

func TestListUsers(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	all := []int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}
	mine := []int64{demo.StoreToyota, demo.StoreHonda}
	const base = "/core/users?orderBy=LastName&orderDir=asc"

	tests := []struct {
		name  string
		as    string
		path  string
		scope string
		want  []string
	}{
		{"every store, active only", admin, base + "&from=0&size=500&returnAllAccountUsers=false", "", expectedIDs(all, false, false)},
		{"every store, inactive after active", admin, base + "&from=0&size=500&returnAllAccountUsers=true", "", expectedIDs(all, true, false)},
		{"descending", admin, "/core/users?orderBy=LastName&orderDir=desc&returnAllAccountUsers=true", "", expectedIDs(all, true, true)},
		{"sales person sees only their stores' users", sales, base + "&returnAllAccountUsers=true", "", expectedIDs(mine, true, false)},
		{"scope header narrows the stores", admin, base + "&returnAllAccountUsers=true", fmt.Sprint(demo.StoreHyundai), expectedIDs([]int64{demo.StoreHyundai}, true, false)},
		{"scope header beyond the viewable stores is intersected", sales, base, fmt.Sprintf("%d,%d", demo.StoreHonda, demo.StoreHyundai), expectedIDs([]int64{demo.StoreHonda}, false, false)},
		{"path in other casing", admin, "/Core/Users?returnAllAccountUsers=true", "", expectedIDs(all, true, false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got httpapi.Matched[[]core.StaffUser]
			if status := srv.Do(t, areatest.Request{Method: "GET", Path: tt.path, As: tt.as, Scope: tt.scope}, &got); status != 200 {
				t.Fatalf("status = %d, want 200", status)
			}
			if diff := cmp.Diff(tt.want, userIDs(got.Data)); diff != "" {
				t.Errorf("user ids (-want +got):\n%s", diff)
			}
			if got.MatchedCount != len(tt.want) || !got.Success {
				t.Errorf("MatchedCount = %d, Success = %v; want %d, true", got.MatchedCount, got.Success, len(tt.want))
			}
			for _, u := range got.Data {
				if u.UserType == user.SystemUserType || strings.HasPrefix(u.UserID, "PS") || u.UserID == automation {
					t.Errorf("non-employee %s listed", u.UserID)
				}
			}
		})
	}
	if ids := expectedIDs(mine, true, false); slices.Contains(ids, partsOnly) || !slices.Contains(expectedIDs(all, false, false), partsOnly) {
		t.Fatal("the demo seed no longer has a Hyundai-only user the sales person must not see")
	}
}

func TestListUsersPages(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	want := expectedIDs([]int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}, true, false)
	var got []string
	for from := 0; from < len(want)+5; from += 5 {
		var page httpapi.Matched[[]core.StaffUser]
		path := fmt.Sprintf("/core/users?from=%d&size=5&orderBy=LastName&orderDir=asc&returnAllAccountUsers=true", from)
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: admin}, &page); status != 200 {
			t.Fatalf("from %d: status = %d", from, status)
		}
		if page.MatchedCount != len(want) {
			t.Errorf("from %d: MatchedCount = %d, want %d", from, page.MatchedCount, len(want))
		}
		if len(page.Data) > 5 {
			t.Errorf("from %d: %d users in a page of 5", from, len(page.Data))
		}
		got = append(got, userIDs(page.Data)...)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pages joined (-want +got):\n%s", diff)
	}
}

func TestListUsersRefusesBadInput(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		path   string
		scope  string
		status int
		field  string
	}{
		{"page too large", admin, "/core/users?size=501", "", 400, "size"},
		{"negative offset", admin, "/core/users?from=-1", "", 400, "from"},
		{"unknown ordering", admin, "/core/users?orderBy=Email", "", 400, "orderBy"},
		{"unknown direction", admin, "/core/users?orderDir=up", "", 400, "orderDir"},
		{"malformed scope", admin, "/core/users", "x", 400, ""},
		{"scope of a store the user may not view", sales, "/core/users", fmt.Sprint(demo.StoreHyundai), 403, ""},
		{"scope of another dealer group's store", sales, "/core/users", fmt.Sprint(demo.OtherStore), 403, ""},
		{"signed out", "", "/core/users", "", 401, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := srv.Error(t, areatest.Request{Method: "GET", Path: tt.path, As: tt.as, Scope: tt.scope})
			if status != tt.status {
				t.Fatalf("status = %d, want %d (%v)", status, tt.status, body.ErrorMessages)
			}
			if tt.field != "" && !strings.Contains(strings.Join(body.ErrorMessages, " "), tt.field) {
				t.Errorf("errorMessages %q do not name %s", body.ErrorMessages, tt.field)
			}
		})
	}
}

func TestOtherDealerGroupSeesOnlyItsUsers(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var got httpapi.Matched[[]core.StaffUser]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/core/users?returnAllAccountUsers=true", As: demo.OtherUserID}, &got); status != 200 {
		t.Fatalf("status = %d", status)
	}
	// Its own users only, by last name: Manning, Other, Seller.
	if diff := cmp.Diff([]string{demo.OtherManagerID, demo.OtherUserID, demo.OtherSalesID}, userIDs(got.Data)); diff != "" {
		t.Errorf("users (-want +got):\n%s", diff)
	}
}

func TestUsersWithPermissions(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		query  string
		status int
		want   []string
	}{
		{"every status", admin, fmt.Sprintf("accountPlatformId=%d", demo.StoreHonda), 200, expectedIDs([]int64{demo.StoreHonda}, true, false)},
		{"inactive only", admin, fmt.Sprintf("accountPlatformId=%d&status=2", demo.StoreHonda), 200, []string{"100099"}},
		{"store the user may not view", sales, fmt.Sprintf("accountPlatformId=%d", demo.StoreHyundai), 403, nil},
		{"another dealer group's store", admin, fmt.Sprintf("accountPlatformId=%d", demo.OtherStore), 404, nil},
		{"no store", admin, "", 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/core/users/withpermissions?" + tt.query, As: tt.as}
			if tt.status != 200 {
				if status, body := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d (%v)", status, tt.status, body.ErrorMessages)
				}
				return
			}
			var got httpapi.Legacy[[]core.PermittedUser]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var ids []string
			for _, u := range got.Data {
				ids = append(ids, u.UserID)
				if u.UserID == manager && !slices.Contains(u.Permissions, role.PermManagerDashboard) {
					t.Errorf("manager's permissions = %v", u.Permissions)
				}
			}
			if diff := cmp.Diff(tt.want, ids); diff != "" {
				t.Errorf("users (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWizardUser(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as, id string
		status int
	}{
		{"colleague of a shared store", sales, manager, 200},
		{"oneself", partsOnly, partsOnly, 200},
		{"user of a store the caller may not view", sales, partsOnly, 404},
		{"user of another dealer group", admin, demo.OtherUserID, 404},
		{"unknown user", admin, "424242", 404},
		{"malformed id", admin, "a%23b", 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "GET", Path: "/core/users/wizarduser/" + tt.id, As: tt.as}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Legacy[core.WizardUser]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			if got.Data.UserID != tt.id || len(got.Data.Stores) == 0 {
				t.Errorf("wizard user = %+v", got.Data)
			}
		})
	}
}

func groupNames(groups []core.UserGroup) []string {
	names := []string{}
	for _, g := range groups {
		names = append(names, g.Name)
	}
	return names
}

func TestFilterGroups(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	body := func(acct int64, platforms string, types string, status string, filter string) string {
		return fmt.Sprintf(`{"AccountId":%d,"PlatformIds":[%s],"GroupTypeIds":[%s]%s,"filter":%q}`, acct, platforms, types, status, filter)
	}
	all := fmt.Sprintf("%d,%d,%d", demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai)
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		want   []string
	}{
		{"active sales groups", admin, body(demo.AccountID, all, "2,4,9", `,"Status":true`, ""), 200,
			[]string{"Honda Sales Team", "Hyundai Sales Team", "Internet Sales", "Sales Managers", "Toyota Sales Team"}},
		{"inactive sales groups", admin, body(demo.AccountID, all, "2,4,9", `,"Status":false`, ""), 200, []string{"Weekend Sales Team"}},
		{"by name", admin, body(demo.AccountID, all, "", "", "honda"), 200, []string{"Honda Sales Team", "Northwind Honda"}},
		{"scope stores when none named", sales, body(demo.AccountID, "", "2,4,9", `,"Status":true`, ""), 200,
			[]string{"Honda Sales Team", "Internet Sales", "Sales Managers", "Toyota Sales Team"}},
		{"store the user may not view", sales, body(demo.AccountID, fmt.Sprint(demo.StoreHyundai), "2", "", ""), 403, nil},
		{"another dealer group's store", admin, body(demo.AccountID, fmt.Sprint(demo.OtherStore), "2", "", ""), 404, nil},
		{"another dealer group's account", admin, body(demo.OtherAccountID, "", "2", "", ""), 404, nil},
		{"unknown group type", admin, body(demo.AccountID, all, "2,99", "", ""), 400, nil},
		{"unknown field", admin, `{"AccountId":1001,"Bogus":1}`, 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/core/groups/filtergroup", As: tt.as, Body: tt.body}
			if tt.status != 200 {
				status, e := srv.Error(t, req)
				if status != tt.status {
					t.Errorf("status = %d, want %d (%v)", status, tt.status, e.ErrorMessages)
				}
				if tt.name == "unknown group type" && e.FieldErrors["GroupTypeIds[1]"] == "" {
					t.Errorf("fieldErrors = %v, want GroupTypeIds[1]", e.FieldErrors)
				}
				return
			}
			var got httpapi.Legacy[[]core.UserGroup]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			if diff := cmp.Diff(tt.want, groupNames(got.Data)); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOrgGroups(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		as   string
		want []string
	}{
		{admin, []string{"0 Northwind Auto Group", "1 Northwind Honda", "1 Northwind Hyundai Vancouver", "1 Northwind Toyota"}},
		{sales, []string{"0 Northwind Auto Group", "1 Northwind Honda", "1 Northwind Toyota"}},
		{demo.OtherUserID, []string{"0 Southside Motors"}},
	}
	for _, tt := range tests {
		t.Run(tt.as, func(t *testing.T) {
			var got httpapi.Legacy[[]core.OrgGroup]
			if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/core/groups/org", As: tt.as}, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var lines []string
			for _, g := range got.Data {
				lines = append(lines, fmt.Sprintf("%d %s", g.Depth, g.Name))
			}
			if diff := cmp.Diff(tt.want, lines); diff != "" {
				t.Errorf("organisation (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRoles(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, path := range []string{"/RolePermissions/GetAlertMinerRoles", "/rolepermissions/getalertminerroles"} {
		var got httpapi.Legacy[[]role.AlertMinerRole]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: sales}, &got); status != 200 {
			t.Fatalf("%s: status = %d", path, status)
		}
		if len(got.Data) != len(role.SystemNames()) || !sort.SliceIsSorted(got.Data, func(i, j int) bool { return got.Data[i].Name < got.Data[j].Name }) {
			t.Errorf("%s: %d roles, sorted %v; want %d sorted by name", path, len(got.Data), sort.SliceIsSorted(got.Data, func(i, j int) bool { return got.Data[i].Name < got.Data[j].Name }), len(role.SystemNames()))
		}
	}

	var got httpapi.Legacy[[]role.RulesAdminRole]
	path := fmt.Sprintf("/rolepermissions/getalertminerrolesforrulesadmin/%d", demo.StoreHyundai)
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: admin}, &got); status != 200 {
		t.Fatalf("status = %d", status)
	}
	counts := map[string]int{}
	for _, r := range got.Data {
		counts[r.SystemName] = r.UserCount
	}
	wantSales := 0
	for _, p := range demoUsers() {
		if p.Active() && user.Employee(p) && slices.Contains(p.AllowedStores, demo.StoreHyundai) && slices.Contains(p.Roles, role.SalesPerson) {
			wantSales++
		}
	}
	if counts[role.SalesPerson] != wantSales || wantSales == 0 {
		t.Errorf("sales people at Hyundai = %d, want %d", counts[role.SalesPerson], wantSales)
	}
	if _, ok := counts[role.DealerAdmin]; ok {
		t.Error("the dealer admin role is listed for rules")
	}
	for _, tt := range []struct {
		as     string
		store  int64
		status int
	}{{sales, demo.StoreHyundai, 403}, {admin, demo.OtherStore, 404}} {
		path := fmt.Sprintf("/rolepermissions/getalertminerrolesforrulesadmin/%d", tt.store)
		if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: path, As: tt.as}); status != tt.status {
			t.Errorf("%s for %d: status = %d, want %d", tt.as, tt.store, status, tt.status)
		}
	}
}
