package blob

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Upload is a presigned upload of one object: the client sends the object's bytes with Method
// to URL, with exactly Headers (the signature covers them, Content-Length included, so the
// store refuses a body of another size or type), before ExpiresAt.
type Upload struct {
	URL       string
	Method    string
	Headers   map[string]string
	ExpiresAt time.Time
}

// Info describes a stored object.
type Info struct {
	Size        int64
	ContentType string
}

// Uploads hands out uploads that go straight to the store rather than through a request to
// the API (whose payload Lambda limits to 6 MB), and reads what arrived.
type Uploads interface {
	// PresignPut returns an upload of exactly size bytes (1 to MaxObjectSize) of contentType
	// to key, valid for ttl (at most MaxLinkTTL). A bad size is an Invalid error.
	PresignPut(ctx context.Context, key Key, contentType string, size int64, ttl time.Duration) (Upload, error)
	// Head returns the size and content type of the object at key. A missing object is a
	// NotFound error.
	Head(ctx context.Context, key Key) (Info, error)
}

var _ Uploads = (*S3)(nil)

// ErrNoUploads is the error of PresignPut and Head of an S3 store whose client cannot presign
// (a test double of S3API rather than an *s3.Client).
var ErrNoUploads = errors.New("blob: the store's client cannot presign uploads")

// PresignPut returns a presigned PUT of key for exactly size bytes of contentType.
func (s *S3) PresignPut(ctx context.Context, key Key, contentType string, size int64, ttl time.Duration) (Upload, error) {
	if s.presign == nil {
		return Upload{}, ErrNoUploads
	}
	if err := checkLink(key, ttl); err != nil {
		return Upload{}, err
	}
	if size <= 0 || size > MaxObjectSize {
		return Upload{}, apperr.Errorf(apperr.Invalid, "The file must be 1 byte to %d MB.", MaxObjectSize>>20)
	}
	if contentType == "" {
		return Upload{}, apperr.Errorf(apperr.Invalid, "The file has no content type.")
	}
	req, err := s.presign.PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket: &s.bucket, Key: aws.String(key.path), ContentLength: aws.Int64(size), ContentType: aws.String(contentType),
	}, s3.WithPresignExpires(ttl))
	if err != nil {
		return Upload{}, fmt.Errorf("presign put %s: %w", key, err)
	}
	headers := map[string]string{}
	for k, v := range req.SignedHeader {
		// The browser sets Host itself.
		if len(v) > 0 && http.CanonicalHeaderKey(k) != "Host" {
			headers[http.CanonicalHeaderKey(k)] = v[0]
		}
	}
	return Upload{URL: req.URL, Method: req.Method, Headers: headers, ExpiresAt: s.now().Add(ttl).UTC()}, nil
}

// Head returns the size and content type of the object at key.
func (s *S3) Head(ctx context.Context, key Key) (Info, error) {
	h, ok := s.client.(interface {
		HeadObject(ctx context.Context, in *s3.HeadObjectInput, opts ...func(*s3.Options)) (*s3.HeadObjectOutput, error)
	})
	if !ok {
		return Info{}, ErrNoUploads
	}
	if key.IsZero() {
		return Info{}, apperr.Errorf(apperr.Internal, "head without a key")
	}
	out, err := h.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: aws.String(key.path)})
	if isNotFound(err) {
		return Info{}, apperr.Errorf(apperr.NotFound, "The file does not exist.")
	}
	if err != nil {
		return Info{}, fmt.Errorf("head %s: %w", key, err)
	}
	return Info{Size: aws.ToInt64(out.ContentLength), ContentType: aws.ToString(out.ContentType)}, nil
}
