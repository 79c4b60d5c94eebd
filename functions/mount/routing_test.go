package mount_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/mount"
	"github.com/cxm/cxm/shared/runtime/route"
)

// TestEveryOperationIsServedByItsArea walks every operation of the contract and checks that
// exactly one area registers it and that the route the table picks for it, as the local
// gateway matches (case-insensitively) and as API Gateway matches (case-sensitively), is that
// area's, whichever way API Gateway breaks the ties its documentation leaves open.
func TestEveryOperationIsServedByItsArea(t *testing.T) {
	t.Parallel()
	ops := mount.Operations()
	if len(ops) < 100 {
		t.Fatalf("%d operations, want the whole contract", len(ops))
	}
	aws, err := route.NewRouter(route.Routes(route.Table()), false)
	if err != nil {
		t.Fatal(err)
	}
	variable := regexp.MustCompile(`\{[^}]*\}`)
	registeredBy := map[string]string{}
	for _, op := range ops {
		// Two areas may not register the same call, however they spell its path.
		key := op.Method + " " + strings.ToLower(variable.ReplaceAllString(op.Pattern, "{}"))
		if other, ok := registeredBy[key]; ok {
			t.Errorf("%s %s is registered by areas %s and %s", op.Method, op.Pattern, other, op.Area)
		}
		registeredBy[key] = op.Area

		p, err := route.ParsePattern(op.Pattern)
		if err != nil {
			t.Errorf("%s %s: %v", op.Method, op.Pattern, err)
			continue
		}
		path := p.Sample()
		if rt, ok := route.Lookup(op.Method, path); !ok || rt.Area != op.Area {
			t.Errorf("%s %s (registered by %s) is served locally by %q (route %s)", op.Method, path, op.Area, rt.Area, rt.Key())
		}
		if rt, ok := aws.Lookup(op.Method, path); !ok || rt.Area != op.Area {
			t.Errorf("%s %s (registered by %s) is served in AWS by %q (route %s)", op.Method, path, op.Area, rt.Area, rt.Key())
		}
		if !aws.Settled(op.Method, path) {
			t.Errorf("%s %s: the area that serves it in AWS depends on how API Gateway breaks ties between greedy routes", op.Method, path)
		}
		// Other spellings of the path reach the same area locally.
		for _, spelling := range []string{strings.ToLower(path), strings.ToUpper(path)} {
			if rt, ok := route.Lookup(op.Method, spelling); !ok || rt.Area != op.Area {
				t.Errorf("%s %s (registered by %s) is served locally by %q", op.Method, spelling, op.Area, rt.Area)
			}
		}
	}
}

// TestEveryAreaServesItsOwnCalls checks that each area of the route table registers at least
// one operation: a prefix nobody serves would route calls to a function that answers 404.
func TestEveryAreaServesItsOwnCalls(t *testing.T) {
	t.Parallel()
	n := map[string]int{}
	for _, op := range mount.Operations() {
		n[op.Area]++
	}
	for _, a := range route.Table() {
		if n[a.Name] == 0 {
			t.Errorf("area %s registers no operation", a.Name)
		}
	}
}
