package partner_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/issuer"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func newKey(t *testing.T) (*rsa.PrivateKey, string) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pem, err := issuer.PublicKeyPEM(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return key, pem
}

func TestRepo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := partner.NewRepo(dynamotest.Store(t))
	_, pem := newKey(t)
	small, _ := rsa.GenerateKey(rand.Reader, 1024)
	smallPEM, _ := issuer.PublicKeyPEM(&small.PublicKey)
	good := partner.Partner{ID: "partner-acme", Name: "Acme", AccountID: 1001, PublicKeyPEM: pem, Active: true}

	creates := []struct {
		name string
		p    partner.Partner
		code apperr.Code
	}{
		{"valid", good, ""},
		{"same id again", good, apperr.Conflict},
		{"id without the prefix", partner.Partner{ID: "acme", Name: "Acme", AccountID: 1001, PublicKeyPEM: pem}, apperr.Invalid},
		{"upper case id", partner.Partner{ID: "partner-Acme", Name: "Acme", AccountID: 1001, PublicKeyPEM: pem}, apperr.Invalid},
		{"no key", partner.Partner{ID: "partner-b", Name: "B", AccountID: 1001}, apperr.Invalid},
		{"short key", partner.Partner{ID: "partner-c", Name: "C", AccountID: 1001, PublicKeyPEM: smallPEM}, apperr.Invalid},
		{"no account", partner.Partner{ID: "partner-d", Name: "D", PublicKeyPEM: pem}, apperr.Invalid},
	}
	for _, tt := range creates {
		if err := r.Create(ctx, tt.p); apperr.CodeOf(err) != tt.code {
			t.Errorf("Create %s = %v, want code %q", tt.name, err, tt.code)
		}
	}
	got, _, err := r.Get(ctx, "partner-acme")
	if err != nil || got != good {
		t.Errorf("Get = %+v, %v; want %+v", got, err, good)
	}
	if _, _, err := r.Get(ctx, "partner-none"); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Get unknown = %v, want NotFound", err)
	}
	if err := r.SetActive(ctx, "partner-acme", false); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := r.Get(ctx, "partner-acme"); got.Active {
		t.Error("partner still active after SetActive(false)")
	}

	a := partner.Assertion{PartnerID: "partner-acme", UserID: "100001", ID: "j-1", ExpiresAt: dynamotest.Epoch().Add(time.Minute)}
	if err := r.UseAssertion(ctx, good, a); err != nil {
		t.Fatal(err)
	}
	if err := r.UseAssertion(ctx, good, a); apperr.CodeOf(err) != apperr.Unauthorized {
		t.Errorf("second use = %v, want Unauthorized", err)
	}
	a.ID = "j-2"
	if err := r.UseAssertion(ctx, good, a); err != nil {
		t.Errorf("another assertion id: %v", err)
	}
}

func TestVerify(t *testing.T) {
	t.Parallel()
	key, pem := newKey(t)
	p := partner.Partner{ID: "partner-acme", Name: "Acme", AccountID: 1001, PublicKeyPEM: pem, Active: true}
	now := time.Unix(1_800_000_000, 0)
	tests := []struct {
		name     string
		iat      time.Time
		lifetime time.Duration
		ok       bool
	}{
		{"fresh", now, 5 * time.Minute, true},
		{"within the clock leeway after expiry", now.Add(-5*time.Minute - 20*time.Second), 5 * time.Minute, true},
		{"expired", now.Add(-6 * time.Minute), 5 * time.Minute, false},
		{"too long", now, 5*time.Minute + time.Second, false},
		{"issued ahead within the leeway", now.Add(20 * time.Second), time.Minute, true},
		{"issued in the future", now.Add(2 * time.Minute), time.Minute, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := partner.Sign(key, p.ID, "100001", tt.iat, tt.lifetime)
			if err != nil {
				t.Fatal(err)
			}
			a, err := partner.Verify(s, p, now)
			if tt.ok != (err == nil) {
				t.Fatalf("Verify = %v, want ok %v", err, tt.ok)
			}
			if err != nil {
				if apperr.CodeOf(err) != apperr.Unauthorized {
					t.Errorf("error code = %q, want unauthorized", apperr.CodeOf(err))
				}
				return
			}
			if a.UserID != "100001" || a.PartnerID != p.ID || a.ID == "" || !a.ExpiresAt.Equal(tt.iat.Add(tt.lifetime)) {
				t.Errorf("assertion = %+v", a)
			}
		})
	}
}
