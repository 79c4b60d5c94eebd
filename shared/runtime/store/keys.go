package store

import (
	"regexp"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Tenant is the account (dealer group) every key is built inside. Its zero value builds no
// keys, so code outside this package cannot address an item without naming its tenant.
type Tenant struct {
	account string
}

var accountPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// NewTenant returns the tenant for account id. The id must be 1 to 64 letters, digits or
// hyphens.
func NewTenant(account string) (Tenant, error) {
	if !accountPattern.MatchString(account) {
		return Tenant{}, apperr.Errorf(apperr.Invalid, "%q is not an account id.", account)
	}
	return Tenant{account: account}, nil
}

// Account returns the tenant's account id.
func (t Tenant) Account() string { return t.account }

// IsZero reports whether t is the zero Tenant.
func (t Tenant) IsZero() bool { return t.account == "" }

// Key is the primary key of one item. Keys are built only by Tenant.Key and DirectoryKey.
type Key struct {
	pk, sk string
}

// IndexKey is an item's key in one global secondary index.
type IndexKey struct {
	index, pk, sk string
}

// Key returns the key of the item with sort key sort in the tenant's partition named by
// parts. Every partition key starts with the tenant's account.
func (t Tenant) Key(sort string, parts ...string) (Key, error) {
	pk, err := t.partition(parts)
	if err != nil {
		return Key{}, err
	}
	if sort == "" {
		return Key{}, apperr.Errorf(apperr.Internal, "empty sort key")
	}
	return Key{pk: pk, sk: sort}, nil
}

// IndexKey returns the tenant-scoped key of an item in index.
func (t Tenant) IndexKey(index, sort string, parts ...string) (IndexKey, error) {
	pk, err := t.partition(parts)
	if err != nil {
		return IndexKey{}, err
	}
	return IndexKey{index: index, pk: pk, sk: sort}, nil
}

func (t Tenant) partition(parts []string) (string, error) {
	if t.IsZero() {
		return "", apperr.Errorf(apperr.Internal, "key built without a tenant")
	}
	if len(parts) == 0 {
		return "A#" + t.account, nil
	}
	for _, p := range parts {
		if p == "" || strings.Contains(p, "#") {
			return "", apperr.Errorf(apperr.Internal, "bad key part %q", p)
		}
	}
	return "A#" + t.account + "#" + strings.Join(parts, "#"), nil
}

// DirectoryKey returns the key of a directory entry: a global pointer from a sign-in identity
// (such as a token subject) to its tenant. Directory entries hold the pointer only, never
// tenant data.
func DirectoryKey(kind, id string) (Key, error) {
	if kind == "" || id == "" || strings.Contains(kind, "#") {
		return Key{}, apperr.Errorf(apperr.Internal, "bad directory key %q %q", kind, id)
	}
	return Key{pk: "DIR#" + kind + "#" + id, sk: "DIR"}, nil
}

// SystemKey returns the key of an item the platform keeps for itself outside every tenant: the
// event relay's stream checkpoints. System items hold bookkeeping only, never tenant data.
func SystemKey(kind, id string) (Key, error) {
	if kind == "" || id == "" || strings.Contains(kind, "#") {
		return Key{}, apperr.Errorf(apperr.Internal, "bad system key %q %q", kind, id)
	}
	return Key{pk: "SYS#" + kind + "#" + id, sk: "SYS"}, nil
}

// String returns the key for logs.
func (k Key) String() string { return k.pk + " " + k.sk }
