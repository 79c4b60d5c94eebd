// Package users is the start-up and current-user API area: the signed-in user's profile and
// their saved settings, the superuser check, notifications between users, and users'
// availability.
package users

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// StoreRef is a store as the user calls list it.
type StoreRef struct {
	AccountPlatformID int64  `json:"AccountPlatformID"`
	Name              string `json:"Name"`
	CXMDealerID       string `json:"CXMDealerID"`
	Country           string `json:"Country" enum:"US,CA"`
}

// AppUser is the signed-in user as the web app reads it.
type AppUser struct {
	ID                   string     `json:"Id"`
	UserID               string     `json:"UserId"`
	Name                 string     `json:"Name"`
	FirstName            string     `json:"FirstName"`
	LastName             string     `json:"LastName"`
	Email                string     `json:"Email"`
	Account              string     `json:"Account"`
	AccountID            int64      `json:"AccountID"`
	ViewAccountID        int64      `json:"ViewAccountID"`
	AccountPlatformID    int64      `json:"AccountPlatformID"`
	AccountPlatformIDs   []int64    `json:"AccountPlatformIDs"`
	HasAllPlatformAccess bool       `json:"HasAllPlatformAccess"`
	UserType             int        `json:"UserType"`
	UserStatus           int        `json:"UserStatus"`
	Active               bool       `json:"Active"`
	IsFavorite           bool       `json:"IsFavorite"`
	Permissions          []string   `json:"Permissions"`
	DMSUserID            string     `json:"DMSUserId"`
	PrimaryUserRole      string     `json:"PrimaryUserRole"`
	Roles                []string   `json:"Roles"`
	AvatarBGColor        string     `json:"AvatarBGColor"`
	AllowedStores        []StoreRef `json:"AllowedStores"`
	ViewAllowedStores    []StoreRef `json:"ViewAllowedStores"`
	ViewSelectedStores   []StoreRef `json:"ViewSelectedStores"`
	// IsImpersonating says whether another user, ImpersonatedBy, acts as this user.
	IsImpersonating bool          `json:"IsImpersonating"`
	ImpersonatedBy  *Impersonator `json:"ImpersonatedBy,omitempty"`
}

// Impersonator names the user who impersonates the signed-in user; null when nobody does.
type Impersonator struct {
	_      struct{} `nullable:"true"`
	UserID string   `json:"UserId"`
	Name   string   `json:"Name"`
}

// NewAppUser assembles the App user from a profile, its account and the account's stores.
func NewAppUser(p user.Profile, a account.Account, stores []account.Store) AppUser {
	refs := func(ids []int64) []StoreRef {
		out := []StoreRef{}
		for _, s := range stores {
			if slices.Contains(ids, s.AccountPlatformID) {
				out = append(out, StoreRef{AccountPlatformID: s.AccountPlatformID, Name: s.Name, CXMDealerID: s.DealerID, Country: s.Country})
			}
		}
		return out
	}
	view := refs(p.ViewStores)
	return AppUser{
		ID:                   p.UserID,
		UserID:               p.UserID,
		Name:                 p.DisplayName(),
		FirstName:            p.FirstName,
		LastName:             p.LastName,
		Email:                p.Email,
		Account:              a.Name,
		AccountID:            p.AccountID,
		ViewAccountID:        p.ViewAccountID,
		AccountPlatformID:    p.PrimaryStore,
		AccountPlatformIDs:   append([]int64{}, p.AllowedStores...),
		HasAllPlatformAccess: p.HasAllPlatformAccess,
		UserType:             p.UserType,
		UserStatus:           p.UserStatus,
		Active:               p.Active(),
		IsFavorite:           p.IsFavorite,
		Permissions:          append([]string{}, p.Permissions...),
		DMSUserID:            p.DMSUserID,
		PrimaryUserRole:      p.PrimaryUserRole,
		Roles:                append([]string{}, p.Roles...),
		AvatarBGColor:        user.AvatarColor(p.DisplayName()),
		AllowedStores:        refs(p.AllowedStores),
		ViewAllowedStores:    view,
		ViewSelectedStores:   view,
	}
}

// SettingPath is the path parameter of the user-settings calls.
type SettingPath struct {
	Key string `path:"key" pattern:"^[A-Za-z0-9_.-]{1,64}$" doc:"The setting's key, for example lastViewedPage."`
}

// SaveSettingInput is the body of PUT /usersettings/key/{key}.
type SaveSettingInput struct {
	SettingPath
	Body struct {
		Key   string `json:"key" pattern:"^[A-Za-z0-9_.-]{1,64}$"`
		Value string `json:"value" maxLength:"4096" text:"multiline"`
	}
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getCurrentUser",
		Method:      http.MethodGet,
		Path:        "/users/currentUser",
		Summary:     "The signed-in user's profile",
		Tags:        []string{"users"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[AppUser]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		u := NewAppUser(sess.Profile, sess.Account, sess.Stores)
		if sess.Principal.Impersonating() {
			actor, _, err := d.Users.Profile(ctx, sess.Principal.Tenant, sess.Principal.ActorUserID)
			if err != nil {
				return nil, err
			}
			u.IsImpersonating = true
			u.ImpersonatedBy = &Impersonator{UserID: actor.UserID, Name: actor.DisplayName()}
		}
		return httpapi.Reply(httpapi.LegacyOK(u)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getUserSetting",
		Method:      http.MethodGet,
		Path:        "/usersettings/key/{key}",
		Summary:     "Read a saved user setting",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SettingPath) (*httpapi.Body[httpapi.Result[user.Setting]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		s, err := d.Users.Setting(ctx, p, in.Key)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveUserSetting",
		Method:      http.MethodPut,
		Path:        "/usersettings/key/{key}",
		Summary:     "Store a user setting",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *SaveSettingInput) (*httpapi.Body[httpapi.Result[user.Setting]], error) {
		if in.Body.Key != in.Key {
			return nil, apperr.InvalidFields("The setting is not valid.", map[string]string{"key": "The key in the body must be the key in the path."})
		}
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		s := user.Setting{Key: in.Key, Value: in.Body.Value}
		if err := d.Users.SaveSetting(ctx, p, s); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(s)), nil
	})

	registerSuperUser(api, d)
	registerNotify(api, d)
	registerInbox(api, d)
	registerAvailability(api, d)
}
