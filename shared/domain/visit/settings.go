package visit

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Touchpoint is one kind of visit as a store sets it up: whether it is in use and its steps.
type Touchpoint struct {
	TouchpointID int64         `json:"touchpointId" doc:"1 for showroom, 2 for delivery."`
	Slug         string        `json:"slug" enum:"showroom,delivery"`
	Name         string        `json:"name" required:"false" doc:"Showroom or Delivery, from the slug; what is sent is not kept."`
	IsEnabled    bool          `json:"isEnabled"`
	Items        []ItemSetting `json:"items" maxItems:"20" doc:"The steps, in the order they are walked."`
}

// ItemSetting is one step of a touchpoint.
type ItemSetting struct {
	Slug      string `json:"itemSlug" maxLength:"40" doc:"The step's id in the touchpoint: lower-case letters, digits and hyphens."`
	Name      string `json:"name" maxLength:"60"`
	IsEnabled bool   `json:"isEnabled" doc:"A disabled step is not part of new visits."`
}

// Settings are a store's touchpoints.
type Settings struct {
	AccountPlatformID int64        `json:"accountPlatformId"`
	Touchpoints       []Touchpoint `json:"touchpoints"`
	Version           int64        `json:"version" doc:"The version read; 0 while the store uses the defaults. A save sends it back, and a stale version is refused with 409."`
}

// Touchpoint returns the settings' touchpoint slug; false when it has none.
func (s Settings) Touchpoint(slug string) (Touchpoint, bool) {
	i := slices.IndexFunc(s.Touchpoints, func(tp Touchpoint) bool { return tp.Slug == slug })
	if i < 0 {
		return Touchpoint{}, false
	}
	return s.Touchpoints[i], true
}

// TouchpointID returns the id of touchpoint slug (0 for none).
func TouchpointID(slug string) int64 {
	switch slug {
	case KindShowroom:
		return 1
	case KindDelivery:
		return 2
	}
	return 0
}

// DefaultSettings are the touchpoints of a store that saved none.
func DefaultSettings(storeID int64) Settings {
	items := func(names ...string) []ItemSetting {
		out := make([]ItemSetting, 0, len(names))
		for _, n := range names {
			out = append(out, ItemSetting{Slug: Slugify(n), Name: n, IsEnabled: true})
		}
		return out
	}
	return Settings{AccountPlatformID: storeID, Touchpoints: []Touchpoint{
		{TouchpointID: 1, Slug: KindShowroom, Name: "Showroom", IsEnabled: true,
			Items: items("Greet", "Needs analysis", "Test drive", "Appraisal", "Desk/Numbers", "F&I")},
		{TouchpointID: 2, Slug: KindDelivery, Name: "Delivery", IsEnabled: true,
			Items: items("Paperwork", "Vehicle walkaround", "Technology setup", "Keys handed over")},
	}}
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// Slugify returns the step slug of name: lower case, words joined by hyphens.
func Slugify(name string) string {
	name = strings.ReplaceAll(strings.ToLower(name), "&", "")
	return strings.Trim(nonSlug.ReplaceAllString(name, "-"), "-")
}

var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// normalizeSettings checks s and fills what the server owns: both touchpoints, each once,
// with 1 to 20 steps of unique slugs and names. Field errors name the fields by their path.
func normalizeSettings(s Settings) (Settings, error) {
	fields := map[string]string{}
	seen := map[string]bool{}
	for i, tp := range s.Touchpoints {
		p := fmt.Sprintf("touchpoints[%d]", i)
		if !slices.Contains(Kinds(), tp.Slug) {
			fields[p+".slug"] = "Choose showroom or delivery."
			continue
		}
		if seen[tp.Slug] {
			fields[p+".slug"] = "Each touchpoint is set once."
		}
		seen[tp.Slug] = true
		s.Touchpoints[i].TouchpointID, s.Touchpoints[i].Name = TouchpointID(tp.Slug), KindName(tp.Slug)
		if len(tp.Items) == 0 || len(tp.Items) > 20 {
			fields[p+".items"] = "A touchpoint has 1 to 20 steps."
		}
		slugs := map[string]bool{}
		for j, it := range tp.Items {
			q := fmt.Sprintf("%s.items[%d]", p, j)
			it.Name = strings.TrimSpace(it.Name)
			if it.Slug == "" {
				it.Slug = Slugify(it.Name)
			}
			if it.Name == "" || len([]rune(it.Name)) > 60 {
				fields[q+".name"] = "Enter the step's name (at most 60 characters)."
			}
			if !slugPattern.MatchString(it.Slug) {
				fields[q+".itemSlug"] = "Use lower-case letters, digits and hyphens (at most 40)."
			} else if slugs[it.Slug] {
				fields[q+".itemSlug"] = "Each step of a touchpoint needs its own id."
			}
			slugs[it.Slug] = true
			s.Touchpoints[i].Items[j] = it
		}
	}
	for _, k := range Kinds() {
		if !seen[k] && len(fields) == 0 {
			fields["touchpoints"] = "Set both touchpoints: showroom and delivery."
		}
	}
	if len(fields) > 0 {
		return Settings{}, apperr.InvalidFields("The touchpoint settings are not valid.", fields)
	}
	slices.SortFunc(s.Touchpoints, func(a, b Touchpoint) int { return int(a.TouchpointID - b.TouchpointID) })
	return s, nil
}

func settingsKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key("TPSET", "TPSET", strconv.FormatInt(storeID, 10))
}

// Settings returns the touchpoint settings of store storeID: the saved ones, else the
// defaults at version 0.
func (r *Repo) Settings(ctx context.Context, t store.Tenant, storeID int64) (Settings, error) {
	k, err := settingsKey(t, storeID)
	if err != nil {
		return Settings{}, err
	}
	var s Settings
	v, err := r.s.Get(ctx, k, &s)
	if apperr.CodeOf(err) == apperr.NotFound {
		return DefaultSettings(storeID), nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("get touchpoint settings of %d: %w", storeID, err)
	}
	s.AccountPlatformID, s.Version = storeID, v
	return s, nil
}

// SaveSettings saves the touchpoint settings s of its store, read at s.Version (0: the
// defaults), and returns them at their new version. Invalid settings are an Invalid error, a
// stale version a Conflict error; nothing is written then. Visits already started keep their
// steps.
func (r *Repo) SaveSettings(ctx context.Context, t store.Tenant, s Settings) (Settings, error) {
	s, err := normalizeSettings(s)
	if err != nil {
		return Settings{}, err
	}
	k, err := settingsKey(t, s.AccountPlatformID)
	if err != nil {
		return Settings{}, err
	}
	read := s.Version
	s.Version = 0
	rec := store.Record{Key: k, Type: "TouchpointSettings", Value: s, Version: read}
	if read == 0 {
		err = r.s.Create(ctx, rec)
		s.Version = 1
	} else {
		s.Version, err = r.s.Update(ctx, rec)
	}
	if apperr.CodeOf(err) == apperr.Conflict {
		return Settings{}, apperr.Errorf(apperr.Conflict, "The touchpoint settings were changed by someone else. Reload them and try again.")
	}
	if err != nil {
		return Settings{}, fmt.Errorf("save touchpoint settings of %d: %w", s.AccountPlatformID, err)
	}
	return s, nil
}
