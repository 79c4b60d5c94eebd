// Package emailmessage keeps the e-mail a customer was sent and sent back: each message under the
// customer with its subject, text, attachments and provider id, written in one transaction with
// its activity entry (kind email, with its direction) and that entry's activity.EventLogged
// outbox event. A sent message opens a thread: its reply-to address carries the thread's token
// (ReplyAddress), and a reply to that address is matched to the customer through the thread and
// recorded once however often the provider delivers it (the inbound claim, keyed by the
// provider's message id).
//
// Access patterns:
//
//	pattern                                   index  key condition
//	a customer's e-mail, newest first         table  PK = A#{acct}#C#{contact}#EMAIL, begins_with(SK, "M#"), descending
//	the thread of a reply-to token            table  PK = A#{acct}#EMAILTHREAD#{token}, SK = THREAD
//	an inbound message's claim                table  PK = A#{acct}#EMAILIN#{sha256(provider id)}, SK = IN
package emailmessage

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Attachment is a file of a message.
type Attachment struct {
	FileName    string `json:"fileName"`
	FileURL     string `json:"fileUrl"`
	ContentType string `json:"contentType,omitempty" required:"false"`
	Size        int64  `json:"size"`
}

// Message is one e-mail of a customer.
type Message struct {
	ID                int64              `json:"id"`
	ContactID         int64              `json:"contactId"`
	AccountPlatformID int64              `json:"accountPlatformId"`
	Direction         activity.Direction `json:"direction"`
	From              string             `json:"from"`
	To                string             `json:"to"`
	Subject           string             `json:"subject"`
	Text              string             `json:"text"`
	Attachments       []Attachment       `json:"attachments"`
	ProviderMessageID string             `json:"providerMessageId,omitempty" required:"false"`
	ThreadToken       string             `json:"-"`
	UserID            string             `json:"userId,omitempty" required:"false"`
	UserName          string             `json:"userName,omitempty" required:"false"`
	At                time.Time          `json:"at"`
}

// Thread is what a reply-to token names.
type Thread struct {
	ContactID         int64 `json:"contactId"`
	AccountPlatformID int64 `json:"accountPlatformId"`
	// To is the customer's address the thread's message was sent to.
	To      string `json:"to"`
	Subject string `json:"subject"`
}

// Repo keeps messages.
type Repo struct {
	s   *store.Store
	log *activity.Repo
	now func() time.Time
}

// NewRepo returns a repo over s recording activity entries with log.
func NewRepo(s *store.Store, log *activity.Repo) *Repo {
	return &Repo{s: s, log: log, now: s.Now}
}

const (
	typeMessage = "email_message"
	typeThread  = "email_thread"
	typeClaim   = "email_inbound_claim"
	tsLayout    = "2006-01-02T15:04:05.000000Z"
	// MaxList is the most messages History answers per customer id.
	MaxList = 200
)

func messageKey(t store.Tenant, m Message) (store.Key, error) {
	return t.Key(fmt.Sprintf("M#%s#%019d", m.At.UTC().Format(tsLayout), m.ID), contactkey.Parts(m.ContactID, "EMAIL")...)
}

func threadKey(t store.Tenant, token string) (store.Key, error) {
	return t.Key("THREAD", "EMAILTHREAD", token)
}

func claimKey(t store.Tenant, providerID string) (store.Key, error) {
	sum := sha256.Sum256([]byte(providerID))
	return t.Key("IN", "EMAILIN", hex.EncodeToString(sum[:]))
}

func newID() int64 {
	for {
		var b [8]byte
		rand.Read(b[:])
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}

// NewThreadToken returns a new thread token: 24 lowercase hex digits.
func NewThreadToken() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ReplyAddress returns the reply-to address of a thread of tenant t at the inbound domain:
// reply+{account}.{token}@{domain}.
func ReplyAddress(t store.Tenant, token, domain string) string {
	return "reply+" + t.Account() + "." + token + "@" + domain
}

var replyPattern = regexp.MustCompile(`(?i)^reply\+([a-z0-9-]{1,64})\.([0-9a-f]{24})@`)

// ParseReplyAddress returns the account and the thread token of a reply-to address, or false
// when addr is not one.
func ParseReplyAddress(addr string) (account, token string, ok bool) {
	m := replyPattern.FindStringSubmatch(strings.TrimSpace(addr))
	if m == nil {
		return "", "", false
	}
	return m[1], strings.ToLower(m[2]), true
}

// RecordSent records sent message m with its activity entry n (kind email, outbound) and opens
// its thread (m.ThreadToken), all in one transaction.
func (r *Repo) RecordSent(ctx context.Context, t store.Tenant, m Message, n activity.New) (Message, activity.Entry, error) {
	m.Direction = activity.Outbound
	return r.record(ctx, t, m, n, "")
}

// RecordInbound records received message m with its activity entry n (kind email, inbound),
// once per providerID: a repeat delivery records nothing and answers created false.
func (r *Repo) RecordInbound(ctx context.Context, t store.Tenant, m Message, n activity.New, providerID string) (Message, bool, error) {
	if providerID == "" {
		return Message{}, false, apperr.Errorf(apperr.Invalid, "An inbound e-mail needs the provider's message id.")
	}
	m.Direction = activity.Inbound
	m, _, err := r.record(ctx, t, m, n, providerID)
	if apperr.CodeOf(err) == apperr.Conflict {
		if k, kerr := claimKey(t, providerID); kerr == nil {
			var claimed Message
			if _, gerr := r.s.Get(ctx, k, &claimed); gerr == nil {
				return claimed, false, nil
			}
		}
	}
	if err != nil {
		return Message{}, false, err
	}
	return m, true, nil
}

func (r *Repo) record(ctx context.Context, t store.Tenant, m Message, n activity.New, claim string) (Message, activity.Entry, error) {
	m.ID, m.At = newID(), r.now().UTC()
	if m.Attachments == nil {
		m.Attachments = []Attachment{}
	}
	mk, err := messageKey(t, m)
	if err != nil {
		return Message{}, activity.Entry{}, err
	}
	own := []store.Op{store.CreateOp(store.Record{Key: mk, Type: typeMessage, Value: m})}
	if m.ThreadToken != "" && claim == "" {
		tk, err := threadKey(t, m.ThreadToken)
		if err != nil {
			return Message{}, activity.Entry{}, err
		}
		own = append(own, store.CreateOp(store.Record{Key: tk, Type: typeThread,
			Value: Thread{ContactID: m.ContactID, AccountPlatformID: m.AccountPlatformID, To: m.To, Subject: m.Subject}}))
	}
	if claim != "" {
		ck, err := claimKey(t, claim)
		if err != nil {
			return Message{}, activity.Entry{}, err
		}
		own = append(own, store.CreateOp(store.Record{Key: ck, Type: typeClaim, Value: m}))
	}
	n.Kind, n.Direction = activity.KindEmail, m.Direction
	for attempt := 0; ; attempt++ {
		e, ops, err := r.log.Ops(ctx, t, n)
		if err != nil {
			return Message{}, activity.Entry{}, err
		}
		err = r.s.Transact(ctx, append(append([]store.Op{}, own...), ops...)...)
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 8 {
			// Another entry moved the customer's activity summary, or this inbound message was
			// recorded by an earlier delivery: that one is the answer, anything else is retried.
			if claim != "" && r.claimed(ctx, t, claim) {
				return Message{}, activity.Entry{}, err
			}
			continue
		}
		if err != nil {
			return Message{}, activity.Entry{}, fmt.Errorf("record e-mail of contact %d: %w", m.ContactID, err)
		}
		return m, e, nil
	}
}

// claimed reports whether the inbound message of providerID was recorded.
func (r *Repo) claimed(ctx context.Context, t store.Tenant, providerID string) bool {
	k, err := claimKey(t, providerID)
	if err != nil {
		return false
	}
	var m Message
	_, err = r.s.Get(ctx, k, &m)
	return err == nil
}

// Thread returns the thread of token; an unknown token is a NotFound error.
func (r *Repo) Thread(ctx context.Context, t store.Tenant, token string) (Thread, error) {
	k, err := threadKey(t, token)
	if err != nil {
		return Thread{}, err
	}
	var th Thread
	if _, err := r.s.Get(ctx, k, &th); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Thread{}, apperr.Errorf(apperr.NotFound, "The e-mail thread does not exist.")
		}
		return Thread{}, err
	}
	return th, nil
}

// History returns the e-mail of the customer ids owners (a customer and those merged into it),
// newest first, at most MaxList of each.
func (r *Repo) History(ctx context.Context, t store.Tenant, owners []int64) ([]Message, error) {
	out := []Message{}
	for _, id := range owners {
		part, err := t.Partition(contactkey.Parts(id, "EMAIL")...)
		if err != nil {
			return nil, err
		}
		page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "M#", Limit: MaxList, Descending: true})
		if err != nil {
			return nil, fmt.Errorf("e-mail of contact %d: %w", id, err)
		}
		var ms []Message
		if err := page.Decode(&ms); err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.After(out[j].At) })
	return out, nil
}
