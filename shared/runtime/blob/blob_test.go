package blob_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/store"
)

func tenant(t *testing.T, acct string) store.Tenant {
	t.Helper()
	tn, err := store.NewTenant(acct)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func TestNewKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		t     store.Tenant
		parts []string
		want  string
		ok    bool
	}{
		{"tenant first", tenant(t, "1001"), []string{"contacts", "42", "driver_license_front"}, "accounts/1001/contacts/42/driver_license_front", true},
		{"no tenant", store.Tenant{}, []string{"contacts"}, "", false},
		{"no parts", tenant(t, "1001"), nil, "", false},
		{"a slash cannot climb out", tenant(t, "1001"), []string{"..", "1002"}, "", false},
		{"a part with a slash", tenant(t, "1001"), []string{"a/b"}, "", false},
		{"an empty part", tenant(t, "1001"), []string{""}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := blob.NewKey(tt.t, tt.parts...)
			if (err == nil) != tt.ok || k.String() != tt.want {
				t.Errorf("NewKey = %q, %v; want %q, ok %v", k, err, tt.want, tt.ok)
			}
		})
	}
}

func TestFolder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, err := blob.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mine, _ := blob.NewKey(tenant(t, "1001"), "contacts", "1", "avatar")
	theirs, _ := blob.NewKey(tenant(t, "1002"), "contacts", "1", "avatar")
	if err := f.Put(ctx, mine, blob.Object{ContentType: "image/png", Data: []byte("one")}); err != nil {
		t.Fatal(err)
	}
	if err := f.Put(ctx, mine, blob.Object{ContentType: "image/gif", Data: []byte("two")}); err != nil {
		t.Fatal(err)
	}
	got, err := f.Get(ctx, mine)
	if err != nil || got.ContentType != "image/gif" || !bytes.Equal(got.Data, []byte("two")) {
		t.Errorf("Get = %+v, %v; want the second put", got, err)
	}
	if _, err := f.Get(ctx, theirs); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Get of another tenant's key = %v, want NotFound", err)
	}
	puts := []struct {
		name string
		obj  blob.Object
	}{
		{"empty", blob.Object{ContentType: "image/png"}},
		{"no content type", blob.Object{Data: []byte("x")}},
		{"too large", blob.Object{ContentType: "image/png", Data: make([]byte, blob.MaxObjectSize+1)}},
	}
	for _, p := range puts {
		if err := f.Put(ctx, mine, p.obj); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("Put %s = %v, want Invalid", p.name, err)
		}
	}
	if err := f.Delete(ctx, mine); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Get(ctx, mine); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Get after Delete = %v, want NotFound", err)
	}
	if err := f.Delete(ctx, mine); err != nil {
		t.Errorf("Delete of a missing object = %v, want nil", err)
	}
}
