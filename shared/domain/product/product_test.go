package product_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/google/go-cmp/cmp"
)

func TestStoresPerFeature(t *testing.T) {
	t.Parallel()
	// Given out of name order, listed by name.
	stores := []account.Store{{AccountPlatformID: 1, Name: "Zeta Motors"}, {AccountPlatformID: 2, Name: "Alpha Autos"}, {AccountPlatformID: 3, Name: "Midway Cars"}}
	sub := func(store int64, p product.ID, s product.Status, features ...product.FeatureState) product.AccountProduct {
		return product.AccountProduct{ProductID: p, ProductStatusID: s, AccountPlatformID: store, Features: features}
	}
	on := func(f product.FeatureID) product.FeatureState {
		return product.FeatureState{FeatureID: f, Active: true}
	}
	off := func(f product.FeatureID) product.FeatureState { return product.FeatureState{FeatureID: f} }
	tests := []struct {
		name    string
		subs    []product.AccountProduct
		feature string
		want    []int64
	}{
		{"live and active, by store name", []product.AccountProduct{
			sub(1, product.Pando, product.StatusLive, on(product.FeatureDesking)),
			sub(2, product.Pando, product.StatusLive, on(product.FeatureDesking)),
		}, "desking", []int64{2, 1}},
		{"inactive feature", []product.AccountProduct{sub(1, product.Pando, product.StatusLive, off(product.FeatureDesking))}, "desking", []int64{}},
		{"feature not listed in the subscription", []product.AccountProduct{sub(1, product.Pando, product.StatusLive, on(product.FeatureCXM))}, "desking", []int64{}},
		{"product in setup", []product.AccountProduct{sub(1, product.AlertMiner, product.StatusSetup, on(product.FeatureAlertMinerFull))}, "alertMinerFull", []int64{}},
		{"product cancelled", []product.AccountProduct{sub(1, product.GeoAlert, product.StatusCancelled, on(product.FeatureGeoAlert))}, "geoAlert", []int64{}},
		{"product on hold", []product.AccountProduct{sub(3, product.PAL, product.StatusOnHold, on(product.FeaturePAL))}, "pal", []int64{}},
		{"feature under another product", []product.AccountProduct{sub(1, product.AlertMiner, product.StatusLive, on(product.FeatureDesking))}, "desking", []int64{}},
		{"store not considered", []product.AccountProduct{sub(9, product.Pando, product.StatusLive, on(product.FeatureCXM))}, "cxm", []int64{}},
		{"one store live, one cancelled", []product.AccountProduct{
			sub(3, product.AutoAssistant, product.StatusLive, on(product.FeatureAutoAssistantLeads)),
			sub(2, product.AutoAssistant, product.StatusCancelled, on(product.FeatureAutoAssistantLeads)),
		}, "autoAssistantLeads", []int64{3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[string][]int64{}
			for _, fs := range product.StoresPerFeature(stores, tt.subs) {
				ids := []int64{}
				for _, st := range fs.Stores {
					ids = append(ids, st.AccountPlatformID)
				}
				got[fs.Feature.Key] = ids
			}
			if len(got) != len(product.ListedFeatures()) {
				t.Errorf("%d features listed, want %d", len(got), len(product.ListedFeatures()))
			}
			if diff := cmp.Diff(tt.want, got[tt.feature]); diff != "" {
				t.Errorf("stores of %s (-want +got):\n%s", tt.feature, diff)
			}
		})
	}
}

func TestAlertMinerPro(t *testing.T) {
	t.Parallel()
	subs := []product.AccountProduct{
		{ProductID: product.Pando, ProductStatusID: product.StatusLive, AccountPlatformID: 1, Features: []product.FeatureState{{FeatureID: product.FeatureCXM, Active: true}}},
		{ProductID: product.Pando, ProductStatusID: product.StatusLive, AccountPlatformID: 2, Features: []product.FeatureState{{FeatureID: product.FeatureCXM, Active: true}, {FeatureID: product.FeatureILM, Active: true}}},
		{ProductID: product.Pando, ProductStatusID: product.StatusOnHold, AccountPlatformID: 3, Features: []product.FeatureState{{FeatureID: product.FeatureCXM, Active: true}}},
	}
	for store, want := range map[int64]bool{1: true, 2: false, 3: false, 4: false} {
		if got := product.AlertMinerPro(store, subs); got != want {
			t.Errorf("AlertMinerPro(%d) = %v, want %v", store, got, want)
		}
	}
}

func TestEveryListedFeatureIsInTheCatalog(t *testing.T) {
	t.Parallel()
	keys := map[string]bool{}
	for _, id := range product.ListedFeatures() {
		f, _, ok := product.FeatureOf(id)
		if !ok || f.Key == "" || keys[f.Key] {
			t.Errorf("feature %d: %+v, in catalog %v", id, f, ok)
		}
		keys[f.Key] = true
	}
	for _, name := range []string{"Setup", "Live", "Cancelled", "OnHold"} {
		if s, ok := product.ParseStatus(name); !ok || s.String() != name {
			t.Errorf("ParseStatus(%q) = %v, %v", name, s, ok)
		}
	}
	if _, ok := product.ParseStatus("live"); ok {
		t.Error("ParseStatus accepts another casing")
	}
}
