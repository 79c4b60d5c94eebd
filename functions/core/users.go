package core

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// MaxUserPage is the largest page of a user list.
const MaxUserPage = 500

// StaffUser is a user as the user lists show them.
type StaffUser struct {
	ID                 string   `json:"Id"`
	UserID             string   `json:"UserId"`
	Name               string   `json:"Name"`
	FirstName          string   `json:"FirstName"`
	LastName           string   `json:"LastName"`
	Email              string   `json:"Email"`
	UserType           int      `json:"UserType"`
	UserStatus         int      `json:"UserStatus"`
	Active             bool     `json:"Active"`
	PrimaryUserRole    string   `json:"PrimaryUserRole"`
	Roles              []string `json:"Roles"`
	DMSUserID          string   `json:"DMSUserId"`
	AccountPlatformID  int64    `json:"AccountPlatformID"`
	AccountPlatformIDs []int64  `json:"AccountPlatformIDs"`
	AvatarBGColor      string   `json:"AvatarBGColor"`
}

// NewStaffUser returns the list entry of p.
func NewStaffUser(p user.Profile) StaffUser {
	return StaffUser{
		ID:                 p.UserID,
		UserID:             p.UserID,
		Name:               p.DisplayName(),
		FirstName:          p.FirstName,
		LastName:           p.LastName,
		Email:              p.Email,
		UserType:           p.UserType,
		UserStatus:         p.UserStatus,
		Active:             p.Active(),
		PrimaryUserRole:    p.PrimaryUserRole,
		Roles:              nonNil(p.Roles),
		DMSUserID:          p.DMSUserID,
		AccountPlatformID:  p.PrimaryStore,
		AccountPlatformIDs: nonNil(p.AllowedStores),
		AvatarBGColor:      user.AvatarColor(p.DisplayName()),
	}
}

// PermittedUser is a user of a store with the user's permissions.
type PermittedUser struct {
	StaffUser
	Permissions []string `json:"Permissions"`
}

// UserStore is a store of a user in the user wizard.
type UserStore struct {
	AccountPlatformID int64  `json:"AccountPlatformID"`
	Name              string `json:"Name"`
	CXMDealerID       string `json:"CXMDealerID"`
	Country           string `json:"Country"`
	Primary           bool   `json:"Primary"`
}

// WizardUser is one user as the user wizard edits them.
type WizardUser struct {
	StaffUser
	AccountID            int64       `json:"AccountID"`
	ViewAccountID        int64       `json:"ViewAccountID"`
	HasAllPlatformAccess bool        `json:"HasAllPlatformAccess"`
	Permissions          []string    `json:"Permissions"`
	ViewAccountPlatforms []int64     `json:"ViewAccountPlatformIDs"`
	Stores               []UserStore `json:"Stores"`
}

// ListUsersInput is the query of GET /core/users.
type ListUsersInput struct {
	httpapi.ScopeHeader
	From                  int    `query:"from" minimum:"0" default:"0" doc:"Offset of the page's first user."`
	Size                  int    `query:"size" minimum:"1" maximum:"500" default:"500" doc:"Page size, at most 500."`
	OrderBy               string `query:"orderBy" enum:"LastName,FirstName" default:"LastName"`
	OrderDir              string `query:"orderDir" enum:"asc,desc" default:"asc"`
	ReturnAllAccountUsers bool   `query:"returnAllAccountUsers" doc:"true lists inactive and pending users too, after the active ones; false lists active users only."`
}

// UsersWithPermissionsInput is the query of POST /core/users/withpermissions.
type UsersWithPermissionsInput struct {
	AccountPlatformID int64 `query:"accountPlatformId" required:"true" minimum:"1" doc:"The store whose users are listed."`
	Status            int   `query:"status" minimum:"0" maximum:"3" doc:"1 active, 2 inactive, 3 pending; 0 or absent for every status."`
}

// WizardUserInput is the path of GET /core/users/wizarduser/{id}.
type WizardUserInput struct {
	ID string `path:"id" pattern:"^[A-Za-z0-9_.@-]{1,64}$" doc:"The user's id."`
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func (a *area) registerUsers(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "listUsers",
		Method:      http.MethodGet,
		Path:        "/core/users",
		Summary:     "One page of the dealer group's employees",
		Description: "Employees belonging to at least one of the request's stores (the Scope header's stores the user may view), active before inactive, ordered by name. System, partner-support and automation users are left out.",
		Tags:        []string{"core"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ListUsersInput) (*httpapi.Body[httpapi.Matched[[]StaffUser]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := p.ScopeStores(in.Scope)
		if err != nil {
			return nil, err
		}
		all, err := d.Users.List(ctx, p.Tenant)
		if err != nil {
			return nil, err
		}
		page, matched := user.Select(all, user.ListOptions{
			Stores:          stores,
			IncludeInactive: in.ReturnAllAccountUsers,
			OrderBy:         in.OrderBy,
			Descending:      in.OrderDir == "desc",
			From:            in.From,
			Size:            min(max(in.Size, 1), MaxUserPage),
		})
		out := make([]StaffUser, 0, len(page))
		for _, u := range page {
			out = append(out, NewStaffUser(u))
		}
		return httpapi.Reply(httpapi.MatchedOK(out, matched)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listUsersWithPermissions",
		Method:      http.MethodPost,
		Path:        "/core/users/withpermissions",
		Summary:     "The employees of one store with their permissions",
		Tags:        []string{"core"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *UsersWithPermissionsInput) (*httpapi.Body[httpapi.Legacy[[]PermittedUser]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		all, err := d.Users.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		page, _ := user.Select(all, user.ListOptions{Stores: []int64{in.AccountPlatformID}, IncludeInactive: true, Status: in.Status})
		out := make([]PermittedUser, 0, len(page))
		for _, u := range page {
			out = append(out, PermittedUser{StaffUser: NewStaffUser(u), Permissions: nonNil(u.Permissions)})
		}
		return httpapi.Reply(httpapi.LegacyOK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getWizardUser",
		Method:      http.MethodGet,
		Path:        "/core/users/wizarduser/{id}",
		Summary:     "One user as the user wizard edits them",
		Description: "Only users belonging to a store the signed-in user may view are found.",
		Tags:        []string{"core"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *WizardUserInput) (*httpapi.Body[httpapi.Legacy[WizardUser]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		p, err := d.Users.Colleague(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(newWizardUser(p, sess.Stores))), nil
	})
}

func newWizardUser(p user.Profile, stores []account.Store) WizardUser {
	w := WizardUser{
		StaffUser:            NewStaffUser(p),
		AccountID:            p.AccountID,
		ViewAccountID:        p.ViewAccountID,
		HasAllPlatformAccess: p.HasAllPlatformAccess,
		Permissions:          nonNil(p.Permissions),
		ViewAccountPlatforms: nonNil(p.ViewStores),
		Stores:               []UserStore{},
	}
	for _, st := range stores {
		if slices.Contains(p.AllowedStores, st.AccountPlatformID) {
			w.Stores = append(w.Stores, UserStore{
				AccountPlatformID: st.AccountPlatformID, Name: st.Name, CXMDealerID: st.DealerID,
				Country: st.Country, Primary: st.AccountPlatformID == p.PrimaryStore,
			})
		}
	}
	return w
}
