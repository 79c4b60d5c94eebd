// Package dealer keeps each store's dealer settings (BDC, notification and reassignment rules,
// lead settings, contact assignment and push capabilities) and the dealer group's enterprise
// relationship. Settings are saved with a version: a save based on a stale read is a conflict,
// never a lost update.
package dealer

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Notification rule events.
const (
	EventNewLead           = "NewLead"
	EventLeadAssigned      = "LeadAssigned"
	EventLeadReassigned    = "LeadReassigned"
	EventAppointmentSet    = "AppointmentSet"
	EventAppointmentMissed = "AppointmentMissed"
	EventShowroomVisit     = "ShowroomVisit"
	EventDealSold          = "DealSold"
)

// Events returns every notification rule event.
func Events() []string {
	return []string{EventNewLead, EventLeadAssigned, EventLeadReassigned, EventAppointmentSet, EventAppointmentMissed, EventShowroomVisit, EventDealSold}
}

// Notification channels.
const (
	ChannelEmail = "Email"
	ChannelText  = "Text"
	ChannelInApp = "InApp"
)

// Channels returns every notification channel.
func Channels() []string { return []string{ChannelEmail, ChannelText, ChannelInApp} }

// Limits of the settings.
const (
	MaxRules            = 50
	MaxReassignMinutes  = 7 * 24 * 60
	MaxResponseMinutes  = 24 * 60
	MaxProviderLength   = 64
	MaxRecipientsOfRule = 20
)

// NotificationRule says who is told of an event at the store, and how.
type NotificationRule struct {
	Event string `json:"Event"`
	// Recipients are dealer role system names; enterprise notifications go to roles.
	Recipients []string `json:"Recipients"`
	Channels   []string `json:"Channels"`
	Enabled    bool     `json:"Enabled"`
}

// ReassignRule moves a lead nobody acted on after AfterMinutes from one role to another.
type ReassignRule struct {
	// LeadTypeID limits the rule to one lead type; 0 applies it to every type.
	LeadTypeID int `json:"LeadTypeId"`
	// FromRole is the role holding the lead; "" for any.
	FromRole     string `json:"FromRole"`
	ToRole       string `json:"ToRole"`
	AfterMinutes int    `json:"AfterMinutes"`
	Enabled      bool   `json:"Enabled"`
}

// LeadFlags are the store's lead-management flags.
type LeadFlags struct {
	// LeadManagement shows the Leads Log for the store.
	LeadManagement bool `json:"LeadManagement"`
	ShowroomLog    bool `json:"ShowroomLog"`
	DeliveryLog    bool `json:"DeliveryLog"`
	AutoAssign     bool `json:"AutoAssign"`
	RoundRobin     bool `json:"RoundRobin"`
	// ResponseTimeMinutes is the target first-response time of a new lead; 0 for the default,
	// DefaultResponseMinutes (see ResponseTarget).
	ResponseTimeMinutes int `json:"ResponseTimeMinutes"`
}

// DefaultResponseMinutes is the first-response target of a store that sets none: a lead
// answered within a quarter of an hour is still warm.
const DefaultResponseMinutes = 15

// ResponseTarget returns the store's first-response target in minutes: ResponseTimeMinutes,
// or DefaultResponseMinutes when it is 0.
func (f LeadFlags) ResponseTarget() int {
	if f.ResponseTimeMinutes > 0 {
		return f.ResponseTimeMinutes
	}
	return DefaultResponseMinutes
}

// AssignmentRules say which assignments of a contact's users may be edited at the store.
type AssignmentRules struct {
	SalesPersonEditable     bool `json:"SalesPersonEditable"`
	BdcAgentEditable        bool `json:"BdcAgentEditable"`
	ServiceAdvisorEditable  bool `json:"ServiceAdvisorEditable"`
	ManagerApprovalRequired bool `json:"ManagerApprovalRequired"`
}

// Settings are one store's dealer settings.
type Settings struct {
	AccountPlatformID int64 `json:"AccountPlatformID"`
	IsBdcEnabled      bool  `json:"IsBdcEnabled"`
	// PushToDms and PushToFinance say whether the store may push customers and deals to its
	// DMS and its finance provider.
	PushToDms         bool               `json:"PushToDms"`
	DmsProvider       string             `json:"DmsProvider"`
	PushToFinance     bool               `json:"PushToFinance"`
	FinanceProvider   string             `json:"FinanceProvider"`
	NotificationRules []NotificationRule `json:"NotificationRules"`
	ReassignRules     []ReassignRule     `json:"ReassignRules"`
	LeadSettings      LeadFlags          `json:"LeadSettings"`
	ContactAssignment AssignmentRules    `json:"ContactAssignment"`
	// BusinessHours are the store's working hours by day of the week in its time zone (Monday
	// to Saturday 9:00 to 19:00 when never set): workflow tasks that use the work schedule are
	// due within them and the Leads Log counts first responses in them.
	BusinessHours workhours.Hours `json:"BusinessHours"`
	UpdatedBy     string          `json:"UpdatedBy"`
	UpdatedAt     *time.Time      `json:"UpdatedAt,omitempty"`
}

// Defaults returns the settings of a store that never saved any.
func Defaults(storeID int64) Settings {
	return Settings{
		AccountPlatformID: storeID,
		NotificationRules: []NotificationRule{},
		ReassignRules:     []ReassignRule{},
		LeadSettings:      LeadFlags{LeadManagement: true, ShowroomLog: true, DeliveryLog: true},
		ContactAssignment: AssignmentRules{SalesPersonEditable: true},
		BusinessHours:     workhours.Default(),
	}
}

// Schedule returns the store's working hours in its time zone tz (an IANA name; "" is UTC).
func (s Settings) Schedule(tz string) workhours.Schedule {
	return workhours.In(s.BusinessHours, tz)
}

// StoreSettings is settings with the version they were read at; version 0 means never saved.
type StoreSettings struct {
	Settings
	Version int64 `json:"Version"`
}

// Validate checks settings, naming each bad field.
func Validate(s Settings) error {
	fields := map[string]string{}
	if s.AccountPlatformID <= 0 {
		fields["AccountPlatformID"] = "The store is required."
	}
	if len(s.NotificationRules) > MaxRules {
		fields["NotificationRules"] = fmt.Sprintf("At most %d notification rules are allowed.", MaxRules)
	}
	for i, r := range s.NotificationRules {
		at := fmt.Sprintf("NotificationRules[%d].", i)
		if !slices.Contains(Events(), r.Event) {
			fields[at+"Event"] = fmt.Sprintf("%q is not a notification event.", r.Event)
		}
		if len(r.Recipients) == 0 || len(r.Recipients) > MaxRecipientsOfRule {
			fields[at+"Recipients"] = fmt.Sprintf("Name 1 to %d recipient roles.", MaxRecipientsOfRule)
		}
		for _, name := range r.Recipients {
			if !role.Valid(name) {
				fields[at+"Recipients"] = fmt.Sprintf("%q is not a dealer role.", name)
			}
		}
		if len(r.Channels) == 0 {
			fields[at+"Channels"] = "Name at least one channel."
		}
		for _, c := range r.Channels {
			if !slices.Contains(Channels(), c) {
				fields[at+"Channels"] = fmt.Sprintf("%q is not a notification channel.", c)
			}
		}
	}
	if len(s.ReassignRules) > MaxRules {
		fields["ReassignRules"] = fmt.Sprintf("At most %d reassignment rules are allowed.", MaxRules)
	}
	for i, r := range s.ReassignRules {
		at := fmt.Sprintf("ReassignRules[%d].", i)
		if r.LeadTypeID < 0 {
			fields[at+"LeadTypeId"] = "The lead type must be 0 (every type) or a lead type id."
		}
		if r.FromRole != "" && !role.Valid(r.FromRole) {
			fields[at+"FromRole"] = fmt.Sprintf("%q is not a dealer role.", r.FromRole)
		}
		if !role.Valid(r.ToRole) {
			fields[at+"ToRole"] = fmt.Sprintf("%q is not a dealer role.", r.ToRole)
		}
		if r.AfterMinutes < 1 || r.AfterMinutes > MaxReassignMinutes {
			fields[at+"AfterMinutes"] = fmt.Sprintf("The delay must be 1 to %d minutes.", MaxReassignMinutes)
		}
	}
	if m := s.LeadSettings.ResponseTimeMinutes; m < 0 || m > MaxResponseMinutes {
		fields["LeadSettings.ResponseTimeMinutes"] = fmt.Sprintf("The response time must be 0 to %d minutes.", MaxResponseMinutes)
	}
	for k, v := range workhours.Validate(s.BusinessHours, "BusinessHours") {
		fields[k] = v
	}
	if len(s.DmsProvider) > MaxProviderLength {
		fields["DmsProvider"] = fmt.Sprintf("The DMS provider must be at most %d characters.", MaxProviderLength)
	} else if s.PushToDms && s.DmsProvider == "" {
		fields["DmsProvider"] = "Pushing to the DMS needs a DMS provider."
	}
	if len(s.FinanceProvider) > MaxProviderLength {
		fields["FinanceProvider"] = fmt.Sprintf("The finance provider must be at most %d characters.", MaxProviderLength)
	} else if s.PushToFinance && s.FinanceProvider == "" {
		fields["FinanceProvider"] = "Pushing to finance needs a finance provider."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The dealer settings are not valid.", fields)
	}
	return nil
}

// CanEdit reports whether a user with roles and permissions may save dealer settings: rules
// administrators and dealer admins may.
func CanEdit(roles, permissions []string) bool {
	return slices.Contains(permissions, role.PermRulesAdmin) || slices.Contains(roles, role.DealerAdmin)
}

// BDCStores returns the stores of settings that have BDC enabled, in the order given.
func BDCStores(settings []StoreSettings) []int64 {
	out := []int64{}
	for _, s := range settings {
		if s.IsBdcEnabled {
			out = append(out, s.AccountPlatformID)
		}
	}
	return out
}

// PushCapability is one store's push capability.
type PushCapability struct {
	AccountPlatformID int64 `json:"AccountPlatformId"`
	PushToDms         bool  `json:"PushToDms"`
	PushToFinance     bool  `json:"PushToFinance"`
}

// PushCapabilities returns the push capability of every active store among selected, in the
// order of stores (by name). Inactive stores and stores not selected are left out.
func PushCapabilities(stores []account.Store, settings []StoreSettings, selected []int64) []PushCapability {
	out := []PushCapability{}
	for _, st := range stores {
		if !st.Active || !slices.Contains(selected, st.AccountPlatformID) {
			continue
		}
		p := PushCapability{AccountPlatformID: st.AccountPlatformID}
		for _, s := range settings {
			if s.AccountPlatformID == st.AccountPlatformID {
				p.PushToDms, p.PushToFinance = s.PushToDms, s.PushToFinance
			}
		}
		out = append(out, p)
	}
	return out
}

// Relationship is the dealer group's enterprise relationship: an enterprise dealer is one
// whose relationship account is its view account.
type Relationship struct {
	AccountID int64  `json:"accountId"`
	Name      string `json:"name"`
}

// Repo reads and writes dealer settings and the enterprise relationship.
//
//	pattern                    index  key condition
//	settings of every store    table  PK = A#{acct}#DEALER, begins_with(SK, STORE#)
//	settings of one store      table  PK = A#{acct}#DEALER, SK = STORE#{store}
//	enterprise relationship    table  PK = A#{acct}#DEALER, SK = RELATIONSHIP
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

func settingsKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("STORE#%012d", storeID), "DEALER")
}

func relationshipKey(t store.Tenant) (store.Key, error) { return t.Key("RELATIONSHIP", "DEALER") }

func normalize(s Settings) Settings {
	if s.NotificationRules == nil {
		s.NotificationRules = []NotificationRule{}
	}
	if s.ReassignRules == nil {
		s.ReassignRules = []ReassignRule{}
	}
	for i := range s.NotificationRules {
		if s.NotificationRules[i].Recipients == nil {
			s.NotificationRules[i].Recipients = []string{}
		}
		if s.NotificationRules[i].Channels == nil {
			s.NotificationRules[i].Channels = []string{}
		}
	}
	s.BusinessHours = workhours.Normalize(s.BusinessHours.Or())
	return s
}

// Get returns the settings of store, or its defaults at version 0 when it never saved any.
func (r *Repo) Get(ctx context.Context, t store.Tenant, storeID int64) (StoreSettings, error) {
	rd, settings, err := r.SettingsRead(t, storeID)
	if err != nil {
		return StoreSettings{}, err
	}
	v, err := r.s.Get(ctx, rd.Key, rd.Out)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return StoreSettings{}, fmt.Errorf("get dealer settings of %d: %w", storeID, err)
	}
	rd.Found, rd.Version = err == nil, v
	return settings(), nil
}

// SettingsRead returns the read of store storeID's settings, for a caller that batches it with
// other reads (store.BatchGet), and what Get answers once it was read.
func (r *Repo) SettingsRead(t store.Tenant, storeID int64) (*store.Read, func() StoreSettings, error) {
	k, err := settingsKey(t, storeID)
	if err != nil {
		return nil, nil, err
	}
	var s Settings
	rd := &store.Read{Key: k, Out: &s}
	return rd, func() StoreSettings {
		if !rd.Found {
			return StoreSettings{Settings: Defaults(storeID)}
		}
		return StoreSettings{Settings: normalize(s), Version: rd.Version}
	}, nil
}

// List returns the settings of each of stores, in the order given, with one query.
func (r *Repo) List(ctx context.Context, t store.Tenant, stores []int64) ([]StoreSettings, error) {
	part, err := t.Partition("DEALER")
	if err != nil {
		return nil, err
	}
	type item struct {
		Settings
		Version int64
	}
	items, err := store.QueryAll[item](ctx, r.s, store.Query{Partition: part, SortPrefix: "STORE#"})
	if err != nil {
		return nil, fmt.Errorf("list dealer settings: %w", err)
	}
	out := make([]StoreSettings, 0, len(stores))
	for _, id := range stores {
		v := StoreSettings{Settings: Defaults(id)}
		for _, it := range items {
			if it.AccountPlatformID == id {
				v = StoreSettings{Settings: normalize(it.Settings), Version: it.Version}
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// Create stores the first settings of a store. An existing item is a Conflict error.
func (r *Repo) Create(ctx context.Context, t store.Tenant, s Settings) error {
	if err := Validate(s); err != nil {
		return err
	}
	k, err := settingsKey(t, s.AccountPlatformID)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "DealerSettings", Value: normalize(s)})
}

// Save replaces the settings of s.AccountPlatformID, which must be at version (0 for settings
// never saved), on behalf of userID, and returns them at their new version. Invalid settings
// are an Invalid error and a stale version a Conflict error; either way nothing changes.
func (r *Repo) Save(ctx context.Context, t store.Tenant, s Settings, version int64, userID string) (StoreSettings, error) {
	if err := Validate(s); err != nil {
		return StoreSettings{}, err
	}
	k, err := settingsKey(t, s.AccountPlatformID)
	if err != nil {
		return StoreSettings{}, err
	}
	now := r.now().UTC()
	s.UpdatedBy, s.UpdatedAt = userID, &now
	s = normalize(s)
	rec := store.Record{Key: k, Type: "DealerSettings", Value: s, Version: version}
	if version == 0 {
		if err := r.s.Create(ctx, rec); err != nil {
			if apperr.CodeOf(err) == apperr.Conflict {
				return StoreSettings{}, apperr.Wrap(apperr.Conflict, err, "The dealer settings were changed by someone else. Reload them and try again.")
			}
			return StoreSettings{}, err
		}
		return StoreSettings{Settings: s, Version: 1}, nil
	}
	v, err := r.s.Update(ctx, rec)
	if apperr.CodeOf(err) == apperr.Conflict {
		return StoreSettings{}, apperr.Wrap(apperr.Conflict, err, "The dealer settings were changed by someone else. Reload them and try again.")
	}
	if err != nil {
		return StoreSettings{}, err
	}
	return StoreSettings{Settings: s, Version: v}, nil
}

// SetRelationship stores the dealer group's enterprise relationship. An existing one is a
// Conflict error.
func (r *Repo) SetRelationship(ctx context.Context, t store.Tenant, rel Relationship) error {
	k, err := relationshipKey(t)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, store.Record{Key: k, Type: "DealerRelationship", Value: rel})
}

// Relationship returns the dealer group's enterprise relationship. A group without one is a
// NotFound error.
func (r *Repo) Relationship(ctx context.Context, t store.Tenant) (Relationship, error) {
	k, err := relationshipKey(t)
	if err != nil {
		return Relationship{}, err
	}
	var rel Relationship
	if _, err := r.s.Get(ctx, k, &rel); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Relationship{}, apperr.Errorf(apperr.NotFound, "The dealer group has no enterprise relationship.")
		}
		return Relationship{}, fmt.Errorf("get dealer relationship: %w", err)
	}
	return rel, nil
}
