package merge

import (
	"time"

	"github.com/cxm/cxm/shared/domain/merge"
)

// MergeSession is a merge session as the area's calls answer it.
type MergeSession struct {
	ID                string               `json:"id"`
	UserID            string               `json:"userId"`
	AccountPlatformID int64                `json:"accountPlatformId"`
	Contacts          []MergeSessionMember `json:"contacts" doc:"At most two."`
	Created           time.Time            `json:"created"`
	Updated           time.Time            `json:"updated"`
}

// MergeSessionMember is a contact in a merge session.
type MergeSessionMember struct {
	ContactID int64     `json:"contactId"`
	Added     time.Time `json:"added"`
	// Details tell the session's contacts apart when their names are the same.
	Details *MergeMemberDetails `json:"details" doc:"What tells the contact apart from the other: null when the contact can no longer be read (merged or removed meanwhile)."`
}

// MergeMemberDetails are what tells two contacts of a merge apart: where and when each was
// created, how to reach them, and how much is going on with each.
type MergeMemberDetails struct {
	_ struct{} `nullable:"true"`

	Name         string     `json:"name"`
	StoreName    string     `json:"storeName"`
	Phones       []string   `json:"phones" doc:"Display forms, preferred first."`
	Emails       []string   `json:"emails" doc:"Preferred first."`
	Address      string     `json:"address" doc:"The primary address on one line; empty when none."`
	Created      time.Time  `json:"created"`
	CreatedBy    string     `json:"createdBy" doc:"The name of the user who created the contact; empty for an import or an integration."`
	LastActivity *time.Time `json:"lastActivity" doc:"The last activity logged with the customer; null when none."`
	OpenLeads    int        `json:"openLeads" doc:"Leads that are active or sold pending."`
	Leads        int        `json:"leads" doc:"Every lead, open or not."`
}

// MergeEmail is an e-mail address of a merged contact.
type MergeEmail merge.Email

// MergePhone is a phone of a merged contact.
type MergePhone merge.Phone

// MergeAddress is an address of a merged contact.
type MergeAddress merge.Address

// MergeRef names a record of a contact: a vehicle, lead, note, task or activity.
type MergeRef merge.Ref

// MergeChange is one change of the survivor, as the change log records it.
type MergeChange merge.Change

// MergeContact is a contact of a merge.
type MergeContact struct {
	ContactID         int64          `json:"contactId"`
	AccountPlatformID int64          `json:"accountPlatformId"`
	FirstName         string         `json:"firstName"`
	MiddleName        string         `json:"middleName,omitempty"`
	LastName          string         `json:"lastName"`
	NickName          string         `json:"nickName,omitempty"`
	BusinessName      string         `json:"businessName,omitempty"`
	Suffix            string         `json:"suffix,omitempty"`
	BirthMonth        int            `json:"birthMonth,omitempty"`
	BirthDay          int            `json:"birthDay,omitempty"`
	BirthYear         int            `json:"birthYear,omitempty"`
	Gender            string         `json:"gender,omitempty"`
	Emails            []MergeEmail   `json:"emails"`
	Phones            []MergePhone   `json:"phones"`
	Addresses         []MergeAddress `json:"addresses"`
	Tags              []string       `json:"tags"`
	IsDoNotCall       bool           `json:"isDoNotCall"`
	IsDoNotEmail      bool           `json:"isDoNotEmail"`
	IsDoNotText       bool           `json:"isDoNotText"`
	IsDoNotMail       bool           `json:"isDoNotMail"`
	OptOutAll         bool           `json:"optOutAll"`
	SMSOptedOut       bool           `json:"smsOptedOut"`
	IsMarkedHot       bool           `json:"isMarkedHot"`
	Vehicles          []MergeRef     `json:"vehicles"`
	Leads             []MergeRef     `json:"leads"`
	Notes             []MergeRef     `json:"notes"`
	Tasks             []MergeRef     `json:"tasks"`
	Activities        []MergeRef     `json:"activities"`
}

// MergeMoved are the records that move from the merged contact to the survivor.
type MergeMoved struct {
	Vehicles   []MergeRef `json:"vehicles"`
	Leads      []MergeRef `json:"leads"`
	Notes      []MergeRef `json:"notes"`
	Tasks      []MergeRef `json:"tasks"`
	Activities []MergeRef `json:"activities"`
}

// MergeResult is a merge: the survivor as it becomes, the contact merged into it as it was,
// the records that move and the survivor's changes.
type MergeResult struct {
	Survivor MergeContact  `json:"survivor"`
	Merged   MergeContact  `json:"merged"`
	Moved    MergeMoved    `json:"moved"`
	Changes  []MergeChange `json:"changes"`
}

// MergeDeleted is the data of a deleted session.
type MergeDeleted struct {
	Deleted bool   `json:"deleted"`
	Message string `json:"message" doc:"'Contact merge session has been deleted successfully'; the web app shows it unless the deletion is silent."`
}

func convert[T, V any](in []T, f func(T) V) []V {
	out := make([]V, 0, len(in))
	for _, e := range in {
		out = append(out, f(e))
	}
	return out
}

func refs(in []merge.Ref) []MergeRef {
	return convert(in, func(r merge.Ref) MergeRef { return MergeRef(r) })
}

func contactView(c merge.Contact) MergeContact {
	return MergeContact{
		ContactID: c.ContactID, AccountPlatformID: c.AccountPlatformID,
		FirstName: c.FirstName, MiddleName: c.MiddleName, LastName: c.LastName, NickName: c.NickName,
		BusinessName: c.BusinessName, Suffix: c.Suffix, BirthMonth: c.BirthMonth, BirthDay: c.BirthDay, BirthYear: c.BirthYear,
		Gender:      c.Gender,
		Emails:      convert(c.Emails, func(e merge.Email) MergeEmail { return MergeEmail(e) }),
		Phones:      convert(c.Phones, func(p merge.Phone) MergePhone { return MergePhone(p) }),
		Addresses:   convert(c.Addresses, func(a merge.Address) MergeAddress { return MergeAddress(a) }),
		Tags:        append([]string{}, c.Tags...),
		IsDoNotCall: c.IsDoNotCall, IsDoNotEmail: c.IsDoNotEmail, IsDoNotText: c.IsDoNotText, IsDoNotMail: c.IsDoNotMail,
		OptOutAll: c.OptOutAll, SMSOptedOut: c.SMSOptedOut, IsMarkedHot: c.IsMarkedHot,
		Vehicles: refs(c.Vehicles), Leads: refs(c.Leads), Notes: refs(c.Notes), Tasks: refs(c.Tasks), Activities: refs(c.Activities),
	}
}

func resultView(m merge.Merge) MergeResult {
	return MergeResult{
		Survivor: contactView(m.Survivor),
		Merged:   contactView(m.Merged),
		Moved: MergeMoved{
			Vehicles: refs(m.Moved.Vehicles), Leads: refs(m.Moved.Leads), Notes: refs(m.Moved.Notes),
			Tasks: refs(m.Moved.Tasks), Activities: refs(m.Moved.Activities),
		},
		Changes: convert(m.Changes, func(c merge.Change) MergeChange { return MergeChange(c) }),
	}
}
