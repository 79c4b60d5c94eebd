package route

import (
	"fmt"
	"strings"
)

// Pattern is a parsed route path as API Gateway's HTTP API writes it: literal segments,
// path-variable segments ("{id}") and, last only, a greedy path variable ("{proxy+}").
type Pattern struct {
	raw    string
	segs   []segment
	greedy bool
}

// segment is one segment of a pattern before any greedy variable.
type segment struct {
	// text is the literal, or the variable's name without braces.
	text  string
	param bool
}

// ParsePattern parses a route path such as "/crm/contacts/{id}/activity/{proxy+}". Every
// segment but a trailing one is non-empty; a variable is a whole segment; a greedy variable is
// the last segment. A trailing slash is an empty last segment, as in "/products/".
func ParsePattern(path string) (Pattern, error) {
	if !strings.HasPrefix(path, "/") {
		return Pattern{}, fmt.Errorf("route path %q must start with /", path)
	}
	p := Pattern{raw: path}
	parts := strings.Split(path[1:], "/")
	for i, s := range parts {
		last := i == len(parts)-1
		switch {
		case s == "" && !last:
			return Pattern{}, fmt.Errorf("route path %q has an empty segment", path)
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "+}"):
			name := s[1 : len(s)-2]
			if !last || !validName(name) {
				return Pattern{}, fmt.Errorf("route path %q: a greedy variable is a named last segment", path)
			}
			p.greedy = true
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}"):
			name := s[1 : len(s)-1]
			if !validName(name) {
				return Pattern{}, fmt.Errorf("route path %q: bad path variable %q", path, s)
			}
			p.segs = append(p.segs, segment{text: name, param: true})
		case strings.ContainsAny(s, "{}"):
			return Pattern{}, fmt.Errorf("route path %q: a path variable must be a whole segment", path)
		default:
			p.segs = append(p.segs, segment{text: s})
		}
	}
	return p, nil
}

func validName(name string) bool {
	return name != "" && !strings.ContainsAny(name, "{}+/ ")
}

// String returns the pattern as it was parsed.
func (p Pattern) String() string { return p.raw }

// Greedy reports whether the pattern ends in a greedy path variable.
func (p Pattern) Greedy() bool { return p.greedy }

// Params returns the names of the pattern's path variables, the greedy one excluded.
func (p Pattern) Params() []string {
	var names []string
	for _, s := range p.segs {
		if s.param {
			names = append(names, s.text)
		}
	}
	return names
}

// Matches reports whether path matches the pattern. A variable matches one non-empty segment;
// a greedy variable matches everything after the slash that follows the segments before it.
// Literal segments compare case-sensitively, as API Gateway compares them, unless fold is set,
// as the local gateway compares them.
func (p Pattern) Matches(path string, fold bool) bool {
	segs, ok := pathSegments(path)
	return ok && p.matchSegments(segs, fold)
}

// pathSegments splits path after its leading slash; false for a path without one.
func pathSegments(path string) ([]string, bool) {
	if !strings.HasPrefix(path, "/") {
		return nil, false
	}
	return strings.Split(path[1:], "/"), true
}

// matchSegments is Matches of a path split by pathSegments.
func (p Pattern) matchSegments(segs []string, fold bool) bool {
	if p.greedy && len(segs) <= len(p.segs) || !p.greedy && len(segs) != len(p.segs) {
		return false
	}
	for i, s := range p.segs {
		switch {
		case s.param:
			if segs[i] == "" {
				return false
			}
		case fold:
			if !strings.EqualFold(s.text, segs[i]) {
				return false
			}
		default:
			if s.text != segs[i] {
				return false
			}
		}
	}
	return true
}

// Segment kinds from the least to the most specific.
const (
	kindEnd = iota
	kindGreedy
	kindParam
	kindLiteral
)

func (p Pattern) kind(i int) int {
	switch {
	case i < len(p.segs) && p.segs[i].param:
		return kindParam
	case i < len(p.segs):
		return kindLiteral
	case i == len(p.segs) && p.greedy:
		return kindGreedy
	}
	return kindEnd
}

// Compare orders two patterns that match the same path by how specific they are, as API
// Gateway's HTTP API chooses among matching routes: a full match (no greedy variable) before a
// greedy one; then, segment by segment from the left, a literal before a path variable before
// the greedy variable, so a longer literal prefix wins over a shorter one. It returns a
// positive number when p is the more specific, a negative one when q is, and 0 when they have
// the same shape.
func (p Pattern) Compare(q Pattern) int {
	if p.greedy != q.greedy {
		if q.greedy {
			return 1
		}
		return -1
	}
	for i := 0; ; i++ {
		kp, kq := p.kind(i), q.kind(i)
		if kp != kq {
			return kp - kq
		}
		if kp == kindEnd || kp == kindGreedy {
			return 0
		}
	}
}

// prefixLength is the number of segments before the greedy variable, or all of them.
func (p Pattern) prefixLength() int { return len(p.segs) }

// literals is the number of literal segments.
func (p Pattern) literals() int {
	n := 0
	for _, s := range p.segs {
		if !s.param {
			n++
		}
	}
	return n
}

// sameShape reports whether p and q match the same paths when literals compare with fold:
// the same segments, variables in the same places whatever their names.
func (p Pattern) sameShape(q Pattern, fold bool) bool {
	if p.greedy != q.greedy || len(p.segs) != len(q.segs) {
		return false
	}
	for i, s := range p.segs {
		t := q.segs[i]
		switch {
		case s.param != t.param:
			return false
		case s.param:
		case fold && !strings.EqualFold(s.text, t.text), !fold && s.text != t.text:
			return false
		}
	}
	return true
}

// Sample returns a path the pattern matches: each variable replaced by "1" and a greedy
// variable by "x".
func (p Pattern) Sample() string {
	var b strings.Builder
	for _, s := range p.segs {
		b.WriteByte('/')
		if s.param {
			b.WriteString("1")
		} else {
			b.WriteString(s.text)
		}
	}
	if p.greedy {
		b.WriteString("/x")
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}
