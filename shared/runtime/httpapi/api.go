// Package httpapi builds an area's HTTP API: the spec's response envelopes, the one error
// body, operation registration on the contract library, and the case-insensitive path matching
// the web app's mixed spellings need.
package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"path"
	"reflect"
	"strings"
	"sync"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
)

// Title and Version name the API in its contract.
const (
	Title   = "CXM API"
	Version = "1.0.0"
)

// API is one HTTP API on which areas register their operations.
type API struct {
	ops  *dispatch
	huma huma.API
	log  *slog.Logger

	once  sync.Once
	paths *canonicalPaths
	guard Guard
	// scope names the area whose operations are being registered; it prefixes the schema names
	// of types that have no name of their own (operation bodies).
	scope string
	// bodies are the checks of each operation's JSON request body, by operation.
	bodies map[Operation]*bodyRule
}

// Operation names an operation as its authorization rule does: the method and the registered
// path pattern (for example GET /usersettings/key/{key}).
type Operation struct {
	Method  string
	Pattern string
}

// Guard decides whether a request may reach its operation, before the handler runs. It
// returns the request to serve (which may carry what the guard resolved, such as the session)
// or an application error (Unauthorized, Forbidden, ...).
type Guard func(r *http.Request, op Operation) (*http.Request, error)

// UseGuard makes every request pass g before its handler.
func (a *API) UseGuard(g Guard) { a.guard = g }

// New returns an empty API that logs failures to log.
func New(log *slog.Logger) *API {
	useErrorBody()
	config := huma.DefaultConfig(Title, Version)
	a := &API{ops: &dispatch{handlers: map[Operation]func(huma.Context){}}, log: log, bodies: map[Operation]*bodyRule{}}
	config.Components.Schemas = huma.NewMapRegistry("#/components/schemas/", func(t reflect.Type, hint string) string {
		return SchemaName(a.scope, t, hint)
	})
	// The areas serve only their operations; the gateway serves the contract.
	config.OpenAPIPath = ""
	config.DocsPath = ""
	config.SchemasPath = ""
	config.CreateHooks = nil
	config.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"bearer": {Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
	}
	config.Security = []map[string][]string{{"bearer": {}}}
	config.Formats = map[string]huma.Format{"application/json": jsonFormat, "json": jsonFormat}
	a.huma = huma.NewAPI(config, a.ops)
	return a
}

// SchemaName names a type's schema in the contract after its package's path in the module and
// its name ("domain.lead.Vehicle", "functions.credit.Request"), so types of one name in two
// packages can both be in the contract. A type
// without a name (an operation's body) takes the hint the contract library gives, after the
// scope its operation was registered in ("leads.SaveInputBody").
func SchemaName(scope string, t reflect.Type, hint string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := huma.DefaultSchemaNamer(t, hint)
	switch {
	case t.Name() != "" && t.PkgPath() != "":
		return schemaPackage(t.PkgPath()) + "." + name
	case scope != "":
		return scope + "." + name
	}
	return name
}

// schemaPackage is a package's path below the module's shared/ folder, or below the module
// (functions/...), with dots: "domain.lead", "functions.credit"; a package outside the module
// keeps its last element ("json").
func schemaPackage(pkgPath string) string {
	const module = "github.com/cxm/cxm/"
	rest, ok := strings.CutPrefix(pkgPath, module)
	if !ok {
		return path.Base(pkgPath)
	}
	rest = strings.TrimPrefix(rest, "shared/")
	return strings.ReplaceAll(rest, "/", ".")
}

// Scope makes the operations registered from now on name their bodies' schemas after scope
// (an area's name), so two areas may use one body type name.
func (a *API) Scope(scope string) { a.scope = scope }

// OpenAPI returns the API's contract document.
func (a *API) OpenAPI() *huma.OpenAPI { return a.huma.OpenAPI() }

// Register adds an operation. The handler returns application errors (*apperr.Error) for
// failures the client should see; any other error is logged and answered as a generic failure.
//
// The operation's JSON request body (the input's Body field) goes through the one decoder:
// text that is not clean and numbers the fields cannot hold are refused with a field error
// (InvalidValue) before anything is decoded, and the fields the server owns (readOnly:"true")
// are zeroed before the handler sees the input.
func Register[I, O any](a *API, op huma.Operation, handler func(context.Context, *I) (*O, error)) {
	index, hasBody := bodyIndex(reflect.TypeFor[I]())
	readOnly := readOnlyTypes{}
	if hasBody {
		t := reflect.TypeFor[I]().FieldByIndex(index).Type
		a.bodies[Operation{Method: op.Method, Pattern: op.Path}] = &bodyRule{shape: shapeOf(t), limit: op.MaxBodyBytes}
		readOnly.record(t)
	}
	huma.Register(a.huma, op, func(ctx context.Context, in *I) (*O, error) {
		if hasBody {
			readOnly.clear(reflect.ValueOf(in).Elem().FieldByIndex(index))
		}
		out, err := handler(ctx, in)
		if err != nil {
			logDenied(ctx, a.log, op, err)
			return nil, Respond(ctx, a.log, err)
		}
		return out, nil
	})
}

// ServeHTTP serves the API's operations. Literal path segments match case-insensitively:
// the request path is rewritten to the registered spelling before dispatch. Paths match whole:
// an operation registered with a trailing slash (POST /products/) does not serve the paths
// below it.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.once.Do(func() { a.paths = newCanonicalPaths(a.huma.OpenAPI()) })
	p, pattern, ok := a.paths.canonical(r.Method, r.URL.Path)
	if !ok {
		WriteError(w, r, a.log, apperr.Errorf(apperr.NotFound, "No operation serves %s %s.", r.Method, r.URL.Path))
		return
	}
	if p != r.URL.Path {
		r2 := r.Clone(r.Context())
		r2.URL.Path = p
		r2.URL.RawPath = ""
		r = r2
	}
	if a.guard != nil {
		guarded, err := a.guard(r, Operation{Method: r.Method, Pattern: pattern})
		if err != nil {
			WriteError(w, r, a.log, err)
			return
		}
		r = guarded
	}
	if rule := a.bodies[Operation{Method: r.Method, Pattern: pattern}]; rule != nil {
		if err := checkRequestBody(r, rule); err != nil {
			WriteError(w, r, a.log, err)
			return
		}
	}
	handle := a.ops.handlers[Operation{Method: r.Method, Pattern: pattern}]
	if handle == nil {
		WriteError(w, r, a.log, apperr.Errorf(apperr.NotFound, "No operation serves %s %s.", r.Method, r.URL.Path))
		return
	}
	setPathValues(r, pattern)
	op := a.ops.op[Operation{Method: r.Method, Pattern: pattern}]
	handle(humago.NewContext(op, r, w))
}

// dispatch is the API's router: the operations' handlers by method and registered pattern.
// ServeHTTP picks the pattern of a request itself (canonicalPaths, API Gateway's rule), so two
// operations whose paths a general-purpose router would call ambiguous
// (GET /pando/forms/step/{stepInstanceId} and GET /pando/forms/{id}/view) both have a route,
// and the operation served is always the one the guard checked.
type dispatch struct {
	handlers map[Operation]func(huma.Context)
	op       map[Operation]*huma.Operation
}

// Handle registers op's handler.
func (d *dispatch) Handle(op *huma.Operation, handler func(huma.Context)) {
	k := Operation{Method: strings.ToUpper(op.Method), Pattern: op.Path}
	if d.op == nil {
		d.op = map[Operation]*huma.Operation{}
	}
	d.handlers[k], d.op[k] = handler, op
}

// ServeHTTP is never called: API.ServeHTTP dispatches.
func (d *dispatch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	WriteError(w, r, slog.Default(), apperr.Errorf(apperr.NotFound, "No operation serves %s %s.", r.Method, r.URL.Path))
}

// setPathValues gives r the values of pattern's path variables, from r's path (already spelled
// as pattern).
func setPathValues(r *http.Request, pattern string) {
	segs, pat := strings.Split(r.URL.Path, "/"), strings.Split(pattern, "/")
	for i, p := range pat {
		if isParam(p) && i < len(segs) {
			r.SetPathValue(strings.TrimSuffix(strings.TrimPrefix(p, "{"), "}"), segs[i])
		}
	}
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// canonicalPaths rewrites request paths to the spelling of the operation they match.
type canonicalPaths struct {
	patterns []canonicalPattern
}

// canonicalPattern is one path of the contract and the methods it has operations for.
type canonicalPattern struct {
	segs    []string
	methods map[string]bool
}

func newCanonicalPaths(doc *huma.OpenAPI) *canonicalPaths {
	c := &canonicalPaths{}
	for p, item := range doc.Paths {
		methods := map[string]bool{}
		for m, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
			http.MethodDelete: item.Delete, http.MethodPatch: item.Patch,
		} {
			if op != nil {
				methods[m] = true
			}
		}
		c.patterns = append(c.patterns, canonicalPattern{segs: strings.Split(p, "/"), methods: methods})
	}
	return c
}

// canonical returns path with its literal segments spelled as the best-matching operation's
// and that operation's pattern, and false when no operation matches. The best match is a path
// with an operation for method, if any matches, else any path; among those, the one with the
// most literal segments, and of two with as many, the one whose first literal segment comes
// first (GET /pando/forms/step/view is GET /pando/forms/step/{stepInstanceId}). Preferring the method keeps two paths of the same shape
// (GET /a/{id}/{kind} and DELETE /a/{kind}/{id}) from answering for each other's operations.
func (c *canonicalPaths) canonical(method, path string) (string, string, bool) {
	segs := strings.Split(path, "/")
	var best []string
	bestScore := -1
	for _, pat := range c.patterns {
		score, ok := matchSegments(pat.segs, segs)
		if !ok {
			continue
		}
		score *= 2
		if pat.methods[method] {
			score += 2*len(segs) + 1
		}
		if score > bestScore || score == bestScore && literalFirst(pat.segs, best) {
			best, bestScore = pat.segs, score
		}
	}
	if best == nil {
		return "", "", false
	}
	out := make([]string, len(segs))
	for i, s := range segs {
		if isParam(best[i]) {
			out[i] = s
		} else {
			out[i] = best[i]
		}
	}
	return strings.Join(out, "/"), strings.Join(best, "/"), true
}

// literalFirst reports whether pattern p has a literal segment at the first position where p
// and q differ in kind.
func literalFirst(p, q []string) bool {
	for i := range min(len(p), len(q)) {
		if isParam(p[i]) != isParam(q[i]) {
			return !isParam(p[i])
		}
	}
	return false
}

func matchSegments(pat, segs []string) (int, bool) {
	if len(pat) != len(segs) {
		return 0, false
	}
	score := 0
	for i, p := range pat {
		if isParam(p) {
			if segs[i] == "" {
				return 0, false
			}
			continue
		}
		if !strings.EqualFold(p, segs[i]) {
			return 0, false
		}
		score++
	}
	return score, true
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }
