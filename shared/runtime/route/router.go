package route

import (
	"fmt"
	"strings"
)

// Any is the method of a route that serves every method.
const Any = "ANY"

// Route is one route of the HTTP API: a method (or Any) and a path pattern, integrated with
// one area's function.
type Route struct {
	// Area is the name of the area whose function serves the route.
	Area string
	// Method is an HTTP method, or Any.
	Method string
	// Path is the route path as API Gateway writes it, such as "/crm/contacts/{proxy+}".
	Path string
	// Public routes have no authorizer: the area's public operations.
	Public bool
}

// Key returns the route key as API Gateway writes it: "METHOD /path".
func (r Route) Key() string { return r.Method + " " + r.Path }

// Router picks the route of a request among routes the way API Gateway's HTTP API does (see
// Pattern.Compare): the most specific path wins, and for the same path a route of the request's
// method wins over an Any route.
type Router struct {
	routes []compiled
	fold   bool
}

type compiled struct {
	Route
	pattern Pattern
}

// NewRouter compiles routes. With fold set, literal segments match case-insensitively, as the
// local gateway matches them; without it they match as API Gateway matches them. It fails on a
// route path ParsePattern refuses.
func NewRouter(routes []Route, fold bool) (*Router, error) {
	r := &Router{fold: fold, routes: make([]compiled, 0, len(routes))}
	for _, rt := range routes {
		p, err := ParsePattern(rt.Path)
		if err != nil {
			return nil, fmt.Errorf("route %s of area %s: %w", rt.Key(), rt.Area, err)
		}
		r.routes = append(r.routes, compiled{Route: rt, pattern: p})
	}
	return r, nil
}

// Lookup returns the route that serves method and path. Among routes of the same specificity
// the first in the router's order wins; Validate keeps such ties within one area. The second
// result is false when no route matches.
func (r *Router) Lookup(method, path string) (Route, bool) {
	// The path is split once for every route.
	segs, ok := pathSegments(path)
	if !ok {
		return Route{}, false
	}
	best := -1
	for i, c := range r.routes {
		if !c.serves(method) || !c.pattern.matchSegments(segs, r.fold) {
			continue
		}
		if best < 0 || r.beats(c, r.routes[best]) {
			best = i
		}
	}
	if best < 0 {
		return Route{}, false
	}
	return r.routes[best].Route, true
}

func (c compiled) serves(method string) bool {
	return c.Method == Any || strings.EqualFold(c.Method, method)
}

// beats reports whether c is more specific than d.
func (r *Router) beats(c, d compiled) bool {
	if n := c.pattern.Compare(d.pattern); n != 0 {
		return n > 0
	}
	return c.Method != Any && d.Method == Any
}

// Settled reports whether the area that serves method and path is the same whichever way API
// Gateway breaks the ties its documented rule leaves open between greedy routes: by the
// leftmost more specific segment (Lookup's order), by the longest prefix before the greedy
// variable, or by the most literal segments. A call whose area is settled is served by that
// area in AWS whatever the exact tie-break is. A path no route matches is settled.
func (r *Router) Settled(method, path string) bool {
	var matching []compiled
	for _, c := range r.routes {
		if c.serves(method) && c.pattern.Matches(path, r.fold) {
			matching = append(matching, c)
		}
	}
	if len(matching) == 0 {
		return true
	}
	orders := []func(c, d compiled) int{
		func(c, d compiled) int { return 0 },
		func(c, d compiled) int {
			if c.pattern.greedy && d.pattern.greedy {
				return c.pattern.prefixLength() - d.pattern.prefixLength()
			}
			return 0
		},
		func(c, d compiled) int {
			if c.pattern.greedy == d.pattern.greedy {
				return c.pattern.literals() - d.pattern.literals()
			}
			return 0
		},
	}
	area := ""
	for i, first := range orders {
		best := matching[0]
		for _, c := range matching[1:] {
			n := first(c, best)
			if n > 0 || n == 0 && r.beats(c, best) {
				best = c
			}
		}
		if i == 0 {
			area = best.Area
		} else if best.Area != area {
			return false
		}
	}
	return true
}
