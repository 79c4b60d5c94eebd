package user

import (
	"context"
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
)

func TestStoreSession(t *testing.T) {
	toyota, honda := account.Store{AccountPlatformID: 2001, Name: "Northwind Toyota"}, account.Store{AccountPlatformID: 2002, Name: "Northwind Honda"}
	sess := Session{Principal: auth.Principal{UserID: "100001", ViewStores: []int64{2001}}, Stores: []account.Store{toyota, honda}}
	signedIn := WithSession(context.Background(), sess)
	tests := []struct {
		name      string
		ctx       context.Context
		store     int64
		want      account.Store
		wantError apperr.Code
	}{
		{name: "a store the user may view", ctx: signedIn, store: 2001, want: toyota},
		{name: "a store of the account the user may not view", ctx: signedIn, store: 2002, wantError: apperr.Forbidden},
		{name: "a store of no store of the account", ctx: signedIn, store: 9999, wantError: apperr.NotFound},
		{name: "no sign-in", ctx: context.Background(), store: 2001, wantError: apperr.Unauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st, err := (&Repo{}).StoreSession(tt.ctx, tt.store)
			if tt.wantError != "" {
				if code := apperr.CodeOf(err); code != tt.wantError {
					t.Fatalf("StoreSession() error = %v, want %s", err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st != tt.want || got.Principal.UserID != "100001" {
				t.Errorf("StoreSession() = %+v, %+v; want the session and %+v", got.Principal, st, tt.want)
			}
		})
	}
}
