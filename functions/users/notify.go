package users

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// SuperUser is the answer of the superuser check.
type SuperUser struct {
	UserID string `json:"UserId"`
	// IsSuperUser reports whether the user is a dealer admin with access to every store.
	IsSuperUser bool `json:"IsSuperUser"`
}

// UserPath is the path parameter of calls about one user.
type UserPath struct {
	UserID string `path:"userId" pattern:"^[A-Za-z0-9_.@-]{1,64}$" doc:"The user's id."`
}

// NotifyInput is the request of POST /users/{userId}/notify. The body is optional: a
// notification without text asks the user's app to refresh.
type NotifyInput struct {
	UserPath
	Body *struct {
		Title   string `json:"Title,omitempty" maxLength:"200"`
		Message string `json:"Message,omitempty" maxLength:"500" text:"multiline"`
		Link    string `json:"Link,omitempty" maxLength:"2048" doc:"A route of the web app, starting with #/."`
	}
}

func registerSuperUser(api *httpapi.API, d wiring.Services) {
	// The spec makes the superuser check a GET to a fixed identifier path without giving the
	// path; it is served at /users/superuser.
	httpapi.Register(api, huma.Operation{
		OperationID: "getSuperUser",
		Method:      http.MethodGet,
		Path:        "/users/superuser",
		Summary:     "Whether the signed-in user is a superuser",
		Description: "A superuser is a dealer admin with access to every store of the dealer group.",
		Tags:        []string{"users"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[SuperUser]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(SuperUser{
			UserID:      sess.Profile.UserID,
			IsSuperUser: sess.HasRole(role.DealerAdmin) && sess.Profile.HasAllPlatformAccess,
		})), nil
	})
}

func registerNotify(api *httpapi.API, d wiring.Services) {
	notifications := notification.NewRepo(d.Store, d.Events)
	httpapi.Register(api, huma.Operation{
		OperationID: "notifyUser",
		Method:      http.MethodPost,
		Path:        "/users/{userId}/notify",
		Summary:     "Send a notification to a user of the dealer group",
		Tags:        []string{"users"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *NotifyInput) (*httpapi.Body[httpapi.Legacy[notification.Notification]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		n := notification.Notification{UserID: in.UserID, FromUserID: p.UserID}
		if in.Body != nil {
			n.Title, n.Message, n.Link = in.Body.Title, in.Body.Message, in.Body.Link
		}
		if err := notification.Validate(n); err != nil {
			return nil, err
		}
		if _, _, err := d.Users.Profile(ctx, p.Tenant, in.UserID); err != nil {
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.Errorf(apperr.NotFound, "The user %s does not exist.", in.UserID)
			}
			return nil, err
		}
		sent, err := notifications.Send(ctx, p.Tenant, n)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(sent)), nil
	})
}

// validUser checks a user id from a request body.
func validUser(id string) error {
	if !user.ValidUserID(id) {
		return apperr.InvalidFields("The user is not valid.", map[string]string{"UserId": "The user id must be 1 to 64 letters, digits, dots, at signs, hyphens or underscores."})
	}
	return nil
}
