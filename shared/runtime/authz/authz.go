// Package authz holds the authorization matrix (matrix/<area>.tsv, one file per API area,
// loaded together): for every operation, the
// permission it needs and how the object it names is checked. The guard built here enforces the
// permission of an operation before its handler runs and denies operations the matrix does not
// list; the handlers check the owner of the objects they read.
package authz

import (
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

//go:embed matrix/*.tsv
var matrixFiles embed.FS

// Owner says how the object an operation names is checked.
type Owner string

// The owner checks of the matrix.
const (
	OwnerSelf        Owner = "self"
	OwnerAccount     Owner = "account"
	OwnerStore       Owner = "store"
	OwnerScope       Owner = "scope"
	OwnerUserInGroup Owner = "user-in-group"
	OwnerUserInView  Owner = "user-in-view"
	OwnerUserManaged Owner = "user-managed"
	OwnerContact     Owner = "contact"
)

// Public is the permission of operations that need no token.
const Public = "public"

// Rule is one row of the matrix.
type Rule struct {
	httpapi.Operation
	// Permission is "-" (any signed-in user), Public, or alternatives separated by "|", each a
	// permission string or "role:<dealer role>".
	Permission string
	Owner      Owner
	// Sample and Body are the request the matrix tests send.
	Sample string
	Body   string
}

// Rules returns the matrix: the rows of every area's file, in the files' name order. It panics
// if a file is malformed, which its tests rule out.
func Rules() []Rule {
	var rules []Rule
	byArea := AreaRules()
	for _, area := range slices.Sorted(maps.Keys(byArea)) {
		rules = append(rules, byArea[area]...)
	}
	return rules
}

// AreaRules returns the rows of each area's file (matrix/<area>.tsv) by the area's name. It
// panics if a file is malformed, which its tests rule out.
func AreaRules() map[string][]Rule {
	byArea, err := load(matrixFiles)
	if err != nil {
		panic(err)
	}
	return byArea
}

func load(files fs.FS) (map[string][]Rule, error) {
	names, err := fs.Glob(files, "matrix/*.tsv")
	if err != nil {
		return nil, err
	}
	byArea := map[string][]Rule{}
	for _, name := range names {
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		rules, err := parse(name, string(b))
		if err != nil {
			return nil, err
		}
		byArea[strings.TrimSuffix(path.Base(name), ".tsv")] = rules
	}
	return byArea, nil
}

func parse(name, file string) ([]Rule, error) {
	var rules []Rule
	for i, line := range strings.Split(file, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("%s line %d: %d fields, want 6", name, i+1, len(f))
		}
		switch Owner(f[3]) {
		case OwnerSelf, OwnerAccount, OwnerStore, OwnerScope, OwnerUserInGroup, OwnerUserInView, OwnerUserManaged, OwnerContact:
		default:
			return nil, fmt.Errorf("%s line %d: unknown owner %q", name, i+1, f[3])
		}
		rules = append(rules, Rule{
			Operation:  httpapi.Operation{Method: f[0], Pattern: f[1]},
			Permission: f[2], Owner: Owner(f[3]), Sample: f[4], Body: f[5],
		})
	}
	return rules, nil
}

// Allows reports whether a signed-in user with these permissions and roles satisfies the
// rule's permission.
func (r Rule) Allows(permissions, roles []string) bool {
	if r.Permission == "-" || r.Permission == Public {
		return true
	}
	for _, alt := range strings.Split(r.Permission, "|") {
		if role, ok := strings.CutPrefix(alt, "role:"); ok {
			if slices.Contains(roles, role) {
				return true
			}
		} else if slices.Contains(permissions, alt) {
			return true
		}
	}
	return false
}

// Refusal is the message a user who does not satisfy the rule's permission reads: the roles
// that may, when the rule names only roles ("Only an F&I manager or a dealer admin may do
// this."), and a general refusal otherwise.
func (r Rule) Refusal() string {
	var names []string
	for _, alt := range strings.Split(r.Permission, "|") {
		name, ok := strings.CutPrefix(alt, "role:")
		if !ok {
			return "You do not have permission to do this."
		}
		names = append(names, role.LabelWithArticle(name))
	}
	list := names[len(names)-1]
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " or " + list
	}
	return "Only " + list + " may do this."
}

// Guard returns the guard of the matrix: public operations pass; every other operation needs
// a session whose user satisfies the operation's permission; operations the matrix does not
// list are denied. The resolved session travels with the request, so handlers do not read it
// again. Every denial is logged with the user, the operation and the reason.
func Guard(users *user.Repo, log *slog.Logger) httpapi.Guard {
	rules := map[httpapi.Operation]Rule{}
	patterns := map[string]bool{}
	for _, r := range Rules() {
		rules[r.Operation] = r
		patterns[r.Pattern] = true
	}
	return func(req *http.Request, op httpapi.Operation) (*http.Request, error) {
		rule, ok := rules[op]
		if !ok {
			if patterns[op.Pattern] {
				// Another method of a listed path: the router answers it.
				return req, nil
			}
			deny(req, log, op, "", "the operation has no authorization rule")
			return nil, apperr.Errorf(apperr.Forbidden, "You may not do this.")
		}
		if rule.Permission == Public {
			return req, nil
		}
		sess, err := users.Session(req.Context())
		if err != nil {
			claims, _ := auth.ClaimsFrom(req.Context())
			deny(req, log, op, claims.Subject, err.Error())
			return nil, err
		}
		if !rule.Allows(sess.Profile.Permissions, sess.Profile.Roles) {
			deny(req, log, op, sess.Profile.UserID, "lacks "+rule.Permission)
			return nil, apperr.Errorf(apperr.Forbidden, "%s", rule.Refusal())
		}
		return req.WithContext(user.WithSession(req.Context(), sess)), nil
	}
}

func deny(r *http.Request, log *slog.Logger, op httpapi.Operation, who, reason string) {
	log.WarnContext(r.Context(), "denied", "user", who, "method", op.Method, "route", op.Pattern, "path", r.URL.Path, "reason", reason)
}
