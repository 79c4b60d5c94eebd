package account_test

import (
	"context"
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestSetProviders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := account.NewRepo(dynamotest.Store(t))
	tn, err := account.Tenant(1000)
	if err != nil {
		t.Fatal(err)
	}
	if err := repo.CreateStore(ctx, account.Store{AccountPlatformID: 2001, AccountID: 1000, Name: "Northwind Toyota", Active: true}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		store     int64
		providers account.Providers
		wantCode  apperr.Code
		wantField string
	}{
		{name: "dealer group secret", store: 2001, providers: account.Providers{Credit: account.ProviderConfig{Secret: "cxm/providers/1000/credit"}}},
		{name: "store secret by ARN with an endpoint", store: 2001, providers: account.Providers{
			Credit:       account.ProviderConfig{Secret: "cxm/providers/1000/credit"},
			CallTracking: account.ProviderConfig{Secret: "arn:aws:secretsmanager:us-east-1:123456789012:secret:cxm/providers/1000/2001/calltracking-AbCdEf", BaseURL: "https://api.callrail.com"},
		}},
		{name: "another dealer group's secret", store: 2001, providers: account.Providers{Credit: account.ProviderConfig{Secret: "cxm/providers/3000/credit"}}, wantCode: apperr.Invalid, wantField: "credit.secret"},
		{name: "a secret outside the provider secrets", store: 2001, providers: account.Providers{CallTracking: account.ProviderConfig{Secret: "prod/database"}}, wantCode: apperr.Invalid, wantField: "callTracking.secret"},
		{name: "the prefix alone", store: 2001, providers: account.Providers{Credit: account.ProviderConfig{Secret: "cxm/providers/1000/"}}, wantCode: apperr.Invalid, wantField: "credit.secret"},
		{name: "endpoint that is no URL", store: 2001, providers: account.Providers{Credit: account.ProviderConfig{Secret: "cxm/providers/1000/credit", BaseURL: "ftp://bureau"}}, wantCode: apperr.Invalid, wantField: "credit.baseUrl"},
		{name: "endpoint without a secret", store: 2001, providers: account.Providers{Credit: account.ProviderConfig{BaseURL: "https://bureau.example"}}, wantCode: apperr.Invalid, wantField: "credit.secret"},
		{name: "missing store", store: 2099, providers: account.Providers{Credit: account.ProviderConfig{Secret: "cxm/providers/1000/credit"}}, wantCode: apperr.NotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := repo.Store(ctx, tn, 2001)
			if err != nil {
				t.Fatal(err)
			}
			setErr := repo.SetProviders(ctx, tn, tt.store, tt.providers)
			if got := apperr.CodeOf(setErr); got != tt.wantCode {
				t.Fatalf("SetProviders error = %v, want code %q", setErr, tt.wantCode)
			}
			if e, ok := apperr.As(setErr); ok && tt.wantField != "" && e.Fields[tt.wantField] == "" {
				t.Errorf("field errors = %v, want one for %s", e.Fields, tt.wantField)
			}
			after, err := repo.Store(ctx, tn, 2001)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantCode != "" {
				if after.Providers != before.Providers {
					t.Errorf("a refused configuration changed the store: %+v", after.Providers)
				}
				return
			}
			if after.Providers != tt.providers || after.Name != "Northwind Toyota" {
				t.Errorf("store after SetProviders = %+v, want the providers %+v", after, tt.providers)
			}
		})
	}
}
