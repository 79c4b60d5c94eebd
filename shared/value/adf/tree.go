package adf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// node is an element of a parsed document, with lower-case names.
type node struct {
	name     string
	attrs    map[string]string
	children []*node
	chars    strings.Builder
}

// maxDepth and maxNodes bound the tree a document may build.
const (
	maxDepth = 64
	maxNodes = 20000
)

// declarations matches the XML declaration and the adf processing instruction in any case.
var declarations = regexp.MustCompile(`(?is)<\?\s*(xml|adf)\b.*?\?>`)

// parseTree parses data leniently into a tree under a synthetic root.
func parseTree(data []byte) (*node, error) {
	data = latin1(declarations.ReplaceAll(data, nil))
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	root := &node{name: "#root"}
	stack := []*node{root}
	count := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if root.find("adf") != nil && len(stack) <= 2 {
				// Trailing junk after the document (a mail signature): what was read stands.
				break
			}
			return nil, fmt.Errorf("%w: the XML is malformed (%v)", ErrNotADF, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			count++
			if count > maxNodes || len(stack) > maxDepth {
				return nil, fmt.Errorf("%w: the XML is too large or too deep", ErrNotADF)
			}
			n := &node{name: strings.ToLower(t.Name.Local), attrs: map[string]string{}}
			for _, a := range t.Attr {
				n.attrs[strings.ToLower(a.Name.Local)] = strings.TrimSpace(a.Value)
			}
			parent := stack[len(stack)-1]
			parent.children = append(parent.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			name := strings.ToLower(t.Name.Local)
			// Close up to the matching element; a stray end tag is ignored.
			for i := len(stack) - 1; i > 0; i-- {
				if stack[i].name == name {
					stack = stack[:i]
					break
				}
			}
		case xml.CharData:
			top := stack[len(stack)-1]
			if top.chars.Len() < 64<<10 {
				top.chars.Write(t)
			}
		}
	}
	return root, nil
}

// text is the element's own text, with runs of white space made single spaces.
func (n *node) text() string { return strings.Join(strings.Fields(n.chars.String()), " ") }

func (n *node) attr(name string) string { return n.attrs[name] }

// child is the first child element named name, or nil.
func (n *node) child(name string) *node {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// childText is the text of the first child named name; "" when there is none.
func (n *node) childText(name string) string {
	if c := n.child(name); c != nil {
		return c.text()
	}
	return ""
}

// all returns the children named name.
func (n *node) all(name string) []*node {
	var out []*node
	for _, c := range n.children {
		if c.name == name {
			out = append(out, c)
		}
	}
	return out
}

// find returns the first element named name in n's subtree (n included), breadth first.
func (n *node) find(name string) *node {
	queue := []*node{n}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c.name == name {
			return c
		}
		queue = append(queue, c.children...)
	}
	return nil
}
