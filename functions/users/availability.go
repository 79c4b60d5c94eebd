package users

import (
	"context"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// MaxAvailabilityPage is the largest page of the availability report.
const MaxAvailabilityPage = 500

// UserAvailability is one user's line of the availability report.
type UserAvailability struct {
	availability.Availability
	Name               string  `json:"Name"`
	FirstName          string  `json:"FirstName"`
	LastName           string  `json:"LastName"`
	PrimaryUserRole    string  `json:"PrimaryUserRole"`
	AccountPlatformIDs []int64 `json:"AccountPlatformIDs"`
}

// AvailabilityChange is a change of a user's availability.
type AvailabilityChange struct {
	Available bool       `json:"Available"`
	ReasonID  int        `json:"ReasonId,omitempty" minimum:"0" doc:"Why the user is unavailable: one of the availability reasons; 0 when available."`
	Until     *time.Time `json:"Until,omitempty" doc:"When an unavailable user becomes available again; absent for until changed."`
}

// UpdateAvailabilityInput is the request of PUT /users/{userId}/availability.
type UpdateAvailabilityInput struct {
	UserPath
	Body AvailabilityChange
}

// SaveAvailabilityInput is the request of POST /api/user_schedule/save_availability.
type SaveAvailabilityInput struct {
	Body struct {
		UserID string `json:"UserId" minLength:"1" maxLength:"64"`
		AvailabilityChange
	}
}

// AvailabilityReportInput is the request of POST /users/availabilityReport.
type AvailabilityReportInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds,omitempty" maxItems:"500" doc:"Stores whose users are listed; empty for the Scope header's stores."`
		Available          *bool   `json:"Available,omitempty" doc:"true lists available users, false unavailable ones; absent lists both."`
		From               int     `json:"From,omitempty" minimum:"0"`
		Size               int     `json:"Size,omitempty" minimum:"0" maximum:"500" doc:"Page size; 0 for 500."`
	}
}

// AvailabilityCountInput is the request of GET /users/availabilityReport/count.
type AvailabilityCountInput struct {
	httpapi.ScopeHeader
}

// AvailabilityCountsInput is the request of POST /api/user_schedule/get_availability_counts.
type AvailabilityCountsInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformIDs []int64 `json:"AccountPlatformIds,omitempty" maxItems:"500" doc:"Stores counted; empty for the Scope header's stores."`
	}
}

func registerAvailability(api *httpapi.API, d wiring.Services) {
	avail := availability.NewRepo(d.Store)

	httpapi.Register(api, huma.Operation{
		OperationID: "listAvailabilityReasons",
		Method:      http.MethodGet,
		Path:        "/users/availabilityreasons",
		Summary:     "The reasons a user can give for being unavailable",
		Tags:        []string{"users"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[[]availability.AwayReason]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		reasons, err := avail.Reasons(ctx, p.Tenant, true)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(reasons)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "countAvailability",
		Method:      http.MethodGet,
		Path:        "/users/availabilityReport/count",
		Summary:     "How many employees of the selected stores are available and unavailable",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AvailabilityCountInput) (*httpapi.Body[httpapi.Legacy[availability.Headcount]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := p.ScopeStores(in.Scope)
		if err != nil {
			return nil, err
		}
		users, all, err := usersAndAvailability(ctx, d, avail, p.Tenant)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(availability.Tally(users, all, stores, avail.Now()))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "availabilityReport",
		Method:      http.MethodPost,
		Path:        "/users/availabilityReport",
		Summary:     "The availability of the active employees of stores, by name",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AvailabilityReportInput) (*httpapi.Body[httpapi.Matched[[]UserAvailability]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var (
			ids       []int64
			available *bool
			from      int
			size      = MaxAvailabilityPage
		)
		if b := in.Body; b != nil {
			ids, available, from = b.AccountPlatformIDs, b.Available, b.From
			if b.Size > 0 {
				size = min(b.Size, MaxAvailabilityPage)
			}
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		users, all, err := usersAndAvailability(ctx, d, avail, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		active, _ := user.Select(users, user.ListOptions{Stores: stores})
		now := avail.Now()
		lines := []UserAvailability{}
		for _, u := range active {
			a, ok := all[u.UserID]
			if !ok {
				a = availability.Availability{UserID: u.UserID, Available: true}
			}
			a = a.At(now)
			if available != nil && a.Available != *available {
				continue
			}
			lines = append(lines, UserAvailability{
				Availability: a, Name: u.DisplayName(), FirstName: u.FirstName, LastName: u.LastName,
				PrimaryUserRole: u.PrimaryUserRole, AccountPlatformIDs: nonNil(u.AllowedStores),
			})
		}
		start := min(from, len(lines))
		end := min(start+size, len(lines))
		return httpapi.Reply(httpapi.MatchedOK(lines[start:end], len(lines))), nil
	})

	set := func(ctx context.Context, userID string, c AvailabilityChange) (availability.Availability, error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return availability.Availability{}, err
		}
		target, _, err := d.Users.Profile(ctx, sess.Principal.Tenant, userID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !user.Employee(target)) {
			return availability.Availability{}, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", userID)
		}
		if err != nil {
			return availability.Availability{}, err
		}
		if !availability.CanChange(sess.Principal, target) {
			return availability.Availability{}, apperr.Errorf(apperr.Forbidden, "Only the user or a manager of the user's store may change the user's availability.")
		}
		return avail.Set(ctx, sess.Principal.Tenant, availability.Change{
			UserID: userID, Available: c.Available, ReasonID: c.ReasonID, Until: c.Until,
		}, sess.Principal.UserID)
	}

	// The spec has the web app PUT the availability change to a URL it is given, without
	// showing the URL; the change is served at /users/{userId}/availability.
	httpapi.Register(api, huma.Operation{
		OperationID: "updateUserAvailability",
		Method:      http.MethodPut,
		Path:        "/users/{userId}/availability",
		Summary:     "Change a user's availability",
		Description: "Users change their own availability; managers (pando.cxm.dashboard.manager) that of users of a store they may view.",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *UpdateAvailabilityInput) (*httpapi.Body[httpapi.Legacy[availability.Availability]], error) {
		a, err := set(ctx, in.UserID, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(a)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveAvailability",
		Method:      http.MethodPost,
		Path:        "/api/user_schedule/save_availability",
		Summary:     "Change a user's availability",
		Description: "The same change as PUT /users/{userId}/availability, with the user in the body.",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SaveAvailabilityInput) (*httpapi.Body[httpapi.Result[availability.Availability]], error) {
		if err := validUser(in.Body.UserID); err != nil {
			return nil, err
		}
		a, err := set(ctx, in.Body.UserID, in.Body.AvailabilityChange)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(a)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getAvailabilityCounts",
		Method:      http.MethodPost,
		Path:        "/api/user_schedule/get_availability_counts",
		Summary:     "Available and unavailable employees per store, by store name",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AvailabilityCountsInput) (*httpapi.Body[httpapi.Result[[]availability.Headcount]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		if in.Body != nil {
			ids = in.Body.AccountPlatformIDs
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		users, all, err := usersAndAvailability(ctx, d, avail, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(availability.TallyPerStore(users, all, sess.StoresOf(stores), avail.Now()))), nil
	})
}

func usersAndAvailability(ctx context.Context, d wiring.Services, avail *availability.Repo, t store.Tenant) ([]user.Profile, map[string]availability.Availability, error) {
	users, err := d.Users.List(ctx, t)
	if err != nil {
		return nil, nil, err
	}
	all, err := avail.All(ctx, t)
	if err != nil {
		return nil, nil, err
	}
	return users, all, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
