package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/group"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Setup is a dealer group's configuration: store products and packages, dealer settings,
// groups, roles and availability.
type Setup struct {
	Products     []product.AccountProduct
	Packages     []product.DealerPackage
	Settings     []dealer.Settings
	Relationship *dealer.Relationship
	Groups       []group.Group
	Roles        []role.AlertMinerRole
	Reasons      []availability.AwayReason
	// Availabilities are users' availabilities other than available.
	Availabilities []availability.Availability
}

// staff builds the users without a sign-in who fill the stores' teams.
func staff(rng *rand.Rand) []user.Profile {
	firsts := []string{"Elena", "Marcus", "Priya", "Tomas", "Grace", "Hiro", "Nadia", "Owen", "Lucia", "Dev", "Ingrid", "Kofi", "Mei", "Rafael", "Sofia", "Theo"}
	lasts := []string{"Alvarez", "Bennett", "Castillo", "Dawson", "Ellis", "Fischer", "Garcia", "Hughes", "Iverson", "Jensen", "Kowalski", "Larsen", "Mendes", "Nakamura", "O'Neil", "Quinto"}
	type slot struct {
		role   string
		stores []int64
		status int
	}
	slots := []slot{
		{role.SalesPerson, []int64{StoreToyota}, user.StatusActive},
		{role.SalesPerson, []int64{StoreToyota}, user.StatusActive},
		{role.SalesPerson, []int64{StoreHonda}, user.StatusActive},
		{role.SalesPerson, []int64{StoreHonda}, user.StatusActive},
		{role.SalesPerson, []int64{StoreHyundai}, user.StatusActive},
		{role.SalesPerson, []int64{StoreHyundai}, user.StatusActive},
		{role.BDCAgent, []int64{StoreToyota, StoreHonda}, user.StatusActive},
		{role.BDCAgent, []int64{StoreHonda}, user.StatusActive},
		{role.ServiceAdvisor, []int64{StoreToyota}, user.StatusActive},
		{role.ServiceAdvisor, []int64{StoreHyundai}, user.StatusActive},
		{role.SalesPerson, []int64{StoreToyota}, user.StatusInactive},
		{role.FIManager, []int64{StoreHonda}, user.StatusPending},
	}
	firstPerm, lastPerm := rng.Perm(len(firsts)), rng.Perm(len(lasts))
	out := make([]user.Profile, 0, len(slots))
	for i, s := range slots {
		first, last := firsts[firstPerm[i]], lasts[lastPerm[i]]
		out = append(out, user.Profile{
			UserID: fmt.Sprintf("%d", 100101+i), AccountID: AccountID, ViewAccountID: AccountID,
			FirstName: first, LastName: last,
			Email:    fmt.Sprintf("staff%02d@northwind.demo", i+1),
			UserType: 1, UserStatus: s.status,
			Roles: []string{s.role}, PrimaryUserRole: s.role,
			DMSUserID:    fmt.Sprintf("DMS%04d", rng.IntN(10000)),
			PrimaryStore: s.stores[0], AllowedStores: s.stores, ViewStores: s.stores,
		})
	}
	return out
}

func features(on []product.FeatureID, off ...product.FeatureID) []product.FeatureState {
	out := make([]product.FeatureState, 0, len(on)+len(off))
	for _, f := range on {
		out = append(out, product.FeatureState{FeatureID: f, Active: true})
	}
	for _, f := range off {
		out = append(out, product.FeatureState{FeatureID: f, Active: false})
	}
	return out
}

// buildSetup returns the demo dealer group's configuration. Toyota has everything, Honda has
// ILM, Hyundai (Canada) is a smaller CXM store without BDC.
func buildSetup() Setup {
	all := []int64{StoreToyota, StoreHonda, StoreHyundai}
	live, setup, cancelled, onHold := product.StatusLive, product.StatusSetup, product.StatusCancelled, product.StatusOnHold
	s := Setup{
		Products: []product.AccountProduct{
			{ProductID: product.Pando, ProductStatusID: live, AccountPlatformID: StoreToyota, Features: features(
				[]product.FeatureID{product.FeatureCXM, product.FeatureDesking, product.FeatureCalendar, product.FeatureProcesses, product.FeatureSLM,
					product.FeatureExperienceManager, product.FeatureMessaging, product.FeatureCallTracking, product.FeatureAnalytics, product.FeatureVideoMessaging},
				product.FeatureILM)},
			{ProductID: product.Pando, ProductStatusID: live, AccountPlatformID: StoreHonda, Features: features(
				[]product.FeatureID{product.FeatureCXM, product.FeatureDesking, product.FeatureCalendar, product.FeatureProcesses, product.FeatureILM,
					product.FeatureMessaging, product.FeatureCallTracking, product.FeatureAnalytics},
				product.FeatureSLM, product.FeatureExperienceManager, product.FeatureVideoMessaging)},
			{ProductID: product.Pando, ProductStatusID: live, AccountPlatformID: StoreHyundai, Features: features(
				[]product.FeatureID{product.FeatureCXM, product.FeatureCalendar, product.FeatureProcesses, product.FeatureSLM, product.FeatureMessaging, product.FeatureAnalytics},
				product.FeatureDesking, product.FeatureCallTracking, product.FeatureILM)},
			{ProductID: product.AlertMiner, ProductStatusID: live, AccountPlatformID: StoreToyota, Features: features([]product.FeatureID{product.FeatureAlertMinerFull})},
			{ProductID: product.ReputationPro, ProductStatusID: live, AccountPlatformID: StoreToyota, Features: features([]product.FeatureID{product.FeatureSurveyPro})},
			{ProductID: product.ReputationPro, ProductStatusID: live, AccountPlatformID: StoreHonda, Features: features([]product.FeatureID{product.FeatureSurveyPro})},
			{ProductID: product.DataHygiene, ProductStatusID: live, AccountPlatformID: StoreToyota, Features: features([]product.FeatureID{product.FeatureEmailAppend})},
			{ProductID: product.AutoAssistant, ProductStatusID: setup, AccountPlatformID: StoreToyota, Features: features(
				[]product.FeatureID{product.FeatureAutoAssistantSales}, product.FeatureAutoAssistantService, product.FeatureAutoAssistantLeads)},
			{ProductID: product.OneToOne, ProductStatusID: live, AccountPlatformID: StoreHyundai, Features: features([]product.FeatureID{product.FeatureOneToOne})},
			{ProductID: product.GeoAlert, ProductStatusID: cancelled, AccountPlatformID: StoreHyundai, Features: features([]product.FeatureID{product.FeatureGeoAlert})},
			{ProductID: product.PAL, ProductStatusID: onHold, AccountPlatformID: StoreHonda, Features: features([]product.FeatureID{product.FeaturePAL})},
		},
		Packages: []product.DealerPackage{
			{PackageID: 3, AccountPlatformID: StoreToyota, Name: "CXM Enterprise", ProductIDs: []product.ID{product.Pando, product.AlertMiner, product.ReputationPro, product.DataHygiene}},
			{PackageID: 2, AccountPlatformID: StoreHonda, Name: "CXM Professional", ProductIDs: []product.ID{product.Pando, product.ReputationPro}},
			{PackageID: 1, AccountPlatformID: StoreHyundai, Name: "CXM Essentials", ProductIDs: []product.ID{product.Pando, product.OneToOne}},
		},
		Settings: []dealer.Settings{
			{
				AccountPlatformID: StoreToyota, IsBdcEnabled: true,
				PushToDms: true, DmsProvider: "CDK", PushToFinance: true, FinanceProvider: "RouteOne",
				NotificationRules: []dealer.NotificationRule{
					{Event: dealer.EventNewLead, Recipients: []string{role.SalesManager, role.BDCManager}, Channels: []string{dealer.ChannelEmail, dealer.ChannelInApp}, Enabled: true},
					{Event: dealer.EventAppointmentMissed, Recipients: []string{role.SalesManager}, Channels: []string{dealer.ChannelInApp}, Enabled: true},
				},
				ReassignRules:     []dealer.ReassignRule{{FromRole: role.SalesPerson, ToRole: role.BDCAgent, AfterMinutes: 30, Enabled: true}},
				LeadSettings:      dealer.LeadFlags{LeadManagement: true, ShowroomLog: true, DeliveryLog: true, AutoAssign: true, RoundRobin: true, ResponseTimeMinutes: 15},
				ContactAssignment: dealer.AssignmentRules{SalesPersonEditable: true, BdcAgentEditable: true, ServiceAdvisorEditable: true},
			},
			{
				AccountPlatformID: StoreHonda, IsBdcEnabled: true,
				PushToDms: true, DmsProvider: "Reynolds",
				NotificationRules: []dealer.NotificationRule{
					{Event: dealer.EventNewLead, Recipients: []string{role.SalesManager}, Channels: []string{dealer.ChannelEmail}, Enabled: true},
				},
				ReassignRules:     []dealer.ReassignRule{{LeadTypeID: 1, ToRole: role.SalesManager, AfterMinutes: 60, Enabled: true}},
				LeadSettings:      dealer.LeadFlags{LeadManagement: true, ShowroomLog: true, DeliveryLog: true, ResponseTimeMinutes: 30},
				ContactAssignment: dealer.AssignmentRules{SalesPersonEditable: true, BdcAgentEditable: true},
			},
			{
				AccountPlatformID: StoreHyundai,
				PushToFinance:     true, FinanceProvider: "Dealertrack",
				NotificationRules: []dealer.NotificationRule{
					{Event: dealer.EventDealSold, Recipients: []string{role.GeneralManager}, Channels: []string{dealer.ChannelInApp}, Enabled: true},
				},
				LeadSettings:      dealer.LeadFlags{ShowroomLog: true, DeliveryLog: true},
				ContactAssignment: dealer.AssignmentRules{SalesPersonEditable: true, ServiceAdvisorEditable: true, ManagerApprovalRequired: true},
			},
		},
		Relationship: &dealer.Relationship{AccountID: AccountID, Name: "Northwind Auto Group"},
		Groups: []group.Group{
			{GroupID: 1, Name: "Northwind Auto Group", GroupTypeID: group.TypeOrganization, AccountPlatformIDs: all, Active: true},
			{GroupID: 2, Name: "Northwind Toyota", GroupTypeID: group.TypeOrganization, ParentGroupID: 1, AccountPlatformIDs: []int64{StoreToyota}, Active: true},
			{GroupID: 3, Name: "Northwind Honda", GroupTypeID: group.TypeOrganization, ParentGroupID: 1, AccountPlatformIDs: []int64{StoreHonda}, Active: true},
			{GroupID: 4, Name: "Northwind Hyundai Vancouver", GroupTypeID: group.TypeOrganization, ParentGroupID: 1, AccountPlatformIDs: []int64{StoreHyundai}, Active: true},
			{GroupID: 10, Name: "Toyota Sales Team", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: []int64{StoreToyota}, Active: true, MemberUserIDs: []string{"100001", "100010", "100101", "100102"}},
			{GroupID: 11, Name: "Honda Sales Team", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: []int64{StoreHonda}, Active: true, MemberUserIDs: []string{"100001", "100103", "100104"}},
			{GroupID: 12, Name: "Hyundai Sales Team", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: []int64{StoreHyundai}, Active: true, MemberUserIDs: []string{"100105", "100106"}},
			{GroupID: 13, Name: "Sales Managers", GroupTypeID: group.TypeSalesManagement, AccountPlatformIDs: all, Active: true, MemberUserIDs: []string{"100002", "100009", "100010", "100012"}},
			{GroupID: 14, Name: "Internet Sales", GroupTypeID: group.TypeInternetSales, AccountPlatformIDs: []int64{StoreToyota, StoreHonda}, Active: true, MemberUserIDs: []string{"100003", "100004", "100107", "100108"}},
			{GroupID: 15, Name: "Weekend Sales Team", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: []int64{StoreToyota}, Active: false, MemberUserIDs: []string{"100111"}},
			{GroupID: 16, Name: "Service Advisors", GroupTypeID: group.TypeServiceTeam, AccountPlatformIDs: []int64{StoreToyota, StoreHyundai}, Active: true, MemberUserIDs: []string{"100005", "100006", "100109", "100110"}},
			{GroupID: 17, Name: "BDC Team", GroupTypeID: group.TypeBDC, AccountPlatformIDs: []int64{StoreToyota, StoreHonda}, Active: true, MemberUserIDs: []string{"100003", "100004", "100107", "100108"}},
		},
		Reasons: []availability.AwayReason{
			{ReasonID: 1, Name: "Lunch", Active: true, SortOrder: 1},
			{ReasonID: 2, Name: "With a customer", Active: true, SortOrder: 2},
			{ReasonID: 3, Name: "In a meeting", Active: true, SortOrder: 3},
			{ReasonID: 4, Name: "Training", Active: true, SortOrder: 4},
			{ReasonID: 5, Name: "Day off", Active: true, SortOrder: 5},
			{ReasonID: 6, Name: "Vacation", Active: true, SortOrder: 6},
			{ReasonID: 7, Name: "Sick", Active: true, SortOrder: 7},
			{ReasonID: 8, Name: "Test drive", Active: false, SortOrder: 8},
		},
		Availabilities: []availability.Availability{
			{UserID: "100003", ReasonID: 4, Reason: "Training", UpdatedBy: "100003"},
			{UserID: "100104", ReasonID: 6, Reason: "Vacation", UpdatedBy: "100002"},
		},
	}
	descriptions := map[string]string{
		role.SalesPerson: "Sells vehicles and works leads", role.SalesManager: "Manages the sales team",
		role.BDCAgent: "Works leads and sets appointments", role.BDCManager: "Manages the BDC",
		role.ServiceAdvisor: "Writes service repair orders", role.ServiceManager: "Manages the service department",
		role.FIManager: "Finance and insurance", role.DealerAdmin: "Administers the dealer group",
		role.GeneralManager: "Runs the store", role.UsedCarManager: "Manages used inventory",
		role.MarketingManager: "Runs marketing", role.GeneralSalesManager: "Runs sales across departments",
		role.PartsManager: "Manages the parts department",
	}
	names := map[string]string{
		role.SalesPerson: "Sales Person", role.SalesManager: "Sales Manager", role.BDCAgent: "BDC Agent",
		role.BDCManager: "BDC Manager", role.ServiceAdvisor: "Service Advisor", role.ServiceManager: "Service Manager",
		role.FIManager: "F&I Manager", role.DealerAdmin: "Dealer Admin", role.GeneralManager: "General Manager",
		role.UsedCarManager: "Used Car Manager", role.MarketingManager: "Marketing Manager",
		role.GeneralSalesManager: "General Sales Manager", role.PartsManager: "Parts Manager",
	}
	notAssignable := map[string]bool{role.DealerAdmin: true, role.MarketingManager: true, role.PartsManager: true}
	for i, sys := range role.SystemNames() {
		s.Roles = append(s.Roles, role.AlertMinerRole{RoleID: i + 1, Name: names[sys], SystemName: sys, Description: descriptions[sys], RulesAssignable: !notAssignable[sys]})
	}
	return s
}

// seedSetup writes the configuration of account acct, keeping items that exist.
func seedSetup(ctx context.Context, svc wiring.Services, acct int64, s Setup) error {
	t, err := account.Tenant(acct)
	if err != nil {
		return err
	}
	products, dealers := product.NewRepo(svc.Store), dealer.NewRepo(svc.Store)
	groups, roles, avail := group.NewRepo(svc.Store), role.NewRepo(svc.Store), availability.NewRepo(svc.Store)
	for _, p := range s.Products {
		if err := ignoreExists(products.Create(ctx, t, p)); err != nil {
			return fmt.Errorf("seed product %d of %d: %w", p.ProductID, p.AccountPlatformID, err)
		}
	}
	for _, p := range s.Packages {
		if err := ignoreExists(products.CreatePackage(ctx, t, p)); err != nil {
			return fmt.Errorf("seed package of %d: %w", p.AccountPlatformID, err)
		}
	}
	for _, st := range s.Settings {
		if err := ignoreExists(dealers.Create(ctx, t, st)); err != nil {
			return fmt.Errorf("seed dealer settings of %d: %w", st.AccountPlatformID, err)
		}
	}
	if s.Relationship != nil {
		if err := ignoreExists(dealers.SetRelationship(ctx, t, *s.Relationship)); err != nil {
			return fmt.Errorf("seed dealer relationship: %w", err)
		}
	}
	for _, g := range s.Groups {
		if err := ignoreExists(groups.Create(ctx, t, g)); err != nil {
			return fmt.Errorf("seed group %d: %w", g.GroupID, err)
		}
	}
	for _, r := range s.Roles {
		if err := ignoreExists(roles.Create(ctx, t, r)); err != nil {
			return fmt.Errorf("seed role %s: %w", r.SystemName, err)
		}
	}
	for _, r := range s.Reasons {
		if err := ignoreExists(avail.CreateReason(ctx, t, r)); err != nil {
			return fmt.Errorf("seed availability reason %d: %w", r.ReasonID, err)
		}
	}
	for _, a := range s.Availabilities {
		if err := ignoreExists(avail.Create(ctx, t, a)); err != nil {
			return fmt.Errorf("seed availability of %s: %w", a.UserID, err)
		}
	}
	return nil
}
