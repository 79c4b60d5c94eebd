package messages

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// SettingsPath is the path of a store's texting settings.
type SettingsPath struct {
	AccountPlatformID int64 `path:"accountPlatformId" minimum:"1" doc:"The store."`
}

// TextingSettings are a store's texting settings as the settings screen reads and saves them.
type TextingSettings struct {
	AccountPlatformID int64  `json:"accountPlatformId" readOnly:"true"`
	QuietStart        string `json:"quietStart" doc:"Start of the quiet hours (HH:MM, 24-hour) in the customer's time zone: no text is sent from then until quietEnd. The same time twice means no quiet hours."`
	QuietEnd          string `json:"quietEnd" doc:"End of the quiet hours (HH:MM, 24-hour)."`
	HelpText          string `json:"helpText" doc:"The answer to HELP and INFO; empty for the default, which names the store."`
	// DefaultHelpText is the answer to HELP when helpText is empty.
	DefaultHelpText string `json:"defaultHelpText" readOnly:"true"`
	// Version is the version the settings were read at (0 when the store saved none); a save
	// sends it back.
	Version int64 `json:"version" readOnly:"true"`
	// CanEdit is true when the caller may change the settings.
	CanEdit bool `json:"canEdit" readOnly:"true"`
}

// SaveSettingsInput is the request of PUT /api/texting/settings/{accountPlatformId}.
type SaveSettingsInput struct {
	SettingsPath
	Body struct {
		QuietStart string `json:"quietStart" maxLength:"5" doc:"Start of the quiet hours, HH:MM."`
		QuietEnd   string `json:"quietEnd" maxLength:"5" doc:"End of the quiet hours, HH:MM."`
		HelpText   string `json:"helpText" maxLength:"1000" doc:"The answer to HELP; empty for the default."`
		Version    int64  `json:"version" minimum:"0" doc:"The version the settings were read at; a stale version is refused with 409 and nothing changes."`
	}
}

func (a *area) registerSettings(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getTextingSettings",
		Method:      http.MethodGet,
		Path:        "/api/texting/settings/{accountPlatformId}",
		Summary:     "A store's texting settings",
		Description: "Not in the spec's list of calls: the quiet hours (in the customer's time zone) and the answer to HELP that every text of the store keeps to, with the version a save sends back. Everyone who may text the store's customers may read them.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SettingsPath) (*httpapi.Body[httpapi.Result[TextingSettings]], error) {
		sess, rules, err := a.settings(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(settingsOf(sess, rules))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveTextingSettings",
		Method:      http.MethodPut,
		Path:        "/api/texting/settings/{accountPlatformId}",
		Summary:     "Save a store's texting settings",
		Description: "Only users who administer the store (rules administrators and dealer admins) may save. Quiet hours are HH:MM; the help text at most 306 characters (two texts). The body carries the version the settings were read at; a stale version is refused with 409 and nothing changes. Texts sent from then on keep to the new settings.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SaveSettingsInput) (*httpapi.Body[httpapi.Result[TextingSettings]], error) {
		sess, rules, err := a.settings(ctx, in.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		if !dealer.CanEdit(sess.Profile.Roles, sess.Principal.Permissions) {
			return nil, apperr.Errorf(apperr.Forbidden, "Only rules administrators and dealer admins may change the texting settings.")
		}
		if in.Body.Version != rules.Version {
			return nil, apperr.Errorf(apperr.Conflict, "The texting settings were changed by someone else. Reload them and try again.")
		}
		saved, err := a.texts.Consent().SaveSettings(ctx, rules, consent.Settings{QuietStart: in.Body.QuietStart, QuietEnd: in.Body.QuietEnd, HelpText: in.Body.HelpText})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(settingsOf(sess, saved))), nil
	})
}

// settings returns the caller's session and the rules of store id: NotFound for a store the
// caller may not view, Forbidden for a caller who may not text.
func (a *area) settings(ctx context.Context, id int64) (user.Session, consent.StoreRules, error) {
	sess, err := a.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, consent.StoreRules{}, err
	}
	st, err := sess.Store(id)
	if err != nil {
		return user.Session{}, consent.StoreRules{}, err
	}
	if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(contact.EditRoles(), r) }) &&
		!dealer.CanEdit(sess.Profile.Roles, sess.Principal.Permissions) {
		return user.Session{}, consent.StoreRules{}, apperr.Errorf(apperr.Forbidden, "You may not text customers.")
	}
	rules, err := a.texts.Consent().Rules(ctx, sess.Principal.Tenant, st)
	if err != nil {
		return user.Session{}, consent.StoreRules{}, err
	}
	return sess, rules, nil
}

// settingsOf returns rules as the settings screen reads them.
func settingsOf(sess user.Session, rules consent.StoreRules) TextingSettings {
	def := rules
	def.Settings.HelpText = ""
	return TextingSettings{
		AccountPlatformID: rules.Store.AccountPlatformID,
		QuietStart:        rules.Settings.QuietStart,
		QuietEnd:          rules.Settings.QuietEnd,
		HelpText:          rules.Settings.HelpText,
		DefaultHelpText:   def.Help(),
		Version:           rules.Version,
		CanEdit:           dealer.CanEdit(sess.Profile.Roles, sess.Principal.Permissions),
	}
}
