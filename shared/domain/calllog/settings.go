package calllog

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
	"github.com/cxm/cxm/shared/value/phone"
)

// EventArchiveDue is the type of the event a store's archive timer fires; its detail is an
// ArchiveDue.
const EventArchiveDue = "CallArchiveDue"

// Limits of the auto-archive settings and provider phones.
const (
	MinArchiveDays = 1
	MaxArchiveDays = 365
	MaxPhones      = 5
)

// ArchiveSettings are a store's auto-archive settings: calls that started more than Days days
// ago are archived (kept, and left out of the Call Log unless archived calls are asked for).
type ArchiveSettings struct {
	AccountPlatformID int64 `json:"accountPlatformId"`
	Enabled           bool  `json:"enabled"`
	Days              int   `json:"days" doc:"Calls older than this many days are archived (1 to 365)."`
	// LastRunAt is when the archive last ran for the store.
	LastRunAt *time.Time `json:"lastRunAt,omitempty" required:"false" readOnly:"true"`
	Version   int64      `json:"version" readOnly:"true" doc:"0 for settings never saved."`
}

// ArchiveDue is the detail of EventArchiveDue.
type ArchiveDue struct {
	AccountPlatformID int64 `json:"accountPlatformId"`
	// Version is the settings' version the timer was set for: a timer of older settings does
	// nothing.
	Version int64 `json:"version"`
}

// ArchiveEvery is how often a store's archive runs.
const ArchiveEvery = 24 * time.Hour

func settingsKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key("ARCHIVE", "CALLSET", storePart(storeID))
}

func archiveTimerID(storeID, version int64) string {
	return "callarchive-" + storePart(storeID) + "-" + strconv.FormatInt(version, 10)
}

// ArchiveSettings returns store storeID's auto-archive settings: disabled, 90 days, for a
// store that never saved any.
func (r *Repo) ArchiveSettings(ctx context.Context, t store.Tenant, storeID int64) (ArchiveSettings, error) {
	k, err := settingsKey(t, storeID)
	if err != nil {
		return ArchiveSettings{}, err
	}
	var s ArchiveSettings
	v, err := r.s.Get(ctx, k, &s)
	if apperr.CodeOf(err) == apperr.NotFound {
		return ArchiveSettings{AccountPlatformID: storeID, Days: 90}, nil
	}
	if err != nil {
		return ArchiveSettings{}, fmt.Errorf("get archive settings of %d: %w", storeID, err)
	}
	s.Version = v
	return s, nil
}

// SaveArchiveSettings saves s, read at s.Version (0 for settings never saved), and, when it
// enables the archive, sets the timer of its first run (due now) in the same transaction.
// Days out of range is an Invalid error; another version a Conflict error.
func (r *Repo) SaveArchiveSettings(ctx context.Context, t store.Tenant, s ArchiveSettings) (ArchiveSettings, error) {
	if s.Days < MinArchiveDays || s.Days > MaxArchiveDays {
		return ArchiveSettings{}, apperr.InvalidFields("The auto-archive settings are not valid.", map[string]string{"days": fmt.Sprintf("Enter %d to %d days.", MinArchiveDays, MaxArchiveDays)})
	}
	k, err := settingsKey(t, s.AccountPlatformID)
	if err != nil {
		return ArchiveSettings{}, err
	}
	prev, err := r.ArchiveSettings(ctx, t, s.AccountPlatformID)
	if err != nil {
		return ArchiveSettings{}, err
	}
	if prev.Version != s.Version {
		return ArchiveSettings{}, apperr.Errorf(apperr.Conflict, "The auto-archive settings were changed by someone else. Reload them and try again.")
	}
	s.LastRunAt = prev.LastRunAt
	rec := store.Record{Key: k, Type: "CallArchiveSettings", Value: s, Version: s.Version}
	op := store.UpdateOp(rec)
	if s.Version == 0 {
		op = store.CreateOp(rec)
	}
	ops := []store.Op{op}
	next := s.Version + 1
	if s.Enabled {
		detail, _ := json.Marshal(ArchiveDue{AccountPlatformID: s.AccountPlatformID, Version: next})
		tm, err := timer.Op(t, timer.Timer{ID: archiveTimerID(s.AccountPlatformID, next), Due: r.now(), Type: EventArchiveDue, Detail: detail}, r.now())
		if err != nil {
			return ArchiveSettings{}, err
		}
		ops = append(ops, tm)
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return ArchiveSettings{}, apperr.Wrap(apperr.Conflict, err, "The auto-archive settings were changed by someone else. Reload them and try again.")
		}
		return ArchiveSettings{}, fmt.Errorf("save archive settings of %d: %w", s.AccountPlatformID, err)
	}
	s.Version = next
	return s, nil
}

// RunArchive runs the archive that due announces: when the store's settings are still those
// of the timer and enabled, it archives every call that started more than the settings' days
// ago, records the run and sets the timer of the next run (ArchiveEvery later). It returns how
// many calls it archived. Run again for the same due (a redelivered event), it archives
// nothing more and sets no second timer.
func (r *Repo) RunArchive(ctx context.Context, t store.Tenant, due ArchiveDue) (int, error) {
	s, err := r.ArchiveSettings(ctx, t, due.AccountPlatformID)
	if err != nil {
		return 0, err
	}
	if !s.Enabled || s.Version != due.Version {
		return 0, nil
	}
	now := r.now().UTC()
	n, err := r.ArchiveBefore(ctx, t, due.AccountPlatformID, now.AddDate(0, 0, -s.Days))
	if err != nil {
		return n, err
	}
	// The next run's timer goes with the run's record, so a redelivery that finds it set
	// does not set another. Its id counts runs by their day.
	s.LastRunAt = &now
	k, err := settingsKey(t, due.AccountPlatformID)
	if err != nil {
		return n, err
	}
	detail, _ := json.Marshal(ArchiveDue{AccountPlatformID: due.AccountPlatformID, Version: s.Version + 1})
	tm, err := timer.Op(t, timer.Timer{ID: archiveTimerID(due.AccountPlatformID, s.Version+1), Due: now.Add(ArchiveEvery), Type: EventArchiveDue, Detail: detail}, now)
	if err != nil {
		return n, err
	}
	err = r.s.Transact(ctx, store.UpdateOp(store.Record{Key: k, Type: "CallArchiveSettings", Value: s, Version: s.Version}), tm)
	if apperr.CodeOf(err) == apperr.Conflict {
		// The settings changed meanwhile: their own timer runs the archive.
		return n, nil
	}
	if err != nil {
		return n, fmt.Errorf("record the archive run of %d: %w", due.AccountPlatformID, err)
	}
	return n, nil
}

// ArchiveBefore archives every call of store storeID that started before before and is not
// archived, and returns how many it archived.
func (r *Repo) ArchiveBefore(ctx context.Context, t store.Tenant, storeID int64, before time.Time) (int, error) {
	var todo []Call
	err := r.Each(ctx, t, storeID, time.Time{}, before, func(c Call) error {
		if !c.Archived {
			todo = append(todo, c)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range todo {
		_, err := r.update(ctx, t, storeID, c.ID, c.Version, func(c *Call) error { c.Archived = true; return nil }, nil)
		if apperr.CodeOf(err) == apperr.Conflict {
			// Changed since the read: the next run archives it.
			continue
		}
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// ProviderPhone is one of a user's phones at a store, which the call-tracking provider rings
// for the user's click-to-calls and by which it names the user who took a call.
type ProviderPhone struct {
	Phone     string `json:"phone" doc:"The phone in E.164."`
	Label     string `json:"label" maxLength:"40"`
	IsDefault bool   `json:"isDefault"`
}

type phonesItem struct {
	UserID            string
	UserName          string
	AccountPlatformID int64
	Phones            []ProviderPhone
}

type ownerItem struct {
	UserID   string
	UserName string
}

func phonesKey(t store.Tenant, userID string, storeID int64) (store.Key, error) {
	if userID == "" || strings.Contains(userID, "#") {
		return store.Key{}, apperr.Errorf(apperr.NotFound, "The user does not exist.")
	}
	return t.Key("S#"+storePart(storeID), "UPHONES", userID)
}

func ownerKey(t store.Tenant, storeID int64, e164 string) (store.Key, error) {
	return t.Key("PHONE", "CALLPHONE", storePart(storeID), e164)
}

// UserPhones returns userID's provider phones at store storeID (none when never saved).
func (r *Repo) UserPhones(ctx context.Context, t store.Tenant, userID string, storeID int64) ([]ProviderPhone, int64, error) {
	k, err := phonesKey(t, userID, storeID)
	if err != nil {
		return nil, 0, err
	}
	var it phonesItem
	v, err := r.s.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return []ProviderPhone{}, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("get provider phones of %s: %w", userID, err)
	}
	if it.Phones == nil {
		it.Phones = []ProviderPhone{}
	}
	return it.Phones, v, nil
}

// SaveUserPhone adds phone p to userID's provider phones at store storeID (or relabels it),
// making it the default when it is the first or asks to be, and points the store's phone at
// the user, so the calls it takes are logged by the user. A number that is not a phone is an
// Invalid error; more than MaxPhones an Invalid error; a phone of another user of the store a
// Conflict error.
func (r *Repo) SaveUserPhone(ctx context.Context, t store.Tenant, userID, userName string, storeID int64, p ProviderPhone) ([]ProviderPhone, error) {
	e, err := phone.E164(p.Phone, "")
	if err != nil {
		return nil, apperr.InvalidFields("The phone is not valid.", map[string]string{"phone": "Enter a phone number: 10 digits, or + and the country code."})
	}
	p.Phone, p.Label = e, strings.TrimSpace(p.Label)
	if len(p.Label) > 40 {
		return nil, apperr.InvalidFields("The phone is not valid.", map[string]string{"label": "The label must be at most 40 characters."})
	}
	for attempt := 0; ; attempt++ {
		phones, v, err := r.UserPhones(ctx, t, userID, storeID)
		if err != nil {
			return nil, err
		}
		out, found := []ProviderPhone{}, false
		for _, q := range phones {
			if q.Phone == p.Phone {
				q.Label, found = p.Label, true
				q.IsDefault = q.IsDefault || p.IsDefault
			} else if p.IsDefault {
				q.IsDefault = false
			}
			out = append(out, q)
		}
		if !found {
			if len(out) >= MaxPhones {
				return nil, apperr.InvalidFields("The phone is not valid.", map[string]string{"phone": fmt.Sprintf("A user has at most %d phones per store.", MaxPhones)})
			}
			p.IsDefault = p.IsDefault || len(out) == 0
			out = append(out, p)
		}
		ok, err := ownerKey(t, storeID, p.Phone)
		if err != nil {
			return nil, err
		}
		var owner ownerItem
		if _, err := r.s.Get(ctx, ok, &owner); err == nil && owner.UserID != userID {
			return nil, apperr.Errorf(apperr.Conflict, "The phone %s is another user's at this store.", p.Phone)
		}
		k, err := phonesKey(t, userID, storeID)
		if err != nil {
			return nil, err
		}
		rec := store.Record{Key: k, Type: "ProviderPhones", Value: phonesItem{UserID: userID, UserName: userName, AccountPlatformID: storeID, Phones: out}, Version: v}
		op := store.UpdateOp(rec)
		if v == 0 {
			op = store.CreateOp(rec)
		}
		err = r.s.Transact(ctx, op, store.PutOp(store.Record{Key: ok, Type: "ProviderPhoneOwner", Value: ownerItem{UserID: userID, UserName: userName}}))
		if apperr.CodeOf(err) == apperr.Conflict && attempt < maxAttempts {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("save provider phone of %s: %w", userID, err)
		}
		return out, nil
	}
}

// PhoneOwner returns the user whose provider phone at store storeID is e164; ok is false for
// a phone of nobody.
func (r *Repo) PhoneOwner(ctx context.Context, t store.Tenant, storeID int64, e164 string) (Actor, bool, error) {
	if e164 == "" {
		return Actor{}, false, nil
	}
	k, err := ownerKey(t, storeID, e164)
	if err != nil {
		return Actor{}, false, err
	}
	var o ownerItem
	if _, err := r.s.Get(ctx, k, &o); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Actor{}, false, nil
		}
		return Actor{}, false, err
	}
	return Actor{UserID: o.UserID, UserName: o.UserName}, true, nil
}
