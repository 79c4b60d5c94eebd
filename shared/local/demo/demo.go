// Package demo builds the demo dealer group that `make run` seeds: one account, three stores
// (one in Canada), a sign-in for each dealer role, the teams' other staff, the group's
// configuration (products, dealer settings, groups, roles, availability reasons) and its
// customers (hand-written ones with known ids, and any number of generated ones). Everything is
// deterministic: names come from random sources with fixed seeds, so every run seeds the same
// data.
//
// The seed of customers is recorded in the item A#{acct}#SEED / CONTACTS (what was written), so
// seeding again writes only what is missing.
package demo

import (
	"context"
	"fmt"
	"github.com/cxm/cxm/shared/domain/lookup"
	"github.com/cxm/cxm/shared/domain/printform"
	"math/rand/v2"
	"slices"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Password is every demo sign-in's password.
const Password = "Demo-pass-2026"

// AccountID is the demo dealer group's account id.
const AccountID = 1001

// The demo stores.
const (
	StoreToyota  = 2001
	StoreHonda   = 2002
	StoreHyundai = 2003 // in Canada
)

// Permission strings of the spec.
const (
	PermManagerDashboard = "pando.cxm.dashboard.manager"
	PermBDCDashboard     = "pando.cxm.dashboard.bdc"
	PermRulesAdmin       = "pando.cxm.rules.admin"
	PermRulesViewOnly    = "pando.cxm.rules.viewonly"
	PermUnmatchedSales   = "pando.cxm.unmatcheddmssales"
	PermCallTracking     = "pando.cxm.dashboard.calltracking"
	PermSLMManager       = "pando.cxm.slm.manager"
	PermOperatorPanel    = "pando.cxm.operatorpanel.admin"
	PermWishlistManager  = "pando.cxm.wishlist.manager"
	PermAnalyticsViewer  = "pando.analytics.tableau.viewer"
	// PermImpersonate allows starting impersonation of another user of the dealer group.
	PermImpersonate = "pando.cxm.impersonate"
)

// Dealer roles.
const (
	RoleSalesPerson         = "SalesPerson"
	RoleSalesManager        = "SalesManager"
	RoleBDCAgent            = "BDCAgent"
	RoleBDCManager          = "BDCManager"
	RoleServiceAdvisor      = "ServiceAdvisor"
	RoleServiceManager      = "ServiceManager"
	RoleFIManager           = "FIManager"
	RoleDealerAdmin         = "DealerAdmin"
	RoleGeneralManager      = "GeneralManager"
	RoleUsedCarManager      = "UsedCarManager"
	RoleMarketingManager    = "MarketingManager"
	RoleGeneralSalesManager = "GeneralSalesManager"
	RolePartsManager        = "PartsManager"
)

// Login is a demo user with a sign-in.
type Login struct {
	Username string
	Profile  user.Profile
}

// Group is the demo dealer group.
type Group struct {
	Account account.Account
	Stores  []account.Store
	Logins  []Login
	// Others are users without a sign-in (system and integration users).
	Others []user.Profile
	// Staff are the stores' other employees, without a sign-in.
	Staff []user.Profile
	// Setup is the group's configuration.
	Setup Setup
	// Partners are the embedded partners registered for the group.
	Partners []partner.Partner
	// Contacts are the group's hand-written customers, with known ids.
	Contacts []contact.Contact
	// GeneratedContacts is how many generated customers the seed writes besides them (see
	// GenerateContact).
	GeneratedContacts int
	// History sizes the generated history of the group's stores (see GenerateHistory): leads
	// over the last days before the seed's now, with what followed them. The zero value, as
	// Build and OtherGroup return it, seeds none; make run seeds DefaultHistory.
	History HistoryOptions
}

type roleSpec struct {
	username    string
	first, last string
	role        string
	stores      []int64
	allStores   bool
	permissions []string
}

// Build returns the demo dealer group.
func Build() Group {
	rng := rand.New(rand.NewPCG(2026, 1001))
	all := []int64{StoreToyota, StoreHonda, StoreHyundai}
	specs := []roleSpec{
		{"sales", "Sam", "Ortega", RoleSalesPerson, []int64{StoreToyota, StoreHonda}, false, nil},
		{"salesmanager", "Morgan", "Reyes", RoleSalesManager, all, false, []string{PermManagerDashboard, PermWishlistManager, PermUnmatchedSales, PermCallTracking}},
		{"bdc", "Bailey", "Chen", RoleBDCAgent, []int64{StoreToyota}, false, nil},
		{"bdcmanager", "Jordan", "Patel", RoleBDCManager, all, false, []string{PermBDCDashboard, PermCallTracking}},
		{"serviceadvisor", "Riley", "Novak", RoleServiceAdvisor, []int64{StoreToyota}, false, nil},
		{"servicemanager", "Casey", "Dubois", RoleServiceManager, []int64{StoreToyota, StoreHyundai}, false, []string{PermSLMManager, PermOperatorPanel}},
		{"fi", "Avery", "Kim", RoleFIManager, all, false, nil},
		{"admin", "Taylor", "Brooks", RoleDealerAdmin, all, true, []string{
			PermManagerDashboard, PermBDCDashboard, PermRulesAdmin, PermRulesViewOnly, PermUnmatchedSales, PermCallTracking,
			PermSLMManager, PermOperatorPanel, PermWishlistManager, PermAnalyticsViewer, PermImpersonate,
		}},
		{"gm", "Alex", "Morgan", RoleGeneralManager, all, true, []string{PermManagerDashboard, PermRulesViewOnly, PermUnmatchedSales, PermCallTracking, PermAnalyticsViewer, PermImpersonate}},
		{"usedcar", "Jamie", "Fraser", RoleUsedCarManager, []int64{StoreToyota, StoreHonda}, false, []string{PermManagerDashboard, PermWishlistManager}},
		{"marketing", "Quinn", "Harper", RoleMarketingManager, all, false, []string{PermAnalyticsViewer, PermRulesAdmin}},
		{"gsm", "Drew", "Sullivan", RoleGeneralSalesManager, all, false, []string{PermManagerDashboard, PermBDCDashboard, PermCallTracking, PermUnmatchedSales}},
		{"parts", "Parker", "Lee", RolePartsManager, []int64{StoreHyundai}, false, nil},
	}
	g := Group{
		Account: account.Account{ID: AccountID, Name: "Northwind Auto Group"},
		Stores: []account.Store{
			{AccountPlatformID: StoreToyota, AccountID: AccountID, Name: "Northwind Toyota", DealerID: "NWT-01", Country: "US", City: "Portland", Province: "OR", TimeZone: "America/Los_Angeles", Active: true, Demo: true},
			{AccountPlatformID: StoreHonda, AccountID: AccountID, Name: "Northwind Honda", DealerID: "NWH-02", Country: "US", City: "Beaverton", Province: "OR", TimeZone: "America/Los_Angeles", Active: true, Demo: true},
			{AccountPlatformID: StoreHyundai, AccountID: AccountID, Name: "Northwind Hyundai Vancouver", DealerID: "NWY-03", Country: "CA", City: "Vancouver", Province: "BC", TimeZone: "America/Vancouver", Active: true, Demo: true},
		},
	}
	for i, s := range specs {
		p := user.Profile{
			UserID:               fmt.Sprintf("%d", 100001+i),
			AccountID:            AccountID,
			ViewAccountID:        AccountID,
			FirstName:            s.first,
			LastName:             s.last,
			Email:                s.username + "@northwind.demo",
			UserType:             1,
			UserStatus:           user.StatusActive,
			Roles:                []string{s.role},
			PrimaryUserRole:      s.role,
			Permissions:          append([]string{}, s.permissions...),
			DMSUserID:            fmt.Sprintf("DMS%04d", rng.IntN(10000)),
			PrimaryStore:         s.stores[0],
			AllowedStores:        s.stores,
			ViewStores:           s.stores,
			HasAllPlatformAccess: s.allStores,
		}
		g.Logins = append(g.Logins, Login{Username: p.Email, Profile: p})
	}
	g.Others = []user.Profile{
		{UserID: "9999999", AccountID: AccountID, ViewAccountID: AccountID, FirstName: "System", LastName: "Automation", UserType: 10, UserStatus: user.StatusActive, PrimaryStore: StoreToyota, AllowedStores: all, ViewStores: all},
		{UserID: "PS20001", AccountID: AccountID, ViewAccountID: AccountID, FirstName: "Partner", LastName: "Support", UserType: 1, UserStatus: user.StatusActive, PrimaryStore: StoreToyota, AllowedStores: all, ViewStores: all},
		{UserID: "100099", AccountID: AccountID, ViewAccountID: AccountID, FirstName: "Pat", LastName: "Former", Email: "former@northwind.demo", UserType: 1, UserStatus: user.StatusInactive, Roles: []string{RoleSalesPerson}, PrimaryUserRole: RoleSalesPerson, PrimaryStore: StoreHonda, AllowedStores: []int64{StoreHonda}, ViewStores: []int64{StoreHonda}},
	}
	g.Staff = staff(rng)
	g.Setup = buildSetup()
	g.Partners = partners()
	g.Contacts = demoContacts()
	g.GeneratedContacts = DefaultGeneratedContacts
	return g
}

// Subjects ensures a sign-in exists for a login and returns its identity-provider subject.
type Subjects func(ctx context.Context, l Login) (string, error)

// Seed writes g. Items that exist already are kept as they are, so seeding twice changes
// nothing and keeps what users changed since.
func Seed(ctx context.Context, svc wiring.Services, g Group, subjects Subjects) error {
	if err := ignoreExists(svc.Accounts.Create(ctx, g.Account)); err != nil {
		return fmt.Errorf("seed account: %w", err)
	}
	for _, s := range g.Stores {
		if err := ignoreExists(svc.Accounts.CreateStore(ctx, s)); err != nil {
			return fmt.Errorf("seed store %d: %w", s.AccountPlatformID, err)
		}
	}
	for _, l := range g.Logins {
		sub, err := subjects(ctx, l)
		if err != nil {
			return fmt.Errorf("seed sign-in %s: %w", l.Username, err)
		}
		p := l.Profile
		p.Subject = sub
		err = svc.Users.CreateProfile(ctx, p)
		if apperr.CodeOf(err) == apperr.Conflict {
			err = ignoreExists(svc.Users.LinkSubject(ctx, p))
		}
		if err != nil {
			return fmt.Errorf("seed user %s: %w", l.Username, err)
		}
	}
	for _, p := range append(slices.Clone(g.Others), g.Staff...) {
		if err := ignoreExists(svc.Users.CreateProfile(ctx, p)); err != nil {
			return fmt.Errorf("seed user %s: %w", p.UserID, err)
		}
	}
	parts := partner.NewRepo(svc.Store)
	for _, p := range g.Partners {
		if err := ignoreExists(parts.Create(ctx, p)); err != nil {
			return fmt.Errorf("seed partner %s: %w", p.ID, err)
		}
	}
	if err := seedSetup(ctx, svc, g.Account.ID, g.Setup); err != nil {
		return err
	}
	if err := lookup.Seed(ctx, svc.Store); err != nil {
		return err
	}
	if err := seedCatalogueFeed(ctx, svc, g); err != nil {
		return err
	}
	if err := seedSummaries(ctx, svc, g); err != nil {
		return err
	}
	if err := SeedTemplates(ctx, svc, g); err != nil {
		return err
	}
	if err := seedForms(ctx, printform.NewRepo(svc.Store), g.Account.ID); err != nil {
		return err
	}
	if err := seedDealerTemplates(ctx, svc, g); err != nil {
		return err
	}
	if err := SeedContacts(ctx, svc, g, 4, nil); err != nil {
		return err
	}
	if err := seedVisits(ctx, svc, g); err != nil {
		return err
	}
	if err := SeedLeads(ctx, svc, g); err != nil {
		return err
	}
	if err := seedCalls(ctx, svc, g); err != nil {
		return err
	}
	if err := seedAssistant(ctx, svc, g); err != nil {
		return err
	}
	return SeedHistory(ctx, svc, g, 4)
}

func ignoreExists(err error) error {
	if apperr.CodeOf(err) == apperr.Conflict {
		return nil
	}
	return err
}
