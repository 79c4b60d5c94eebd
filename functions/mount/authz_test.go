package mount_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/mount"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/authz"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// principal is one kind of caller of the matrix tests.
type principal struct {
	name string
	// as is the user the request acts for; "" sends no token.
	as      string
	actor   string
	partner string
}

// object is one kind of object a request names.
type object struct {
	name    string
	account int64
	store   int64
	user    string
	contact int64
	// task is a task of the object's customer, assigned to the sales person for the own store.
	task string
}

var (
	principals = []principal{
		{name: "sales person with a store subset", as: "100001"},
		{name: "sales manager", as: "100002"},
		{name: "BDC manager", as: "100004"},
		{name: "rules admin", as: "100011"},
		{name: "embedded partner session", as: "100001", partner: "DealerVault"},
		{name: "impersonator acting as the sales person", as: "100001", actor: "100008"},
		{name: "no token"},
	}
	objects = []object{
		{name: "own store", account: demo.AccountID, store: demo.StoreToyota, user: "100003", contact: demo.ContactToyota, task: "T-1001-1"},
		{name: "another store of the group", account: demo.AccountID, store: demo.StoreHyundai, user: "100013", contact: demo.ContactHyundai, task: "T-1003-1"},
		{name: "another dealer group", account: demo.OtherAccountID, store: demo.OtherStore, user: demo.OtherUserID, contact: demo.OtherContactID, task: "T-1001-1"},
	}
)

// expectAllowed is the matrix's verdict for a principal's request about an object.
func expectAllowed(t *testing.T, r authz.Rule, p principal, o object) bool {
	t.Helper()
	if r.Permission == authz.Public {
		return true
	}
	if p.as == "" {
		return false
	}
	g := demo.Build()
	me := profileOf(t, g, p.as)
	if !r.Allows(me.Permissions, me.Roles) {
		return false
	}
	views := func(store int64) bool { return slices.Contains(viewStores(g, me), store) }
	switch r.Owner {
	case authz.OwnerSelf:
		return true
	case authz.OwnerAccount:
		return o.account == me.AccountID
	case authz.OwnerStore, authz.OwnerScope, authz.OwnerContact:
		return o.account == me.AccountID && views(o.store)
	case authz.OwnerUserInGroup:
		return o.account == me.AccountID
	case authz.OwnerUserInView:
		return o.account == me.AccountID && views(o.store)
	case authz.OwnerUserManaged:
		return o.account == me.AccountID && (o.user == me.UserID ||
			(slices.Contains(me.Permissions, demo.PermManagerDashboard) && views(o.store)))
	}
	t.Fatalf("unknown owner %q", r.Owner)
	return false
}

func profileOf(t *testing.T, g demo.Group, id string) user.Profile {
	t.Helper()
	for _, l := range g.Logins {
		if l.Profile.UserID == id {
			return l.Profile
		}
	}
	t.Fatalf("no demo login %s", id)
	return user.Profile{}
}

func viewStores(g demo.Group, p user.Profile) []int64 {
	if !p.HasAllPlatformAccess {
		return p.ViewStores
	}
	var all []int64
	for _, s := range g.Stores {
		all = append(all, s.AccountPlatformID)
	}
	return all
}

func fill(s string, o object) string {
	return strings.NewReplacer("{account}", fmt.Sprint(o.account), "{store}", fmt.Sprint(o.store), "{user}", o.user, "{contact}", fmt.Sprint(o.contact), "{task}", o.task).Replace(s)
}

// TestMatrix sends every operation of the matrix as every kind of principal about every kind
// of object and compares the outcome with the matrix: zero unexpected allows, zero unexpected
// denies.
func TestMatrix(t *testing.T) {
	s := areatest.New(t)
	var unexpected int
	for _, r := range authz.Rules() {
		objs := objects
		if r.Owner == authz.OwnerSelf {
			objs = objects[:1]
		}
		for _, p := range principals {
			for _, o := range objs {
				req := areatest.Request{Method: r.Method, Path: fill(r.Sample, o), As: p.as, Actor: p.actor, Partner: p.partner}
				if r.Body != "-" {
					req.Body = fill(r.Body, o)
				}
				if r.Owner == authz.OwnerScope {
					req.Scope = fmt.Sprint(o.store)
				}
				status := s.Do(t, req, nil)
				want := verdict(expectAllowed(t, r, p, o))
				if got := outcome(r, status); got != want {
					unexpected++
					t.Errorf("%s %s as %s about %s: status %d (%s), want %s", r.Method, req.Path, p.name, o.name, status, got, want)
				}
			}
		}
	}
	if unexpected > 0 {
		t.Logf("%d unexpected outcomes", unexpected)
	}
}

// outcome reads a status: a denial is 401 or 403, or 404 for an object the caller may not
// see; an operation on the caller's own data may also answer 404 for data never saved, and a
// versioned write 409 for a stale version. Anything else (400, 500) is a broken sample.
func outcome(r authz.Rule, status int) string {
	switch {
	case status < 300, status == http.StatusConflict:
		return "allowed"
	case (status == http.StatusUnauthorized || status == http.StatusForbidden) && r.Permission == authz.Public && r.Body != "-":
		// A public operation whose credential is its body (the partner token exchange, an
		// SNS message's signature) refuses the sample's made-up credential itself, after the
		// guard let it through.
		return "allowed"
	case status == http.StatusNotFound && r.Owner == authz.OwnerSelf:
		return "allowed"
	case status == http.StatusUnauthorized, status == http.StatusForbidden, status == http.StatusNotFound:
		return "denied"
	}
	return "broken"
}

func verdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "denied"
}

// TestMatrixCoversTheContract checks that every operation of every area has exactly one rule,
// in that area's file of the matrix, and every rule names an operation of its area.
func TestMatrixCoversTheContract(t *testing.T) {
	t.Parallel()
	byArea := authz.AreaRules()
	for name, a := range mount.Areas() {
		api := httpapi.New(nil)
		a.Register(api, wiring.Services{})
		ops := map[httpapi.Operation]bool{}
		for path, item := range api.OpenAPI().Paths {
			for method, op := range map[string]*huma.Operation{"GET": item.Get, "POST": item.Post, "PUT": item.Put, "DELETE": item.Delete, "PATCH": item.Patch} {
				if op != nil {
					ops[httpapi.Operation{Method: method, Pattern: path}] = true
				}
			}
		}
		seen := map[httpapi.Operation]bool{}
		for _, r := range byArea[name] {
			if seen[r.Operation] {
				t.Errorf("%s: two rules for %s %s", name, r.Method, r.Pattern)
			}
			seen[r.Operation] = true
			if !ops[r.Operation] {
				t.Errorf("%s: rule for %s %s names no operation of the area", name, r.Method, r.Pattern)
			}
		}
		for op := range ops {
			if !seen[op] {
				t.Errorf("%s: operation %s %s has no rule in shared/runtime/authz/matrix/%s.tsv", name, op.Method, op.Pattern, name)
			}
		}
	}
	for name := range byArea {
		if _, ok := mount.Areas()[name]; !ok {
			t.Errorf("matrix/%s.tsv names no area", name)
		}
	}
}
