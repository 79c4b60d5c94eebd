package stacks_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/mount"
	"github.com/cxm/cxm/shared/runtime/route"
)

// maxRoutes is API Gateway's default quota of routes per HTTP API.
const maxRoutes = 300

// templateRoutes returns the routes of the API stack's template, each with the area whose
// function its integration invokes ("?" for none) and Public set for a route without
// authorizer.
func templateRoutes(t *testing.T, d *deployment) []route.Route {
	t.Helper()
	byArea, _ := goFunctions(t, d)
	integrationArea := map[string]string{}
	for id, r := range resources(d.api, "AWS::ApiGatewayV2::Integration") {
		uri, _ := json.Marshal(properties(r)["IntegrationUri"])
		for area, fn := range byArea {
			if strings.Contains(string(uri), `"`+fn+`"`) {
				integrationArea[id] = area
			}
		}
	}
	var routes []route.Route
	for id, r := range resources(d.api, "AWS::ApiGatewayV2::Route") {
		p := properties(r)
		key, _ := p["RouteKey"].(string)
		method, path, ok := strings.Cut(key, " ")
		if !ok {
			t.Errorf("route %s has key %q", id, key)
			continue
		}
		target, _ := json.Marshal(p["Target"])
		area := "?"
		for integ, a := range integrationArea {
			if strings.Contains(string(target), `"`+integ+`"`) {
				area = a
			}
		}
		routes = append(routes, route.Route{Area: area, Method: method, Path: path, Public: p["AuthorizationType"] == "NONE"})
	}
	return routes
}

// TestEveryOperationReachesItsArea applies API Gateway's rule (the most specific route wins,
// literal segments compared case-sensitively) to the synthesized template's route keys for
// every operation of the contract, and checks that the route it picks invokes the function of
// the area that registers the operation, with the authorizer unless the operation is public.
func TestEveryOperationReachesItsArea(t *testing.T) {
	d := defaultDeployment(t)
	routes := templateRoutes(t, d)
	if len(routes) > maxRoutes {
		t.Errorf("%d routes, more than API Gateway's default quota of %d per API", len(routes), maxRoutes)
	}
	router, err := route.NewRouter(routes, false)
	if err != nil {
		t.Fatal(err)
	}
	public := publicOps(route.Table())
	ops := mount.Operations()
	if len(ops) == 0 {
		t.Fatal("no operations")
	}
	for _, op := range ops {
		p, err := route.ParsePattern(op.Pattern)
		if err != nil {
			t.Errorf("%s %s: %v", op.Method, op.Pattern, err)
			continue
		}
		path := p.Sample()
		rt, ok := router.Lookup(op.Method, path)
		switch {
		case !ok:
			t.Errorf("%s %s (area %s): no route of the template matches", op.Method, path, op.Area)
		case rt.Area != op.Area:
			t.Errorf("%s %s (area %s): route %s invokes the %s function", op.Method, path, op.Area, rt.Key(), rt.Area)
		case rt.Public != public[op.Method+" "+op.Pattern]:
			t.Errorf("%s %s (area %s): route %s public = %v", op.Method, path, op.Area, rt.Key(), rt.Public)
		}
		if !router.Settled(op.Method, path) {
			t.Errorf("%s %s: the area depends on how API Gateway breaks ties between greedy routes", op.Method, path)
		}
	}
}

// TestTemplateRoutesAreTheTable checks that the template has exactly the route table's routes,
// each integrated with its own area's function.
func TestTemplateRoutesAreTheTable(t *testing.T) {
	d := defaultDeployment(t)
	var got, want []string
	for _, r := range templateRoutes(t, d) {
		got = append(got, r.Area+" "+r.Key())
	}
	for _, r := range route.Routes(route.Table()) {
		want = append(want, r.Area+" "+r.Key())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("template routes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
