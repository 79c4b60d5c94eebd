package blob

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// MaxLinkTTL is the longest a link may stay valid: S3 refuses presigned links of more than
// seven days.
const MaxLinkTTL = 7 * 24 * time.Hour

// MsgLinkExpired is the answer to a link that expired or was altered.
const MsgLinkExpired = "The link has expired. Open the video again from CXM for a new one."

// Link is a link that reads one object without signing in, until it expires.
type Link struct {
	URL       string
	ExpiresAt time.Time
}

// Linker hands out expiring links to objects: presigned S3 links in AWS, links signed by the
// gateway's key locally.
type Linker interface {
	// Link returns a link reading the object at key for ttl (at most MaxLinkTTL). A zero key or
	// a ttl out of range is an Internal error.
	Link(ctx context.Context, key Key, ttl time.Duration) (Link, error)
}

func checkLink(key Key, ttl time.Duration) error {
	if key.IsZero() {
		return apperr.Errorf(apperr.Internal, "link without a key")
	}
	if ttl <= 0 || ttl > MaxLinkTTL {
		return apperr.Errorf(apperr.Internal, "link valid for %s, not within (0, %s]", ttl, MaxLinkTTL)
	}
	return nil
}

// Signer is the local Linker: its links are {base}/{key}?expires={unix}&signature={hmac}, signed
// with an HMAC-SHA256 key, and Handler serves them from a Store. A link is refused once its
// time has passed by the signer's clock, and so is one whose key or expiry was changed.
type Signer struct {
	key  []byte
	base string
	now  func() time.Time
}

var _ Linker = (*Signer)(nil)

// NewSigner returns a signer whose links start with base (such as "/media") and expire by now
// (nil for the wall clock). The key must be at least 32 bytes.
func NewSigner(key []byte, base string, now func() time.Time) (*Signer, error) {
	if len(key) < 32 {
		return nil, errors.New("blob: the link signing key must be at least 32 bytes")
	}
	if now == nil {
		now = time.Now
	}
	return &Signer{key: key, base: strings.TrimRight(base, "/"), now: now}, nil
}

func (s *Signer) signature(path string, expires int64) string {
	m := hmac.New(sha256.New, s.key)
	fmt.Fprintf(m, "%s\n%d", path, expires)
	return hex.EncodeToString(m.Sum(nil))
}

// Link returns the signed link of key, valid for ttl.
func (s *Signer) Link(_ context.Context, key Key, ttl time.Duration) (Link, error) {
	if err := checkLink(key, ttl); err != nil {
		return Link{}, err
	}
	exp := s.now().Add(ttl).Truncate(time.Second)
	q := url.Values{"expires": {strconv.FormatInt(exp.Unix(), 10)}, "signature": {s.signature(key.path, exp.Unix())}}
	return Link{URL: s.base + "/" + key.path + "?" + q.Encode(), ExpiresAt: exp.UTC()}, nil
}

// Verify returns the key a link's path (below the base) and query name: a Forbidden error when
// the signature does not match or the link has expired.
func (s *Signer) Verify(path string, q url.Values) (Key, error) {
	path = strings.TrimPrefix(path, "/")
	exp, err := strconv.ParseInt(q.Get("expires"), 10, 64)
	if err != nil || !strings.HasPrefix(path, "accounts/") || strings.Contains(path, "..") {
		return Key{}, apperr.Errorf(apperr.Forbidden, MsgLinkExpired)
	}
	want := s.signature(path, exp)
	if !hmac.Equal([]byte(want), []byte(q.Get("signature"))) {
		return Key{}, apperr.Errorf(apperr.Forbidden, MsgLinkExpired)
	}
	if !s.now().Before(time.Unix(exp, 0)) {
		return Key{}, apperr.Errorf(apperr.Forbidden, MsgLinkExpired)
	}
	return Key{path: path}, nil
}

// Handler serves the objects of store by their signed links below the signer's base: 403 for a
// link that expired or was altered, 404 for a missing object.
func (s *Signer) Handler(store Store) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, err := s.Verify(strings.TrimPrefix(r.URL.Path, s.base), r.URL.Query())
		if err != nil {
			http.Error(w, MsgLinkExpired, http.StatusForbidden)
			return
		}
		obj, err := store.Get(r.Context(), key)
		if apperr.CodeOf(err) == apperr.NotFound {
			http.Error(w, "The file does not exist.", http.StatusNotFound)
			return
		}
		if err != nil {
			http.Error(w, "The file cannot be read now.", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", obj.ContentType)
		w.Header().Set("Cache-Control", "private, no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, "", time.Time{}, strings.NewReader(string(obj.Data)))
	})
}

// Presigner is the Linker of AWS: presigned GET links to the bucket's objects.
type Presigner struct {
	client *s3.PresignClient
	bucket string
	now    func() time.Time
}

var _ Linker = (*Presigner)(nil)

// NewPresigner returns the presigner of bucket; now is the clock of the expiry it reports
// (nil for the wall clock).
func NewPresigner(client *s3.Client, bucket string, now func() time.Time) (*Presigner, error) {
	if bucket == "" {
		return nil, errors.New("blob: empty bucket name")
	}
	if now == nil {
		now = time.Now
	}
	return &Presigner{client: s3.NewPresignClient(client), bucket: bucket, now: now}, nil
}

// Link returns a presigned GET link of key, valid for ttl.
func (p *Presigner) Link(ctx context.Context, key Key, ttl time.Duration) (Link, error) {
	if err := checkLink(key, ttl); err != nil {
		return Link{}, err
	}
	exp := p.now().Add(ttl)
	req, err := p.client.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &p.bucket, Key: aws.String(key.path)}, s3.WithPresignExpires(ttl))
	if err != nil {
		return Link{}, fmt.Errorf("presign %s: %w", key, err)
	}
	return Link{URL: req.URL, ExpiresAt: exp.UTC()}, nil
}
