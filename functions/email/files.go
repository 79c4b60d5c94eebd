package email

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// UploadForm is the multipart form of an attachment upload: one file.
type UploadForm struct {
	File huma.FormFile `form:"file" required:"true" doc:"The file; at most 25 MB."`
}

// UploadInput is the request of POST /pando/pandox/create_email_attachment.
type UploadInput struct {
	RawBody huma.MultipartFormFiles[UploadForm]
}

// TemplateUploadInput is the request of POST /pando/pandox/create_email_template_attachment/{accountId}/{platformId}.
type TemplateUploadInput struct {
	AccountID  int64 `path:"accountId" minimum:"1"`
	PlatformID int64 `path:"platformId" minimum:"1"`
	RawBody    huma.MultipartFormFiles[UploadForm]
}

// File is an uploaded attachment.
type File struct {
	FileName    string `json:"FileName"`
	FileURL     string `json:"FileUrl" doc:"The file's reference: send it with the e-mail, or fetch it with get_email_attachment."`
	ContentType string `json:"ContentType"`
	Size        int64  `json:"Size"`
}

// FileRequest is the request of POST /pando/pandox/get_email_attachment.
type FileRequest struct {
	Body struct {
		FileURL string `json:"FileUrl" maxLength:"300"`
	}
}

// FileQuery is the request of GET /chat/message/attachment.
type FileQuery struct {
	FileURL string `query:"fileUrl" maxLength:"300"`
}

// Blob is a file answered whole.
type Blob struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

// fileURLPattern is the shape of a file reference: attachments/{id}/{name} or
// templates/{store}/{id}/{name}.
var fileURLPattern = regexp.MustCompile(`^(?:attachments|templates/[0-9]{1,18})/[0-9a-f]{24}/[A-Za-z0-9_.-]{1,120}$`)

// fileKey returns the key of file reference u in t's space; a reference of another shape is a
// NotFound error.
func (x *area) fileKey(t store.Tenant, u string) (blob.Key, error) {
	if !fileURLPattern.MatchString(u) || strings.Contains(u, "..") {
		return blob.Key{}, apperr.Errorf(apperr.NotFound, "The file does not exist.")
	}
	return blob.NewKey(t, append([]string{"email"}, strings.Split(u, "/")...)...)
}

func (x *area) blobs() (blob.Store, error) {
	if x.d.Blobs == nil {
		return nil, apperr.Errorf(apperr.Conflict, "File storage is not configured.")
	}
	return x.d.Blobs, nil
}

// upload checks and stores the form's file under prefix.
func (x *area) upload(ctx context.Context, t store.Tenant, prefix string, form *UploadForm) (File, error) {
	if form == nil || !form.File.IsSet {
		return File{}, apperr.InvalidFields("The file is not valid.", map[string]string{"file": "Choose a file to attach."})
	}
	name, ext, err := checkName(form.File.Filename)
	if err != nil {
		return File{}, err
	}
	data, err := io.ReadAll(io.LimitReader(form.File, MaxUploadBytes+1))
	if err != nil {
		return File{}, fmt.Errorf("read upload: %w", err)
	}
	if len(data) > MaxUploadBytes {
		return File{}, apperr.InvalidFields("The file is too large.", map[string]string{"file": fmt.Sprintf("The file is larger than %d MB.", MaxUploadBytes>>20)})
	}
	if len(data) == 0 {
		return File{}, apperr.InvalidFields("The file is empty.", map[string]string{"file": "The file is empty."})
	}
	ct := form.File.ContentType
	if ct == "" || ct == "application/octet-stream" {
		if byExt := mime.TypeByExtension("." + ext); byExt != "" {
			ct = byExt
		} else {
			ct = http.DetectContentType(data)
		}
	}
	u := newFileURL(prefix, name)
	k, err := x.fileKey(t, u)
	if err != nil {
		return File{}, err
	}
	bs, err := x.blobs()
	if err != nil {
		return File{}, err
	}
	if err := bs.Put(ctx, k, blob.Object{ContentType: ct, Data: data}); err != nil {
		return File{}, err
	}
	return File{FileName: name, FileURL: u, ContentType: ct, Size: int64(len(data))}, nil
}

// read returns file reference u of t.
func (x *area) read(ctx context.Context, t store.Tenant, u string) (blob.Object, string, error) {
	k, err := x.fileKey(t, u)
	if err != nil {
		return blob.Object{}, "", err
	}
	bs, err := x.blobs()
	if err != nil {
		return blob.Object{}, "", err
	}
	obj, err := bs.Get(ctx, k)
	if err != nil {
		return blob.Object{}, "", err
	}
	return obj, u[strings.LastIndex(u, "/")+1:], nil
}

func (x *area) serveFile(ctx context.Context, u string) (*Blob, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	if err := x.storeOfFile(sess, u); err != nil {
		return nil, err
	}
	obj, name, err := x.read(ctx, sess.Principal.Tenant, u)
	if err != nil {
		return nil, err
	}
	return &Blob{ContentType: obj.ContentType, ContentDisposition: mime.FormatMediaType("inline", map[string]string{"filename": name}), Body: obj.Data}, nil
}

// storeOfFile checks that a template file's store is one the caller may view.
func (x *area) storeOfFile(sess user.Session, u string) error {
	if rest, ok := strings.CutPrefix(u, "templates/"); ok {
		id, _ := strconv.ParseInt(rest[:strings.Index(rest, "/")], 10, 64)
		if _, err := sess.Store(id); err != nil {
			return apperr.Errorf(apperr.NotFound, "The file does not exist.")
		}
	}
	return nil
}

func (x *area) registerFiles(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID:  "createEmailAttachment",
		Method:       http.MethodPost,
		Path:         "/pando/pandox/create_email_attachment",
		Summary:      "Upload a file to attach to an e-mail",
		Description:  "One multipart upload (field file, at most 25 MB). Spaces in the name become underscores; files of type exe, jar, bat, psc1, vb, vbs, msi, cmd, reg or wsf are refused (400 naming the type). Data[0] is the stored file.",
		Tags:         []string{"email"},
		Errors:       errs,
		MaxBodyBytes: MaxUploadBytes + 1<<20,
	}, func(ctx context.Context, in *UploadInput) (*httpapi.Body[httpapi.Legacy[[]File]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := x.upload(ctx, sess.Principal.Tenant, "attachments", in.RawBody.Data())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK([]File{f})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID:  "createEmailTemplateAttachment",
		Method:       http.MethodPost,
		Path:         "/pando/pandox/create_email_template_attachment/{accountId}/{platformId}",
		Summary:      "Upload a file of a store's e-mail templates",
		Description:  "As create_email_attachment, kept with the store's templates (a store of the caller's dealer group the caller may view).",
		Tags:         []string{"email"},
		Errors:       errs,
		MaxBodyBytes: MaxUploadBytes + 1<<20,
	}, func(ctx context.Context, in *TemplateUploadInput) (*httpapi.Body[httpapi.Legacy[[]File]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := sess.RequireAccount(in.AccountID); err != nil {
			return nil, err
		}
		if _, err := sess.Store(in.PlatformID); err != nil {
			return nil, err
		}
		f, err := x.upload(ctx, sess.Principal.Tenant, "templates/"+strconv.FormatInt(in.PlatformID, 10), in.RawBody.Data())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK([]File{f})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getEmailAttachment",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/get_email_attachment",
		Summary:     "Fetch an e-mail attachment",
		Description: "The file of FileUrl (as an upload answered it), whole, with its content type.",
		Tags:        []string{"email"},
		Errors:      []int{400, 401, 404},
	}, func(ctx context.Context, in *FileRequest) (*Blob, error) {
		return x.serveFile(ctx, in.Body.FileURL)
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getMessageAttachment",
		Method:      http.MethodGet,
		Path:        "/chat/message/attachment",
		Summary:     "Fetch a message attachment",
		Description: "The file of fileUrl, whole, with its content type.",
		Tags:        []string{"email"},
		Errors:      []int{400, 401, 404},
	}, func(ctx context.Context, in *FileQuery) (*Blob, error) {
		return x.serveFile(ctx, in.FileURL)
	})
}
