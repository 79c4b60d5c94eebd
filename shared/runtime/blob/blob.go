// Package blob keeps binary objects (scanned driver licences, avatars, e-mail attachments)
// outside the table: in an S3 bucket in AWS and, through the same S3 calls, in the local S3 API
// stand-in of a local run; tests may use a folder. Every key starts with the tenant's account,
// and keys are built only from a tenant, so no dealer group can address another's objects.
package blob

import (
	"context"
	"regexp"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MaxSize is the largest image (a scanned licence, an avatar) the areas accept, in bytes. It
// stays below the 6 MB request limit of Lambda behind API Gateway.
const MaxSize = 4 << 20

// MaxObjectSize is the largest object a store accepts, in bytes: larger puts are Invalid
// errors. It is the e-mail attachments' limit.
const MaxObjectSize = 25 << 20

// Object is one stored object.
type Object struct {
	ContentType string
	Data        []byte
}

// Store keeps objects by key.
type Store interface {
	// Put writes obj at key, replacing what is there. An empty or oversized object, or one
	// without a content type, is an Invalid error.
	Put(ctx context.Context, key Key, obj Object) error
	// Get reads the object at key. A missing object is a NotFound error.
	Get(ctx context.Context, key Key) (Object, error)
	// Delete removes the object at key; a missing object is not an error.
	Delete(ctx context.Context, key Key) error
}

// Key names one object. Keys are built only by NewKey.
type Key struct {
	path string
}

var partPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

// NewKey returns the key of the object named by parts in tenant t's space:
// accounts/{account}/{parts...}. Parts are 1 to 128 letters, digits, '.', '_' or '-', and not
// "." or "..".
func NewKey(t store.Tenant, parts ...string) (Key, error) {
	if t.IsZero() {
		return Key{}, apperr.Errorf(apperr.Internal, "blob key built without a tenant")
	}
	if len(parts) == 0 {
		return Key{}, apperr.Errorf(apperr.Internal, "blob key without a name")
	}
	for _, p := range parts {
		if !partPattern.MatchString(p) || p == "." || p == ".." {
			return Key{}, apperr.Errorf(apperr.Internal, "bad blob key part %q", p)
		}
	}
	return Key{path: "accounts/" + t.Account() + "/" + strings.Join(parts, "/")}, nil
}

// String returns the key as stored: slash-separated, starting with the account.
func (k Key) String() string { return k.path }

// IsZero reports whether k is the zero Key.
func (k Key) IsZero() bool { return k.path == "" }

// check validates a put.
func check(key Key, obj Object) error {
	switch {
	case key.IsZero():
		return apperr.Errorf(apperr.Internal, "put without a key")
	case len(obj.Data) == 0:
		return apperr.Errorf(apperr.Invalid, "The file is empty.")
	case len(obj.Data) > MaxObjectSize:
		return apperr.Errorf(apperr.Invalid, "The file is larger than %d MB.", MaxObjectSize>>20)
	case obj.ContentType == "" || strings.ContainsAny(obj.ContentType, "\r\n"):
		return apperr.Errorf(apperr.Invalid, "The file has no content type.")
	}
	return nil
}
