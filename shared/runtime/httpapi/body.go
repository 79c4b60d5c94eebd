package httpapi

import (
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
)

// Write bodies are decoded in one place, with two struct tags on the body types:
//
//   - readOnly:"true" marks a field the server owns: an id it assigns, a merge link, an audit
//     stamp (created/updated by/at), a computed value, a stored form. The contract marks it
//     readOnly, and the decoder zeroes it in every request body before the handler runs, so a
//     client's value never reaches the domain. Ignoring (rather than refusing) lets the web app
//     send back what it read, whole. A field the client legitimately sends (the id naming the
//     record to save, the version it expects) carries no such tag.
//   - text:"multiline" marks a string that may hold tabs and line breaks (notes, comments);
//     every other string is one line. See cleanText for what any string may not hold.

// MultilineTag is the struct tag (text:"multiline") of strings that may hold tabs and line
// breaks.
const MultilineTag = "multiline"

// shapeKind is what a JSON value at some place of a body decodes into.
type shapeKind int

const (
	kindAny shapeKind = iota // anything: interface values, raw JSON, custom decoders
	kindString
	kindInt
	kindUint
	kindFloat
	kindBool
	kindObject
	kindArray
	kindMap
)

// shape describes the Go type a JSON value decodes into, as much as the checks of the raw
// body need: the kind, the bit size of numbers, and the fields or elements below.
type shape struct {
	kind   shapeKind
	bits   int
	fields map[string]*fieldShape // kindObject: by JSON name
	elem   *shape                 // kindArray, kindMap
}

// fieldShape is one field of an object.
type fieldShape struct {
	shape     *shape
	multiline bool
}

// lookup returns the field a JSON key decodes into, matching case-insensitively when no name
// matches exactly (as encoding/json does).
func (s *shape) lookup(key string) *fieldShape {
	if s == nil || s.kind != kindObject {
		return nil
	}
	if f, ok := s.fields[key]; ok {
		return f
	}
	for name, f := range s.fields {
		if strings.EqualFold(name, key) {
			return f
		}
	}
	return nil
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// shapeOf returns the shape of t.
func shapeOf(t reflect.Type) *shape {
	return buildShape(t, map[reflect.Type]*shape{})
}

// buildShape returns the shape of t; building holds the shapes being built, as types may refer
// to themselves.
func buildShape(t reflect.Type, building map[reflect.Type]*shape) *shape {
	if s, ok := building[t]; ok {
		return s
	}
	s := &shape{}
	building[t] = s
	if t.Kind() != reflect.Pointer && (reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler)) {
		if reflect.PointerTo(t).Implements(textUnmarshaler) && !reflect.PointerTo(t).Implements(jsonUnmarshaler) {
			s.kind = kindString
		}
		return s
	}
	switch t.Kind() {
	case reflect.Pointer:
		*s = *buildShape(t.Elem(), building)
	case reflect.String:
		s.kind = kindString
	case reflect.Bool:
		s.kind = kindBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		s.kind, s.bits = kindInt, t.Bits()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		s.kind, s.bits = kindUint, t.Bits()
	case reflect.Float32, reflect.Float64:
		s.kind, s.bits = kindFloat, t.Bits()
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			s.kind = kindString // base64
			return s
		}
		s.kind, s.elem = kindArray, buildShape(t.Elem(), building)
	case reflect.Map:
		s.kind, s.elem = kindMap, buildShape(t.Elem(), building)
	case reflect.Struct:
		s.kind, s.fields = kindObject, map[string]*fieldShape{}
		addFields(s, t, building)
	}
	return s
}

// addFields adds the JSON fields of struct type t to s, flattening embedded structs as
// encoding/json does.
func addFields(s *shape, t reflect.Type, building map[reflect.Type]*shape) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, ok := jsonName(f)
		if !ok {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				addFields(s, ft, building)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		if _, taken := s.fields[name]; taken {
			continue
		}
		s.fields[name] = &fieldShape{shape: buildShape(f.Type, building), multiline: f.Tag.Get("text") == MultilineTag}
	}
}

// jsonName returns the JSON name of field f ("" for the Go name or an embedded struct) and
// false when encoding/json does not decode it.
func jsonName(f reflect.StructField) (string, bool) {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false
	}
	if !f.IsExported() && !f.Anonymous {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	return name, true
}

// readOnlyTypes tells, per type, whether a value of it can hold a read-only field. It is
// built when an operation is registered and only read while requests are served.
type readOnlyTypes map[reflect.Type]bool

// record records for t and every type below it whether a value of it can hold a field tagged
// readOnly:"true". Types may refer to themselves, so it first finds every type below t, then
// marks the types that hold one until no more are marked.
func (m readOnlyTypes) record(t reflect.Type) {
	below := map[reflect.Type][]reflect.Type{}
	direct := map[reflect.Type]bool{}
	var visit func(t reflect.Type)
	visit = func(t reflect.Type) {
		if _, seen := below[t]; seen {
			return
		}
		below[t] = nil
		var next []reflect.Type
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			next = append(next, t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				switch {
				case !f.IsExported() && !f.Anonymous:
				case f.Tag.Get("readOnly") == "true":
					direct[t] = true
				default:
					next = append(next, f.Type)
				}
			}
		}
		below[t] = next
		for _, n := range next {
			visit(n)
		}
	}
	visit(t)
	for changed := true; changed; {
		changed = false
		for t, next := range below {
			if m[t] {
				continue
			}
			if direct[t] || slices.ContainsFunc(next, func(n reflect.Type) bool { return m[n] }) {
				m[t], changed = true, true
			}
		}
	}
	for t := range below {
		if _, ok := m[t]; !ok {
			m[t] = false
		}
	}
}

// clear zeroes every field tagged readOnly:"true" in v and in the values below it. The types
// of v must have been recorded.
func (m readOnlyTypes) clear(v reflect.Value) {
	if !v.IsValid() || !m[v.Type()] {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			m.clear(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			m.clear(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			m.clear(e)
			v.SetMapIndex(k, e)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			fv := v.Field(i)
			if f.Tag.Get("readOnly") == "true" {
				if fv.CanSet() {
					fv.SetZero()
				}
				continue
			}
			m.clear(fv)
		}
	}
}

// bodyIndex returns the index of the Body field of input type t, and false when t has no
// JSON body.
func bodyIndex(t reflect.Type) ([]int, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, false
	}
	f, ok := t.FieldByName("Body")
	if !ok || (f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Uint8) {
		return nil, false
	}
	return f.Index, true
}
