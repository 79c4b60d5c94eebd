package assignment_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/role"
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
