package calllog

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Messages of the Call Log.
const (
	MsgNotFound = "The call does not exist."
	MsgStale    = "The call was changed by someone else. Reload the Call Log and try again."
	MsgMatched  = "The call is matched to a customer already."
)

// SystemUser is the user of the activity entry of a call nobody at the store is known to
// have taken.
const (
	SystemUser     = "calltracking"
	SystemUserName = "Call tracking"
)

// Call is one call of the Call Log.
type Call struct {
	ID                string    `json:"id" readOnly:"true" doc:"The provider's id of the call."`
	AccountPlatformID int64     `json:"accountPlatformId" readOnly:"true"`
	Direction         string    `json:"direction" enum:"inbound,outbound" readOnly:"true"`
	CustomerPhone     string    `json:"customerPhone" readOnly:"true" doc:"The caller's number in E.164; empty when withheld."`
	CustomerName      string    `json:"customerName" readOnly:"true" doc:"The caller id name the carrier gave."`
	TrackingPhone     string    `json:"trackingPhone" readOnly:"true"`
	BusinessPhone     string    `json:"businessPhone" readOnly:"true"`
	Source            string    `json:"source" readOnly:"true"`
	Answered          bool      `json:"answered" readOnly:"true"`
	Voicemail         bool      `json:"voicemail" readOnly:"true"`
	DurationSeconds   int       `json:"durationSeconds" readOnly:"true"`
	RecordingURL      string    `json:"recordingUrl" readOnly:"true"`
	StartedAt         time.Time `json:"startedAt" readOnly:"true"`
	ReceivedAt        time.Time `json:"receivedAt" readOnly:"true"`
	// ContactID is the customer the call is matched to; 0 while unmatched.
	ContactID   int64  `json:"contactId" readOnly:"true"`
	ContactName string `json:"contactName" readOnly:"true"`
	// MatchedBy is "phone" (the caller's number is the customer's) or the id of the user
	// who matched it.
	MatchedBy      string `json:"matchedBy" readOnly:"true"`
	ActivityID     int64  `json:"activityId" readOnly:"true"`
	LoggedByUserID string `json:"loggedByUserId" readOnly:"true"`
	LoggedByName   string `json:"loggedByName" readOnly:"true"`
	Hidden         bool   `json:"hidden" readOnly:"true"`
	Archived       bool   `json:"archived" readOnly:"true"`
	Version        int64  `json:"version" readOnly:"true"`
}

// Matched reports whether c is matched to a customer.
func (c Call) Matched() bool { return c.ContactID > 0 }

// Customer is the customer a call is matched to.
type Customer struct {
	ContactID int64
	Name      string
}

// Actor is the user a change is made by, for the activity entry it writes.
type Actor struct {
	UserID, UserName, ActorUserID string
}

const timeLayout = "2006-01-02T15:04:05.000Z"

func storePart(storeID int64) string { return strconv.FormatInt(storeID, 10) }

func callKey(t store.Tenant, storeID int64, id string) (store.Key, error) {
	if id == "" || strings.ContainsAny(id, "#") {
		return store.Key{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	return t.Key("CALL", "CALL", storePart(storeID), id)
}

func storeIndexKey(t store.Tenant, c Call) (store.IndexKey, error) {
	return t.IndexKey("GSI1", c.StartedAt.UTC().Format(timeLayout)+"#"+c.ID, "CALLS", storePart(c.AccountPlatformID))
}

func (c Call) record(t store.Tenant) (store.Record, error) {
	k, err := callKey(t, c.AccountPlatformID, c.ID)
	if err != nil {
		return store.Record{}, err
	}
	ik, err := storeIndexKey(t, c)
	if err != nil {
		return store.Record{}, err
	}
	return store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: "Call", Value: c, Version: c.Version}, nil
}

// FromRecord returns the call of store storeID that provider record r describes, unmatched.
func FromRecord(storeID int64, r calltrack.Record) Call {
	return Call{ID: r.ProviderCallID, AccountPlatformID: storeID, Direction: r.Direction, CustomerPhone: r.CustomerPhone, CustomerName: r.CustomerName,
		TrackingPhone: r.TrackingPhone, BusinessPhone: r.BusinessPhone, Source: r.Source, Answered: r.Answered, Voicemail: r.Voicemail,
		DurationSeconds: r.DurationSeconds, RecordingURL: r.RecordingURL, StartedAt: r.StartedAt.UTC()}
}

// Duration formats seconds as "3m 05s".
func Duration(seconds int) string {
	if seconds < 60 {
		return fmt.Sprintf("%ds", seconds)
	}
	return fmt.Sprintf("%dm %02ds", seconds/60, seconds%60)
}

// DisplayPhone formats a North American E.164 number as (503) 555-0142, any other as it is.
func DisplayPhone(e164 string) string {
	if len(e164) == 12 && strings.HasPrefix(e164, "+1") {
		d := e164[2:]
		return "(" + d[:3] + ") " + d[3:6] + "-" + d[6:]
	}
	return e164
}

// entry is the activity entry of call c matched to customer m, by actor a.
func entry(c Call, m Customer, a Actor) activity.New {
	dir := activity.Inbound
	text := "Inbound call from " + DisplayPhone(c.CustomerPhone)
	if c.Direction == calltrack.DirectionOutbound {
		dir = activity.Outbound
		text = "Outbound call to " + DisplayPhone(c.CustomerPhone)
	}
	outcome := "no answer"
	switch {
	case c.Answered:
		outcome = "contacted"
		text += ", " + Duration(c.DurationSeconds)
	case c.Voicemail:
		outcome = "voicemail"
		text += ", voicemail"
	default:
		text += ", missed"
	}
	details := map[string]string{"callId": c.ID, "outcome": outcome, "durationSeconds": strconv.Itoa(c.DurationSeconds), "phone": DisplayPhone(c.CustomerPhone)}
	for k, v := range map[string]string{"source": c.Source, "recordingUrl": c.RecordingURL, "trackingPhone": DisplayPhone(c.TrackingPhone)} {
		if v != "" {
			details[k] = v
		}
	}
	if a.UserID == "" {
		a.UserID, a.UserName = SystemUser, SystemUserName
	}
	return activity.New{ContactID: m.ContactID, AccountPlatformID: c.AccountPlatformID, Kind: activity.KindCall, Direction: dir, Text: text,
		Details: details, UserID: a.UserID, UserName: a.UserName, ActorUserID: a.ActorUserID, Key: "calltracking:" + strconv.FormatInt(c.AccountPlatformID, 10) + ":" + c.ID}
}
