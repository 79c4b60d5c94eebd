package dealer_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/google/go-cmp/cmp"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	valid := func() dealer.Settings {
		s := dealer.Defaults(7)
		s.NotificationRules = []dealer.NotificationRule{{Event: dealer.EventNewLead, Recipients: []string{role.SalesManager}, Channels: []string{dealer.ChannelEmail}, Enabled: true}}
		s.ReassignRules = []dealer.ReassignRule{{ToRole: role.BDCAgent, AfterMinutes: 30}}
		return s
	}
	tests := []struct {
		name  string
		edit  func(*dealer.Settings)
		field string
	}{
		{"valid", func(*dealer.Settings) {}, ""},
		{"no store", func(s *dealer.Settings) { s.AccountPlatformID = 0 }, "AccountPlatformID"},
		{"unknown event", func(s *dealer.Settings) { s.NotificationRules[0].Event = "Party" }, "NotificationRules[0].Event"},
		{"no recipients", func(s *dealer.Settings) { s.NotificationRules[0].Recipients = nil }, "NotificationRules[0].Recipients"},
		{"unknown channel", func(s *dealer.Settings) { s.NotificationRules[0].Channels = []string{"Fax"} }, "NotificationRules[0].Channels"},
		{"unknown target role", func(s *dealer.Settings) { s.ReassignRules[0].ToRole = "" }, "ReassignRules[0].ToRole"},
		{"unknown source role", func(s *dealer.Settings) { s.ReassignRules[0].FromRole = "Nobody" }, "ReassignRules[0].FromRole"},
		{"delay too long", func(s *dealer.Settings) { s.ReassignRules[0].AfterMinutes = dealer.MaxReassignMinutes + 1 }, "ReassignRules[0].AfterMinutes"},
		{"negative lead type", func(s *dealer.Settings) { s.ReassignRules[0].LeadTypeID = -1 }, "ReassignRules[0].LeadTypeId"},
		{"response time", func(s *dealer.Settings) { s.LeadSettings.ResponseTimeMinutes = -5 }, "LeadSettings.ResponseTimeMinutes"},
		{"finance push without provider", func(s *dealer.Settings) { s.PushToFinance = true }, "FinanceProvider"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid()
			tt.edit(&s)
			err := dealer.Validate(s)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate = %v, want nil", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid || e.Fields[tt.field] == "" {
				t.Errorf("Validate = %v, want invalid naming %s", err, tt.field)
			}
		})
	}
}

func TestCanEdit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		roles, perms []string
		want         bool
	}{
		{[]string{role.DealerAdmin}, nil, true},
		{[]string{role.MarketingManager}, []string{role.PermRulesAdmin}, true},
		{[]string{role.SalesManager}, []string{role.PermManagerDashboard, role.PermRulesViewOnly}, false},
		{nil, nil, false},
	}
	for _, tt := range tests {
		if got := dealer.CanEdit(tt.roles, tt.perms); got != tt.want {
			t.Errorf("CanEdit(%v, %v) = %v, want %v", tt.roles, tt.perms, got, tt.want)
		}
	}
}

func TestPushCapabilities(t *testing.T) {
	t.Parallel()
	stores := []account.Store{
		{AccountPlatformID: 2, Name: "A", Active: true},
		{AccountPlatformID: 1, Name: "B", Active: false},
		{AccountPlatformID: 3, Name: "C", Active: true},
		{AccountPlatformID: 4, Name: "D", Active: true},
	}
	settings := []dealer.StoreSettings{
		{Settings: dealer.Settings{AccountPlatformID: 1, PushToDms: true, PushToFinance: true}},
		{Settings: dealer.Settings{AccountPlatformID: 2, PushToDms: true}},
		{Settings: dealer.Settings{AccountPlatformID: 3, PushToFinance: true, IsBdcEnabled: true}},
	}
	got := dealer.PushCapabilities(stores, settings, []int64{1, 2, 3})
	want := []dealer.PushCapability{{AccountPlatformID: 2, PushToDms: true}, {AccountPlatformID: 3, PushToFinance: true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("push capabilities of the active selected stores (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int64{3}, dealer.BDCStores(settings)); diff != "" {
		t.Errorf("BDC stores (-want +got):\n%s", diff)
	}
}

func TestResponseTarget(t *testing.T) {
	t.Parallel()
	tests := []struct{ set, want int }{
		{0, dealer.DefaultResponseMinutes},
		{5, 5},
		{90, 90},
	}
	for _, tt := range tests {
		if got := (dealer.LeadFlags{ResponseTimeMinutes: tt.set}).ResponseTarget(); got != tt.want {
			t.Errorf("ResponseTarget of %d = %d, want %d", tt.set, got, tt.want)
		}
	}
	if got := dealer.Defaults(2001).LeadSettings.ResponseTarget(); got != dealer.DefaultResponseMinutes {
		t.Errorf("a store without settings has target %d, want %d", got, dealer.DefaultResponseMinutes)
	}
}
