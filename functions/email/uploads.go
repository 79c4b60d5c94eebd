package email

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// UploadTTL is how long a presigned attachment upload stays valid.
const UploadTTL = 15 * time.Minute

// UploadURLInput is the request of POST /pando/pandox/create_email_attachment/upload_url.
type UploadURLInput struct {
	Body struct {
		FileName    string `json:"FileName" minLength:"1" maxLength:"255"`
		Size        int64  `json:"Size" doc:"The file's size in bytes; the upload must be exactly this long."`
		ContentType string `json:"ContentType,omitempty" required:"false" maxLength:"200"`
	}
}

// UploadURL is a presigned upload of an attachment: PUT the file's bytes to UploadUrl with
// exactly Headers before ExpiresAt, then confirm FileUrl.
type UploadURL struct {
	FileName  string            `json:"FileName"`
	FileURL   string            `json:"FileUrl" doc:"The file's reference, to confirm once uploaded."`
	UploadURL string            `json:"UploadUrl"`
	Method    string            `json:"Method"`
	Headers   map[string]string `json:"Headers"`
	ExpiresAt time.Time         `json:"ExpiresAt"`
}

// ConfirmUploadInput is the request of POST /pando/pandox/create_email_attachment/confirm.
type ConfirmUploadInput struct {
	Body struct {
		FileURL string `json:"FileUrl" maxLength:"300"`
	}
}

// checkFile checks an attachment's name and size as an upload's; it returns the clean name and
// the content type (from the extension when ct is empty or generic).
func checkFile(filename string, size int64, ct string) (name, contentType string, err error) {
	name, ext, err := checkName(filename)
	if err != nil {
		return "", "", err
	}
	if size > MaxUploadBytes {
		return "", "", apperr.InvalidFields("The file is too large.", map[string]string{"file": fmt.Sprintf("The file is larger than %d MB.", MaxUploadBytes>>20)})
	}
	if size <= 0 {
		return "", "", apperr.InvalidFields("The file is empty.", map[string]string{"file": "The file is empty."})
	}
	if ct == "" || ct == "application/octet-stream" {
		ct = "application/octet-stream"
		if byExt := mime.TypeByExtension("." + ext); byExt != "" {
			ct = byExt
		}
	}
	if _, _, err := mime.ParseMediaType(ct); err != nil {
		return "", "", apperr.InvalidFields("The file is not valid.", map[string]string{"ContentType": "Not a media type."})
	}
	return name, ct, nil
}

// checkName returns an attachment's clean name and extension: a blocked type, or a name
// without an extension, is an Invalid error on the file.
func checkName(filename string) (name, ext string, err error) {
	name, ext, blocked := CleanFileName(filename)
	if blocked {
		return "", "", apperr.InvalidFields(fmt.Sprintf(MsgBlockedExtension, ext), map[string]string{"file": fmt.Sprintf(MsgBlockedExtension, ext)})
	}
	if name == "" || ext == "" {
		return "", "", apperr.InvalidFields("The file is not valid.", map[string]string{"file": "The file needs a name with an extension."})
	}
	return name, ext, nil
}

// newFileURL returns a new file reference of name below prefix.
func newFileURL(prefix, name string) string {
	var id [12]byte
	rand.Read(id[:])
	return prefix + "/" + hex.EncodeToString(id[:]) + "/" + name
}

func (x *area) uploads() (blob.Uploads, error) {
	if u, ok := x.d.Blobs.(blob.Uploads); ok {
		return u, nil
	}
	return nil, apperr.Errorf(apperr.Conflict, "Direct uploads are not configured: attach the file with create_email_attachment.")
}

func (x *area) registerUploads(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "createEmailAttachmentUploadUrl",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/create_email_attachment/upload_url",
		Summary:     "Start a direct upload of an e-mail attachment",
		Description: "For files too large for one request (Lambda's payload limit is 6 MB): the file's name and size are checked as create_email_attachment checks them (spaces become underscores; exe, jar, bat, psc1, vb, vbs, msi, cmd, reg and wsf are refused; at most 25 MB) and a presigned PUT to the files bucket is answered, valid for 15 minutes, whose signature covers the Content-Length, so the bucket refuses a body of another size. Confirm FileUrl once uploaded.",
		Tags:        []string{"email"},
		Errors:      errs,
	}, func(ctx context.Context, in *UploadURLInput) (*httpapi.Body[httpapi.Legacy[UploadURL]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		name, ct, err := checkFile(in.Body.FileName, in.Body.Size, strings.TrimSpace(in.Body.ContentType))
		if err != nil {
			return nil, err
		}
		up, err := x.uploads()
		if err != nil {
			return nil, err
		}
		u := newFileURL("attachments", name)
		k, err := x.fileKey(sess.Principal.Tenant, u)
		if err != nil {
			return nil, err
		}
		p, err := up.PresignPut(ctx, k, ct, in.Body.Size, UploadTTL)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(UploadURL{FileName: name, FileURL: u, UploadURL: p.URL, Method: p.Method, Headers: p.Headers, ExpiresAt: p.ExpiresAt})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "confirmEmailAttachmentUpload",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/create_email_attachment/confirm",
		Summary:     "Finish a direct upload of an e-mail attachment",
		Description: "The uploaded file of FileUrl must exist in the files bucket, be 1 byte to 25 MB and have an allowed name; it is then answered as create_email_attachment answers an upload (Data[0] is the stored file). A file that breaks a rule is removed and refused (400); one never uploaded is 404.",
		Tags:        []string{"email"},
		Errors:      errs,
	}, func(ctx context.Context, in *ConfirmUploadInput) (*httpapi.Body[httpapi.Legacy[[]File]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		u := in.Body.FileURL
		if !strings.HasPrefix(u, "attachments/") {
			return nil, apperr.Errorf(apperr.NotFound, "The file does not exist.")
		}
		k, err := x.fileKey(sess.Principal.Tenant, u)
		if err != nil {
			return nil, err
		}
		up, err := x.uploads()
		if err != nil {
			return nil, err
		}
		info, err := up.Head(ctx, k)
		if err != nil {
			return nil, err
		}
		name := u[strings.LastIndex(u, "/")+1:]
		clean, ct, err := checkFile(name, info.Size, info.ContentType)
		if err == nil && clean != name {
			err = apperr.InvalidFields("The file is not valid.", map[string]string{"file": "The file's name changed."})
		}
		if err != nil {
			if derr := x.d.Blobs.Delete(ctx, k); derr != nil {
				x.d.Log.ErrorContext(ctx, "remove refused upload", "err", derr)
			}
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK([]File{{FileName: name, FileURL: u, ContentType: ct, Size: info.Size}})), nil
	})
}
