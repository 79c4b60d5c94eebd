package route

import (
	"fmt"
	"strings"
)

// Validate reports a route table the HTTP API cannot be built from or the local gateway could
// not match the way API Gateway does: no areas; an area without a name, without prefixes, or
// named twice; a prefix that is not a path of literal and variable segments ("/x/{id}/y": no
// greedy variable, no empty segment, no trailing slash); two routes of different areas that
// match the same paths as the local gateway compares them (case-insensitively), or the same
// route twice; two different variables at the same place under the same path (differently
// named, or one of them greedy), which API Gateway refuses; or
// a public operation that is not "METHOD /literal/path" (GET, HEAD, POST, PUT, PATCH or
// DELETE), is listed twice, or whose path the table's other routes do not give to its own area
// (so that every other method of it reaches the same function).
func Validate(areas []Area) error {
	if len(areas) == 0 {
		return fmt.Errorf("route table has no areas")
	}
	names := make(map[string]bool, len(areas))
	for _, a := range areas {
		if a.Name == "" {
			return fmt.Errorf("route table has an area without a name")
		}
		if names[a.Name] {
			return fmt.Errorf("area %q appears twice in the route table", a.Name)
		}
		names[a.Name] = true
		if len(a.Prefixes) == 0 {
			return fmt.Errorf("area %q has no prefixes", a.Name)
		}
		for _, p := range a.Prefixes {
			if err := validPrefix(p); err != nil {
				return fmt.Errorf("area %q: %w", a.Name, err)
			}
		}
	}
	var all []compiled
	for _, rt := range Routes(areas) {
		if rt.Public {
			continue
		}
		pat, _ := ParsePattern(rt.Path)
		c := compiled{Route: rt, pattern: pat}
		for _, d := range all {
			switch {
			case d.pattern.sameShape(pat, false):
				if d.Area == rt.Area {
					return fmt.Errorf("area %q serves %s twice", rt.Area, rt.Path)
				}
				return fmt.Errorf("prefix %s is served by areas %q and %q", strings.TrimSuffix(rt.Path, "/{proxy+}"), d.Area, rt.Area)
			case d.Area != rt.Area && d.pattern.sameShape(pat, true):
				return fmt.Errorf("%s of area %q and %s of area %q differ only in case: the local gateway cannot tell them apart", d.Path, d.Area, rt.Path, rt.Area)
			}
			if err := sameVariableNames(d.pattern, pat); err != nil {
				return err
			}
		}
		all = append(all, c)
	}
	prefixRoutes := make([]Route, 0, len(all))
	for _, c := range all {
		prefixRoutes = append(prefixRoutes, c.Route)
	}
	exact, _ := NewRouter(prefixRoutes, false)
	for _, a := range areas {
		if err := validatePublic(a, exact); err != nil {
			return err
		}
	}
	return nil
}

func validPrefix(p string) error {
	pat, err := ParsePattern(p)
	switch {
	case err != nil:
		return fmt.Errorf("prefix: %w", err)
	case p == "/" || strings.HasSuffix(p, "/"):
		return fmt.Errorf("prefix %q must start with / and not end with /", p)
	case pat.greedy:
		return fmt.Errorf("prefix %q may not have a greedy variable: every prefix gets one", p)
	}
	return nil
}

// sameVariableNames refuses two patterns that put different variables at the same place under
// the same path ("/x/{id}/a" and "/x/{key}/b", or "/x/{id}/a" and "/x/{proxy+}"): API Gateway
// refuses differently named variables at the same level of its route tree, and a greedy
// variable is one.
func sameVariableNames(p, q Pattern) error {
	for i := 0; ; i++ {
		kp, kq := p.kind(i), q.kind(i)
		switch {
		case kp == kindEnd || kq == kindEnd:
			return nil
		case kp == kindGreedy && kq == kindGreedy:
			return nil
		case kp == kindGreedy && kq == kindParam, kp == kindParam && kq == kindGreedy,
			kp == kindParam && kq == kindParam && p.segs[i].text != q.segs[i].text:
			return fmt.Errorf("%s and %s have different variables at segment %d: API Gateway allows one per level", p.raw, q.raw, i+1)
		case kp != kq || p.segs[i] != q.segs[i]:
			return nil
		}
	}
}

// publicMethod reports whether a public operation may use method. OPTIONS is left to the API's
// CORS preflight handling, and ANY would make the operation's every method public.
func publicMethod(method string) bool {
	switch method {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE":
		return true
	}
	return false
}

// validatePublic checks the public operations of one area against the table's other routes
// (see Validate).
func validatePublic(a Area, exact *Router) error {
	seen := make(map[string]bool, len(a.Public))
	for _, op := range a.Public {
		method, path, ok := strings.Cut(op, " ")
		if !ok || !publicMethod(method) {
			return fmt.Errorf("area %q: public operation %q must be \"METHOD /path\" with GET, HEAD, POST, PUT, PATCH or DELETE", a.Name, op)
		}
		if _, err := ParsePattern(path); err != nil || strings.ContainsAny(path, "{} ") || strings.HasSuffix(path, "/") {
			return fmt.Errorf("area %q: public operation %q must have a literal path without a trailing slash", a.Name, op)
		}
		if rt, ok := exact.Lookup(Any, path); !ok || rt.Area != a.Name {
			return fmt.Errorf("area %q: public operation %q is not under the area's prefixes", a.Name, op)
		}
		if seen[op] {
			return fmt.Errorf("area %q: public operation %q appears twice", a.Name, op)
		}
		seen[op] = true
	}
	return nil
}
