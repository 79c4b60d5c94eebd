package consent

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Default quiet hours: no texts from 9 PM to 8 AM in the customer's time zone.
const (
	DefaultQuietStart = "21:00"
	DefaultQuietEnd   = "08:00"
	// MaxHelpText is the longest help text: two text segments.
	MaxHelpText = 306
)

// Settings are a store's texting settings.
type Settings struct {
	// QuietStart and QuietEnd (HH:MM, 24-hour) bound the quiet hours, in the customer's time
	// zone: no text is sent from QuietStart until QuietEnd. The same time twice means none.
	QuietStart string
	QuietEnd   string
	// HelpText answers HELP and INFO; "" is the default, which names the store.
	HelpText string
}

// DefaultSettings returns the settings of a store that saved none.
func DefaultSettings() Settings {
	return Settings{QuietStart: DefaultQuietStart, QuietEnd: DefaultQuietEnd}
}

// StoreRules is a store as the consent rules read it: its place (country and time zone) and
// its texting settings. Read it once (Rules) and check any number of sends with it.
type StoreRules struct {
	tenant   store.Tenant
	Store    account.Store
	Settings Settings
	// Version is the settings' version; 0 when the store saved none.
	Version int64
}

// Help returns the text that answers HELP.
func (st StoreRules) Help() string {
	if st.Settings.HelpText != "" {
		return st.Settings.HelpText
	}
	return fmt.Sprintf("%s: texts about your vehicle and visits. Msg & data rates may apply. Reply STOP to opt out, START to opt back in.", st.Store.Name)
}

// OptOutConfirmation is the one text that confirms an opt-out.
func (st StoreRules) OptOutConfirmation() string {
	return fmt.Sprintf("%s: you are unsubscribed and will get no more texts from us. Reply START to subscribe again.", st.Store.Name)
}

// OptInConfirmation is the text that confirms a re-subscription.
func (st StoreRules) OptInConfirmation() string {
	return fmt.Sprintf("%s: you are subscribed to our texts again. Reply STOP to opt out, HELP for help.", st.Store.Name)
}

func settingsKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key("SETTINGS", "CONSENT", storePart(storeID))
}

// settingsItem is a store's texting settings as the table holds them.
type settingsItem struct {
	QuietStart, QuietEnd, HelpText string
}

// Rules returns the consent rules of store st of tenant t: its settings, or the defaults. A
// store of another tenant is a NotFound error.
func (r *Repo) Rules(ctx context.Context, t store.Tenant, st account.Store) (StoreRules, error) {
	if t.IsZero() || t.Account() != strconv.FormatInt(st.AccountID, 10) || st.AccountPlatformID < 1 {
		return StoreRules{}, apperr.Errorf(apperr.NotFound, "The store does not exist.")
	}
	k, err := settingsKey(t, st.AccountPlatformID)
	if err != nil {
		return StoreRules{}, err
	}
	var it settingsItem
	v, err := r.s.Get(ctx, k, &it)
	switch {
	case apperr.CodeOf(err) == apperr.NotFound:
		return StoreRules{tenant: t, Store: st, Settings: DefaultSettings()}, nil
	case err != nil:
		return StoreRules{}, fmt.Errorf("read texting settings of store %d: %w", st.AccountPlatformID, err)
	}
	return StoreRules{tenant: t, Store: st, Settings: Settings(it), Version: v}, nil
}

// SaveSettings saves the texting settings of the store of st, which were read at st.Version,
// and returns the rules with them. Invalid settings are an Invalid error; settings changed
// since they were read are a Conflict error.
func (r *Repo) SaveSettings(ctx context.Context, st StoreRules, s Settings) (StoreRules, error) {
	if err := ValidateSettings(s); err != nil {
		return StoreRules{}, err
	}
	k, err := settingsKey(st.tenant, st.Store.AccountPlatformID)
	if err != nil {
		return StoreRules{}, err
	}
	rec := store.Record{Key: k, Type: "ConsentSettings", Value: settingsItem(s), Version: st.Version}
	v := int64(1)
	if st.Version == 0 {
		err = r.s.Create(ctx, rec)
	} else {
		v, err = r.s.Update(ctx, rec)
	}
	if apperr.CodeOf(err) == apperr.Conflict {
		return StoreRules{}, apperr.Wrap(apperr.Conflict, err, "The texting settings were changed by someone else. Reload them and try again.")
	}
	if err != nil {
		return StoreRules{}, fmt.Errorf("save texting settings of store %d: %w", st.Store.AccountPlatformID, err)
	}
	st.Settings, st.Version = s, v
	return st, nil
}

// ValidateSettings checks s: quiet hours as HH:MM and a help text of at most MaxHelpText
// characters.
func ValidateSettings(s Settings) error {
	fields := map[string]string{}
	if _, ok := clockMinutes(s.QuietStart); !ok {
		fields["quietStart"] = "Enter the start of the quiet hours as HH:MM (21:00)."
	}
	if _, ok := clockMinutes(s.QuietEnd); !ok {
		fields["quietEnd"] = "Enter the end of the quiet hours as HH:MM (08:00)."
	}
	if utf8.RuneCountInString(s.HelpText) > MaxHelpText {
		fields["helpText"] = fmt.Sprintf("The help text must be at most %d characters.", MaxHelpText)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The texting settings are not valid.", fields)
	}
	return nil
}

// clockMinutes returns the minutes after midnight of s (HH:MM).
func clockMinutes(s string) (int, bool) {
	t, err := time.Parse("15:04", s)
	if err != nil || len(s) != 5 {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// zones loads time zones once each: a check names a zone for every send.
type zones struct {
	mu   sync.RWMutex
	locs map[string]*time.Location
}

func newZones() *zones { return &zones{locs: map[string]*time.Location{}} }

// load returns zone name; "" or an unknown name is nil.
func (z *zones) load(name string) *time.Location {
	if name == "" {
		return nil
	}
	z.mu.RLock()
	l, ok := z.locs[name]
	z.mu.RUnlock()
	if ok {
		return l
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		l = nil
	}
	z.mu.Lock()
	z.locs[name] = l
	z.mu.Unlock()
	return l
}
