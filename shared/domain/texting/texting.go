// Package texting sends and receives a store's texts to and from its customers. Every path
// that sends a text — a person from the profile, a template, an automated workflow task, the
// assistant, a bulk send and a reply inside a thread — sends through Send, which asks the
// consent ledger (consent.Check) first and sends nothing it refuses. Every text sent or
// received is recorded in the customer's activity (Kind text, its Direction) in the same
// transaction as its activity.EventLogged outbox event and the thread that matches the
// customer's replies to them.
//
// Access patterns:
//
//	pattern                              index  key condition
//	the thread of a number at a store    table  PK = A#{acct}#SMSTHREAD#{store}#{e164}, SK = HEAD
//
// The texts themselves are activity entries (shared/domain/activity), read with the
// customer's activity feed and conversation overview.
package texting

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/phone"
)

// Path is the way a text is sent: each is checked against the consent ledger alike.
type Path string

// The paths that send texts.
const (
	PathPerson    Path = "person"
	PathTemplate  Path = "template"
	PathWorkflow  Path = "workflow"
	PathAssistant Path = "assistant"
	PathBulk      Path = "bulk"
	PathReply     Path = "reply"
	// PathConsent is the confirmation of a STOP or START and the answer to HELP: it answers
	// the customer's own text and is the one text sent without a Check.
	PathConsent Path = "consent"
)

// Paths returns the paths a caller may send by (all but PathConsent).
func Paths() []Path {
	return []Path{PathPerson, PathTemplate, PathWorkflow, PathAssistant, PathBulk, PathReply}
}

// Details of a text's activity entry.
const (
	DetailPath      = "path"
	DetailTo        = "to"
	DetailFrom      = "from"
	DetailMessageID = "messageId"
	DetailTemplate  = "template"
	DetailAutomated = "automated"
	DetailKeyword   = "keyword"
)

// Stores reads stores (account.Repo does).
type Stores interface {
	Store(ctx context.Context, t store.Tenant, id int64) (account.Store, error)
}

// Service sends and receives texts.
type Service struct {
	s        *store.Store
	consent  *consent.Repo
	contacts *contact.Repo
	activity *activity.Repo
	stores   Stores
	senders  sms.Senders
}

// New returns the service over s (its clock stamps the texts), reading customers with
// contacts, stores with stores, and sending through senders.
func New(s *store.Store, contacts *contact.Repo, activities *activity.Repo, stores Stores, senders sms.Senders) *Service {
	return &Service{s: s, consent: consent.NewRepo(s), contacts: contacts, activity: activities, stores: stores, senders: senders}
}

// Consent returns the consent ledgers the service checks.
func (s *Service) Consent() *consent.Repo { return s.consent }

// Message is a text to send to a customer.
type Message struct {
	ContactID int64
	// AccountPlatformID is the store that sends; 0 is the customer's store.
	AccountPlatformID int64
	// Phone is the customer's number; "" is their preferred mobile (else their first).
	Phone string
	Text  string
	Path  Path
	// Template names the template the text came from, if any.
	Template string
	// UserID and UserName are who sends ("workflow", "assistant" for those paths);
	// ActorUserID the real actor under impersonation.
	UserID, UserName, ActorUserID string
	// Key makes the send once-only: a second send with the same key for the same customer
	// sends nothing and answers the first. "" for none.
	Key string
}

// Result is what Send did.
type Result struct {
	// Sent reports whether the provider accepted the text.
	Sent bool
	// Decision is the consent ledger's answer; a text it refuses is not sent.
	Decision consent.Decision
	// Entry is the activity entry of the text sent (zero when none was sent).
	Entry     activity.Entry
	MessageID string
	// Repeated reports that Key was sent already: Entry is the first send's.
	Repeated bool
}

// MaxText is the longest text a caller may send.
const MaxText = sms.MaxBody

func (m Message) validate() error {
	fields := map[string]string{}
	text := strings.TrimSpace(m.Text)
	switch {
	case text == "":
		fields["text"] = "Enter the text to send."
	case len([]rune(text)) > MaxText:
		fields["text"] = fmt.Sprintf("The text must be at most %d characters.", MaxText)
	}
	valid := false
	for _, p := range Paths() {
		valid = valid || p == m.Path
	}
	if !valid {
		fields["path"] = fmt.Sprintf("%q is not a way texts are sent.", m.Path)
	}
	if m.ContactID < 1 {
		fields["contactId"] = "Choose the customer to text."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The text is not valid.", fields)
	}
	if m.UserID == "" {
		return apperr.Errorf(apperr.Internal, "text without a sender")
	}
	return nil
}

// Send sends text m to its customer when the consent ledger allows it now, and records it in
// the customer's activity. A text the ledger refuses is not sent: Result.Sent is false and
// Result.Decision says why (no error). An invalid message is an Invalid error; a customer
// that does not exist a NotFound error; a number the provider will never text an Invalid
// error naming phone; a store without texting, or a provider that cannot send now, a Conflict
// error. Nothing is recorded then.
func (s *Service) Send(ctx context.Context, t store.Tenant, m Message) (Result, error) {
	return s.send(ctx, t, m, s.rules)
}

// rulesFunc reads the consent rules of a store: Service.rules, or a bulk send's cache of it.
type rulesFunc func(ctx context.Context, t store.Tenant, storeID int64) (consent.StoreRules, error)

// send is Send reading the store's rules with rules.
func (s *Service) send(ctx context.Context, t store.Tenant, m Message, rules rulesFunc) (Result, error) {
	if err := m.validate(); err != nil {
		return Result{}, err
	}
	if m.Key != "" {
		if prev, err := s.activity.ByKey(ctx, t, m.ContactID, m.Key); err == nil {
			return Result{Sent: true, Decision: consent.Decision{Allowed: true, Phone: prev.Details[DetailTo]}, Entry: prev, MessageID: prev.Details[DetailMessageID], Repeated: true}, nil
		} else if apperr.CodeOf(err) != apperr.NotFound {
			return Result{}, err
		}
	}
	c, err := s.contacts.Get(ctx, t, m.ContactID)
	if err != nil {
		return Result{}, err
	}
	storeID := m.AccountPlatformID
	if storeID == 0 {
		storeID = c.AccountPlatformID
	}
	sr, err := rules(ctx, t, storeID)
	if err != nil {
		return Result{}, err
	}
	number := m.Phone
	if number == "" {
		number = PreferredMobile(c)
	}
	if number == "" {
		d := consent.Decision{Reason: consent.ReasonNotMobile, Message: "The customer has no mobile number a text can be sent to."}
		return Result{Decision: d}, nil
	}
	d, err := s.consent.Check(ctx, sr, c, number, s.s.Now())
	if err != nil {
		return Result{}, err
	}
	if !d.Allowed {
		return Result{Decision: d}, nil
	}
	details := map[string]string{DetailPath: string(m.Path)}
	if m.Template != "" {
		details[DetailTemplate] = m.Template
	}
	if m.Path == PathWorkflow || m.Path == PathAssistant {
		details[DetailAutomated] = "true"
	}
	sent, entry, err := s.deliver(ctx, t, sr, c.ID, d.Phone, strings.TrimSpace(m.Text), m.Key, details, m.UserID, m.UserName, m.ActorUserID)
	if err != nil {
		return Result{}, err
	}
	return Result{Sent: true, Decision: d, Entry: entry, MessageID: sent.MessageID}, nil
}

// Check answers whether customer contactID may be texted at number ("" for their preferred
// mobile) from store storeID (0 for theirs) now, without sending.
func (s *Service) Check(ctx context.Context, t store.Tenant, contactID, storeID int64, number string) (consent.Decision, contact.Contact, error) {
	c, err := s.contacts.Get(ctx, t, contactID)
	if err != nil {
		return consent.Decision{}, contact.Contact{}, err
	}
	if storeID == 0 {
		storeID = c.AccountPlatformID
	}
	rules, err := s.rules(ctx, t, storeID)
	if err != nil {
		return consent.Decision{}, c, err
	}
	if number == "" {
		number = PreferredMobile(c)
	}
	if number == "" {
		return consent.Decision{Reason: consent.ReasonNotMobile, Message: "The customer has no mobile number a text can be sent to."}, c, nil
	}
	d, err := s.consent.Check(ctx, rules, c, number, s.s.Now())
	return d, c, err
}

// PreferredMobile returns c's preferred mobile number (else the first mobile) as Number gives
// it; "" for none.
func PreferredMobile(c contact.Contact) string {
	p, ok := PreferredPhone(c)
	if !ok {
		return ""
	}
	return Number(p)
}

// Number returns phone p in E.164 form when its country is known, else as stored (read in the
// store's country).
func Number(p contact.Phone) string {
	if p.CC != nil && p.CC.Abbr != "" {
		if n, err := phone.E164(p.Phone, p.CC.Abbr); err == nil {
			return n
		}
	}
	if p.CC != nil && p.CC.Code != "" && !strings.HasPrefix(p.Phone, "+") {
		return "+" + strings.TrimPrefix(p.CC.Code, "+") + p.Phone
	}
	return p.Phone
}

// PreferredPhone returns c's preferred mobile phone (else the first mobile); false for none.
func PreferredPhone(c contact.Contact) (contact.Phone, bool) {
	var out contact.Phone
	found := false
	for _, p := range c.Phones {
		if !p.IsMobile && p.PhoneTypeID != phone.TypeCell || p.Phone == "" {
			continue
		}
		if !found || p.IsPreferred && !out.IsPreferred {
			out, found = p, true
		}
	}
	return out, found
}

func (s *Service) rules(ctx context.Context, t store.Tenant, storeID int64) (consent.StoreRules, error) {
	st, err := s.stores.Store(ctx, t, storeID)
	if err != nil {
		return consent.StoreRules{}, err
	}
	return s.consent.Rules(ctx, t, st)
}

// deliver sends text to e164 through the store's provider and records it, with the thread of
// the number, in contactID's activity.
func (s *Service) deliver(ctx context.Context, t store.Tenant, rules consent.StoreRules, contactID int64, e164, text, key string, details map[string]string, userID, userName, actor string) (sms.Sent, activity.Entry, error) {
	storeID := rules.Store.AccountPlatformID
	sender, err := s.senders.Texter(ctx, t, storeID)
	if err != nil {
		return sms.Sent{}, activity.Entry{}, err
	}
	sent, err := sender.Send(ctx, sms.Message{Tenant: t, AccountPlatformID: storeID, To: e164, Text: text, Reference: key})
	if err != nil {
		return sms.Sent{}, activity.Entry{}, providerError(err)
	}
	details[DetailTo], details[DetailFrom], details[DetailMessageID] = e164, sent.From, sent.MessageID
	if key == "" {
		key = "sms-" + sent.MessageID
	}
	entry, err := s.record(ctx, t, activity.New{ContactID: contactID, AccountPlatformID: storeID, Kind: activity.KindText, Direction: activity.Outbound,
		Text: text, Details: details, UserID: userID, UserName: userName, ActorUserID: actor, Key: key}, storeID, e164)
	return sent, entry, err
}

// providerError turns a provider's refusal into the application's error.
func providerError(err error) error {
	var pe *sms.Error
	if !errors.As(err, &pe) {
		return err
	}
	switch {
	case pe.Invalid:
		return apperr.InvalidFields("The text could not be sent.", map[string]string{fieldOf(pe.Field): pe.Message})
	case pe.Code == sms.CodeOptedOut:
		return apperr.Wrap(apperr.Conflict, err, "The number is opted out of texts at the text provider: the customer must text START to the store's number.")
	case pe.Retryable:
		return apperr.Wrap(apperr.Conflict, err, "The text service is unavailable right now; nothing was sent. Try again in a minute.")
	}
	return apperr.Wrap(apperr.Conflict, err, pe.Message)
}

func fieldOf(f string) string {
	if f == "to" || f == "" {
		return "phone"
	}
	return f
}

// record writes activity entry n with the thread of e164 at storeID in one transaction, and
// writes it again on the summary's conflict with another entry.
func (s *Service) record(ctx context.Context, t store.Tenant, n activity.New, storeID int64, e164 string) (activity.Entry, error) {
	tk, err := threadKey(t, storeID, e164)
	if err != nil {
		return activity.Entry{}, err
	}
	for attempt := 0; ; attempt++ {
		entry, ops, err := s.activity.Ops(ctx, t, n)
		if err != nil {
			return activity.Entry{}, err
		}
		ops = append(ops, store.PutOp(store.Record{Key: tk, Type: "SMSThread", Value: threadItem{ContactID: n.ContactID, LastAt: entry.At}}))
		err = s.s.Transact(ctx, ops...)
		if apperr.CodeOf(err) == apperr.Conflict && n.Key != "" {
			if prev, kerr := s.activity.ByKey(ctx, t, n.ContactID, n.Key); kerr == nil {
				return prev, nil
			}
		}
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 8 {
			continue
		}
		if err != nil {
			return activity.Entry{}, fmt.Errorf("record text of %d: %w", n.ContactID, err)
		}
		return entry, nil
	}
}

// threadItem is the thread of a number at a store: the customer its texts were last with.
type threadItem struct {
	ContactID int64
	LastAt    time.Time
}

func threadKey(t store.Tenant, storeID int64, e164 string) (store.Key, error) {
	return t.Key("HEAD", "SMSTHREAD", strconv.FormatInt(storeID, 10), e164)
}

// thread returns the customer of the thread of e164 at storeID; 0 for none.
func (s *Service) thread(ctx context.Context, t store.Tenant, storeID int64, e164 string) (int64, error) {
	k, err := threadKey(t, storeID, e164)
	if err != nil {
		return 0, err
	}
	var it threadItem
	_, err = s.s.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return 0, nil
	}
	return it.ContactID, err
}
