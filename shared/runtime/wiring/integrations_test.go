package wiring_test

import (
	"context"
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/appraisal/vauto"
	"github.com/cxm/cxm/shared/provider/mfrtag/oasis"
	tagsandbox "github.com/cxm/cxm/shared/provider/mfrtag/sandbox"
	"github.com/cxm/cxm/shared/provider/vehiclehistory/carfaxca"
	historysandbox "github.com/cxm/cxm/shared/provider/vehiclehistory/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// TestIntegrationSelection checks the appraisal, vehicle history and manufacturer tag providers
// follow the rule: the sandbox locally and for a demo store, the real adapter for a configured
// store, "not configured" for any other (and for another dealer group's secret).
func TestIntegrationSelection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := account.NewRepo(dynamotest.Store(t))
	tn, err := account.Tenant(1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []account.Store{
		{AccountPlatformID: demoStore, AccountID: 1000, Name: "Demo", Active: true, Demo: true},
		{AccountPlatformID: configuredStore, AccountID: 1000, Name: "Configured", Active: true},
		{AccountPlatformID: plainStore, AccountID: 1000, Name: "Plain", Active: true},
		{AccountPlatformID: foreignStore, AccountID: 1000, Name: "Foreign", Active: true, Providers: account.Providers{
			Appraisal: account.ProviderConfig{Secret: "cxm/providers/3000/vauto"}, VehicleHistory: account.ProviderConfig{Secret: "cxm/providers/3000/carfax"},
			ManufacturerTag: account.ProviderConfig{Secret: "cxm/providers/3000/oasis"},
		}},
	} {
		if err := repo.CreateStore(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := repo.SetProviders(ctx, tn, configuredStore, account.Providers{
		Appraisal: account.ProviderConfig{Secret: "cxm/providers/1000/vauto"}, VehicleHistory: account.ProviderConfig{Secret: "cxm/providers/1000/carfax"},
		ManufacturerTag: account.ProviderConfig{Secret: "cxm/providers/1000/oasis"},
	}); err != nil {
		t.Fatal(err)
	}
	if err := repo.SetProviders(ctx, tn, plainStore, account.Providers{Appraisal: account.ProviderConfig{Secret: "cxm/providers/3000/vauto"}}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("SetProviders with another group's secret = %v, want Invalid", err)
	}
	local := wiring.LocalProviders(wiring.Sandboxes{})
	aws := wiring.AWSProviders(wiring.Sandboxes{}, repo, secrets{}, nil)
	tests := []struct {
		name      string
		providers *wiring.Providers
		store     int64
		want      kind
	}{
		{name: "local run", providers: local, store: plainStore, want: sandboxed},
		{name: "AWS, demo store", providers: aws, store: demoStore, want: sandboxed},
		{name: "AWS, configured store", providers: aws, store: configuredStore, want: real},
		{name: "AWS, unconfigured store", providers: aws, store: plainStore, want: notConfigured},
		{name: "AWS, another group's secrets", providers: aws, store: foreignStore, want: notConfigured},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := tt.providers.Appraiser(ctx, tn, tt.store)
			_, isReal := a.(*vauto.Provider)
			if got := integrationKind(a != nil, isReal, err, wiring.MessageAppraisalNotConfigured); got != tt.want {
				t.Errorf("Appraiser = %s (%T, %v), want %s", got, a, err, tt.want)
			}
			// VinCue has no adapter: only the sandbox serves it, and a configured vAuto store is not a VinCue store.
			wantVinCue := tt.want
			if wantVinCue == real {
				wantVinCue = notConfigured
			}
			vc, err := tt.providers.VinCueAppraiser(ctx, tn, tt.store)
			if got := integrationKind(vc != nil, false, err, wiring.MessageVinCueNotConfigured); got != wantVinCue {
				t.Errorf("VinCueAppraiser = %s (%T, %v), want %s", got, vc, err, wantVinCue)
			}
			h, err := tt.providers.History(ctx, tn, tt.store)
			_, isReal = h.(*carfaxca.Provider)
			if _, sb := h.(*historysandbox.Provider); h != nil && !isReal && !sb {
				t.Errorf("History = %T", h)
			}
			if got := integrationKind(h != nil, isReal, err, wiring.MessageHistoryNotConfigured); got != tt.want {
				t.Errorf("History = %s (%T, %v), want %s", got, h, err, tt.want)
			}
			g, err := tt.providers.Tags(ctx, tn, tt.store)
			_, isReal = g.(*oasis.Provider)
			if _, sb := g.(*tagsandbox.Provider); g != nil && !isReal && !sb {
				t.Errorf("Tags = %T", g)
			}
			if got := integrationKind(g != nil, isReal, err, wiring.MessageTagNotConfigured); got != tt.want {
				t.Errorf("Tags = %s (%T, %v), want %s", got, g, err, tt.want)
			}
		})
	}
}

func integrationKind(some, isReal bool, err error, notConfiguredMessage string) kind {
	switch {
	case err != nil:
		if e, ok := apperr.As(err); ok && e.Code == apperr.Conflict && e.Message == notConfiguredMessage {
			return notConfigured
		}
		return kind(err.Error())
	case isReal:
		return real
	case some:
		return sandboxed
	}
	return "none"
}
