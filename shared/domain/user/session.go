package user

import (
	"context"
	"regexp"
	"slices"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// HasRole reports whether the signed-in user holds the dealer role with system name role.
func (s Session) HasRole(role string) bool { return slices.Contains(s.Profile.Roles, role) }

// RequireAccount checks an account id a request names: the user's account or view account.
// Any other id is a NotFound error, so another dealer group's existence is not revealed.
func (s Session) RequireAccount(id int64) error {
	if id != s.Profile.AccountID && id != s.Profile.ViewAccountID {
		return apperr.Errorf(apperr.NotFound, "The account %d does not exist.", id)
	}
	return nil
}

// Store returns the store id of the user's account if the user may view it. A store of no
// store of the account is a NotFound error; a store of the account the user may not view a
// Forbidden error.
func (s Session) Store(id int64) (account.Store, error) {
	for _, st := range s.Stores {
		if st.AccountPlatformID == id {
			if !s.Principal.CanView(id) {
				return account.Store{}, apperr.Errorf(apperr.Forbidden, "You may not view the store %d.", id)
			}
			return st, nil
		}
	}
	return account.Store{}, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", id)
}

// SelectStores returns the stores a request is for: the ids it names, each of which the user
// must be able to view (see Store), or, when it names none, the Scope header's stores
// intersected with the stores the user may view.
func (s Session) SelectStores(ids []int64, scopeHeader string) ([]int64, error) {
	if len(ids) == 0 {
		return s.Principal.ScopeStores(scopeHeader)
	}
	var out []int64
	for _, id := range ids {
		if _, err := s.Store(id); err != nil {
			return nil, err
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

// StoresOf returns the account's stores among ids, in the account's order (by name).
func (s Session) StoresOf(ids []int64) []account.Store {
	var out []account.Store
	for _, st := range s.Stores {
		if slices.Contains(ids, st.AccountPlatformID) {
			out = append(out, st)
		}
	}
	return out
}

// Colleague returns the profile of userID in the signed-in user's account, when the user
// belongs to a store the signed-in user may view (or is the signed-in user). Any other user,
// and a user id of another account, is a NotFound error.
func (r *Repo) Colleague(ctx context.Context, s Session, userID string) (Profile, error) {
	if !ValidUserID(userID) {
		return Profile{}, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", userID)
	}
	p, _, err := r.Profile(ctx, s.Principal.Tenant, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Profile{}, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", userID)
	}
	if err != nil {
		return Profile{}, err
	}
	if !p.BelongsToAny(s.Principal.ViewStores) && p.UserID != s.Principal.UserID {
		return Profile{}, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", userID)
	}
	return p, nil
}

var userIDPattern = regexp.MustCompile(`^[A-Za-z0-9_.@-]{1,64}$`)

// ValidUserID reports whether id has the shape of a user id: 1 to 64 letters, digits, dots,
// at signs, hyphens or underscores.
func ValidUserID(id string) bool { return userIDPattern.MatchString(id) }
