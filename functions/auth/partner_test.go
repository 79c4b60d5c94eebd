package auth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/golang-jwt/jwt/v5"
)

func exchangeBody(assertion string) string {
	b, _ := json.Marshal(map[string]string{"assertion": assertion})
	return string(b)
}

func TestPartnerTokenExchange(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	vault := dealerVaultKey(t)
	other, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	// A second partner of the demo group, registered but switched off.
	otherPEM, err := issuer.PublicKeyPEM(&other.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := partner.NewRepo(f.svc.Store).Create(ctx, partner.Partner{ID: "partner-dormant", Name: "Dormant", AccountID: demo.AccountID, PublicKeyPEM: otherPEM, Active: false}); err != nil {
		t.Fatal(err)
	}
	now := f.svc.Store.Now()
	sign := func(key *rsa.PrivateKey, partnerID, userID string, iat time.Time, lifetime time.Duration) string {
		s, err := partner.Sign(key, partnerID, userID, iat, lifetime)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	jtis := 0
	claims := func(change func(jwt.MapClaims)) string {
		jtis++
		c := jwt.MapClaims{"iss": demo.PartnerDealerVault, "sub": sales, "aud": "cxm", "iat": now.Unix(), "exp": now.Add(2 * time.Minute).Unix(), "jti": fmt.Sprintf("jti-claims-%d", jtis)}
		change(c)
		s, err := partner.SignClaims(vault, c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	used := sign(vault, demo.PartnerDealerVault, sales, now, 2*time.Minute)
	if res := f.do(t, "POST", "/auth/partner/token", "", exchangeBody(used)); res.status != 200 {
		t.Fatalf("first exchange = %d %v", res.status, res.body)
	}

	tests := []struct {
		name      string
		assertion string
		wantMsg   string // the start of the error message; "" when accepted
	}{
		{"valid", sign(vault, demo.PartnerDealerVault, sales, now, 5*time.Minute), ""},
		{"replayed", used, "The partner assertion has been used already."},
		{"wrong partner key", sign(other, demo.PartnerDealerVault, sales, now, 2*time.Minute), "The partner assertion's signature does not verify"},
		{"expired", sign(vault, demo.PartnerDealerVault, sales, now.Add(-10*time.Minute), 4*time.Minute), "The partner assertion has expired."},
		{"lifetime over 5 minutes", sign(vault, demo.PartnerDealerVault, sales, now, 5*time.Minute+time.Second), "The partner assertion may be valid for at most 5 minutes."},
		{"issued in the future", sign(vault, demo.PartnerDealerVault, sales, now.Add(3*time.Minute), time.Minute), "The partner assertion is not valid yet."},
		{"other group's user", sign(vault, demo.PartnerDealerVault, demo.OtherUserID, now, 2*time.Minute), "The user 300001 is not a user of the partner's dealer group."},
		{"unknown user", sign(vault, demo.PartnerDealerVault, "777777", now, 2*time.Minute), "The user 777777 is not a user"},
		{"inactive user", sign(vault, demo.PartnerDealerVault, former, now, 2*time.Minute), "The user 100099 is not active."},
		{"user without a sign-in", sign(vault, demo.PartnerDealerVault, noLogin, now, 2*time.Minute), "The user 100101 has no sign-in."},
		{"inactive partner", sign(other, "partner-dormant", sales, now, 2*time.Minute), "The partner is not active."},
		{"unregistered partner", sign(vault, "partner-nobody", sales, now, 2*time.Minute), "The partner is not registered."},
		{"wrong audience", claims(func(c jwt.MapClaims) { c["aud"] = "someone-else" }), `The partner assertion's audience (aud) must be "cxm".`},
		{"no expiry", claims(func(c jwt.MapClaims) { delete(c, "exp") }), "The partner assertion has no expiry (exp)."},
		{"no issue time", claims(func(c jwt.MapClaims) { delete(c, "iat") }), "The partner assertion has no issue time (iat)."},
		{"no jti", claims(func(c jwt.MapClaims) { delete(c, "jti") }), "The partner assertion needs an id (jti)"},
		{"no user", claims(func(c jwt.MapClaims) { delete(c, "sub") }), "The partner assertion names no user (sub)."},
		{"HS256 with the public key", func() string {
			der, _ := issuer.PublicKeyPEM(&vault.PublicKey)
			s, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": demo.PartnerDealerVault, "sub": sales, "aud": "cxm", "iat": now.Unix(), "exp": now.Add(time.Minute).Unix(), "jti": "h"}).SignedString([]byte(der))
			return s
		}(), "The partner assertion's signature does not verify"},
		{"not a JWT", "not-a-jwt", "The partner assertion is not a signed JWT."},
		{"empty", "", "The partner assertion is not a signed JWT."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.do(t, "POST", "/auth/partner/token", "", exchangeBody(tt.assertion))
			if tt.wantMsg != "" {
				if res.status != 401 || !strings.HasPrefix(res.message(), tt.wantMsg) || res.body["successful"] != false {
					t.Errorf("exchange = %d %v, want 401 with %q", res.status, res.body, tt.wantMsg)
				}
				return
			}
			if res.status != 200 || res.body["successful"] != true {
				t.Fatalf("exchange = %d %v, want 200", res.status, res.body)
			}
			token, _ := res.data()["accessToken"].(string)
			expires, err := time.Parse(time.RFC3339, res.data()["expiresAt"].(string))
			if err != nil {
				t.Fatal(err)
			}
			c := claimsOf(t, token)
			if c["client_id"] != demo.PartnerDealerVault || c["partner"] != demo.PartnerDealerVault || c["sub"] != "sub-"+sales || c["token_use"] != "access" || c["act"] != nil {
				t.Errorf("claims = %v", c)
			}
			if life := c["exp"].(float64) - c["iat"].(float64); life != 600 {
				t.Errorf("token lifetime = %v s, want 600", life)
			}
			if expires.Unix() != int64(c["exp"].(float64)) {
				t.Errorf("expiresAt %v is not the token's exp %v", expires, c["exp"])
			}
			// The token works through the gateway as the user.
			me := f.do(t, "GET", "/users/currentUser", token, "")
			if me.status != 200 || me.data()["UserId"] != sales || me.data()["IsImpersonating"] != false {
				t.Errorf("currentUser with the partner token = %d %v", me.status, me.body)
			}
			// It does not start an impersonation.
			if res := f.do(t, "POST", "/auth/impersonation", token, `{"userId":"100002"}`); res.status != 403 {
				t.Errorf("impersonation with a partner token = %d %v, want 403", res.status, res.body)
			}
		})
	}
}
