// Package consent keeps the consent ledger of texting: for each store and phone number, every
// change of the customer's consent to be texted — who made it, when, how, and the message that
// made it — and decides, for every path that sends a text (a person, a template, an automated
// workflow task, the assistant, a bulk send, a reply in a thread), whether it may be sent now
// (Check).
//
// The ledger is append-only: each change is a new entry item, never edited in place. The
// ledger's current state is kept in a head item, written with a version in the same transaction
// as the entry and its ConsentChanged event (outbox). Of two changes at the same moment one
// commits first; the other reads the new head and appends after it, so no entry is lost, and
// the entries are numbered without gaps in the order they committed.
//
// Access patterns:
//
//	pattern                      index  key condition
//	a number's ledger head       table  PK = A#{acct}#CONSENT#{store}#{e164}, SK = HEAD
//	a number's ledger entries    table  PK = A#{acct}#CONSENT#{store}#{e164}, begins_with(SK, "E#"), by number
//	a store's texting settings   table  PK = A#{acct}#CONSENT#{store}, SK = SETTINGS
//
// Numbers are E.164 (+15035550134), so one number written two ways is one ledger.
package consent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/phone"
)

// EventType is the type of the event written with every ledger entry.
const EventType = "ConsentChanged"

// Who made a change: a user id, or one of these.
const (
	// WhoCustomer is the customer (a text they sent, a form they filled in).
	WhoCustomer = "customer"
	// WhoSystem is the product itself (a purchase or an inquiry it recorded).
	WhoSystem = "system"
)

// How is the way a change was given.
type How string

// Ways a change is given.
const (
	// HowKeyword is a keyword texted by the customer (STOP, START, ...).
	HowKeyword How = "Keyword"
	// HowFreeText is a request in words texted by the customer ("please stop texting me").
	HowFreeText How = "FreeText"
	// HowWebForm is a form the customer filled in (the store's web site, a kiosk).
	HowWebForm How = "WebForm"
	// HowImport is a list imported by a user (a DMS's opt-outs, a consent list).
	HowImport How = "Import"
	// HowPurchase is a purchase: implied consent under CASL for two years.
	HowPurchase How = "Purchase"
	// HowInquiry is an inquiry (a lead): implied consent under CASL for six months.
	HowInquiry How = "Inquiry"
	// HowExpress is consent or a refusal the customer gave a person, recorded by that user.
	HowExpress How = "Express"
)

// Hows returns every way a change is given.
func Hows() []How {
	return []How{HowKeyword, HowFreeText, HowWebForm, HowImport, HowPurchase, HowInquiry, HowExpress}
}

// Kind is what a change does.
type Kind string

// Kinds of change.
const (
	// KindOptOut opts the number out: nothing may be texted to it.
	KindOptOut Kind = "OptOut"
	// KindOptIn opts the number back in; only the customer can (a keyword or a form).
	KindOptIn Kind = "OptIn"
	// KindExpress records express consent (what CASL asks of Canadian stores). Given by the
	// customer it also lifts an opt-out; recorded by a user or an import it does not: only the
	// customer takes back their own opt-out.
	KindExpress Kind = "ExpressConsent"
	// KindImplied records a purchase or an inquiry, the implied consent of CASL.
	KindImplied Kind = "ImpliedConsent"
)

// State is a number's texting state in a store's ledger.
type State string

// States of a ledger.
const (
	// StateNone is a number with no entry, or with consent entries only.
	StateNone State = ""
	// StateOptedIn is a number whose customer opted in (or back in).
	StateOptedIn State = "OptedIn"
	// StateOptedOut is a number nothing may be texted to.
	StateOptedOut State = "OptedOut"
)

// Limits of an entry.
const (
	MaxMessage = 1600
	MaxWho     = 64
)

// Change is one change to record in a ledger.
type Change struct {
	Kind Kind
	How  How
	// Who is a user id, WhoCustomer or WhoSystem.
	Who string
	// Message is the text that made the change: the customer's text, the form's wording, a
	// user's note of what the customer said.
	Message string
	// ContactID is the customer the number belongs to; 0 when not known.
	ContactID int64
	// On is when a purchase, an inquiry or express consent happened, for those recorded later
	// (an import); zero is the time of recording.
	On time.Time
}

// Entry is one change as the ledger keeps it.
type Entry struct {
	// Seq numbers the entries of a ledger from 1, in the order they committed.
	Seq       int64
	At        time.Time
	Phone     string
	StoreID   int64
	Kind      Kind
	How       How
	Who       string
	Message   string
	ContactID int64
	On        time.Time
}

// Status is the current state of a number's ledger, derived from its entries.
type Status struct {
	Phone   string
	StoreID int64
	State   State
	// ChangedAt, ChangedBy, ChangedHow and Message are of the entry that last set State.
	ChangedAt  time.Time
	ChangedBy  string
	ChangedHow How
	Message    string
	// OptOutConfirmed reports whether the customer has been sent the confirmation of the
	// current opt-out: it is sent once.
	OptOutConfirmed bool
	// The latest purchase, inquiry and express consent; zero for none.
	LastPurchase   time.Time
	LastInquiry    time.Time
	ExpressConsent time.Time
	// ContactID is the latest customer an entry named.
	ContactID int64
	// Entries is how many entries the ledger has.
	Entries int64
	Version int64
}

// Repo keeps consent ledgers and stores' texting settings.
type Repo struct {
	s     *store.Store
	zones *zones
}

// NewRepo returns a repository over s; it reads the time from s's clock.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, zones: newZones()} }

// storePart is the partition part of store id.
func storePart(id int64) string { return strconv.FormatInt(id, 10) }

func headKey(t store.Tenant, storeID int64, e164 string) (store.Key, error) {
	return t.Key("HEAD", "CONSENT", storePart(storeID), e164)
}

func entryKey(t store.Tenant, storeID int64, e164 string, seq int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("E#%012d", seq), "CONSENT", storePart(storeID), e164)
}

// E164 returns number in E.164 form, reading a number without a country code as one of
// country ("US", "CA", "GB", "FR"; "" as the US). A number with none is an Invalid error.
func E164(number, country string) (string, error) {
	n, err := phone.E164(number, country)
	if err != nil {
		return "", apperr.InvalidFields("The phone number is not valid.", map[string]string{"phone": "Enter a mobile number with its area code."})
	}
	return n, nil
}

// validate checks c, recorded at now.
func validate(c Change, now time.Time) error {
	fields := map[string]string{}
	if c.Who == "" || len(c.Who) > MaxWho || strings.ContainsAny(c.Who, " #\t\n") {
		fields["who"] = "Name who made the change: a user, the customer or the system."
	}
	if !slices.Contains(Hows(), c.How) {
		fields["how"] = fmt.Sprintf("%q is not a way consent is given.", c.How)
	}
	if utf8.RuneCountInString(c.Message) > MaxMessage {
		fields["message"] = fmt.Sprintf("The message must be at most %d characters.", MaxMessage)
	}
	if c.ContactID < 0 {
		fields["contactId"] = "The customer id is not valid."
	}
	if !c.On.IsZero() && c.On.After(now) {
		fields["on"] = "The date must not be in the future."
	}
	customer := c.Who == WhoCustomer
	switch c.Kind {
	case KindOptOut:
		if (c.How == HowKeyword || c.How == HowFreeText) && !customer {
			fields["who"] = "A texted opt-out is the customer's."
		}
		if c.How == HowPurchase || c.How == HowInquiry {
			fields["how"] = "An opt-out is given by a text, a form, an import or to a person."
		}
	case KindOptIn:
		if !customer || (c.How != HowKeyword && c.How != HowWebForm) {
			fields["who"] = "Only the customer opts back in, by texting START or by a form."
		}
	case KindExpress:
		if c.How != HowExpress && c.How != HowWebForm && c.How != HowImport {
			fields["how"] = "Express consent is given to a person, by a form or in an import."
		}
	case KindImplied:
		if c.How != HowPurchase && c.How != HowInquiry {
			fields["how"] = "Implied consent comes from a purchase or an inquiry."
		}
	default:
		fields["kind"] = fmt.Sprintf("%q is not a kind of consent change.", c.Kind)
	}
	if c.Kind != KindImplied && c.Kind != KindExpress && !c.On.IsZero() {
		fields["on"] = "Only a purchase, an inquiry or express consent is dated."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The consent change is not valid.", fields)
	}
	return nil
}

// apply returns the status after entry e.
func apply(prev Status, e Entry) Status {
	next := prev
	next.Entries = e.Seq
	if e.ContactID > 0 {
		next.ContactID = e.ContactID
	}
	set := func(s State) {
		next.State, next.ChangedAt, next.ChangedBy, next.ChangedHow, next.Message = s, e.At, e.Who, e.How, e.Message
	}
	on := e.On
	if on.IsZero() {
		on = e.At
	}
	switch e.Kind {
	case KindOptOut:
		if prev.State != StateOptedOut {
			next.OptOutConfirmed = false
		}
		set(StateOptedOut)
	case KindOptIn:
		next.OptOutConfirmed = false
		set(StateOptedIn)
	case KindExpress:
		if on.After(next.ExpressConsent) {
			next.ExpressConsent = on
		}
		if prev.State == StateNone || prev.State == StateOptedOut && e.Who == WhoCustomer {
			next.OptOutConfirmed = false
			set(StateOptedIn)
		}
	case KindImplied:
		if e.How == HowPurchase && on.After(next.LastPurchase) {
			next.LastPurchase = on
		}
		if e.How == HowInquiry && on.After(next.LastInquiry) {
			next.LastInquiry = on
		}
	}
	return next
}

// Record appends change c to the ledger of number (E.164, or national in the store's country)
// at store st, with its ConsentChanged event, and returns the entry and the ledger's status
// after it. An invalid change is an Invalid error and records nothing.
func (r *Repo) Record(ctx context.Context, st StoreRules, number string, c Change) (Entry, Status, error) {
	n, err := E164(number, st.Store.Country)
	if err != nil {
		return Entry{}, Status{}, err
	}
	res, err := r.record(ctx, st, n, func(Status) (plan, bool) { return plan{change: c}, true })
	return res.entry, res.next, err
}

// plan is a change to append and whether it confirms the opt-out to the customer.
type plan struct {
	change  Change
	confirm bool
}

// recorded is the outcome of record.
type recorded struct {
	entry      Entry
	prev, next Status
	done       bool
}

// maxAttempts bounds how often record reads the head again after another change committed
// first.
const maxAttempts = 50

// record appends the change decide returns for the ledger's current status (none when it
// returns false) to the ledger of e164 at st. When another change commits between the read and
// the write, it reads the head again and decides again.
func (r *Repo) record(ctx context.Context, st StoreRules, e164 string, decide func(prev Status) (plan, bool)) (recorded, error) {
	hk, err := headKey(st.tenant, st.Store.AccountPlatformID, e164)
	if err != nil {
		return recorded{}, err
	}
	for attempt := 0; attempt < maxAttempts; attempt++ {
		prev, err := r.status(ctx, st, e164)
		if err != nil {
			return recorded{}, err
		}
		p, ok := decide(prev)
		if !ok {
			return recorded{prev: prev, next: prev}, nil
		}
		now := r.s.Now().UTC()
		c := p.change
		if err := validate(c, now); err != nil {
			return recorded{}, err
		}
		e := Entry{Seq: prev.Entries + 1, At: now, Phone: e164, StoreID: st.Store.AccountPlatformID, Kind: c.Kind, How: c.How,
			Who: c.Who, Message: c.Message, ContactID: c.ContactID}
		if !c.On.IsZero() {
			e.On = c.On.UTC()
		}
		next := apply(prev, e)
		if p.confirm {
			next.OptOutConfirmed = true
		}
		ek, err := entryKey(st.tenant, st.Store.AccountPlatformID, e164, e.Seq)
		if err != nil {
			return recorded{}, err
		}
		event, err := changedEvent(st.tenant, e, next)
		if err != nil {
			return recorded{}, err
		}
		announced, err := eventbus.OutboxOp(st.tenant, event)
		if err != nil {
			return recorded{}, err
		}
		head := store.Record{Key: hk, Type: "ConsentHead", Value: toHeadItem(next), Version: prev.Version}
		headOp := store.UpdateOp(head)
		if prev.Version == 0 {
			headOp = store.CreateOp(head)
		}
		err = r.s.Transact(ctx, headOp, store.CreateOp(store.Record{Key: ek, Type: "ConsentEntry", Value: toEntryItem(e)}), announced)
		if apperr.CodeOf(err) == apperr.Conflict || transactionConflict(err) {
			continue
		}
		if err != nil {
			return recorded{}, fmt.Errorf("record consent of %s: %w", e164, err)
		}
		next.Version = prev.Version + 1
		return recorded{entry: e, prev: prev, next: next, done: true}, nil
	}
	return recorded{}, apperr.Errorf(apperr.Conflict, "The customer's consent is changing right now. Try again.")
}

// transactionConflict reports whether err is a transaction cancelled because another
// transaction was writing the same items: the head read again decides anew.
func transactionConflict(err error) bool {
	var canceled *types.TransactionCanceledException
	if !errors.As(err, &canceled) {
		return false
	}
	for _, reason := range canceled.CancellationReasons {
		if aws.ToString(reason.Code) == "TransactionConflict" {
			return true
		}
	}
	return false
}

// EventDetail is the detail of a ConsentChanged event: the number, the store, the customer if
// known, the ledger's state after the change, and how, what and who changed it.
type EventDetail struct {
	Phone             string    `json:"phone"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	ContactID         int64     `json:"contactId,omitempty"`
	State             State     `json:"state"`
	How               How       `json:"how"`
	Kind              Kind      `json:"kind"`
	Who               string    `json:"who"`
	Seq               int64     `json:"seq"`
	At                time.Time `json:"at"`
}

func changedEvent(t store.Tenant, e Entry, next Status) (eventbus.Event, error) {
	detail, err := json.Marshal(EventDetail{Phone: e.Phone, AccountPlatformID: e.StoreID, ContactID: next.ContactID,
		State: next.State, How: e.How, Kind: e.Kind, Who: e.Who, Seq: e.Seq, At: e.At})
	if err != nil {
		return eventbus.Event{}, err
	}
	id := fmt.Sprintf("consent-%d-%s-%d", e.StoreID, strings.TrimPrefix(e.Phone, "+"), e.Seq)
	return eventbus.Event{ID: id, Type: EventType, Account: t.Account(), Time: e.At, Detail: detail}, nil
}

// Status returns the ledger status of number at store st; a number without entries has the
// zero state.
func (r *Repo) Status(ctx context.Context, st StoreRules, number string) (Status, error) {
	n, err := E164(number, st.Store.Country)
	if err != nil {
		return Status{}, err
	}
	return r.status(ctx, st, n)
}

func (r *Repo) status(ctx context.Context, st StoreRules, e164 string) (Status, error) {
	k, err := headKey(st.tenant, st.Store.AccountPlatformID, e164)
	if err != nil {
		return Status{}, err
	}
	var h headItem
	v, err := r.s.Get(ctx, k, &h)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Status{Phone: e164, StoreID: st.Store.AccountPlatformID}, nil
	}
	if err != nil {
		return Status{}, fmt.Errorf("read consent of %s: %w", e164, err)
	}
	s := h.status()
	s.Version = v
	return s, nil
}

// Page is a page of a ledger's entries, newest first.
type Page struct {
	Entries []Entry
	// Next is the cursor of the following (older) page; "" on the last page.
	Next string
}

// History returns a page of the entries of number's ledger at store st, newest first, at most
// limit (1 to 100), from cursor ("" for the newest).
func (r *Repo) History(ctx context.Context, st StoreRules, number string, limit int, cursor string) (Page, error) {
	n, err := E164(number, st.Store.Country)
	if err != nil {
		return Page{}, err
	}
	part, err := st.tenant.Partition("CONSENT", storePart(st.Store.AccountPlatformID), n)
	if err != nil {
		return Page{}, err
	}
	page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "E#", Limit: min(max(limit, 1), 100), Descending: true, Cursor: cursor})
	if err != nil {
		return Page{}, fmt.Errorf("read consent ledger of %s: %w", n, err)
	}
	var items []entryItem
	if err := page.Decode(&items); err != nil {
		return Page{}, err
	}
	out := Page{Entries: make([]Entry, 0, len(items)), Next: page.Next}
	for _, it := range items {
		out.Entries = append(out.Entries, it.entry())
	}
	return out, nil
}

// headItem is a ledger's head as the table holds it.
type headItem struct {
	Phone           string
	StoreID         int64
	State           string
	ChangedAt       time.Time
	ChangedBy       string
	ChangedHow      string
	Message         string
	OptOutConfirmed bool
	LastPurchase    time.Time
	LastInquiry     time.Time
	ExpressConsent  time.Time
	ContactID       int64
	Entries         int64
}

func toHeadItem(s Status) headItem {
	return headItem{Phone: s.Phone, StoreID: s.StoreID, State: string(s.State), ChangedAt: s.ChangedAt, ChangedBy: s.ChangedBy,
		ChangedHow: string(s.ChangedHow), Message: s.Message, OptOutConfirmed: s.OptOutConfirmed, LastPurchase: s.LastPurchase,
		LastInquiry: s.LastInquiry, ExpressConsent: s.ExpressConsent, ContactID: s.ContactID, Entries: s.Entries}
}

func (h headItem) status() Status {
	return Status{Phone: h.Phone, StoreID: h.StoreID, State: State(h.State), ChangedAt: h.ChangedAt, ChangedBy: h.ChangedBy,
		ChangedHow: How(h.ChangedHow), Message: h.Message, OptOutConfirmed: h.OptOutConfirmed, LastPurchase: h.LastPurchase,
		LastInquiry: h.LastInquiry, ExpressConsent: h.ExpressConsent, ContactID: h.ContactID, Entries: h.Entries}
}

// entryItem is a ledger entry as the table holds it.
type entryItem struct {
	Seq       int64
	At        time.Time
	Phone     string
	StoreID   int64
	Kind      string
	How       string
	Who       string
	Message   string
	ContactID int64
	On        time.Time
}

func toEntryItem(e Entry) entryItem {
	return entryItem{Seq: e.Seq, At: e.At, Phone: e.Phone, StoreID: e.StoreID, Kind: string(e.Kind), How: string(e.How),
		Who: e.Who, Message: e.Message, ContactID: e.ContactID, On: e.On}
}

func (it entryItem) entry() Entry {
	return Entry{Seq: it.Seq, At: it.At, Phone: it.Phone, StoreID: it.StoreID, Kind: Kind(it.Kind), How: How(it.How),
		Who: it.Who, Message: it.Message, ContactID: it.ContactID, On: it.On}
}
