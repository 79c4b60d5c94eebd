package mount_test

import (
	"io/fs"
	"os"
	"path/filepath"
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

// TestWebCallsReachTheSameAreaInAWS reads the paths the web app calls (the literal and template
// paths passed to its API client) and checks that each one a local area serves reaches the same
// area in AWS, where API Gateway matches the spelling case-sensitively: a spelling without a
// route of its own would fall to another area's greedy route, or to none.
func TestWebCallsReachTheSameAreaInAWS(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "web", "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no web app sources: %v", err)
	}
	call := regexp.MustCompile("api\\.(?:get|post|put|delete|request|blob|stream)(?:<[^(]*>)?\\(\\s*['`](/[^'`?]*)")
	expr := regexp.MustCompile(`\$\{[^}]*\}`)
	aws, err := route.NewRouter(route.Routes(route.Table()), false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".ts") && !strings.HasSuffix(path, ".tsx") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			p := expr.ReplaceAllString(m[1], "1")
			local, ok := route.Lookup(route.Any, p)
			if !ok {
				continue
			}
			n++
			if rt, ok := aws.Lookup(route.Any, p); !ok || rt.Area != local.Area {
				t.Errorf("%s calls %s: served by %s locally, by %q in AWS (route %s)", path, m[1], local.Area, rt.Area, rt.Key())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("found no call of the web app")
	}
	t.Logf("%d calls of the web app reach the same area locally and in AWS", n)
}
