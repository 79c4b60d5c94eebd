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

// NotificationsInput is the query of GET /users/notifications.
type NotificationsInput struct {
	Size   int    `query:"size" minimum:"1" maximum:"100" default:"20" doc:"Notifications per page."`
	Cursor string `query:"cursor" maxLength:"2048" doc:"The nextCursor of the previous page; empty for the newest notifications."`
}

// NotificationPage is one page of the signed-in user's notifications, newest first.
type NotificationPage struct {
	Notifications []notification.Notification `json:"notifications"`
	// NextCursor continues with older notifications; empty on the last page.
	NextCursor string `json:"nextCursor"`
}

// NotificationCount is a number of notifications: those unread, or those just marked read.
type NotificationCount struct {
	Count int `json:"count"`
}

// NotificationPath names one of the signed-in user's notifications.
type NotificationPath struct {
	NotificationID string `path:"notificationId" maxLength:"64" doc:"The notification's id."`
}

// registerInbox adds the signed-in user's own notification calls. Every call reads and writes
// only the caller's notifications: the user comes from the token, never from the request.
func registerInbox(api *httpapi.API, d wiring.Services) {
	notifications := notification.NewRepo(d.Store, d.Events)
	httpapi.Register(api, huma.Operation{
		OperationID: "listMyNotifications",
		Method:      http.MethodGet,
		Path:        "/users/notifications",
		Summary:     "The signed-in user's notifications, newest first",
		Description: "Notifications sent to the signed-in user (POST /users/{userId}/notify) in the last 30 days, newest first, with whether each is read. " +
			"Pages of 20 by default (at most 100); follow data.nextCursor, a signed cursor valid only for this user's list.",
		Tags:   []string{"users"},
		Errors: []int{400, 401, 403},
	}, func(ctx context.Context, in *NotificationsInput) (*httpapi.Body[httpapi.Result[NotificationPage]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		page, err := notifications.List(ctx, p.Tenant, p.UserID, in.Size, in.Cursor)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(NotificationPage{Notifications: page.Notifications, NextCursor: page.Next})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "countMyUnreadNotifications",
		Method:      http.MethodGet,
		Path:        "/users/notifications/unread_count",
		Summary:     "How many of the signed-in user's notifications are unread",
		Description: "The count the web app's bell shows; it is read on an interval and when the window regains focus.",
		Tags:        []string{"users"},
		Errors:      []int{401, 403},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Result[NotificationCount]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		n, err := notifications.Unread(ctx, p.Tenant, p.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(NotificationCount{Count: n})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markMyNotificationRead",
		Method:      http.MethodPost,
		Path:        "/users/notifications/{notificationId}/read",
		Summary:     "Mark one of the signed-in user's notifications read",
		Description: "Marking a read notification again changes nothing. A notification of another user is 404, as one that does not exist.",
		Tags:        []string{"users"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, in *NotificationPath) (*httpapi.Body[httpapi.Result[notification.Notification]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		n, err := notifications.MarkRead(ctx, p.Tenant, p.UserID, in.NotificationID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(n)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markAllMyNotificationsRead",
		Method:      http.MethodPost,
		Path:        "/users/notifications/read_all",
		Summary:     "Mark all of the signed-in user's notifications read",
		Description: "Returns how many notifications were unread. Repeating it marks nothing more.",
		Tags:        []string{"users"},
		Errors:      []int{401, 403},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Result[NotificationCount]], error) {
		p, err := d.Users.Principal(ctx)
		if err != nil {
			return nil, err
		}
		n, err := notifications.MarkAllRead(ctx, p.Tenant, p.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(NotificationCount{Count: n})), nil
	})
}
