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

// The second dealer group: one store and one dealer admin with every permission.
const (
	OtherAccountID = 1002
	OtherStore     = 3001
	OtherUserID    = "300001"
	// OtherContactID is the second group's customer Maria Gonzalez: the name, e-mail address
	// and cell phone of the demo group's ContactToyota.
	OtherContactID = OtherAccountID*1_000_000_000 + 1
)

// OtherGeneratedContacts is how many generated customers the second group gets.
const OtherGeneratedContacts = 60

// OtherGroup is the second dealer group: the ids of its store, user, products, settings and
// groups are what tests of the demo group's users probe for. Its relationship names another
// account, so it is not an enterprise dealer; its store never saved dealer settings.
func OtherGroup() Group {
	st := []int64{OtherStore}
	admin := user.Profile{
		UserID: OtherUserID, AccountID: OtherAccountID, ViewAccountID: OtherAccountID,
		FirstName: "Olive", LastName: "Other", Email: "admin@southside.test", UserType: 1, UserStatus: user.StatusActive,
		Roles: []string{role.DealerAdmin}, PrimaryUserRole: role.DealerAdmin,
		Permissions:  []string{role.PermManagerDashboard, role.PermRulesAdmin},
		PrimaryStore: OtherStore, AllowedStores: st, ViewStores: st, HasAllPlatformAccess: true,
	}
	return Group{
		Account: account.Account{ID: OtherAccountID, Name: "Southside Motors"},
		Stores: []account.Store{{
			AccountPlatformID: OtherStore, AccountID: OtherAccountID, Name: "Southside Ford", DealerID: "SSF-01",
			Country: "US", City: "Salem", Province: "OR", TimeZone: "America/Los_Angeles", Active: true,
		}},
		Logins: []Login{{Username: admin.Email, Profile: admin}},
		Setup: Setup{
			Products: []product.AccountProduct{{ProductID: product.Pando, ProductStatusID: product.StatusLive, AccountPlatformID: OtherStore,
				Features: []product.FeatureState{{FeatureID: product.FeatureCXM, Active: true}, {FeatureID: product.FeatureDesking, Active: true}}}},
			Packages:     []product.DealerPackage{{PackageID: 1, AccountPlatformID: OtherStore, Name: "CXM Essentials", ProductIDs: []product.ID{product.Pando}}},
			Relationship: &dealer.Relationship{AccountID: 5000, Name: "Southside Holdings"},
			Groups: []group.Group{
				{GroupID: 1, Name: "Southside Motors", GroupTypeID: group.TypeOrganization, AccountPlatformIDs: st, Active: true},
				{GroupID: 10, Name: "Southside Sales", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: st, Active: true, MemberUserIDs: []string{OtherUserID}},
			},
			Roles:   []role.AlertMinerRole{{RoleID: 1, Name: "Dealer Admin", SystemName: role.DealerAdmin}},
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
