package auth

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ScopeHeader is the request header listing the store (account platform) ids a call is for.
const ScopeHeader = "Scope"

// Principal is the signed-in user a request acts for.
type Principal struct {
	Tenant    store.Tenant
	AccountID int64
	UserID    string
	Subject   string
	// Permissions are the user's permission strings (for example "pando.cxm.dashboard.manager").
	Permissions []string
	// AllowedStores are the stores the user belongs to; ViewStores the stores the user may view.
	AllowedStores []int64
	ViewStores    []int64
	// ActorSubject and ActorUserID name the real actor when the request is made under
	// impersonation (the token's RFC 8693 act claim); both are empty otherwise.
	ActorSubject string
	ActorUserID  string
	// Partner is the embedded partner whose token exchange issued the request's token; empty
	// otherwise.
	Partner string
}

// Impersonating reports whether another user (the actor) acts as the principal.
func (p Principal) Impersonating() bool { return p.ActorSubject != "" }

// Can reports whether the principal holds permission.
func (p Principal) Can(permission string) bool {
	return slices.Contains(p.Permissions, permission)
}

// CanView reports whether the principal may view store.
func (p Principal) CanView(store int64) bool {
	return slices.Contains(p.ViewStores, store)
}

// Stores returns the stores a request is for: the Scope header's stores intersected with the
// stores the principal may view, or every viewable store when the header is absent. A header
// that is malformed, or that names only stores the principal may not view, is an error.
func (p Principal) Stores(r *http.Request) ([]int64, error) {
	return p.ScopeStores(r.Header.Get(ScopeHeader))
}

// ScopeStores is Stores for the header's value.
func (p Principal) ScopeStores(header string) ([]int64, error) {
	requested, err := ParseScope(header)
	if err != nil {
		return nil, err
	}
	if requested == nil {
		return slices.Clone(p.ViewStores), nil
	}
	var stores []int64
	for _, s := range requested {
		if p.CanView(s) && !slices.Contains(stores, s) {
			stores = append(stores, s)
		}
	}
	if len(stores) == 0 {
		return nil, apperr.Errorf(apperr.Forbidden, "You may not view any of the selected stores.")
	}
	return stores, nil
}

// ParseScope parses a Scope header: store ids separated by commas, or a JSON array of ids. An
// empty header gives nil.
func ParseScope(header string) ([]int64, error) {
	header = strings.TrimSpace(header)
	if header == "" {
		return nil, nil
	}
	if strings.HasPrefix(header, "[") {
		var ids []int64
		if err := json.Unmarshal([]byte(header), &ids); err != nil {
			return nil, apperr.Errorf(apperr.Invalid, "The Scope header must list store ids.")
		}
		return ids, nil
	}
	var ids []int64
	for _, part := range strings.Split(header, ",") {
		id, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil || id <= 0 {
			return nil, apperr.Errorf(apperr.Invalid, "The Scope header must list store ids; %q is not one.", strings.TrimSpace(part))
		}
		ids = append(ids, id)
	}
	return ids, nil
}
