package activity

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Kind is what an entry records.
type Kind string

// The kinds of entries.
const (
	KindPhoneCall       Kind = "phone_call"       // a call logged by a user
	KindOutboundCall    Kind = "outbound_call"    // a click-to-call started through call tracking
	KindCall            Kind = "call"             // a call the call-tracking provider recorded, matched to the customer
	KindNote            Kind = "note"             // a note logged by a user
	KindCustomerNote    Kind = "customer_note"    // a note of what the customer said or asked
	KindSentToDesking   Kind = "sent_to_desking"  // the customer was sent to desking
	KindProfileViewed   Kind = "profile_viewed"   // a user viewed a section of the profile
	KindDealsheetViewed Kind = "dealsheet_viewed" // a user viewed one of the customer's deal sheets
	KindDealsheet       Kind = "dealsheet"        // a change of a deal sheet: an offer, a sale, an unwind
	KindText            Kind = "text"
	KindEmail           Kind = "email"
	KindTask            Kind = "task"
	KindLead            Kind = "lead"
	KindVisit           Kind = "visit"
	KindMerge           Kind = "merge"
	KindGarage          Kind = "garage"      // a change of a vehicle of the customer's garage
	KindAppointment     Kind = "appointment" // an appointment set, rescheduled, confirmed, shown or cancelled
	KindProcess         Kind = "process"     // a process started for the customer, or a step of it submitted
)

// Category groups kinds for the feed's filter and the counts.
type Category string

// The categories.
const (
	CategoryPhone   Category = "phone"
	CategoryNote    Category = "note"
	CategoryText    Category = "text"
	CategoryEmail   Category = "email"
	CategoryTask    Category = "task"
	CategoryLead    Category = "lead"
	CategoryVisit   Category = "visit"
	CategoryDesking Category = "desking"
	CategoryView    Category = "view"
	CategorySystem  Category = "system"
)

// Categories returns every category in display order.
func Categories() []Category {
	return []Category{CategoryPhone, CategoryNote, CategoryText, CategoryEmail, CategoryTask, CategoryLead,
		CategoryVisit, CategoryDesking, CategoryView, CategorySystem}
}

// CategoryNames returns the categories' names, for enums.
func CategoryNames() []string {
	out := make([]string, 0, len(Categories()))
	for _, c := range Categories() {
		out = append(out, string(c))
	}
	return out
}

// Category returns the category of kind k ("" for an unknown kind).
func (k Kind) Category() Category {
	switch k {
	case KindPhoneCall, KindOutboundCall, KindCall:
		return CategoryPhone
	case KindNote, KindCustomerNote:
		return CategoryNote
	case KindSentToDesking, KindDealsheet:
		return CategoryDesking
	case KindProfileViewed, KindDealsheetViewed:
		return CategoryView
	case KindText:
		return CategoryText
	case KindEmail:
		return CategoryEmail
	case KindTask, KindAppointment, KindProcess:
		return CategoryTask
	case KindLead:
		return CategoryLead
	case KindVisit:
		return CategoryVisit
	case KindMerge, KindGarage:
		return CategorySystem
	}
	return ""
}

// IsNote reports whether entries of kind k are notes (listed by the notes calls).
func (k Kind) IsNote() bool { return k.Category() == CategoryNote }

// Direction is which way a conversation entry went.
type Direction string

// Directions.
const (
	Inbound  Direction = "inbound"
	Outbound Direction = "outbound"
)

// Channel is a conversation channel of the overview.
type Channel string

// Channels.
const (
	ChannelPhone Channel = "phone"
	ChannelText  Channel = "text"
	ChannelEmail Channel = "email"
)

// Channels returns the conversation channels.
func Channels() []Channel { return []Channel{ChannelPhone, ChannelText, ChannelEmail} }

// channel returns the conversation channel of category c, if it is one.
func channel(c Category) (Channel, bool) {
	switch c {
	case CategoryPhone:
		return ChannelPhone, true
	case CategoryText:
		return ChannelText, true
	case CategoryEmail:
		return ChannelEmail, true
	}
	return "", false
}

// Limits.
const (
	MaxTextLength   = 4000
	MaxDetails      = 20
	MaxDetailLength = 500
	MaxKeyLength    = 200
	DefaultPageSize = 25
	MaxPageSize     = 100
)

// Entry is one activity entry of a contact.
type Entry struct {
	ID int64 `json:"id" doc:"The entry's id; for a note, also the note's id."`
	// ContactID is the contact the entry was written under: for a contact that merged others,
	// possibly one of the merged contacts.
	ContactID         int64             `json:"contactId"`
	AccountPlatformID int64             `json:"accountPlatformId"`
	Kind              Kind              `json:"kind"`
	Category          Category          `json:"category"`
	Direction         Direction         `json:"direction,omitempty" required:"false"`
	Text              string            `json:"text"`
	Details           map[string]string `json:"details,omitempty" required:"false" doc:"What the kind records besides the text: a call's outcome and duration, a call id, a section or deal sheet viewed."`
	UserID            string            `json:"userId"`
	UserName          string            `json:"userName"`
	// ActorUserID is the real actor when the entry was made under impersonation.
	ActorUserID string    `json:"actorUserId,omitempty" required:"false"`
	At          time.Time `json:"at"`
}

// New is an entry to record.
type New struct {
	ContactID         int64
	AccountPlatformID int64
	Kind              Kind
	Direction         Direction
	Text              string
	Details           map[string]string
	UserID            string
	UserName          string
	ActorUserID       string
	// Key makes the write idempotent: a second write with the same key for the same contact
	// records nothing and returns the first entry. Empty for none.
	Key string
}

// validate checks n; field errors name the fields of n by their JSON names.
func (n New) validate() error {
	fields := map[string]string{}
	if n.ContactID < 1 {
		return apperr.Errorf(apperr.NotFound, "The customer does not exist.")
	}
	if n.Kind.Category() == "" {
		fields["kind"] = fmt.Sprintf("%q is not a kind of activity.", n.Kind)
	}
	if n.Direction != "" && n.Direction != Inbound && n.Direction != Outbound {
		fields["direction"] = "The direction must be inbound or outbound."
	}
	if n.Kind.IsNote() && strings.TrimSpace(n.Text) == "" {
		fields["text"] = "Enter the note's text."
	}
	if utf8.RuneCountInString(n.Text) > MaxTextLength {
		fields["text"] = fmt.Sprintf("The text must be at most %d characters.", MaxTextLength)
	}
	if len(n.Details) > MaxDetails {
		fields["details"] = fmt.Sprintf("At most %d details.", MaxDetails)
	}
	for _, k := range sortedKeys(n.Details) {
		if k == "" || utf8.RuneCountInString(n.Details[k]) > MaxDetailLength {
			fields["details."+k] = fmt.Sprintf("A detail needs a name and at most %d characters.", MaxDetailLength)
		}
	}
	if len(n.Key) > MaxKeyLength {
		fields["key"] = fmt.Sprintf("The key must be at most %d characters.", MaxKeyLength)
	}
	if n.UserID == "" {
		return apperr.Errorf(apperr.Internal, "activity without a user")
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The activity is not valid.", fields)
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// ChannelStats are a contact's conversation on one channel.
type ChannelStats struct {
	Channel        Channel    `json:"channel"`
	Inbound        int        `json:"inbound"`
	Outbound       int        `json:"outbound"`
	LastInboundAt  *time.Time `json:"lastInboundAt,omitempty" required:"false"`
	LastOutboundAt *time.Time `json:"lastOutboundAt,omitempty" required:"false"`
}

// CategoryCount is the number of entries of one category.
type CategoryCount struct {
	Category Category `json:"category"`
	Count    int      `json:"count"`
}

// Summary is a contact's counts per category and conversation overview.
type Summary struct {
	Total      int             `json:"total"`
	Categories []CategoryCount `json:"categories" doc:"Every category, in display order, with its count (0 included)."`
	Channels   []ChannelStats  `json:"channels" doc:"Every conversation channel (phone, text, email)."`
	// LastInboundAt and LastOutboundAt are the latest over every channel.
	LastInboundAt  *time.Time `json:"lastInboundAt,omitempty" required:"false"`
	LastOutboundAt *time.Time `json:"lastOutboundAt,omitempty" required:"false"`
	LastActivityAt *time.Time `json:"lastActivityAt,omitempty" required:"false"`
}

// Count returns the count of category c.
func (s Summary) Count(c Category) int {
	for _, cc := range s.Categories {
		if cc.Category == c {
			return cc.Count
		}
	}
	return 0
}
