// Package product knows the products and features a store can subscribe to, keeps each
// store's subscriptions (account products) and dealer package, and answers which stores have a
// feature: a store has it only while the product is Live and the feature is active.
package product

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ID identifies a product.
type ID int

// The products considered.
const (
	Pando         ID = 1 // CXM itself
	AlertMiner    ID = 2
	GeoAlert      ID = 3
	AutoAssistant ID = 4
	OneToOne      ID = 5
	ReputationPro ID = 6
	DataHygiene   ID = 7
	PAL           ID = 8
)

// Status is the state of a store's subscription to a product.
type Status int

// Product statuses.
const (
	StatusSetup     Status = 1
	StatusLive      Status = 2
	StatusCancelled Status = 3
	StatusOnHold    Status = 4
)

// StatusNames returns the status names in status order.
func StatusNames() []string { return []string{"Setup", "Live", "Cancelled", "OnHold"} }

// ParseStatus returns the status named name ("Setup", "Live", "Cancelled" or "OnHold").
func ParseStatus(name string) (Status, bool) {
	i := slices.Index(StatusNames(), name)
	return Status(i + 1), i >= 0
}

// String returns the status's name.
func (s Status) String() string {
	if s < StatusSetup || s > StatusOnHold {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return StatusNames()[s-1]
}

// FeatureID identifies a feature of a product.
type FeatureID int

// The features.
const (
	FeatureCXM                  FeatureID = 101
	FeatureDesking              FeatureID = 102
	FeatureCalendar             FeatureID = 103
	FeatureProcesses            FeatureID = 104
	FeatureSLM                  FeatureID = 105
	FeatureILM                  FeatureID = 106
	FeatureExperienceManager    FeatureID = 107
	FeatureMessaging            FeatureID = 108
	FeatureCallTracking         FeatureID = 109
	FeatureAnalytics            FeatureID = 110
	FeatureVideoMessaging       FeatureID = 111
	FeatureAlertMinerFull       FeatureID = 201
	FeatureGeoAlert             FeatureID = 301
	FeatureAutoAssistantSales   FeatureID = 401
	FeatureAutoAssistantService FeatureID = 402
	FeatureAutoAssistantLeads   FeatureID = 403
	FeatureOneToOne             FeatureID = 501
	FeatureSurveyPro            FeatureID = 601
	FeatureEmailAppend          FeatureID = 701
	FeaturePAL                  FeatureID = 801
)

// Feature is one feature of the catalogue.
type Feature struct {
	FeatureID   FeatureID `json:"FeatureID"`
	FeatureName string    `json:"FeatureName"`
	// Key names the feature in the stores-per-feature lists.
	Key string `json:"-"`
}

// CatalogEntry is one product of the catalogue with its features.
type CatalogEntry struct {
	ProductID       ID        `json:"ProductID"`
	Name            string    `json:"Name"`
	ProductFeatures []Feature `json:"ProductFeatures"`
}

// Catalog returns every product with its features, in product id order.
func Catalog() []CatalogEntry {
	return []CatalogEntry{
		{Pando, "Pando", []Feature{
			{FeatureCXM, "CXM", "cxm"},
			{FeatureDesking, "Desking", "desking"},
			{FeatureCalendar, "Calendar", "calendar"},
			{FeatureProcesses, "Processes", "processes"},
			{FeatureSLM, "Service Lead Management", "slm"},
			{FeatureILM, "Internet Lead Management", "ilm"},
			{FeatureExperienceManager, "Experience Manager", "experienceManager"},
			{FeatureMessaging, "Messaging", "messaging"},
			{FeatureCallTracking, "Call Tracking", "callTracking"},
			{FeatureAnalytics, "Analytics", "analytics"},
			{FeatureVideoMessaging, "Video Messaging", "videoMessaging"},
		}},
		{AlertMiner, "AlertMiner", []Feature{{FeatureAlertMinerFull, "Alert Miner Full", "alertMinerFull"}}},
		{GeoAlert, "GeoAlert", []Feature{{FeatureGeoAlert, "Geo Alert", "geoAlert"}}},
		{AutoAssistant, "AutoAssistant", []Feature{
			{FeatureAutoAssistantSales, "Auto Assistant Sales", "autoAssistantSales"},
			{FeatureAutoAssistantService, "Auto Assistant Service", "autoAssistantService"},
			{FeatureAutoAssistantLeads, "Auto Assistant Leads", "autoAssistantLeads"},
		}},
		{OneToOne, "OneToOne", []Feature{{FeatureOneToOne, "One-to-One", "oneToOne"}}},
		{ReputationPro, "ReputationPro", []Feature{{FeatureSurveyPro, "Survey Pro", "surveyPro"}}},
		{DataHygiene, "DataHygiene", []Feature{{FeatureEmailAppend, "Email Append", "emailAppend"}}},
		{PAL, "PAL", []Feature{{FeaturePAL, "PAL", "pal"}}},
	}
}

// Lookup returns the catalogue's product id.
func Lookup(id ID) (CatalogEntry, bool) {
	for _, p := range Catalog() {
		if p.ProductID == id {
			return p, true
		}
	}
	return CatalogEntry{}, false
}

// ListedFeatures returns the features stores are listed per, in the order of the spec: desking,
// CXM, calendar, processes, alert miner full, SLM, ILM, experience manager, messaging, survey
// pro, auto assistant sales/service/leads, geo alert, call tracking, analytics, one-to-one,
// PAL, video messaging and email append.
func ListedFeatures() []FeatureID {
	return []FeatureID{
		FeatureDesking, FeatureCXM, FeatureCalendar, FeatureProcesses, FeatureAlertMinerFull, FeatureSLM,
		FeatureILM, FeatureExperienceManager, FeatureMessaging, FeatureSurveyPro, FeatureAutoAssistantSales,
		FeatureAutoAssistantService, FeatureAutoAssistantLeads, FeatureGeoAlert, FeatureCallTracking,
		FeatureAnalytics, FeatureOneToOne, FeaturePAL, FeatureVideoMessaging, FeatureEmailAppend,
	}
}

// FeatureOf returns the catalogue entry of feature id and the product it belongs to.
func FeatureOf(id FeatureID) (Feature, ID, bool) {
	for _, p := range Catalog() {
		for _, f := range p.ProductFeatures {
			if f.FeatureID == id {
				return f, p.ProductID, true
			}
		}
	}
	return Feature{}, 0, false
}

// FeatureState is whether one feature of a store's product is switched on.
type FeatureState struct {
	FeatureID FeatureID `json:"FeatureID"`
	Active    bool      `json:"Active"`
}

// AccountProduct is one store's subscription to a product.
type AccountProduct struct {
	ProductID         ID             `json:"ProductID"`
	ProductStatusID   Status         `json:"ProductStatusID"`
	AccountPlatformID int64          `json:"AccountPlatformID"`
	Features          []FeatureState `json:"Features"`
}

// Live reports whether the subscription is Live.
func (a AccountProduct) Live() bool { return a.ProductStatusID == StatusLive }

// FeatureActive reports whether feature is switched on in the subscription.
func (a AccountProduct) FeatureActive(feature FeatureID) bool {
	for _, f := range a.Features {
		if f.FeatureID == feature {
			return f.Active
		}
	}
	return false
}

// Validate checks a subscription against the catalogue.
func Validate(a AccountProduct) error {
	p, ok := Lookup(a.ProductID)
	if !ok {
		return apperr.InvalidFields("The product is not valid.", map[string]string{"ProductID": fmt.Sprintf("%d is not a product.", a.ProductID)})
	}
	if a.ProductStatusID < StatusSetup || a.ProductStatusID > StatusOnHold {
		return apperr.InvalidFields("The product is not valid.", map[string]string{"ProductStatusID": fmt.Sprintf("%d is not a product status.", a.ProductStatusID)})
	}
	for i, f := range a.Features {
		if !slices.ContainsFunc(p.ProductFeatures, func(pf Feature) bool { return pf.FeatureID == f.FeatureID }) {
			return apperr.InvalidFields("The product is not valid.", map[string]string{
				fmt.Sprintf("Features[%d].FeatureID", i): fmt.Sprintf("%d is not a feature of %s.", f.FeatureID, p.Name),
			})
		}
	}
	return nil
}

// HasFeature reports whether store has feature: its product is Live at the store and the
// feature is active.
func HasFeature(storeID int64, feature FeatureID, subs []AccountProduct) bool {
	_, pid, ok := FeatureOf(feature)
	if !ok {
		return false
	}
	for _, a := range subs {
		if a.AccountPlatformID == storeID && a.ProductID == pid && a.Live() && a.FeatureActive(feature) {
			return true
		}
	}
	return false
}

// FeatureStores is the stores having one feature.
type FeatureStores struct {
	Feature Feature
	Stores  []account.Store
}

// StoresPerFeature returns, for every feature of ListedFeatures in that order, the stores among
// stores that have it (see HasFeature), sorted by store name.
func StoresPerFeature(stores []account.Store, subs []AccountProduct) []FeatureStores {
	sorted := slices.Clone(stores)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	out := make([]FeatureStores, 0, len(ListedFeatures()))
	for _, id := range ListedFeatures() {
		f, _, _ := FeatureOf(id)
		fs := FeatureStores{Feature: f, Stores: []account.Store{}}
		for _, st := range sorted {
			if HasFeature(st.AccountPlatformID, id, subs) {
				fs.Stores = append(fs.Stores, st)
			}
		}
		out = append(out, fs)
	}
	return out
}

// AlertMinerPro reports whether store is an alert-miner pro store: it has CXM but not ILM.
func AlertMinerPro(storeID int64, subs []AccountProduct) bool {
	return HasFeature(storeID, FeatureCXM, subs) && !HasFeature(storeID, FeatureILM, subs)
}

// Filter selects subscriptions.
type Filter struct {
	// Stores and Products limit the subscriptions; empty Products means every product.
	Stores   []int64
	Products []ID
	// Status, when not 0, limits the subscriptions to that status.
	Status Status
	// ActiveFeaturesOnly leaves inactive features out of each subscription's features.
	ActiveFeaturesOnly bool
}

// Select returns the subscriptions among subs matching f, ordered by store and product.
func Select(subs []AccountProduct, f Filter) []AccountProduct {
	out := []AccountProduct{}
	for _, a := range subs {
		if !slices.Contains(f.Stores, a.AccountPlatformID) {
			continue
		}
		if len(f.Products) > 0 && !slices.Contains(f.Products, a.ProductID) {
			continue
		}
		if f.Status != 0 && a.ProductStatusID != f.Status {
			continue
		}
		if f.ActiveFeaturesOnly {
			active := []FeatureState{}
			for _, fs := range a.Features {
				if fs.Active {
					active = append(active, fs)
				}
			}
			a.Features = active
		}
		out = append(out, a)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].AccountPlatformID != out[j].AccountPlatformID {
			return out[i].AccountPlatformID < out[j].AccountPlatformID
		}
		return out[i].ProductID < out[j].ProductID
	})
	return out
}

// DealerPackage is a dealer package: the bundle of products a store is sold.
type DealerPackage struct {
	PackageID         int    `json:"PackageId"`
	AccountPlatformID int64  `json:"AccountPlatformId"`
	Name              string `json:"Name"`
	ProductIDs        []ID   `json:"ProductIds"`
}

// Repo reads and writes subscriptions and packages.
//
//	pattern                         index  key condition
//	subscriptions of an account     table  PK = A#{acct}#PRODUCTS, begins_with(SK, STORE#)
//	subscription of a store         table  PK = A#{acct}#PRODUCTS, SK = STORE#{store}#PRODUCT#{id}
//	package of a store              table  PK = A#{acct}#PRODUCTS, SK = PACKAGE#{store}
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

func subscriptionKey(t store.Tenant, storeID int64, id ID) (store.Key, error) {
	return t.Key(fmt.Sprintf("STORE#%012d#PRODUCT#%04d", storeID, id), "PRODUCTS")
}

func packageKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("PACKAGE#%012d", storeID), "PRODUCTS")
}

// Create adds a subscription of tenant t. An invalid subscription is an Invalid error; an
// existing subscription of the store to the product a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, a AccountProduct) error {
	if err := Validate(a); err != nil {
		return err
	}
	k, err := subscriptionKey(t, a.AccountPlatformID, a.ProductID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "AccountProduct", Value: a})
}

// List returns every subscription of tenant t, ordered by store and product.
func (r *Repo) List(ctx context.Context, t store.Tenant) ([]AccountProduct, error) {
	part, err := t.Partition("PRODUCTS")
	if err != nil {
		return nil, err
	}
	subs, err := store.QueryAll[AccountProduct](ctx, r.s, store.Query{Partition: part, SortPrefix: "STORE#"})
	if err != nil {
		return nil, fmt.Errorf("list account products: %w", err)
	}
	return subs, nil
}

// CreatePackage sets the package of a store of tenant t. An existing package is a Conflict
// error.
func (r *Repo) CreatePackage(ctx context.Context, t store.Tenant, p DealerPackage) error {
	k, err := packageKey(t, p.AccountPlatformID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "DealerPackage", Value: p})
}

// Package returns the package of store. A store without a package is a NotFound error.
func (r *Repo) Package(ctx context.Context, t store.Tenant, storeID int64) (DealerPackage, error) {
	k, err := packageKey(t, storeID)
	if err != nil {
		return DealerPackage{}, err
	}
	var p DealerPackage
	if _, err := r.s.Get(ctx, k, &p); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return DealerPackage{}, apperr.Errorf(apperr.NotFound, "The store %d has no dealer package.", storeID)
		}
		return DealerPackage{}, fmt.Errorf("get package of %d: %w", storeID, err)
	}
	return p, nil
}
