// Package role holds the dealer roles and the permission strings of the spec, and keeps the
// alert-miner role catalogue of each account: the roles users hold (a user's PrimaryUserRole is
// a role's system name) and the roles workflow rules may address.
package role

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cxm/cxm/shared/runtime/store"
)

// Permission strings.
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

// Dealer role system names.
const (
	SalesPerson         = "SalesPerson"
	SalesManager        = "SalesManager"
	BDCAgent            = "BDCAgent"
	BDCManager          = "BDCManager"
	ServiceAdvisor      = "ServiceAdvisor"
	ServiceManager      = "ServiceManager"
	FIManager           = "FIManager"
	DealerAdmin         = "DealerAdmin"
	GeneralManager      = "GeneralManager"
	UsedCarManager      = "UsedCarManager"
	MarketingManager    = "MarketingManager"
	GeneralSalesManager = "GeneralSalesManager"
	PartsManager        = "PartsManager"
)

// SystemNames returns every dealer role's system name.
func SystemNames() []string {
	return []string{
		SalesPerson, SalesManager, BDCAgent, BDCManager, ServiceAdvisor, ServiceManager, FIManager,
		DealerAdmin, GeneralManager, UsedCarManager, MarketingManager, GeneralSalesManager, PartsManager,
	}
}

// labels are the dealer roles as people name them.
var labels = map[string]string{
	SalesPerson: "sales person", SalesManager: "sales manager", BDCAgent: "BDC agent", BDCManager: "BDC manager",
	ServiceAdvisor: "service advisor", ServiceManager: "service manager", FIManager: "F&I manager",
	DealerAdmin: "dealer admin", GeneralManager: "general manager", UsedCarManager: "used car manager",
	MarketingManager: "marketing manager", GeneralSalesManager: "general sales manager", PartsManager: "parts manager",
}

// Label returns the dealer role name as people say it ("F&I manager" for FIManager); a name
// that is not a dealer role is returned as it is.
func Label(name string) string {
	if l, ok := labels[name]; ok {
		return l
	}
	return name
}

// LabelWithArticle returns Label(name) after its indefinite article: "an F&I manager",
// "a sales person", "a used car manager". An initialism takes "an" when its first letter is
// said with a vowel sound (F, "eff"); a word when it starts with a, e, i or o.
func LabelWithArticle(name string) string {
	l := Label(name)
	if l != "" && strings.ContainsAny(l[:1], "AEFHILMNORSXaeio") {
		return "an " + l
	}
	return "a " + l
}

// Valid reports whether name is a dealer role's system name.
func Valid(name string) bool { return slices.Contains(SystemNames(), name) }

// AlertMinerRole is an alert-miner role of an account.
type AlertMinerRole struct {
	RoleID      int    `json:"RoleId"`
	Name        string `json:"Name"`
	SystemName  string `json:"SystemName"`
	Description string `json:"Description"`
	// RulesAssignable reports whether workflow rules may assign tasks to the role's users.
	RulesAssignable bool `json:"RulesAssignable"`
}

// Holder is a user as far as role membership goes.
type Holder struct {
	Roles  []string
	Stores []int64
	Active bool
}

// RulesAdminRole is a role that rules of one store may address, with how many active users
// of that store hold it.
type RulesAdminRole struct {
	AlertMinerRole
	AccountPlatformID int64 `json:"AccountPlatformId"`
	UserCount         int   `json:"UserCount"`
}

// ForRulesAdmin returns the rules-assignable roles for rules of store, sorted by name, each
// with the number of active holders belonging to the store.
func ForRulesAdmin(roles []AlertMinerRole, holders []Holder, storeID int64) []RulesAdminRole {
	out := []RulesAdminRole{}
	for _, r := range roles {
		if !r.RulesAssignable {
			continue
		}
		n := 0
		for _, h := range holders {
			if h.Active && slices.Contains(h.Stores, storeID) && slices.Contains(h.Roles, r.SystemName) {
				n++
			}
		}
		out = append(out, RulesAdminRole{AlertMinerRole: r, AccountPlatformID: storeID, UserCount: n})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Repo reads and writes the role catalogue.
//
//	pattern               index  key condition
//	roles of an account   table  PK = A#{acct}#ROLES, begins_with(SK, ROLE#)
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

func roleKey(t store.Tenant, id int) (store.Key, error) {
	return t.Key(fmt.Sprintf("ROLE#%04d", id), "ROLES")
}

// Create adds r to tenant t's catalogue. An existing role id is a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, ro AlertMinerRole) error {
	k, err := roleKey(t, ro.RoleID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "Role", Value: ro})
}

// List returns tenant t's roles sorted by name.
func (r *Repo) List(ctx context.Context, t store.Tenant) ([]AlertMinerRole, error) {
	part, err := t.Partition("ROLES")
	if err != nil {
		return nil, err
	}
	roles, err := store.QueryAll[AlertMinerRole](ctx, r.s, store.Query{Partition: part, SortPrefix: "ROLE#"})
	if err != nil {
		return nil, fmt.Errorf("list roles: %w", err)
	}
	sort.SliceStable(roles, func(i, j int) bool { return roles[i].Name < roles[j].Name })
	if roles == nil {
		roles = []AlertMinerRole{}
	}
	return roles, nil
}
