package contacts

import (
	"bytes"
	"context"
	"image"
	_ "image/gif"  // decodes uploaded GIF images
	_ "image/jpeg" // decodes uploaded JPEG images
	_ "image/png"  // decodes uploaded PNG images
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// Image kinds: the scanned sides of the driver licence and the photo cropped from it.
const (
	ImageLicenseFront  = contact.ImageLicenseFront
	ImageLicenseBack   = contact.ImageLicenseBack
	ImageLicenseAvatar = contact.ImageLicenseAvatar
)

// imageTypes are the content types an uploaded image may have.
var imageTypes = []string{"image/jpeg", "image/png", "image/gif", "image/webp"}

// maxImageSide bounds an image's width and height in pixels.
const maxImageSide = 10000

// ImageOutput is an image as the GET calls return it: the bytes with their content type.
type ImageOutput struct {
	ContentType  string `header:"Content-Type"`
	CacheControl string `header:"Cache-Control"`
	Body         []byte
}

// PutImageInput is the request of PUT /crm/contacts/{id}/driver_license_*.
type PutImageInput struct {
	ContactPath
	Body struct {
		ContentType string `json:"contentType" enum:"image/jpeg,image/png,image/gif,image/webp" doc:"The image's type."`
		Data        []byte `json:"data" doc:"The image, base64 encoded; at most 4 MB once decoded."`
	}
}

// ImageSaved describes a stored image.
type ImageSaved struct {
	ContactID   int64  `json:"contactId"`
	Kind        string `json:"kind"`
	ContentType string `json:"contentType"`
	Size        int    `json:"size"`
}

// imageKey is where image kind of contact id is kept.
func imageKey(t store.Tenant, id int64, kind string) (blob.Key, error) {
	return contact.ImageKey(t, id, kind)
}

// checkImage validates an upload: a declared image type that the bytes match, within the size
// limit, and (for the types the standard library decodes) a readable image of sensible size.
func checkImage(contentType string, data []byte) error {
	bad := func(field, msg string) error {
		return apperr.InvalidFields("The image is not valid.", map[string]string{field: msg})
	}
	switch {
	case !slices.Contains(imageTypes, contentType):
		return bad("contentType", "Upload a JPEG, PNG, GIF or WebP image.")
	case len(data) == 0:
		return bad("data", "The image is empty.")
	case len(data) > blob.MaxSize:
		return bad("data", "The image is larger than 4 MB.")
	case http.DetectContentType(data) != contentType:
		return bad("data", "The file is not a "+contentType+" image.")
	}
	if contentType == "image/webp" {
		return nil
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return bad("data", "The image cannot be read.")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxImageSide || cfg.Height > maxImageSide {
		return bad("data", "The image must be at most 10000 pixels wide and high.")
	}
	return nil
}

func (s *summaries) blobs() (blob.Store, error) {
	if s.d.Blobs == nil {
		return nil, apperr.Errorf(apperr.Internal, "no file store is configured")
	}
	return s.d.Blobs, nil
}

// image returns the file store and the key of c's image of kind.
func (s *summaries) image(sess user.Session, c contact.Contact, kind string) (blob.Store, blob.Key, error) {
	store, err := s.blobs()
	if err != nil {
		return nil, blob.Key{}, err
	}
	k, err := imageKey(sess.Principal.Tenant, c.ID, kind)
	if err != nil {
		return nil, blob.Key{}, err
	}
	return store, k, nil
}

// mayEdit checks that the session's user may view and edit c.
func mayEdit(sess user.Session, c contact.Contact) error {
	if !permission(sess, c).CanEdit {
		return apperr.Errorf(apperr.Forbidden, "You may not edit this customer.")
	}
	return nil
}

func (s *summaries) registerImages(api *httpapi.API) {
	for _, kind := range []string{ImageLicenseFront, ImageLicenseBack, ImageLicenseAvatar} {
		licence := kind != ImageLicenseAvatar
		what := map[string]string{ImageLicenseFront: "front of the driver licence", ImageLicenseBack: "back of the driver licence", ImageLicenseAvatar: "photo from the driver licence"}[kind]
		who := "Any user who may view the customer reads it."
		if licence {
			who = "The scan shows the licence number, so it is read as the number is revealed: only by F&I managers, sales managers, general managers and dealer admins who may view the customer (403 otherwise), each read written to the audit log (event SensitiveRevealed, field driverLicense." + strings.TrimPrefix(kind, "driver_license_") + "), and never cached."
		}
		httpapi.Register(api, huma.Operation{
			OperationID: "getContactImage_" + kind,
			Method:      http.MethodGet,
			Path:        "/crm/contacts/{id}/" + kind,
			Summary:     "The scanned " + what,
			Description: "The image as it was uploaded, with its content type; 404 when none was uploaded. " + who,
			Tags:        []string{"contacts"},
			Errors:      []int{400, 401, 403, 404},
			Responses: map[string]*huma.Response{"200": {
				Description: "The image.",
				Content:     map[string]*huma.MediaType{"image/*": {Schema: &huma.Schema{Type: "string", Format: "binary"}}},
			}},
		}, func(ctx context.Context, in *ContactPath) (*ImageOutput, error) {
			sess, c, err := s.viewContact(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			if licence && !permission(sess, c).CanRevealSensitive {
				return nil, apperr.Errorf(apperr.Forbidden, MsgMayNotReveal)
			}
			store, k, err := s.image(sess, c, kind)
			if err != nil {
				return nil, err
			}
			obj, err := store.Get(ctx, k)
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.Errorf(apperr.NotFound, "The customer has no %s.", what)
			}
			if err != nil {
				return nil, err
			}
			if licence {
				// No scan leaves without its audit record.
				if err := s.recordReveal(ctx, sess, c.ID, "driverLicense."+strings.TrimPrefix(kind, "driver_license_"), http.MethodGet, "/crm/contacts/{id}/"+kind); err != nil {
					return nil, err
				}
			}
			return &ImageOutput{ContentType: obj.ContentType, CacheControl: "private, no-store", Body: obj.Data}, nil
		})

		httpapi.Register(api, huma.Operation{
			OperationID:  "putContactImage_" + kind,
			Method:       http.MethodPut,
			Path:         "/crm/contacts/{id}/" + kind,
			Summary:      "Upload the scanned " + what,
			Description:  "Replaces the image. JPEG, PNG, GIF or WebP only, at most 4 MB and 10000 pixels a side; the bytes must be of the declared type. Users who may edit the customer upload it.",
			Tags:         []string{"contacts"},
			Errors:       []int{400, 401, 403, 404},
			MaxBodyBytes: 6 << 20,
		}, func(ctx context.Context, in *PutImageInput) (*httpapi.Body[httpapi.Result[ImageSaved]], error) {
			sess, c, err := s.editContact(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			if err := checkImage(in.Body.ContentType, in.Body.Data); err != nil {
				return nil, err
			}
			store, k, err := s.image(sess, c, kind)
			if err != nil {
				return nil, err
			}
			if err := store.Put(ctx, k, blob.Object{ContentType: in.Body.ContentType, Data: in.Body.Data}); err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(ImageSaved{ContactID: c.ID, Kind: kind, ContentType: in.Body.ContentType, Size: len(in.Body.Data)})), nil
		})
	}
}
