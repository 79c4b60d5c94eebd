package demo

import (
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/group"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/value/phone"
)

// The second dealer group, Southside Motors: two stores and sign-ins for three roles, seeded by
// make run beside the demo group, so that what one dealer group sees of another can be tried.
const (
	OtherAccountID = 1002
	// OtherStore is Southside Ford; OtherStoreKia is Southside Kia.
	OtherStore    = 3001
	OtherStoreKia = 3002
	// OtherUserID is the group's dealer admin, OtherSalesID a sales person of Southside Ford,
	// OtherManagerID its sales manager of both stores.
	OtherUserID    = "300001"
	OtherSalesID   = "300002"
	OtherManagerID = "300003"
	// OtherContactID is the second group's customer Maria Gonzalez: the name, e-mail address
	// and cell phone of the demo group's ContactToyota.
	OtherContactID = OtherAccountID*1_000_000_000 + 1
)

// OtherGeneratedContacts is how many generated customers the second group gets.
const OtherGeneratedContacts = 60

// OtherGroup is the second dealer group, Southside Motors: the ids of its stores, users,
// products, settings and groups are what tests of the demo group's users probe for. Its
// relationship names another account, so it is not an enterprise dealer; its stores never
// saved dealer settings. Its sign-ins share the demo password.
func OtherGroup() Group {
	st := []int64{OtherStore, OtherStoreKia}
	admin := user.Profile{
		UserID: OtherUserID, AccountID: OtherAccountID, ViewAccountID: OtherAccountID,
		FirstName: "Olive", LastName: "Other", Email: "admin@southside.demo", UserType: 1, UserStatus: user.StatusActive,
		Roles: []string{role.DealerAdmin}, PrimaryUserRole: role.DealerAdmin,
		Permissions:  []string{role.PermManagerDashboard, role.PermRulesAdmin},
		PrimaryStore: OtherStore, AllowedStores: st, ViewStores: st, HasAllPlatformAccess: true,
	}
	sales := user.Profile{
		UserID: OtherSalesID, AccountID: OtherAccountID, ViewAccountID: OtherAccountID,
		FirstName: "Sid", LastName: "Seller", Email: "sales@southside.demo", UserType: 1, UserStatus: user.StatusActive,
		Roles: []string{role.SalesPerson}, PrimaryUserRole: role.SalesPerson,
		PrimaryStore: OtherStore, AllowedStores: []int64{OtherStore}, ViewStores: []int64{OtherStore},
	}
	manager := user.Profile{
		UserID: OtherManagerID, AccountID: OtherAccountID, ViewAccountID: OtherAccountID,
		FirstName: "Mona", LastName: "Manning", Email: "salesmanager@southside.demo", UserType: 1, UserStatus: user.StatusActive,
		Roles: []string{role.SalesManager}, PrimaryUserRole: role.SalesManager,
		Permissions:  []string{role.PermManagerDashboard},
		PrimaryStore: OtherStore, AllowedStores: st, ViewStores: st,
	}
	return Group{
		Account: account.Account{ID: OtherAccountID, Name: "Southside Motors"},
		Stores: []account.Store{{
			AccountPlatformID: OtherStore, AccountID: OtherAccountID, Name: "Southside Ford", DealerID: "SSF-01",
			Country: "US", City: "Salem", Province: "OR", TimeZone: "America/Los_Angeles", Active: true,
		}, {
			AccountPlatformID: OtherStoreKia, AccountID: OtherAccountID, Name: "Southside Kia", DealerID: "SSK-01",
			Country: "US", City: "Eugene", Province: "OR", TimeZone: "America/Los_Angeles", Active: true,
		}},
		Logins: []Login{{Username: admin.Email, Profile: admin}, {Username: sales.Email, Profile: sales}, {Username: manager.Email, Profile: manager}},
		Setup: Setup{
			Products: []product.AccountProduct{
				{ProductID: product.Pando, ProductStatusID: product.StatusLive, AccountPlatformID: OtherStore,
					Features: []product.FeatureState{{FeatureID: product.FeatureCXM, Active: true}, {FeatureID: product.FeatureDesking, Active: true}}},
				{ProductID: product.Pando, ProductStatusID: product.StatusLive, AccountPlatformID: OtherStoreKia,
					Features: []product.FeatureState{{FeatureID: product.FeatureCXM, Active: true}}},
			},
			Packages: []product.DealerPackage{
				{PackageID: 1, AccountPlatformID: OtherStore, Name: "CXM Essentials", ProductIDs: []product.ID{product.Pando}},
				{PackageID: 1, AccountPlatformID: OtherStoreKia, Name: "CXM Essentials", ProductIDs: []product.ID{product.Pando}},
			},
			Relationship: &dealer.Relationship{AccountID: 5000, Name: "Southside Holdings"},
			Groups: []group.Group{
				{GroupID: 1, Name: "Southside Motors", GroupTypeID: group.TypeOrganization, AccountPlatformIDs: st, Active: true},
				{GroupID: 10, Name: "Southside Sales", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: st, Active: true, MemberUserIDs: []string{OtherUserID, OtherSalesID, OtherManagerID}},
			},
			Roles: []role.AlertMinerRole{
				{RoleID: 1, Name: "Dealer Admin", SystemName: role.DealerAdmin},
				{RoleID: 2, Name: "Sales Person", SystemName: role.SalesPerson},
				{RoleID: 3, Name: "Sales Manager", SystemName: role.SalesManager},
			},
			Reasons: []availability.AwayReason{{ReasonID: 1, Name: "Lunch", Active: true, SortOrder: 1}},
		},
		Contacts: []contact.Contact{{
			ID: OtherContactID, AccountPlatformID: OtherStore, FirstName: "Maria", LastName: "Gonzalez",
			Emails:   []contact.Email{{Email: "maria.gonzalez@example.com", IsPreferred: true}},
			Phones:   []contact.Phone{{Phone: "(503) 555-0134", PhoneTypeID: phone.TypeCell, IsMobile: true, IsPreferred: true}},
			Vehicles: []contact.Vehicle{{VIN: "4T1B11HK5KU123456", StockNumber: "T24817A", Year: 2019, Make: "Toyota", Model: "Camry"}},
			SSN:      "987-65-4321",
		}},
		GeneratedContacts: OtherGeneratedContacts,
	}
}
