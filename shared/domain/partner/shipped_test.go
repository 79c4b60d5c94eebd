package partner_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/issuer"
)

// testdata is the folder of the keys committed to the repository.
const testdata = "../../local/demo/testdata"

// committedKeys returns the public halves (PEM) of the private keys committed under testdata.
func committedKeys(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(testdata, "*.pem"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no committed keys in %s: %v", testdata, err)
	}
	keys := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		k, err := issuer.ParsePrivateKey(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		pem, err := issuer.PublicKeyPEM(&k.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		keys[filepath.Base(f)] = pem
	}
	return keys
}

// TestEveryCommittedKeyIsKnown fails when a private key is committed without being listed as
// shipped, so that AWS stacks would trust it.
func TestEveryCommittedKeyIsKnown(t *testing.T) {
	t.Parallel()
	for file, pem := range committedKeys(t) {
		got, ok := partner.Partner{ID: "partner-x", PublicKeyPEM: pem}.ShippedIn()
		if !ok || filepath.Base(got) != file {
			t.Errorf("ShippedIn of %s = %q, %v; want it listed", file, got, ok)
		}
	}
	_, own := newKey(t)
	if file, ok := (partner.Partner{ID: "partner-x", PublicKeyPEM: own}).ShippedIn(); ok {
		t.Errorf("a fresh key ships in %s", file)
	}
}

func TestShippedKeysAreRefusedWhenTheRepositoryRefusesThem(t *testing.T) {
	t.Parallel()
	shipped := committedKeys(t)["partner-dealervault.pem"]
	_, own := newKey(t)
	tests := []struct {
		name       string
		refuse     bool
		key        string
		createCode apperr.Code
		getCode    apperr.Code
	}{
		{"local: the demo key is trusted", false, shipped, "", ""},
		{"AWS: the demo key is refused", true, shipped, apperr.Invalid, apperr.Unauthorized},
		{"AWS: a partner's own key is trusted", true, own, "", ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s := dynamotest.Store(t)
			plain := partner.NewRepo(s)
			r := plain
			if tt.refuse {
				r = plain.RefusingShippedKeys()
			}
			p := partner.Partner{ID: "partner-t" + string(rune('a'+i)), Name: "T", AccountID: 1001, PublicKeyPEM: tt.key, Active: true}
			if err := r.Create(ctx, p); apperr.CodeOf(err) != tt.createCode {
				t.Fatalf("Create = %v, want code %q", err, tt.createCode)
			}
			// Registered before the stack refused such keys (or by hand): Get still refuses it.
			if tt.createCode != "" {
				if err := plain.Create(ctx, p); err != nil {
					t.Fatal(err)
				}
			}
			got, _, err := r.Get(ctx, p.ID)
			if apperr.CodeOf(err) != tt.getCode {
				t.Fatalf("Get = %+v, %v; want code %q", got, err, tt.getCode)
			}
			if tt.getCode == "" && got != p {
				t.Errorf("Get = %+v, want %+v", got, p)
			}
		})
	}
}

func TestCheckShippedKeys(t *testing.T) {
	t.Parallel()
	shipped := committedKeys(t)["partner-dealervault.pem"]
	_, own := newKey(t)
	tests := []struct {
		name    string
		key     string // the key partner-dealervault is registered with; "" for none
		wantErr string
	}{
		{"no demo partner", "", ""},
		{"the demo partner with its committed key", shipped, "shared/local/demo/testdata/partner-dealervault.pem"},
		{"the demo partner's id with its own key", own, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			r := partner.NewRepo(dynamotest.Store(t))
			if tt.key != "" {
				if err := r.Create(ctx, partner.Partner{ID: "partner-dealervault", Name: "DealerVault", AccountID: 1001, PublicKeyPEM: tt.key, Active: true}); err != nil {
					t.Fatal(err)
				}
			}
			for _, repo := range []*partner.Repo{r, r.RefusingShippedKeys()} {
				err := repo.CheckShippedKeys(ctx)
				if tt.wantErr == "" && err != nil {
					t.Errorf("CheckShippedKeys = %v, want nil", err)
				}
				if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
					t.Errorf("CheckShippedKeys = %v, want an error naming %s", err, tt.wantErr)
				}
			}
		})
	}
}
