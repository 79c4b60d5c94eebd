package assignment_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func tenant(t *testing.T) store.Tenant {
	t.Helper()
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func TestSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := assignment.NewRepo(dynamotest.Store(t))
	tn := tenant(t)
	tests := []struct {
		name    string
		changes []assignment.RoleChange
		want    map[string]string
		code    apperr.Code
	}{
		{"assign two roles", []assignment.RoleChange{{Role: role.SalesPerson, UserID: "u1"}, {Role: role.BDCAgent, UserID: "u2"}}, map[string]string{role.SalesPerson: "u1", role.BDCAgent: "u2"}, ""},
		{"change one role keeps the other", []assignment.RoleChange{{Role: role.SalesPerson, UserID: "u3"}}, map[string]string{role.SalesPerson: "u3", role.BDCAgent: "u2"}, ""},
		{"remove a role", []assignment.RoleChange{{Role: role.BDCAgent}}, map[string]string{role.SalesPerson: "u3"}, ""},
		{"unknown role changes nothing", []assignment.RoleChange{{Role: "Janitor", UserID: "u9"}, {Role: role.SalesPerson, UserID: "u9"}}, map[string]string{role.SalesPerson: "u3"}, apperr.Invalid},
		{"a role twice changes nothing", []assignment.RoleChange{{Role: role.SalesPerson, UserID: "u8"}, {Role: role.SalesPerson, UserID: "u9"}}, map[string]string{role.SalesPerson: "u3"}, apperr.Invalid},
	}
	for _, tt := range tests {
		_, err := repo.Set(ctx, tn, 7, 2001, tt.changes, "admin")
		if got := apperr.CodeOf(err); got != tt.code {
			t.Fatalf("%s: Set error code = %q (%v), want %q", tt.name, got, err, tt.code)
		}
		list, err := repo.List(ctx, tn, 7)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, a := range list {
			got[a.Role] = a.UserID
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: assignments = %v, want %v", tt.name, got, tt.want)
		}
		for r, u := range tt.want {
			if got[r] != u {
				t.Errorf("%s: %s = %q, want %q", tt.name, r, got[r], u)
			}
		}
	}
}

func TestConcurrentSetsOfDifferentRolesKeepBoth(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := assignment.NewRepo(dynamotest.Store(t))
	tn := tenant(t)
	var wg sync.WaitGroup
	roles := assignment.Roles()
	errs := make([]error, len(roles))
	for i, r := range roles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = repo.Set(ctx, tn, 9, 2001, []assignment.RoleChange{{Role: r, UserID: "user-" + r}}, "admin")
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Set %s: %v", roles[i], err)
		}
	}
	list, err := repo.List(ctx, tn, 9)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(list), len(roles); got != want {
		t.Fatalf("assignments = %d, want %d: %+v", got, want, list)
	}
}

// TestBulkReassignTenThousand moves 10,000 contacts from one user to another, with a chunk
// stepped twice (as a retried step would be) and contacts edited while the job runs, and checks
// every contact.
func TestBulkReassignTenThousand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := assignment.NewRepo(dynamotest.Store(t))
	tn := tenant(t)
	const n = 10_000
	stores := []int64{2001, 2002}
	var seed []assignment.Assignment
	for i := range n {
		seed = append(seed, assignment.Assignment{ContactID: int64(i + 1), AccountPlatformID: stores[i%2], Role: role.SalesPerson, UserID: "from", AssignedAt: time.Unix(0, 0), AssignedBy: "seed"})
	}
	// Other roles and other users must not move.
	seed = append(seed,
		assignment.Assignment{ContactID: 1, AccountPlatformID: 2002, Role: role.BDCAgent, UserID: "from"},
		assignment.Assignment{ContactID: n + 1, AccountPlatformID: 2001, Role: role.SalesPerson, UserID: "someone"},
	)
	if err := repo.Import(ctx, tn, seed); err != nil {
		t.Fatal(err)
	}
	c := assignment.BulkCriteria{Role: role.SalesPerson, FromUserID: "from", ToUserID: "to", Stores: stores}
	count, err := repo.Count(ctx, tn, c)
	if err != nil {
		t.Fatal(err)
	}
	if count != n {
		t.Fatalf("Count = %d, want %d", count, n)
	}
	j, err := repo.Start(ctx, tn, c, "manager")
	if err != nil {
		t.Fatal(err)
	}
	if j.Total != n || j.Status != assignment.StatusRunning {
		t.Fatalf("started job = %+v, want %d contacts running", j, n)
	}

	// Two workers step the same job at once, and someone else reassigns two contacts that are
	// not moved yet; the job must skip them, not overwrite them.
	edited := []int64{n - 1, n}
	for _, id := range edited {
		if _, err := repo.Set(ctx, tn, id, stores[(id-1)%2], []assignment.RoleChange{{Role: role.SalesPerson, UserID: "edited"}}, "desk"); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	results := make([]assignment.BulkJob, 2)
	errs := make([]error, 2)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[w], errs[w] = repo.Run(ctx, tn, j.ID)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	final, err := repo.Job(ctx, tn, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if final.Status != assignment.StatusDone || final.Done != n-2 || final.Skipped != 2 || final.Failed != 0 {
		t.Fatalf("final job = %+v, want done with %d moved and 2 skipped", final, n-2)
	}
	// Stepping a finished job changes nothing.
	again, err := repo.Step(ctx, tn, j.ID)
	if err != nil || again.Done != final.Done || again.Version != final.Version {
		t.Fatalf("Step of a done job = %+v, %v; want it unchanged", again, err)
	}

	moved := map[int64]bool{}
	for _, st := range stores {
		ids, err := repo.Holders(ctx, tn, st, role.SalesPerson, "to")
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if moved[id] {
				t.Errorf("contact %d held twice", id)
			}
			moved[id] = true
		}
		left, err := repo.Holders(ctx, tn, st, role.SalesPerson, "from")
		if err != nil {
			t.Fatal(err)
		}
		if len(left) != 0 {
			t.Errorf("store %d: %d contacts left with the from-user", st, len(left))
		}
	}
	for i := int64(1); i <= n; i++ {
		want := i != n-1 && i != n
		if moved[i] != want {
			t.Errorf("contact %d moved = %v, want %v", i, moved[i], want)
		}
	}
	for _, id := range edited {
		list, err := repo.List(ctx, tn, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].UserID != "edited" {
			t.Errorf("edited contact %d = %+v, want kept with the user who edited it", id, list)
		}
	}
	bdc, err := repo.List(ctx, tn, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range bdc {
		if a.Role == role.BDCAgent && a.UserID != "from" {
			t.Errorf("BDC assignment of contact 1 moved to %q", a.UserID)
		}
	}
	if other, err := repo.Holders(ctx, tn, 2001, role.SalesPerson, "someone"); err != nil || len(other) != 1 {
		t.Errorf("another user's contact: %v, %v; want kept", other, err)
	}
}

func TestRefusal(t *testing.T) {
	t.Parallel()
	names := map[int64]string{1: "North Toyota", 2: "North Honda", 3: "North Hyundai"}
	storeName := func(st int64) string { return names[st] }
	person := func(roles []string, status int, stores ...int64) user.Profile {
		return user.Profile{UserID: "100100", FirstName: "Dana", LastName: "Lee", UserType: 1, UserStatus: status, Roles: roles, AllowedStores: stores}
	}
	tests := []struct {
		name   string
		p      user.Profile
		role   string
		stores []int64
		want   string
	}{
		{"a sales person of both stores", person([]string{role.SalesPerson}, user.StatusActive, 1, 2), role.SalesPerson, []int64{1, 2}, ""},
		{"a sales manager takes a sales person's customers", person([]string{role.SalesManager}, user.StatusActive, 1), role.SalesPerson, []int64{1}, ""},
		{"a BDC manager takes a BDC agent's customers", person([]string{role.BDCManager}, user.StatusActive, 1), role.BDCAgent, []int64{1}, ""},
		{"a service manager takes a service advisor's", person([]string{role.ServiceManager}, user.StatusActive, 1), role.ServiceAdvisor, []int64{1}, ""},
		{"an inactive user", person([]string{role.SalesPerson}, user.StatusInactive, 1), role.SalesPerson, []int64{1}, "Dana Lee is not an active user."},
		{"a BDC agent for sales customers", person([]string{role.BDCAgent}, user.StatusActive, 1), role.SalesPerson, []int64{1},
			"Dana Lee cannot take customers held by a sales person: they go to a sales person, a sales manager or a general sales manager."},
		{"a marketing manager for F&I customers", person([]string{role.MarketingManager}, user.StatusActive, 1), role.FIManager, []int64{1},
			"Dana Lee cannot take customers held by an F&I manager: they go to an F&I manager."},
		{"a user of one store of two", person([]string{role.SalesPerson}, user.StatusActive, 1), role.SalesPerson, []int64{1, 2}, "Dana Lee does not work at North Honda."},
		{"a user of neither store", person([]string{role.SalesPerson}, user.StatusActive, 1), role.SalesPerson, []int64{2, 3}, "Dana Lee does not work at North Honda and North Hyundai."},
		{"a system user", user.Profile{UserID: "9999999", FirstName: "System", LastName: "Automation", UserType: 10, UserStatus: user.StatusActive, Roles: []string{role.SalesPerson}, AllowedStores: []int64{1}}, role.SalesPerson, []int64{1}, "System Automation cannot hold customers."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := assignment.Refusal(tt.p, tt.role, tt.stores, storeName); got != tt.want {
				t.Errorf("Refusal = %q, want %q", got, tt.want)
			}
			inCandidates := len(assignment.Candidates([]user.Profile{tt.p}, tt.role, tt.stores)) == 1
			if inCandidates != (tt.want == "") {
				t.Errorf("among the candidates: %v, want %v", inCandidates, tt.want == "")
			}
		})
	}
}

func TestFromUsers(t *testing.T) {
	t.Parallel()
	all := []user.Profile{
		{UserID: "1", UserType: 1, UserStatus: user.StatusActive, Roles: []string{role.SalesPerson}, AllowedStores: []int64{1}},
		{UserID: "2", UserType: 1, UserStatus: user.StatusInactive, Roles: []string{role.SalesPerson}, AllowedStores: []int64{2}},
		{UserID: "3", UserType: 1, UserStatus: user.StatusActive, Roles: []string{role.SalesManager}, AllowedStores: []int64{1}},
		{UserID: "4", UserType: 1, UserStatus: user.StatusActive, Roles: []string{role.SalesPerson}, AllowedStores: []int64{3}},
		{UserID: "9999999", UserType: 10, UserStatus: user.StatusActive, Roles: []string{role.SalesPerson}, AllowedStores: []int64{1}},
	}
	var got []string
	for _, p := range assignment.FromUsers(all, role.SalesPerson, []int64{1, 2}) {
		got = append(got, p.UserID)
	}
	if want := []string{"1", "2"}; !slices.Equal(got, want) {
		t.Errorf("FromUsers = %v, want %v (the sales people of the stores, active or not)", got, want)
	}
}
