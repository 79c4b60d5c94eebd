package assistant

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/domain/video"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// How long the links to a video stay valid: a user's preview briefly, a customer's link for a
// week (the longest S3 allows).
const (
	PreviewTTL  = 15 * time.Minute
	CustomerTTL = blob.MaxLinkTTL
)

// SubcategoryCount is a subcategory with how many of the store's videos it has.
type SubcategoryCount struct {
	video.Subcategory
	VideoCount int `json:"videoCount"`
}

// StoreQuery names the store of a video call.
type StoreQuery struct {
	AccountPlatformID int64 `query:"accountPlatformId" minimum:"1" required:"true" doc:"The store whose library is asked for."`
}

// SubcategoriesInput is the request of GET /cxp/video/subcategory.
type SubcategoriesInput struct {
	StoreQuery
}

// SearchInput is the request of POST /cxp/video/search.
type SearchInput struct {
	Body struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
		SubcategoryID     int    `json:"subcategoryId,omitempty" required:"false" minimum:"0" doc:"Only this subcategory's videos; all when absent or 0."`
		SearchText        string `json:"searchText,omitempty" required:"false" maxLength:"100" doc:"Words the title or description contains."`
		PageNumber        int    `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"From 1; 1 when absent."`
		PageSize          int    `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"100" doc:"25 when absent."`
	}
}

// DashboardInput is the request of POST /cxp/video/dashboard/count and /slideout.
type DashboardInput struct {
	Body struct {
		AccountPlatformID int64     `json:"accountPlatformId" minimum:"1"`
		From              time.Time `json:"fromDate,omitempty" required:"false" doc:"The start of the period; 30 days ago when absent."`
		To                time.Time `json:"toDate,omitempty" required:"false" doc:"The end of the period (excluded); now when absent."`
	}
}

// DashboardCount is the video dashboard's counts of a period.
type DashboardCount struct {
	Videos        int `json:"videos" doc:"The videos of the store's library."`
	Sent          int `json:"sent" doc:"Videos sent to customers in the period."`
	SentByMe      int `json:"sentByMe" doc:"Of those, sent by the caller."`
	CustomersSent int `json:"customersSent" doc:"Customers who were sent a video in the period."`
	VideosUsed    int `json:"videosUsed" doc:"Different videos sent in the period."`
	PeriodDays    int `json:"periodDays"`
}

// LinkInput is the request of POST /cxp/video/internalauthlink.
type LinkInput struct {
	Body struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
		VideoID           string `json:"videoId" minLength:"1" maxLength:"64"`
		ContactID         int64  `json:"contactId,omitempty" required:"false" minimum:"0" doc:"The customer the video is sent to: the link is the customer's (valid 7 days) and the send is recorded. Absent for the caller's own preview (valid 15 minutes)."`
	}
}

// VideoLink is a link that plays a video until it expires.
type VideoLink struct {
	VideoID   string    `json:"videoId"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// AddVideoInput is the request of POST /cxp/video.
type AddVideoInput struct {
	Body struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
		SubcategoryID     int    `json:"subcategoryId" minimum:"0"`
		Title             string `json:"title" maxLength:"120"`
		Description       string `json:"description,omitempty" required:"false" maxLength:"1000"`
		ContentType       string `json:"contentType" maxLength:"40" doc:"video/mp4, video/webm, video/ogg or video/quicktime."`
		Data              []byte `json:"data" doc:"The video file, base64 encoded; at most 4 MB once decoded."`
	}
}

// Roles that may add videos to a store's library.
var libraryRoles = []string{"DealerAdmin", "GeneralManager", "SalesManager", "GeneralSalesManager", "UsedCarManager", "ServiceManager", "BDCManager"}

func (x *area) registerVideos(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "listVideoSubcategories",
		Method:      http.MethodGet,
		Path:        "/cxp/video/subcategory",
		Summary:     "The video library's subcategories",
		Description: "Every subcategory of the library with how many videos the store has in it. The store must be one the caller may view (403).",
		Tags:        []string{"video"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SubcategoriesInput) (*httpapi.Body[httpapi.Result[[]SubcategoryCount]], error) {
		_, vs, err := x.library(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		out := []SubcategoryCount{}
		for _, s := range video.Subcategories() {
			n := 0
			for _, v := range vs {
				if v.SubcategoryID == s.ID {
					n++
				}
			}
			out = append(out, SubcategoryCount{Subcategory: s, VideoCount: n})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchVideos",
		Method:      http.MethodPost,
		Path:        "/cxp/video/search",
		Summary:     "Search the video library",
		Description: "The store's videos, newest first, of one subcategory or all, whose title or description contains searchText; one page of them. The store must be one the caller may view (403).",
		Tags:        []string{"video"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SearchInput) (*httpapi.Body[httpapi.Result[[]video.Video]], error) {
		_, vs, err := x.library(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		q := video.Query{SubcategoryID: in.Body.SubcategoryID, Text: in.Body.SearchText}
		vs = slices.DeleteFunc(vs, func(v video.Video) bool { return !q.Matches(v) })
		size := in.Body.PageSize
		if size == 0 {
			size = 25
		}
		page := max(in.Body.PageNumber, 1)
		from := min((page-1)*size, len(vs))
		to := min(from+size, len(vs))
		return httpapi.Reply(httpapi.Paged(slices.Clone(vs[from:to]), httpapi.NewPageData(page, size, len(vs)))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "countVideoDashboard",
		Method:      http.MethodPost,
		Path:        "/cxp/video/dashboard/count",
		Summary:     "The video dashboard's counts",
		Description: "How many videos the store's library has and, in the period (the last 30 days by default), how many were sent to customers, by the caller, to how many customers and how many different videos. The store must be one the caller may view (403).",
		Tags:        []string{"video"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DashboardInput) (*httpapi.Body[httpapi.Result[DashboardCount]], error) {
		sess, vs, err := x.library(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		from, to, err := x.period(in)
		if err != nil {
			return nil, err
		}
		sends, err := x.videos.Sends(ctx, sess.Principal.Tenant, in.Body.AccountPlatformID, from, to)
		if err != nil {
			return nil, err
		}
		out := DashboardCount{Videos: len(vs), Sent: len(sends), PeriodDays: int(to.Sub(from).Hours()/24 + 0.5)}
		customers, used := map[int64]bool{}, map[string]bool{}
		for _, s := range sends {
			if s.UserID == sess.Principal.UserID {
				out.SentByMe++
			}
			customers[s.ContactID], used[s.VideoID] = true, true
		}
		out.CustomersSent, out.VideosUsed = len(customers), len(used)
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listVideoDashboardSends",
		Method:      http.MethodPost,
		Path:        "/cxp/video/dashboard/slideout",
		Summary:     "The videos sent, for the dashboard's slide-out",
		Description: "The store's video sends of the period (the last 30 days by default), newest first: which video, to which customer, by whom and when, and until when the customer's link plays. The store must be one the caller may view (403).",
		Tags:        []string{"video"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DashboardInput) (*httpapi.Body[httpapi.Result[[]video.Send]], error) {
		sess, _, err := x.d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		from, to, err := x.period(in)
		if err != nil {
			return nil, err
		}
		sends, err := x.videos.Sends(ctx, sess.Principal.Tenant, in.Body.AccountPlatformID, from, to)
		if err != nil {
			return nil, err
		}
		if sends == nil {
			sends = []video.Send{}
		}
		return httpapi.Reply(httpapi.OK(sends)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "linkVideo",
		Method:      http.MethodPost,
		Path:        "/cxp/video/internalauthlink",
		Summary:     "A link that plays a video",
		Description: "A signed link to the video that expires: for the caller's preview after 15 minutes; for a customer (contactId) after 7 days, and the send is recorded for the dashboard. The link is what a message to the customer carries. The store must be one the caller may view (403); the customer one the caller may edit.",
		Tags:        []string{"video"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *LinkInput) (*httpapi.Body[httpapi.Result[VideoLink]], error) {
		return x.link(ctx, in)
	})

	httpapi.Register(api, huma.Operation{
		OperationID:  "addVideo",
		Method:       http.MethodPost,
		Path:         "/cxp/video",
		Summary:      "Add a video to the library",
		Description:  "Stores the uploaded video (MP4, WebM, Ogg or QuickTime, at most 4 MB) in the store's library under a subcategory, with a title (1 to 120 characters) and a description. Managers and dealer admins of the store add videos (403 otherwise).",
		Tags:         []string{"video"},
		Errors:       []int{400, 401, 403, 404},
		MaxBodyBytes: 6 << 20,
	}, func(ctx context.Context, in *AddVideoInput) (*httpapi.Body[httpapi.Result[video.Video]], error) {
		b := in.Body
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := sess.Store(b.AccountPlatformID); err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(libraryRoles, r) }) {
			return nil, apperr.Errorf(apperr.Forbidden, "Only managers and dealer admins add videos to the library.")
		}
		v := video.Video{ID: video.NewID("VD-"), AccountPlatformID: b.AccountPlatformID, SubcategoryID: b.SubcategoryID, Title: b.Title,
			Description: b.Description, ContentType: b.ContentType, SizeBytes: int64(len(b.Data)), CreatedAt: x.d.Store.Now().UTC(),
			CreatedBy: sess.Principal.UserID, CreatedByName: sess.Profile.DisplayName()}
		if err := video.Validate(v); err != nil {
			return nil, err
		}
		if len(b.Data) == 0 || len(b.Data) > blob.MaxSize {
			return nil, apperr.InvalidFields("The video is not valid.", map[string]string{"file": "Choose a video file of at most 4 MB."})
		}
		if x.d.Blobs == nil {
			return nil, apperr.Errorf(apperr.Internal, "no file store is configured")
		}
		k, err := blob.NewKey(sess.Principal.Tenant, v.BlobParts()...)
		if err != nil {
			return nil, err
		}
		if err := x.d.Blobs.Put(ctx, k, blob.Object{ContentType: v.ContentType, Data: b.Data}); err != nil {
			return nil, err
		}
		saved, err := x.videos.Add(ctx, sess.Principal.Tenant, v)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(saved)), nil
	})
}

// library returns the caller's session and the videos of store storeID, which the caller must
// be able to view.
func (x *area) library(ctx context.Context, storeID int64) (user.Session, []video.Video, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, nil, err
	}
	if _, err := sess.Store(storeID); err != nil {
		return user.Session{}, nil, err
	}
	vs, err := x.videos.List(ctx, sess.Principal.Tenant, storeID)
	return sess, vs, err
}

// period returns the dashboard's period: the last 30 days by default.
func (x *area) period(in *DashboardInput) (time.Time, time.Time, error) {
	to := in.Body.To
	if to.IsZero() {
		to = x.d.Store.Now()
	}
	from := in.Body.From
	if from.IsZero() {
		from = to.AddDate(0, 0, -30)
	}
	if !from.Before(to) {
		return time.Time{}, time.Time{}, apperr.InvalidFields("The period is not valid.", map[string]string{"fromDate": "The start must be before the end."})
	}
	if to.Sub(from) > 366*24*time.Hour {
		return time.Time{}, time.Time{}, apperr.InvalidFields("The period is not valid.", map[string]string{"fromDate": "The period must be at most a year."})
	}
	return from, to, nil
}

func (x *area) link(ctx context.Context, in *LinkInput) (*httpapi.Body[httpapi.Result[VideoLink]], error) {
	b := in.Body
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := sess.Store(b.AccountPlatformID); err != nil {
		return nil, err
	}
	v, err := x.videos.Get(ctx, sess.Principal.Tenant, b.AccountPlatformID, b.VideoID)
	if err != nil {
		return nil, err
	}
	if x.d.Links == nil {
		return nil, apperr.Errorf(apperr.Internal, "no video links are configured")
	}
	k, err := blob.NewKey(sess.Principal.Tenant, v.BlobParts()...)
	if err != nil {
		return nil, err
	}
	ttl := PreviewTTL
	var name string
	if b.ContactID > 0 {
		s, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, b.ContactID)
		if err != nil {
			return nil, err
		}
		sess, ttl, name = s, CustomerTTL, c.FullName()
	}
	l, err := x.d.Links.Link(ctx, k, ttl)
	if err != nil {
		return nil, err
	}
	if b.ContactID > 0 {
		send := video.Send{ID: video.NewID("VS-"), VideoID: v.ID, VideoTitle: v.Title, AccountPlatformID: v.AccountPlatformID, ContactID: b.ContactID,
			ContactName: name, UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), SentAt: x.d.Store.Now().UTC(), LinkExpiresAt: l.ExpiresAt}
		if err := x.videos.RecordSend(ctx, sess.Principal.Tenant, send); err != nil {
			return nil, err
		}
	}
	return httpapi.Reply(httpapi.OK(VideoLink{VideoID: v.ID, Title: v.Title, URL: l.URL, ExpiresAt: l.ExpiresAt})), nil
}
